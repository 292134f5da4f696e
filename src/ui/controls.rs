//! The HTML around the canvas: the buttons, the new-game form, the move list, the status line
//! and the result banner. Buttons call the app; `update` shows the state.

use super::state::State;
use super::text::Lang;
use super::{App, Mode, NewGame, listen, text};
use crate::ai::Level;
use crate::rules::{Card, Color};
use wasm_bindgen::prelude::*;
use web_sys::{Document, Element, HtmlButtonElement, HtmlDialogElement, HtmlInputElement, HtmlSelectElement};

fn element<T: JsCast>(id: &str) -> Option<T> {
    web_sys::window()?.document()?.get_element_by_id(id)?.dyn_into().ok()
}

fn open_dialog(id: &str) {
    if let Some(dialog) = element::<HtmlDialogElement>(id) {
        let _ = dialog.show_modal();
    }
}

fn close_dialog(id: &str) {
    if let Some(dialog) = element::<HtmlDialogElement>(id) {
        dialog.close();
    }
}

fn on_click(document: &Document, id: &str, handle: impl Fn(&mut App) + 'static) -> Result<(), JsValue> {
    let target = document.get_element_by_id(id).ok_or_else(|| format!("no #{id}"))?;
    listen(&target, "click", move |app, _: web_sys::Event| handle(app))
}

/// Adds options with these values (their texts come from `apply_language`).
fn add_options(document: &Document, id: &str, values: impl Iterator<Item = String>) -> Result<(), JsValue> {
    if let Some(select) = element::<HtmlSelectElement>(id) {
        for value in values {
            let option = document.create_element("option")?;
            option.set_attribute("value", &value)?;
            select.append_child(&option)?;
        }
    }
    Ok(())
}

const CARD_SELECTS: [&str; 5] = ["setup-red-1", "setup-red-2", "setup-blue-1", "setup-blue-2", "setup-side"];

pub fn wire(document: &Document) -> Result<(), JsValue> {
    add_options(document, "setup-level", (0..Level::ALL.len()).map(|i| i.to_string()))?;
    if let Some(select) = element::<HtmlSelectElement>("setup-level") {
        select.set_value(&Level::DEFAULT.to_string());
    }
    for id in CARD_SELECTS {
        add_options(document, id, Card::ALL.iter().map(|card| card.name().to_string()))?;
    }
    add_options(document, "language", Lang::ALL.iter().map(|lang| lang.code().to_string()))?;
    let language = document.get_element_by_id("language").ok_or("no #language")?;
    listen(&language, "change", |app, _: web_sys::Event| {
        if let Some(lang) = Lang::from_code(&select_value("language")) {
            app.set_language(lang);
        }
    })?;
    on_click(document, "new-game", |_| {
        open_dialog("setup");
    })?;
    on_click(document, "setup-start", |app| {
        close_dialog("setup");
        show_notice("");
        match read_setup() {
            Ok(options) => {
                if let Err(message) = app.new_game(options) {
                    show_notice(&message);
                }
            }
            Err(message) => show_notice(&message),
        }
    })?;
    on_click(document, "setup-cancel", |_| {
        close_dialog("setup");
    })?;
    on_click(document, "records", |app| {
        fill_records(app);
        open_dialog("records-dialog");
    })?;
    on_click(document, "records-close", |_| {
        close_dialog("records-dialog");
    })?;
    on_click(document, "record-open", |app| {
        let text = element::<web_sys::HtmlTextAreaElement>("record-text").map(|t| t.value()).unwrap_or_default();
        match crate::rules::Game::from_record(&text) {
            Ok(game) => {
                close_dialog("records-dialog");
                show_notice("");
                app.open_game(game);
            }
            Err(error) => show_records_message(&text::record_broken(app.state().lang, &error.to_string())),
        }
    })?;
    on_click(document, "record-copy-link", |app| {
        let link = app.link();
        if let Some(input) = element::<HtmlInputElement>("record-link") {
            input.set_value(&link);
            input.select();
        }
        if let Some(window) = web_sys::window() {
            let _ = window.navigator().clipboard().write_text(&link);
        }
        show_records_message(app.state().lang.texts().link_copied);
    })?;
    on_click(document, "rules", |app| {
        let _ = fill_rules(app.state().lang);
        open_dialog("rules-dialog");
    })?;
    on_click(document, "rules-close", |_| {
        close_dialog("rules-dialog");
    })?;
    on_click(document, "undo", |app| {
        app.undo();
    })?;
    on_click(document, "redo", |app| {
        app.redo();
    })?;
    on_click(document, "hint", |app| app.hint())?;
    on_click(document, "show-eval", |app| app.set_show_evaluation(checked("show-eval")))?;
    on_click(document, "rematch", |app| app.rematch())?;
    Ok(())
}

