//! The game on the page, for scripts: the same events the board and its buttons send, and the
//! state they read back.

use crate::rules::{Game, Move};
use onitama_js::{JsFields, JsScore, parse_position};
use wasm_bindgen::prelude::*;

use crate::mode::{AiLevel, ModeChoice, ModeKind, Seat};
use crate::rules::{Card, Color};
use crate::ui::intent::{Intent, SettingsPatch};
use crate::ui::refusal::refusal;
use crate::ui::session::Event;
use crate::ui::settings::{Theme, WatchSpeed};
use crate::ui::text::TextsFile;
use crate::ui::view::ControlsView;
use crate::ui::web::{self as page, App};
use crate::ui::{Lang, NewGame};

fn no_game() -> JsError {
    JsError::new("the game has not started on this page")
}

/// Runs `f` on the page's app, or says that there is none.
pub(super) fn with_page<T>(f: impl FnOnce(&mut App) -> T) -> Result<T, JsError> {
    page::with_app(f).ok_or_else(no_game)
}

/// A value for JavaScript; what is absent reads as `null`.
fn to_js(value: &impl serde::Serialize) -> Result<JsValue, JsError> {
    let serializer = serde_wasm_bindgen::Serializer::new().serialize_missing_as_null(true);
    value.serialize(&serializer).map_err(|e| JsError::new(&e.to_string()))
}

#[derive(Default)]
struct GameOptions {
    /// "ai" (the default), "two" or "watch".
    mode: Option<String>,
    /// "red" or "blue": the person's colour against the AI.
    human: Option<String>,
    /// 0 (novice) … 11 (master): an index into `Level::ALL`.
    level: Option<usize>,
    /// Five card names: Red, Red, Blue, Blue, side.
    cards: Option<Vec<String>>,
    /// Start from this position instead of a deal.
    position: Option<String>,
    /// Pass and play: turn the board toward whoever moves (default true).
    turn_board: Option<bool>,
}

impl GameOptions {
    const FIELDS: [&str; 6] = ["mode", "human", "level", "cards", "position", "turn_board"];

    fn read(value: &JsValue) -> Result<GameOptions, String> {
        let Some(fields) = JsFields::read(value, "bad game options", Some(&GameOptions::FIELDS))? else {
            return Ok(GameOptions::default());
        };
        Ok(GameOptions {
            mode: fields.string("mode")?,
            human: fields.string("human")?,
            level: fields.whole("level")?.map(|level| level.min(usize::MAX as u64) as usize),
            cards: fields.strings("cards")?,
            position: fields.string("position")?,
            turn_board: fields.bool("turn_board")?,
        })
    }
}

fn parse_options(value: JsValue) -> Result<NewGame, JsError> {
    let options = GameOptions::read(&value).map_err(|e| JsError::new(&e))?;
    let level = match options.level {
        None => AiLevel::DEFAULT,
        Some(index) => AiLevel::from_index(index)
            .ok_or_else(|| JsError::new(&format!("level {index} does not exist: use 0 to {}", AiLevel::COUNT - 1)))?,
    };
    let mode = options.mode.as_deref().unwrap_or(ModeKind::VsAi.code());
    let kind = ModeKind::from_code(mode)
        .ok_or_else(|| JsError::new(&format!("mode must be 'ai', 'two' or 'watch', not '{mode}'")))?;
    let human = options.human.as_deref().unwrap_or(Color::Red.code());
    let seat = Color::from_code(human)
        .map(Seat::of)
        .ok_or_else(|| JsError::new(&format!("human must be 'red' or 'blue', not '{human}'")))?;
    let choice = ModeChoice { kind, seat, level, turn_board: options.turn_board.unwrap_or(true) };
    let cards = match options.cards {
        None => None,
        Some(names) => {
            let cards = cards_named(&names).map_err(|e| JsError::new(&e))?;
            let cards: [Card; 5] =
                cards.try_into().map_err(|_| JsError::new("give exactly five cards: Red, Red, Blue, Blue, side"))?;
            Some(cards)
        }
    };
    let position = options.position.as_deref().map(parse_position).transpose()?;
    // A script names the colour: the coin decides nothing. A random deal draws from the page's deck.
    let deck = with_page(|app| app.state().page.settings.cards)?;
    Ok(NewGame { mode: choice.mode(false), cards, position, deck })
}

