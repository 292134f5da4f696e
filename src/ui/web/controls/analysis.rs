//! The analysis board's panel: what the engine does, its buttons and its three lines, written
//! from the view (`view::AnalysisPanel`), its buttons sent as intents. Only the whole page has it:
//! its elements are put in the page here, and its styles are in the whole page's stylesheet
//! (`www/whole-page.css`, which boot.js links before the whole page starts), so a first visit
//! downloads neither.

use super::super::super::intent::Intent;
use super::super::super::new_game_form::NewGameOpens;
use super::super::super::session::Event;
use super::super::super::view::AnalysisPanel;
use super::super::app::{App, on_click};
use super::dom::{find, set_hidden, set_text};
use wasm_bindgen::prelude::*;
use web_sys::Document;

/// The panel's elements, before the board; their words come from the view and the texts
/// (`data-text`, `data-label`), English until the page's language is applied, as index.html's.
const PANEL: &str = concat!(
    r##"<section id="analysis" hidden data-label="analysis" aria-label="Analysis board"><div class="analysis-head">"##,
    r##"<p id="analysis-status" role="status"></p>"##,
    r##"<button id="analysis-toggle" type="button" aria-keyshortcuts="l"></button>"##,
    r##"<button id="analysis-play" type="button" data-text="play-here">Play from here</button>"##,
    r##"<button id="analysis-close" type="button" class="close" data-label="close" aria-label="Close">"##,
    r##"<svg class="icon" aria-hidden="true"><use href="#i-close"/></svg></button></div>"##,
    r##"<ol id="analysis-lines" data-label="analysis-lines" aria-label="The engine's best lines">"##,
    r##"<li id="analysis-row-0" hidden><button id="analysis-line-0" type="button"><span id="analysis-score-0" class="score"></span> <span id="analysis-moves-0" class="moves"></span></button></li>"##,
    r##"<li id="analysis-row-1" hidden><button id="analysis-line-1" type="button"><span id="analysis-score-1" class="score"></span> <span id="analysis-moves-1" class="moves"></span></button></li>"##,
    r##"<li id="analysis-row-2" hidden><button id="analysis-line-2" type="button"><span id="analysis-score-2" class="score"></span> <span id="analysis-moves-2" class="moves"></span></button></li>"##,
    r##"</ol></section>"##,
);

/// Puts the panel's elements in the page, once.
fn build(document: &Document) -> Result<(), JsValue> {
    if document.get_element_by_id("analysis").is_some() {
        return Ok(());
    }
    let main = document.query_selector("main")?.ok_or("no main")?;
    main.insert_adjacent_html("beforebegin", PANEL)
}

pub fn wire(document: &Document) -> Result<(), JsValue> {
    build(document)?;
    on_click(document, "analysis-toggle", |app| app.dispatch(Event::Intent(Intent::ToggleAnalysis)))?;
    on_click(document, "analysis-close", |app| app.dispatch(Event::Intent(Intent::LeaveAnalysis)))?;
    on_click(document, "analysis-play", |app: &mut App| {
        app.dispatch(Event::Intent(Intent::OpenNewGame(NewGameOpens::FromHere)));
    })?;
    on_click(document, "analysis-line-0", |app| app.dispatch(Event::Intent(Intent::PlayLine(0))))?;
    on_click(document, "analysis-line-1", |app| app.dispatch(Event::Intent(Intent::PlayLine(1))))?;
    on_click(document, "analysis-line-2", |app| app.dispatch(Event::Intent(Intent::PlayLine(2))))
}

/// The analysis board's state, buttons and lines.
pub fn show(panel: Option<&AnalysisPanel>) {
    set_hidden("analysis", panel.is_none());
    let Some(panel) = panel else { return };
    set_text("analysis-status", Some(&panel.status));
    set_hidden("analysis-toggle", panel.toggle_label.is_none());
    set_text("analysis-toggle", panel.toggle_label.as_deref());
    for place in 0..3 {
        let line = panel.lines.get(place);
        set_hidden(&format!("analysis-row-{place}"), line.is_none());
        set_text(&format!("analysis-score-{place}"), line.map(|l| l.score.as_str()));
        set_text(&format!("analysis-moves-{place}"), line.map(|l| l.moves.as_str()));
        // The whole line, for a pointer resting on one cut short.
        if let (Some(button), Some(line)) = (find(&format!("analysis-line-{place}")), line)
            && button.get_attribute("title").as_deref() != Some(&line.moves)
        {
            let _ = button.set_attribute("title", &line.moves);
        }
    }
}
