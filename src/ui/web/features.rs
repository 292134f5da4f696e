//! The first-visit build hands the page over to the whole page (`crate::ui::features`): boot.js's
//! `onitamaLoadFeatures` fetches it; once it has come, this page stops (`features_handover`), and
//! the whole page starts on the same board, from the game and settings saved, and is given again
//! the DOM event that asked for it (the click on Puzzles, say), which it then does.

use js_sys::{Function, Reflect};
use std::cell::Cell;
use wasm_bindgen::prelude::*;

thread_local! {
    /// The session asked for the whole page (`Effect::LoadFeatures`) in the event handled now.
    static WANTED: Cell<bool> = const { Cell::new(false) };
}

thread_local! {
    /// The whole page could not be had for the game saved: this page shows it as it can.
    static GIVEN_UP: Cell<bool> = const { Cell::new(false) };
}

pub fn give_up() {
    GIVEN_UP.set(true);
}

pub fn given_up() -> bool {
    GIVEN_UP.get()
}

pub fn want() {
    WANTED.set(true);
}

/// Once an event is handled: fetches the whole page if the session asked for it, to be given
/// `event` again (none: the page was opening, or a script asked).
pub fn load_if_wanted(event: Option<&web_sys::Event>) {
    if !WANTED.take() {
        return;
    }
    let loader = web_sys::window()
        .and_then(|w| Reflect::get(&w, &JsValue::from_str("onitamaLoadFeatures")).ok())
        .and_then(|f| f.dyn_into::<Function>().ok());
    let event = event.map_or(JsValue::UNDEFINED, |e| e.into());
    match loader.map(|load| load.call1(&JsValue::NULL, &event)) {
        Some(Ok(_)) => {}
        Some(Err(error)) => web_sys::console::error_1(&error),
        None => web_sys::console::error_1(&"no onitamaLoadFeatures: boot.js did not start this page".into()),
    }
}
