//! The scripts' functions that the features answer (review, puzzles, online play:
//! `crate::ui::features`). The first-visit build has none of them: boot.js's stand-ins load the
//! whole page, then call its own.

use super::game::with_page;
use crate::ai::review::PlyReview;
use crate::engine_protocol::worker::{EngineReport, EngineRequest};
use crate::online::bridge::Command;
use crate::online::host::ToPage;
use crate::rules::{Card, Color, Game, Move};
use crate::ui::intent::{Intent, OnlineAction};
use crate::ui::session::Event;
use crate::ui::web as page;
use onitama_js::{CALLER_CAP_MS, JsFields, JsLimits, JsScore};
use wasm_bindgen::prelude::*;

/// A reviewed move as `review_game` gives it.
fn review_entry(entry: &PlyReview) -> Result<JsValue, serde_wasm_bindgen::Error> {
    #[derive(serde::Serialize)]
    struct Entry {
        ply: usize,
        #[serde(rename = "move")]
        played: String,
        best: Option<String>,
        score_before: JsScore,
        score_after: JsScore,
        class: &'static str,
        line: Vec<String>,
    }
    serde_wasm_bindgen::to_value(&Entry {
        ply: entry.ply,
        played: entry.played.to_string(),
        best: entry.best.map(|m| m.to_string()),
        score_before: entry.score_before.into(),
        score_after: entry.score_after.into(),
        class: entry.class.code(),
        line: entry.line.iter().map(Move::to_string).collect(),
    })
}

/// review_game(record, { movetime }) reviews every move of a game in a worker of its own, so the
/// page stays responsive. It returns a Promise of one entry per move,
/// `{ ply, move, best, score_before, score_after, class, line }`: scores as `best_move` gives them
/// (for the side that moved), class one of "best", "good", "inaccuracy", "mistake", "blunder".
/// Without limits each position is searched for 200 ms.
#[wasm_bindgen]
pub fn review_game(record: &str, limits: JsValue) -> Result<js_sys::Promise, JsError> {
    use crate::ui::web::ai_client::AiWorker;
    use std::cell::RefCell;
    use std::rc::Rc;
    let game = Game::from_record(record).map_err(|e| JsError::new(&format!("bad record: {e}")))?;
    if game.moves().is_empty() {
        return Err(JsError::new("the record has no moves to review"));
    }
    let mut limits = JsLimits::read(&limits).map_err(|e| JsError::new(&e))?;
    if limits.depth.is_none() && limits.nodes.is_none() {
        limits.movetime = Some(limits.movetime.unwrap_or(crate::ui::review::REVIEW_MS).min(CALLER_CAP_MS));
    }
    let request = EngineRequest::Review { id: 1, game, limits: limits.to_limits() };
    let mut started: Result<(), JsValue> = Ok(());
    let promise = js_sys::Promise::new(&mut |resolve, reject| {
        let holder: Rc<RefCell<Option<AiWorker>>> = Rc::default();
        let entries = js_sys::Array::new();
        let (keep, fail) = (holder.clone(), reject.clone());
        let on_report = move |report: EngineReport| {
            let failure = match report {
                EngineReport::Reviewed { entry, .. } => match review_entry(&entry) {
                    Ok(value) => {
                        entries.push(&value);
                        return;
                    }
                    Err(error) => error.to_string(),
                },
                EngineReport::Done { .. } => {
                    let _ = resolve.call1(&JsValue::NULL, &entries);
                    keep.borrow_mut().take();
                    return;
                }
                EngineReport::Failed { message, .. } => message,
                EngineReport::Ready | EngineReport::Info { .. } | EngineReport::Lines { .. } => return,
            };
            let _ = reject.call1(&JsValue::NULL, &js_sys::Error::new(&failure));
            keep.borrow_mut().take();
        };
        let failed = holder.clone();
        let on_failure = move |message: String| {
            let _ = fail.call1(&JsValue::NULL, &js_sys::Error::new(&message));
            failed.borrow_mut().take();
        };
        started = AiWorker::start(on_report, on_failure).and_then(|worker| {
            worker.send(&request)?;
            *holder.borrow_mut() = Some(worker);
            Ok(())
        });
    });
    started.map_err(|_| JsError::new("the review's worker could not start"))?;
    Ok(promise)
}

