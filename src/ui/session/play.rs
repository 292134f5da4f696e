//! Play in the session: a move made, a game resigned, undo and redo, looking back along the
//! line, and a game's end.

use super::{Effect, Session};
use crate::rules::{Move, Square};
use crate::ui::anim::{Anim, Celebration, Scene};
use crate::ui::board;
use crate::ui::puzzle::PuzzleRun;
use crate::ui::refusal::Refusal;
use crate::ui::scene::scene;
use crate::ui::sound::{self, Sound};
use crate::ui::state::{Activity, Mode};
use crate::ui::text;
use crate::ui::tutorial::TutorialRun;

impl Session {
    /// Plays a legal move with its animation; anything else is refused and changes nothing.
    pub(super) fn play(&mut self, m: Move) {
        let before = scene(&self.state, &self.layout);
        let position = *self.state.position();
        // In the tutorial the person plays the step's move, once; anything else is refused.
        let tutorial = self.state.tutorial().filter(|_| self.state.mode.is_human(position.to_move()));
        if let Some(run) = tutorial.filter(|run| run.done || !run.current().accepts(m)) {
            let refused = TutorialRun { wrong: !run.done, ..run };
            self.state.activity = Activity::Tutorial(refused);
            self.state.clear_selection();
            self.sound(Sound::Refused);
            // The refusal is said in the title row, which is no live region: say it out loud.
            if let Some(why) =
                self.state.tutorial_file().flatten().and_then(|f| refused.refusal(&self.state.texts(), f))
            {
                self.effects.push(Effect::Announce(why));
            }
            self.refresh_controls();
            self.redraw();
            return;
        }
        // The board's own input, as every intent: a resigned game takes no move (the opponent's
        // moves online come here too, so that is the one refusal judged here).
        if self.state.ended_by_word() {
            self.effects.push(Effect::Log(format!("move {m} refused: {}", Refusal::EndedByWord)));
            return;
        }
        if let Err(error) = self.state.board.history.play(m) {
            self.effects.push(Effect::Log(format!("move {m} refused: {error}")));
            return;
        }
        if self.state.mode == (Mode::Online { you: Some(position.to_move()) }) {
            self.online_moved(m, self.state.game().moves().len() - 1);
        }
        self.close_review();
        let outcome = self.state.game().outcome();
        if outcome.is_some() {
            self.game_ended();
        }
        if let Activity::Puzzle(run) = &mut self.state.activity {
            let was = run.status;
            run.after_move(self.state.board.history.game());
            // A solution shown is the engine's win, not the player's.
            if run.status != was && run.solved_cleanly() {
                self.effects.push(Effect::PuzzleSolved(run.puzzle.id));
                if !self.state.page.solved.contains(&run.puzzle.id) {
                    self.state.page.solved.push(run.puzzle.id);
                }
            }
        }
        self.effects.push(Effect::Announce(text::announce_move(&self.state.texts(), &position, m, outcome)));
        let sounds = sound::of_move(&position, m, outcome, self.state.mode);
        // A solution shown ends as the engine's win, not the player's.
        let shown = self.state.puzzle().is_some_and(|run| run.shown);
        for &sound in &sounds {
            self.sound(if shown && sound == Sound::Win { Sound::End } else { sound });
        }
        // Whatever was being searched was for the position just left.
        self.cancel_search();
        self.state.ai.held = None;
        // A notice stays until the player acts, not only until the AI answers.
        if self.state.mode.is_human(position.to_move()) {
            self.state.notice = None;
        }
        let slide = match m {
            Move::Step { from, to, .. } => Some((from, to)),
            Move::Pass { .. } => None,
        };
        self.after_move(Some(before), slide);
        if matches!(self.state.mode, Mode::Watch { .. }) && !self.state.page.reduced_motion {
            // Time to see the move before the next one (with motion reduced, nothing moves and
            // the games go at the AI's pace).
            let rest = self.state.page.settings.watch_speed.rest_ms();
            self.state.ai.rest_until = Some(self.now_ms + crate::ui::anim::DURATION_MS + rest);
        }
        // A solution shown is no win of the player's to celebrate.
        if sounds.contains(&Sound::Win) && !self.state.page.reduced_motion && !shown {
            self.state.board.celebration = Some(Celebration { start_ms: None });
        }
        // The tutorial is offered until the player has played (the AI may begin).
        if self.state.mode.is_human(position.to_move()) {
            self.state.page.first_visit = false;
        }
        if let (Some(run), Some(_)) = (self.state.tutorial_mut(), tutorial) {
            (run.done, run.wrong) = (true, false);
            // The opponent's answer, shown once the move has slid.
            self.state.ai.held = run.current().reply();
            self.refresh_controls();
        }
    }

    /// The person (or in pass and play the side to move) gives the game up: it ends as a move
    /// that ends it does, with its banner, sound and place among the finished games.
    pub(super) fn resign(&mut self) {
        let Some(by) = self.state.resigner() else {
            self.effects.push(Effect::Log("resigning is not offered now".to_string()));
            return;
        };
        let before = scene(&self.state, &self.layout);
        let outcome = match self.state.board.history.resign(by) {
            Ok(outcome) => outcome,
            Err(error) => {
                self.effects.push(Effect::Log(format!("resignation refused: {error}")));
                return;
            }
        };
        // Whatever was being searched or held is for a game that has ended.
        self.cancel_search();
        self.state.ai.held = None;
        self.state.ai.rest_until = None;
        self.state.notice = None;
        self.game_ended();
        self.effects.push(Effect::Announce(text::result(&self.state.texts(), outcome, self.state.mode)));
        self.sound(sound::of_end(outcome, self.state.mode));
        self.after_move(Some(before), None);
    }

