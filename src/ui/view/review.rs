//! The review's panel and graph, and the evaluation bar.

use crate::ui::review::{self, GRAPH_HEIGHT, Review};
use crate::ui::state::State;
use crate::ui::text;
use serde::Serialize;

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct EvaluationBar {
    /// Red's share of the bar in thousandths (500 while no score has come).
    pub red_permille: u32,
    /// The score in words, or "…" while it comes.
    pub label: String,
}

impl EvaluationBar {
    /// Red's share as a CSS width: "62.5%" (integers only: no float formatting in the wasm).
    pub fn width(&self) -> String {
        format!("{}.{}%", self.red_permille / 10, self.red_permille % 10)
    }
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ReviewPanel {
    pub graph: ReviewGraph,
    /// The share reviewed, while the review runs.
    pub progress: Option<f64>,
    /// The verdict on the move shown, or the engine's line.
    pub text: String,
    /// "Best line" is offered (the move shown was not the engine's choice).
    pub best_line: bool,
    /// "Continue from here" is offered (an earlier move or the engine's line is shown).
    pub continue_here: bool,
    /// The close button stops a running review.
    pub stops: bool,
    /// The close button's words: "Stop" or "Close".
    pub close_label: String,
}

/// The review's graph in a box of `review::GRAPH_WIDTH` by `GRAPH_HEIGHT` (SVG user units).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ReviewGraph {
    /// Red's share after each reviewed move, as a path ("M0 50L100 40…"); empty before any.
    pub line: String,
    /// The moves marked: their class and their x.
    pub marks: Vec<GraphMark>,
    /// The x of the position shown.
    pub now: i64,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct GraphMark {
    pub class: &'static str,
    pub x: i64,
}

impl ReviewGraph {
    /// The graph as SVG: the middle line, Red's area under the line, the position shown, then the
    /// marks over it (a mark on the position shown stays visible).
    pub fn svg(&self) -> String {
        let middle = GRAPH_HEIGHT / 2;
        let mut svg = format!(r#"<path class="mid" d="M0 {middle}H{}"/>"#, review::GRAPH_WIDTH);
        if !self.line.is_empty() {
            let area = self.line.replacen('M', &format!("M0 {GRAPH_HEIGHT}L"), 1);
            svg.push_str(&format!(
                r#"<path class="red" d="{area} V{GRAPH_HEIGHT}H0Z"/><path class="line" d="{}"/>"#,
                self.line
            ));
        }
        svg.push_str(&format!(r#"<path class="now" d="M{} 0V{GRAPH_HEIGHT}"/>"#, self.now));
        for mark in &self.marks {
            svg.push_str(&format!(r#"<path class="{}" d="M{} 0V{GRAPH_HEIGHT}"/>"#, mark.class, mark.x));
        }
        svg
    }
}

/// The evaluation bar: Red's share grows with Red's prospects.
pub(super) fn evaluation_bar(state: &State) -> EvaluationBar {
    match state.evaluation_for_red() {
        None => EvaluationBar { red_permille: 500, label: "…".to_string() },
        Some((score, exact)) => EvaluationBar {
            red_permille: (text::red_share(score) * 1000.0).round().clamp(0.0, 1000.0) as u32,
            label: text::evaluation(&state.texts(), score, exact),
        },
    }
}

pub(super) fn review_panel(state: &State, review: &Review) -> ReviewPanel {
    let t = &state.texts();
    let shown = state.game().moves().len();
    let graph = ReviewGraph {
        line: review.graph_path(),
        marks: review.marked().map(|(ply, class)| GraphMark { class: class.code(), x: review.x(ply) }).collect(),
        now: review.x(review.variation.unwrap_or(shown)),
    };
    let text = match review.variation {
        Some(ply) => text::best_line_shown(t, ply, &review::line_text(t, review, ply)),
        None => review::verdict(t, review, shown),
    };
    ReviewPanel {
        graph,
        progress: review.running.then(|| review.entries.len() as f64 / review.total().max(1) as f64),
        text,
        best_line: review.variation.is_none() && review.variation(shown).is_some(),
        continue_here: (review.variation.is_some() || state.board.history.looking_back()) && !state.ended_by_word(),
        stops: review.running,
        close_label: t.html(if review.running { "review-stop" } else { "close" }).unwrap_or_default().to_string(),
    }
}
