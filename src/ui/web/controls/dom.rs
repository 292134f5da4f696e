//! The page's elements by id, written only when they change: the few DOM calls every control uses.

use wasm_bindgen::JsCast;
use web_sys::{Document, Element, HtmlDialogElement};

pub fn element<T: JsCast>(id: &str) -> Option<T> {
    find(id)?.dyn_into().ok()
}

/// The element with this id: one copy of the lookup, not one inlined into every caller.
#[inline(never)]
pub fn find(id: &str) -> Option<Element> {
    web_sys::window()?.document()?.get_element_by_id(id)
}

pub fn open_dialog(id: &str) {
    if let Some(dialog) = element::<HtmlDialogElement>(id) {
        let _ = dialog.show_modal();
        // Open at the top, whatever control took the focus, and its scrolling body too (which
        // keeps where the player left it when it was last closed).
        dialog.set_scroll_top(0);
        if let Ok(Some(body)) = dialog.query_selector(".dialog-body") {
            body.set_scroll_top(0);
        }
    }
}

/// Opens or closes the dialog `id` as `open` says; returns whether it opened now.
pub fn show_dialog(id: &str, open: bool) -> bool {
    let Some(dialog) = element::<HtmlDialogElement>(id) else { return false };
    match (dialog.open(), open) {
        (false, true) => {
            open_dialog(id);
            true
        }
        (true, false) => {
            dialog.close();
            false
        }
        _ => false,
    }
}

pub fn close_dialog(id: &str) {
    if let Some(dialog) = element::<HtmlDialogElement>(id) {
        dialog.close();
    }
}

pub fn app_document() -> Option<Document> {
    web_sys::window()?.document()
}

/// Writes `text` unless it is there already: a write, even of the same words, makes the browser
/// lay the page out again (at start, before the board is drawn) and may be read out again.
pub fn set_text(id: &str, text: Option<&str>) {
    if let Some(element) = element::<Element>(id)
        && element.text_content().as_deref().unwrap_or_default() != text.unwrap_or_default()
    {
        element.set_text_content(text);
    }
}

pub fn set_hidden(id: &str, hidden: bool) {
    if let Some(element) = element::<web_sys::HtmlElement>(id)
        && element.hidden() != hidden
    {
        element.set_hidden(hidden);
    }
}

/// Writes `text` into a live region even if it shows it already, so that it is read out again:
/// the answer to something the player did just now.
pub fn say_again(id: &str, text: &str) {
    if let Some(element) = element::<Element>(id) {
        element.set_text_content(None);
        element.set_text_content(Some(text));
    }
}

pub fn select_value(id: &str) -> String {
    element::<web_sys::HtmlSelectElement>(id).map(|s| s.value()).unwrap_or_default()
}

pub fn checked(id: &str) -> bool {
    element::<web_sys::HtmlInputElement>(id).is_some_and(|input| input.checked())
}
