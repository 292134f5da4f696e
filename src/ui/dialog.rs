//! What is open over the board: a dialog of the page's (New game, Records, the list of puzzles, the
//! rules, the menu, the move list's sheet, the phrases to say online), and a
//! question that waits for the player's yes. Each is one value, so that two dialogs, or a
//! question without the act it asks about, cannot be written.
//!
//! A question is kept apart from the dialog because it is asked over one: Analyse on a finished
//! game in Records, during an online game, asks to leave that game with Records still open
//! beneath (and Records' list is what the act, once allowed, reads).

use super::features::Features;
use super::intent::Intent;
use super::new_game_form::{NewGameFields, NewGameRefusal};
use crate::ai::puzzle::Difficulty;
use crate::mode::Mode;
use crate::rules::{Game, RecordError};
use crate::save::FinishedGame;

/// A dialog open over the board (but for New game, the whole page's: each holds a `Features`).
#[derive(Clone, Debug)]
pub enum Dialog {
    /// The New game dialog, with its fields as the player left them (a clock's minutes as typed),
    /// and why its last Start was refused, if it was.
    NewGame {
        fields: Box<NewGameFields>,
        refused: Option<NewGameRefused>,
        /// The deck's switches refused in a row (each would have left fewer than five cards): said
        /// again to each, none once one is taken.
        deck_refused: u32,
    },
    Records(Records),
    /// The list of puzzles, showing this difficulty's.
    Puzzles(Features, Difficulty),
    /// The rules, with the cards dealt from (a first visit has them too).
    Rules,
    /// The menu: the page's other acts and its settings.
    Menu,
    /// The move list as a sheet over the board (where the page is too narrow to show it beside).
    Moves,
    /// The phrases to say to the opponent online.
    Phrases(Features),
}

/// Why Start was refused in the New game dialog (a choice of cards that cannot be dealt, a clock
/// that does not fit), and how many Starts in a row were refused: the same reason is said again
/// to the next.
#[derive(Clone, Debug, PartialEq)]
pub struct NewGameRefused {
    pub reason: NewGameRefusal,
    pub times: u32,
}

/// The Records dialog.
#[derive(Clone, Debug)]
pub struct Records {
    pub features: Features,
    /// The finished games listed, as they were when it opened: a game that ends meanwhile does
    /// not change which one a click reviews.
    pub shown: Vec<FinishedGame>,
    /// What it says under its buttons, after one of them.
    pub message: Option<RecordsMessage>,
}

/// What the Records dialog says, after a button in it.
#[derive(Clone, Debug, PartialEq)]
pub enum RecordsMessage {
    LinkCopied,
    /// The browser refused the clipboard (an address not served over HTTPS, a permission): the
    /// link stays selected to copy by hand.
    LinkNotCopied,
    /// The record pasted could not be read, and why; nothing changed.
    Unreadable(RecordError),
}

/// A question that waits for the player's yes.
#[derive(Clone, Debug)]
pub enum Question {
    /// Resigning the game on the board.
    Resign,
    /// Leaving the online game going on resigns it; then this is done (online play is the whole
    /// page's).
    Leave(Features, Box<Intent>),
    /// A new game in place of one the player has moved in and not finished (which is not kept).
    Abandon { game: Box<Game>, mode: Mode },
}

impl Dialog {
    pub fn records(&self) -> Option<&Records> {
        match self {
            Dialog::Records(records) => Some(records),
            _ => None,
        }
    }

    /// The difficulty the list of puzzles shows, if it is open.
    pub fn puzzles(&self) -> Option<Difficulty> {
        match self {
            Dialog::Puzzles(_, shows) => Some(*shows),
            _ => None,
        }
    }

    pub fn new_game(&self) -> Option<&NewGameFields> {
        match self {
            Dialog::NewGame { fields, .. } => Some(fields),
            _ => None,
        }
    }
}
