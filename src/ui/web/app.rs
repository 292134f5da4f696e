//! The shell's handle on the session: the one app of the page, the listeners that hand it DOM
//! events, and the dispatch of an event to the session, whose effects the shell carries out
//! (`App::perform`, given at start).

use super::super::keyboard::Key;
use super::super::scene::Picture;
use super::super::session::{Effect, Event, Session};
use super::super::state::State;
use super::super::view::ControlsView;
use super::ai_client::AiWorker;
use super::features;
use super::render::BoardCache;
use std::cell::RefCell;
use wasm_bindgen::prelude::*;
use web_sys::{CanvasRenderingContext2d, HtmlCanvasElement};

pub struct App {
    pub(super) session: Session,
    pub(super) canvas: HtmlCanvasElement,
    pub(super) context: CanvasRenderingContext2d,
    pub(super) worker: Option<AiWorker>,
    /// The review's own worker, so that a review never holds up the AI's moves.
    pub(super) reviewer: Option<AiWorker>,
    /// The endgame worker, which keeps a deal's exact tables: never ended on a cancel.
    pub(super) endgame: Option<AiWorker>,
    pub(super) frame_requested: bool,
    /// The board's picture as the session last made it: every frame draws it at its time.
    pub(super) picture: Option<Box<Picture>>,
    /// The picture changed since the canvas was last drawn: the next frame draws it.
    pub(super) needs_draw: bool,
    pub(super) board: BoardCache,
    /// The controls' view as last written: what it shows the same is not written again.
    pub(super) shown: Option<Box<ControlsView>>,
    /// Carries out one effect of the session's (the shell's, given at start).
    pub(super) perform: fn(&mut App, Effect),
}

thread_local! {
    pub(super) static APP: RefCell<Option<App>> = const { RefCell::new(None) };
}

/// Runs `f` on the app, if it has started (and is not already busy: events never nest).
pub fn with_app<T>(f: impl FnOnce(&mut App) -> T) -> Option<T> {
    APP.with(|cell| cell.try_borrow_mut().ok()?.as_mut().map(f))
}

/// Hands `event` to the session and carries out what it asks.
pub fn dispatch(event: Event) {
    with_app(|app| app.dispatch(event));
}

/// Whether the page has started (it shows a game).
pub fn started() -> bool {
    APP.with(|cell| cell.try_borrow().map_or(true, |app| app.is_some()))
}

/// Stops the page for good: its listeners do nothing from now on, its workers end (the whole
/// page takes over: `features`).
pub fn stop() {
    features::stopped();
    drop(APP.take());
}

/// Adds an event listener for the page's lifetime that runs `handle` on the app.
pub fn listen<E: JsCast + 'static>(
    target: &web_sys::EventTarget,
    event: &str,
    handle: impl Fn(&mut App, E) + 'static,
) -> Result<(), JsValue> {
    listen_boxed(
        target,
        event,
        Box::new(move |app, event: web_sys::Event| {
            if let Ok(event) = event.dyn_into::<E>() {
                handle(app, event);
            }
        }),
    )
}

/// What a listener runs on the app with the event.
type Handler = Box<dyn Fn(&mut App, web_sys::Event)>;

/// Calls `handle` on each click of the element `id` (which must be in the page). A plain
/// function, not a closure type of its own: one copy of the listening code serves all.
pub fn on_click(document: &web_sys::Document, id: &str, handle: fn(&mut App)) -> Result<(), JsValue> {
    let target = document.get_element_by_id(id).ok_or_else(|| format!("no #{id}"))?;
    listen(&target, "click", move |app, _: web_sys::Event| handle(app))
}

/// The listening itself: one copy for all handlers, not one per closure type.
fn listen_boxed(target: &web_sys::EventTarget, event: &str, handle: Handler) -> Result<(), JsValue> {
    let closure = Closure::<dyn Fn(web_sys::Event)>::new(move |event: web_sys::Event| {
        features::handling(&event, || with_app(|app| handle(app, event.clone())));
    });
    target.add_event_listener_with_callback(event, closure.as_ref().unchecked_ref())?;
    // Listeners live as long as the page.
    closure.forget();
    Ok(())
}

impl App {
    pub fn session(&self) -> &Session {
        &self.session
    }

    pub fn state(&self) -> &State {
        self.session.state()
    }

    pub fn dispatch(&mut self, event: Event) {
        for effect in self.session.update(event) {
            (self.perform)(self, effect);
        }
    }
}

/// The page's key pressed, if it is one (`Key::read`).
pub fn key_press(e: &web_sys::KeyboardEvent) -> Option<Key> {
    let with_modifier = e.ctrl_key() || e.alt_key() || e.meta_key();
    // The letter keys are the analysis board's (the whole page's).
    let letter = || crate::ui::features::Features::here().and_then(|_| Key::read_letter(&e.code(), with_modifier));
    Key::read(&e.key(), with_modifier).or_else(letter)
}
