//! The puzzle set, fetched from `puzzles.txt` beside the page on first use (the service worker
//! keeps it for offline play), and the solved puzzles, kept in localStorage.

use crate::ai::puzzle::{Puzzle, parse_set};
use std::cell::RefCell;
use std::rc::Rc;

const SOLVED_KEY: &str = "onitama.puzzles.solved";

type Waiting = Vec<Box<dyn FnOnce(Result<Rc<Vec<Puzzle>>, String>)>>;

thread_local! {
    /// Callers waiting for a fetch under way (the set itself is the session's).
    static WAITING: RefCell<Option<Waiting>> = const { RefCell::new(None) };
}

/// Fetches the set and calls `then` with it, later (never while the caller runs).
pub fn load(then: impl FnOnce(Result<Rc<Vec<Puzzle>>, String>) + 'static) {
    let fetching = WAITING.with(|waiting| {
        let mut waiting = waiting.borrow_mut();
        let fetching = waiting.is_some();
        waiting.get_or_insert_with(Vec::new).push(Box::new(then));
        fetching
    });
    if !fetching {
        super::fetch::text("puzzles.txt", |file| finish(file.and_then(|text| parse_set(&text)).map(Rc::new)));
    }
}

fn finish(result: Result<Rc<Vec<Puzzle>>, String>) {
    for then in WAITING.with(|waiting| waiting.borrow_mut().take()).unwrap_or_default() {
        then(result.clone());
    }
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
