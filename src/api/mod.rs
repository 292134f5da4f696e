//! The page's wasm-bindgen surface: what JavaScript (and the page's scripts) may call about the
//! game on the page. Every function returns a `Result`; bad input becomes a JavaScript `Error`
//! with a clear message. The rules and the AI on plain strings are the engine module's
//! (crates/js); the page's own wasm does not carry them.
//!
//! A first visit's page (the `first-visit` build: `crate::ui::features`) offers none of the
//! scripts' functions: boot.js stands in for each, loading the whole page first.

use crate::ui::web as page;
use wasm_bindgen::prelude::*;

#[cfg(not(feature = "first-visit"))]
mod features;
#[cfg(not(feature = "first-visit"))]
mod game;

/// Resolves once the page shows its game (in a language other than English, once that
/// language's texts have come); boot.js waits for it before offering these functions.
#[wasm_bindgen]
pub fn page_shown() -> js_sys::Promise {
    page::shown()
}

/// The whole page has come and takes over (boot.js; `crate::ui::features`): this one stops.
#[cfg(feature = "first-visit")]
#[wasm_bindgen]
pub fn features_handover() {
    page::stop();
}

/// The whole page could not be fetched: the game goes on here (starting, if the saved game was
/// waiting for it), and the player is told.
#[cfg(feature = "first-visit")]
#[wasm_bindgen]
pub fn features_unavailable() {
    if page::features::is_stopped() {
        // Too late: boot.js reloads the page.
    } else if page::started() {
        page::dispatch(crate::ui::Event::Notice(crate::ui::notice::Notice::FeaturesUnavailable));
    } else {
        page::features::give_up();
        page::start();
    }
}
