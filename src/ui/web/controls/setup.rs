//! The editor's panel, a position set up on the analysis board: written from the view
//! (`ui::setup_panel`), its buttons and choosers sent as intents, and a tray piece dragged onto
//! the canvas sent as a drop at the canvas's point. Only the whole page has it: its elements are
//! put in the page here, and its styles are the analysis board's (`www/whole-page.css`), so a first
//! visit downloads neither.

use super::super::super::intent::Intent;
use super::super::super::session::Event;
use super::super::super::setup::{SetupAction, Tool};
use super::super::super::setup_panel::{self, SetupPanel};
use super::super::app::{App, listen};
use super::dom::{element, find, set_hidden, set_text};
use crate::rules::{Card, Color};
use wasm_bindgen::prelude::*;
use web_sys::{Document, Element, HtmlOptionElement, HtmlSelectElement, PointerEvent};

fn setup(app: &mut App, action: SetupAction) {
    app.dispatch(Event::Intent(Intent::Setup(action)));
}

fn on(document: &Document, id: &str, action: SetupAction) -> Result<(), JsValue> {
    let target = document.get_element_by_id(id).ok_or_else(|| format!("no #{id}"))?;
    listen(&target, "click", move |app, _: web_sys::Event| setup(app, action))
}

/// The analysis board's button that opens the editor, in the strip beside the board's name (the
/// analysis board's own row is full on a phone).
const OPENER: &str = r##"<button id="analysis-setup" type="button" hidden></button>"##;

/// The editor's elements, before the board; their words come from the view.
const EDITOR: &str = concat!(
    r##"<section id="editor" hidden><div id="editor-tray" role="group">"##,
    r##"<button id="editor-tool-R" type="button" aria-pressed="false"><span class="piece red master"></span></button>"##,
    r##"<button id="editor-tool-r" type="button" aria-pressed="false"><span class="piece red"></span></button>"##,
    r##"<button id="editor-tool-B" type="button" aria-pressed="false"><span class="piece blue master"></span></button>"##,
    r##"<button id="editor-tool-b" type="button" aria-pressed="false"><span class="piece blue"></span></button>"##,
    r##"<button id="editor-tool-x" type="button" aria-pressed="false"><svg class="icon" aria-hidden="true"><use href="#i-close"/></svg></button>"##,
    r##"</div><div id="editor-cards">"##,
    r##"<label class="editor-red"><span id="editor-label-red-0"></span> <select id="editor-card-red-0"></select></label>"##,
    r##"<label class="editor-red"><span id="editor-label-red-1"></span> <select id="editor-card-red-1"></select></label>"##,
    r##"<label><span id="editor-label-side"></span> <select id="editor-card-side"></select></label>"##,
    r##"<label class="editor-blue"><span id="editor-label-blue-0"></span> <select id="editor-card-blue-0"></select></label>"##,
    r##"<label class="editor-blue"><span id="editor-label-blue-1"></span> <select id="editor-card-blue-1"></select></label>"##,
    r##"<label><span id="editor-to-move-label"></span> <select id="editor-to-move">"##,
    r##"<option value="red"></option><option value="blue"></option></select></label></div>"##,
    r##"<p id="editor-status" role="status"></p><div id="editor-actions">"##,
    r##"<button id="editor-start" type="button"></button><button id="editor-clear" type="button"></button>"##,
    r##"<button id="editor-turn" type="button"></button><button id="editor-cancel" type="button"></button>"##,
    r##"<button id="editor-analyse" type="button"></button></div></section>"##,
);

/// Puts the editor's elements in the page, once.
fn build(document: &Document) -> Result<(), JsValue> {
    if document.get_element_by_id("editor").is_some() {
        return Ok(());
    }
    let bar = document.get_element_by_id("eval").ok_or("no #eval")?;
    bar.insert_adjacent_html("beforebegin", OPENER)?;
    let main = document.query_selector("main")?.ok_or("no main")?;
    main.insert_adjacent_html("beforebegin", EDITOR)
}

