//! Every text the page shows, in one place (English; other languages join here).

use crate::ai::Score;
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

/// The evaluation for the bar, from Red's side: "Red +0.4", "Blue wins in 3 (forced)".
pub fn evaluation(score_for_red: Score) -> String {
    match score_for_red {
        Score::Value(v) if v.abs() < 10 => "Even".to_string(),
        Score::Value(v) => {
            let leader = if v > 0 { Color::Red } else { Color::Blue };
            format!("{} +{:.1}", color_name(leader), f64::from(v.abs()) / 100.0)
        }
        // Plies to the win, counted as the winner's own moves.
        Score::Win(plies) => format!(
            "{} wins in {} (forced)",
            color_name(Color::Red),
            plies.div_ceil(2)
        ),
        Score::Loss(plies) => format!(
            "{} wins in {} (forced)",
            color_name(Color::Blue),
            plies.div_ceil(2)
        ),
    }
}

/// Red's share of the evaluation bar, 0 to 1.
pub fn red_share(score_for_red: Score) -> f64 {
    match score_for_red {
        Score::Value(v) => 0.5 + 0.5 * (f64::from(v) / 400.0).tanh(),
        Score::Win(_) => 1.0,
        Score::Loss(_) => 0.0,
    }
}

pub fn ai_failed(detail: &str) -> String {
    format!("The AI stopped ({detail}). Undo or start a new game to wake it.")
}

pub fn save_unreadable(reason: &str) -> String {
    format!(
        "Your saved game could not be read: {reason}. A new game has started; the unreadable save is kept and can be saved from Records."
    )
}

pub fn link_broken(reason: &str) -> String {
    format!("This link could not be opened: {reason}. Nothing was lost.")
}

pub fn record_broken(reason: &str) -> String {
    format!("That record could not be opened: {reason}. Nothing was changed.")
}
