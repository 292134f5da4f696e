//! The wasm-bindgen surface: what JavaScript (and the page's scripts) may call.
//! Every function returns a `Result`; bad input becomes a JavaScript `Error` with a clear message.

use crate::ai::Engine;
use crate::rules::{Game, Move, Position, perft as count_paths};
use crate::worker::{self, JsLimits, SearchReport};
use wasm_bindgen::prelude::*;

/// Deeper perft runs for minutes and would freeze the page.
const MAX_PERFT_DEPTH: u32 = 10;

fn parse_position(text: &str) -> Result<Position, JsError> {
    text.parse()
        .map_err(|e| JsError::new(&format!("bad position \"{text}\": {e}")))
}

/// perft(position, depth) as a number of move paths.
#[wasm_bindgen]
pub fn perft(position: &str, depth: u32) -> Result<f64, JsError> {
    if depth > MAX_PERFT_DEPTH {
        return Err(JsError::new(&format!(
            "perft depth {depth} is too deep for the page (at most {MAX_PERFT_DEPTH})"
        )));
    }
    Ok(count_paths(&parse_position(position)?, depth) as f64)
}

/// The legal moves of a position, in move notation.
#[wasm_bindgen]
pub fn legal_moves(position: &str) -> Result<Vec<String>, JsError> {
    Ok(parse_position(position)?
        .legal_moves()
        .iter()
        .map(Move::to_string)
        .collect())
}

/// The position after a legal move, in position notation; an illegal move throws and says why.
#[wasm_bindgen]
pub fn play_move(position: &str, mv: &str) -> Result<String, JsError> {
    let m = mv
        .parse::<Move>()
        .map_err(|e| JsError::new(&e.to_string()))?;
    let next = parse_position(position)?
        .play(m)
        .map_err(|e| JsError::new(&e.to_string()))?;
    Ok(next.to_string())
}

/// The canonical form of a position; throws with the reason if it is malformed.
#[wasm_bindgen]
pub fn normalize_position(position: &str) -> Result<String, JsError> {
    Ok(parse_position(position)?.to_string())
}

/// Replays a game record and returns the final position; throws on any broken line or move.
#[wasm_bindgen]
pub fn record_final_position(record: &str) -> Result<String, JsError> {
    let game = Game::from_record(record).map_err(|e| JsError::new(&e.to_string()))?;
    Ok(game.position().to_string())
}

/// Searches on the calling thread with a fresh engine, so that the same call gives the same answer
/// (scripts, tests and benchmarks; the page's AI uses the Web Worker).
/// `limits` is `{ depth, movetime, nodes }` (any of them; 1000 ms when none) and `earlier` the
/// game's earlier positions for repetitions. Returns `{ best, depth, score: { kind, value }, nodes, nps, pv }`.
#[wasm_bindgen]
pub fn best_move(
    position: &str,
    limits: JsValue,
    earlier: Option<Vec<String>>,
) -> Result<JsValue, JsError> {
    let limits: JsLimits = if limits.is_undefined() || limits.is_null() {
        JsLimits::default()
    } else {
        serde_wasm_bindgen::from_value(limits)
            .map_err(|e| JsError::new(&format!("bad limits: {e}")))?
    };
    let (position, earlier) = worker::parse_positions(position, &earlier.unwrap_or_default())
        .map_err(|e| JsError::new(&e))?;
    if let Some(outcome) = position.outcome() {
        return Err(JsError::new(&format!("the game is over: {outcome}")));
    }
    let mut engine = Engine::new(worker::TABLE_MB, worker::clock);
    let result = engine.search(&position, &earlier, limits.to_limits(), &mut |_| {});
    let report = SearchReport::from_info(0, "done", &result.info, result.best);
    serde_wasm_bindgen::to_value(&report).map_err(|e| JsError::new(&e.to_string()))
}
