//! Puzzles in the session: one chosen and started, its solution shown.

use super::{Effect, Session};
use crate::ai::puzzle::Puzzle;
use crate::rules::Game;
use crate::ui::features::Features;
use crate::ui::intent::Intent;
use crate::ui::puzzle::{Choice, PuzzleRun, choose, offered};
use crate::ui::state::{Activity, Notice};
use std::rc::Rc;

impl Session {
    pub(super) fn choose_puzzle(&mut self, choice: Choice) {
        // The first visit's build has no puzzles (and leaves this code out).
        if Features::here().is_none() {
            return;
        }
        let Some(set) = self.state.page.puzzle_set.clone() else {
            if self.state.page.puzzle_asked.replace((choice, self.state.page.games)).is_none() {
                self.effects.push(Effect::FetchPuzzles);
            }
            return;
        };
        let enabled = self.state.page.settings.cards;
        match choose(&set, enabled, &self.state.page.solved, choice, self.state.puzzle().as_ref()) {
            Some((puzzle, daily)) => self.intent(Intent::Puzzle { puzzle, daily }),
            // Only the cards of the deck are offered: with too few of them, no puzzle.
            None if offered(&set, enabled).is_empty() => {
                self.state.notice = Some(Notice::NoPuzzleOffered(Features::present()));
                self.refresh_controls();
            }
            None => self.effects.push(Effect::Log("no such puzzle is offered with the deck's cards".to_string())),
        }
    }

    /// Starts the puzzle on the board again from its start, its solution to play itself out
    /// move by move (`settle` plays each next move once the last has slid and rested).
    pub(super) fn show_solution(&mut self) {
        let Some(run) = self.state.puzzle().filter(PuzzleRun::offers_solution) else {
            self.effects.push(Effect::Log("no puzzle's solution to show now".to_string()));
            return;
        };
        self.start_game(Game::new(run.puzzle.position).into(), self.state.mode);
        let shown = PuzzleRun::showing_solution(run.puzzle, run.daily);
        self.state.activity = Activity::Puzzle(shown);
        self.effects.push(Effect::Announce(shown.line(&self.state.texts(), self.state.game())));
        self.changed();
    }

    /// The puzzle set came (a puzzle asked for before it starts now), or could not be had.
    pub(super) fn puzzle_set_heard(&mut self, set: Result<Rc<Vec<Puzzle>>, String>) {
        let set = match set {
            Ok(set) => set,
            Err(reason) => {
                // The browser's words are English: the console has them, the player a sentence.
                self.effects.push(Effect::Log(format!("the puzzle set could not be fetched: {reason}")));
                // The list waiting for the set closes: the notice says why it is empty.
                let list = self.state.page.dialog.take_if(|open| open.puzzles().is_some());
                if self.state.page.puzzle_asked.take().is_some() || list.is_some() {
                    self.state.notice = Some(Notice::PuzzlesUnavailable(Features::present(), reason));
                    self.refresh_controls();
                }
                return;
            }
        };
        self.state.page.puzzle_set = Some(set);
        let asked = self.state.page.puzzle_asked.take();
        // The AI may have moved in the game asked over: only another game counts.
        if let Some((choice, _)) = asked.filter(|&(_, games)| games == self.state.page.games) {
            self.choose_puzzle(choice);
        }
        self.refresh_controls();
    }
}