/// puzzles() returns a Promise of the puzzle set, `[{ id, position, plies, difficulty }]`: the side
/// to move in `position` wins in exactly `plies` plies, with one first move only. The set is
/// fetched (from `puzzles.txt`) on first use. It is the whole set: the page offers only the
/// puzzles whose five cards are all in the deck.
#[wasm_bindgen]
pub fn puzzles() -> js_sys::Promise {
    use crate::ui::web::puzzles::load;
    fn to_array(set: &[crate::ai::puzzle::Puzzle]) -> JsValue {
        let array = js_sys::Array::new();
        for puzzle in set {
            let entry = js_sys::Object::new();
            let fields: [(&str, JsValue); 4] = [
                ("id", puzzle.id.into()),
                ("position", puzzle.position.to_string().into()),
                ("plies", puzzle.plies.into()),
                ("difficulty", puzzle.difficulty().code().into()),
            ];
            for (name, value) in fields {
                let _ = js_sys::Reflect::set(&entry, &name.into(), &value);
            }
            array.push(&entry);
        }
        array.into()
    }
    let kept = with_page(|app| app.state().page.puzzle_set.clone()).ok().flatten();
    js_sys::Promise::new(&mut |resolve, reject| match &kept {
        Some(set) => {
            let _ = resolve.call1(&JsValue::NULL, &to_array(set));
        }
        None => load(move |set| {
            let _ = match set {
                Ok(set) => {
                    // The page keeps it too: its list and puzzles need not fetch it again.
                    let _ = with_page(|app| app.dispatch(Event::PuzzleSet(Ok(set.clone()))));
                    resolve.call1(&JsValue::NULL, &to_array(&set))
                }
                Err(reason) => reject.call1(&JsValue::NULL, &js_sys::Error::new(&reason)),
            };
        }),
    })
}

/// Online play, as the "Invite a friend" dialog starts it: `{ cards, color, move_limit_s | clock,
/// watchers }`, all optional (a random deal, a random colour, three minutes a move; scripts may
/// give any limit of 5 s or more, or `null` for none; or a game clock, `clock: { minutes,
/// increment_s }`, from a quarter of a minute to 180, plus 0 to 60 s a move; a limit and a clock
/// together throw; `watchers: false` refuses third browsers, who may watch otherwise). Scripts
/// get it from boot.js, as a promise of `{ room, link }` once the room is made (boot.js waits for
/// it: a wait for scripts only, kept out of the wasm).
#[wasm_bindgen]
pub fn online_create(options: JsValue) -> Result<(), JsError> {
    let setup = online_invitation(&options).map_err(|e| JsError::new(&e))?;
    with_page(|app| app.dispatch(Event::Intent(Intent::Online(OnlineAction::Invite(setup)))))
}

