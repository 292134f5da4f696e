//! The HTML around the canvas: the buttons, the dialogs, the move list, the status lines and the
//! result banner. Buttons send the session intents; `update` shows the state.

use super::super::error_text;
use super::super::notice::Notice;
use super::super::puzzle::{self, Choice};
use super::super::review;
use super::super::session::{Event, Intent, NewGame, SettingsPatch};
use super::super::state::{Mode, State, Theme};
use super::super::text::{self, Lang};
use super::puzzles;
use super::{App, listen};
use crate::ai::Level;
use crate::rules::{Card, Color, PositionError};
use wasm_bindgen::prelude::*;
use web_sys::{Document, Element, HtmlButtonElement, HtmlDialogElement, HtmlInputElement, HtmlSelectElement};

fn element<T: JsCast>(id: &str) -> Option<T> {
    find(id)?.dyn_into().ok()
}

/// The element with this id: one copy of the lookup, not one inlined into every caller.
#[inline(never)]
fn find(id: &str) -> Option<Element> {
    web_sys::window()?.document()?.get_element_by_id(id)
}

fn open_dialog(id: &str) {
    if let Some(dialog) = element::<HtmlDialogElement>(id) {
        let _ = dialog.show_modal();
        // Open at the top, whatever control took the focus.
        dialog.set_scroll_top(0);
    }
}

fn close_dialog(id: &str) {
    if let Some(dialog) = element::<HtmlDialogElement>(id) {
        dialog.close();
    }
}

