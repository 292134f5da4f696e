//! The browser shell (wasm32 only): turns DOM events into the session's events and carries out
//! the effects it returns, writing the DOM and the canvas from the view and the scene the core
//! computed. What shows, what a key means and what a button does are decided in the core (the
//! session, the view, the scene); what is left here is how: opening and closing the dialogs their
//! buttons name, and reading what the browser holds (storage, form fields, the
//! address, the clipboard's answer, the canvas's size).

pub mod ai_client;
mod app;
pub mod controls;
mod crash;
pub mod features;
mod fetch;
mod online;
pub mod puzzles;
mod render;
mod sound;
mod storage;

use super::layout::Rect;
use super::session::{Effect, Event, PointerPhase, Reply, ReplyKind, SearchOrder, Session};
use super::startup::{Found, Opening, opening};
use super::state::{Notice, State};
use super::text::{Lang, Languages, TextsFile};
use crate::ai::Limits;
use crate::engine_protocol::worker::{EndgameRequest, EngineReport, EngineRequest};
use crate::rules::{Card, Game, SplitMix64, Square};
use ai_client::AiWorker;
use app::APP;
pub use app::{App, dispatch, key_press, listen, started, stop, with_app};
use std::cell::RefCell;
use wasm_bindgen::prelude::*;
use web_sys::{CanvasRenderingContext2d, HtmlCanvasElement, PointerEvent};

fn now_ms() -> f64 {
    web_sys::window().and_then(|w| w.performance()).map_or(0.0, |p| p.now())
}

/// Starts the page: the saved or linked game, input and resize handlers; the AI's worker starts
/// with its first search.
pub fn start() {
    // In the AI's worker the same module loads without a window: nothing to draw there.
    if web_sys::window().is_none() {
        return;
    }
    crash::install_hook();
    if let Err(error) = try_start() {
        web_sys::console::error_1(&error);
        resolve_shown();
    }
}

fn try_start() -> Result<(), JsValue> {
    let window = web_sys::window().ok_or("no window")?;
    let document = window.document().ok_or("no document")?;
    let canvas: HtmlCanvasElement = document.get_element_by_id("board").ok_or("no #board canvas")?.dyn_into()?;
    let context: CanvasRenderingContext2d = canvas.get_context("2d")?.ok_or("no 2d context")?.dyn_into()?;
    // The page's one draw of the system's randomness: every random number after it (the first
    // deal here, then the page's dice) comes from this seed.
    let mut dice = SplitMix64(random_seed());
    let mut opening = startup(&window, &mut dice);
    let seed = dice.next_u64();
    if opening.needs_features {
        // The whole page takes over before this one shows (and saves) a game it cannot hold.
        features::load();
        resolve_shown();
        return Ok(());
    }
    let lang = opening.settings.language;
    if lang == Lang::En {
        return show(window, canvas, context, opening, seed, Languages::default());
    }
    // The page shows itself once its texts have come (boot.js asked for them beside the wasm);
    // in English if they cannot be had.
    fetch::text(&TextsFile::Page(lang).path(), move |file| {
        if let Err(reason) = &file {
            web_sys::console::error_1(&format!("the page's texts could not be fetched: {reason}").into());
        }
        let mut texts = Languages::default();
        if !texts.install_page(lang, file.ok()) {
            opening.settings.language = Lang::En;
            opening.notice = opening.notice.take().or(Some(Notice::TextsUnavailable(lang)));
        }
        if let Err(error) = show(window, canvas, context, opening, seed, texts) {
            web_sys::console::error_1(&error);
            resolve_shown();
        }
    });
    Ok(())
}

thread_local! {
    static SHOWN: RefCell<Option<js_sys::Promise>> = const { RefCell::new(None) };
    static RESOLVE_SHOWN: RefCell<Option<js_sys::Function>> = const { RefCell::new(None) };
}

/// A promise that resolves once the page has shown itself (boot.js offers the page's functions
/// to scripts then): at once in English, after its texts have come in another language.
pub fn shown() -> js_sys::Promise {
    SHOWN.with_borrow_mut(|shown| {
        shown.get_or_insert_with(|| js_sys::Promise::new(&mut |resolve, _| RESOLVE_SHOWN.set(Some(resolve)))).clone()
    })
}

