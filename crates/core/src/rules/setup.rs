//! A setup: a position's parts as they are given (the notation read, a board being set up), not
//! yet checked. `Position::try_from(setup)` checks it, with the reason it cannot occur in a game
//! ([`PositionError`](super::PositionError)); `Position::setup` gives one back to change.

use super::{Card, Color, Piece};

/// The pieces on the board (index = square), the players' cards, the side card and the side to
/// move, whatever they are: two masters of a colour, a card twice and an empty board can all be
/// written here, and are refused only when it becomes a position.
///
/// ```
/// use onitama_core::rules::{Position, PositionError, Setup};
/// let mut setup: Setup = "bbBbb/5/5/5/rrRrr ox,boar horse,elephant crab r".parse().unwrap();
/// setup.board = [None; 25];
/// assert_eq!(Position::try_from(setup), Err(PositionError::NoMasters));
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Setup {
    pub board: [Option<Piece>; 25],
    pub red: [Card; 2],
    pub blue: [Card; 2],
    pub side: Card,
    pub to_move: Color,
}

impl Setup {
    /// The cards held by `color`.
    pub fn hand(&self, color: Color) -> [Card; 2] {
        match color {
            Color::Red => self.red,
            Color::Blue => self.blue,
        }
    }
}