/// A plain function, not a closure type of its own: one copy of the listening code serves all.
fn on_click(document: &Document, id: &str, handle: fn(&mut App)) -> Result<(), JsValue> {
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
            app.dispatch(Event::Settings(SettingsPatch { language: Some(lang), ..Default::default() }));
        }
    })?;
    on_click(document, "new-game", open_setup)?;
    on_click(document, "continue-here", |app| app.dispatch(Event::Intent(Intent::ContinueHere)))?;
    on_click(document, "back-to-game", |app| {
        let end = app.state().line().moves().len();
        app.dispatch(Event::Intent(Intent::View(end)));
    })?;
    // The move list: a click shows that move's position; the arrow keys step through the game.
    let moves = document.get_element_by_id("moves").ok_or("no #moves")?;
    listen(&moves, "click", |app, e: web_sys::Event| {
        let ply = e.target().and_then(|t| t.dyn_into::<Element>().ok()).and_then(|t| t.closest("li").ok().flatten());
        if let Some(ply) = ply.and_then(|li| li.get_attribute("data-ply")).and_then(|p| p.parse().ok()) {
            app.dispatch(Event::Intent(Intent::View(ply)));
        }
    })?;
    listen(&moves, "keydown", |app, e: web_sys::KeyboardEvent| {
        let (shown, end) = (app.state().game.moves().len(), app.state().line().moves().len());
        // In a review the arrows step as Undo and Redo do (also through an engine line).
        let reviewing = app.state().review.is_some();
        let intent = match e.key().as_str() {
            "ArrowUp" | "ArrowLeft" if reviewing => Intent::Undo,
            "ArrowDown" | "ArrowRight" if reviewing => Intent::Redo,
            "ArrowUp" | "ArrowLeft" => Intent::View(shown.saturating_sub(1)),
            "ArrowDown" | "ArrowRight" => Intent::View(shown + 1),
            "Home" => Intent::View(0),
            "End" => Intent::View(end),
            _ => return,
        };
        e.prevent_default();
        app.dispatch(Event::Intent(intent));
    })?;
    let setup_mode = document.get_element_by_id("setup-mode").ok_or("no #setup-mode")?;
    listen(&setup_mode, "change", |_, _: web_sys::Event| show_mode_choices())?;
    on_click(document, "result-new-game", open_setup)?;
    on_click(document, "setup-start", |app| {
        let lang = app.state().lang();
        let options = read_setup();
        match options.game() {
            Ok(game) => {
                show_setup_error("");
                close_dialog("setup");
                app.dispatch(Event::Intent(Intent::NewGame { game, mode: options.mode }));
            }
            // The dialog stays open with the choice as it was.
            Err(PositionError::DuplicateCard(card)) => show_setup_error(&text::duplicate_card(lang, card)),
            Err(error) => show_setup_error(&error_text::position_error(lang, &error)),
        }
    })?;
    on_click(document, "setup-cancel", |_| {
        close_dialog("setup");
    })?;
    on_click(document, "records", |app| {
        close_dialog("menu");
        fill_records(app);
        open_dialog("records-dialog");
    })?;
    on_click(document, "records-close", |_| {
        close_dialog("records-dialog");
    })?;
    on_click(document, "record-open", |app| open_record(app, false))?;
    on_click(document, "record-review", |app| open_record(app, true))?;
    on_click(document, "finished-review", |app| {
        let chosen = select_value("finished").parse::<usize>().ok();
        if let Some(kept) = chosen.and_then(|i| super::storage::finished().into_iter().nth(i)) {
            close_dialog("records-dialog");
            // Seen as it was played: from the player's side against the AI.
            let mode = kept.mode.unwrap_or(Mode::PassAndPlay { turn_board: false });
            app.dispatch(Event::Intent(Intent::NewGame { game: kept.game, mode }));
            app.dispatch(Event::Intent(Intent::Review));
        }
    })?;
    on_click(document, "result-review", |app| app.dispatch(Event::Intent(Intent::Review)))?;
    on_click(document, "puzzle-daily", |app| choose_puzzle(app, Choice::Daily(puzzles::local_day())))?;
    on_click(document, "puzzle-easy", |app| {
        choose_puzzle(app, Choice::Difficulty(crate::ai::puzzle::Difficulty::Easy))
    })?;
    on_click(document, "puzzle-medium", |app| {
        choose_puzzle(app, Choice::Difficulty(crate::ai::puzzle::Difficulty::Medium))
    })?;
    on_click(document, "puzzle-hard", |app| {
        choose_puzzle(app, Choice::Difficulty(crate::ai::puzzle::Difficulty::Hard))
    })?;
    on_click(document, "puzzle-next", |app| choose_puzzle(app, Choice::Next))?;
    on_click(document, "puzzle-again", |app| app.dispatch(Event::Intent(Intent::Rematch)))?;
    on_click(document, "review-close", |app| app.dispatch(Event::Intent(Intent::CloseReview)))?;
    on_click(document, "review-continue", |app| app.dispatch(Event::Intent(Intent::ContinueHere)))?;
    on_click(document, "review-best", |app| {
        let ply = app.state().game.moves().len();
        app.dispatch(Event::Intent(Intent::BestLine(ply)));
    })?;
    // A click on the graph shows the position at that point of the game.
    let graph = document.get_element_by_id("review-graph").ok_or("no #review-graph")?;
    listen(&graph, "click", |app, e: web_sys::MouseEvent| {
        let Some(graph) = element::<Element>("review-graph") else { return };
        let rect = graph.get_bounding_client_rect();
        let fraction = (f64::from(e.client_x()) - rect.left()) / rect.width().max(1.0);
        let total = app.state().line().moves().len();
        app.dispatch(Event::Intent(Intent::View(review::ply_at(fraction, total))));
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
        show_records_message(app.state().lang().texts().link_copied);
    })?;
    on_click(document, "rules", |app| {
        close_dialog("menu");
        let _ = fill_rules(app.state().lang());
        open_dialog("rules-dialog");
    })?;
    on_click(document, "rules-close", |_| close_dialog("rules-dialog"))?;
    on_click(document, "rules-close-top", |_| close_dialog("rules-dialog"))?;
    on_click(document, "undo", |app| app.dispatch(Event::Intent(Intent::Undo)))?;
    on_click(document, "redo", |app| app.dispatch(Event::Intent(Intent::Redo)))?;
    on_click(document, "hint", |app| app.dispatch(Event::Intent(Intent::Hint)))?;
    on_click(document, "rematch", |app| app.dispatch(Event::Intent(Intent::Rematch)))?;
    on_click(document, "result-close", |app| app.dispatch(Event::Intent(Intent::CloseResult)))?;
    on_click(document, "show-eval", |app| {
        app.dispatch(Event::Settings(SettingsPatch { evaluation: Some(checked("show-eval")), ..Default::default() }));
    })?;
    on_click(document, "sound", |app| {
        app.dispatch(Event::Settings(SettingsPatch { sound: Some(checked("sound")), ..Default::default() }));
    })?;
    on_click(document, "coordinates", |app| {
        app.dispatch(Event::Settings(SettingsPatch {
            coordinates: Some(checked("coordinates")),
            ..Default::default()
        }));
    })?;
    let theme = document.get_element_by_id("theme").ok_or("no #theme")?;
    listen(&theme, "change", |app, _: web_sys::Event| {
        if let Some(theme) = Theme::from_code(&select_value("theme")) {
            app.dispatch(Event::Settings(SettingsPatch { theme: Some(theme), ..Default::default() }));
        }
    })?;
    on_click(document, "menu-button", |app| {
        show_puzzles_solved(app.state().lang());
        open_dialog("menu");
    })?;
    on_click(document, "menu-close", |_| close_dialog("menu"))?;
    on_click(document, "result-level", |app| {
        open_setup(app);
        if let Some(select) = element::<web_sys::HtmlElement>("setup-level") {
            let _ = select.focus();
        }
    })?;
    // Escape closes the result banner wherever the focus is (a dialog's Escape is its own).
    let window: web_sys::EventTarget = web_sys::window().ok_or("no window")?.into();
    listen(&window, "keydown", |app, e: web_sys::KeyboardEvent| {
        let in_dialog = e
            .target()
            .and_then(|t| t.dyn_into::<Element>().ok())
            .is_some_and(|t| t.closest("dialog").ok().flatten().is_some());
        if e.key() == "Escape" && !in_dialog && app.state().shows_result() {
            app.dispatch(Event::Intent(Intent::CloseResult));
        }
    })?;
    Ok(())
}

