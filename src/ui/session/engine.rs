//! The engine's searches in the session: asked for (the AI's move, the bar's evaluation, a hint),
//! answered, stopped; and what keeps the AI searching whenever it has something to do.

use super::{EVALUATION_MS, Effect, HINT_MS, Reply, ReplyKind, SOLUTION_PAUSE_MS, SearchOrder, Session};
use crate::ai::endgame::{Exact, Material};
use crate::ai::{Limits, Line, MAX_DEPTH, Score};
use crate::engine_protocol::worker::{EXACT_PIECES, EndgameReport, EndgameRequest, EngineRequest};
use crate::mode::AiLevel;
use crate::rules::Position;
use crate::ui::analysis::{ANALYSIS_MS, FoundLines, LINES};
use crate::ui::dialog::Question;
use crate::ui::features::Features;
use crate::ui::state::{Activity, Evaluation, Mode, Notice, Purpose, Thinking};
use std::num::NonZeroU32;

impl Session {
    pub(super) fn reply(&mut self, reply: Reply) {
        if let Some(review) = self.state.review_mut().filter(|r| r.running && r.request == reply.id) {
            match reply.kind {
                ReplyKind::Reviewed(entry, _) => review.add(entry),
                ReplyKind::Done { .. } => review.running = false,
                ReplyKind::Failed(message) => {
                    review.running = false;
                    self.state.notice = Some(Notice::ReviewFailed(review.features, message));
                }
                ReplyKind::Info { .. } | ReplyKind::Lines { .. } => {}
            }
            self.refresh_controls();
            return;
        }
        // A reply for a search that was cancelled or superseded is of no use.
        let Some(thinking) = self.state.ai.thinking.filter(|t| t.request == reply.id) else { return };
        let position = *self.state.position();
        match reply.kind {
            ReplyKind::Info { depth, score } => {
                self.searched_score(position, score);
                self.state.ai.thinking = Some(Thinking { depth, ..thinking });
                self.refresh_controls();
                self.redraw();
            }
            ReplyKind::Lines { depth, lines } => self.lines_heard(thinking, depth, lines),
            ReplyKind::Done { best, score } => {
                if let Some(score) = score {
                    self.searched_score(position, score);
                }
                self.state.ai.thinking = None;
                let legal = best.filter(|m| self.state.game().legal_moves().contains(m));
                match thinking.purpose {
                    Purpose::Hint => self.state.board.hint = legal,
                    Purpose::Evaluate => self.state.ai.evaluated = Some(position),
                    Purpose::Lines => self.lines_finished(position),
                    Purpose::Move => match legal {
                        Some(m) => {
                            let state = &mut self.state;
                            if let Activity::Puzzle(run) = &mut state.activity {
                                let game = state.board.history.game();
                                let out_of_moves = run.plies_left(game.moves().len()) == 0;
                                let still_lost = matches!(score, Some(Score::Loss(_)));
                                run.defended(game, (!out_of_moves).then_some(m), still_lost);
                            }
                            self.state.ai.held = Some(m);
                        }
                        None => {
                            let answer = best.map_or("no move".to_string(), |m| m.to_string());
                            self.stop_ai(Purpose::Move, format!("the AI answered {answer}, not a legal move"));
                        }
                    },
                }
                self.refresh_controls();
                self.redraw();
            }
            ReplyKind::Failed(message) => {
                self.state.ai.thinking = None;
                self.stop_ai(thinking.purpose, message);
            }
            ReplyKind::Reviewed(..) => {}
        }
    }

    /// A search's score for the bar, unless the exact tables have said better for that position.
    pub(super) fn searched_score(&mut self, position: Position, score: Score) {
        if !self.state.ai.evaluation.is_some_and(|e| e.exact && e.position == position) {
            self.state.ai.evaluation = Some(Evaluation { position, score, exact: false });
        }
    }

    /// A search failed: an evaluation is not retried for this position; the AI's own move
    /// waits until the player undoes or starts again, and the player is told.
    pub(super) fn stop_ai(&mut self, purpose: Purpose, message: String) {
        self.effects.push(Effect::Log(format!("AI: {message}")));
        match purpose {
            Purpose::Evaluate => self.state.ai.evaluated = Some(*self.state.position()),
            Purpose::Hint => {}
            // The panel says the engine has stopped; the player may start it again.
            Purpose::Lines => {
                if let Some(run) = self.state.analysis_mut() {
                    run.running = false;
                }
            }
            Purpose::Move => {
                self.state.ai.stopped = true;
                self.state.notice = Some(Notice::AiFailed(message));
            }
        }
        self.refresh_controls();
        self.redraw();
    }

