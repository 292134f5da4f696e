//! The board's state: the game's history, what the player has chosen on it (a card, a piece, a
//! card to give up, a drag, the keyboard's frame, a card previewed), the hint shown, and what is
//! moving (a move sliding, a win celebrated). Set afresh with each game.

use super::anim::{Anim, Celebration};
use super::history::History;
use crate::rules::{Card, Color, Move, Square};

#[derive(Clone, Debug)]
pub struct Board {
    /// The game's moves, and how far along them the board is.
    pub history: History,
    pub selected_card: Option<Card>,
    pub selected_piece: Option<Square>,
    /// A jump two cards both make: the player picks which card to give up.
    pub card_choice: Option<(Square, Square)>,
    pub drag: Option<Drag>,
    /// Where the keyboard focus is, once the keyboard has been used.
    pub focus: Option<BoardFocus>,
    pub hint: Option<Move>,
    /// A card shown on the board from its holder's pieces (an opponent's card, or the side card).
    pub preview: Option<Card>,
    pub anim: Option<Anim>,
    pub celebration: Option<Celebration>,
    /// What the page did with the game's end: it belongs to the game, whatever the board does
    /// with it meanwhile (a review, the analysis board).
    pub end: EndSeen,
}

/// What the page did with the end of the game on the board.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct EndSeen {
    /// The end has counted in the player's record (a game opened already over, from a record or
    /// a reload, has had its end, or was never played here).
    pub counted: bool,
    /// The result banner was closed; it comes back with the next end (a move played after
    /// going back).
    pub banner_closed: bool,
}

impl Board {
    /// The board of a game, with nothing chosen and nothing moving.
    pub fn new(history: History) -> Board {
        let end = EndSeen { counted: history.game().outcome().is_some(), banner_closed: false };
        Board {
            history,
            selected_card: None,
            selected_piece: None,
            card_choice: None,
            drag: None,
            focus: None,
            hint: None,
            preview: None,
            anim: None,
            celebration: None,
            end,
        }
    }

    /// Whether the player has chosen something on the board (a card, a piece, a card to give up,
    /// a card previewed).
    pub fn chosen(&self) -> bool {
        self.selected_card.is_some()
            || self.selected_piece.is_some()
            || self.card_choice.is_some()
            || self.preview.is_some()
    }

    /// Drops what the player has chosen (the keyboard's frame stays where it is).
    pub fn clear_selection(&mut self) {
        self.selected_card = None;
        self.selected_piece = None;
        self.card_choice = None;
        self.drag = None;
        self.preview = None;
    }
}

/// A piece being dragged: where it came from and where the pointer is (CSS pixels).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Drag {
    pub from: Square,
    pub x: f64,
    pub y: f64,
    /// Set once the pointer has travelled far enough to be a drag rather than a click.
    pub moved: bool,
}

/// What the keyboard focus is on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BoardFocus {
    Square(Square),
    /// A hand card by its holder and slot.
    Card(Color, usize),
    /// The side card, by the player to move.
    Side,
}
