//! The list of puzzles, one difficulty's at a time.

use crate::ui::features::Features;
use crate::ui::state::State;
use crate::ui::text;
use serde::Serialize;

/// The list of puzzles: one difficulty's at a time, by number, the solved ones marked.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PuzzleList {
    /// The difficulty shown: `"easy"`, `"medium"` or `"hard"` (its button is pressed).
    pub shows: &'static str,
    /// The puzzles of the difficulty shown, by id; none while the set is fetched.
    pub rows: Vec<PuzzleListRow>,
    /// How many of them are solved, or that the set is being fetched.
    pub summary: String,
    /// The set is being fetched: no rows yet, whatever the deck.
    pub fetching: bool,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PuzzleListRow {
    pub id: u32,
    /// The number shown (Persian digits in Persian).
    pub number: String,
    pub solved: bool,
    /// It is the puzzle on the board.
    pub current: bool,
    /// Its name for screen readers, saying in words whether it is solved.
    pub label: String,
}

/// The list of puzzles as `state` has it open, if it is.
pub fn puzzle_list(state: &State) -> Option<PuzzleList> {
    Features::here()?;
    let shows = state.page.dialog.as_ref()?.puzzles()?;
    let t = &state.texts();
    let current = state.puzzle().map(|run| run.puzzle.id);
    let Some(set) = state.page.puzzle_set.as_ref() else {
        let summary = text::page_text(t, "puzzle-list-fetching", &[]);
        return Some(PuzzleList { shows: shows.code(), rows: Vec::new(), summary, fetching: true });
    };
    // Only the puzzles offered with the cards of the deck.
    let rows: Vec<PuzzleListRow> = crate::ui::puzzle::offered(set, state.page.settings.cards)
        .iter()
        .filter(|puzzle| puzzle.difficulty() == shows)
        .map(|puzzle| {
            let solved = state.page.solved.contains(&puzzle.id);
            let key = if solved { "puzzle-list-solved" } else { "puzzle-list-unsolved" };
            PuzzleListRow {
                id: puzzle.id,
                number: t.lang.digits(&puzzle.id.to_string()),
                solved,
                current: current == Some(puzzle.id),
                label: text::page_text(t, key, &[("id", puzzle.id.to_string())]),
            }
        })
        .collect();
    let solved = rows.iter().filter(|row| row.solved).count();
    let blanks = [("n", solved.to_string()), ("total", rows.len().to_string())];
    let key = if rows.is_empty() { "no-puzzle-offered" } else { "puzzle-list-summary" };
    let summary = text::page_text(t, key, &blanks);
    Some(PuzzleList { shows: shows.code(), rows, summary, fetching: false })
}