fn online_invitation(options: &JsValue) -> Result<crate::online::Invitation, String> {
    use crate::online::{ColorChoice, DealChoice, Invitation, MoveLimit};
    let known = ["cards", "color", "move_limit_s", "clock", "watchers"];
    let Some(fields) = JsFields::read(options, "bad online options", Some(&known))? else {
        return Ok(Invitation::default());
    };
    let deal = match fields.strings("cards")? {
        None => DealChoice::Random,
        Some(names) => {
            let cards = names
                .iter()
                .map(|name| Card::from_name(name).ok_or_else(|| format!("unknown card '{name}'")))
                .collect::<Result<Vec<_>, _>>()?;
            let cards: [Card; 5] =
                cards.try_into().map_err(|_| "give exactly five cards: Red, Red, Blue, Blue, side")?;
            DealChoice::Chosen(crate::rules::Deal::new(cards).map_err(|e| e.to_string())?)
        }
    };
    let color = match fields.string("color")?.as_deref() {
        None | Some("random") => ColorChoice::Random,
        Some(code) => ColorChoice::Is(
            Color::from_code(code).ok_or(format!("color must be 'red', 'blue' or 'random', not '{code}'"))?,
        ),
    };
    // Third browsers with the link may watch unless turned off.
    let watchers = fields.bool("watchers")?.unwrap_or(true);
    let clock = fields.object("clock", "bad online options: clock", &["minutes", "increment_s"])?;
    if let Some(clock) = clock {
        if fields.whole_or_null("move_limit_s")?.is_some() {
            return Err("give move_limit_s or clock, not both".to_string());
        }
        let minutes = clock.number("minutes")?.unwrap_or(3.0);
        let increment = clock.whole("increment_s")?.unwrap_or(0);
        // Whole seconds (a saturating cast: a huge number of minutes is refused below).
        let seconds = (minutes * 60.0).round() as u64;
        let limit = u32::try_from(increment)
            .ok()
            .zip(u32::try_from(seconds).ok())
            .and_then(|(increment, seconds)| MoveLimit::clock(seconds, increment))
            // Said in whole seconds: formatting a float would weigh on the page's download.
            .ok_or(format!(
                "a clock is from 0.25 to 180 minutes, plus 0 to {} seconds a move, not {seconds} s + {increment}",
                MoveLimit::MAX_INCREMENT
            ))?;
        return Ok(Invitation { deal, color, limit, watchers });
    }
    let limit = match fields.whole_or_null("move_limit_s")? {
        None => MoveLimit::DEFAULT,
        Some(None) => MoveLimit::None,
        Some(Some(seconds)) => u32::try_from(seconds)
            .ok()
            .and_then(MoveLimit::seconds)
            .ok_or(format!("move_limit_s must be at least {} seconds, not {seconds}", MoveLimit::MIN_SECONDS))?,
    };
    Ok(Invitation { deal, color, limit, watchers })
}

/// A line from the online module: online.js hands each over after the task that caused it.
#[wasm_bindgen]
pub fn online_heard(line: String) {
    match ToPage::decode(&line) {
        Ok(said) => page::dispatch(Event::Online(crate::ui::features::Features::present(), said)),
        Err(refusal) => {
            let why = format!("the online module said what does not read ({})", refusal.code());
            web_sys::console::error_1(&why.into());
        }
    }
}

/// The online module could not be fetched (boot.js says so).
#[wasm_bindgen]
pub fn online_unavailable() {
    page::dispatch(Event::OnlineUnavailable);
}

/// Joins a friend's online game: its room, or a link with `#online=<room>`.
#[wasm_bindgen]
pub fn online_join(room_or_link: &str) -> Result<(), JsError> {
    if crate::online::bridge::room_of_link(room_or_link).is_none() {
        return Err(JsError::new(&format!("no online room in '{room_or_link}'")));
    }
    with_page(|app| app.dispatch(Event::Intent(Intent::Online(OnlineAction::Join(room_or_link.to_string())))))
}

/// Plays the next stranger who asks with the same cards.
#[wasm_bindgen]
pub fn online_find() -> Result<(), JsError> {
    with_page(|app| app.dispatch(Event::Intent(Intent::Online(OnlineAction::Find))))
}

/// Leaves online play; the game on the board stays, to be looked at.
#[wasm_bindgen]
pub fn online_leave() -> Result<(), JsError> {
    let leave = OnlineAction::Press(crate::ui::features::Features::present(), Command::Leave);
    with_page(|app| app.dispatch(Event::Intent(Intent::Online(leave))))
}

/// Says a phrase of the fixed list to the online opponent (`hello`, `good-luck`, `well-played`,
/// `thanks`, `oops`, `one-moment`, `rematch`, `good-game`), as the phrases' buttons do: the
/// opponent's page shows it in its own language. Throws for another code; one said within
/// 2.5 s of the last is refused by the online module (`online.error` `too-early`).
#[wasm_bindgen]
pub fn online_say(code: &str) -> Result<(), JsError> {
    let phrase = crate::online::Phrase::from_code(code).ok_or_else(|| JsError::new(&format!("no phrase '{code}'")))?;
    let say = OnlineAction::Press(crate::ui::features::Features::present(), Command::Say(phrase));
    with_page(|app| app.dispatch(Event::Intent(Intent::Online(say))))
}

