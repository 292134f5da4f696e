//! The page in the player's language: its direction, its fixed texts, the choosers' names.

use super::dom::element;
use crate::ui::text::Texts;
use crate::ui::view;
use wasm_bindgen::prelude::*;
use web_sys::{Element, HtmlSelectElement};

/// Puts the page in `texts`' language: direction, every fixed text, the names in the choosers.
pub fn apply_language(texts: &Texts) {
    apply_page_texts(texts);
    name_choosers(texts);
}

/// The page's direction and its fixed texts.
pub fn apply_page_texts(texts: &Texts) {
    let Some(document) = web_sys::window().and_then(|w| w.document()) else { return };
    let lang = texts.lang;
    if let Some(root) = document.document_element() {
        let _ = root.set_attribute("lang", lang.code());
        if let (Ok(Some(meta)), Some(words)) =
            (document.query_selector("meta[name=description]"), texts.html("meta-description"))
        {
            let _ = meta.set_attribute("content", words);
        }
        let _ = root.set_attribute("dir", if lang.is_rtl() { "rtl" } else { "ltr" });
    }
    if let Ok(elements) = document.query_selector_all("[data-text], [data-label]") {
        for index in 0..elements.length() {
            let Some(element) = elements.item(index).and_then(|node| node.dyn_into::<Element>().ok()) else { continue };
            if let Some(text) = element.get_attribute("data-text").and_then(|key| texts.html(&key)) {
                element.set_text_content(Some(text));
            }
            if let Some(label) = element.get_attribute("data-label").and_then(|key| texts.html(&key)) {
                let _ = element.set_attribute("aria-label", label);
            }
        }
    }
}

/// Names the choosers' options in `texts`' language, and shows it in the language chooser.
pub(super) fn name_choosers(texts: &Texts) {
    let set_options = |id: &str, label: &dyn Fn(usize) -> String| {
        if let Some(select) = element::<HtmlSelectElement>(id) {
            let options = select.options();
            for index in 0..options.length() {
                if let Some(option) = options.item(index) {
                    option.set_text_content(Some(&label(index as usize)));
                }
            }
        }
    };
    let levels = view::level_options(texts);
    set_options("setup-level", &|i| levels.get(i).map(|(_, label)| label.clone()).unwrap_or_default());
    let speeds = view::watch_speed_options(texts);
    set_options("watch-speed", &|i| speeds.get(i).map(|(_, name)| name.clone()).unwrap_or_default());
    let languages = view::language_options();
    set_options("language", &|i| languages.get(i).map(|(_, name)| name.to_string()).unwrap_or_default());
    if let Some(select) = element::<HtmlSelectElement>("language") {
        select.set_value(texts.lang.code());
    }
}
