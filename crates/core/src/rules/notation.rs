//! The position notation: `<board> <red cards> <blue cards> <side card> <to move>`, read into a
//! [`Setup`] and checked into a [`Position`].

use super::{Card, Color, Piece, Position, PositionError, Setup, Square};
use std::fmt;
use std::str::FromStr;

impl FromStr for Position {
    type Err = PositionError;

    /// Parses and validates a position.
    ///
    /// ```
    /// use onitama_core::rules::Position;
    /// // Hands print in the table's card order: the order within a hand does not matter.
    /// let p: Position = "bbBbb/5/5/5/rrRrr ox,boar horse,elephant crab r".parse().unwrap();
    /// assert_eq!(p.to_string(), "bbBbb/5/5/5/rrRrr boar,ox elephant,horse crab r");
    /// let err = "bbBbb/5/5/6/rrRrr ox,boar horse,elephant crab r".parse::<Position>().unwrap_err();
    /// assert_eq!(err.to_string(), "rank 2 has 6 squares, expected 5");
    /// ```
    fn from_str(text: &str) -> Result<Position, PositionError> {
        text.parse::<Setup>()?.try_into()
    }
}

impl FromStr for Setup {
    type Err = PositionError;

    /// Reads the notation without checking that the position could occur in a game.
    fn from_str(text: &str) -> Result<Setup, PositionError> {
        let fields: Vec<&str> = text.split_whitespace().collect();
        let [board, red, blue, side, to_move] = fields[..] else {
            return Err(PositionError::FieldCount(fields.len()));
        };
        let board = parse_board(board)?;
        let red = parse_hand(red, Color::Red)?;
        let blue = parse_hand(blue, Color::Blue)?;
        let side = parse_card(side)?;
        let to_move = match to_move {
            "r" => Color::Red,
            "b" => Color::Blue,
            other => return Err(PositionError::BadSideToMove(other.to_string())),
        };
        Ok(Setup { board, red, blue, side, to_move })
    }
}

fn parse_board(text: &str) -> Result<[Option<Piece>; 25], PositionError> {
    let ranks: Vec<&str> = text.split('/').collect();
    if ranks.len() != 5 {
        return Err(PositionError::RankCount(ranks.len()));
    }
    let mut board = [None; 25];
    for (row, rank_text) in ranks.iter().enumerate() {
        let rank = 5 - row;
        let mut squares = Vec::with_capacity(5);
        for found in rank_text.chars() {
            match found {
                '1'..='9' => squares.extend(std::iter::repeat_n(None, found as usize - '0' as usize)),
                _ => squares.push(Some(Piece::from_letter(found).ok_or(PositionError::BadBoardChar { rank, found })?)),
            }
        }
        if squares.len() != 5 {
            return Err(PositionError::RankWidth { rank, squares: squares.len() });
        }
        for (file, piece) in squares.into_iter().enumerate() {
            board[(rank - 1) * 5 + file] = piece;
        }
    }
    Ok(board)
}

fn parse_hand(text: &str, color: Color) -> Result<[Card; 2], PositionError> {
    let names: Vec<&str> = text.split(',').collect();
    let [first, second] = names[..] else {
        return Err(PositionError::HandSize { color, found: names.len() });
    };
    Ok([parse_card(first)?, parse_card(second)?])
}

fn parse_card(name: &str) -> Result<Card, PositionError> {
    Card::from_name(name).ok_or_else(|| PositionError::UnknownCard(name.to_string()))
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.setup().fmt(f)
    }
}

impl fmt::Display for Setup {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for rank in (0..5).rev() {
            let mut empty = 0;
            for file in 0..5 {
                match Square::new(file, rank).and_then(|square| self.board[square.index()]) {
                    Some(piece) => {
                        if empty > 0 {
                            write!(f, "{empty}")?;
                            empty = 0;
                        }
                        write!(f, "{}", piece.letter())?;
                    }
                    None => empty += 1,
                }
            }
            if empty > 0 {
                write!(f, "{empty}")?;
            }
            if rank > 0 {
                f.write_str("/")?;
            }
        }
        for [first, second] in [self.red, self.blue] {
            write!(f, " {first},{second}")?;
        }
        write!(f, " {} {}", self.side, self.to_move.letter())
    }
}
