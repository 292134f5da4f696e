//! The AI's part of the state: the search in progress, its latest judgement for the bar, its
//! move held while the last one slides, and whether it has stopped, rests or is paused. Set
//! afresh with each game.

use crate::ai::Score;
use crate::rules::{Move, Position};

#[derive(Clone, Debug, Default)]
pub struct Ai {
    pub thinking: Option<Thinking>,
    /// The AI's latest view of a position.
    pub evaluation: Option<Evaluation>,
    /// The position last evaluated for the bar (even when the search gave no score).
    pub evaluated: Option<Position>,
    /// The AI's move, held until the move on screen has finished.
    pub held: Option<Move>,
    /// The worker failed: the AI waits for the player to undo or start again.
    pub stopped: bool,
    /// When the AI plays itself, the next move waits until then (a frame's time).
    pub rest_until: Option<f64>,
    /// The AI playing itself is paused: its next move waits.
    pub paused: bool,
}

/// The AI's judgement of a position, for the bar.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Evaluation {
    pub position: Position,
    /// For the position's side to move.
    pub score: Score,
    /// From the exact endgame tables, not a search.
    pub exact: bool,
}

/// The AI's search in progress: the id its replies carry, what it is for, how deep it got.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Thinking {
    pub request: u32,
    pub purpose: Purpose,
    pub depth: u32,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Purpose {
    /// The AI's own move.
    Move,
    /// A suggestion for the person to move.
    Hint,
    /// Only the score, for the evaluation bar.
    Evaluate,
    /// The analysis board's best lines.
    Lines,
}