    pub(super) fn thinking_for(&self, purpose: Purpose) -> bool {
        self.state.ai.thinking.is_some_and(|t| t.purpose == purpose)
    }

    /// After every event: show the AI's held move once the screen is still, and keep the AI
    /// searching whenever it has something to do (its move, or the bar's evaluation).
    pub(super) fn settle(&mut self) {
        // A question to resign (or to leave by resigning) goes with the game it was about, once
        // nothing is left to resign: an undo does not bring it back unasked.
        if matches!(self.state.question, Some(Question::Resign | Question::Leave(..)))
            && self.state.resigner().is_none()
        {
            self.state.question = None;
        }
        let rested = self.state.ai.rest_until.is_none_or(|until| self.now_ms >= until);
        if self.state.ai.held.is_some() && self.state.board.anim.is_none() && !rested && !self.state.ai.paused {
            // Frames keep coming until the rest is over.
            self.next_frame();
        }
        let paused = self.state.ai.paused;
        if self.state.board.anim.is_none()
            && rested
            && !paused
            && let Some(m) = self.state.ai.held.take()
        {
            self.state.ai.rest_until = None;
            self.play(m);
        }
        // A solution shown: its next move, once the board is still and the line is not looked back at.
        let state = &self.state;
        if self.state.ai.held.is_none()
            && state.board.anim.is_none()
            && !state.board.history.looking_back()
            && state.review().is_none()
            && let Some(m) = state.puzzle().and_then(|run| run.next_shown_move(state.game()))
        {
            self.state.ai.held = Some(m);
            self.state.ai.rest_until = Some(self.now_ms + SOLUTION_PAUSE_MS);
            // Frames keep coming until the rest is over.
            self.next_frame();
        }
        if self.state.ai.stopped || self.state.ai.thinking.is_some() || self.state.ai.held.is_some() {
            return;
        }
        if self.state.analysis().is_some() {
            return self.analyse();
        }
        let state = &self.state;
        let wants_evaluation = state.page.settings.evaluation
            && !matches!(state.mode, Mode::Online { .. })
            && state.game().outcome().is_none()
            && state.evaluation().is_none()
            && self.state.ai.evaluated != Some(*state.position());
        if wants_evaluation {
            self.ask(Purpose::Evaluate);
        } else if state.ai_to_move() && !state.ai.paused && !state.puzzle().is_some_and(|run| run.shown) {
            self.ask(Purpose::Move);
        }
    }

    pub(super) fn ask(&mut self, purpose: Purpose) {
        self.last_request += 1;
        let id = self.last_request;
        let positions = self.state.game().positions();
        let (earlier, current) = positions.split_at(positions.len() - 1);
        let (position, earlier) = (current[0], earlier.to_vec());
        let plies_left = self.state.puzzle().map(|run| run.plies_left(self.state.game().moves().len()));
        if self.asks_tables(purpose, plies_left.is_some(), &position) {
            self.exact_asked = Some(id);
            self.state.ai.thinking = Some(Thinking { request: id, purpose, depth: 0 });
            self.effects.push(Effect::AskExact(EndgameRequest { id, pieces: EXACT_PIECES, position, earlier }));
            self.refresh_controls();
            return;
        }
        let analysis = self.state.analysis().map(|run| run.features);
        let request = match (purpose, plies_left, self.state.mode.level()) {
            (Purpose::Lines, ..) if let Some(features) = analysis => {
                let count = NonZeroU32::new(LINES).unwrap_or(NonZeroU32::MIN);
                // Deeper and deeper until stopped, a move is made, every line is seen to its end,
                // or the engine has studied the position long enough.
                let limits = Limits { depth: Some(MAX_DEPTH), movetime_ms: Some(ANALYSIS_MS), ..Limits::default() };
                EngineRequest::Lines { features, id, count, limits, position, earlier }
            }
            // The puzzle's opponent is the exact defence, not a level.
            (Purpose::Move, Some(plies), _) => EngineRequest::Defend { id, plies, position },
            (Purpose::Move, None, Some(level)) => {
                // A level's dice, 32 bits (a JavaScript number carried them once).
                let seed = (self.state.page.dice.next_u64() >> 32) as u32;
                EngineRequest::LevelMove { id, level: level.params(), seed, position, earlier }
            }
            _ => {
                let movetime = if purpose == Purpose::Evaluate { EVALUATION_MS } else { HINT_MS };
                let limits = Limits { movetime_ms: Some(movetime), ..Limits::default() };
                EngineRequest::Search { id, limits, position, earlier }
            }
        };
        self.state.ai.thinking = Some(Thinking { request: id, purpose, depth: 0 });
        self.effects.push(Effect::StartSearch(SearchOrder { purpose, request }));
        self.refresh_controls();
        self.redraw();
    }

