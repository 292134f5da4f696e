//! The AI's Web Worker (wasm32 only): searches off the page's thread and reports progress.
//!
//! The worker loads the page's own module (`ai-worker.js`), so the game ships one wasm file.
//! Once loaded the worker posts `{ kind: "ready" }`; messages sent before that
//! are lost. The page then posts a [`SearchRequest`]; the worker answers with `info` reports after each finished
//! depth and one `done` (or `error`) report. To cancel, the page terminates the worker and starts
//! a new one: a search never blocks the page.

use crate::ai::puzzle;
use crate::ai::review::{self, MoveClass, PlyReview};
use crate::ai::{Engine, Info, Level, LevelPlayer, Limits, Score};
use crate::js_fields::JsFields;
use crate::rules::{Game, Move, Position};
use serde::Serialize;
use wasm_bindgen::prelude::*;
use web_sys::{DedicatedWorkerGlobalScope, MessageEvent};

/// The table's fixed size in the browser.
pub const TABLE_MB: usize = 16;

#[derive(Serialize, Default, Clone, Copy)]
pub struct JsLimits {
    pub depth: Option<u32>,
    pub movetime: Option<f64>,
    pub nodes: Option<u64>,
}

impl JsLimits {
    /// `{ depth, movetime, nodes }`, any of them; `undefined` or `null` for none.
    pub fn read(value: &JsValue) -> Result<JsLimits, String> {
        let Some(fields) = JsFields::read(value, "bad limits", Some(&["depth", "movetime", "nodes"]))? else {
            return Ok(JsLimits::default());
        };
        Ok(JsLimits {
            depth: fields.whole("depth")?.map(|d| d.min(u64::from(u32::MAX)) as u32),
            movetime: fields.number("movetime")?,
            nodes: fields.whole("nodes")?,
        })
    }

    pub fn to_limits(self) -> Limits {
        let limits = Limits { depth: self.depth, movetime_ms: self.movetime, nodes: self.nodes };
        if limits == Limits::default() { Limits { movetime_ms: Some(1000.0), ..limits } } else { limits }
    }
}

#[derive(Serialize, Default)]
pub struct SearchRequest {
    pub id: u32,
    pub position: String,
    /// Earlier positions of the game, oldest first (for repetitions).
    pub earlier: Vec<String>,
    pub limits: JsLimits,
    /// A level name; when set it decides the limits and the style of play.
    pub level: Option<String>,
    /// The level's dice (a JavaScript number, so 32 bits).
    pub seed: u32,
    /// A game record to review move by move instead of one search (`position` is then unused).
    pub review: Option<String>,
    /// A puzzle's defence instead of a search: the opponent tries to win within this many plies.
    pub defend: Option<u32>,
}

impl SearchRequest {
    pub fn read(value: &JsValue) -> Result<SearchRequest, String> {
        let fields = JsFields::read(value, "search request", None)?.ok_or("no search request")?;
        let id = fields.whole("id")?.unwrap_or(0) as u32;
        Ok(SearchRequest {
            id,
            position: fields.string("position")?.unwrap_or_default(),
            earlier: fields.strings("earlier")?.unwrap_or_default(),
            limits: JsLimits::read(&fields.value("limits"))?,
            level: fields.string("level")?,
            seed: fields.whole("seed")?.unwrap_or(0) as u32,
            review: fields.string("review")?,
            defend: fields.whole("defend")?.map(|plies| plies.min(u64::from(u32::MAX)) as u32),
        })
    }
}

#[derive(Serialize, Clone, PartialEq, Debug)]
pub struct JsScore {
    /// "value", "win" or "loss".
    pub kind: String,
    /// Hundredths of a student for "value"; plies for "win" and "loss".
    pub value: i32,
}

impl JsScore {
    pub fn to_score(&self) -> Option<Score> {
        match self.kind.as_str() {
            "value" => Some(Score::Value(self.value)),
            "win" => Some(Score::Win(self.value.max(0) as u32)),
            "loss" => Some(Score::Loss(self.value.max(0) as u32)),
            _ => None,
        }
    }
}

impl From<Score> for JsScore {
    fn from(score: Score) -> JsScore {
        match score {
            Score::Value(v) => JsScore { kind: "value".into(), value: v },
            Score::Win(plies) => JsScore { kind: "win".into(), value: plies as i32 },
            Score::Loss(plies) => JsScore { kind: "loss".into(), value: plies as i32 },
        }
    }
}

#[derive(Serialize)]
pub struct SearchReport {
    pub id: u32,
    /// "info", "done" or "error".
    pub kind: &'static str,
    pub best: Option<String>,
    pub depth: u32,
    pub score: JsScore,
    pub nodes: f64,
    pub nps: f64,
    pub pv: Vec<String>,
    pub message: Option<String>,
}

