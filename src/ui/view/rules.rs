//! The Rules dialog: the rules' paragraphs in the page's language (from their file), and the
//! cards of the sets dealt from, drawn as grids from the rules core's table.

use crate::rules::{Card, Pack};
use crate::ui::deck;
use crate::ui::dialog::Dialog;
use crate::ui::state::State;
use crate::ui::text::{self, Lang};

/// What the dialog shows beside its fixed texts (its title, headings and the cards' names, which
/// the shell writes from the page's `Texts` as it writes every fixed text).
#[derive(Clone, Debug, PartialEq)]
pub struct RulesView {
    /// The language of its fixed texts: another rewrites them, whether or not its paragraphs
    /// have come.
    pub lang: Lang,
    /// The rules' paragraphs; none while their file comes, and a sentence saying so if it could
    /// not be had (offline before it was kept).
    pub paragraphs: Vec<String>,
    /// The sets with a card dealt from, in order: each is written with its cards' names
    /// (`text::pack_name`, `text::card_name`) and their grids (`card_grid`).
    pub packs: Vec<Pack>,
}

/// The Rules dialog as `state` has it open, if it is.
pub fn rules(state: &State) -> Option<RulesView> {
    if !matches!(state.page.dialog, Some(Dialog::Rules)) {
        return None;
    }
    let t = &state.texts();
    Some(RulesView {
        lang: state.lang(),
        paragraphs: state.page.texts.rules(state.lang()).map(|file| text::rules_text(t, file)).unwrap_or_default(),
        packs: deck::shown_packs(state.page.settings.cards).collect(),
    })
}

/// A square of a card's 5×5 grid, as the rules draw it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GridCell {
    /// The piece that moves, in the middle.
    Piece,
    /// A square the card takes it to.
    Reach,
    Empty,
}

/// A card's grid row by row from the top, seen from the side of its holder (forward is up).
pub fn card_grid(card: Card) -> Vec<GridCell> {
    (0..25)
        .map(|i| {
            let offset = (i % 5 - 2, 2 - i / 5);
            if offset == (0, 0) {
                GridCell::Piece
            } else if card.offsets().iter().any(|&(x, y)| (i32::from(x), i32::from(y)) == offset) {
                GridCell::Reach
            } else {
                GridCell::Empty
            }
        })
        .collect()
}