/// The cards of these names, or the first name that is none.
fn cards_named(names: &[String]) -> Result<Vec<Card>, String> {
    names.iter().map(|name| Card::from_name(name).ok_or_else(|| format!("unknown card '{name}'"))).collect()
}

/// Starts a new game on the page: `{ mode, human, level, cards, position, turn_board }`, all optional.
/// The game in progress is abandoned without the question the page asks a player (a script's
/// call is its yes).
#[wasm_bindgen]
pub fn game_new(options: JsValue) -> Result<(), JsError> {
    let options = parse_options(options)?;
    options.check().map_err(|e| JsError::new(&e.to_string()))?;
    with_page(|app| app.dispatch(Event::Intent(Intent::ReplaceWithNew(options))))
}

fn new_game(app: &mut App, game: Game, mode: crate::mode::Mode) {
    app.dispatch(Event::Intent(Intent::ReplaceGame { game, mode }));
}

/// The current game: position, side to move, moves, legal moves, outcome, and what the page is
/// doing and showing (mode, level, settings, the evaluation bar's score).
#[wasm_bindgen]
pub fn game_state() -> Result<JsValue, JsError> {
    #[derive(serde::Serialize)]
    struct View {
        position: String,
        to_move: &'static str,
        moves: Vec<String>,
        legal_moves: Vec<String>,
        outcome: Option<&'static str>,
        record: String,
        thinking: bool,
        /// "move", "hint" or "evaluate" while the AI searches.
        thinking_for: Option<&'static str>,
        animating: bool,
        can_undo: bool,
        can_redo: bool,
        hint: Option<String>,
        selected_card: Option<&'static str>,
        selected_piece: Option<String>,
        bottom: &'static str,
        /// The page's language code and the turn line drawn on the canvas in it.
        language: &'static str,
        turn_line: Option<String>,
        /// "ai", "two" or "watch"; the AI's level (an index, as `game_new` takes it), if it plays.
        mode: &'static str,
        level: Option<usize>,
        human: Option<&'static str>,
        /// What the evaluation bar shows: the score for the side to move, as `best_move` gives it.
        evaluation: Option<JsScore>,
        /// The result banner's text while it is shown.
        result: Option<String>,
        /// Where the keyboard focus is: a square ("c1") or a hand card ("red:0").
        focus: Option<String>,
        /// The card shown on the board from its holder's pieces (another side's, or the side card).
        preview: Option<&'static str>,
        /// While looking back at an earlier move: the number of moves of the whole line.
        viewing: Option<usize>,
        notice: Option<String>,
        /// The review on the page: `{ running, reviewed, total, classes, variation }`.
        review: Option<ReviewView>,
        /// The analysis board: `{ position, running, depth, lines: [{ moves, score }], exact }`.
        analysis: Option<AnalysisView>,
        /// The puzzle being played: `{ id, plies, daily, status, helped }`, status "playing",
        /// "solved" (by the player alone), "solved-with-help" (after a hint or a failed try: not
        /// ticked), "failed" or "shown" (its solution played out on the board, which does not count
        /// as solved); `helped` once a hint was asked for or a try failed.
        puzzle: Option<PuzzleView>,
        /// The tutorial on the board: `{ step, steps, done, wrong, expects }`.
        tutorial: Option<TutorialView>,
        /// The tutorial was finished or left on this device.
        tutorial_done: bool,
        /// Everything the controls around the board show, as the page writes them.
        controls: ControlsView,
        /// The names of the cards a new game is dealt from, in table order.
        cards_enabled: Vec<&'static str>,
        /// Online play: `{ status, room, you, opponent_connected, error, clock, watchers }`, or null.
        online: Option<OnlineStateView>,
    }
    #[derive(serde::Serialize)]
    struct OnlineStateView {
        /// "connecting", "waiting", "playing", "reconnecting", "ended", "error", or "watching"
        /// for a page that watches the game.
        status: &'static str,
        room: Option<String>,
        /// The colour dealt to this page, once dealt; null for a watcher.
        you: Option<&'static str>,
        opponent_connected: bool,
        /// Why online play stopped or was refused last (a code such as `seat-taken`), or null.
        error: Option<String>,
        /// Under a game clock, `{ red_ms, blue_ms, running, increment_ms }` (`running` "red",
        /// "blue" or null); null without one.
        clock: Option<ClockView>,
        /// How many browsers watch the game (0 when none).
        watchers: u32,
    }
    #[derive(serde::Serialize)]
    struct ClockView {
        red_ms: u64,
        blue_ms: u64,
        running: Option<&'static str>,
        increment_ms: u64,
    }
    #[derive(serde::Serialize)]
    struct TutorialView {
        /// 1 for the first.
        step: usize,
        steps: usize,
        done: bool,
        wrong: bool,
        /// The moves the step accepts.
        expects: &'static [&'static str],
    }
    #[derive(serde::Serialize)]
    struct PuzzleView {
        id: u32,
        plies: u32,
        daily: bool,
        status: &'static str,
        helped: bool,
    }
    #[derive(serde::Serialize)]
    struct AnalysisView {
        position: String,
        running: bool,
        /// The deepest depth finished for the position shown (0 before the first).
        depth: u32,
        lines: Vec<LineView>,
        /// The exact tables' value for the side to move ("win in 7", "loss in 4", "draw"), or null.
        exact: Option<String>,
    }
    #[derive(serde::Serialize)]
    struct LineView {
        moves: Vec<String>,
        score: JsScore,
    }
    #[derive(serde::Serialize)]
    struct ReviewView {
        running: bool,
        /// Moves reviewed so far, of `total`.
        reviewed: usize,
        total: usize,
        classes: Vec<&'static str>,
        /// The move whose place the engine's line takes on the board.
        variation: Option<usize>,
    }
    with_page(|app| {
        let session = app.session();
        let state = session.state();
        let game = state.game();
        let controls = session.controls();
        let online = state.online.as_ref().map(|online| {
            let script = online.script.as_ref();
            OnlineStateView {
                status: script.map_or("connecting", |s| s.phase.word()),
                room: script.and_then(|s| s.room.as_ref()).map(|room| room.as_str().to_string()),
                you: state.mode.online_seat().map(Color::code),
                opponent_connected: script.is_some_and(|s| s.opponent_connected),
                error: script.and_then(|s| s.error).map(|reason| reason.code().to_string()),
                clock: script.and_then(|s| s.clocks).map(|c| ClockView {
                    red_ms: c.left[Color::Red.index()],
                    blue_ms: c.left[Color::Blue.index()],
                    running: c.running.map(Color::code),
                    increment_ms: c.increment,
                }),
                watchers: script.map_or(0, |s| s.watchers),
            }
        });
        let view = View {
            online,
            position: game.position().to_string(),
            to_move: game.position().to_move().code(),
            moves: game.moves().iter().map(Move::to_string).collect(),
            legal_moves: game.legal_moves().iter().map(Move::to_string).collect(),
            outcome: game.outcome().map(|o| o.code()),
            record: game.to_record(),
            thinking: state.ai.thinking.is_some(),
            thinking_for: state.ai.thinking.map(|t| match t.purpose {
                crate::ui::state::Purpose::Move => "move",
                crate::ui::state::Purpose::Hint => "hint",
                crate::ui::state::Purpose::Evaluate => "evaluate",
                crate::ui::state::Purpose::Lines => "lines",
            }),
            animating: session.is_animating(),
            can_undo: controls.undo,
            can_redo: controls.redo,
            hint: state.board.hint.map(|m| m.to_string()),
            selected_card: state.board.selected_card.map(|c| c.name()),
            selected_piece: state.board.selected_piece.map(|s| s.to_string()),
            bottom: state.bottom().code(),
            language: state.lang().code(),
            turn_line: crate::ui::scene::turn_line(state),
            mode: state.mode.kind().code(),
            level: state.mode.level().map(AiLevel::index),
            human: state.mode.human().map(Color::code),
            evaluation: state.page.settings.evaluation.then(|| state.evaluation()).flatten().map(JsScore::from),
            result: controls.result.as_ref().map(|banner| banner.text.clone()),
            notice: controls.notice.clone(),
            preview: state.board.preview.map(|card| card.name()),
            viewing: state.board.history.looking_back_from(),
            review: state.review().map(|r| ReviewView {
                running: r.running,
                reviewed: r.entries.len(),
                total: r.total(),
                classes: r.entries.iter().map(|e| e.class.code()).collect(),
                variation: r.variation,
            }),
            analysis: state.analysis().map(|run| {
                let found = run.lines_of(game.position());
                let exact = state.ai.evaluation.filter(|e| e.exact && e.position == *game.position());
                AnalysisView {
                    position: game.position().to_string(),
                    running: run.running,
                    depth: found.map_or(0, |f| f.depth),
                    lines: found
                        .map_or(&[][..], |f| &f.lines[..])
                        .iter()
                        .map(|line| LineView {
                            moves: line.moves().map(|m| m.to_string()).collect(),
                            score: line.score.into(),
                        })
                        .collect(),
                    // The tables' words, as the CLI's `endgame` prints them.
                    exact: exact.map(|e| match e.score {
                        crate::ai::Score::Win(n) => format!("win in {n}"),
                        crate::ai::Score::Loss(n) => format!("loss in {n}"),
                        crate::ai::Score::Value(_) => "draw".to_string(),
                    }),
                }
            }),
            puzzle: state.puzzle().map(|run| PuzzleView {
                id: run.puzzle.id,
                plies: run.puzzle.plies,
                daily: run.daily,
                status: match run.status {
                    _ if run.shown => "shown",
                    crate::ui::puzzle::Status::Playing => "playing",
                    crate::ui::puzzle::Status::Solved if run.helped => "solved-with-help",
                    crate::ui::puzzle::Status::Solved => "solved",
                    crate::ui::puzzle::Status::Failed { .. } => "failed",
                },
                helped: run.helped,
            }),
            focus: state.board.focus.map(|focus| match focus {
                crate::ui::state::BoardFocus::Square(square) => square.to_string(),
                crate::ui::state::BoardFocus::Card(color, slot) => format!("{}:{slot}", color.code()),
                crate::ui::state::BoardFocus::Side => "side".to_string(),
            }),
            tutorial: state.tutorial().map(|run| TutorialView {
                step: run.step + 1,
                steps: crate::ui::tutorial::STEPS.len(),
                done: run.done,
                wrong: run.wrong,
                expects: run.current().expects,
            }),
            tutorial_done: state.page.tutorial_done,
            controls,
            cards_enabled: state.page.settings.cards.map(Card::name).collect(),
        };
        to_js(&view)
    })?
}

