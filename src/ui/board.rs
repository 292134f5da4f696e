//! Transitions: what a click, a drop, undo or redo does to the state. Legality always comes
//! from the rules core's legal moves.

use super::state::State;
use crate::rules::{Bitboard, Card, Move, Square};

/// The legal jumps the player can make with the current card selection (all of them without one).
fn candidate_steps(state: &State) -> Vec<(Card, Square, Square)> {
    if !state.human_to_move() {
        return Vec::new();
    }
    state
        .game()
        .legal_moves()
        .iter()
        .filter_map(|m| match *m {
            Move::Step { card, from, to } if state.board.selected_card.is_none_or(|c| c == card) => {
                Some((card, from, to))
            }
            _ => None,
        })
        .collect()
}

/// Pieces that can move now (with the selected card, if one is chosen).
pub fn movable_pieces(state: &State) -> Bitboard {
    candidate_steps(state).iter().fold(Bitboard::EMPTY, |acc, &(_, from, _)| acc | from.bitboard())
}

/// Where the selected piece can go, and with which cards.
pub fn destinations(state: &State) -> Vec<(Card, Square)> {
    let Some(piece) = state.board.selected_piece else {
        return Vec::new();
    };
    candidate_steps(state).into_iter().filter(|&(_, from, _)| from == piece).map(|(card, _, to)| (card, to)).collect()
}

/// Whether the player to move has only passes.
pub fn must_pass(state: &State) -> bool {
    state.human_to_move() && state.game().legal_moves().first().is_some_and(|m| m.is_pass())
}

/// A click on a card of the player to move: chooses it, answers a card question, or passes.
pub fn click_card(state: &mut State, card: Card) -> Option<Move> {
    if !state.human_to_move() || !state.position().hand(state.position().to_move()).contains(card) {
        // Another side's card, or the side card: show where it reaches.
        state.board.preview = if state.board.preview == Some(card) { None } else { Some(card) };
        return None;
    }
    state.board.preview = None;
    let legal = state.game().legal_moves();
    if must_pass(state) {
        return legal.iter().copied().find(|m| *m == Move::Pass { card });
    }
    if let Some((from, to)) = state.board.card_choice {
        let m = Move::Step { card, from, to };
        if legal.contains(&m) {
            return Some(m);
        }
    }
    state.board.card_choice = None;
    if !legal.iter().any(|m| matches!(*m, Move::Step { card: c, .. } if c == card)) {
        // It moves no piece: choosing it would leave nothing to move. Show where it reaches.
        state.board.selected_card = None;
        state.board.preview = Some(card);
        return None;
    }
    state.board.selected_card = if state.board.selected_card == Some(card) { None } else { Some(card) };
    None
}

/// A click on a square: picks up one of the mover's pieces or moves the chosen one there.
pub fn click_square(state: &mut State, square: Square) -> Option<Move> {
    if !state.human_to_move() {
        return None;
    }
    let mover = state.position().to_move();
    if state.position().pieces(mover).contains(square) {
        state.board.card_choice = None;
        state.board.selected_piece = if state.board.selected_piece == Some(square) { None } else { Some(square) };
        return None;
    }
    let from = state.board.selected_piece?;
    move_to(state, from, square)
}

/// A piece dropped on a square: the same as choosing it and clicking there.
pub fn drop_piece(state: &mut State, from: Square, to: Square) -> Option<Move> {
    if !state.human_to_move() || from == to {
        return None;
    }
    state.board.selected_piece = Some(from);
    move_to(state, from, to)
}

fn move_to(state: &mut State, from: Square, to: Square) -> Option<Move> {
    let cards: Vec<Card> = destinations(state).into_iter().filter(|&(_, t)| t == to).map(|(card, _)| card).collect();
    match cards[..] {
        [card] => Some(Move::Step { card, from, to }),
        [_, _] => {
            state.board.card_choice = Some((from, to));
            None
        }
        _ => {
            // A click that means nothing only drops the selection.
            state.board.selected_piece = None;
            state.board.card_choice = None;
            None
        }
    }
}

/// Takes back moves: one in pass and play; against the AI, back to the player's own last turn.
/// Not after a resignation: that is final.
pub fn undo(state: &mut State) -> bool {
    if state.ended_by_word() || state.board.history.back().is_none() {
        return false;
    }
    let vs_ai = matches!(state.mode, super::state::Mode::VsAi { .. });
    while vs_ai && !state.mode.is_human(state.position().to_move()) && state.board.history.back().is_some() {}
    true
}

/// Plays again what undo took back, up to the player's next turn.
pub fn redo(state: &mut State) -> bool {
    if state.ended_by_word() || state.board.history.forward().is_none() {
        return false;
    }
    while matches!(state.mode, super::state::Mode::VsAi { .. })
        && state.ai_to_move()
        && state.board.history.forward().is_some()
    {}
    true
}
