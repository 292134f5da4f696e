//! Typed errors: each message says what is wrong and where.

use super::{Card, Color, Outcome, Square};
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
    #[error("{0} has two masters")]
    TwoMasters(Color),
    #[error("a side has more than 5 pieces: {color} has {count}")]
    TooManyPieces { color: Color, count: u32 },
    #[error("a side has at most 4 students: {color} has {count}")]
    TooManyStudents { color: Color, count: u32 },
    /// A game ends when the first master is captured, so one master is always left.
    #[error("neither side has a master: a game ends when the first one is captured")]
    NoMasters,
    /// The side without a master is not to move: the capture that ended the game would have
    /// handed the turn to it.
    #[error(
        "{0} has no master, yet {other} is to move: the game ends with the side that lost its master to move",
        other = .0.other()
    )]
    NoMasterNotToMove(Color),
    /// The side to move already has its master on the enemy temple: the game ended when it got
    /// there, with the other side to move.
    #[error("{color} is to move, but its master already stands on the enemy temple {square}: it won when it got there")]
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
    /// `mv` is the move's notation (`ox:c1c2`).
    #[error("{mv} is not legal here: {reason}")]
    Illegal { mv: String, reason: IllegalReason },
    #[error("the game is over: {0}")]
    GameOver(Outcome),
}

/// Why a well-formed move is not legal in a position (`Position::check`). `color` is always the
/// side to move.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Error)]
pub enum IllegalReason {
    /// The card is not in the hand of the side to move.
    #[error("{color} does not hold {card}")]
    CardNotHeld { color: Color, card: Card },
    /// A pass while some piece can move.
    #[error("{color} can move, and a pass is only allowed when no piece can")]
    PassWhileAbleToMove { color: Color },
    /// No piece of the side to move on the square the move starts from.
    #[error("no {color} piece on {from}")]
    NoPieceOnFrom { color: Color, from: Square },
    /// The card's pattern, seen from the side to move, does not lead from `from` to `to`.
    #[error("{card} does not reach {to} from {from} for {color}")]
    OutOfReach { card: Card, from: Square, to: Square, color: Color },
    /// The target square holds a piece of the side to move.
    #[error("{to} holds a {color} piece")]
    OwnPieceOnTarget { color: Color, to: Square },
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
