//! The HTML around the canvas: the buttons, the dialogs, the move list, the status lines and the
//! result banner. Buttons send the session intents; `update` shows the state.

use super::super::deck::Switch;
use super::super::features::Features;
use super::super::intent::{Asked, Intent, OnlineAction, SettingsPatch};
use super::super::keyboard::{self, MoveListPlace};
use super::super::new_game_form::NewGameOpens;
use super::super::puzzle::Choice;
use super::super::session::{Event, Focus};
use super::super::settings::{Theme, WatchSpeed};
use super::super::text::{EN, Lang, Texts};
use super::super::view::{self, ControlsView, EvaluationBar, MoveRow, OnlineView, PuzzleList, ReviewPanel};
use super::app::{App, key_press, listen, on_click};
use super::puzzles;
use crate::rules::{Card, Pack};
pub use records::copy_link;
use records::{full_link, open_record, show_records};
use wasm_bindgen::prelude::*;
use web_sys::{Document, Element, HtmlButtonElement, HtmlDialogElement, HtmlInputElement, HtmlSelectElement};

mod dom;
mod language;
mod new_game;
mod phrases;
mod records;
mod rules;
// The analysis board and setting a position up are the whole page's (`crate::ui::features`).
#[cfg(not(feature = "first-visit"))]
mod analysis;
#[cfg(not(feature = "first-visit"))]
mod setup;

pub use dom::close_dialog;
use dom::{app_document, checked, element, find, open_dialog, select_value, set_hidden, set_text, show_dialog};

use language::name_choosers;
pub use language::{apply_language, apply_page_texts};
pub use new_game::draw_chosen_cards;
use new_game::edited;
#[cfg(not(feature = "first-visit"))]
pub use new_game::left_open;

/// Puts options with these values in the chooser (their texts come from `apply_language`), in
/// place of any there: the whole page taking over from a first visit's finds that page's.
fn add_options<'a>(document: &Document, id: &str, values: impl Iterator<Item = &'a str>) -> Result<(), JsValue> {
    if let Some(select) = element::<HtmlSelectElement>(id) {
        select.set_length(0);
        for value in values {
            let option = document.create_element("option")?;
            option.set_attribute("value", value)?;
            select.append_child(&option)?;
        }
    }
    Ok(())
}

/// The panel's move list and the sheet's: both show the same rows.
const MOVE_LISTS: [&str; 2] = ["moves", "sheet-moves"];

/// A question's dialog, `<name>-dialog`: `<name>-confirm` says yes (`yes`) and closes it;
/// `<name>-cancel`, Escape or any other close says no to `asked`, changing nothing.
fn question(document: &Document, name: &'static str, yes: fn() -> Intent, asked: Asked) -> Result<(), JsValue> {
    let part = |part: &str| -> Result<web_sys::EventTarget, JsValue> {
        Ok(document.get_element_by_id(&format!("{name}-{part}")).ok_or("no question dialog")?.into())
    };
    listen(&part("cancel")?, "click", move |_, _: web_sys::Event| close_dialog(&format!("{name}-dialog")))?;
    listen(&part("confirm")?, "click", move |app, _: web_sys::Event| {
        app.dispatch(Event::Intent(yes()));
        close_dialog(&format!("{name}-dialog"));
    })?;
    listen(&part("dialog")?, "close", move |app, _: web_sys::Event| {
        app.dispatch(Event::Intent(Intent::KeepPlaying(asked)));
    })
}

/// Fills the choosers (the level, the language, the watch speed) with their options, named in
/// `lang`, after the first board is drawn (the cards' come with the deck, as the dialog opens).
pub fn fill_choosers(document: &Document, texts: &Texts) -> Result<(), JsValue> {
    add_options(document, "setup-level", view::level_options(&EN).into_iter().map(|(code, _)| code))?;
    add_options(document, "language", view::language_options().into_iter().map(|(code, _)| code))?;
    add_options(document, "watch-speed", view::watch_speed_options(&EN).into_iter().map(|(code, _)| code))?;
    name_choosers(texts);
    Ok(())
}

