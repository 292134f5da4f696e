//! Play without a mouse: the arrow keys move a visible focus over the squares and the cards of
//! both players and the side card, Enter or Space chooses what it is on (as a click would),
//! Escape cancels, and with nothing to cancel goes back to the game from a move looked back at.

use super::board;
use super::features::Features;
use super::intent::Intent;
use super::layout::{CardPlace, Layout, Rect};
use super::state::{BoardFocus, State};
use crate::rules::{Color, Move, Square};

/// A key the page acts on, read once from the browser's keyboard event.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Key {
    Up,
    Down,
    Left,
    Right,
    Enter,
    Space,
    Escape,
    Home,
    End,
    /// The engine's lines on the analysis board, stopped or started (as lichess's `l`).
    L,
}

/// Every key the page acts on, by its name in `KeyboardEvent.key`.
const KEYS: [(&str, Key); 9] = [
    ("ArrowUp", Key::Up),
    ("ArrowDown", Key::Down),
    ("ArrowLeft", Key::Left),
    ("ArrowRight", Key::Right),
    ("Enter", Key::Enter),
    (" ", Key::Space),
    ("Escape", Key::Escape),
    ("Home", Key::Home),
    ("End", Key::End),
];

impl Key {
    /// The page's key named `name` (`KeyboardEvent.key`), if it is one. Held with Ctrl, Alt or
    /// Meta a key is a shortcut of the browser or the system (Alt+Left goes back, Ctrl+Home
    /// scrolls), which the page leaves alone. Shift is no such key: it makes capitals, and
    /// Shift+Tab goes back through the page.
    pub fn read(name: &str, with_modifier: bool) -> Option<Key> {
        if with_modifier {
            return None;
        }
        KEYS.iter().find(|(n, _)| *n == name).map(|&(_, key)| key)
    }

    /// The page's letter key at `code` (`KeyboardEvent.code`: the key's place, whatever the
    /// layout writes on it, so that `l` is the same key on a Persian keyboard).
    pub fn read_letter(code: &str, with_modifier: bool) -> Option<Key> {
        (code == "KeyL" && !with_modifier).then_some(Key::L)
    }

    /// Whether the board takes the key for itself, so that the browser must not act on it too
    /// (scroll, or press the button under the focus).
    pub fn board_takes(self) -> bool {
        !matches!(self, Key::Home | Key::End | Key::L)
    }
}

pub enum KeyResult {
    /// The key was not for the board (Tab, for instance, moves on through the page).
    Ignored,
    /// The key changed the focus or the selection; the move, if it made one.
    Handled(Option<Move>),
    /// The key asks what a button would (Escape: back to the game).
    Asks(Intent),
}

/// Where the focus is drawn (the side card lies by the player to move, `mover`).
pub fn focus_rect(focus: BoardFocus, layout: &Layout, mover: Color) -> Rect {
    match focus {
        BoardFocus::Square(square) => layout.square(square),
        BoardFocus::Card(color, slot) => layout.card(CardPlace::Hand(color, slot), mover),
        BoardFocus::Side => layout.card(CardPlace::Side, mover),
    }
}

fn all_targets() -> impl Iterator<Item = BoardFocus> {
    Square::all()
        .map(BoardFocus::Square)
        .chain(Color::ALL.into_iter().flat_map(|color| (0..2).map(move |slot| BoardFocus::Card(color, slot))))
        .chain(std::iter::once(BoardFocus::Side))
}

/// The nearest target from `from` in the direction `(dx, dy)` on the screen.
fn step(from: BoardFocus, dx: f64, dy: f64, layout: &Layout, mover: Color) -> BoardFocus {
    let (x0, y0) = focus_rect(from, layout, mover).centre();
    all_targets()
        .filter(|&target| target != from)
        .filter_map(|target| {
            let (x, y) = focus_rect(target, layout, mover).centre();
            let (along, across) = ((x - x0) * dx + (y - y0) * dy, ((x - x0) * dy - (y - y0) * dx).abs());
            // Ahead of the focus, and more ahead than aside.
            (along > 1.0 && across <= along * 1.5).then_some((along + 2.0 * across, target))
        })
        .min_by(|a, b| a.0.total_cmp(&b.0))
        .map_or(from, |(_, target)| target)
}