pub fn wire(document: &Document) -> Result<(), JsValue> {
    build(document)?;
    on(document, "analysis-setup", SetupAction::Open)?;
    on(document, "editor-turn", SetupAction::Turn)?;
    on(document, "editor-clear", SetupAction::Clear)?;
    on(document, "editor-start", SetupAction::Starting)?;
    on(document, "editor-cancel", SetupAction::Cancel)?;
    on(document, "editor-analyse", SetupAction::Analyse)?;
    for tool in Tool::TRAY {
        let id = format!("editor-tool-{}", tool.code());
        on(document, &id, SetupAction::Choose(tool))?;
        let button = document.get_element_by_id(&id).ok_or("no tray button")?;
        // Dragged: taken at once, and dropped where the pointer leaves it on the canvas.
        listen(&button, "pointerdown", move |app, e: PointerEvent| {
            if let Some(target) = e.current_target().and_then(|t| t.dyn_into::<Element>().ok()) {
                let _ = target.set_pointer_capture(e.pointer_id());
            }
            setup(app, SetupAction::Choose(tool));
        })?;
        listen(&button, "pointermove", |app, e: PointerEvent| {
            // Only a press carries (a mouse passing over the tray does not).
            if e.buttons() != 0 {
                setup(app, SetupAction::Carry(over_canvas(app, &e)));
            }
        })?;
        listen(&button, "pointerup", |app, e: PointerEvent| match over_canvas(app, &e) {
            Some((x, y)) => setup(app, SetupAction::DropAt { x, y }),
            None => setup(app, SetupAction::Carry(None)),
        })?;
        listen(&button, "pointercancel", |app, _: PointerEvent| setup(app, SetupAction::Carry(None)))?;
    }
    for (place, code) in setup_panel::PLACES {
        let select = document.get_element_by_id(&format!("editor-card-{code}")).ok_or("no card chooser")?;
        listen(&select, "change", move |app, e: web_sys::Event| {
            let value = e.target().and_then(|t| t.dyn_into::<HtmlSelectElement>().ok()).map(|s| s.value());
            if let Some(card) = value.as_deref().and_then(Card::from_name) {
                setup(app, SetupAction::Card(place, card));
            }
        })?;
    }
    let to_move = document.get_element_by_id("editor-to-move").ok_or("no #editor-to-move")?;
    listen(&to_move, "change", |app, e: web_sys::Event| {
        let value = e.target().and_then(|t| t.dyn_into::<HtmlSelectElement>().ok()).map(|s| s.value());
        let color = if value.as_deref() == Some("blue") { Color::Blue } else { Color::Red };
        setup(app, SetupAction::ToMove(color));
    })
}

/// The pointer's point on the canvas (CSS pixels), if it is over it.
fn over_canvas(app: &App, e: &PointerEvent) -> Option<(f64, f64)> {
    let rect = app.canvas.get_bounding_client_rect();
    let (x, y) = (f64::from(e.client_x()) - rect.left(), f64::from(e.client_y()) - rect.top());
    ((0.0..rect.width()).contains(&x) && (0.0..rect.height()).contains(&y)).then_some((x, y))
}

/// Writes the editor from its panel, or hides it; the analysis board's button that opens it.
pub fn show(panel: Option<&SetupPanel>, opener: Option<&str>) {
    set_hidden("analysis-setup", opener.is_none());
    set_text("analysis-setup", opener);
    set_hidden("editor", panel.is_none());
    let Some(panel) = panel else { return };
    set_text("editor-status", Some(&panel.status));
    if let Some(status) = find("editor-status") {
        let _ = status.class_list().toggle_with_force("refused", panel.refused);
    }
    for (id, words) in &panel.words {
        if *id == "editor-tray" {
            set_attribute(id, "aria-label", words);
        } else {
            set_text(id, Some(words));
        }
    }
    for tool in &panel.tray {
        let id = format!("editor-tool-{}", tool.code);
        set_attribute(&id, "aria-label", tool.label);
        set_attribute(&id, "title", tool.label);
        set_attribute(&id, "aria-pressed", if tool.chosen { "true" } else { "false" });
    }
    for chooser in &panel.cards {
        set_text(&format!("editor-label-{}", chooser.place), Some(chooser.label));
        let id = format!("editor-card-{}", chooser.place);
        fill(&id, panel.card_names.iter().map(|(name, words)| (*name, words.as_str())));
        if let Some(select) = element::<HtmlSelectElement>(&id)
            && select.value() != chooser.card
        {
            select.set_value(chooser.card);
        }
    }
    fill("editor-to-move", panel.colors.iter().map(|(code, words)| (*code, words.as_str())));
    if let Some(select) = element::<HtmlSelectElement>("editor-to-move")
        && select.value() != panel.to_move
    {
        select.set_value(panel.to_move);
    }
}

/// The chooser's options, values and words, written where they differ (a language changed).
fn fill<'a>(id: &str, options: impl Iterator<Item = (&'a str, &'a str)>) {
    let Some(select) = element::<HtmlSelectElement>(id) else { return };
    let document = select.owner_document();
    for (index, (value, words)) in options.enumerate() {
        let option = match select.item(index as u32).and_then(|o| o.dyn_into::<HtmlOptionElement>().ok()) {
            Some(option) => option,
            None => {
                let Some(option) = document.as_ref().and_then(|d| d.create_element("option").ok()) else { return };
                let _ = select.append_child(&option);
                let Ok(option) = option.dyn_into::<HtmlOptionElement>() else { return };
                option
            }
        };
        if option.value() != value {
            option.set_value(value);
        }
        if option.text() != words {
            option.set_text(words);
        }
    }
}

fn set_attribute(id: &str, name: &str, value: &str) {
    if let Some(element) = find(id)
        && element.get_attribute(name).as_deref() != Some(value)
    {
        let _ = element.set_attribute(name, value);
    }
}
