//! The New game dialog, written from the view (its fields are the session's), each change of a
//! field told to the session; the deck's switches and the card choosers.

use super::dom::{app_document, element, find, open_dialog, say_again, set_hidden, set_text};
use crate::rules::Card;
use crate::ui::deck::PackState;
use crate::ui::features::Features;
use crate::ui::intent::Intent;
use crate::ui::new_game_form::{CARD_CHOOSERS, NewGameEdit, NewGameRows};
use crate::ui::session::Event;
use crate::ui::text::{self, Texts};
use crate::ui::view::RefusalView;
use crate::ui::view::{self, DeckView, NewGameView};
use crate::ui::web::app::App;
use wasm_bindgen::JsCast;
use web_sys::{Element, HtmlDialogElement, HtmlInputElement, HtmlSelectElement};

/// Each chosen card's drawing, beside its chooser.
pub(super) const CARD_PREVIEWS: [&str; 5] =
    ["setup-red-1-card", "setup-red-2-card", "setup-blue-1-card", "setup-blue-2-card", "setup-side-card"];

/// The game clocks among the New game dialog's times, and the row of a clock of one's own: the
/// whole page's (online play is), put in the dialog here so that a first visit downloads neither;
/// English until the page's language is applied, as index.html's.
#[cfg(not(feature = "first-visit"))]
const CLOCKS: &str = concat!(
    r#"<option value="60+1" data-text="clock-1">clock 1+1</option>"#,
    r#"<option value="180+2" data-text="clock-3">clock 3+2</option>"#,
    r#"<option value="300+3" data-text="clock-5">clock 5+3</option>"#,
    r#"<option value="600+5" data-text="clock-10">clock 10+5</option>"#,
    r#"<option value="custom" data-text="clock-custom">clock of my own</option>"#,
);
#[cfg(not(feature = "first-visit"))]
const CUSTOM_CLOCK_ROW: &str = concat!(
    r#"<p id="setup-clock" hidden><label><span data-text="clock-minutes">Minutes each</span> "#,
    // Text, not number fields: a number field drops a decimal comma in some locales ("0,25"), and
    // Persian digits.
    r#"<input id="setup-clock-minutes" type="text" inputmode="decimal" autocomplete="off"></label> "#,
    r#"<label><span data-text="clock-increment">Seconds added a move</span> "#,
    r#"<input id="setup-clock-increment" type="text" inputmode="numeric" autocomplete="off"></label></p>"#,
);

/// The switch that lets third browsers watch a friend's game (online play's, so the whole page's).
#[cfg(not(feature = "first-visit"))]
const WATCHERS_ROW: &str = concat!(
    r#"<label id="setup-watchers-row" hidden><input id="setup-watchers" type="checkbox" checked> "#,
    r#"<span data-text="online-watchers">Let others watch with the link</span></label>"#,
);

/// Puts the game clocks and the watchers' switch in the dialog, once (the whole page's stylesheet
/// styles them).
#[cfg(not(feature = "first-visit"))]
pub(super) fn build_clocks(document: &web_sys::Document) -> Result<(), wasm_bindgen::JsValue> {
    if document.get_element_by_id("setup-clock").is_some() {
        return Ok(());
    }
    let select = document.get_element_by_id("setup-limit").ok_or("no #setup-limit")?;
    select.insert_adjacent_html("beforeend", CLOCKS)?;
    let label = select.closest("label")?.ok_or("no label of #setup-limit")?;
    label.insert_adjacent_html("afterend", WATCHERS_ROW)?;
    label.insert_adjacent_html("afterend", CUSTOM_CLOCK_ROW)
}

