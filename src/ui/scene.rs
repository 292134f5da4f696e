//! What the canvas shows, decided without drawing: where each piece and card lies, the marks on
//! the board, and the line naming whose turn it is. `web::render` draws exactly this.

use super::anim::Scene;
use super::board::must_pass;
use super::layout::{CardPlace, Layout, Rect};
use super::state::{Mode, State};
use super::text;
use crate::rules::{Card, Color, Move, Square};

/// Where every piece and card is drawn when nothing moves.
pub fn scene(state: &State, layout: &Layout) -> Scene {
    let position = state.position();
    let pieces = Square::all().filter_map(|s| position.piece_at(s).map(|piece| (s, piece, layout.square(s)))).collect();
    let mover = position.to_move();
    let mut cards: Vec<(Card, Rect, bool)> = Vec::with_capacity(5);
    for color in Color::ALL {
        for (slot, card) in state.hand_slots()[color.index()].into_iter().enumerate() {
            cards.push((card, layout.card(CardPlace::Hand(color, slot), mover), layout.turned(color)));
        }
    }
    cards.push((position.side_card(), layout.card(CardPlace::Side, mover), layout.turned(mover)));
    Scene { pieces, cards }
}

/// The hint as marks: the piece's square, its destination, and the card it plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HintMarks {
    pub from: Square,
    pub to: Square,
    pub card: Card,
}

pub fn hint_marks(state: &State) -> Option<HintMarks> {
    match state.hint? {
        Move::Step { card, from, to } => Some(HintMarks { from, to, card }),
        Move::Pass { .. } => None,
    }
}

/// The card the hint plays (a pass's card too), to mark it in the hand.
pub fn hint_card(state: &State) -> Option<Card> {
    state.hint.map(|m| m.card())
}

/// The line by the mover's row, in the player's language; none once the game is over.
pub fn turn_line(state: &State) -> Option<String> {
    if state.game.outcome().is_some() {
        return None;
    }
    let lang = state.lang();
    let mover = state.position().to_move();
    Some(if let Some(thinking) = state.thinking.filter(|_| state.ai_to_move()) {
        text::thinking(lang, mover, thinking.depth)
    } else if must_pass(state) {
        text::must_pass(lang)
    } else if state.card_choice.is_some() {
        text::choose_card(lang)
    } else if matches!(state.mode, Mode::VsAi { human, .. } if human == mover) {
        text::your_move(lang, mover)
    } else {
        text::to_move(lang, mover)
    })
}
