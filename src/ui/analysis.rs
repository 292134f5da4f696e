//! The analysis board: a position studied with the engine's best lines, both sides moved by the
//! player. The game on the board is the line explored (from the position analysed), and the
//! board's history keeps every line explored as a tree; the game in progress waits aside and
//! comes back when the player leaves.

use super::features::Features;
use super::history::History;
use super::setup::SetupEditor;
use crate::ai::Line;
use crate::rules::{Game, Position};
use crate::save::SavedAnalysis;

/// How many lines the engine shows (fewer when fewer moves are legal).
pub const LINES: u32 = 3;

/// How long the engine studies one position before it rests, so that a phone left on the board
/// does not keep a core busy; Analyse goes on from there.
pub const ANALYSIS_MS: f64 = 30_000.0;

#[derive(Clone, Debug, PartialEq)]
pub struct AnalysisRun {
    /// Only the whole page analyses (`crate::ui::features`).
    pub features: Features,
    /// The player wants the engine's lines (Stop and Analyse switch it).
    pub running: bool,
    /// The best lines found so far, for the position they are of.
    pub found: Option<FoundLines>,
    /// A position being set up in place of the one shown, which comes back if the player cancels;
    /// the engine waits meanwhile.
    pub setup: Option<SetupEditor>,
}

/// The engine's best lines of a position after a finished depth, best first.
#[derive(Clone, Debug, PartialEq)]
pub struct FoundLines {
    pub position: Position,
    pub depth: u32,
    pub lines: Vec<Line>,
    /// The search has ended (every line seen to its end, or the deepest depth): nothing more comes.
    pub finished: bool,
    /// The lines are the exact tables' perfect play, not a search's.
    pub exact: bool,
}

impl AnalysisRun {
    /// An analysis just opened, its engine running, nothing explored yet.
    pub fn new() -> AnalysisRun {
        AnalysisRun { features: Features::present(), running: true, found: None, setup: None }
    }

    /// The analysis board as saved, on `history` (the game's whole line): the lines explored come
    /// back to its tree (each as far as it is legal from the game's start) and the board steps
    /// back to the move it showed.
    pub fn resume(history: &mut History, saved: &SavedAnalysis) -> AnalysisRun {
        let start = *history.game().start();
        let mut run = AnalysisRun::new();
        let lines: Vec<_> = saved
            .variations
            .iter()
            .map(|line| {
                let mut explored = Game::new(start);
                for word in line.split_whitespace() {
                    if word.parse().ok().is_none_or(|m| explored.play(m).is_err()) {
                        break;
                    }
                }
                explored.moves().to_vec()
            })
            .collect();
        history.explore(&lines);
        // A damaged setup costs only itself: the analysis board stays.
        run.setup = saved.setup.as_deref().and_then(|text| text.parse().ok()).map(SetupEditor::resume);
        history.go_to(saved.ply.unwrap_or(usize::MAX));
        run
    }

    /// What is saved of it, with `history` the board's.
    pub fn saved(&self, history: &History) -> SavedAnalysis {
        let ply = (!history.ahead().is_empty()).then(|| history.game().moves().len());
        let notation = |line: Vec<crate::rules::Move>| line.iter().map(|m| m.to_string()).collect::<Vec<_>>().join(" ");
        let variations = history.lines().lines().into_iter().map(notation).collect();
        SavedAnalysis { ply, variations, setup: self.setup.as_ref().map(|editor| editor.setup.to_string()) }
    }

    /// The lines found for `position`, if any.
    pub fn lines_of(&self, position: &Position) -> Option<&FoundLines> {
        self.found.as_ref().filter(|found| found.position == *position)
    }

    /// Whether the engine should search `position` now: it runs, and has not finished there.
    pub fn wants_lines(&self, position: &Position) -> bool {
        self.running && self.lines_of(position).is_none_or(|found| !found.finished)
    }
}

impl Default for AnalysisRun {
    fn default() -> AnalysisRun {
        AnalysisRun::new()
    }
}
