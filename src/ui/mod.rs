//! The page (wasm32 only): a canvas board driven by one state. Input → transition → state →
//! render; the AI answers from its Web Worker. Every rule decision comes from `crate::rules`.

mod ai_client;
mod anim;
mod board;
mod controls;
mod crash;
mod input;
mod keyboard;
pub mod layout;
mod render;
mod state;
mod storage;
mod text;

use crate::ai::Level;
use crate::rules::{Card, Color, Deal, Game, Move, Position};
use crate::worker::{SearchReportIn, SearchRequest};
use ai_client::AiWorker;
use anim::Anim;
use layout::Layout;
pub use render::turn_line;
pub use state::Mode;
use state::{Purpose, State, Thinking};
use std::cell::RefCell;
pub use text::Lang;
use wasm_bindgen::prelude::*;
use web_sys::{CanvasRenderingContext2d, HtmlCanvasElement, PointerEvent};

pub struct App {
    state: State,
    layout: Layout,
    canvas: HtmlCanvasElement,
    context: CanvasRenderingContext2d,
    worker: Option<AiWorker>,
    next_request: u32,
    /// The AI's move, held until the previous move has finished showing.
    pending_move: Option<Move>,
    frame_requested: bool,
}

thread_local! {
    static APP: RefCell<Option<App>> = const { RefCell::new(None) };
}

/// Runs `f` on the app, if it has started (and is not already busy: events never nest).
pub fn with_app<T>(f: impl FnOnce(&mut App) -> T) -> Option<T> {
    APP.with(|cell| cell.try_borrow_mut().ok()?.as_mut().map(f))
}

fn now_ms() -> f64 {
    web_sys::window().and_then(|w| w.performance()).map_or(0.0, |p| p.now())
}

/// Starts the page: a new game against the AI, input and resize handlers, the AI worker.
pub fn start() {
    // In the AI's worker the same module loads without a window: nothing to draw there.
    if web_sys::window().is_none() {
        return;
    }
    crash::install_hook();
    if let Err(error) = try_start() {
        web_sys::console::error_1(&error);
    }
}

fn try_start() -> Result<(), JsValue> {
    let window = web_sys::window().ok_or("no window")?;
    let document = window.document().ok_or("no document")?;
    let canvas: HtmlCanvasElement = document.get_element_by_id("board").ok_or("no #board canvas")?.dyn_into()?;
    let context: CanvasRenderingContext2d = canvas.get_context("2d")?.ok_or("no 2d context")?.dyn_into()?;
    let reduced_motion =
        window.match_media("(prefers-reduced-motion: reduce)").ok().flatten().is_some_and(|query| query.matches());
    let start = startup(&window);
    let mut state = State::new(start.game, start.mode, reduced_motion, random_seed());
    state.show_evaluation = start.show_evaluation;
    state.lang = start.lang;
    let layout = Layout::new(1.0, 1.0, state.bottom());
    let target: web_sys::EventTarget = canvas.clone().into();
    let app = App {
        state,
        layout,
        canvas,
        context,
        worker: None,
        next_request: 0,
        pending_move: None,
        frame_requested: false,
    };
    APP.with(|cell| *cell.borrow_mut() = Some(app));
    listen(&target, "pointerdown", |app, e: PointerEvent| app.pointer(e, Pointer::Down))?;
    listen(&target, "pointermove", |app, e: PointerEvent| app.pointer(e, Pointer::Move))?;
    listen(&target, "pointerup", |app, e: PointerEvent| app.pointer(e, Pointer::Up))?;
    listen(&target, "keydown", |app, e: web_sys::KeyboardEvent| app.key(e))?;
    listen(&target, "pointercancel", |app, _: PointerEvent| {
        app.state.drag = None;
        app.redraw();
    })?;
    listen(&window, "resize", |app, _: web_sys::Event| app.resize())?;
    // The canvas also changes size when the bar above it wraps (a notice, a narrow window).
    let on_canvas_resize = Closure::<dyn Fn()>::new(|| {
        with_app(|app| app.resize());
    });
    let observer = web_sys::ResizeObserver::new(on_canvas_resize.as_ref().unchecked_ref())?;
    observer.observe(&target.clone().unchecked_into());
    // Both live as long as the page.
    on_canvas_resize.forget();
    std::mem::forget(observer);
    // A link opened while the page is already showing.
    listen(&window, "hashchange", |app, _: web_sys::Event| {
        let Some(window) = web_sys::window() else {
            return;
        };
        match read_link(&window) {
            Some(Ok(game)) => {
                controls::show_notice("");
                app.open_game(game);
            }
            Some(Err(reason)) => controls::show_notice(&text::link_broken(app.state.lang, &reason)),
            None => {}
        }
    })?;
    controls::wire(&document)?;
    controls::apply_language(start.lang);
    with_app(|app| {
        app.resize();
        app.after_change();
    });
    if let Some(message) = start.notice {
        controls::show_notice(&message);
    }
    // For the page-speed benchmark: when the first board was drawn.
    if let Some(performance) = window.performance() {
        let _ = performance.mark("board-drawn");
    }
    Ok(())
}