/// Aborts the online game, as its Abort button does: only before each side has moved once
/// (`online.error` says `too-late` afterwards, `opponent-away` without the opponent).
#[wasm_bindgen]
pub fn online_abort() -> Result<(), JsError> {
    online_press(Command::Abort)
}

/// Asks the online opponent to take back this player's last move (and their reply, if made), as
/// Undo does online. Refused by the module (`online.error`) when there is none to ask: nothing of
/// this player's to take back, a request standing, or one declined since the last move.
#[wasm_bindgen]
pub fn online_takeback() -> Result<(), JsError> {
    online_press(Command::Takeback)
}

/// Answers the online opponent's takeback request: accepted (both pages take the moves back) or
/// declined.
#[wasm_bindgen]
pub fn online_takeback_answer(accept: bool) -> Result<(), JsError> {
    online_press(if accept { Command::AcceptTakeback } else { Command::DeclineTakeback })
}

fn online_press(command: Command) -> Result<(), JsError> {
    let press = OnlineAction::Press(crate::ui::features::Features::present(), command);
    with_page(|app| app.dispatch(Event::Intent(Intent::Online(press))))
}

/// Plays the puzzle's solution out on the board from its start, as "Show the solution" does;
/// false when it is not offered (no puzzle, solved, or shown already).
#[wasm_bindgen]
pub fn game_show_solution() -> Result<bool, JsError> {
    with_page(|app| {
        let offered = app.state().puzzle().is_some_and(|run| run.offers_solution());
        app.dispatch(Event::Intent(Intent::ShowSolution));
        offered
    })
}

/// Opens the list of puzzles at a difficulty, `"easy"`, `"medium"` or `"hard"`, as the menu and
/// the list's buttons do; `null` or `undefined` closes it, as Escape does.
#[wasm_bindgen]
pub fn game_puzzle_list(difficulty: Option<String>) -> Result<(), JsError> {
    let shows = match difficulty.as_deref() {
        None => None,
        Some(code) => Some(
            crate::ai::puzzle::Difficulty::from_code(code).ok_or_else(|| JsError::new("use easy, medium or hard"))?,
        ),
    };
    with_page(|app| match shows {
        Some(shows) => {
            app.dispatch(Event::Intent(Intent::OpenPuzzleList));
            app.dispatch(Event::Intent(Intent::PuzzleListShows(shows)));
        }
        None => app.dispatch(Event::Intent(Intent::ClosePuzzleList)),
    })
}

/// Plays the puzzle with this id, as a choice in the list does (the set is fetched first if
/// needed); an id the set lacks, or a puzzle with a card not in the deck (not offered), changes
/// nothing.
#[wasm_bindgen]
pub fn game_choose_puzzle(id: u32) -> Result<(), JsError> {
    with_page(|app| app.dispatch(Event::Intent(Intent::ChoosePuzzle(crate::ui::puzzle::Choice::Id(id)))))
}

/// Opens the analysis board on `position` (the position shown when none), the game in progress
/// aside; called again, it replaces the analysis and the game aside stays the first one. Throws
/// for a malformed position, and during an online game in progress (the engine does not help).
#[wasm_bindgen]
pub fn analysis_open(position: Option<String>) -> Result<(), JsError> {
    let position = position.map(|text| onitama_js::parse_position(&text)).transpose()?;
    with_page(|app| {
        let state = app.state();
        if matches!(state.mode, crate::mode::Mode::Online { .. }) && state.game().outcome().is_none() {
            return Err(JsError::new("the engine does not help in an online game in progress"));
        }
        app.dispatch(Event::Intent(position.map_or(Intent::Analyse, Intent::AnalysePosition)));
        Ok(())
    })?
}

/// Leaves the analysis board: the game aside comes back (without one, the line explored stays as
/// a game of two players). `false` when no analysis was open.
#[wasm_bindgen]
pub fn analysis_close() -> Result<bool, JsError> {
    with_page(|app| {
        let open = app.state().analysis().is_some();
        app.dispatch(Event::Intent(Intent::LeaveAnalysis));
        open
    })
}
