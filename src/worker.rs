//! The AI's Web Worker (wasm32 only): searches off the page's thread and reports progress.
//!
//! The worker loads the page's own module (`ai-worker.js`), so the game ships one wasm file.
//! Every message either way is one line of [`crate::engine_protocol::worker`]. Once loaded the worker
//! posts `ready`; messages sent before that are lost. The page then posts an [`EngineRequest`];
//! the worker answers with `info` reports after each finished depth (`lines` ones for the best
//! lines, `reviewed` ones move by move) and one `done` (or `failed`) report. To cancel, the page
//! terminates the worker and starts a new one: a search never blocks the page.
//!
//! The same worker answers the endgame dialect ([`EndgameRequest`], a line starting `endgame`):
//! a position's exact value and best move from the exact tables of its deal, built on the first
//! request and kept while the deal stays the same. Since the AI's worker is terminated on every
//! cancel, the page runs a second worker (`ai-worker.js` again) for these, and never cancels it:
//! each answer comes back as one `exact` report. Not in the first-visit build.

use crate::ai::exact::TableCache;
use crate::ai::puzzle;
use crate::ai::review;
use crate::ai::{Engine, LevelPlayer, Score};
use crate::engine_protocol::worker::{EndgameReport, EndgameRequest, EngineReport, EngineRequest};
use crate::ui::features::Features;
use std::cell::RefCell;
use std::num::NonZeroUsize;
use wasm_bindgen::prelude::*;
use web_sys::{DedicatedWorkerGlobalScope, MessageEvent};

/// The table's fixed size in the browser.
pub const TABLE_MB: usize = 16;

/// The endgame worker's lines of perfect play: as many as the analysis board shows, each as long
/// as its lines of search go at most.
const EXACT_LINES: usize = crate::ui::analysis::LINES as usize;
const EXACT_LINE_PLIES: usize = 12;

/// Milliseconds, in the page and in the worker.
pub use onitama_js::clock;

/// Runs one request to its end, reporting through `report`.
pub fn run(request: EngineRequest, engine: &mut Engine, report: &mut dyn FnMut(EngineReport)) {
    match request {
        EngineRequest::Search { id, limits, position, earlier } => {
            let result = engine.search(&position, &earlier, limits, &mut |info| {
                let pv = info.pv.clone();
                report(EngineReport::Info { id, depth: info.depth, score: info.score, nodes: info.nodes, pv });
            });
            report(EngineReport::Done { id, best: result.best, score: Some(result.info.score) });
        }
        EngineRequest::LevelMove { id, level, seed, position, earlier } => {
            let fresh = Engine::new(1, clock);
            let mut player = LevelPlayer::new(level, std::mem::replace(engine, fresh), u64::from(seed));
            let best = player.choose(&position, &earlier);
            *engine = player.engine;
            report(EngineReport::Done { id, best, score: None });
        }
        // Only the features ask for these: without them (`crate::ui::features`) their code is left out.
        EngineRequest::Defend { id, .. } | EngineRequest::Review { id, .. } if Features::here().is_none() => {
            report(EngineReport::Failed { id, message: "not in the first-visit build".to_string() });
        }
        EngineRequest::Defend { id, plies, position } => {
            // The best defence, exactly; a loss score says the opponent's win still stands.
            let best = puzzle::defence(&position, plies);
            let after = best.and_then(|m| position.play(m).ok());
            let still_lost = plies > 1 && after.is_some_and(|next| puzzle::wins_within(&next, plies - 1));
            report(EngineReport::Done { id, best, score: still_lost.then_some(Score::Loss(plies)) });
        }
        // The first visit's build cannot hold one (it has no `Features`).
        EngineRequest::Lines { features, id, count, limits, position, earlier } => {
            let count = NonZeroUsize::try_from(count).unwrap_or(NonZeroUsize::MIN);
            let found = engine.search_lines(&position, &earlier, limits, count, &mut |info| {
                let (depth, nodes, lines) = (info.depth, info.nodes, info.lines.clone());
                report(EngineReport::Lines { features, id, depth, nodes, lines });
            });
            let first = found.and_then(|info| info.lines.into_iter().next());
            report(EngineReport::Done {
                id,
                best: first.as_ref().map(|line| line.first),
                score: first.map(|line| line.score),
            });
        }
        EngineRequest::Review { id, game, limits } => {
            let mut on_move = |entry: &review::PlyReview, total| {
                report(EngineReport::Reviewed { id, entry: entry.clone(), total });
                true
            };
            // Endings of few pieces are judged by the exact tables, as the page's bar judges them
            // (the whole page's: the first visit's build has no solver).
            if Features::here().is_some() {
                TABLES.with_borrow_mut(|tables| {
                    let tables = review::ReviewTables { tables, pieces: crate::engine_protocol::worker::EXACT_PIECES };
                    review::review(&game, engine, limits, Some(tables), &mut on_move)
                });
            } else {
                review::review(&game, engine, limits, None, &mut on_move);
            }
            report(EngineReport::Done { id, best: None, score: None });
        }
    }
}

