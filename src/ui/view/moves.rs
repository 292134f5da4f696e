//! The move list: each move in words and notation, a review's mark on it, and on the analysis
//! board the lines explored in its place.

use crate::rules::{Game, Move};
use crate::ui::features::Features;
use crate::ui::state::State;
use crate::ui::text;
use serde::Serialize;

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct MoveRow {
    /// 1 for the first move: the position after it is what a click shows.
    pub ply: usize,
    /// In the player's language.
    pub text: String,
    /// In move notation.
    pub notation: String,
    /// Who made it: "red" or "blue".
    pub side: &'static str,
    /// The board shows the position after this move.
    pub current: bool,
    /// A review's mark for a move worth one.
    pub mark: Option<MoveMark>,
    /// On the analysis board, the lines explored in place of this move, in words (a click goes
    /// into one: `Intent::EnterVariation`).
    pub variations: Vec<String>,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct MoveMark {
    /// "inaccuracy", "mistake" or "blunder".
    pub class: &'static str,
    /// "?!", "?" or "??".
    pub mark: &'static str,
    /// The class in words.
    pub title: String,
}

pub(super) fn move_rows(state: &State) -> Vec<MoveRow> {
    let t = &state.texts();
    // In a review's engine line the list shows that line; its marks belong to the game's moves.
    let variation = state.review().and_then(|r| r.variation);
    let line = if variation.is_some() { state.line_to_end() } else { state.game_line() };
    let shown = state.game().moves().len();
    let plies = line.moves().len();
    line.positions()
        .iter()
        .zip(line.moves())
        .enumerate()
        .map(|(index, (position, &m))| {
            let ply = index + 1;
            let outcome = if ply == plies { line.outcome() } else { None };
            let class = state
                .review()
                .filter(|_| variation.is_none_or(|start| ply < start))
                .and_then(|r| r.entry(ply))
                .map(|e| e.class);
            let mark = class.and_then(|class| {
                Some(MoveMark {
                    class: class.code(),
                    mark: class.mark()?,
                    title: text::move_class(t, class).to_string(),
                })
            });
            MoveRow {
                ply,
                text: glued(text::move_text(t, position, m, outcome)),
                notation: m.to_string(),
                side: position.to_move().code(),
                current: ply == shown,
                mark,
                variations: variations_at(state, &line, ply),
            }
        })
        .collect()
}

/// The most moves of a variation the move list writes out.
const VARIATION_MOVES: usize = 6;

/// The lines explored on the analysis board in place of the line's move `ply`, in words.
fn variations_at(state: &State, line: &Game, ply: usize) -> Vec<String> {
    // Only the whole page analyses (and the first visit's build leaves this code out).
    if state.analysis().is_none() || Features::here().is_none() {
        return Vec::new();
    }
    let tree = state.board.history.lines();
    let (t, before) = (&state.texts(), &line.moves()[..ply - 1]);
    let arrow = t.html("line-arrow").unwrap_or("→");
    let alternatives = tree.alternatives(&line.moves()[..ply]);
    alternatives
        .into_iter()
        .map(|first| {
            let moves: Vec<Move> = before.iter().copied().chain([first]).collect();
            let rest = tree.continuation(&moves);
            let mut position = line.positions()[ply - 1];
            let mut words = Vec::new();
            for &m in std::iter::once(&first).chain(&rest).take(VARIATION_MOVES) {
                let Ok(next) = position.play(m) else { break };
                words.push(glued(text::move_text(t, &position, m, next.outcome())));
                position = next;
            }
            if rest.len() + 1 > VARIATION_MOVES {
                words.push("…".to_string());
            }
            words.join(&format!(" {arrow} "))
        })
        .collect()
}

/// A move's words with its capture and winning signs held to it: a line break never leaves "×" or
/// "★" (or the review's mark after them) alone on a line.
pub(super) fn glued(text: String) -> String {
    // A walk over the chars, not `str::replace`: a substring search would cost the wasm kilobytes.
    let mut chars = text.chars().peekable();
    let mut out = String::with_capacity(text.len());
    while let Some(c) = chars.next() {
        let holds = c == ' ' && matches!(chars.peek(), Some('×' | '★'));
        out.push(if holds { '\u{a0}' } else { c });
    }
    out
}