pub fn wire(document: &Document) -> Result<(), JsValue> {
    let language = document.get_element_by_id("language").ok_or("no #language")?;
    listen(&language, "change", |app, _: web_sys::Event| {
        if let Some(lang) = Lang::from_code(&select_value("language")) {
            app.dispatch(Event::Settings(SettingsPatch { language: Some(lang), ..Default::default() }));
        }
    })?;
    on_click(document, "new-game", open_new_game)?;
    // Online play: the invitation is the new-game dialog's, with the friend as the other player.
    on_click(document, "online-invite", |app| {
        app.dispatch(Event::Intent(Intent::OpenNewGame(NewGameOpens::Invite)));
    })?;
    on_click(document, "online-find", |app| {
        app.dispatch(Event::Intent(Intent::Online(OnlineAction::Find)));
    })?;
    // The panel's buttons are the online module's: each sends its command back to it.
    if let Some(buttons) = element::<Element>("online-buttons") {
        listen(&buttons.into(), "click", |app, e: web_sys::MouseEvent| {
            let target = e.target().and_then(|t| t.dyn_into::<Element>().ok());
            let command =
                target.and_then(|t| t.closest("button").ok().flatten()).and_then(|b| b.get_attribute("data-command"));
            // Online play is the whole page's (`crate::ui::features`): its buttons show only there.
            let command = command.filter(|_| super::super::features::Features::here().is_some());
            if command.as_deref() == Some(phrases::OPEN) {
                app.dispatch(Event::Intent(Intent::OpenPhrases));
                return;
            }
            if let Some(command) = command.and_then(|c| crate::online::bridge::Command::decode(&c).ok()) {
                app.dispatch(Event::Intent(Intent::Online(OnlineAction::Press(Features::present(), command))));
            }
        })?;
    }
    on_click(document, "continue-here", |app| app.dispatch(Event::Intent(Intent::ContinueHere)))?;
    on_click(document, "back-to-game", |app| app.dispatch(Event::Intent(Intent::BackToGame)))?;
    on_click(document, "back-to-my-game", |app| app.dispatch(Event::Intent(Intent::BackToMyGame)))?;
    on_click(document, "menu-back-to-my-game", |app| {
        app.dispatch(Event::Intent(Intent::BackToMyGame));
    })?;
    on_click(document, "tutorial-offer", |app| app.dispatch(Event::Intent(Intent::Tutorial)))?;
    on_click(document, "menu-tutorial", |app| {
        app.dispatch(Event::Intent(Intent::Tutorial));
    })?;
    on_click(document, "menu-analysis", |app| {
        app.dispatch(Event::Intent(Intent::Analyse));
    })?;
    // The analysis board and its editor are the whole page's: their elements are put in here.
    #[cfg(not(feature = "first-visit"))]
    analysis::wire(document)?;
    #[cfg(not(feature = "first-visit"))]
    setup::wire(document)?;
    #[cfg(not(feature = "first-visit"))]
    new_game::build_clocks(document)?;
    on_click(document, "tutorial-next", |app| app.dispatch(Event::Intent(Intent::TutorialNext)))?;
    on_click(document, "tutorial-leave", |app| app.dispatch(Event::Intent(Intent::LeaveTutorial)))?;
    on_click(document, "play-next-level", |app| app.dispatch(Event::Intent(Intent::NextLevel)))?;
    on_click(document, "watch-pause", |app| app.dispatch(Event::Intent(Intent::ToggleWatchPause)))?;
    let speed = document.get_element_by_id("watch-speed").ok_or("no #watch-speed")?;
    listen(&speed, "change", |app, _: web_sys::Event| {
        if let Some(speed) = WatchSpeed::from_code(&select_value("watch-speed")) {
            app.dispatch(Event::Settings(SettingsPatch { watch_speed: Some(speed), ..Default::default() }));
        }
    })?;
    // The move lists (the panel's, and the sheet's on a narrow screen): a click shows that move's
    // position; the arrow keys step through the game.
    for id in MOVE_LISTS {
        let moves = document.get_element_by_id(id).ok_or("no move list")?;
        listen(&moves, "click", |app, e: web_sys::Event| {
            let target = e.target().and_then(|t| t.dyn_into::<Element>().ok());
            let ply = target.as_ref().and_then(|t| t.closest("li").ok().flatten());
            let Some(ply) = ply.and_then(|li| li.get_attribute("data-ply")).and_then(|p| p.parse().ok()) else {
                return;
            };
            let variation = target.and_then(|t| t.closest("button.variation").ok().flatten());
            let place = variation.and_then(|b| b.get_attribute("data-place")).and_then(|p| p.parse().ok());
            app.dispatch(Event::Intent(match place {
                Some(place) => Intent::EnterVariation { ply, place },
                None => Intent::View(ply),
            }));
        })?;
        let place = if id == "sheet-moves" { MoveListPlace::Sheet } else { MoveListPlace::Panel };
        listen(&moves, "keydown", move |app, e: web_sys::KeyboardEvent| {
            if let Some(intent) = key_press(&e).and_then(|key| keyboard::move_list_intent(app.state(), key, place)) {
                e.prevent_default();
                // Heard here, not again by the page's own listener.
                e.stop_propagation();
                app.dispatch(Event::Intent(intent));
            }
        })?;
    }
    on_click(document, "moves-button", |app| app.dispatch(Event::Intent(Intent::OpenMoves)))?;
    on_click(document, "moves-sheet-close", |app| app.dispatch(Event::Intent(Intent::CloseMoves)))?;
    // Escape, or a tap on the dimmed page around the sheet or the menu, closes it.
    // (Each closing intent is made afresh: cloning an `Intent` would bring every variant's clone
    // into a first visit's download.)
    for (id, sheet) in [("moves-sheet", true), ("menu", false)] {
        let close = move || if sheet { Intent::CloseMoves } else { Intent::CloseMenu };
        let dialog = document.get_element_by_id(id).ok_or("no sheet or menu")?;
        listen(&dialog, "close", move |app, _: web_sys::Event| app.dispatch(Event::Intent(close())))?;
        listen(&dialog, "click", move |app, e: web_sys::MouseEvent| {
            if outside(&e, id) {
                app.dispatch(Event::Intent(close()));
            }
        })?;
    }
    for (id, back) in [("step-back", true), ("step-on", false), ("sheet-step-back", true), ("sheet-step-on", false)] {
        let button = document.get_element_by_id(id).ok_or("no step button")?;
        listen(&button, "click", move |app, _: web_sys::Event| app.dispatch(Event::Intent(Intent::Step { back })))?;
    }
    // Each field's change, typed or picked, is the session's (a select and a switch fire `input`
    // too, so `change` would tell it twice).
    let dialog = document.get_element_by_id("setup").ok_or("no #setup")?;
    listen(&dialog, "input", edited)?;
    listen(&dialog, "close", |app, _: web_sys::Event| app.dispatch(Event::Intent(Intent::CloseNewGame)))?;
    // A set's switch or a card's, by the code or name it carries.
    let deck = document.get_element_by_id("deck").ok_or("no #deck")?;
    listen(&deck, "change", |app, e: web_sys::Event| {
        let Some(input) = e.target().and_then(|t| t.dyn_into::<HtmlInputElement>().ok()) else { return };
        let (code, on) = (input.value(), input.checked());
        let switch = match (Pack::from_code(&code), Card::from_name(&code)) {
            (Some(pack), _) => Switch::Pack(pack, on),
            (None, Some(card)) => Switch::Card(card, on),
            (None, None) => return,
        };
        app.dispatch(Event::Deck(switch));
    })?;
    on_click(document, "result-new-game", open_new_game)?;
    on_click(document, "setup-start", |app| app.dispatch(Event::Intent(Intent::StartNewGame)))?;
    on_click(document, "setup-cancel", |app| app.dispatch(Event::Intent(Intent::CloseNewGame)))?;
    on_click(document, "records", |app| {
        // Records are the whole page's: on a first visit the session asks for it, then this again.
        app.dispatch(Event::Intent(Intent::OpenRecords));
    })?;
    on_click(document, "records-close", |app| app.dispatch(Event::Intent(Intent::CloseRecords)))?;
    // Escape closes it too.
    let records = document.get_element_by_id("records-dialog").ok_or("no #records-dialog")?;
    listen(&records, "close", |app, _: web_sys::Event| app.dispatch(Event::Intent(Intent::CloseRecords)))?;
    on_click(document, "record-open", |app| open_record(app, false))?;
    on_click(document, "record-review", |app| open_record(app, true))?;
    on_click(document, "record-copy-link", |app| app.dispatch(Event::Intent(Intent::CopyLink)))?;
    on_click(document, "finished-review", |app| {
        if let Ok(place) = select_value("finished").parse::<usize>() {
            app.dispatch(Event::Intent(Intent::ReviewFinished(place)));
        }
    })?;
    on_click(document, "result-review", |app| app.dispatch(Event::Intent(Intent::Review)))?;
    // The analysis board is the whole page's: the first visit's build leaves its ways in out.
    if Features::here().is_some() {
        on_click(document, "finished-analyse", |app| {
            if let Ok(place) = select_value("finished").parse::<usize>() {
                app.dispatch(Event::Intent(Intent::AnalyseFinished(place)));
            }
        })?;
        for id in ["result-analyse", "over-analyse", "viewing-analyse", "review-analyse"] {
            on_click(document, id, |app| app.dispatch(Event::Intent(Intent::Analyse)))?;
        }
    }
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
    on_click(document, "review-best", |app| app.dispatch(Event::Intent(Intent::BestLineHere)))?;
    // A click on the graph shows the position at that point of the game.
    let graph = document.get_element_by_id("review-graph").ok_or("no #review-graph")?;
    listen(&graph, "click", |app, e: web_sys::MouseEvent| {
        let Some(graph) = element::<Element>("review-graph") else { return };
        let rect = graph.get_bounding_client_rect();
        let fraction = (f64::from(e.client_x()) - rect.left()) / rect.width().max(1.0);
        app.dispatch(Event::Intent(Intent::ViewAt(fraction)));
    })?;
    on_click(document, "rules", |app| {
        app.dispatch(Event::Intent(Intent::OpenRules));
    })?;
    on_click(document, "rules-close", |app| app.dispatch(Event::Intent(Intent::CloseRules)))?;
    on_click(document, "rules-close-top", |app| app.dispatch(Event::Intent(Intent::CloseRules)))?;
    // Escape closes it too.
    let rules = document.get_element_by_id("rules-dialog").ok_or("no #rules-dialog")?;
    listen(&rules, "close", |app, _: web_sys::Event| app.dispatch(Event::Intent(Intent::CloseRules)))?;
    on_click(document, "undo", |app| app.dispatch(Event::Intent(Intent::Undo)))?;
    on_click(document, "redo", |app| app.dispatch(Event::Intent(Intent::Redo)))?;
    on_click(document, "hint", |app| app.dispatch(Event::Intent(Intent::Hint)))?;
    on_click(document, "rematch", |app| app.dispatch(Event::Intent(Intent::Rematch)))?;
    on_click(document, "result-close", |app| app.dispatch(Event::Intent(Intent::CloseResult)))?;
    on_click(document, "over-rematch", |app| app.dispatch(Event::Intent(Intent::Rematch)))?;
    on_click(document, "over-new-game", open_new_game)?;
    on_click(document, "over-review", |app| app.dispatch(Event::Intent(Intent::Review)))?;
    // Resign asks first; a new game in place of one in progress asks too (the session says when).
    on_click(document, "resign", |app| app.dispatch(Event::Intent(Intent::AskResign)))?;
    question(document, "resign", || Intent::Resign, Asked::Resign)?;
    question(document, "abandon", || Intent::Abandon, Asked::Abandon)?;
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
    on_click(document, "menu-button", |app| app.dispatch(Event::Intent(Intent::OpenMenu)))?;
    on_click(document, "menu-close", |app| app.dispatch(Event::Intent(Intent::CloseMenu)))?;
    on_click(document, "result-level", |app| {
        open_new_game(app);
        if let Some(select) = element::<web_sys::HtmlElement>("setup-level") {
            let _ = select.focus();
        }
    })?;
    on_click(document, "show-solution", |app| app.dispatch(Event::Intent(Intent::ShowSolution)))?;
    on_click(document, "puzzle-list", |app| {
        app.dispatch(Event::Intent(Intent::OpenPuzzleList));
    })?;
    on_click(document, "puzzle-list-close", |app| app.dispatch(Event::Intent(Intent::ClosePuzzleList)))?;
    // Escape closes the dialog itself: the session hears of it.
    let list = document.get_element_by_id("puzzle-list-dialog").ok_or("no #puzzle-list-dialog")?;
    listen(&list, "close", |app, _: web_sys::Event| app.dispatch(Event::Intent(Intent::ClosePuzzleList)))?;
    // A difficulty's button or a puzzle's, by the attribute it carries.
    listen(&list, "click", |app, e: web_sys::Event| {
        let Some(target) = e.target().and_then(|t| t.dyn_into::<Element>().ok()) else { return };
        let attribute = |name: &str| target.closest(&format!("[{name}]")).ok().flatten()?.get_attribute(name);
        if let Some(id) = attribute("data-id").and_then(|id| id.parse().ok()) {
            app.dispatch(Event::Intent(Intent::ChoosePuzzle(Choice::Id(id))));
        } else if let Some(shows) = attribute("data-d").and_then(|d| crate::ai::puzzle::Difficulty::from_code(&d)) {
            app.dispatch(Event::Intent(Intent::PuzzleListShows(shows)));
        }
    })?;
    // Escape closes the result banner or ends looking back wherever the focus is (a dialog's
    // Escape is its own).
    let window: web_sys::EventTarget = web_sys::window().ok_or("no window")?.into();
    listen(&window, "keydown", |app, e: web_sys::KeyboardEvent| {
        let in_dialog = e
            .target()
            .and_then(|t| t.dyn_into::<Element>().ok())
            .is_some_and(|t| t.closest("dialog").ok().flatten().is_some());
        if let Some(intent) = key_press(&e).and_then(|key| keyboard::page_intent(app.state(), key, in_dialog)) {
            app.dispatch(Event::Intent(intent));
        }
    })?;
    Ok(())
}

