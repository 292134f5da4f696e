//! Pointer input (mouse, touch, pen) turned into transitions: click or tap a card or a square,
//! or drag a piece and drop it.

use super::board;
use super::layout::Layout;
use super::scene::scene;
use super::state::{Drag, State};
use crate::rules::Move;

/// How far (CSS pixels) a press must travel to count as a drag.
pub const DRAG_THRESHOLD: f64 = 6.0;

pub fn pointer_down(state: &mut State, layout: &Layout, x: f64, y: f64) {
    state.board.drag = None;
    if !state.human_to_move() || state.board.anim.is_some() {
        return;
    }
    if let Some(square) = layout.square_at(x, y)
        && state.position().pieces(state.position().to_move()).contains(square)
    {
        state.board.drag = Some(Drag { from: square, x, y, moved: false });
    }
}

/// Returns whether the drawing changed.
pub fn pointer_move(state: &mut State, x: f64, y: f64) -> bool {
    let Some(drag) = state.board.drag.as_mut() else {
        return false;
    };
    // Until it counts as a drag, `x` and `y` hold where the press began.
    if !drag.moved && (x - drag.x).hypot(y - drag.y) < DRAG_THRESHOLD {
        return false;
    }
    drag.moved = true;
    drag.x = x;
    drag.y = y;
    true
}

/// The end of a press: a drop, or a click on whatever lies under the pointer.
pub fn pointer_up(state: &mut State, layout: &Layout, x: f64, y: f64) -> Option<Move> {
    let drag = state.board.drag.take();
    if state.board.anim.is_some() {
        return None;
    }
    if let Some(drag) = drag.filter(|d| d.moved) {
        let to = layout.square_at(x, y)?;
        return board::drop_piece(state, drag.from, to);
    }
    click(state, layout, x, y)
}

pub fn click(state: &mut State, layout: &Layout, x: f64, y: f64) -> Option<Move> {
    if let Some(&(card, ..)) = scene(state, layout).cards.iter().find(|(_, rect, _)| rect.contains(x, y)) {
        return board::click_card(state, card);
    }
    if let Some(square) = layout.square_at(x, y) {
        return board::click_square(state, square);
    }
    // A click beside everything drops the selection.
    state.clear_selection();
    None
}