/// Plays a move on the page's game; an illegal one throws with the reason and changes nothing.
/// It may be either side's move: on the AI's turn it replaces the AI's search.
#[wasm_bindgen]
pub fn game_play(mv: &str) -> Result<(), JsError> {
    let m = mv.parse::<Move>().map_err(|e| JsError::new(&e.to_string()))?;
    with_page(|app| {
        app.state().position().check(m).map_err(|e| JsError::new(&e.to_string()))?;
        refused(app, Intent::Play(m))
    })?
}

/// Takes back a move (against the AI: back to the player's last turn): `true`, or it throws why
/// nothing is taken back (the start, a resignation, an online game, the tutorial).
#[wasm_bindgen]
pub fn game_undo() -> Result<bool, JsError> {
    with_page(|app| refused(app, Intent::Undo).map(|()| true))?
}

/// Plays the next move taken back again: `true`, or it throws why not.
#[wasm_bindgen]
pub fn game_redo() -> Result<bool, JsError> {
    with_page(|app| refused(app, Intent::Redo).map(|()| true))?
}

/// Hands `intent` to the session, or throws why the session refuses it.
fn refused(app: &mut App, intent: Intent) -> Result<(), JsError> {
    if let Some(why) = refusal(app.state(), &intent) {
        return Err(JsError::new(&why.to_string()));
    }
    app.dispatch(Event::Intent(intent));
    Ok(())
}