/// Moves the keyboard's focus where the session says.
pub fn focus(to: Focus) {
    let id = match to {
        Focus::Review => "review-close",
        Focus::TutorialText => "tutorial-text",
        Focus::Board => "board",
        Focus::SetupTray => "editor-tool-R",
        Focus::OwnClockMinutes => "setup-clock-minutes",
        Focus::Analysis { toggle: true } => "analysis-toggle",
        Focus::Analysis { toggle: false } => "analysis-play",
        Focus::StepButton { back, sheet } => match (sheet, back) {
            (true, true) => "sheet-step-back",
            (true, false) => "sheet-step-on",
            (false, true) => "step-back",
            (false, false) => "step-on",
        },
    };
    if let Some(element) = element::<web_sys::HtmlElement>(id) {
        let _ = element.focus();
    }
}

/// Said by screen readers: a move played, a result.
pub fn announce(message: &str) {
    if let Some(region) = element::<Element>("announce") {
        region.set_text_content(Some(message));
    }
}

/// Whether a click landed on the dimmed page around the open dialog `id` (the click lands on the
/// dialog itself, outside its box).
fn outside(e: &web_sys::MouseEvent, id: &str) -> bool {
    let Some(dialog) = element::<HtmlDialogElement>(id) else { return false };
    let on_dialog = e.target().and_then(|t| t.dyn_into::<HtmlDialogElement>().ok()).is_some_and(|d| d.id() == id);
    let r = dialog.get_bounding_client_rect();
    let (x, y) = (f64::from(e.client_x()), f64::from(e.client_y()));
    on_dialog && (x < r.left() || x > r.right() || y < r.top() || y > r.bottom())
}

