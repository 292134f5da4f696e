//! The New game dialog: its form read and written, the deck's switches and the card choosers.

use super::dom::{app_document, element, find, open_dialog, say_again, set_hidden, set_text};
use crate::rules::{Card, CardSet};
use crate::ui::deck::PackState;
use crate::ui::features::Features;
use crate::ui::new_game_form::{self, NewGameFields, NewGameForm};
use crate::ui::state::State;
use crate::ui::text::{self, Lang, Texts};
use crate::ui::view::{self, DeckView};
use crate::ui::web::app::App;
use wasm_bindgen::JsCast;
use web_sys::{Element, HtmlInputElement, HtmlSelectElement};

pub(super) const CARD_SELECTS: [&str; 5] = ["setup-red-1", "setup-red-2", "setup-blue-1", "setup-blue-2", "setup-side"];

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
    // Text, not a number field: a number field drops a decimal comma in some locales ("0,25").
    r#"<input id="setup-clock-minutes" type="text" value="5" inputmode="decimal" autocomplete="off"></label> "#,
    r#"<label><span data-text="clock-increment">Seconds added a move</span> "#,
    r#"<input id="setup-clock-increment" type="number" min="0" max="60" step="1" value="3" inputmode="numeric"></label></p>"#,
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

/// Opens the new-game dialog on the game being played: its mode, colour, level and cards.
pub(super) fn open_setup(app: &mut App) {
    open_setup_with(app, NewGameForm::of(app.state()));
}

/// Opens the new-game dialog with `form`'s choices.
pub(super) fn open_setup_with(app: &mut App, form: NewGameForm) {
    show_deck(&app.session().controls().deck, &app.state().texts(), true);
    let fields = form.fields();
    // A game from a position (the analysis board's "Play from here", the whole page's) has its
    // cards: the dialog keeps the position, and says so in its title.
    if Features::here().is_some() {
        if let Some(dialog) = find("setup") {
            let _ = dialog.set_attribute("data-from", &fields.from);
        }
        let title = form.title();
        if let Some(heading) = find("setup-heading") {
            let _ = heading.set_attribute("data-text", title);
            heading.set_text_content(app.state().texts().html(title));
        }
    }
    let selects = [
        ("setup-mode", &fields.mode),
        ("setup-colour", &fields.seat),
        ("setup-level", &fields.level),
        ("setup-limit", &fields.limit),
    ];
    for (id, value) in selects.into_iter().chain(CARD_SELECTS.into_iter().zip(&fields.cards)) {
        if let Some(select) = element::<HtmlSelectElement>(id) {
            select.set_value(value);
        }
    }
    #[cfg(not(feature = "first-visit"))]
    for (id, value) in
        [("setup-clock-minutes", &fields.clock_minutes), ("setup-clock-increment", &fields.clock_increment)]
    {
        if let Some(input) = element::<HtmlInputElement>(id).filter(|_| !value.is_empty()) {
            input.set_value(value);
        }
    }
    for (id, on) in [("setup-turn", fields.turn_board), ("setup-choose-cards", fields.choose_cards)] {
        if let Some(input) = element::<HtmlInputElement>(id) {
            input.set_checked(on);
        }
    }
    // Online play's switch, the whole page's.
    #[cfg(not(feature = "first-visit"))]
    if let Some(input) = element::<HtmlInputElement>("setup-watchers") {
        input.set_checked(fields.watchers);
    }
    show_mode_choices();
    show_setup_error("");
    open_dialog("setup");
    draw_chosen_cards(app.state());
}

/// Draws each card chosen in the New game dialog beside its chooser, as the board draws it: the
/// hands' in their holder's colour, the side card in its stamp's.
pub(super) fn draw_chosen_cards(state: &State) {
    let form = setup_form();
    for ((card, owner), id) in form.previews().into_iter().zip(CARD_PREVIEWS) {
        if let Some(canvas) = element::<web_sys::HtmlCanvasElement>(id) {
            let _ = super::super::render::draw_card_alone(&canvas, state, card, owner);
        }
    }
}

