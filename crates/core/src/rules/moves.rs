//! Moves and their notation: `<card>:<from><to>`, or `<card>:pass`.

use super::{Card, MoveError, Square};

/// A turn: a jump made with a card, or a pass giving up a card when no jump exists.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Move {
    Step { card: Card, from: Square, to: Square },
    Pass { card: Card },
}

impl Move {
    /// The card that goes beside the board after this turn.
    pub const fn card(self) -> Card {
        match self {
            Move::Step { card, .. } | Move::Pass { card } => card,
        }
    }

    pub const fn is_pass(self) -> bool {
        matches!(self, Move::Pass { .. })
    }
}

impl std::fmt::Display for Move {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Move::Step { card, from, to } => write!(f, "{card}:{from}{to}"),
            Move::Pass { card } => write!(f, "{card}:pass"),
        }
    }
}

impl std::str::FromStr for Move {
    type Err = MoveError;

    /// Parses the move notation; whether the move is legal is the position's business.
    ///
    /// ```
    /// use onitama_core::rules::{Card, Move};
    /// let m: Move = "tiger:c1c3".parse().unwrap();
    /// assert_eq!(m.card(), Card::Tiger);
    /// assert!("tiger:c1".parse::<Move>().is_err());
    /// ```
    fn from_str(text: &str) -> Result<Move, MoveError> {
        let text = text.trim();
        let (name, rest) = text.split_once(':').ok_or_else(|| MoveError::Syntax(text.to_string()))?;
        let card = Card::from_name(name).ok_or_else(|| MoveError::UnknownCard(name.to_string()))?;
        if rest == "pass" {
            return Ok(Move::Pass { card });
        }
        if rest.len() != 4 || !rest.is_ascii() {
            return Err(MoveError::Syntax(text.to_string()));
        }
        let square = |s: &str| s.parse::<Square>().map_err(|_| MoveError::BadSquare(s.to_string()));
        Ok(Move::Step { card, from: square(&rest[..2])?, to: square(&rest[2..])? })
    }
}

/// The legal moves of a position: at most 5 pieces × 2 cards × 4 offsets.
#[derive(Clone, Copy, Debug)]
pub struct MoveList {
    moves: [Move; MoveList::CAPACITY],
    len: usize,
}

impl MoveList {
    pub const CAPACITY: usize = 40;

    pub const fn new() -> MoveList {
        MoveList { moves: [Move::Pass { card: Card::Tiger }; Self::CAPACITY], len: 0 }
    }

    #[inline]
    pub fn push(&mut self, m: Move) {
        self.moves[self.len] = m;
        self.len += 1;
    }

    pub fn as_slice(&self) -> &[Move] {
        &self.moves[..self.len]
    }

    pub fn as_mut_slice(&mut self) -> &mut [Move] {
        &mut self.moves[..self.len]
    }
}

impl Default for MoveList {
    fn default() -> Self {
        Self::new()
    }
}

impl std::ops::Deref for MoveList {
    type Target = [Move];
    fn deref(&self) -> &[Move] {
        self.as_slice()
    }
}

impl<'a> IntoIterator for &'a MoveList {
    type Item = &'a Move;
    type IntoIter = std::slice::Iter<'a, Move>;
    fn into_iter(self) -> Self::IntoIter {
        self.as_slice().iter()
    }
}