/// Opens, writes or closes the New game dialog as the view has it, its fields after the card
/// choosers' options (a text field only when it differs, so that one being typed in is left alone).
/// `deck` and `last_deck` are the deck's switches shown now and last written, with the language.
pub(super) fn show(
    view: Option<&NewGameView>,
    deck: (&str, &DeckView),
    last_deck: Option<(&str, &DeckView)>,
    texts: &Texts,
) {
    let Some(dialog) = element::<HtmlDialogElement>("setup") else { return };
    let Some(view) = view else {
        if dialog.open() {
            show_refusal(None);
            dialog.close();
        }
        return;
    };
    let opening = !dialog.open();
    show_deck(deck, last_deck, texts, opening);
    let fields = &view.fields;
    // A game from a position (the analysis board's "Play from here", the whole page's) says so
    // in its title.
    if Features::here().is_some()
        && let Some(heading) = find("setup-heading")
        && heading.get_attribute("data-text").as_deref() != Some(view.title)
    {
        let _ = heading.set_attribute("data-text", view.title);
        heading.set_text_content(texts.html(view.title));
    }
    let selects = [
        ("setup-mode", &fields.mode),
        ("setup-colour", &fields.seat),
        ("setup-level", &fields.level),
        ("setup-limit", &fields.limit),
    ];
    for (id, value) in selects.into_iter().chain(CARD_CHOOSERS.into_iter().zip(&fields.cards)) {
        if let Some(select) = element::<HtmlSelectElement>(id) {
            select.set_value(value);
        }
    }
    #[cfg(not(feature = "first-visit"))]
    for (id, value) in
        [("setup-clock-minutes", &fields.clock_minutes), ("setup-clock-increment", &fields.clock_increment)]
    {
        if let Some(input) = element::<HtmlInputElement>(id).filter(|input| input.value() != *value) {
            input.set_value(value);
        }
    }
    let switches = [("setup-turn", fields.turn_board), ("setup-choose-cards", fields.choose_cards)];
    // Online play's switch, the whole page's.
    #[cfg(not(feature = "first-visit"))]
    let switches = [switches[0], switches[1], ("setup-watchers", fields.watchers)];
    for (id, on) in switches {
        if let Some(input) = element::<HtmlInputElement>(id) {
            input.set_checked(on);
        }
    }
    show_rows(&view.rows);
    show_refusal(view.refused.as_ref());
    if opening {
        open_dialog("setup");
    }
}

/// Draws each card chosen in the New game dialog beside its chooser, as the board draws it (the
/// hands' in their holder's colour, the side card in its stamp's), when they or their look
/// changed since the view `shown` last, or the choosers were shown (on a phone they show once
/// asked for: their cards are drawn then).
pub fn draw_chosen_cards(view: Option<&NewGameView>, shown: Option<&NewGameView>, rtl: bool) {
    let Some(view) = view else { return };
    let same = |shown: &NewGameView| {
        (&shown.previews, shown.dark, shown.fields.choose_cards)
            == (&view.previews, view.dark, view.fields.choose_cards)
    };
    if shown.is_some_and(same) {
        return;
    }
    for (face, id) in view.previews.iter().zip(CARD_PREVIEWS) {
        if let Some(canvas) = element::<web_sys::HtmlCanvasElement>(id) {
            let _ = super::super::render::draw_card_alone(&canvas, face, view.dark, rtl);
        }
    }
}

/// Shows only the choices that the chosen way of playing uses.
fn show_rows(rows: &NewGameRows) {
    let shown = [("setup-colour", rows.seat), ("setup-level", rows.level), ("setup-turn", rows.turn_board)];
    for (id, shown) in shown.into_iter().chain([("setup-limit", rows.limit)]) {
        if let Some(label) = element::<Element>(id).and_then(|e| e.closest("label").ok().flatten()) {
            let _ = label.dyn_into::<web_sys::HtmlElement>().map(|label| label.set_hidden(!shown));
        }
    }
    if let Some(cards) = element::<Element>("setup-choose-cards").and_then(|e| e.closest("fieldset").ok().flatten()) {
        let _ = cards.dyn_into::<web_sys::HtmlElement>().map(|cards| cards.set_hidden(!rows.cards));
    }
    set_hidden("deck", !rows.cards);
    if Features::here().is_some() {
        set_hidden("setup-clock", !rows.custom_clock);
        set_hidden("setup-watchers-row", !rows.watchers);
    }
}

/// Says why Start was refused, once for each Start refused (an alert: the same reason again is
/// said again) and in another language once chosen, or nothing.
fn show_refusal(refused: Option<&RefusalView>) {
    let Some(line) = find("setup-error") else { return };
    let times = refused.map_or(0, |r| r.times).to_string();
    let reason = refused.map_or("", |r| &r.reason);
    if line.get_attribute("data-times").as_deref() != Some(&times) || line.text_content().as_deref() != Some(reason) {
        let _ = line.set_attribute("data-times", &times);
        say_again("setup-error", reason);
    }
}

