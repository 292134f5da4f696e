//! The tutorial in the session: a step begun, the tutorial left.

use super::{Effect, Session};
use crate::rules::{Color, Game};
use crate::ui::state::{Activity, Mode};
use crate::ui::tutorial::{STEPS, TutorialRun};

impl Session {
    /// Puts the tutorial's step `step` on the board, played as Red against a silent opponent.
    pub(super) fn tutorial_step(&mut self, step: usize) {
        let Some(position) = STEPS.get(step).and_then(|s| s.start()) else { return };
        let level = self.state.mode.level().unwrap_or_default();
        let before = self.state.tutorial().and_then(|run| run.before);
        self.start_game(Game::new(position).into(), Mode::VsAi { human: Color::Red, level });
        self.state.activity = Activity::Tutorial(TutorialRun { before, ..TutorialRun::new(step) });
        self.face_the_bottom();
        self.changed();
    }

    /// Ends the tutorial (finished or left), remembered as done: the game put aside comes back,
    /// or a new deal starts in the way the player last played.
    pub(super) fn leave_tutorial(&mut self) {
        self.state.page.tutorial_done = true;
        self.effects.push(Effect::TutorialDone);
        if self.state.aside.is_some() {
            return self.back_to_my_game();
        }
        match self.state.tutorial().and_then(|run| run.before) {
            Some((start, mode)) => self.start_game(Game::new(start).into(), mode),
            None => {
                let game = self.new_deal();
                self.start_game(game.into(), self.state.mode);
            }
        }
    }
}