/// What the page opens with: a game from a link, else the saved game, else a new deal.
struct Startup {
    game: Game,
    mode: Mode,
    show_evaluation: bool,
    lang: text::Lang,
    /// Why a link or a save could not be used, for the player.
    notice: Option<String>,
}

fn startup(window: &web_sys::Window) -> Startup {
    let default_mode = Mode::VsAi { human: Color::Red, level: Level::DEFAULT };
    let browser_lang =
        window.navigator().language().as_deref().and_then(text::Lang::from_code).unwrap_or(text::Lang::En);
    let mut notices = Vec::new();
    let (mut game, mode, show_evaluation, lang) = match storage::load() {
        Ok(Some(saved)) => (saved.game, saved.mode, saved.show_evaluation, saved.lang.unwrap_or(browser_lang)),
        Ok(None) => (Game::from_deal(&Deal::random()), default_mode, false, browser_lang),
        Err(reason) => {
            notices.push(text::save_unreadable(browser_lang, &reason));
            (Game::from_deal(&Deal::random()), default_mode, false, browser_lang)
        }
    };
    match read_link(window) {
        Some(Ok(linked)) => game = linked,
        Some(Err(reason)) => notices.push(text::link_broken(lang, &reason)),
        None => {}
    }
    let notice = (!notices.is_empty()).then(|| notices.join(" "));
    Startup { game, mode, show_evaluation, lang, notice }
}

/// The game in the address's `#game=` fragment, if any; the fragment is then removed, so that a
/// reload does not open the link again over later moves.
fn read_link(window: &web_sys::Window) -> Option<Result<Game, String>> {
    let fragment = window.location().hash().unwrap_or_default();
    let linked = crate::save::game_from_fragment(&fragment)?;
    if let (Ok(history), Ok(path)) = (window.history(), window.location().pathname()) {
        let _ = history.replace_state_with_url(&JsValue::NULL, "", Some(&path));
    }
    Some(linked)
}

fn random_seed() -> u64 {
    let mut bytes = [0u8; 8];
    let _ = getrandom::fill(&mut bytes);
    u64::from_le_bytes(bytes)
}

/// Adds an event listener for the page's lifetime that runs `handle` on the app.
pub fn listen<E: JsCast + 'static>(
    target: &web_sys::EventTarget,
    event: &str,
    handle: impl Fn(&mut App, E) + 'static,
) -> Result<(), JsValue> {
    let closure = Closure::<dyn Fn(web_sys::Event)>::new(move |event: web_sys::Event| {
        if let Ok(event) = event.dyn_into::<E>() {
            with_app(|app| handle(app, event));
        }
    });
    target.add_event_listener_with_callback(event, closure.as_ref().unchecked_ref())?;
    // Listeners live as long as the page.
    closure.forget();
    Ok(())
}

enum Pointer {
    Down,
    Move,
    Up,
}

/// Options for a new game.
#[derive(Clone, Debug)]
pub struct NewGame {
    pub mode: Mode,
    /// Five chosen cards (Red, Red, Blue, Blue, side), or `None` for a random deal.
    pub cards: Option<[Card; 5]>,
    /// Start from this position instead of a deal.
    pub position: Option<Position>,
}