/// Opens the new-game dialog on the game being played: its mode, colour and level.
fn open_setup(app: &mut App) {
    let mode = app.state().mode;
    let (kind, colour, level) = match mode {
        Mode::VsAi { human, level } => ("ai", human.code(), level),
        Mode::PassAndPlay { .. } => ("two", "red", Level::DEFAULT),
        Mode::Watch { level } => ("watch", "red", level),
    };
    for (id, value) in [("setup-mode", kind), ("setup-colour", colour), ("setup-level", &level.to_string())] {
        if let Some(select) = element::<HtmlSelectElement>(id) {
            select.set_value(value);
        }
    }
    if let (Mode::PassAndPlay { turn_board }, Some(input)) = (mode, element::<HtmlInputElement>("setup-turn")) {
        input.set_checked(turn_board);
    }
    // The five cards of this game, as a start for a choice of one's own.
    let start = app.state().game.start();
    let [red, blue] = [Color::Red, Color::Blue].map(|color| start.hand(color).pair());
    for (id, card) in CARD_SELECTS.into_iter().zip([red[0], red[1], blue[0], blue[1], start.side_card()]) {
        if let Some(select) = element::<HtmlSelectElement>(id) {
            select.set_value(card.name());
        }
    }
    show_mode_choices();
    show_setup_error("");
    open_dialog("setup");
}

/// Shows only the choices that the chosen way of playing uses.
fn show_mode_choices() {
    let mode = select_value("setup-mode");
    for (id, shown) in [("setup-colour", mode == "ai"), ("setup-level", mode != "two"), ("setup-turn", mode == "two")] {
        if let Some(label) = element::<Element>(id).and_then(|e| e.closest("label").ok().flatten()) {
            let _ = label.dyn_into::<web_sys::HtmlElement>().map(|label| label.set_hidden(!shown));
        }
    }
}

fn show_setup_error(message: &str) {
    if let Some(element) = element::<Element>("setup-error") {
        element.set_text_content(Some(message));
    }
}

fn select_value(id: &str) -> String {
    element::<HtmlSelectElement>(id).map(|s| s.value()).unwrap_or_default()
}

fn checked(id: &str) -> bool {
    element::<HtmlInputElement>(id).is_some_and(|input| input.checked())
}

/// The new-game form's choices.
fn read_setup() -> NewGame {
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
    // The choosers offer only the sixteen cards.
    let cards = checked("setup-choose-cards")
        .then(|| CARD_SELECTS.map(|id| Card::from_name(&select_value(id)).unwrap_or(Card::Tiger)));
    NewGame { mode, cards, position: None }
}

