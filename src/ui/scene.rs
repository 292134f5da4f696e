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
    // A failed puzzle waits for "Try again": nobody is to move.
    let puzzle_over = state.puzzle.is_some_and(|run| run.status != super::puzzle::Status::Playing);
    // While a review is open the board is looked at, not played.
    if state.game.outcome().is_some() || puzzle_over || state.review.is_some() {
        return None;
    }
    let lang = state.lang();
    let mover = state.position().to_move();
    Some(if state.ai_to_move() {
        let label = match state.puzzle {
            // The puzzle's opponent is the exact defence, not a level.
            Some(_) => text::defender_label(lang, state.thinking.is_some()),
            None => text::ai_label(lang, level_index(state.mode), state.thinking.is_some()),
        };
        // When the AI plays both sides, say which side is thinking.
        if matches!(state.mode, Mode::Watch { .. }) {
            format!("{} · {label}", text::color_name(lang, mover))
        } else {
            label
        }
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

fn level_index(mode: Mode) -> usize {
    match mode {
        Mode::VsAi { level, .. } | Mode::Watch { level } => level,
        Mode::PassAndPlay { .. } => 0,
    }
}

/// The lines drawn by each player's row: the mover's turn line (lit), and by the AI's hand its
/// level; at the end, how the game was won.
pub fn labels(state: &State) -> Vec<(Color, String, bool)> {
    let lang = state.lang();
    let mover = state.position().to_move();
    if let Some(outcome) = state.game.outcome() {
        let by = match outcome {
            crate::rules::Outcome::Win { winner, .. } => winner,
            crate::rules::Outcome::DrawByRepetition => mover,
        };
        return vec![(by, text::result(lang, outcome, state.mode), true)];
    }
    let mut labels: Vec<(Color, String, bool)> = turn_line(state).map(|line| (mover, line, true)).into_iter().collect();
    if let Mode::VsAi { human, level } = state.mode
        && human == mover
    {
        let opponent = match state.puzzle {
            Some(_) => text::defender_label(lang, false),
            None => text::ai_label(lang, level, false),
        };
        labels.push((human.other(), opponent, false));
    }
    labels
}

/// A card's holder: the hand it is in, or for the side card the player to move, who takes it next.
pub fn holder(state: &State, card: Card) -> Color {
    let position = state.position();
    Color::ALL.into_iter().find(|&color| position.hand(color).contains(card)).unwrap_or(position.to_move())
}

/// Where a previewed card (an opponent's, or the side card) would take its holder's pieces.
pub fn preview_targets(state: &State) -> Option<(Color, crate::rules::Bitboard)> {
    let card = state.preview?;
    let color = holder(state, card);
    let position = state.position();
    let own = position.pieces(color);
    let targets = own.fold(crate::rules::Bitboard::EMPTY, |acc, from| acc | card.targets(color, from));
    Some((color, targets & !own))
}