/// Resigns, as the Resign button's confirmation does: the person against the AI, the side to
/// move in pass and play. Returns whether this call ended the game (resigning is not always
/// offered, and a game over cannot be resigned).
#[wasm_bindgen]
pub fn game_resign() -> Result<bool, JsError> {
    with_page(|app| {
        let offered = app.state().resigner().is_some();
        app.dispatch(Event::Intent(Intent::Resign));
        offered && matches!(app.state().game().outcome(), Some(crate::rules::Outcome::Resigned { .. }))
    })
}

/// Asks the AI for a hint for the player to move (shown on the board when it arrives).
#[wasm_bindgen]
pub fn game_hint() -> Result<(), JsError> {
    with_page(|app| app.dispatch(Event::Intent(Intent::Hint)))
}

/// Loads a position into a new game, keeping the mode (the game in progress abandoned, as with
/// `game_new`); a malformed one throws and changes nothing.
#[wasm_bindgen]
pub fn game_load(position: &str) -> Result<(), JsError> {
    let position = parse_position(position)?;
    with_page(|app| {
        let mode = app.state().mode;
        new_game(app, Game::new(position), mode);
    })
}

/// The settings as scripts read them.
#[derive(serde::Serialize)]
struct SettingsView {
    /// Whether the evaluation bar is shown.
    evaluation: bool,
    /// "en", "fa", "es" or "fr".
    language: &'static str,
    sound: bool,
    /// "system", "light" or "dark".
    theme: &'static str,
    /// Letters and digits along the board's edges.
    coordinates: bool,
    /// "slow", "normal" or "fast": how fast the AI plays itself.
    watch_speed: &'static str,
    /// The names of the cards a new game is dealt from (at least five), in table order.
    cards_enabled: Vec<&'static str>,
}

