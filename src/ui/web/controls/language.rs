//! The page in the player's language: its direction, its fixed texts, the choosers' names and the rules.

use super::dom::element;
use crate::ui::deck;
use crate::ui::state::State;
use crate::ui::text::{self, Texts};
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

/// Puts the rules' paragraphs in `texts`' language into `into`, from their file (the browser
/// caches it), or the sentence saying they could not be had.
pub(super) fn fill_rules_text(texts: &Texts, into: Element) {
    let unavailable = text::rules_text(texts, None);
    super::super::fetch::text(&format!("rules/{}.txt", texts.lang.code()), move |file| {
        let Some(document) = web_sys::window().and_then(|w| w.document()) else { return };
        if let Err(reason) = &file {
            // The browser's words are English: the console has them, the player a sentence.
            web_sys::console::error_1(&format!("the rules could not be fetched: {reason}").into());
        }
        let paragraphs = match &file {
            Ok(file) => text::rules_paragraphs(file).map(String::from).collect(),
            Err(_) => unavailable,
        };
        for paragraph in paragraphs {
            if let Ok(p) = document.create_element("p") {
                p.set_text_content(Some(&paragraph));
                let _ = into.append_child(&p);
            }
        }
    });
}

/// The rules in the page's language, with the cards of the sets dealt from drawn as grids (built
/// from the rules core's table), set by set.
pub(super) fn fill_rules(state: &State) -> Result<(), JsValue> {
    let texts = &state.texts();
    let document = web_sys::window().and_then(|w| w.document()).ok_or("no document")?;
    let content = document.get_element_by_id("rules-content").ok_or("no #rules-content")?;
    content.set_text_content(None);
    let add = |parent: &Element, tag: &str, text: Option<&str>, class: Option<&str>| -> Result<Element, JsValue> {
        let element = document.create_element(tag)?;
        element.set_text_content(text);
        if let Some(class) = class {
            element.set_attribute("class", class)?;
        }
        parent.append_child(&element)?;
        Ok(element)
    };
    add(&content, "h2", Some(texts.rules_title()), None)?;
    // The paragraphs come from their file, fetched the first time the rules are opened.
    let paragraphs = add(&content, "div", None, Some("rules-text"))?;
    fill_rules_text(texts, paragraphs);
    add(&content, "h3", Some(texts.rules_cards()), None)?;
    for pack in deck::shown_packs(state.page.settings.cards) {
        add(&content, "h4", Some(text::pack_name(texts, pack)), None)?;
        let cards = add(&content, "div", None, Some("rule-cards"))?;
        for card in pack.cards() {
            let figure = add(&cards, "figure", None, Some(&format!("rule-card stamp-{}", card.stamp().code())))?;
            let grid = add(&figure, "div", None, Some("grid"))?;
            grid.set_attribute("role", "img")?;
            grid.set_attribute("aria-label", text::card_name(texts, card))?;
            for cell in view::card_grid(card) {
                let class = match cell {
                    view::GridCell::Piece => "cell piece",
                    view::GridCell::Reach => "cell reach",
                    view::GridCell::Empty => "cell",
                };
                add(&grid, "span", None, Some(class))?;
            }
            add(&figure, "figcaption", Some(text::card_name(texts, card)), None)?;
        }
    }
    Ok(())
}
