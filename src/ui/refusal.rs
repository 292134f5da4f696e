//! Why the page refuses a move or a take-back it is asked for: the session decides with it, and
//! scripts hear it (`game_play`, `game_undo` and `game_redo` throw it). A move the tutorial's step
//! does not ask for is not refused here: the step says so itself (`tutorial.wrong`).

use super::intent::Intent;
use super::state::{Mode, State};
use crate::rules::Color;
use std::fmt;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// Online, the move is the opponent's to make.
    NotYourMove {
        to_move: Color,
    },
    /// A puzzle's solution shown plays itself.
    SolutionShown,
    /// A resignation is final.
    EndedByWord,
    /// An online game is not taken back.
    Online,
    /// The tutorial's steps are taken with its own buttons.
    Tutorial,
    NothingToUndo,
    NothingToRedo,
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Refusal::NotYourMove { to_move } => write!(f, "not your move: {} is to move", to_move.name()),
            Refusal::SolutionShown => f.write_str("the solution is shown: it plays itself"),
            Refusal::EndedByWord => f.write_str("the game ended by a player's word: a resignation is final"),
            Refusal::Online => f.write_str("an online game is not taken back"),
            Refusal::Tutorial => f.write_str("the tutorial's steps are taken with its own buttons"),
            Refusal::NothingToUndo => f.write_str("there is no move to take back"),
            Refusal::NothingToRedo => f.write_str("there is no move to play again"),
        }
    }
}

/// Why `intent` is refused in `state`, if it is: only moves, Undo and Redo are judged here.
pub fn refusal(state: &State, intent: &Intent) -> Option<Refusal> {
    let online = matches!(state.mode, Mode::Online { .. });
    let shown = state.puzzle().is_some_and(|run| run.shown);
    match intent {
        Intent::Play(_) if online && !state.human_to_move() => {
            Some(Refusal::NotYourMove { to_move: state.position().to_move() })
        }
        Intent::Play(_) if shown => Some(Refusal::SolutionShown),
        Intent::Play(_) if state.ended_by_word() => Some(Refusal::EndedByWord),
        Intent::Undo | Intent::Redo if online => Some(Refusal::Online),
        // Looking back, and in a review, they step through the moves.
        Intent::Undo if state.game().moves().is_empty() => Some(Refusal::NothingToUndo),
        Intent::Undo | Intent::Redo if state.board.history.looking_back() || state.review().is_some() => None,
        Intent::Undo | Intent::Redo if state.tutorial().is_some() => Some(Refusal::Tutorial),
        Intent::Undo | Intent::Redo if state.ended_by_word() => Some(Refusal::EndedByWord),
        Intent::Undo | Intent::Redo if shown => Some(Refusal::SolutionShown),
        Intent::Redo if state.board.history.ahead().is_empty() => Some(Refusal::NothingToRedo),
        _ => None,
    }
}