/// Said by screen readers: a move played, a result.
pub fn announce(message: &str) {
    if let Some(region) = element::<Element>("announce") {
        region.set_text_content(Some(message));
    }
}

pub fn update(state: &State) {
    let lang = state.lang();
    if let Some(description) = element::<Element>("board-description") {
        description.set_text_content(Some(&text::describe_position(lang, state.position())));
    }
    if let Some(root) = web_sys::window().and_then(|w| w.document()).and_then(|d| d.document_element()) {
        let _ = root.set_attribute("data-theme", if state.dark() { "dark" } else { "light" });
    }
    let game = &state.game;
    // Why this side began: the side card's stamp (a loaded position may begin otherwise).
    let start = game.start();
    let why = (start.to_move() == start.side_card().stamp()).then(|| text::who_starts(lang, start.side_card()));
    if let Some(line) = element::<Element>("mode-line") {
        let mut words = match &state.puzzle {
            Some(run) => run.line(lang, game),
            None => text::mode_line(lang, state.mode),
        };
        if let Some(why) = why.as_ref().filter(|_| game.moves().is_empty() && state.puzzle.is_none()) {
            words = format!("{words} · {why}");
        }
        line.set_text_content(Some(&words));
    }
    if let Some(notice) = element::<Element>("notice") {
        notice.set_text_content(state.notice.as_ref().map(|n| n.text(lang)).as_deref());
    }
    if let Some(button) = element::<HtmlButtonElement>("undo") {
        button.set_disabled(game.moves().is_empty());
    }
    if let Some(button) = element::<HtmlButtonElement>("redo") {
        button.set_disabled(game.redoable().next().is_none());
    }
    if let Some(button) = element::<HtmlButtonElement>("hint") {
        button.set_disabled(!state.human_to_move() || state.hint.is_some());
    }
    if let Some(status) = element::<Element>("status") {
        status.set_text_content(why.as_deref());
    }
    // In a review's engine line the list shows that line; its marks belong to the game's moves.
    let variation = state.review.as_ref().and_then(|r| r.variation);
    let line = if variation.is_some() { state.shown_line() } else { state.line() };
    let shown = game.moves().len();
    if let Some(list) = element::<Element>("moves") {
        list.set_text_content(None);
        if let Some(document) = web_sys::window().and_then(|w| w.document()) {
            let plies = line.moves().len();
            for (ply, (position, m)) in line.positions().iter().zip(line.moves()).enumerate() {
                if let Ok(item) = document.create_element("li") {
                    let outcome = if ply + 1 == plies { line.outcome() } else { None };
                    item.set_text_content(Some(&text::move_text(lang, position, *m, outcome)));
                    let _ = item.set_attribute("data-move", &m.to_string());
                    let _ = item.set_attribute("data-ply", &(ply + 1).to_string());
                    if ply + 1 == shown {
                        let _ = item.set_attribute("aria-current", "step");
                    }
                    let _ = item.set_attribute("class", position.to_move().code());
                    let class = state
                        .review
                        .as_ref()
                        .filter(|_| variation.is_none_or(|start| ply + 1 < start))
                        .and_then(|r| r.entry(ply + 1))
                        .map(|e| e.class);
                    if let Some(class) = class.filter(|c| c.mark().is_some()) {
                        let _ = item.set_attribute("data-class", class.code());
                        let _ = item.set_attribute("data-mark", class.mark().unwrap_or_default());
                        let _ = item.set_attribute("title", text::move_class(lang, class));
                    }
                    let _ = list.append_child(&item);
                }
            }
        }
    }
    for (id, on) in [
        ("show-eval", state.settings.evaluation),
        ("sound", state.settings.sound),
        ("coordinates", state.settings.coordinates),
    ] {
        if let Some(toggle) = element::<HtmlInputElement>(id) {
            toggle.set_checked(on);
        }
    }
    if let Some(select) = element::<HtmlSelectElement>("theme") {
        select.set_value(state.settings.theme.code());
    }
    show_evaluation(state);
    show_review(state);
    if let Some(end) = element::<web_sys::HtmlElement>("puzzle-end") {
        // Described from the whole line, also while looking back at an earlier move.
        let verdict = state.puzzle.and_then(|run| run.verdict(lang, &state.line()));
        end.set_hidden(verdict.is_none());
        if let Some(words) = element::<Element>("puzzle-text") {
            words.set_text_content(verdict.as_deref());
        }
    }
    if let Some(viewing) = element::<web_sys::HtmlElement>("viewing") {
        viewing.set_hidden(state.viewing.is_none() || state.review.is_some());
        if let (Some(end), Some(words)) = (state.viewing, element::<Element>("viewing-text")) {
            words.set_text_content(Some(&text::viewing(lang, shown, end)));
        }
    }
    if let Some(level) = element::<web_sys::HtmlElement>("result-level") {
        level.set_hidden(matches!(state.mode, Mode::PassAndPlay { .. }));
    }
    if let Some(result) = element::<web_sys::HtmlElement>("result") {
        match game.outcome().filter(|_| state.shows_result()) {
            Some(outcome) => {
                if let Some(text_element) = element::<Element>("result-text") {
                    text_element.set_text_content(Some(&text::result_short(lang, outcome, state.mode)));
                }
                result.set_hidden(false);
            }
            None => result.set_hidden(true),
        }
    }
}