fn read_settings_patch(value: &JsValue) -> Result<SettingsPatch, String> {
    const FIELDS: [&str; 7] =
        ["evaluation", "language", "sound", "theme", "coordinates", "watch_speed", "cards_enabled"];
    let Some(fields) = JsFields::read(value, "bad settings", Some(&FIELDS))? else {
        return Ok(SettingsPatch::default());
    };
    let language = match fields.string("language")? {
        None => None,
        Some(code) => Some(
            Lang::from_code(&code)
                .ok_or_else(|| format!("bad settings: language '{code}' is not offered: use en, fa, es or fr"))?,
        ),
    };
    let theme = match fields.string("theme")? {
        None => None,
        Some(code) => Some(
            Theme::from_code(&code)
                .ok_or_else(|| format!("bad settings: theme '{code}' does not exist: use system, light or dark"))?,
        ),
    };
    let watch_speed =
        match fields.string("watch_speed")? {
            None => None,
            Some(code) => Some(WatchSpeed::from_code(&code).ok_or_else(|| {
                format!("bad settings: watch_speed '{code}' does not exist: use slow, normal or fast")
            })?),
        };
    let cards = match fields.strings("cards_enabled")? {
        None => None,
        Some(names) => {
            let cards = cards_named(&names).map_err(|e| format!("bad settings: {e}"))?;
            let enabled = crate::ui::deck::checked(crate::rules::CardSet::of(&cards)).map_err(|_| {
                "bad settings: cards_enabled needs at least five different cards: a game deals five".to_string()
            })?;
            Some(enabled)
        }
    };
    Ok(SettingsPatch {
        cards,
        language,
        evaluation: fields.bool("evaluation")?,
        sound: fields.bool("sound")?,
        theme,
        coordinates: fields.bool("coordinates")?,
        watch_speed,
    })
}