fn resolve_shown() {
    let _ = shown();
    if let Some(resolve) = RESOLVE_SHOWN.take() {
        let _ = resolve.call0(&JsValue::NULL);
    }
}

/// Calls `then` with `lang`'s page texts, or none if they cannot be had.
pub fn fetch_texts(lang: Lang, then: impl FnOnce(Option<String>) + 'static) {
    fetch::text(&TextsFile::Page(lang).path(), move |file| then(file.ok()));
}

/// Shows the page as it opens, and wires its input.
fn show(
    window: web_sys::Window,
    canvas: HtmlCanvasElement,
    context: CanvasRenderingContext2d,
    opening: Opening,
    seed: u64,
    texts: Languages,
) -> Result<(), JsValue> {
    let document = window.document().ok_or("no document")?;
    let reduced_motion =
        window.match_media("(prefers-reduced-motion: reduce)").ok().flatten().is_some_and(|query| query.matches());
    let Opening { history, mode, settings, notice, activity, aside, online, hold_save, first_visit, join, .. } =
        opening;
    let mut state = State::new(history, mode, settings, reduced_motion, seed);
    state.page.texts = texts;
    state.notice = notice;
    state.activity = activity;
    state.aside = aside;
    if let (Some(saved), crate::mode::Mode::Online { .. }) = (online, state.mode) {
        state.online = Some(super::online::OnlineState::restoring(saved));
    }
    state.page.hold_save = hold_save;
    state.page.solved = puzzles::solved();
    state.page.standings = storage::standings();
    state.page.finished = storage::finished();
    state.page.unreadable_save = storage::unreadable();
    state.page.first_visit = first_visit;
    state.page.tutorial_done = storage::tutorial_done();
    #[cfg(not(feature = "first-visit"))]
    {
        state.page.dialog = controls::left_open().map(|fields| crate::ui::dialog::Dialog::NewGame {
            fields: Box::new(fields),
            refused: None,
            deck_refused: 0,
        });
    }
    let target: web_sys::EventTarget = canvas.clone().into();
    let app = App {
        session: Session::new(state),
        canvas,
        context,
        worker: None,
        reviewer: None,
        endgame: None,
        frame_requested: false,
        picture: None,
        needs_draw: false,
        board: render::BoardCache::default(),
        shown: None,
        perform: App::perform,
    };
    APP.with(|cell| *cell.borrow_mut() = Some(app));
    let pointer = |phase: PointerPhase| {
        move |app: &mut App, e: PointerEvent| {
            if phase == PointerPhase::Down {
                e.prevent_default();
                let _ = app.canvas.set_pointer_capture(e.pointer_id());
                // The board takes the keyboard, so Escape cancels what the mouse chose; its focus
                // ring is for keyboard users.
                let _ = app.canvas.class_list().add_1("pointer");
                let options = web_sys::FocusOptions::new();
                options.set_prevent_scroll(true);
                let _ = app.canvas.focus_with_options(&options);
            }
            let rect = app.canvas.get_bounding_client_rect();
            let (x, y) = (f64::from(e.client_x()) - rect.left(), f64::from(e.client_y()) - rect.top());
            app.dispatch(Event::Pointer { phase, x, y, time_ms: e.time_stamp() });
        }
    };
    listen(&target, "pointerdown", pointer(PointerPhase::Down))?;
    listen(&target, "pointermove", pointer(PointerPhase::Move))?;
    listen(&target, "pointerup", pointer(PointerPhase::Up))?;
    listen(&target, "pointercancel", |app, _: PointerEvent| app.dispatch(Event::PointerCancel))?;
    listen(&target, "keydown", |app, e: web_sys::KeyboardEvent| {
        // Tab and the browser's shortcuts go on; the board's keys stop here.
        let Some(key) = key_press(&e) else { return };
        // The keyboard's frame comes back with the board's keys.
        let _ = app.canvas.class_list().remove_1("pointer");
        if key.board_takes() {
            e.prevent_default();
        }
        // The board's keys are the board's (its Escape, its `l`): the page's own listener must not
        // hear them a second time.
        e.stop_propagation();
        app.dispatch(Event::Key(key));
    })?;
    listen(&window, "resize", |app, _: web_sys::Event| app.relayout())?;
    // The canvas also changes size when the bar above it wraps (a notice, a narrow window).
    let on_canvas_resize = Closure::<dyn Fn()>::new(|| {
        with_app(|app| app.relayout());
    });
    let observer = web_sys::ResizeObserver::new(on_canvas_resize.as_ref().unchecked_ref())?;
    observer.observe(&target.clone().unchecked_into());
    // Both live as long as the page.
    on_canvas_resize.forget();
    std::mem::forget(observer);
    // A link opened while the page is already showing.
    listen(&window, "hashchange", |app, _: web_sys::Event| {
        let Some(window) = web_sys::window() else { return };
        match read_link(&window) {
            Some(Ok(linked)) => app.dispatch(Event::Intent(super::Intent::OpenLink(linked))),
            Some(Err(reason)) => app.dispatch(Event::Notice(Notice::LinkBroken(reason))),
            // A friend's link pasted into this tab: joined as at opening (the session decides).
            None => {
                let fragment = window.location().hash().unwrap_or_default();
                if let Some(link) = super::startup::friend_link(&fragment) {
                    let join = super::intent::OnlineAction::Join(link.to_string());
                    app.dispatch(Event::Intent(super::Intent::Online(join)));
                }
            }
        }
    })?;
    controls::wire(&document)?;
    // The HTML is written in English (tests/page_html.rs keeps it so), and so are the elements the
    // whole page adds as it takes over from a first visit's (whose `<html lang>` is already the
    // page's language, so that the controls' update would not write them).
    if settings.language != Lang::En {
        with_app(|app| controls::apply_page_texts(&app.state().texts()));
    }
    sound::install();
    // The system's light or dark preference, now and whenever it changes.
    let dark_query = window.match_media("(prefers-color-scheme: dark)").ok().flatten();
    let system_dark = dark_query.as_ref().is_some_and(|query| query.matches());
    if let Some(query) = dark_query {
        listen(&query.clone().into(), "change", move |app, _: web_sys::Event| {
            app.dispatch(Event::SystemDark(query.matches()));
        })?;
    }
    with_app(|app| {
        app.dispatch(Event::SystemDark(system_dark));
        app.fit_canvas();
        app.dispatch(Event::Opened);
        // One drawing of the page as it opens: the frame the events above asked for has nothing
        // more to draw.
        app.draw(now_ms());
        if let Some(link) = join {
            app.dispatch(Event::Intent(super::intent::Intent::Online(super::intent::OnlineAction::Join(link))));
        }
    });
    // For the page-speed benchmark: when the first board was drawn.
    if let Some(performance) = window.performance() {
        let _ = performance.mark("board-drawn");
    }
    // The choosers' options wait for the next task: the board shows first. Scripts get the page
    // once they are there.
    let fill = Closure::once_into_js(move || {
        with_app(|app| {
            if let Err(error) = controls::fill_choosers(&document, &app.state().texts()) {
                web_sys::console::error_1(&error);
            }
            // Put the choosers' values in place, now that they have options: all written again.
            let view = Box::new(app.session().controls());
            controls::update(&view, None, &app.state().texts());
            app.shown = Some(view);
        });
        resolve_shown();
    });
    window.set_timeout_with_callback(fill.unchecked_ref())?;
    Ok(())
}