/// The evaluation bar: Red's share of the bar grows with Red's prospects.
fn show_evaluation(state: &State) {
    let Some(bar) = element::<Element>("eval") else {
        return;
    };
    if !state.settings.evaluation {
        let _ = bar.set_attribute("hidden", "");
        return;
    }
    let _ = bar.remove_attribute("hidden");
    let (share, label) = match state.evaluation_for_red() {
        None => (0.5, "…".to_string()),
        Some(score) => (text::red_share(score), text::evaluation(state.lang(), score)),
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
    let record = app.state().line().to_record();
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
    if let Some(select) = element::<HtmlSelectElement>("finished") {
        let lang = app.state().lang();
        let games = super::storage::finished();
        select.set_inner_html("");
        // Newest first; each option's value is its place in the kept list.
        for (i, kept) in games.iter().enumerate().rev() {
            let (game, mode) = (&kept.game, kept.mode.unwrap_or(Mode::PassAndPlay { turn_board: false }));
            let result = game.outcome().map(|o| text::result_short(lang, o, mode));
            let label = format!("{} · {} · {}", i + 1, result.unwrap_or_default(), text::mode_line(lang, mode));
            let label = text::digits(lang, &label);
            if let Ok(option) = web_sys::HtmlOptionElement::new_with_text_and_value(&label, &i.to_string()) {
                let _ = select.add_with_html_option_element(&option);
            }
        }
        if let Some(button) = element::<HtmlButtonElement>("finished-review") {
            button.set_disabled(games.is_empty());
        }
    }
    show_records_message("");
}

/// How many puzzles are solved, once the set is known.
fn show_puzzles_solved(lang: Lang) {
    let Some(line) = element::<Element>("puzzles-status") else { return };
    let words = puzzles::loaded().map(|set| {
        let solved = puzzles::solved().len().to_string();
        text::puzzle_text(lang, "puzzles-solved", &[("n", solved), ("total", set.len().to_string())])
    });
    line.set_text_content(words.as_deref());
}

/// Starts the puzzle the player chose, fetching the set first if needed.
fn choose_puzzle(app: &mut App, choice: Choice) {
    close_dialog("menu");
    let Some(set) = puzzles::loaded() else {
        // Once the set has come, and only if the player has not started another game meanwhile
        // (the AI may have moved in this one).
        let asked_over = *app.state().game.start();
        return puzzles::load(move |set| {
            super::with_app(|app| match set {
                Ok(_) if *app.state().game.start() == asked_over => choose_puzzle(app, choice),
                Ok(_) => {}
                Err(reason) => app.dispatch(Event::Notice(Notice::PuzzlesUnavailable(reason))),
            });
        });
    };
    let current = app.state().puzzle;
    if let Some((puzzle, daily)) = puzzle::choose(&set, &puzzles::solved(), choice, current.as_ref()) {
        app.dispatch(Event::Intent(Intent::Puzzle { puzzle, daily }));
    }
}

/// Opens the record in the Records dialog, and reviews it if asked; a bad record is explained.
fn open_record(app: &mut App, and_review: bool) {
    let text = element::<web_sys::HtmlTextAreaElement>("record-text").map(|t| t.value()).unwrap_or_default();
    match crate::rules::Game::from_record(&text) {
        Ok(game) if and_review => {
            close_dialog("records-dialog");
            // A record says nothing of who played it: both sides are shown alike.
            app.dispatch(Event::Intent(Intent::NewGame { game, mode: Mode::PassAndPlay { turn_board: false } }));
            app.dispatch(Event::Intent(Intent::Review));
        }
        Ok(game) => {
            close_dialog("records-dialog");
            app.dispatch(Event::Intent(Intent::Open(game)));
        }
        Err(error) => {
            let lang = app.state().lang();
            super::with_error_texts(lang, move || {
                show_records_message(&text::record_broken(lang, &error_text::record_error(lang, &error)));
            });
        }
    }
}

/// The review's graph, verdict and buttons.
fn show_review(state: &State) {
    let Some(section) = element::<web_sys::HtmlElement>("review") else { return };
    section.set_hidden(state.review.is_none());
    let Some(review) = &state.review else { return };
    let lang = state.lang();
    let shown = state.game.moves().len();
    if let Some(graph) = element::<Element>("review-graph") {
        let line = review.graph_path();
        let mut svg = r#"<path class="mid" d="M0 50H1000"/>"#.to_string();
        if !line.is_empty() {
            let area = line.replacen('M', "M0 100L", 1);
            svg.push_str(&format!(r#"<path class="red" d="{area} V100H0Z"/><path class="line" d="{line}"/>"#));
        }
        for (ply, class) in review.marked() {
            svg.push_str(&format!(r#"<path class="{}" d="M{} 0V100"/>"#, class.code(), review.x(ply)));
        }
        let now = review.x(review.variation.unwrap_or(shown));
        svg.push_str(&format!(r#"<path class="now" d="M{now} 0V100"/>"#));
        graph.set_inner_html(&svg);
    }
    if let Some(progress) = element::<web_sys::HtmlProgressElement>("review-progress") {
        progress.set_hidden(!review.running);
        progress.set_value(review.entries.len() as f64 / review.total().max(1) as f64);
    }
    let words = match review.variation {
        Some(ply) => text::best_line_shown(lang, ply, &review::line_text(lang, review, ply)),
        None => review::verdict(lang, review, shown),
    };
    if let Some(line) = element::<Element>("review-text") {
        line.set_text_content(Some(&words));
    }
    let has_best = review.variation.is_none() && review.variation_game(shown).is_some();
    let back = review.variation.is_some() || state.viewing.is_some();
    for (id, visible) in [("review-best", has_best), ("review-continue", back)] {
        if let Some(button) = element::<web_sys::HtmlElement>(id) {
            button.set_hidden(!visible);
        }
    }
    if let Some(close) = element::<Element>("review-close") {
        let key = if review.running { "review-stop" } else { "close" };
        close.set_text_content(lang.texts().html(key));
    }
}

/// Puts the page in `lang`: direction, every fixed text, the names in the choosers.
pub fn apply_language(lang: Lang) {
    let Some(document) = web_sys::window().and_then(|w| w.document()) else { return };
    let texts = lang.texts();
    if let Some(root) = document.document_element() {
        let _ = root.set_attribute("lang", lang.code());
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

/// Puts the rules' paragraphs in `lang` into `into`, from their file (the browser caches it).
fn fill_rules_text(lang: Lang, into: Element) {
    super::fetch::text(&format!("rules/{}.txt", lang.code()), move |file| {
        let Some(document) = web_sys::window().and_then(|w| w.document()) else { return };
        match file {
            Ok(file) => {
                for paragraph in text::rules_paragraphs(&file) {
                    if let Ok(p) = document.create_element("p") {
                        p.set_text_content(Some(paragraph));
                        let _ = into.append_child(&p);
                    }
                }
            }
            Err(reason) => {
                into.set_text_content(Some(&text::puzzle_text(lang, "rules-unavailable", &[("reason", reason)])));
            }
        }
    });
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
    // The paragraphs come from their file, fetched the first time the rules are opened.
    let paragraphs = add(&content, "div", None, Some("rules-text"))?;
    fill_rules_text(lang, paragraphs);
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