impl App {
    fn resize(&mut self) {
        let Some(window) = web_sys::window() else {
            return;
        };
        let rect = self.canvas.get_bounding_client_rect();
        let (width, height) = (rect.width().max(1.0), rect.height().max(1.0));
        let ratio = window.device_pixel_ratio();
        self.canvas.set_width((width * ratio).round() as u32);
        self.canvas.set_height((height * ratio).round() as u32);
        let _ = self.context.set_transform(ratio, 0.0, 0.0, ratio, 0.0, 0.0);
        self.layout = Layout::new(width, height, self.state.bottom());
        self.state.anim = None;
        self.draw();
    }

    fn pointer(&mut self, event: PointerEvent, kind: Pointer) {
        let rect = self.canvas.get_bounding_client_rect();
        let (x, y) = (f64::from(event.client_x()) - rect.left(), f64::from(event.client_y()) - rect.top());
        match kind {
            Pointer::Down => {
                event.prevent_default();
                let _ = self.canvas.set_pointer_capture(event.pointer_id());
                input::pointer_down(&mut self.state, &self.layout, x, y);
            }
            Pointer::Move => {
                if input::pointer_move(&mut self.state, x, y) {
                    self.redraw();
                }
                return;
            }
            Pointer::Up => {
                if let Some(m) = input::pointer_up(&mut self.state, &self.layout, x, y) {
                    // The move came from the legal list, so it plays.
                    let _ = self.play(m);
                    return;
                }
            }
        }
        self.redraw();
    }

    fn key(&mut self, event: web_sys::KeyboardEvent) {
        if event.ctrl_key() || event.alt_key() || event.meta_key() || self.state.anim.is_some() {
            return;
        }
        match keyboard::key(&mut self.state, &self.layout, &event.key()) {
            keyboard::KeyResult::Ignored => {}
            keyboard::KeyResult::Handled(m) => {
                event.prevent_default();
                if let Some(m) = m {
                    // The move came from the legal list, so it plays.
                    let _ = self.play(m);
                } else {
                    self.redraw();
                }
            }
        }
    }

    /// Plays a legal move with its animation. Returns the rules core's error otherwise.
    pub fn play(&mut self, m: Move) -> Result<(), String> {
        let before = render::scene(&self.state, &self.layout);
        let position = *self.state.position();
        self.state.game.play(m).map_err(|e| e.to_string())?;
        controls::announce(&text::announce_move(self.state.lang, &position, m, self.state.game.outcome()));
        // A hint or an evaluation of the position just left is of no use any more.
        if self.state.thinking.is_some_and(|t| t.purpose != Purpose::Move) {
            self.cancel_ai();
        }
        let slide = match m {
            Move::Step { from, to, .. } => Some((from, to)),
            Move::Pass { .. } => None,
        };
        self.state.clear_selection();
        self.state.hint = None;
        self.animate_from(before, slide);
        self.after_change();
        Ok(())
    }

    fn animate_from(&mut self, before: anim::Scene, slide: Option<(crate::rules::Square, crate::rules::Square)>) {
        self.layout = Layout::new(self.layout.width, self.layout.height, self.state.bottom());
        let after = render::scene(&self.state, &self.layout);
        let plan = Anim::plan(&before, &after, slide, now_ms());
        self.state.anim = (!self.state.reduced_motion && !plan.is_empty()).then_some(plan);
    }

    pub fn undo(&mut self) -> bool {
        self.step_history(true)
    }

    pub fn redo(&mut self) -> bool {
        self.step_history(false)
    }

    /// Undo (`back`) or redo, with the moved piece sliding back or forth.
    fn step_history(&mut self, back: bool) -> bool {
        self.cancel_ai();
        let before = render::scene(&self.state, &self.layout);
        let stepped =
            if back { self.state.game.moves().last().copied() } else { self.state.game.redoable().next().copied() };
        let changed = if back { board::undo(&mut self.state) } else { board::redo(&mut self.state) };
        if !changed {
            return false;
        }
        self.state.clear_selection();
        self.state.hint = None;
        let slide = match stepped {
            Some(Move::Step { from, to, .. }) => Some(if back { (to, from) } else { (from, to) }),
            _ => None,
        };
        self.animate_from(before, slide);
        self.after_change();
        true
    }

