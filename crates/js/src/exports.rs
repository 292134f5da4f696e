//! The engine module's functions: the rules and the AI on plain strings, for scripts. They do not
//! touch a page's game. Every function returns a `Result`; bad input becomes a JavaScript `Error`
//! with a clear message.

use crate::{CALLER_CAP_MS, JsLimits, JsScore, clock, parse_position};
use onitama_core::ai::Engine;
use onitama_core::ai::exact::{TableCache, Uncovered};
use onitama_core::rules::{Game, Move, Position, perft as count_paths, perft_estimate_ms};
use std::cell::RefCell;
use wasm_bindgen::prelude::*;

/// Deeper perft runs for minutes and would freeze the caller.
const MAX_PERFT_DEPTH: u32 = 10;

/// The transposition table of a search from a script, in MB.
const TABLE_MB: usize = 16;

/// The most pieces `endgame` solves (both masters included). Every material of 3 pieces builds
/// its tables in under a second in a desktop's Chromium; `Rr-Bb`, of 4, took 13 s, beyond the
/// 10 s cap (docs/engine.md, Exact endgames).
pub const ENDGAME_PIECES: u32 = 3;

thread_local! {
    /// The exact tables of the deal last asked about: the next position of the same deal answers
    /// at once.
    static TABLES: RefCell<TableCache> = RefCell::new(TableCache::new());
}

/// Parses a position and the game's earlier ones, with the reason when one is malformed.
fn parse_positions(position: &str, earlier: &[String]) -> Result<(Position, Vec<Position>), JsError> {
    let earlier = earlier.iter().map(|text| parse_position(text)).collect::<Result<Vec<_>, _>>()?;
    Ok((parse_position(position)?, earlier))
}

/// perft(position, depth) as a number of move paths. A count that would take more than 10 s is
/// refused before it starts: as soon as a shallower count takes long enough to time, it tells
/// how long the one asked for would take (each depth multiplies the time by about the branching
/// factor), so a count far out of reach is refused within milliseconds.
#[wasm_bindgen]
pub fn perft(position: &str, depth: u32) -> Result<f64, JsError> {
    if depth > MAX_PERFT_DEPTH {
        return Err(JsError::new(&format!("perft depth {depth} is too deep for the page (at most {MAX_PERFT_DEPTH})")));
    }
    let position = parse_position(position)?;
    /// A count shorter than this is too quick for the browser's clock to time.
    const TIMED_MS: f64 = 2.0;
    /// Nor is the time of fewer paths than this a measure of the rest: one pause of a busy
    /// machine (or the engine's first call) would refuse a count of a few thousand paths.
    const TIMED_PATHS: u64 = 20_000;
    let started = clock();
    let (mut counts, mut last_ms) = (vec![1u64], 0.0f64);
    for d in 1..=depth {
        if last_ms >= TIMED_MS && counts.last().is_some_and(|&paths| paths >= TIMED_PATHS) {
            let expected_ms = perft_estimate_ms(&counts, last_ms, depth);
            if clock() - started + expected_ms > CALLER_CAP_MS {
                return Err(JsError::new(&format!(
                    "perft depth {depth} from this position would take about {} s, more than the page's 10 s: \
                     use a lower depth, or onitama-cli perft",
                    (expected_ms / 1000.0).ceil() as u64
                )));
            }
        }
        let t0 = clock();
        counts.push(count_paths(&position, d));
        last_ms = clock() - t0;
    }
    Ok(counts[depth as usize] as f64)
}

/// The legal moves of a position, in move notation.
#[wasm_bindgen]
pub fn legal_moves(position: &str) -> Result<Vec<String>, JsError> {
    Ok(parse_position(position)?.legal_moves().iter().map(Move::to_string).collect())
}

/// The position after a legal move, in position notation; an illegal move throws and says why.
#[wasm_bindgen]
pub fn play_move(position: &str, mv: &str) -> Result<String, JsError> {
    let m = mv.parse::<Move>().map_err(|e| JsError::new(&e.to_string()))?;
    let next = parse_position(position)?.play(m).map_err(|e| JsError::new(&e.to_string()))?;
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
/// game's earlier positions for repetitions. Without a `movetime` the search stops after 10 s
/// whatever its depth or nodes. Returns `{ best, depth, score: { kind, value }, nodes, nps, pv }`.
#[wasm_bindgen]
pub fn best_move(position: &str, limits: JsValue, earlier: Option<Vec<String>>) -> Result<JsValue, JsError> {
    let limits = JsLimits::read(&limits).map_err(|e| JsError::new(&e))?;
    let (position, earlier) = parse_positions(position, &earlier.unwrap_or_default())?;
    if let Some(outcome) = position.outcome() {
        return Err(JsError::new(&format!("the game is over: {outcome}")));
    }
    let mut limits = limits.to_limits();
    limits.movetime_ms = limits.movetime_ms.or(Some(CALLER_CAP_MS));
    let mut engine = Engine::new(TABLE_MB, clock);
    let result = engine.search(&position, &earlier, limits, &mut |_| {});
    #[derive(serde::Serialize)]
    struct Found {
        best: Option<String>,
        depth: u32,
        score: JsScore,
        nodes: f64,
        nps: f64,
        pv: Vec<String>,
    }
    let info = &result.info;
    let found = Found {
        best: result.best.map(|m| m.to_string()),
        depth: info.depth,
        score: info.score.into(),
        nodes: info.nodes as f64,
        nps: info.nps() as f64,
        pv: info.pv.iter().map(Move::to_string).collect(),
    };
    serde_wasm_bindgen::to_value(&found).map_err(|e| JsError::new(&e.to_string()))
}

/// The exact value of a position with few pieces for the side to move, in the CLI's words:
/// `win in N`, `loss in N` (plies) or `draw` (repetition ignored, as `onitama-cli endgame`). The
/// first position of a deal builds the exact tables of its material and the smaller ones (under a
/// second on a desktop); they are kept, so the deal's other positions answer at once.
/// Throws for a malformed position, a finished game, or more pieces than [`ENDGAME_PIECES`].
#[wasm_bindgen]
pub fn endgame(position: &str) -> Result<String, JsError> {
    let position = parse_position(position)?;
    let found =
        TABLES.with_borrow_mut(|tables| tables.tables_for(&position, ENDGAME_PIECES).map(|t| t.probe(&position)));
    match found {
        Ok(Some(exact)) => Ok(exact.to_string()),
        Ok(None) => Err(JsError::new("the tables built for this position do not hold it")),
        Err(Uncovered::GameOver) => {
            let outcome = position.outcome().map(|o| o.to_string()).unwrap_or_default();
            Err(JsError::new(&format!("the game is over: {outcome}")))
        }
        Err(Uncovered::TooManyPieces { pieces, limit }) => Err(JsError::new(&format!(
            "the position has {pieces} pieces: endgame solves at most {limit} here, both masters included \
             (onitama-cli endgame solves more)"
        ))),
    }
}