/// Writes the controls' view into the page (what differs from `last`, the view written before,
/// where writing again would cost a focus or a scroll).
pub fn update(view: &ControlsView, last: Option<&ControlsView>, texts: &Texts) {
    if let Some(root) = web_sys::window().and_then(|w| w.document()).and_then(|d| d.document_element()) {
        set_attribute(&root, "data-theme", if view.dark { "dark" } else { "light" });
        // The page's fixed texts and the choosers' options, once in each language the view speaks.
        if root.get_attribute("lang").as_deref() != Some(view.settings.language) {
            apply_language(texts);
        }
    }
    if let Some(select) = element::<HtmlSelectElement>("language")
        && select.value() != view.settings.language
    {
        select.set_value(view.settings.language);
    }
    // The menu and the move list's sheet are open as the model has them; the sheet opens at the
    // move shown.
    show_dialog("menu", view.menu);
    if show_dialog("moves-sheet", view.moves_sheet) {
        show_current_move();
    }
    set_text("board-description", Some(&view.board_description));
    set_text("mode-line", Some(&view.mode_line));
    set_text("notice", view.notice.as_deref());
    if last.is_none_or(|last| last.records_message != view.records_message) {
        set_text("records-message", Some(&view.records_message));
        // The message takes room from the dialog's scrolling middle: the field the player is in
        // (the link, selected to copy by hand) stays in sight above it.
        if let Some(field) = app_document().and_then(|d| d.active_element()).filter(|e| e.id() == "record-link") {
            field.scroll_into_view_with_bool(false);
        }
    }
    for (id, enabled) in [
        ("undo", view.undo),
        ("redo", view.redo),
        ("hint", view.hint),
        ("step-back", view.step_back),
        ("step-on", view.step_on),
        ("sheet-step-back", view.step_back),
        ("sheet-step-on", view.step_on),
    ] {
        if let Some(button) = element::<HtmlButtonElement>(id)
            && button.disabled() == enabled
        {
            button.set_disabled(!enabled);
        }
    }
    show_moves(&view.moves);
    for (id, on) in [
        ("show-eval", view.settings.evaluation),
        ("sound", view.settings.sound),
        ("coordinates", view.settings.coordinates),
    ] {
        if let Some(toggle) = element::<HtmlInputElement>(id)
            && toggle.checked() != on
        {
            toggle.set_checked(on);
        }
    }
    if let Some(select) = element::<HtmlSelectElement>("theme") {
        select.set_value(view.settings.theme);
    }
    show_evaluation(view.evaluation.as_ref());
    show_review(view.review.as_ref());
    #[cfg(not(feature = "first-visit"))]
    analysis::show(view.analysis.as_ref());
    #[cfg(not(feature = "first-visit"))]
    setup::show(view.setup.as_ref(), view.setup_opener);
    set_hidden("puzzle-end", view.puzzle_end.is_none());
    set_hidden("show-solution", !view.show_solution);
    show_puzzle_list(view.puzzle_list.as_ref(), last.and_then(|last| last.puzzle_list.as_ref()));
    rules::show(view.rules.as_ref(), last.and_then(|last| last.rules.as_ref()), texts);
    // The deck's list as last written: in the dialog last shown open (it opens written afresh).
    let last_deck = last.filter(|last| last.new_game.is_some()).map(|last| (last.settings.language, &last.deck));
    new_game::show(view.new_game.as_ref(), (view.settings.language, &view.deck), last_deck, texts);
    set_text("puzzle-text", view.puzzle_end.as_deref());
    set_hidden("viewing", view.viewing.is_none());
    set_hidden("continue-here", !view.continue_here);
    for id in ["result-analyse", "over-analyse", "viewing-analyse", "review-analyse"] {
        set_hidden(id, !view.analyse);
    }
    if let Some(words) = &view.viewing {
        set_text("viewing-text", Some(words));
    }
    set_text("puzzles-status", view.puzzles_solved.as_deref());
    set_hidden("back-to-my-game", !view.back_to_my_game);
    set_hidden("menu-back-to-my-game", !view.back_to_my_game);
    set_hidden("tutorial-offer", !view.tutorial_offer);
    set_hidden("tutorial", view.tutorial.is_none());
    if let Some(tutorial) = &view.tutorial {
        // Written only when it changes (as every text): it is a live region.
        set_text("tutorial-title", Some(&tutorial.title));
        show_room("tutorial-title-room", &tutorial.title_reserve);
        if let Some(panel) = find("tutorial") {
            let _ = panel.class_list().toggle_with_force("prompt", tutorial.prompt);
        }
        set_text("tutorial-text", Some(&tutorial.text));
        show_room("tutorial-room", &tutorial.reserve);
        set_text("tutorial-next", Some(&tutorial.next_label));
        if let Some(button) = element::<HtmlButtonElement>("tutorial-next") {
            button.set_disabled(!tutorial.done);
        }
    }
    show_online(view.online.as_ref());
    set_hidden("watch", view.watch.is_none());
    if let Some(watch) = &view.watch {
        set_text("watch-pause", Some(&watch.pause_label));
        if let Some(select) = element::<HtmlSelectElement>("watch-speed") {
            select.set_value(watch.speed);
        }
    }
    set_hidden("resign", view.resign.is_none());
    if let Some(words) = &view.resign {
        set_text("resign-text", Some(words));
    }
    // Up while the session asks (no longer offered, the AI having won meanwhile, it goes).
    let resign_open = element::<HtmlDialogElement>("resign-dialog").is_some_and(|d| d.open());
    if view.resign_asked && !resign_open {
        open_dialog("resign-dialog");
    } else if !view.resign_asked && resign_open {
        close_dialog("resign-dialog");
    }
    // Records are the whole page's: a first visit's build leaves this out.
    if Features::here().is_some() {
        show_records(view.records.as_ref());
    }
    let abandon_open = element::<HtmlDialogElement>("abandon-dialog").is_some_and(|d| d.open());
    if view.abandon_asked && !abandon_open {
        open_dialog("abandon-dialog");
    } else if !view.abandon_asked && abandon_open {
        close_dialog("abandon-dialog");
    }
    set_hidden("game-over", view.game_over.is_none());
    if let Some(strip) = &view.game_over {
        set_text("game-over-text", Some(&strip.text));
        // Online, the online bar offers the rematch and the way out: neither is here (the
        // result's words keep one line on a phone).
        set_hidden("over-rematch", !strip.rematch);
        set_hidden("over-new-game", !strip.rematch);
        set_hidden("over-review", !strip.review);
    }
    set_hidden("result", view.result.is_none());
    if let Some(result) = &view.result {
        set_text("result-text", Some(&result.text));
        set_hidden("rematch", !result.rematch);
        set_hidden("result-new-game", !result.rematch);
        set_hidden("result-level", !result.change_level);
        set_hidden("play-next-level", result.next_level.is_none());
        if let Some(next) = &result.next_level {
            set_text("next-level", Some(&next.label));
            if let Some(button) = element::<Element>("play-next-level") {
                let _ = button.set_attribute("title", &next.offer);
                let _ = button.set_attribute("aria-label", &next.offer);
            }
        }
    }
}

