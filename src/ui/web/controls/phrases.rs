//! The phrases one player says to the other online: a dialog of the online module's buttons,
//! made the first time they are offered (a first visit never has them), with the switch for
//! the opponent's phrases. Written from the view; each choice goes to the module as it is.

use super::super::super::intent::{Intent, OnlineAction};
use super::super::super::session::Event;
use super::super::super::view::PhrasesView as PhrasePanel;
use super::super::app::listen;
use super::dom::{app_document, close_dialog, element, set_text, show_dialog};
use crate::online::bridge::Command;
use wasm_bindgen::JsCast;
use web_sys::{Element, HtmlButtonElement, HtmlInputElement};

/// The command of the online bar's button that opens the phrases (no command of the module).
pub const OPEN: &str = "say";
const ID: &str = "say-dialog";

/// The phrases as the module offers them, open as the player has them, or none (the dialog
/// closes).
pub fn show(panel: Option<&PhrasePanel>) {
    let Some(panel) = panel.filter(|panel| panel.open) else {
        close_dialog(ID);
        return;
    };
    if element::<Element>(ID).is_none() && make().is_none() {
        return;
    }
    show_dialog(ID, true);
    set_text("say-title", Some(panel.title));
    set_text("say-switch", Some(panel.switch));
    if let Some(close) = element::<Element>("say-close") {
        let _ = close.set_attribute("aria-label", panel.close);
    }
    if let Some(switch) = element::<HtmlInputElement>("say-shown") {
        switch.set_checked(panel.shown);
    }
    let (Some(list), Some(document)) = (element::<Element>("say-phrases"), app_document()) else { return };
    let wanted = &panel.buttons;
    let buttons = list.query_selector_all("button").ok();
    let shown: Vec<(String, String)> = (0..buttons.as_ref().map_or(0, |b| b.length()))
        .filter_map(|i| buttons.as_ref()?.item(i)?.dyn_into::<Element>().ok())
        .map(|b| (b.get_attribute("data-phrase").unwrap_or_default(), b.text_content().unwrap_or_default()))
        .collect();
    if !shown.iter().map(|(c, l)| (c.as_str(), l.as_str())).eq(wanted.iter().copied()) {
        list.set_text_content(None);
        // Two a row: each a large target, in every language.
        for pair in wanted.chunks(2) {
            let Ok(row) = document.create_element("div") else { continue };
            row.set_class_name("row");
            for (code, label) in pair {
                if let Ok(button) = document.create_element("button") {
                    let _ = button.set_attribute("type", "button");
                    let _ = button.set_attribute("data-phrase", code);
                    button.set_text_content(Some(label));
                    let _ = row.append_child(&button);
                }
            }
            let _ = list.append_child(&row);
        }
    }
    // The buttons wait after a phrase: the opponent's page takes one every 2 s.
    if let Ok(buttons) = list.query_selector_all("button") {
        for i in 0..buttons.length() {
            if let Some(button) = buttons.item(i).and_then(|b| b.dyn_into::<HtmlButtonElement>().ok()) {
                button.set_disabled(panel.wait);
            }
        }
    }
}

/// The dialog, its buttons' texts left to [`show`].
fn make() -> Option<Element> {
    let document = app_document()?;
    let dialog = document.create_element("dialog").ok()?;
    dialog.set_id(ID);
    dialog.set_attribute("aria-labelledby", "say-title").ok()?;
    dialog.set_inner_html(concat!(
        r#"<p class="actions top"><button id="say-close" type="button" class="close">"#,
        r##"<svg class="icon" aria-hidden="true"><use href="#i-close"/></svg></button></p>"##,
        r#"<div class="menu-grid"><h2 id="say-title"></h2><div id="say-phrases" class="menu-grid"></div>"#,
        r#"<label class="toggle"><input id="say-shown" type="checkbox"> <span id="say-switch"></span></label></div>"#,
    ));
    document.body()?.append_child(&dialog).ok()?;
    let press = |command: Command| {
        let features = super::super::super::features::Features::present();
        Event::Intent(Intent::Online(OnlineAction::Press(features, command)))
    };
    let close = element::<Element>("say-close")?;
    listen(&close, "click", |app, _: web_sys::Event| app.dispatch(Event::Intent(Intent::ClosePhrases))).ok()?;
    // Escape closes it too.
    listen(&dialog, "close", |app, _: web_sys::Event| app.dispatch(Event::Intent(Intent::ClosePhrases))).ok()?;
    let list = element::<Element>("say-phrases")?;
    listen(&list, "click", move |app, e: web_sys::MouseEvent| {
        let target = e.target().and_then(|t| t.dyn_into::<Element>().ok());
        let button = target.and_then(|t| t.closest("button").ok().flatten());
        let code = button.and_then(|b| b.get_attribute("data-phrase"));
        if let Some(phrase) = code.and_then(|c| crate::online::Phrase::from_code(&c)) {
            app.dispatch(press(Command::Say(phrase)));
        }
    })
    .ok()?;
    let switch = element::<HtmlInputElement>("say-shown")?;
    listen(&switch.clone().into(), "change", move |app, _: web_sys::Event| {
        app.dispatch(press(Command::ShowPhrases(switch.checked())));
    })
    .ok()?;
    Some(dialog)
}