    pub fn new_game(&mut self, options: NewGame) -> Result<(), String> {
        let game = match (options.position, options.cards) {
            (Some(position), _) => Game::new(position),
            (None, Some(cards)) => Game::from_deal(&Deal::new(cards).map_err(|e| e.to_string())?),
            (None, None) => Game::from_deal(&Deal::random()),
        };
        self.cancel_ai();
        let seed = self.state.seed.wrapping_add(1);
        let reduced_motion = self.state.reduced_motion;
        let (show_evaluation, lang) = (self.state.show_evaluation, self.state.lang);
        self.state = State::new(game, options.mode, reduced_motion, seed);
        self.state.show_evaluation = show_evaluation;
        self.state.lang = lang;
        self.layout = Layout::new(self.layout.width, self.layout.height, self.state.bottom());
        self.after_change();
        Ok(())
    }

    /// The same deal again, same mode.
    pub fn rematch(&mut self) {
        let start = *self.state.game.start();
        let mode = self.state.mode;
        let _ = self.new_game(NewGame { mode, cards: None, position: Some(start) });
    }

    pub fn set_language(&mut self, lang: text::Lang) {
        self.state.lang = lang;
        controls::apply_language(lang);
        self.after_change();
    }

    pub fn set_show_evaluation(&mut self, show: bool) {
        self.state.show_evaluation = show;
        self.after_change();
    }

    pub fn hint(&mut self) {
        if self.state.human_to_move() && self.state.thinking.is_none() {
            self.ask_ai(Purpose::Hint);
        }
    }

    pub fn state(&self) -> &State {
        &self.state
    }

    /// Where the canvas sits in the viewport (CSS pixels), to turn layout rectangles into page ones.
    pub fn canvas_origin(&self) -> (f64, f64) {
        let rect = self.canvas.get_bounding_client_rect();
        (rect.left(), rect.top())
    }

    /// The rectangle of `square` on the canvas.
    pub fn square_rect(&self, square: crate::rules::Square) -> layout::Rect {
        self.layout.square(square)
    }

    /// Where `card` is drawn now.
    pub fn card_rect(&self, card: Card) -> Option<layout::Rect> {
        render::scene(&self.state, &self.layout).cards.iter().find(|(c, ..)| *c == card).map(|&(_, rect, _)| rect)
    }

    pub fn is_animating(&self) -> bool {
        self.state.anim.is_some() || self.pending_move.is_some()
    }

    /// After every change: start the AI if it is to move, update the controls, draw.
    fn after_change(&mut self) {
        if self.state.ai_to_move() && self.state.thinking.is_none() && self.pending_move.is_none() {
            self.ask_ai(Purpose::Move);
        } else if self.state.show_evaluation
            && self.state.thinking.is_none()
            && self.state.game.outcome().is_none()
            && self.state.evaluation_for_red().is_none()
        {
            self.ask_ai(Purpose::Evaluate);
        }
        controls::update(&self.state);
        crash::remember(self.state.game.to_record());
        storage::save(&self.state.game, self.state.mode, self.state.show_evaluation, self.state.lang);
        self.redraw();
    }

    /// Opens a whole game (an imported record), keeping the mode.
    pub fn open_game(&mut self, game: Game) {
        self.cancel_ai();
        let seed = self.state.seed.wrapping_add(1);
        let (show_evaluation, lang) = (self.state.show_evaluation, self.state.lang);
        self.state = State::new(game, self.state.mode, self.state.reduced_motion, seed);
        self.state.show_evaluation = show_evaluation;
        self.state.lang = lang;
        self.layout = Layout::new(self.layout.width, self.layout.height, self.state.bottom());
        self.after_change();
    }

    /// The address that opens this game on any device.
    pub fn link(&self) -> String {
        let base = web_sys::window()
            .and_then(|w| w.location().href().ok())
            .map(|href| href.split('#').next().unwrap_or_default().to_string())
            .unwrap_or_default();
        format!("{base}{}", crate::save::link_fragment(&self.state.game))
    }

    /// The worker died (a fault in it): stop waiting for it and say so.
    fn on_worker_failed(&mut self, message: String) {
        self.worker = None;
        self.state.thinking = None;
        controls::show_notice(&text::ai_failed(self.state.lang, &message));
        self.redraw();
    }

