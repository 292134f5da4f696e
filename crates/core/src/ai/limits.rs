//! What a search is asked (its limits and which techniques are on) and what it answers.

use super::eval::{Weights, tuned};
use super::score::Score;
use crate::rules::Move;

/// When to stop. With no limit at all the search stops at `MAX_DEPTH`.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Limits {
    pub depth: Option<u32>,
    pub movetime_ms: Option<f64>,
    pub nodes: Option<u64>,
}

pub const MAX_DEPTH: u32 = 64;

/// Which techniques are on, so that each one's worth can be measured by switching it off.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Options {
    pub transposition_table: bool,
    pub principal_variation: bool,
    pub aspiration: bool,
    pub killers_and_history: bool,
    pub late_move_reductions: bool,
    pub quiescence: bool,
    /// Futility pruning near the leaves: a static evaluation far above beta cuts off (reverse
    /// futility), and quiet moves are skipped where it stands far below alpha.
    pub futility: bool,
    /// A side whose opponent threatens to win next move is searched a ply deeper.
    pub threat_extension: bool,
    /// A node 4 or more plies from the leaves with no move from the table is searched a ply
    /// shallower (with the table on).
    pub internal_reduction: bool,
    /// A table move far better than the others is searched a ply deeper.
    pub singular_extension: bool,
    pub weights: Weights,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            transposition_table: true,
            principal_variation: true,
            aspiration: true,
            killers_and_history: true,
            late_move_reductions: true,
            quiescence: true,
            futility: true,
            threat_extension: true,
            internal_reduction: true,
            singular_extension: true,
            weights: tuned(),
        }
    }
}

/// Progress after each finished depth.
#[derive(Clone, Debug, PartialEq)]
pub struct Info {
    pub depth: u32,
    pub score: Score,
    pub nodes: u64,
    pub elapsed_ms: f64,
    pub pv: Vec<Move>,
}

impl Info {
    pub fn nps(&self) -> u64 {
        (self.nodes as f64 * 1000.0 / self.elapsed_ms.max(0.001)) as u64
    }
}

/// What a search found: `best` is `None` only when the game is already over.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchResult {
    pub best: Option<Move>,
    pub info: Info,
}
