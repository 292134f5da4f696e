//! The analysis board's panel: the engine's best lines in words.

use super::moves::glued;
use crate::rules::Color;
use crate::ui::analysis::LINES;
use crate::ui::state::State;
use crate::ui::text;
use serde::Serialize;

/// The analysis board's panel.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct AnalysisPanel {
    /// What the engine is doing: "Depth 12", or that it has stopped.
    pub status: String,
    /// The engine searches (the toggle stops it).
    pub running: bool,
    /// The toggle's words: "Stop" or "Analyse"; none once the game is over on the board.
    pub toggle_label: Option<String>,
    /// The best lines of the position shown, best first; while the first depth is searched, rows
    /// of "…" in their place (a row keeps the keyboard's focus while its line is found again).
    pub lines: Vec<AnalysisLine>,
}

/// One of the engine's lines, as the panel shows it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct AnalysisLine {
    /// Its score in words: "Red +0.4", "Blue wins in 3 (forced)".
    pub score: String,
    /// Its moves as the move list writes them, joined by arrows.
    pub moves: String,
}

pub(super) fn analysis_panel(state: &State, run: &crate::ui::analysis::AnalysisRun) -> AnalysisPanel {
    let t = &state.texts();
    let position = *state.position();
    let found = run.lines_of(&position);
    let depth = found.map_or(0, |f| f.depth).max(state.ai.thinking.map_or(0, |t| t.depth));
    let exact = found.is_some_and(|f| f.exact);
    let status = match (state.game().outcome(), run.running) {
        (Some(_), _) => t.html("analysis-over").unwrap_or_default().to_string(),
        _ if exact => t.html("analysis-exact").unwrap_or_default().to_string(),
        (None, true) if depth == 0 => t.html("analysis-starting").unwrap_or_default().to_string(),
        (None, true) => text::page_text(t, "analysis-depth", &[("n", depth.to_string())]),
        (None, false) => t.html("analysis-stopped").unwrap_or_default().to_string(),
    };
    let arrow = t.html("line-arrow").unwrap_or("→");
    let searching = run.running && found.is_none() && state.game().outcome().is_none();
    let waiting = if searching { state.game().legal_moves().len().min(LINES as usize) } else { 0 };
    let placeholder = AnalysisLine { score: "…".to_string(), moves: String::new() };
    let lines = found.map_or(&[][..], |f| &f.lines[..]).iter().map(|line| {
        let mut before = position;
        let words: Vec<String> = line
            .moves()
            .map_while(|m| {
                let after = before.play(m).ok()?;
                let text = glued(text::move_text(t, &before, m, after.outcome()));
                before = after;
                Some(text)
            })
            .collect();
        let for_red = if position.to_move() == Color::Red { line.score } else { line.score.negate() };
        AnalysisLine { score: text::evaluation(t, for_red, exact), moves: words.join(&format!(" {arrow} ")) }
    });
    // Stop while the engine searches; Analyse once it is stopped or rests.
    let toggle = if run.wants_lines(&position) { "analysis-stop" } else { "analysis-go" };
    AnalysisPanel {
        status,
        running: run.running,
        // Nothing to stop or start once the game is over, or the tables know the lines.
        toggle_label: (state.game().outcome().is_none() && !exact)
            .then(|| t.html(toggle).unwrap_or_default().to_string()),
        lines: lines.chain(std::iter::repeat_n(placeholder, waiting)).collect(),
    }
}
