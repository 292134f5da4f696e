//! The Rules dialog as the view has it: opened, written (again only when it changes) or closed.

use super::dom::{close_dialog, element, find, open_dialog};
use crate::ui::text::{self, Texts};
use crate::ui::view::{GridCell, RulesView, card_grid};
use std::fmt::Write;
use web_sys::HtmlDialogElement;

/// Shows `rules` (`before`: the rules last written), the cards' names in `texts`.
pub(super) fn show(rules: Option<&RulesView>, before: Option<&RulesView>, texts: &Texts) {
    let Some(dialog) = element::<HtmlDialogElement>("rules-dialog") else { return };
    let Some(rules) = rules else {
        if dialog.open() {
            close_dialog("rules-dialog");
        }
        return;
    };
    if (before != Some(rules) || !dialog.open())
        && let Some(content) = find("rules-content")
    {
        content.set_inner_html(&html(rules, texts));
    }
    if !dialog.open() {
        open_dialog("rules-dialog");
    }
}

/// The dialog's content: the rules' title and paragraphs, then each set's cards as grids.
fn html(rules: &RulesView, texts: &Texts) -> String {
    let mut html = format!("<h2>{}</h2><div class=rules-text>", escaped(texts.rules_title()));
    for paragraph in &rules.paragraphs {
        let _ = write!(html, "<p>{}</p>", escaped(paragraph));
    }
    let _ = write!(html, "</div><h3>{}</h3>", escaped(texts.rules_cards()));
    for &pack in &rules.packs {
        let _ = write!(html, "<h4>{}</h4><div class=rule-cards>", escaped(text::pack_name(texts, pack)));
        for card in pack.cards() {
            let name = escaped(text::card_name(texts, card));
            let stamp = card.stamp().code();
            let _ = write!(
                html,
                "<figure class=\"rule-card stamp-{stamp}\"><div class=grid role=img aria-label=\"{name}\">"
            );
            for cell in card_grid(card) {
                html.push_str(match cell {
                    GridCell::Piece => "<span class=\"cell piece\"></span>",
                    GridCell::Reach => "<span class=\"cell reach\"></span>",
                    GridCell::Empty => "<span class=cell></span>",
                });
            }
            let _ = write!(html, "</div><figcaption>{name}</figcaption></figure>");
        }
        html.push_str("</div>");
    }
    html
}

/// `words` as HTML text or a double-quoted attribute's value (the only places it is put).
fn escaped(words: &str) -> String {
    words.replace('&', "&amp;").replace('<', "&lt;").replace('"', "&quot;")
}