/// What the browser holds, for the page's opening (`startup::opening` decides).
fn startup(window: &web_sys::Window, dice: &mut SplitMix64) -> Opening {
    // Read before a game's link is taken out of the address.
    let fragment = window.location().hash().unwrap_or_default();
    let found = Found {
        fragment,
        save: storage::load(),
        settings: storage::load_settings(),
        link: read_link(window),
        browser_language: window.navigator().language(),
        whole_page_unavailable: features::given_up(),
        can_store: storage::available(),
    };
    opening(found, |cards| Game::from_deal(&super::deck::drawn(cards, dice)))
}

/// The game in the address's `#game=` fragment, if any; the fragment is then removed, so that a
/// reload does not open the link again over later moves.
fn read_link(window: &web_sys::Window) -> Option<Result<crate::save::Linked, crate::save::LinkError>> {
    let fragment = window.location().hash().unwrap_or_default();
    // An analysis link is the whole page's to open: a first visit leaves it for that page.
    let analysis = fragment.starts_with("#analysis=") && crate::ui::features::Features::here().is_some();
    let linked = crate::save::game_from_fragment(&fragment);
    if (linked.is_some() || analysis)
        && let (Ok(history), Ok(path)) = (window.history(), window.location().pathname())
    {
        let _ = history.replace_state_with_url(&JsValue::NULL, "", Some(&path));
    }
    linked
}

