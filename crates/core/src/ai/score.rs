//! Scores: the search's integers (a won position scores `WIN` less the plies until the win), the
//! `Score` a player reads, and the form the transposition table keeps them in.

/// A won position's score, less the plies until the win.
pub const WIN: i32 = 30_000;
/// The longest search path.
pub(super) const MAX_PLY: usize = 96;
/// Scores this close to `WIN` are wins (or losses) in so many plies.
pub(super) const WIN_BOUND: i32 = WIN - MAX_PLY as i32;
pub(super) const INFINITY: i32 = WIN + 1;

/// A score as a player reads it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    /// Hundredths of a student, for the side to move.
    Value(i32),
    /// The side to move wins in this many plies.
    Win(u32),
    /// The side to move loses in this many plies.
    Loss(u32),
}

impl Score {
    /// The same score seen from the other side.
    pub fn negate(self) -> Score {
        match self {
            Score::Value(v) => Score::Value(-v),
            Score::Win(plies) => Score::Loss(plies),
            Score::Loss(plies) => Score::Win(plies),
        }
    }

    /// The score of one of the search's integers.
    ///
    /// ```
    /// use onitama_core::ai::{Score, WIN};
    /// assert_eq!(Score::from_internal(WIN - 3), Score::Win(3));
    /// assert_eq!(Score::from_internal(-120), Score::Value(-120));
    /// ```
    pub fn from_internal(score: i32) -> Score {
        if score >= WIN_BOUND {
            Score::Win((WIN - score) as u32)
        } else if score <= -WIN_BOUND {
            Score::Loss((WIN + score) as u32)
        } else {
            Score::Value(score)
        }
    }

    /// The search's integer for this score, the inverse of `from_internal`.
    ///
    /// ```
    /// use onitama_core::ai::{Score, WIN};
    /// assert_eq!(Score::Loss(4).to_internal(), -WIN + 4);
    /// for score in [Score::Win(1), Score::Loss(7), Score::Value(35)] {
    ///     assert_eq!(Score::from_internal(score.to_internal()), score);
    /// }
    /// ```
    pub fn to_internal(self) -> i32 {
        match self {
            Score::Value(v) => v,
            Score::Win(plies) => WIN - plies as i32,
            Score::Loss(plies) => -WIN + plies as i32,
        }
    }
}

impl std::fmt::Display for Score {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Score::Value(v) => write!(f, "{v}"),
            Score::Win(plies) => write!(f, "win {plies}"),
            Score::Loss(plies) => write!(f, "loss {plies}"),
        }
    }
}

/// A score as the table keeps it: a win counted in plies from this node rather than the root.
pub(super) fn to_table(score: i32, ply: usize) -> i32 {
    if score >= WIN_BOUND {
        score + ply as i32
    } else if score <= -WIN_BOUND {
        score - ply as i32
    } else {
        score
    }
}

/// A score from the table, a win counted from the root again.
pub(super) fn from_table(score: i32, ply: usize) -> i32 {
    if score >= WIN_BOUND {
        score - ply as i32
    } else if score <= -WIN_BOUND {
        score + ply as i32
    } else {
        score
    }
}
