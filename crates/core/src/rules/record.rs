//! A plain-text game record: the start position, the moves, and the result if the game ended.
//!
//! ```text
//! start bbBbb/5/5/5/rrRrr boar,ox elephant,horse crab r
//! moves boar:c1c2 horse:c5c4
//! ```
//!
//! A resignation, an agreed draw or a win on time is not seen in the moves, so the `result` line
//! states it: `result blue-resigns`, `result draw-agreed`, `result red-wins-on-time`.

use super::{Game, Move, Outcome, Position, RecordError};

impl Game {
    /// The record of this game, which `Game::from_record` reads back.
    pub fn to_record(&self) -> String {
        let mut text = format!("start {}\n", self.start());
        if !self.moves().is_empty() {
            text.push_str("moves");
            for m in self.moves() {
                text.push(' ');
                text.push_str(&m.to_string());
            }
            text.push('\n');
        }
        if let Some(outcome) = self.outcome() {
            text.push_str(&format!("result {}\n", outcome.code()));
        }
        text
    }

    /// Reads a record, replaying and checking every move. Blank lines and `#` comments are
    /// skipped; moves may spread over several `moves` lines.
    ///
    /// ```
    /// use onitama_core::rules::Game;
    /// let game = Game::from_record("start bbBbb/5/5/5/rrRrr boar,ox elephant,horse crab r\nmoves boar:c1c2\n").unwrap();
    /// assert_eq!(game.moves().len(), 1);
    /// assert!(Game::from_record("moves boar:c1c2").is_err());
    /// ```
    pub fn from_record(text: &str) -> Result<Game, RecordError> {
        let mut game: Option<Game> = None;
        for (index, line) in text.lines().enumerate() {
            let line_number = index + 1;
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let (keyword, rest) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
            match (keyword, &mut game) {
                ("start", None) => {
                    let start: Position =
                        rest.parse().map_err(|source| RecordError::Position { line: line_number, source })?;
                    game = Some(Game::new(start));
                }
                ("moves", Some(game)) => {
                    for token in rest.split_whitespace() {
                        let number = game.moves().len() + 1;
                        let error = |source| RecordError::Move { line: line_number, number, source };
                        let m: Move = token.parse().map_err(error)?;
                        game.play(m).map_err(error)?;
                    }
                }
                ("result", Some(game)) => {
                    let claimed = Outcome::declared_from_code(rest.trim());
                    if let Some(declared) = claimed.filter(|_| game.outcome().is_none()) {
                        // Cannot fail: the game was not over.
                        let _ = game.declare(declared);
                    }
                    let actual = game.outcome().map_or("*", Outcome::code);
                    if rest.trim() != actual {
                        return Err(RecordError::ResultMismatch {
                            line: line_number,
                            claimed: rest.trim().to_string(),
                            actual: actual.to_string(),
                        });
                    }
                }
                _ => {
                    return Err(RecordError::UnknownLine { line: line_number, text: line.to_string() });
                }
            }
        }
        game.ok_or(RecordError::MissingStart)
    }
}
