//! What the New game dialog opens with, taken from the page's state. Apart from the form itself
//! because intents carry the form, and the state holds an intent (a question's act): the form
//! does not import the state.

use super::new_game_form::NewGameForm;
use super::state::State;
use crate::mode::{ModeChoice, ModeKind, Seat};
use crate::online::MoveLimit;
use crate::rules::Color;

impl NewGameForm {
    /// What the dialog opens with: the game being played, its mode, and its five cards as a start
    /// for a choice of one's own.
    pub fn of(state: &State) -> NewGameForm {
        let start = state.game().start();
        let [red, blue] = [Color::Red, Color::Blue].map(|color| start.hand(color).pair());
        NewGameForm {
            choice: ModeChoice::of(state.mode),
            stranger: false,
            choose_cards: false,
            cards: [red[0], red[1], blue[0], blue[1], start.side_card()],
            limit: Some(MoveLimit::DEFAULT),
            from: None,
            watchers: true,
        }
        .within(state.page.settings.cards)
    }

    /// What the dialog opens with for "Play from here" on the analysis board: the position shown,
    /// against the AI (at the level of the game aside, if it had one), the player taking the side
    /// to move.
    pub fn from_here(state: &State) -> NewGameForm {
        let form = NewGameForm::of(state);
        let position = *state.position();
        let seat = Seat::of(position.to_move());
        let level = state.aside.as_ref().and_then(|aside| aside.mode.level()).unwrap_or(form.choice.level);
        let choice = ModeChoice { kind: ModeKind::VsAi, seat, level, ..form.choice };
        NewGameForm { choice, from: Some(position), ..form }
    }

    /// What the dialog opens with when a friend is invited online from the menu: a game online,
    /// in the colour and with the cards of the game being played.
    pub fn invite(state: &State) -> NewGameForm {
        let form = NewGameForm::of(state);
        NewGameForm { choice: ModeChoice { kind: ModeKind::Online, ..form.choice }, ..form }
    }
}