/// A report as the page reads it back (the worker's first message has only `kind: "ready"`).
#[derive(Default)]
pub struct SearchReportIn {
    pub id: u32,
    pub kind: String,
    pub best: Option<String>,
    pub depth: u32,
    pub score: Option<JsScore>,
    pub message: Option<String>,
}

impl SearchReportIn {
    pub fn read(value: &JsValue) -> Result<SearchReportIn, String> {
        let fields = JsFields::read(value, "search report", None)?.ok_or("no search report")?;
        let score = match JsFields::read(&fields.value("score"), "score", None)? {
            Some(score) => Some(JsScore {
                kind: score.string("kind")?.unwrap_or_default(),
                value: score.integer("value")?.unwrap_or(0).clamp(i64::from(i32::MIN), i64::from(i32::MAX)) as i32,
            }),
            None => None,
        };
        Ok(SearchReportIn {
            id: fields.whole("id")?.unwrap_or(0) as u32,
            kind: fields.string("kind")?.unwrap_or_default(),
            best: fields.string("best")?,
            depth: fields.whole("depth")?.unwrap_or(0) as u32,
            score,
            message: fields.string("message")?,
        })
    }
}

impl SearchReport {
    pub fn from_info(id: u32, kind: &'static str, info: &Info, best: Option<Move>) -> SearchReport {
        SearchReport {
            id,
            kind,
            best: best.map(|m| m.to_string()),
            depth: info.depth,
            score: info.score.into(),
            nodes: info.nodes as f64,
            nps: info.nps() as f64,
            pv: info.pv.iter().map(Move::to_string).collect(),
            message: None,
        }
    }

    fn error(id: u32, message: String) -> SearchReport {
        let info = Info { depth: 0, score: Score::Value(0), nodes: 0, elapsed_ms: 0.0, pv: Vec::new() };
        SearchReport { message: Some(message), ..SearchReport::from_info(id, "error", &info, None) }
    }
}

/// One reviewed move: `{ id, kind: "reviewed", total, ply, move, best, score_before, score_after, class, line }`.
#[derive(Serialize)]
pub struct ReviewReport {
    pub id: u32,
    pub kind: &'static str,
    /// Moves in the game.
    pub total: usize,
    pub ply: usize,
    #[serde(rename = "move")]
    pub played: String,
    pub best: Option<String>,
    pub score_before: JsScore,
    pub score_after: JsScore,
    pub class: &'static str,
    pub line: Vec<String>,
}

impl ReviewReport {
    pub fn new(id: u32, entry: &PlyReview, total: usize) -> ReviewReport {
        ReviewReport {
            id,
            kind: "reviewed",
            total,
            ply: entry.ply,
            played: entry.played.to_string(),
            best: entry.best.map(|m| m.to_string()),
            score_before: entry.score_before.into(),
            score_after: entry.score_after.into(),
            class: entry.class.code(),
            line: entry.line.iter().map(Move::to_string).collect(),
        }
    }

    /// Reads a reviewed move back on the page.
    pub fn read_entry(value: &JsValue) -> Result<(PlyReview, usize), String> {
        let fields = JsFields::read(value, "review report", None)?.ok_or("no review report")?;
        let parse_move = |text: Option<String>| -> Result<Option<Move>, String> {
            text.map(|t| t.parse::<Move>().map_err(|e| format!("bad move {t}: {e}"))).transpose()
        };
        let score = |name: &str| -> Result<Score, String> {
            let score = JsFields::read(&fields.value(name), "score", None)?.ok_or("no score")?;
            let kind = score.string("kind")?.unwrap_or_default();
            let value = score.integer("value")?.unwrap_or(0).clamp(-1_000_000, 1_000_000) as i32;
            JsScore { kind, value }.to_score().ok_or_else(|| format!("bad {name}"))
        };
        let class = fields.string("class")?.unwrap_or_default();
        let line = fields.strings("line")?.unwrap_or_default();
        Ok((
            PlyReview {
                ply: fields.whole("ply")?.unwrap_or(0) as usize,
                played: parse_move(fields.string("move")?)?.ok_or("no move")?,
                best: parse_move(fields.string("best")?)?,
                line: line
                    .into_iter()
                    .map(|t| parse_move(Some(t)))
                    .collect::<Result<Option<Vec<_>>, _>>()?
                    .unwrap_or_default(),
                score_before: score("score_before")?,
                score_after: score("score_after")?,
                class: MoveClass::from_code(&class).ok_or_else(|| format!("bad class {class}"))?,
            },
            fields.whole("total")?.unwrap_or(0) as usize,
        ))
    }
}

