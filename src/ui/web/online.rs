//! The online module (peer.js and its wasm) is fetched by the page's scripts the first time online
//! play is asked for: boot.js's `onitamaOnline` keeps the lines until online.js has started it.
//! The module's lines come back through the API (`online_heard`, `online_unavailable`).

use js_sys::{Function, Reflect};
use wasm_bindgen::prelude::*;

/// Gives `line` to the module, fetching it first if need be.
pub fn send(line: &str) {
    let loader = web_sys::window()
        .and_then(|w| Reflect::get(&w, &JsValue::from_str("onitamaOnline")).ok())
        .and_then(|f| f.dyn_into::<Function>().ok());
    let sent = loader.map(|send| send.call1(&JsValue::NULL, &JsValue::from_str(line)));
    if let Some(Err(error)) = sent {
        web_sys::console::error_1(&error);
    }
}
