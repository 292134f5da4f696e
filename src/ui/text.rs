//! Every text the page shows, in one place (English; other languages join here).

use crate::rules::{Card, Color, Outcome, Way};

pub fn color_name(color: Color) -> &'static str {
    color.name()
}

pub fn to_move(color: Color) -> String {
    format!("{} to move", color_name(color))
}

pub fn your_move(color: Color) -> String {
    format!("Your move ({})", color_name(color))
}

pub fn thinking(color: Color, depth: u32) -> String {
    if depth == 0 {
        format!("{} is thinking…", color_name(color))
    } else {
        format!("{} is thinking… depth {depth}", color_name(color))
    }
}

pub fn must_pass() -> &'static str {
    "No piece can move: choose a card to give up"
}

pub fn choose_card() -> &'static str {
    "Both cards go there: choose the card to give up"
}

pub fn who_starts(side: Card) -> String {
    format!(
        "{} starts: the side card, {}, has a {} stamp",
        color_name(side.stamp()),
        side.name(),
        side.stamp().name().to_lowercase()
    )
}

pub fn outcome(outcome: Outcome) -> String {
    match outcome {
        Outcome::Win {
            winner,
            way: Way::Stone,
        } => format!(
            "{} wins by the Way of the Stone: the master is captured",
            color_name(winner)
        ),
        Outcome::Win {
            winner,
            way: Way::Stream,
        } => {
            format!(
                "{} wins by the Way of the Stream: the master reached the temple",
                color_name(winner)
            )
        }
        Outcome::DrawByRepetition => "Draw: the same position occurred a third time".to_string(),
    }
}