fn random_seed() -> u64 {
    let mut bytes = [0u8; 8];
    let _ = getrandom::fill(&mut bytes);
    u64::from_le_bytes(bytes)
}

impl App {
    fn perform(&mut self, effect: Effect) {
        match effect {
            Effect::StartSearch(order) => self.start_search(order),
            Effect::CancelSearch => {
                // Ending the worker ends its search; a new one starts with the next request.
                self.worker = None;
            }
            Effect::Redraw(picture) => {
                self.picture = Some(picture);
                self.needs_draw = true;
                self.request_frame();
            }
            Effect::NextFrame => self.request_frame(),
            Effect::SizeCanvas(size) => {
                let (width, height) = size.pixels();
                self.canvas.set_width(width);
                self.canvas.set_height(height);
            }
            Effect::Controls(view) => {
                controls::update(&view, self.shown.as_deref(), &self.state().texts());
                let shown = self.shown.as_ref().and_then(|shown| shown.new_game.as_ref());
                controls::draw_chosen_cards(view.new_game.as_ref(), shown, self.state().lang().is_rtl());
                self.shown = Some(view);
            }
            Effect::SaveGame(file) => {
                crash::remember(file.game.to_record());
                storage::save(&file);
            }
            Effect::SaveSettings(settings) => storage::save_settings(settings),
            Effect::LoadFeatures => features::load(),
            Effect::Announce(message) => controls::announce(&message),
            Effect::Log(message) => web_sys::console::error_1(&message.into()),
            Effect::Sound(sound) => sound::play(sound),
            // Only the features ask for these: without them (`crate::ui::features`) their code is left out.
            Effect::StartReview { .. }
            | Effect::FetchPuzzles
            | Effect::FetchTexts(TextsFile::Tutorial(_))
            | Effect::Online(_)
            | Effect::AskExact(_)
                if super::features::Features::here().is_none() => {}
            Effect::StartReview { id, game, movetime_ms } => {
                let limits = Limits { movetime_ms: Some(movetime_ms), ..Limits::default() };
                self.reviewer = None;
                self.reviewer = Self::send(None, &EngineRequest::Review { id, game, limits }, Some(id));
                if self.reviewer.is_none() {
                    self.dispatch(Event::Reply(Reply { id, kind: ReplyKind::Failed("no worker".to_string()) }));
                }
            }
            Effect::CancelReview => self.reviewer = None,
            Effect::AskExact(request) => self.ask_exact(&request),
            Effect::KeepFinished(game, mode) => storage::keep_finished(&game, mode),
            Effect::PuzzleSolved(id) => puzzles::mark_solved(id),
            Effect::SaveStandings(standings) => storage::save_standings(&standings),
            Effect::FetchPuzzles => puzzles::load(|set| dispatch(Event::PuzzleSet(set))),
            Effect::FetchTexts(file) => fetch::text(&file.path(), move |text| {
                if let Err(reason) = &text {
                    // The browser's words are English: the console has them, the player a sentence.
                    web_sys::console::error_1(&format!("{} could not be fetched: {reason}", file.path()).into());
                }
                dispatch(Event::Texts { file, text: text.ok() });
            }),
            Effect::FetchEmblems => fetch::text("emblems/expansion.txt", |file| dispatch(Event::Emblems(file))),
            Effect::TutorialDone => storage::save_tutorial_done(),
            Effect::Online(command) => online::send(&command.encode()),
            Effect::Focus(to) => controls::focus(to),
            Effect::CopyLink(fragment) => controls::copy_link(&fragment),
            Effect::Vibrate(ms) => {
                if let Some(window) = web_sys::window() {
                    // Where the device cannot buzz, nothing happens.
                    let _ = window.navigator().vibrate_with_duration(ms);
                }
            }
        }
    }

    /// Fits the canvas to its place on the page and draws it there.
    fn relayout(&mut self) {
        self.fit_canvas();
        if self.needs_draw {
            // A resized canvas is blank: draw now, not a frame later.
            self.draw(now_ms());
        }
    }