/// Milliseconds, in the page and in the worker.
pub fn clock() -> f64 {
    js_sys::Date::now()
}

/// Parses a request's positions, with the reason when one is malformed.
pub fn parse_positions(position: &str, earlier: &[String]) -> Result<(Position, Vec<Position>), String> {
    let parse = |text: &str| text.parse::<Position>().map_err(|e| format!("bad position \"{text}\": {e}"));
    let earlier = earlier.iter().map(|text| parse(text)).collect::<Result<Vec<_>, _>>()?;
    Ok((parse(position)?, earlier))
}

/// Runs one request to its end, reporting through `report`.
pub fn run(request: SearchRequest, engine: &mut Engine, report: &mut dyn FnMut(SearchReport)) {
    let id = request.id;
    if let Some(record) = &request.review {
        let game = match Game::from_record(record) {
            Ok(game) => game,
            Err(error) => return report(SearchReport::error(id, format!("bad record: {error}"))),
        };
        let limits = request.limits.to_limits();
        review::review(&game, engine, limits, &mut |entry, total| {
            post(&ReviewReport::new(id, entry, total));
            true
        });
        let info = Info { depth: 0, score: Score::Value(0), nodes: 0, elapsed_ms: 0.0, pv: Vec::new() };
        return report(SearchReport::from_info(id, "done", &info, None));
    }
    let (position, earlier) = match parse_positions(&request.position, &request.earlier) {
        Ok(parsed) => parsed,
        Err(message) => return report(SearchReport::error(id, message)),
    };
    if let Some(plies) = request.defend {
        // The best defence, exactly; a loss score says the opponent's win still stands.
        let best = puzzle::defence(&position, plies);
        let after = best.and_then(|m| position.play(m).ok());
        let still_lost = plies > 1 && after.is_some_and(|next| puzzle::wins_within(&next, plies - 1));
        let score = if still_lost { Score::Loss(plies) } else { Score::Value(0) };
        let info = Info { depth: 0, score, nodes: 0, elapsed_ms: 0.0, pv: Vec::new() };
        return report(SearchReport::from_info(id, "done", &info, best));
    }
    if let Some(name) = request.level {
        let Some(level) = Level::by_name(&name) else {
            return report(SearchReport::error(id, format!("unknown level '{name}'")));
        };
        let fresh = Engine::new(1, clock);
        let mut player = LevelPlayer::new(level, std::mem::replace(engine, fresh), u64::from(request.seed));
        let best = player.choose(&position, &earlier);
        *engine = player.engine;
        // A level reports only its move: depth 0 marks the score as meaningless.
        let info = Info { depth: 0, score: Score::Value(0), nodes: 0, elapsed_ms: 0.0, pv: Vec::new() };
        return report(SearchReport::from_info(id, "done", &info, best));
    }
    let result = engine.search(&position, &earlier, request.limits.to_limits(), &mut |info| {
        report(SearchReport::from_info(id, "info", info, info.pv.first().copied()));
    });
    report(SearchReport::from_info(id, "done", &result.info, result.best));
}

/// Posts `message` from the worker to the page.
fn post(message: &impl Serialize) {
    let scope: Option<DedicatedWorkerGlobalScope> = js_sys::global().dyn_into().ok();
    if let (Some(scope), Ok(value)) = (scope, serde_wasm_bindgen::to_value(message)) {
        let _ = scope.post_message(&value);
    }
}

/// The worker's entry (called by `ai-worker.js`): listens for requests for as long as it lives.
#[wasm_bindgen]
pub fn worker_start() -> Result<(), JsError> {
    let scope: DedicatedWorkerGlobalScope =
        js_sys::global().dyn_into().map_err(|_| JsError::new("worker_start runs in a dedicated worker only"))?;
    let mut engine = Engine::new(TABLE_MB, clock);
    let on_message = Closure::<dyn FnMut(MessageEvent)>::new(move |event: MessageEvent| {
        let mut report = |report: SearchReport| post(&report);
        match SearchRequest::read(&event.data()) {
            Ok(request) => run(request, &mut engine, &mut report),
            Err(error) => report(SearchReport::error(0, format!("bad search request: {error}"))),
        }
    });
    scope.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    // The handler lives as long as the worker.
    on_message.forget();
    let ready = js_sys::Object::new();
    let _ = js_sys::Reflect::set(&ready, &"kind".into(), &"ready".into());
    scope.post_message(&ready).map_err(|_| JsError::new("the worker cannot post messages"))
}
