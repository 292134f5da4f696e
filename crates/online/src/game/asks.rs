//! What aborts and takebacks are made of (see `takeback` for their rules): a leaf module, so that
//! the game's own module names them without a circle of imports.

use crate::protocol::Token;
use onitama_core::rules::{Color, Game};

/// Before this many moves (each side has moved once) the game may be aborted.
pub const ABORT_PLIES: usize = 2;
/// A first move awaited this long (both players here): the other player is told they may abort.
pub const FIRST_MOVE_MS: u64 = 30_000;

/// Whether this player may abort the game, as the page shows it.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum AbortState {
    /// No: the game is not going on, or each side has moved already.
    No,
    /// Yes, before each side has moved once.
    Yes,
    /// Yes, and the opponent has had their first move for [`FIRST_MOVE_MS`].
    Late,
    /// The game was aborted.
    Aborted,
}

impl AbortState {
    pub const ALL: [AbortState; 4] = [AbortState::No, AbortState::Yes, AbortState::Late, AbortState::Aborted];

    pub fn word(self) -> &'static str {
        match self {
            AbortState::No => "no",
            AbortState::Yes => "yes",
            AbortState::Late => "late",
            AbortState::Aborted => "aborted",
        }
    }
}

/// Takebacks as the page shows them.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct TakebackState {
    /// Who asked, while a request stands.
    pub asked_by: Option<Color>,
    /// This player may ask now.
    pub may_ask: bool,
    /// This player's last request was declined, and the game has not moved on since.
    pub declined: bool,
}

/// A takeback asked: in which game, by whom, at which ply.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Ask {
    pub(super) game: Token,
    pub(super) by: Color,
    pub(super) ply: usize,
}

/// The ply of `by`'s last move before `ply`, if they made one: where a takeback asked by `by` at
/// `ply` takes the game back to.
pub(super) fn target(game: &Game, by: Color, ply: usize) -> Option<usize> {
    (ply.saturating_sub(2)..ply).rev().find(|&at| game.positions().get(at).is_some_and(|p| p.to_move() == by))
}

/// `game` taken back to its first `ply` moves, with no declared end.
pub(super) fn taken_back(game: &Game, ply: usize) -> Game {
    let mut back = Game::new(*game.start());
    for &m in &game.moves()[..ply.min(game.moves().len())] {
        // Cannot fail: the same moves were legal in `game`.
        let _ = back.play(m);
    }
    back
}