fn select_value(id: &str) -> String {
    element::<HtmlSelectElement>(id).map(|s| s.value()).unwrap_or_default()
}

fn checked(id: &str) -> bool {
    element::<HtmlInputElement>(id).is_some_and(|input| input.checked())
}

/// The new-game form's choices.
fn read_setup() -> Result<NewGame, String> {
    let level = select_value("setup-level").parse().unwrap_or(Level::DEFAULT);
    let mode = match select_value("setup-mode").as_str() {
        "two" => Mode::PassAndPlay { turn_board: checked("setup-turn") },
        "watch" => Mode::Watch { level },
        _ => {
            let human = match select_value("setup-colour").as_str() {
                "blue" => Color::Blue,
                "red" => Color::Red,
                _ => {
                    let mut byte = [0u8; 1];
                    let _ = getrandom::fill(&mut byte);
                    if byte[0] & 1 == 0 { Color::Red } else { Color::Blue }
                }
            };
            Mode::VsAi { human, level }
        }
    };
    let cards = if checked("setup-choose-cards") {
        let ids = ["setup-red-1", "setup-red-2", "setup-blue-1", "setup-blue-2", "setup-side"];
        let mut cards = [Card::Tiger; 5];
        for (slot, id) in cards.iter_mut().zip(ids) {
            let name = select_value(id);
            *slot = Card::from_name(&name).ok_or_else(|| format!("unknown card '{name}'"))?;
        }
        Some(cards)
    } else {
        None
    };
    Ok(NewGame { mode, cards, position: None })
}

/// A short message under the buttons (a refused choice, for instance).
pub fn show_notice(message: &str) {
    if let Some(notice) = element::<Element>("notice") {
        notice.set_text_content(Some(message));
    }
}

/// Said by screen readers: a move played, a result.
pub fn announce(message: &str) {
    if let Some(region) = element::<Element>("announce") {
        region.set_text_content(Some(message));
    }
}

pub fn update(state: &State) {
    if let Some(description) = element::<Element>("board-description") {
        description.set_text_content(Some(&text::describe_position(state.lang, state.position())));
    }
    let game = &state.game;
    if let Some(button) = element::<HtmlButtonElement>("undo") {
        button.set_disabled(game.moves().is_empty());
    }
    if let Some(button) = element::<HtmlButtonElement>("redo") {
        button.set_disabled(game.redoable().next().is_none());
    }
    if let Some(button) = element::<HtmlButtonElement>("hint") {
        button.set_disabled(!state.human_to_move());
    }
    if let Some(status) = element::<Element>("status") {
        // Why this side began: the side card's stamp (a loaded position may begin otherwise).
        let start = game.start();
        let why =
            (start.to_move() == start.side_card().stamp()).then(|| text::who_starts(state.lang, start.side_card()));
        status.set_text_content(why.as_deref());
    }
    if let Some(list) = element::<Element>("moves") {
        list.set_text_content(None);
        if let Some(document) = web_sys::window().and_then(|w| w.document()) {
            for (position, m) in game.positions().iter().zip(game.moves()) {
                if let Ok(item) = document.create_element("li") {
                    item.set_text_content(Some(&m.to_string()));
                    let _ = item.set_attribute("class", position.to_move().code());
                    let _ = list.append_child(&item);
                }
            }
        }
    }
    if let Some(toggle) = element::<HtmlInputElement>("show-eval") {
        toggle.set_checked(state.show_evaluation);
    }
    show_evaluation(state);
    if let Some(result) = element::<Element>("result") {
        match game.outcome() {
            Some(outcome) => {
                if let Some(text_element) = element::<Element>("result-text") {
                    text_element.set_text_content(Some(&text::outcome(state.lang, outcome)));
                }
                let _ = result.remove_attribute("hidden");
            }
            None => {
                let _ = result.set_attribute("hidden", "");
            }
        }
    }
}

/// The evaluation bar: Red's share of the bar grows with Red's prospects.
fn show_evaluation(state: &State) {
    let Some(bar) = element::<Element>("eval") else {
        return;
    };
    if !state.show_evaluation {
        let _ = bar.set_attribute("hidden", "");
        return;
    }
    let _ = bar.remove_attribute("hidden");
    let (share, label) = match state.evaluation_for_red() {
        None => (0.5, "…".to_string()),
        Some(score) => (text::red_share(score), text::evaluation(state.lang, score)),
    };
    if let Some(fill) = element::<web_sys::HtmlElement>("eval-fill") {
        let _ = fill.style().set_property("width", &{
            // Tenths of a percent, with integers (no float formatting in the wasm).
            let permille = (share * 1000.0).round() as i32;
            format!("{}.{}%", permille / 10, permille % 10)
        });
    }
    if let Some(caption) = element::<Element>("eval-text") {
        caption.set_text_content(Some(&label));
    }
}

