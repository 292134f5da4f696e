//! The puzzle set, fetched from `puzzles.txt` beside the page on first use (the service worker
//! keeps it for offline play), and the solved puzzles, kept in localStorage.

use crate::ai::puzzle::{Puzzle, parse_set};
use std::cell::RefCell;
use std::rc::Rc;
use wasm_bindgen::prelude::*;

const SOLVED_KEY: &str = "onitama.puzzles.solved";

type Waiting = Vec<Box<dyn FnOnce(Result<Rc<Vec<Puzzle>>, String>)>>;

thread_local! {
    static SET: RefCell<Option<Rc<Vec<Puzzle>>>> = const { RefCell::new(None) };
    /// Callers waiting for a fetch under way.
    static WAITING: RefCell<Option<Waiting>> = const { RefCell::new(None) };
}

/// The set, once fetched.
pub fn loaded() -> Option<Rc<Vec<Puzzle>>> {
    SET.with(|set| set.borrow().clone())
}

/// Fetches the set and calls `then` with it, later (never while the caller runs).
pub fn load(then: impl FnOnce(Result<Rc<Vec<Puzzle>>, String>) + 'static) {
    let fetching = WAITING.with(|waiting| {
        let mut waiting = waiting.borrow_mut();
        let fetching = waiting.is_some();
        waiting.get_or_insert_with(Vec::new).push(Box::new(then));
        fetching
    });
    if !fetching && let Err(error) = fetch() {
        WAITING.with(|waiting| waiting.borrow_mut().take());
        web_sys::console::error_1(&error);
    }
}

fn finish(result: Result<Rc<Vec<Puzzle>>, String>) {
    if let Ok(set) = &result {
        SET.with(|stored| *stored.borrow_mut() = Some(set.clone()));
    }
    for then in WAITING.with(|waiting| waiting.borrow_mut().take()).unwrap_or_default() {
        then(result.clone());
    }
}

fn describe(error: &JsValue) -> String {
    error
        .dyn_ref::<js_sys::Error>()
        .map(|e| String::from(e.message()))
        .or_else(|| error.as_string())
        .unwrap_or_else(|| "no answer".to_string())
}

fn fetch() -> Result<(), JsValue> {
    let window = web_sys::window().ok_or("no window")?;
    let failed = || Closure::<dyn FnMut(JsValue)>::new(|error: JsValue| finish(Err(describe(&error))));
    let parse = Closure::<dyn FnMut(JsValue)>::new(|text: JsValue| {
        finish(parse_set(&text.as_string().unwrap_or_default()).map(Rc::new));
    });
    let text_failed = failed();
    let read = Closure::<dyn FnMut(JsValue)>::new(move |response: JsValue| {
        let text = response.dyn_into::<web_sys::Response>().and_then(|response| match response.ok() {
            true => response.text(),
            false => Err(format!("puzzles.txt: HTTP {}", response.status()).into()),
        });
        match text {
            Ok(text) => {
                let _ = text.then2(&parse, &text_failed);
            }
            Err(error) => finish(Err(describe(&error))),
        }
    });
    let fetch_failed = failed();
    let _ = window.fetch_with_str("puzzles.txt").then2(&read, &fetch_failed);
    // One fetch a page: its handlers live as long as it.
    read.forget();
    fetch_failed.forget();
    Ok(())
}

fn storage() -> Option<web_sys::Storage> {
    web_sys::window()?.local_storage().ok().flatten()
}

/// The ids of the puzzles solved on this device.
pub fn solved() -> Vec<u32> {
    let text = storage().and_then(|s| s.get_item(SOLVED_KEY).ok().flatten()).unwrap_or_default();
    super::super::puzzle::parse_solved(&text)
}

pub fn mark_solved(id: u32) {
    let Some(storage) = storage() else { return };
    let text = storage.get_item(SOLVED_KEY).ok().flatten().unwrap_or_default();
    let _ = storage.set_item(SOLVED_KEY, &super::super::puzzle::add_solved(&text, id));
}

/// Days since 1970-01-01 in the player's own time zone: the daily puzzle changes at their midnight.
pub fn local_day() -> i64 {
    let now = js_sys::Date::new_0();
    let local_ms = now.get_time() - now.get_timezone_offset() * 60_000.0;
    (local_ms / 86_400_000.0).floor() as i64
}