/// The New game dialog's fields, if it is open as the whole page starts: the first visit's page
/// opened it and handed over (for online play, say), and the player's choices go on.
#[cfg(not(feature = "first-visit"))]
pub fn left_open() -> Option<crate::ui::new_game_form::NewGameFields> {
    element::<HtmlDialogElement>("setup").filter(HtmlDialogElement::open)?;
    let value = |id: &str| element::<HtmlSelectElement>(id).map(|s| s.value()).unwrap_or_default();
    let checked = |id: &str| element::<HtmlInputElement>(id).is_some_and(|input| input.checked());
    Some(crate::ui::new_game_form::NewGameFields {
        mode: value("setup-mode"),
        seat: value("setup-colour"),
        level: value("setup-level"),
        turn_board: checked("setup-turn"),
        choose_cards: checked("setup-choose-cards"),
        cards: CARD_CHOOSERS.map(value),
        limit: value("setup-limit"),
        // The first visit's dialog has no clock of one's own and no watchers' switch.
        ..Default::default()
    })
}

/// A field of the dialog changed: the session hears which, and its value.
pub(super) fn edited(app: &mut App, event: web_sys::Event) {
    let Some(target) = event.target() else { return };
    let (id, value, checked) = if let Some(input) = target.dyn_ref::<HtmlInputElement>() {
        (input.id(), input.value(), input.checked())
    } else if let Some(select) = target.dyn_ref::<HtmlSelectElement>() {
        (select.id(), select.value(), false)
    } else {
        return;
    };
    if let Some(edit) = NewGameEdit::read(&id, value, checked) {
        app.dispatch(Event::Intent(Intent::EditNewGame(edit)));
    }
}

/// Writes the deck's switches and its count, and the card choosers' options (again when the
/// deck changes with the dialog open, or it opens); `before` is the deck last written, and in
/// which language.
fn show_deck((lang, deck): (&str, &DeckView), before: Option<(&str, &DeckView)>, texts: &Texts, opening: bool) {
    let before = before.map(|(lang, deck)| (lang, deck.enabled));
    let (Some(list), Some(document)) = (find("deck-cards"), app_document()) else { return };
    // Written again only in a new language: a list written again loses the focus.
    if before.is_none_or(|(was, _)| was != lang) {
        let mut html = String::new();
        for card in Card::ALL {
            html.push_str(&format!(
                "<label><input type=checkbox value={card}> {}</label>",
                text::card_name(texts, card)
            ));
        }
        list.set_inner_html(&html);
    }
    // The sets' switches, then the cards', in table order.
    let Ok(inputs) = document.query_selector_all("#deck input") else { return };
    let packs = deck.packs.map(|shows| (shows == PackState::On, shows == PackState::Mixed));
    let cards = Card::ALL.map(|card| (deck.enabled.contains(card), false));
    for (index, (on, mixed)) in packs.into_iter().chain(cards).enumerate() {
        if let Some(input) = inputs.item(index as u32).and_then(|node| node.dyn_into::<HtmlInputElement>().ok()) {
            input.set_checked(on);
            input.set_indeterminate(mixed);
        }
    }
    // Each switch refused is said, once (a status region); the deck's summary is written only.
    if let Some(message) = find("deck-message") {
        let refusals = deck.refusals.to_string();
        if deck.refused && message.get_attribute("data-times").as_deref() != Some(&refusals) {
            say_again("deck-message", &deck.message);
        } else {
            set_text("deck-message", Some(&deck.message));
        }
        let _ = message.set_attribute("data-times", &refusals);
        let _ = message.set_attribute("class", if deck.refused { "refused" } else { "" });
    }
    if !opening && before == Some((lang, deck.enabled)) {
        return;
    }
    let options: String = view::card_options(texts, deck.enabled)
        .iter()
        .map(|(name, label)| format!("<option value={name}>{label}"))
        .collect();
    for id in CARD_CHOOSERS {
        if let Some(select) = element::<HtmlSelectElement>(id) {
            // Written again, a chooser shows its first option: `show` sets the card chosen.
            select.set_inner_html(&options);
        }
    }
}