    fn ask_ai(&mut self, purpose: Purpose) {
        self.next_request += 1;
        let id = self.next_request;
        self.state.seed = self.state.seed.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let positions = self.state.game.positions();
        let (earlier, current) = positions.split_at(positions.len() - 1);
        let level = self.state.mode.level();
        let request = SearchRequest {
            id,
            position: current[0].to_string(),
            earlier: earlier.iter().map(Position::to_string).collect(),
            limits: crate::worker::JsLimits {
                // An evaluation for the bar is quick; a hint thinks like the master.
                movetime: Some(if purpose == Purpose::Evaluate { 300.0 } else { 1000.0 }),
                ..Default::default()
            },
            level: (purpose == Purpose::Move).then(|| level.name.to_string()),
            seed: (self.state.seed >> 32) as u32,
        };
        let Ok(value) = serde_wasm_bindgen::to_value(&request) else {
            return;
        };
        if self.worker.is_none() {
            self.worker = AiWorker::start(
                |report| {
                    with_app(|app| app.on_report(report));
                },
                |message| {
                    with_app(|app| app.on_worker_failed(message));
                },
            )
            .map_err(|e| web_sys::console::error_1(&e))
            .ok();
        }
        if let Some(worker) = self.worker.as_mut()
            && worker.send(value).is_ok()
        {
            self.state.thinking = Some(Thinking { request: id, purpose, depth: 0 });
        }
    }

    fn cancel_ai(&mut self) {
        if self.state.thinking.take().is_some() {
            // Ending the worker ends its search; a new one starts with the next request.
            self.worker = None;
        }
        self.pending_move = None;
    }

    fn on_report(&mut self, value: JsValue) {
        let Ok(report) = serde_wasm_bindgen::from_value::<SearchReportIn>(value) else {
            return;
        };
        if report.kind == "ready" {
            if let Some(worker) = self.worker.as_mut() {
                let _ = worker.mark_ready();
            }
            return;
        }
        let Some(thinking) = self.state.thinking.filter(|t| t.request == report.id) else {
            return;
        };
        let score = report.score.as_ref().and_then(|s| s.to_score());
        // A level's move carries no score; a search's does.
        if let Some(score) = score.filter(|_| report.depth > 0) {
            self.state.evaluation = Some((*self.state.position(), score));
        }
        match report.kind.as_str() {
            "info" => {
                self.state.thinking = Some(Thinking { depth: report.depth, ..thinking });
                self.redraw();
            }
            "done" => {
                self.state.thinking = None;
                let best = report.best.as_deref().and_then(|text| text.parse::<Move>().ok());
                match thinking.purpose {
                    Purpose::Hint => self.state.hint = best,
                    Purpose::Move => self.pending_move = best,
                    Purpose::Evaluate => {}
                }
                self.play_pending_when_still();
                controls::update(&self.state);
                self.redraw();
            }
            _ => {
                self.state.thinking = None;
                if let Some(message) = report.message {
                    web_sys::console::error_1(&format!("AI: {message}").into());
                }
            }
        }
    }

    fn play_pending_when_still(&mut self) {
        if self.state.anim.is_some() {
            return;
        }
        if let Some(m) = self.pending_move.take()
            && self.play(m).is_err()
        {
            web_sys::console::error_1(&format!("AI move {m} refused").into());
        }
    }

    /// Asks for a frame; the frame draws, advances the animation, and asks again while it runs.
    fn redraw(&mut self) {
        if self.frame_requested {
            return;
        }
        let Some(window) = web_sys::window() else {
            return;
        };
        let callback = Closure::once_into_js(move || {
            with_app(|app| {
                app.frame_requested = false;
                app.frame();
            });
        });
        self.frame_requested = window.request_animation_frame(callback.unchecked_ref()).is_ok();
    }

    fn frame(&mut self) {
        if self.state.anim.as_ref().is_some_and(|a| a.is_done(now_ms())) {
            self.state.anim = None;
            self.play_pending_when_still();
        }
        self.draw();
        if self.state.anim.is_some() {
            self.redraw();
        }
    }

    fn draw(&self) {
        if let Err(error) = render::draw(&self.context, &self.state, &self.layout, now_ms()) {
            web_sys::console::error_1(&error);
        }
    }
}
