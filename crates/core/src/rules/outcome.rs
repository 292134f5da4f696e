//! How a game ends.

use super::Color;

/// The two ways to win.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Way {
    /// The opponent's master was captured.
    Stone,
    /// The winner's own master reached the opponent's temple.
    Stream,
}

/// The result of a finished game.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Outcome {
    Win {
        winner: Color,
        way: Way,
    },
    /// The same position occurred for the third time.
    DrawByRepetition,
    /// A player gave the game up (`by` is the side that resigned; the other wins). Nothing on
    /// the board shows it: a game record states it in its `result` line.
    Resigned {
        by: Color,
    },
    /// Both players agreed to a draw (one offered it, the other accepted). Stated in the record's
    /// `result` line, as a resignation is.
    DrawAgreed,
    /// `winner` claimed the game because the opponent was away, or did not move, for longer than
    /// the time limit. Stated in the record's `result` line.
    WonOnTime {
        winner: Color,
    },
}

impl Outcome {
    /// The short code used in game records: `red-stone`, `blue-stream`, `draw`, `red-resigns`
    /// (Red gave up: Blue wins), `draw-agreed`, `blue-wins-on-time`.
    pub fn code(self) -> &'static str {
        match self {
            Outcome::Win { winner: Color::Red, way: Way::Stone } => "red-stone",
            Outcome::Win { winner: Color::Red, way: Way::Stream } => "red-stream",
            Outcome::Win { winner: Color::Blue, way: Way::Stone } => "blue-stone",
            Outcome::Win { winner: Color::Blue, way: Way::Stream } => "blue-stream",
            Outcome::DrawByRepetition => "draw",
            Outcome::Resigned { by: Color::Red } => "red-resigns",
            Outcome::Resigned { by: Color::Blue } => "blue-resigns",
            Outcome::DrawAgreed => "draw-agreed",
            Outcome::WonOnTime { winner: Color::Red } => "red-wins-on-time",
            Outcome::WonOnTime { winner: Color::Blue } => "blue-wins-on-time",
        }
    }

    /// The outcome a record's code states that the board cannot show: a resignation
    /// (`red-resigns`), an agreed draw (`draw-agreed`) or a win on time (`blue-wins-on-time`).
    ///
    /// ```
    /// use onitama_core::rules::{Color, Outcome};
    /// assert_eq!(Outcome::declared_from_code("blue-resigns"), Some(Outcome::Resigned { by: Color::Blue }));
    /// assert_eq!(Outcome::declared_from_code("draw-agreed"), Some(Outcome::DrawAgreed));
    /// assert_eq!(Outcome::declared_from_code("red-stone"), None);
    /// ```
    pub fn declared_from_code(code: &str) -> Option<Outcome> {
        Outcome::DECLARED.into_iter().find(|outcome| outcome.code() == code)
    }

    /// Every outcome that players declare rather than the board shows.
    pub const DECLARED: [Outcome; 5] = [
        Outcome::Resigned { by: Color::Red },
        Outcome::Resigned { by: Color::Blue },
        Outcome::DrawAgreed,
        Outcome::WonOnTime { winner: Color::Red },
        Outcome::WonOnTime { winner: Color::Blue },
    ];

    /// Whether players declare this outcome (a resignation, an agreed draw, a win on time): no
    /// position shows it, only a game's record.
    pub fn is_declared(self) -> bool {
        matches!(self, Outcome::Resigned { .. } | Outcome::DrawAgreed | Outcome::WonOnTime { .. })
    }

    pub fn winner(self) -> Option<Color> {
        match self {
            Outcome::Win { winner, .. } => Some(winner),
            Outcome::DrawByRepetition | Outcome::DrawAgreed => None,
            Outcome::Resigned { by } => Some(by.other()),
            Outcome::WonOnTime { winner } => Some(winner),
        }
    }
}

impl std::fmt::Display for Outcome {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Outcome::Win { winner, way: Way::Stone } => {
                write!(f, "{winner} wins by the Way of the Stone (master captured)")
            }
            Outcome::Win { winner, way: Way::Stream } => {
                write!(f, "{winner} wins by the Way of the Stream (master on the enemy temple)")
            }
            Outcome::DrawByRepetition => f.write_str("draw by repetition"),
            Outcome::Resigned { by } => write!(f, "{by} resigns: {} wins", by.other()),
            Outcome::DrawAgreed => f.write_str("draw by agreement"),
            Outcome::WonOnTime { winner } => write!(f, "{winner} wins on time"),
        }
    }
}
