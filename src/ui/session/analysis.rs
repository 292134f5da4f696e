//! The analysis board in the session: opened on a game's line or a position with the game on the
//! board put aside, the lines explored kept as a tree, the engine's best lines searched for the
//! position shown whenever they run, a line's move played on the board, and left for the game put
//! aside.

use super::{Effect, Focus, Session};
use crate::ai::Line;
use crate::rules::{Game, Position};
use crate::ui::analysis::{AnalysisRun, FoundLines};
use crate::ui::history::History;
use crate::ui::state::{Activity, AsideGame, Mode, Purpose, Thinking};

impl Session {
    /// The analysis board on `line` (a game's moves from its start, or a position alone), shown
    /// after its first `ply` moves with the rest to step on through; the game on the board, in
    /// progress or finished, waits aside (a game already aside stays the one that comes back).
    /// A resignation or an agreed draw is left behind: the board plays on from any move.
    pub(super) fn open_analysis(&mut self, line: &Game, ply: usize) {
        self.put_aside();
        // A finished game comes back on Close too, as it ended (a puzzle, the tutorial and a
        // review have their own ways back; an online game's connection does not wait).
        let state = &self.state;
        let finished = state.game().outcome().is_some() && matches!(state.activity, Activity::Play);
        if state.aside.is_none() && finished && !matches!(state.mode, Mode::Online { .. }) {
            self.state.aside = Some(AsideGame { game: state.game_line(), mode: state.mode });
        }
        let mut game = Game::new(*line.start());
        for &m in line.moves() {
            if game.play(m).is_err() {
                break;
            }
        }
        let mut history = History::at(game, ply);
        history.explore(&[]);
        self.start_game(history, Mode::PassAndPlay { turn_board: false });
        self.state.activity = Activity::Analysis(AnalysisRun::new());
        self.changed();
        let toggle = self.state.game().outcome().is_none();
        self.effects.push(Effect::Focus(Focus::Analysis { toggle }));
    }

    /// Goes into the branch at `place` among the moves played in place of the line's move `ply`
    /// (1 for the first): the board shows the position after that move.
    pub(super) fn enter_variation(&mut self, ply: usize, place: usize) {
        let line = self.state.game_line();
        let alternatives = match self.state.analysis() {
            Some(_) if ply >= 1 && ply <= line.moves().len() => {
                self.state.board.history.lines().alternatives(&line.moves()[..ply])
            }
            _ => Vec::new(),
        };
        let Some(&m) = alternatives.get(place) else {
            return self.effects.push(Effect::Log(format!("no variation {} at move {ply}", place + 1)));
        };
        self.intent(crate::ui::intent::Intent::View(ply - 1));
        self.intent(crate::ui::intent::Intent::Play(m));
    }

    /// Back to the game put aside; without one, the line explored stays on the board as a game
    /// of two players.
    pub(super) fn leave_analysis(&mut self) {
        // The panel and the button pressed in it go: the keyboard goes to the board.
        self.effects.push(Effect::Focus(Focus::Board));
        if self.state.aside.is_some() {
            return self.back_to_my_game();
        }
        self.cancel_search();
        self.state.activity = Activity::Play;
        self.state.board.history.stop_exploring();
        self.changed();
    }

    /// The engine stopped while it searches; else started again for the position shown, also
    /// after it rested there.
    pub(super) fn toggle_analysis(&mut self) {
        let position = *self.state.position();
        let Some(run) = self.state.analysis_mut() else { return };
        if run.wants_lines(&position) {
            run.running = false;
            self.cancel_search();
        } else {
            run.running = true;
            // The tables' lines are final: only a search's goes deeper.
            if let Some(found) = run.found.as_mut().filter(|found| found.position == position && !found.exact) {
                found.finished = false;
            }
        }
        self.refresh_controls();
    }

    /// Plays the first move of the line at `place`, if the lines shown have one there.
    pub(super) fn play_line(&mut self, place: usize) {
        let position = *self.state.position();
        let line = self.state.analysis().and_then(|run| run.lines_of(&position)?.lines.get(place));
        match line.map(|line| line.first) {
            Some(m) => self.intent(crate::ui::intent::Intent::Play(m)),
            None => self.effects.push(Effect::Log(format!("no line {} to play", place + 1))),
        }
    }

    /// What the engine does on the analysis board when nothing is searched: the exact value
    /// first where the tables know it, then the best lines, deeper and deeper.
    pub(super) fn analyse(&mut self) {
        let state = &self.state;
        let position = *state.position();
        let Some(run) = state.analysis() else { return };
        // The engine waits while a position is set up.
        if !run.running || run.setup.is_some() || state.game().outcome().is_some() {
            return;
        }
        if self.state.ai.evaluated != Some(position) && self.asks_tables(Purpose::Evaluate, false, &position) {
            self.ask(Purpose::Evaluate);
        } else if run.wants_lines(&position) {
            self.ask(Purpose::Lines);
        }
    }

    /// A depth's lines: shown, and the first one's score on the bar unless the tables know better.
    pub(super) fn lines_heard(&mut self, thinking: Thinking, depth: u32, lines: Vec<Line>) {
        let position = *self.state.position();
        self.state.ai.thinking = Some(Thinking { depth, ..thinking });
        if let Some(best) = lines.first() {
            self.searched_score(position, best.score);
        }
        if let Some(run) = self.state.analysis_mut() {
            run.found = Some(FoundLines { position, depth, lines, finished: false, exact: false });
        }
        self.refresh_controls();
        self.redraw();
    }

    /// The search of `position`'s lines has ended: nothing deeper is asked for there.
    pub(super) fn lines_finished(&mut self, position: Position) {
        let Some(run) = self.state.analysis_mut() else { return };
        match run.found.as_mut().filter(|found| found.position == position) {
            Some(found) => found.finished = true,
            None => {
                run.found = Some(FoundLines { position, depth: 0, lines: Vec::new(), finished: true, exact: false })
            }
        }
    }
}