/// Lays every text a place may show in turn, unseen, in its cell (written again only when they change).
fn show_room(id: &str, texts: &[String]) {
    let Some(room) = find(id) else { return };
    if room.text_content().unwrap_or_default() == texts.concat() {
        return;
    }
    room.set_text_content(None);
    let Some(document) = app_document() else { return };
    for text in texts {
        if let Ok(p) = document.create_element("p") {
            p.set_text_content(Some(text));
            let _ = room.append_child(&p);
        }
    }
}

/// Opens, writes or closes the list of puzzles as the view has it (written again only when it
/// differs from `before`, the list last written).
fn show_puzzle_list(list: Option<&PuzzleList>, before: Option<&PuzzleList>) {
    let Some(dialog) = element::<HtmlDialogElement>("puzzle-list-dialog") else { return };
    let Some(list) = list else {
        dialog.close();
        return;
    };
    if before == Some(list) && dialog.open() {
        return;
    }
    set_text("puzzle-list-summary", Some(&list.summary));
    for difficulty in crate::ai::puzzle::Difficulty::ALL.map(|d| d.code()) {
        if let Ok(Some(button)) = dialog.query_selector(&format!("[data-d={difficulty}]")) {
            let _ = button.set_attribute("aria-pressed", if difficulty == list.shows { "true" } else { "false" });
        }
    }
    let mut html = String::new();
    for row in &list.rows {
        let class = if row.solved { " class=solved" } else { "" };
        let current = if row.current { " aria-current=true" } else { "" };
        html.push_str(&format!(
            "<li><button type=button data-id={}{class}{current} aria-label=\"{}\">{}</button></li>",
            row.id, row.label, row.number
        ));
    }
    let Some(rows) = find("puzzle-rows") else { return };
    rows.set_inner_html(&html);
    if before.is_none_or(|b| b.shows != list.shows) {
        rows.set_scroll_top(0);
    }
    if !dialog.open() {
        open_dialog("puzzle-list-dialog");
    }
}

