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
}

impl Outcome {
    /// The short code used in game records: `red-stone`, `blue-stream`, `draw`, `red-resigns`
    /// (Red gave up: Blue wins).
    pub fn code(self) -> &'static str {
        match self {
            Outcome::Win { winner: Color::Red, way: Way::Stone } => "red-stone",
            Outcome::Win { winner: Color::Red, way: Way::Stream } => "red-stream",
            Outcome::Win { winner: Color::Blue, way: Way::Stone } => "blue-stone",
            Outcome::Win { winner: Color::Blue, way: Way::Stream } => "blue-stream",
            Outcome::DrawByRepetition => "draw",
            Outcome::Resigned { by: Color::Red } => "red-resigns",
            Outcome::Resigned { by: Color::Blue } => "blue-resigns",
        }
    }

    /// The resignation a record's code states: `red-resigns` or `blue-resigns`.
    ///
    /// ```
    /// use onitama_core::rules::{Color, Outcome};
    /// assert_eq!(Outcome::resignation_from_code("blue-resigns"), Some(Outcome::Resigned { by: Color::Blue }));
    /// assert_eq!(Outcome::resignation_from_code("red-stone"), None);
    /// ```
    pub fn resignation_from_code(code: &str) -> Option<Outcome> {
        Color::ALL.into_iter().map(|by| Outcome::Resigned { by }).find(|outcome| outcome.code() == code)
    }

    pub fn winner(self) -> Option<Color> {
        match self {
            Outcome::Win { winner, .. } => Some(winner),
            Outcome::DrawByRepetition => None,
            Outcome::Resigned { by } => Some(by.other()),
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
        }
    }
}