    /// Tells the session where the canvas is (it resizes the canvas if that changed).
    fn fit_canvas(&mut self) {
        let Some(window) = web_sys::window() else { return };
        let rect = self.canvas.get_bounding_client_rect();
        let pixel_ratio = window.device_pixel_ratio();
        self.dispatch(Event::Relayout { width: rect.width(), height: rect.height(), pixel_ratio });
    }

    fn start_search(&mut self, order: SearchOrder) {
        self.worker = Self::send(self.worker.take(), &order.request, None);
        if self.worker.is_none() {
            self.dispatch(Event::WorkerFailed("the AI's worker could not start".to_string()));
        }
    }

    /// Asks the endgame worker, started the first time and kept for the page's life (its
    /// tables are the last deal's asked about).
    fn ask_exact(&mut self, request: &EndgameRequest) {
        if self.endgame.is_none() {
            let started = AiWorker::start_endgame(
                |report| dispatch(Event::Exact(report)),
                |message| dispatch(Event::EndgameFailed(message)),
            );
            self.endgame = started.map_err(|e| web_sys::console::error_1(&e)).ok();
        }
        let asked = self.endgame.as_ref().is_some_and(|worker| worker.ask_exact(request).is_ok());
        if !asked {
            self.endgame = None;
            self.dispatch(Event::EndgameFailed("the endgame worker could not be asked".to_string()));
        }
    }

    /// Sends `request` to `worker`, starting one if needed; the worker, or none if it failed. A
    /// review's worker (`review`: its request's id) that dies fails that review.
    fn send(worker: Option<AiWorker>, request: &EngineRequest, review: Option<u32>) -> Option<AiWorker> {
        let worker = match worker {
            Some(worker) => worker,
            None => AiWorker::start(
                |report| {
                    with_app(|app| app.on_report(report));
                },
                move |message| match review {
                    None => dispatch(Event::WorkerFailed(message)),
                    Some(id) => dispatch(Event::Reply(Reply { id, kind: ReplyKind::Failed(message) })),
                },
            )
            .map_err(|e| web_sys::console::error_1(&e))
            .ok()?,
        };
        worker.send(request).ok()?;
        Some(worker)
    }

    fn on_report(&mut self, report: EngineReport) {
        if let Some(reply) = Reply::from_report(report) {
            self.dispatch(Event::Reply(reply));
        }
    }

    /// Asks for a frame; the frame tells the session its time, then draws.
    fn request_frame(&mut self) {
        if self.frame_requested {
            return;
        }
        let Some(window) = web_sys::window() else { return };
        let callback = Closure::once_into_js(move |now: f64| {
            with_app(|app| {
                app.frame_requested = false;
                app.dispatch(Event::Frame { now_ms: now });
                // A slide or the confetti draws every frame until it ends.
                let moving = app.picture.as_ref().is_some_and(|picture| picture.moving(now));
                if app.needs_draw || moving {
                    app.draw(now);
                }
                if moving {
                    app.request_frame();
                }
            });
        });
        self.frame_requested = window.request_animation_frame(callback.unchecked_ref()).is_ok();
    }

    fn draw(&mut self, now_ms: f64) {
        self.needs_draw = false;
        // A frame that failed half-way must not leave its transform or transparency behind.
        let ratio = self.session.canvas().map_or(1.0, |size| size.pixel_ratio);
        let _ = self.context.set_transform(ratio, 0.0, 0.0, ratio, 0.0, 0.0);
        self.context.set_global_alpha(1.0);
        let Some(picture) = &self.picture else { return };
        if let Err(error) = render::draw(&self.context, &mut self.board, picture, ratio, now_ms) {
            web_sys::console::error_1(&error);
        }
    }

    /// Where the canvas sits in the viewport (CSS pixels), to turn layout rectangles into page ones.
    pub fn canvas_origin(&self) -> (f64, f64) {
        let rect = self.canvas.get_bounding_client_rect();
        (rect.left(), rect.top())
    }

    pub fn square_rect(&self, square: Square) -> Rect {
        self.session.layout().square(square)
    }

    /// Where `card` is drawn when nothing moves.
    pub fn card_rect(&self, card: Card) -> Option<Rect> {
        let picture = self.picture.as_ref()?;
        picture.still.cards.iter().find(|(c, ..)| *c == card).map(|&(_, rect, _)| rect)
    }
}