    pub(super) fn cancel_search(&mut self) {
        let Some(thinking) = self.state.ai.thinking.take() else { return };
        // The endgame worker is not ended (it keeps the deal's tables): its answer is dropped.
        if self.exact_asked.take() != Some(thinking.request) {
            self.effects.push(Effect::CancelSearch);
        }
    }

    /// Whether `purpose` is asked of the endgame worker in `position`: it has few pieces, the
    /// worker has not failed or refused it, and it is the bar's evaluation, a hint, or the move of
    /// a level that plays endgames perfectly (not a puzzle's defence: it defends within the
    /// puzzle's moves).
    pub(super) fn asks_tables(&self, purpose: Purpose, puzzle: bool, position: &Position) -> bool {
        let wanted = match purpose {
            Purpose::Evaluate | Purpose::Hint => true,
            Purpose::Lines => false,
            Purpose::Move => !puzzle && self.state.mode.level().is_some_and(plays_exact),
        };
        // The first visit's build has no solver.
        wanted
            && Features::here().is_some()
            && !self.exact_unavailable
            && self.exact_refused != Some(*position)
            && Material::of(position).pieces() <= EXACT_PIECES
    }

    /// The endgame worker's answer: the AI's move, the hint or the bar's evaluation, with the
    /// exact value for the bar; without one, a search does it.
    pub(super) fn exact_heard(&mut self, report: EndgameReport) {
        // The first visit's build asks nothing of the tables (and leaves this code out).
        if Features::here().is_none() {
            return;
        }
        let (id, found, lines) = match report {
            EndgameReport::Ready => return,
            EndgameReport::Exact { id, value, best, lines } => (id, Ok((best, value)), lines),
            EndgameReport::None { id, why } => (id, Err(why), Vec::new()),
        };
        // An answer for a move cancelled or already played is of no use.
        let Some(thinking) = self.state.ai.thinking.filter(|t| t.request == id && self.exact_asked == Some(id)) else {
            return;
        };
        (self.exact_asked, self.state.ai.thinking) = (None, None);
        let position = *self.state.position();
        match found {
            Ok((best, value)) if self.state.game().legal_moves().contains(&best) => {
                let score = exact_score(value);
                self.state.ai.evaluation = Some(Evaluation { position, score, exact: true });
                // On the analysis board the tables' lines are the lines: nothing to search.
                if let Some(run) = self.state.analysis_mut().filter(|_| !lines.is_empty()) {
                    let lines = lines.into_iter().map(|line| Line {
                        first: line.moves[0],
                        score: exact_score(line.value),
                        continuation: line.moves[1..].to_vec(),
                    });
                    let lines = lines.collect();
                    run.found = Some(FoundLines { position, depth: 0, lines, finished: true, exact: true });
                }
                match thinking.purpose {
                    Purpose::Move => self.state.ai.held = Some(best),
                    Purpose::Hint => self.state.board.hint = Some(best),
                    Purpose::Evaluate | Purpose::Lines => self.state.ai.evaluated = Some(position),
                }
            }
            Ok((best, _)) => {
                self.effects.push(Effect::Log(format!("the endgame worker answered {best}, not a legal move")));
                self.exact_refused = Some(position);
            }
            Err(why) => {
                self.effects.push(Effect::Log(format!("no exact value: {why:?}")));
                self.exact_refused = Some(position);
            }
        }
        self.refresh_controls();
        self.redraw();
    }

    /// The endgame worker failed: the levels' searches play on, the move it was asked for too.
    pub(super) fn exact_failed(&mut self, message: String) {
        // Only the whole page asks the endgame worker.
        if Features::here().is_none() {
            return;
        }
        self.effects.push(Effect::Log(format!("endgame worker: {message}")));
        self.exact_unavailable = true;
        if let Some(id) = self.exact_asked.take()
            && self.state.ai.thinking.is_some_and(|t| t.request == id)
        {
            self.state.ai.thinking = None;
        }
    }
}

/// The tables' value as a score for the side to move (a draw is even).
fn exact_score(value: Exact) -> Score {
    match value {
        Exact::Win(plies) => Score::Win(plies),
        Exact::Loss(plies) => Score::Loss(plies),
        Exact::Draw => Score::Value(0),
    }
}

/// Whether the level plays positions of few pieces from the exact tables (elite and master).
fn plays_exact(level: AiLevel) -> bool {
    level.params().plays_exact_endgames()
}