pub fn key(state: &mut State, layout: &Layout, key: Key) -> KeyResult {
    let mover = state.position().to_move();
    let start = || BoardFocus::Square(state.position().master(mover).unwrap_or(Square::temple(mover)));
    match key {
        Key::Up | Key::Down | Key::Left | Key::Right => {
            let (dx, dy) = match key {
                Key::Up => (0.0, -1.0),
                Key::Down => (0.0, 1.0),
                Key::Left => (-1.0, 0.0),
                _ => (1.0, 0.0),
            };
            state.board.focus = Some(match state.board.focus {
                None => start(),
                Some(focus) => step(focus, dx, dy, layout, mover),
            });
            KeyResult::Handled(None)
        }
        Key::Enter | Key::Space => {
            let Some(focus) = state.board.focus else {
                state.board.focus = Some(start());
                return KeyResult::Handled(None);
            };
            let m = match focus {
                BoardFocus::Square(square) => board::click_square(state, square),
                BoardFocus::Card(color, slot) => board::click_card(state, state.hand_slots()[color.index()][slot]),
                BoardFocus::Side => board::click_card(state, state.position().side_card()),
            };
            KeyResult::Handled(m)
        }
        Key::Escape => {
            // First what was chosen goes; then looking back ends, as "Back to the game" does.
            if !state.board.chosen() && state.board.history.looking_back() {
                return KeyResult::Asks(Intent::BackToGame);
            }
            state.clear_selection();
            KeyResult::Handled(None)
        }
        Key::Home | Key::End | Key::L => KeyResult::Ignored,
    }
}

/// Where a move list is: beside the board, or in the sheet a phone opens over it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoveListPlace {
    Panel,
    /// Escape is the sheet's own: it closes it, keeping the position shown.
    Sheet,
}

/// What a key on the move list asks: the arrows step back and forth (in a review as Undo and Redo
/// do, also through an engine line), Home and End go to the start and the end, and Escape from
/// a move looked back at goes back to the game (in the panel; the sheet's Escape closes it).
pub fn move_list_intent(state: &State, key: Key, place: MoveListPlace) -> Option<Intent> {
    Some(match key {
        // Right to left (Persian), the earlier moves lie to the right.
        Key::Left | Key::Right => move_step(state, (key == Key::Left) != state.lang().is_rtl())?,
        Key::Up => move_step(state, true)?,
        Key::Down => move_step(state, false)?,
        Key::Home => Intent::View(0),
        Key::End => Intent::BackToGame,
        Key::Escape if state.board.history.looking_back() && place == MoveListPlace::Panel => Intent::BackToGame,
        _ => return None,
    })
}

/// What a key pressed anywhere outside a dialog asks, the board included: Escape closes the
/// result banner, else ends looking back (once nothing on the board is chosen: the board's
/// Escape drops that first), and `l` stops or starts the analysis board's engine (as its button
/// would, while there is a position to analyse).
pub fn page_intent(state: &State, key: Key, in_dialog: bool) -> Option<Intent> {
    match key {
        _ if in_dialog => None,
        Key::Escape if state.shows_result() => Some(Intent::CloseResult),
        Key::Escape => (state.board.history.looking_back() && !state.board.chosen()).then_some(Intent::BackToGame),
        Key::L if Features::here().is_some() => {
            state.analysis().filter(|_| state.game().outcome().is_none()).map(|_| Intent::ToggleAnalysis)
        }
        _ => None,
    }
}

/// A step through the moves, back or on, as the ◀ and ▶ buttons and the move list's arrows make
/// it: in a review as Undo and Redo do (also through an engine line), else looking back and
/// forth at the game's line. `None` where there is no step to make.
pub fn move_step(state: &State, back: bool) -> Option<Intent> {
    let shown = state.game().moves().len();
    let on = state.board.history.looking_back();
    // A review and the analysis board step through their line with undo and redo.
    match (state.review().is_some() || state.analysis().is_some(), back) {
        (true, true) => (shown > 0).then_some(Intent::Undo),
        (true, false) => (!state.board.history.ahead().is_empty()).then_some(Intent::Redo),
        (false, true) => (shown > 0).then(|| Intent::View(shown - 1)),
        (false, false) => on.then(|| Intent::View(shown + 1)),
    }
}