/// Sets an attribute unless it has that value already (as [`set_text`]).
fn set_attribute(element: &Element, name: &str, value: &str) {
    if element.get_attribute(name).as_deref() != Some(value) {
        let _ = element.set_attribute(name, value);
    }
}

fn show_moves(rows: &[MoveRow]) {
    for id in MOVE_LISTS {
        write_moves(id, rows);
    }
    show_current_move();
}

/// Brings the sheet's current row into its view, while the sheet is open.
fn show_current_move() {
    if !element::<HtmlDialogElement>("moves-sheet").is_some_and(|sheet| sheet.open()) {
        return;
    }
    if let Some(row) = find("sheet-moves").and_then(|list| list.query_selector("li[aria-current]").ok().flatten()) {
        row.scroll_into_view_with_bool(false);
    }
}

fn write_moves(id: &str, rows: &[MoveRow]) {
    let (Some(list), Some(document)) = (element::<Element>(id), web_sys::window().and_then(|w| w.document())) else {
        return;
    };
    list.set_text_content(None);
    for row in rows {
        let Ok(item) = document.create_element("li") else { continue };
        item.set_text_content(Some(&row.text));
        let _ = item.set_attribute("data-move", &row.notation);
        let _ = item.set_attribute("data-ply", &row.ply.to_string());
        if row.current {
            let _ = item.set_attribute("aria-current", "step");
        }
        let _ = item.set_attribute("class", row.side);
        if let Some(mark) = &row.mark {
            let _ = item.set_attribute("data-class", mark.class);
            let _ = item.set_attribute("data-mark", mark.mark);
            let _ = item.set_attribute("title", &mark.title);
        }
        // The lines explored in place of this move: a button each, under it.
        for (place, words) in row.variations.iter().enumerate().filter(|_| Features::here().is_some()) {
            let Ok(button) = document.create_element("button") else { continue };
            let _ = button.set_attribute("type", "button");
            let _ = button.set_attribute("class", "variation");
            let _ = button.set_attribute("data-place", &place.to_string());
            button.set_text_content(Some(words));
            let _ = item.append_child(&button);
        }
        let _ = list.append_child(&item);
    }
}

