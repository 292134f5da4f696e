//! The AI: search, evaluation, transposition table, playing levels and puzzles. Pure Rust, no web code.

pub mod bench;
pub mod endgame;
mod eval;
pub mod exact;
mod levels;
mod limits;
mod lines;
mod ordering;
pub mod puzzle;
pub mod review;
mod score;
mod search;
mod table;
mod weights;
mod zobrist;

pub use eval::{CardTable, FEATURES, TERMS, WEIGHTS, Weights, card_square, evaluate, features};
pub use levels::{Level, LevelPlayer};
pub use limits::{Info, Limits, MAX_DEPTH, Options, SearchResult};
pub use lines::{Line, LinesInfo};
pub use score::{Score, WIN};
pub use search::{Engine, is_quiet};

/// Milliseconds from a fixed start, for native programs (the browser passes its own clock).
#[cfg(not(target_arch = "wasm32"))]
pub fn system_clock() -> f64 {
    use std::sync::OnceLock;
    use std::time::Instant;
    static START: OnceLock<Instant> = OnceLock::new();
    START.get_or_init(Instant::now).elapsed().as_secs_f64() * 1000.0
}
