//! Typed errors: each message says what is wrong and where.

use super::{Card, Color, Square};
use thiserror::Error;

/// Why a position (in notation or built from parts) was rejected.
#[derive(Clone, PartialEq, Eq, Debug, Error)]
pub enum PositionError {
    #[error(
        "expected 5 fields separated by spaces (board, Red's cards, Blue's cards, side card, side to move), found {0}"
    )]
    FieldCount(usize),
    #[error("the board has {0} ranks separated by '/', expected 5")]
    RankCount(usize),
    #[error("rank {rank} has {squares} squares, expected 5")]
    RankWidth { rank: usize, squares: usize },
    #[error("unexpected '{found}' in rank {rank}: use R r B b for pieces and 1-5 for empty squares")]
    BadBoardChar { rank: usize, found: char },
    #[error("{color} must hold 2 cards joined by ',', found {found}")]
    HandSize { color: Color, found: usize },
    #[error("unknown card '{0}'")]
    UnknownCard(String),
    #[error("the same card twice: '{0}'")]
    DuplicateCard(Card),
    #[error("the side to move must be 'r' or 'b', found '{0}'")]
    BadSideToMove(String),
    #[error("{0} has no master")]
    NoMaster(Color),
    #[error("{0} has two masters")]
    TwoMasters(Color),
    #[error("a side has more than 5 pieces: {color} has {count}")]
    TooManyPieces { color: Color, count: u32 },
    #[error("{color}'s master already stands on the enemy temple {square}: the game is over")]
    MasterOnTemple { color: Color, square: Square },
}

/// Why a move was rejected.
#[derive(Clone, PartialEq, Eq, Debug, Error)]
pub enum MoveError {
    #[error("'{0}' is not a move: expected <card>:<from><to> (e.g. tiger:c1c3) or <card>:pass")]
    Syntax(String),
    #[error("unknown card '{0}'")]
    UnknownCard(String),
    #[error("'{0}' is not a square: use a1 to e5")]
    BadSquare(String),
    #[error("{mv} is not legal here: {reason}")]
    Illegal { mv: String, reason: String },
    #[error("the game is over: no more moves")]
    GameOver,
}

/// Why a game record could not be read.
#[derive(Clone, PartialEq, Eq, Debug, Error)]
pub enum RecordError {
    #[error("the record has no 'start' line with the starting position")]
    MissingStart,
    #[error("line {line}: {source}")]
    Position { line: usize, source: PositionError },
    #[error("line {line}, move {number}: {source}")]
    Move { line: usize, number: usize, source: MoveError },
    #[error("line {line}: unknown line '{text}'")]
    UnknownLine { line: usize, text: String },
    #[error("line {line}: the record says '{claimed}' but the moves give '{actual}'")]
    ResultMismatch { line: usize, claimed: String, actual: String },
}
