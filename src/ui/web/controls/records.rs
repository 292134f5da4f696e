//! The Records dialog: opened filled and closed as the view has it, a record opened or reviewed,
//! and the game's link copied.

use super::dom::{app_document, close_dialog, element, open_dialog, set_hidden};
use crate::ui::intent::Intent;
use crate::ui::session::Event;
use crate::ui::view::RecordsView;
use crate::ui::web::app::{App, dispatch};
use wasm_bindgen::prelude::*;
use web_sys::{Element, HtmlDialogElement, HtmlInputElement, HtmlSelectElement};

/// Copies the page's address with `fragment`, selected in the Records dialog, and tells the
/// session whether the browser let it.
pub fn copy_link(fragment: &str) {
    let link = full_link(fragment);
    if let Some(input) = element::<HtmlInputElement>("record-link") {
        input.set_value(&link);
        // Selected where the player sees it, to copy by hand if the browser will not.
        let _ = input.focus();
        input.select();
    }
    let Some(window) = web_sys::window() else { return };
    let told = |copied: bool| Closure::<dyn FnMut(JsValue)>::new(move |_| dispatch(Event::LinkCopied(copied)));
    let (copied, refused) = (told(true), told(false));
    // Without a secure context (a page not served over HTTPS) the browser has no clipboard: no
    // call on it may throw through the session's dispatch.
    let clipboard = js_sys::Reflect::get(&window.navigator(), &"clipboard".into()).ok().filter(|c| !c.is_undefined());
    let written = match clipboard {
        Some(clipboard) => clipboard.unchecked_into::<web_sys::Clipboard>().write_text(&link),
        None => js_sys::Promise::reject(&"no clipboard".into()),
    };
    let _ = written.then2(&copied, &refused);
    // A copy's two answers are small, and one of them comes: they live as long as the page.
    copied.forget();
    refused.forget();
}

/// Opens the Records dialog, filled, or closes it, as the view has it. It is filled as it opens
/// only: the record's text is the player's to edit (to paste another game's) while it is open.
pub(super) fn show_records(records: Option<&RecordsView>) {
    let open = element::<HtmlDialogElement>("records-dialog").is_some_and(|d| d.open());
    match records {
        Some(shown) if !open => {
            fill_records(shown);
            open_dialog("records-dialog");
        }
        None if open => close_dialog("records-dialog"),
        _ => {}
    }
}

/// Fills the records dialog: this game's record, its link, and any unreadable save to keep.
fn fill_records(shown: &RecordsView) {
    if let Some(area) = element::<web_sys::HtmlTextAreaElement>("record-text") {
        area.set_value(&shown.record);
    }
    if let Some(input) = element::<HtmlInputElement>("record-link") {
        input.set_value(&full_link(&shown.link));
    }
    let data_url =
        |text: &str| format!("data:text/plain;charset=utf-8,{}", String::from(js_sys::encode_uri_component(text)));
    if let Some(link) = element::<Element>("record-save") {
        let _ = link.set_attribute("href", &data_url(&shown.record));
    }
    if let Some(link) = element::<web_sys::HtmlElement>("record-unreadable") {
        if let Some(text) = &shown.unreadable {
            let _ = link.set_attribute("href", &data_url(text));
        }
        link.set_hidden(shown.unreadable.is_none());
    }
    if let Some(select) = element::<HtmlSelectElement>("finished") {
        select.set_inner_html("");
        for (i, label) in &shown.finished {
            if let Ok(option) = web_sys::HtmlOptionElement::new_with_text_and_value(label, &i.to_string()) {
                let _ = select.add_with_html_option_element(&option);
            }
        }
    }
    // None yet: the list and its Review give way to a line that says so.
    set_hidden("finished-row", !shown.review_finished);
    set_hidden("finished-none", shown.review_finished);
    set_hidden("finished-analyse", !shown.analyse_finished);
    set_hidden("standings-section", shown.standings.is_empty());
    if let (Some(body), Some(document)) =
        (element::<Element>("standings").and_then(|t| t.query_selector("tbody").ok().flatten()), app_document())
    {
        body.set_text_content(None);
        for row in &shown.standings {
            let Ok(tr) = document.create_element("tr") else { continue };
            for (tag, words) in [("th", &row.level), ("td", &row.red), ("td", &row.blue)] {
                if let Ok(cell) = document.create_element(tag) {
                    cell.set_text_content(Some(words));
                    if tag == "th" {
                        let _ = cell.set_attribute("scope", "row");
                    }
                    let _ = tr.append_child(&cell);
                }
            }
            let _ = body.append_child(&tr);
        }
    }
}

/// Opens the record in the Records dialog, or reviews it.
pub(super) fn open_record(app: &mut App, review: bool) {
    let text = element::<web_sys::HtmlTextAreaElement>("record-text").map(|t| t.value()).unwrap_or_default();
    app.dispatch(Event::Intent(Intent::OpenRecord { text, review }));
}

/// The page's own address with the room's fragment: what a friend opens.
pub fn full_link(fragment: &str) -> String {
    let here = web_sys::window().and_then(|w| w.location().href().ok()).unwrap_or_default();
    let page = here.split('#').next().unwrap_or_default();
    format!("{page}{fragment}")
}