/// Shows only the choices that the chosen way of playing uses.
pub(super) fn show_mode_choices() {
    let from_position = !from_attribute().is_empty();
    let rows = new_game_form::rows(&select_value("setup-mode"), from_position, &select_value("setup-limit"));
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

pub fn show_setup_error(message: &str) {
    // An alert: the same refusal again is said again.
    say_again("setup-error", message);
    // A clock of one's own that does not fit: the keyboard is taken to its minutes, in view.
    #[cfg(not(feature = "first-visit"))]
    if !message.is_empty()
        && element::<web_sys::HtmlElement>("setup-clock").is_some_and(|row| !row.hidden())
        && setup_form().limit.is_none()
        && let Some(minutes) = element::<web_sys::HtmlElement>("setup-clock-minutes")
    {
        let _ = minutes.focus();
    }
}

pub(super) fn select_value(id: &str) -> String {
    element::<HtmlSelectElement>(id).map(|s| s.value()).unwrap_or_default()
}

fn input_value(id: &str) -> String {
    element::<HtmlInputElement>(id).map(|input| input.value()).unwrap_or_default()
}

pub(super) fn checked(id: &str) -> bool {
    element::<HtmlInputElement>(id).is_some_and(|input| input.checked())
}

/// The new-game form as it stands (one copy for its three readers).
#[inline(never)]
pub(super) fn setup_form() -> NewGameForm {
    NewGameForm::read(&read_setup())
}

/// The new-game form's fields as they stand.
pub(super) fn read_setup() -> NewGameFields {
    NewGameFields {
        mode: select_value("setup-mode"),
        seat: select_value("setup-colour"),
        level: select_value("setup-level"),
        turn_board: checked("setup-turn"),
        choose_cards: checked("setup-choose-cards"),
        cards: CARD_SELECTS.map(select_value),
        limit: select_value("setup-limit"),
        clock_minutes: Features::here().map(|_| input_value("setup-clock-minutes")).unwrap_or_default(),
        clock_increment: Features::here().map(|_| input_value("setup-clock-increment")).unwrap_or_default(),
        from: from_attribute(),
        watchers: Features::here().is_none_or(|_| checked("setup-watchers")),
    }
}

/// The position the New game dialog plays from ("Play from here"), in notation; empty for a deal
/// (always in the first visit's build, which has no analysis board).
fn from_attribute() -> String {
    let dialog = find("setup").filter(|_| Features::here().is_some());
    dialog.and_then(|d| d.get_attribute("data-from")).unwrap_or_default()
}

thread_local! {
    /// The language the list of cards was written in, and the cards its choosers offered.
    static DECK: std::cell::Cell<Option<(Lang, CardSet)>> = const { std::cell::Cell::new(None) };
}

/// Writes the deck's switches and its count, and the card choosers' options. When the deck
/// changes with the dialog open, a chosen card turned off gives way to one still on; `opening`
/// leaves the values to `open_setup`.
pub(super) fn show_deck(deck: &DeckView, texts: &Texts, opening: bool) {
    let lang = texts.lang;
    let before = DECK.replace(Some((lang, deck.enabled)));
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
    // A switch refused again is said again (a status region); the deck's summary is not.
    if deck.refused {
        say_again("deck-message", &deck.message);
    } else {
        set_text("deck-message", Some(&deck.message));
    }
    if let Some(message) = find("deck-message") {
        let _ = message.set_attribute("class", if deck.refused { "refused" } else { "" });
    }
    if !opening && before == Some((lang, deck.enabled)) {
        return;
    }
    let form = setup_form().within(deck.enabled);
    let options: String = view::card_options(texts, deck.enabled)
        .iter()
        .map(|(name, label)| format!("<option value={name}>{label}"))
        .collect();
    for (id, chosen) in CARD_SELECTS.into_iter().zip(form.fields().cards) {
        let Some(select) = element::<HtmlSelectElement>(id) else { continue };
        select.set_inner_html(&options);
        if !opening {
            select.set_value(&chosen);
        }
    }
}
