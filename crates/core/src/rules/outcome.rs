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
}

impl Outcome {
    /// The short code used in game records: `red-stone`, `blue-stream`, `draw`.
    pub fn code(self) -> &'static str {
        match self {
            Outcome::Win { winner: Color::Red, way: Way::Stone } => "red-stone",
            Outcome::Win { winner: Color::Red, way: Way::Stream } => "red-stream",
            Outcome::Win { winner: Color::Blue, way: Way::Stone } => "blue-stone",
            Outcome::Win { winner: Color::Blue, way: Way::Stream } => "blue-stream",
            Outcome::DrawByRepetition => "draw",
        }
    }

    pub fn winner(self) -> Option<Color> {
        match self {
            Outcome::Win { winner, .. } => Some(winner),
            Outcome::DrawByRepetition => None,
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
        }
    }
}
