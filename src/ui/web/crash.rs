//! If the program panics anyway, the player sees what happened and keeps the game: the panic
//! hook shows the crash panel of index.html with the game record to copy or save.

use std::cell::RefCell;
use wasm_bindgen::JsCast;

thread_local! {
    /// The game record as of the last change (kept outside the app, which may be mid-change).
    static LAST_RECORD: RefCell<String> = const { RefCell::new(String::new()) };
}

pub fn remember(record: String) {
    LAST_RECORD.with(|last| {
        if let Ok(mut last) = last.try_borrow_mut() {
            *last = record;
        }
    });
}

pub fn install_hook() {
    std::panic::set_hook(Box::new(|info| show(&info.to_string())));
}

fn show(detail: &str) {
    web_sys::console::error_1(&format!("panic: {detail}").into());
    let Some(document) = web_sys::window().and_then(|w| w.document()) else {
        return;
    };
    let record = LAST_RECORD.with(|last| last.try_borrow().map(|r| r.clone()).unwrap_or_default());
    if let Some(area) = document.get_element_by_id("crash-record") {
        area.set_text_content(Some(&record));
    }
    if let Some(link) = document.get_element_by_id("crash-save") {
        let encoded = String::from(js_sys::encode_uri_component(&record));
        let _ = link.set_attribute("href", &format!("data:text/plain;charset=utf-8,{encoded}"));
    }
    if let Some(text) = document.get_element_by_id("crash-detail") {
        text.set_text_content(Some(detail));
    }
    if let Some(panel) = document.get_element_by_id("crash").and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok()) {
        panel.set_hidden(false);
    }
}