/// The evaluation bar: hidden, or Red's share and the score's words.
fn show_evaluation(bar: Option<&EvaluationBar>) {
    let Some(container) = element::<Element>("eval") else { return };
    let Some(bar) = bar else {
        let _ = container.set_attribute("hidden", "");
        return;
    };
    let _ = container.remove_attribute("hidden");
    if let Some(fill) = element::<web_sys::HtmlElement>("eval-fill") {
        let _ = fill.style().set_property("width", &bar.width());
    }
    set_text("eval-text", Some(&bar.label));
}

/// Opens the New game dialog on the game being played.
fn open_new_game(app: &mut App) {
    app.dispatch(Event::Intent(Intent::OpenNewGame(NewGameOpens::Game)));
}

/// Starts the puzzle the player chose (the session fetches the set first if needed).
fn choose_puzzle(app: &mut App, choice: Choice) {
    app.dispatch(Event::Intent(Intent::ChoosePuzzle(choice)));
}

/// Online play's strip: the module's words, the friend's link, and the module's buttons.
fn show_online(online: Option<&OnlineView>) {
    set_hidden("online", online.is_none());
    // Online play is the whole page's (`crate::ui::features`): this stays out of a first visit.
    if Features::here().is_some() {
        phrases::show(online.and_then(|o| o.phrases.as_ref()));
    }
    let Some(online) = online else { return };
    set_text("online-text", Some(&online.text));
    set_text("online-clock", online.clock.as_deref());
    set_hidden("online-clock", online.clock.is_none());
    set_hidden("online-link-row", online.link.is_none());
    if let (Some(link), Some(field)) = (&online.link, element::<HtmlInputElement>("online-link")) {
        field.set_value(&full_link(link));
    }
    let (Some(row), Some(document)) =
        (element::<Element>("online-buttons"), web_sys::window().and_then(|w| w.document()))
    else {
        return;
    };
    // Made again only when they change: a button keeps the focus while the game goes on.
    let shown: Vec<(String, String)> = (0..row.children().length())
        .filter_map(|i| row.children().item(i))
        .map(|b| (b.get_attribute("data-command").unwrap_or_default(), b.text_content().unwrap_or_default()))
        .collect();
    if shown != online.buttons {
        row.set_text_content(None);
        for (command, label) in &online.buttons {
            if let Ok(button) = document.create_element("button") {
                let _ = button.set_attribute("type", "button");
                let _ = button.set_attribute("data-command", command);
                button.set_text_content(Some(label));
                let _ = row.append_child(&button);
            }
        }
    }
}

/// The review's graph, verdict and buttons.
fn show_review(panel: Option<&ReviewPanel>) {
    set_hidden("review", panel.is_none());
    let Some(panel) = panel else { return };
    if let Some(graph) = element::<Element>("review-graph") {
        graph.set_inner_html(&panel.graph.svg());
    }
    if let Some(progress) = element::<web_sys::HtmlProgressElement>("review-progress") {
        progress.set_hidden(panel.progress.is_none());
        progress.set_value(panel.progress.unwrap_or(1.0));
    }
    set_text("review-text", Some(&panel.text));
    set_hidden("review-best", !panel.best_line);
    set_hidden("review-continue", !panel.continue_here);
    set_text("review-close", Some(&panel.close_label));
}
