//! The first-visit build hands the page over to the whole page (`crate::ui::features`): boot.js's
//! `onitamaLoadFeatures` fetches it; once it has come, this page stops (`features_handover`), and
//! the whole page starts on the same board, from the game and settings saved, and is given again
//! the DOM event that asked for it (the click on Puzzles, say), which it then does.

use js_sys::{Function, Reflect};
use std::cell::{Cell, RefCell};
use wasm_bindgen::prelude::*;

thread_local! {
    /// The DOM event a listener is handling now, to give again to the whole page if it is asked for.
    static HANDLING: RefCell<Option<web_sys::Event>> = const { RefCell::new(None) };
    /// The whole page could not be had for the game saved: this page shows what it can of it.
    static GIVEN_UP: Cell<bool> = const { Cell::new(false) };
    /// The whole page has taken over: this page never starts again.
    static STOPPED: Cell<bool> = const { Cell::new(false) };
}

/// Runs a listener's `handle` of `event`, which a request for the whole page then goes with.
pub fn handling<T>(event: &web_sys::Event, handle: impl FnOnce() -> T) -> T {
    let outer = HANDLING.replace(Some(event.clone()));
    let done = handle();
    HANDLING.set(outer);
    done
}

/// Asks boot.js for the whole page, with the DOM event being handled (none while the page opens).
/// boot.js answers later (it calls nothing here before it has fetched the whole page).
pub fn load() {
    let loader = web_sys::window()
        .and_then(|w| Reflect::get(&w, &JsValue::from_str("onitamaLoadFeatures")).ok())
        .and_then(|f| f.dyn_into::<Function>().ok());
    let event = HANDLING.with_borrow(|event| event.as_ref().map_or(JsValue::UNDEFINED, |e| e.into()));
    match loader.map(|load| load.call1(&JsValue::NULL, &event)) {
        Some(Ok(_)) => {}
        Some(Err(error)) => web_sys::console::error_1(&error),
        None => web_sys::console::error_1(&"no onitamaLoadFeatures: boot.js did not start this page".into()),
    }
}

pub fn give_up() {
    GIVEN_UP.set(true);
}

pub fn given_up() -> bool {
    GIVEN_UP.get()
}

pub fn stopped() {
    STOPPED.set(true);
}

pub fn is_stopped() -> bool {
    STOPPED.get()
}