    /// Undo (`back`) or redo, with the moved piece sliding back or forth.
    pub(super) fn step_history(&mut self, back: bool) {
        let before = scene(&self.state, &self.layout);
        let stepped = if back {
            self.state.game().moves().last().copied()
        } else {
            self.state.board.history.ahead().first().copied()
        };
        // A solution shown plays itself: there is nothing to take back (the move list looks back).
        let shown = self.state.puzzle().is_some_and(|run| run.shown);
        let changed = !shown && if back { board::undo(&mut self.state) } else { board::redo(&mut self.state) };
        if !changed {
            return;
        }
        if let Activity::Puzzle(run) = &mut self.state.activity {
            let resumed = PuzzleRun::resume(run.puzzle, run.daily, self.state.board.history.game());
            *run = PuzzleRun { helped: run.helped || resumed.helped, ..resumed };
        }
        self.cancel_search();
        self.state.ai.held = None;
        self.state.ai.rest_until = None;
        self.state.ai.stopped = false;
        self.state.notice = None;
        let slide = match stepped {
            Some(Move::Step { from, to, .. }) => Some(if back { (to, from) } else { (from, to) }),
            _ => None,
        };
        self.after_move(Some(before), slide);
    }

    /// Shows the position now reached from the picture `before`, where the piece now on `slide.1`
    /// came from `slide.0`; without a picture before (a jump over several moves, or to another
    /// line), the new position shows at once, with nothing moving.
    pub(super) fn after_move(&mut self, before: Option<Scene>, slide: Option<(Square, Square)>) {
        self.state.clear_selection();
        self.state.board.hint = None;
        self.state.board.end.banner_closed = false;
        self.state.board.celebration = None;
        let turned = self.state.bottom() != self.layout.bottom;
        self.face_the_bottom();
        let Some(before) = before else {
            self.state.board.anim = None;
            return self.changed();
        };
        let after = scene(&self.state, &self.layout);
        // A board that turns to the next player turns as one piece: start from the last picture
        // seen from the other side, and turn it round while the move is shown.
        let before =
            if turned { before.turned_about(self.layout.width / 2.0, self.layout.height / 2.0) } else { before };
        let mut plan = Anim::plan(&before, &after, slide);
        plan.turn = turned;
        if turned {
            plan.fade_far_cards(self.layout.board.h / 2.0);
        }
        self.state.board.anim = (!self.state.page.reduced_motion && (turned || !plan.is_empty())).then_some(plan);
        self.changed();
    }

    /// Shows the position after `ply` moves of the line; at its end, looking back is over.
    pub(super) fn view(&mut self, ply: usize) {
        let end = self.line_end();
        if ply.min(end) == self.state.game().moves().len() && (!self.state.board.history.looking_back() || ply < end) {
            return;
        }
        self.cancel_search();
        self.state.ai.held = None;
        self.state.ai.rest_until = None;
        let before = scene(&self.state, &self.layout);
        let from = self.state.game().moves().len();
        self.show_ply(ply);
        // One move forward or back slides as undo and redo do; a jump over more shows at once
        // (the moves in between would be ghosts crossing the board).
        let history = &self.state.board.history;
        let stepped = match history.game().moves().len() {
            to if to == from + 1 => history.game().moves().last().copied().map(|m| (m, false)),
            to if to + 1 == from => history.ahead().first().copied().map(|m| (m, true)),
            _ => None,
        };
        let slide = match stepped {
            Some((Move::Step { from, to, .. }, back)) => Some(if back { (to, from) } else { (from, to) }),
            _ => None,
        };
        self.after_move(stepped.map(|_| before), slide);
    }

    /// Steps the game's line to `ply` moves; short of its end, that is looking back (on the
    /// analysis board the position shown is the one played on: nothing is looked back at).
    pub(super) fn show_ply(&mut self, ply: usize) {
        let ply = ply.min(self.line_end());
        if self.state.analysis().is_some() {
            self.state.board.history.go_to(ply);
        } else {
            self.state.board.history.look_at(ply);
        }
    }

    /// How many moves the line shown has.
    pub(super) fn line_end(&self) -> usize {
        let history = &self.state.board.history;
        match self.state.analysis() {
            Some(_) => history.whole().moves().len(),
            None => history.looking_back_from().unwrap_or(history.game().moves().len()),
        }
    }

    /// A game has reached its end: it is kept among the finished ones (puzzles and watched games
    /// are not games to keep), and a game against the AI counts in the player's record, once, however often undo
    /// and redo bring the end back.
    pub(super) fn game_ended(&mut self) {
        // The game as played: an end declared online may come while the player looks back.
        let (game, mode) = (self.state.game_line(), self.state.mode);
        // A puzzle, a tutorial's step or a study is no game of the player's.
        // Nor is a game watched online, the players'.
        let kept = self.state.puzzle().is_none()
            && self.state.tutorial().is_none()
            && self.state.analysis().is_none()
            && !self.state.mode.spectates();
        let Some(outcome) = game.outcome().filter(|_| kept) else { return };
        self.state.page.finished =
            crate::save::with_finished(std::mem::take(&mut self.state.page.finished), &game, mode);
        self.effects.push(Effect::KeepFinished(game, mode));
        if let Mode::VsAi { human, level } = mode
            && !self.state.board.end.counted
        {
            self.state.board.end.counted = true;
            self.state.page.standings.record(level, human, outcome);
            self.effects.push(Effect::SaveStandings(self.state.page.standings.clone()));
        }
    }
}
