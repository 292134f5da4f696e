//! The rules of Onitama (see `rules.md`): pure Rust, no web code.

mod bitboard;
mod card;
mod color;
mod deal;
mod errors;
mod game;
mod moves;
mod notation;
mod outcome;
mod perft;
mod piece;
mod position;
mod record;
mod setup;
mod square;

pub use bitboard::Bitboard;
pub use card::{Card, CardSet, Pack};
pub use color::{ByColor, Color};
pub use deal::{Deal, DealError, SplitMix64};
pub use errors::{IllegalReason, MoveError, PositionError, RecordError};
pub use game::Game;
pub use moves::{Move, MoveList};
pub use outcome::{Outcome, Way};
pub use perft::{divide, perft, perft_estimate_ms};
pub use piece::{Piece, Role};
pub use position::Position;
pub use setup::Setup;
pub use square::Square;