thread_local! {
    /// The exact tables of the deal last asked about, kept for the next request.
    static TABLES: RefCell<TableCache> = RefCell::new(TableCache::new());
}

/// Answers one line of the endgame dialect from the deal's tables, building them if needed.
pub fn run_endgame(line: &str, tables: &mut TableCache) -> EndgameReport {
    match EndgameRequest::decode(line) {
        Ok(EndgameRequest { id, pieces, position, earlier }) => {
            EndgameReport::answer_lines(id, tables.lines(&position, &earlier, pieces, (EXACT_LINES, EXACT_LINE_PLIES)))
        }
        Err(error) => EndgameReport::refusal(line, &error),
    }
}

/// Posts `report` from the worker to the page.
fn post(report: &EngineReport) {
    let scope: Option<DedicatedWorkerGlobalScope> = js_sys::global().dyn_into().ok();
    if let Some(scope) = scope {
        let _ = scope.post_message(&JsValue::from_str(&report.encode()));
    }
}

/// Posts a report of the endgame dialect.
fn post_endgame(report: &EndgameReport) {
    let scope: Option<DedicatedWorkerGlobalScope> = js_sys::global().dyn_into().ok();
    if let Some(scope) = scope {
        let _ = scope.post_message(&JsValue::from_str(&report.encode()));
    }
}

/// The worker's entry (called by `ai-worker.js`): listens for requests for as long as it lives.
#[wasm_bindgen]
pub fn worker_start() -> Result<(), JsError> {
    let scope: DedicatedWorkerGlobalScope =
        js_sys::global().dyn_into().map_err(|_| JsError::new("worker_start runs in a dedicated worker only"))?;
    let mut engine = Engine::new(TABLE_MB, clock);
    let on_message = Closure::<dyn FnMut(MessageEvent)>::new(move |event: MessageEvent| {
        let Some(line) = event.data().as_string() else {
            let message = "a request must be a line of text".to_string();
            return post(&EngineReport::Failed { id: 0, message });
        };
        // Only the whole page asks for exact values: the first visit's build has none of the
        // solver's code.
        if Features::here().is_some() && EndgameRequest::is_one(&line) {
            let report = TABLES.with_borrow_mut(|tables| run_endgame(&line, tables));
            return post_endgame(&report);
        }
        match EngineRequest::decode(&line) {
            Ok(request) => run(request, &mut engine, &mut |report| post(&report)),
            Err(error) => {
                let id = EngineRequest::id_in(&line).unwrap_or(0);
                post(&EngineReport::Failed { id, message: format!("bad request: {error}") });
            }
        }
    });
    scope.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    // The handler lives as long as the worker.
    on_message.forget();
    scope
        .post_message(&JsValue::from_str(&EngineReport::Ready.encode()))
        .map_err(|_| JsError::new("the worker cannot post messages"))
}