/// Reads and changes the page's settings as its controls do: `patch` is
/// `{ evaluation, language, sound, theme, coordinates, watch_speed, cards_enabled }`, any of them (or
/// nothing, to read); `cards_enabled` lists card names, at least five.
/// Returns all the settings. A bad value throws and changes nothing.
#[wasm_bindgen]
pub fn game_settings(patch: JsValue) -> Result<js_sys::Promise, JsError> {
    let patch = read_settings_patch(&patch).map_err(|e| JsError::new(&e))?;
    let here = |lang| with_page(|app| app.state().page.texts.has_page(lang)).unwrap_or(false);
    with_page(|_| ())?;
    // A language whose texts are not here yet is fetched first; the promise then settles.
    let wanted = patch.language.filter(|&lang| !here(lang));
    Ok(js_sys::Promise::new(&mut |resolve, reject| match wanted {
        None => {
            let _ = resolve.call1(&JsValue::NULL, &apply_settings(patch));
        }
        Some(lang) => page::fetch_texts(lang, move |file| {
            page::dispatch(Event::Texts { file: TextsFile::Page(lang), text: file });
            if here(lang) {
                let _ = resolve.call1(&JsValue::NULL, &apply_settings(patch));
            } else {
                apply_settings(SettingsPatch { language: None, ..patch });
                let error = JsError::new(&format!("the page's texts in {} could not be fetched", lang.code()));
                let _ = reject.call1(&JsValue::NULL, &error.into());
            }
        }),
    }))
}

/// Changes the settings; all of them as they then are.
fn apply_settings(patch: SettingsPatch) -> JsValue {
    let view = with_page(|app| {
        app.dispatch(Event::Settings(patch));
        let settings = app.state().page.settings;
        to_js(&SettingsView {
            evaluation: settings.evaluation,
            language: settings.language.code(),
            sound: settings.sound,
            theme: settings.theme.code(),
            coordinates: settings.coordinates,
            watch_speed: settings.watch_speed.code(),
            cards_enabled: settings.cards.map(Card::name).collect(),
        })
    });
    match view {
        Ok(Ok(value)) => value,
        _ => JsValue::NULL,
    }
}

#[derive(serde::Serialize)]
struct PageRect {
    x: f64,
    y: f64,
    width: f64,
    height: f64,
}

fn page_rect(app: &App, rect: crate::ui::layout::Rect) -> PageRect {
    let (left, top) = app.canvas_origin();
    PageRect { x: left + rect.x, y: top + rect.y, width: rect.w, height: rect.h }
}

/// Where a square (e.g. "c1") is on the page, in CSS pixels from the viewport's corner.
#[wasm_bindgen]
pub fn square_rect(square: &str) -> Result<JsValue, JsError> {
    let square: crate::rules::Square =
        square.parse().map_err(|_| JsError::new(&format!("'{square}' is not a square: use a1 to e5")))?;
    let rect = with_page(|app| page_rect(app, app.square_rect(square)))?;
    to_js(&rect)
}

/// Where a card of this game is drawn on the page, in CSS pixels.
#[wasm_bindgen]
pub fn card_rect(card: &str) -> Result<JsValue, JsError> {
    let card = crate::rules::Card::from_name(card).ok_or_else(|| JsError::new(&format!("unknown card '{card}'")))?;
    let rect = with_page(|app| app.card_rect(card).map(|r| page_rect(app, r)))?
        .ok_or_else(|| JsError::new(&format!("{card} is not in this game")))?;
    to_js(&rect)
}

/// Panics on purpose: built only with the `panic-test` feature, for the test of the crash panel.
#[cfg(feature = "panic-test")]
#[wasm_bindgen]
pub fn debug_panic() {
    panic!("a panic forced by the test build");
}

/// The size of the page's wasm memory in bytes (for the memory checks of the stress test).
#[wasm_bindgen]
pub fn wasm_memory_bytes() -> Result<f64, JsError> {
    let memory: js_sys::WebAssembly::Memory =
        wasm_bindgen::memory().dyn_into().map_err(|_| JsError::new("no wasm memory"))?;
    let buffer: js_sys::ArrayBuffer = memory.buffer().dyn_into().map_err(|_| JsError::new("no memory buffer"))?;
    Ok(f64::from(buffer.byte_length()))
}