fn show_records_message(message: &str) {
    if let Some(element) = element::<Element>("records-message") {
        element.set_text_content(Some(message));
    }
}

/// Fills the records dialog: this game's record, its link, and any unreadable save to keep.
fn fill_records(app: &App) {
    let record = app.state().game.to_record();
    if let Some(area) = element::<web_sys::HtmlTextAreaElement>("record-text") {
        area.set_value(&record);
    }
    if let Some(input) = element::<HtmlInputElement>("record-link") {
        input.set_value(&app.link());
    }
    let data_url =
        |text: &str| format!("data:text/plain;charset=utf-8,{}", String::from(js_sys::encode_uri_component(text)));
    if let Some(link) = element::<Element>("record-save") {
        let _ = link.set_attribute("href", &data_url(&record));
    }
    if let Some(link) = element::<web_sys::HtmlElement>("record-unreadable") {
        match super::storage::unreadable() {
            Some(text) => {
                let _ = link.set_attribute("href", &data_url(&text));
                link.set_hidden(false);
            }
            None => link.set_hidden(true),
        }
    }
    show_records_message("");
}

/// Puts the page in `lang`: direction, every fixed text, the names in the choosers.
pub fn apply_language(lang: Lang) {
    let Some(document) = web_sys::window().and_then(|w| w.document()) else { return };
    let texts = lang.texts();
    if let Some(root) = document.document_element() {
        let _ = root.set_attribute("lang", lang.code());
        let _ = root.set_attribute("dir", if lang.is_rtl() { "rtl" } else { "ltr" });
    }
    if let Ok(elements) = document.query_selector_all("[data-text]") {
        for index in 0..elements.length() {
            let Some(element) = elements.item(index).and_then(|node| node.dyn_into::<Element>().ok()) else { continue };
            if let Some(text) = element.get_attribute("data-text").and_then(|key| texts.html(&key)) {
                element.set_text_content(Some(text));
            }
        }
    }
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
    set_options("setup-level", &|i| {
        text::digits(lang, &format!("{} – {}", i + 1, texts.levels.get(i).copied().unwrap_or_default()))
    });
    for id in CARD_SELECTS {
        set_options(id, &|i| Card::from_index(i).map_or(String::new(), |card| text::card_name(lang, card).to_string()));
    }
    set_options("language", &|i| Lang::ALL.get(i).map_or(String::new(), |l| l.name().to_string()));
    if let Some(select) = element::<HtmlSelectElement>("language") {
        select.set_value(lang.code());
    }
}

/// The rules in `lang`, with the sixteen cards drawn as grids (built from the rules core's table).
fn fill_rules(lang: Lang) -> Result<(), JsValue> {
    let document = web_sys::window().and_then(|w| w.document()).ok_or("no document")?;
    let content = document.get_element_by_id("rules-content").ok_or("no #rules-content")?;
    content.set_text_content(None);
    let texts = lang.texts();
    let add = |parent: &Element, tag: &str, text: Option<&str>, class: Option<&str>| -> Result<Element, JsValue> {
        let element = document.create_element(tag)?;
        element.set_text_content(text);
        if let Some(class) = class {
            element.set_attribute("class", class)?;
        }
        parent.append_child(&element)?;
        Ok(element)
    };
    add(&content, "h2", Some(texts.rules_title), None)?;
    for paragraph in texts.rules {
        add(&content, "p", Some(paragraph), None)?;
    }
    add(&content, "h3", Some(texts.rules_cards), None)?;
    let cards = add(&content, "div", None, Some("rule-cards"))?;
    for card in Card::ALL {
        let stamp = if card.stamp() == Color::Red { "red" } else { "blue" };
        let figure = add(&cards, "figure", None, Some(&format!("rule-card stamp-{stamp}")))?;
        let grid = add(&figure, "div", None, Some("grid"))?;
        grid.set_attribute("role", "img")?;
        grid.set_attribute("aria-label", text::card_name(lang, card))?;
        for row in 0..5 {
            for column in 0..5 {
                let offset = (column - 2, 2 - row);
                let class = if offset == (0, 0) {
                    "cell piece"
                } else if card.offsets().iter().any(|&(x, y)| (i32::from(x), i32::from(y)) == offset) {
                    "cell reach"
                } else {
                    "cell"
                };
                add(&grid, "span", None, Some(class))?;
            }
        }
        add(&figure, "figcaption", Some(text::card_name(lang, card)), None)?;
    }
    Ok(())
}
