//! What the player asks (`Intent`), from a button, a key, a dialog or a script: refused with the
//! reason, or carried out by the activity it belongs to.

use super::{Effect, Focus, Session};
use crate::ai::puzzle::Difficulty;
use crate::online::bridge::Command;
use crate::rules::{Game, Outcome};
use crate::ui::dialog::{Dialog, NewGameRefused, Question, Records, RecordsMessage};
use crate::ui::features::Features;
use crate::ui::history::History;
use crate::ui::intent::{Asked, Intent, OnlineAction};
use crate::ui::keyboard::{self};
use crate::ui::new_game_form::{self, Chosen, NewGameForm, NewGameOpens, NewGameRefusal};
use crate::ui::puzzle::PuzzleRun;
use crate::ui::refusal::refusal;
use crate::ui::state::{Activity, Mode, Notice};

impl Session {
    pub(super) fn intent(&mut self, intent: Intent) {
        // An act chosen in the menu closes it.
        if matches!(self.state.page.dialog, Some(Dialog::Menu))
            && !matches!(intent, Intent::OpenMenu | Intent::CloseMenu)
        {
            self.state.page.dialog = None;
            self.refresh_controls();
        }
        // The first-visit build has the game alone: the whole page takes over, and does this.
        if intent.opens_features() && Features::here().is_none() {
            self.state.notice = Some(Notice::FeaturesLoading);
            self.effects.push(Effect::LoadFeatures);
            return self.refresh_controls();
        }
        if self.setup_refuses(&intent) {
            return self.refresh_controls();
        }
        let online = matches!(self.state.mode, Mode::Online { .. });
        // Another game, or Leave, in an online game going on resigns it: the player says yes first.
        let online_game = self.state.online.as_ref().map(|online| online.features);
        if let Some(features) = online_game.filter(|_| self.leaves_online(&intent) && self.state.resigner().is_some()) {
            self.state.question = Some(Question::Leave(features, Box::new(intent)));
            return self.refresh_controls();
        }
        match intent {
            Intent::Resign if matches!(self.state.question, Some(Question::Leave(..))) => {
                let Some(Question::Leave(_, then)) = self.state.question.take() else { return };
                if let Some(by) = self.state.resigner() {
                    self.online_outcome(Some(Outcome::Resigned { by }));
                }
                self.leave_online();
                self.refresh_controls();
                self.intent(*then);
            }
            Intent::AskResign => {
                if self.state.resigner().is_some() {
                    self.state.question = Some(Question::Resign);
                }
                self.refresh_controls();
            }
            Intent::KeepPlaying(asked) => {
                let declined = |question: &mut Question| match asked {
                    Asked::Resign => matches!(question, Question::Resign | Question::Leave(..)),
                    Asked::Abandon => matches!(question, Question::Abandon { .. }),
                };
                self.state.question.take_if(declined);
                self.refresh_controls();
            }
            // A new game in place of one the player has moved in and not finished: they say yes first.
            Intent::NewGame { game, mode } if self.state.game_at_stake() => {
                self.state.question = Some(Question::Abandon { game: Box::new(game), mode });
                self.refresh_controls();
            }
            Intent::Abandon => match self.state.question.take() {
                Some(Question::Abandon { game, mode }) => self.new_game(*game, mode),
                other => {
                    self.state.question = other;
                    self.effects.push(Effect::Log("no game is waiting to take this one's place".to_string()));
                }
            },
            Intent::ReplaceGame { game, mode } => self.new_game(game, mode),
            Intent::ReplaceWithNew(options) => match options.game(&mut self.state.page.dice) {
                Ok(game) => self.new_game(game, options.mode),
                Err(error) => self.effects.push(Effect::Log(format!("no new game: {error}"))),
            },
            Intent::StartChosen(form) => {
                let page = &mut self.state.page;
                match form.start(&mut page.dice, page.settings.cards) {
                    // Played from the analysis board: the game aside still waits (not at stake).
                    Ok(Chosen::FromHere { game, mode }) => {
                        self.close_dialog(|open| open.new_game().is_some());
                        self.start_game(game.into(), mode);
                    }
                    Ok(chosen) => {
                        let then = match chosen {
                            Chosen::FromHere { game, mode } | Chosen::Game { game, mode } => {
                                Intent::NewGame { game, mode }
                            }
                            Chosen::Stranger => Intent::Online(OnlineAction::Find),
                            Chosen::Friend(setup) => Intent::Online(OnlineAction::Invite(setup)),
                        };
                        // Online on a first visit: the dialog stays open for the whole page, which
                        // takes over with its fields and is given this Start again.
                        if Features::here().is_some() || !then.opens_features() {
                            self.close_dialog(|open| open.new_game().is_some());
                        }
                        self.intent(then);
                    }
                    // The dialog stays open with the choice as it was, and says why.
                    Err(reason) => self.new_game_refused(reason),
                }
            }
            Intent::OpenNewGame(opens) => {
                // Play from here and Invite are the whole page's (a first visit asks for it first).
                let form = match (opens, Features::here()) {
                    (NewGameOpens::FromHere, Some(_)) => NewGameForm::from_here(&self.state),
                    (NewGameOpens::Invite, Some(_)) => NewGameForm::invite(&self.state),
                    _ => NewGameForm::of(&self.state),
                };
                self.state.page.dialog =
                    Some(Dialog::NewGame { fields: Box::new(form.fields()), refused: None, deck_refused: 0 });
                self.refresh_controls();
            }
            Intent::EditNewGame(edit) => {
                // The refusal of the choice before goes with it.
                if let Some(Dialog::NewGame { fields, refused, .. }) = &mut self.state.page.dialog {
                    edit.apply(fields);
                    *refused = None;
                }
                self.refresh_controls();
            }
            Intent::StartNewGame => match self.state.page.dialog.as_ref().and_then(Dialog::new_game) {
                Some(fields) => self.intent(Intent::StartChosen(NewGameForm::read(fields))),
                None => self.effects.push(Effect::Log("the New game dialog is not open".to_string())),
            },
            Intent::CloseNewGame => {
                self.close_dialog(|open| open.new_game().is_some());
                self.refresh_controls();
            }
            Intent::Online(action) => self.online_action(action),
            // Online, Undo asks the opponent to take back this player's last move.
            Intent::Undo
                if self.state.online.as_ref().is_some_and(crate::ui::online::OnlineState::takeback_offered) =>
            {
                let features = crate::ui::features::Features::present();
                self.online_action(OnlineAction::Press(features, crate::online::bridge::Command::Takeback));
            }
            Intent::Undo | Intent::Redo if let Some(why) = refusal(&self.state, &intent) => {
                // Not the intent's Debug: it would bring every intent's into the wasm.
                let asked = if matches!(intent, Intent::Undo) { "undo" } else { "redo" };
                self.effects.push(Effect::Log(format!("{asked} refused: {why}")));
            }
            // Online, the engine does not help.
            Intent::Hint
            | Intent::Review
            | Intent::BestLineHere
            | Intent::Analyse
            | Intent::AnalysePosition(_)
            | Intent::AnalyseFinished(_)
                if online && self.state.game().outcome().is_none() =>
            {
                self.effects.push(Effect::Log("the engine does not help in an online game".to_string()));
            }
            Intent::Resign if matches!(self.state.question, Some(Question::Resign)) => {
                self.state.question = None;
                self.intent(Intent::Resign);
            }
            Intent::Resign if online => match self.state.resigner() {
                Some(_) => self.send_online(Command::Resign),
                None => self.effects.push(Effect::Log("resigning is not offered now".to_string())),
            },
            // The rematch the module offers (or accepts, when the opponent offered it first).
            Intent::Rematch if online => {
                let rematch = |c: &Command| matches!(c, Command::AcceptRematch | Command::OfferRematch);
                match self.state.online.as_ref().and_then(|o| o.offers(rematch)) {
                    Some(command) => self.effects.push(Effect::Online(command.clone())),
                    None => self.effects.push(Effect::Log("no rematch is offered now".to_string())),
                }
            }
            // Online, a move that is not this page's; a solution shown, which plays itself.
            Intent::Play(m) if let Some(why) = refusal(&self.state, &intent) => {
                self.effects.push(Effect::Log(format!("move {m} refused: {why}")));
            }
            Intent::Play(m) => self.play(m),
            Intent::Undo | Intent::Redo if self.state.board.history.looking_back() || self.state.review().is_some() => {
                let ply = self.state.game().moves().len();
                let target = if matches!(intent, Intent::Undo) { ply.saturating_sub(1) } else { ply + 1 };
                let start = self.state.review().and_then(|r| r.variation);
                if start.is_some_and(|start| target < start) {
                    // Back before the engine's line: the game's own position.
                    return self.intent(Intent::View(target));
                }
                self.view(target);
            }
            // The tutorial's steps are taken with its own buttons.
            Intent::Hint if self.state.tutorial().is_some() => {}
            Intent::Tutorial => {
                self.put_aside();
                // A deal the player has not moved in comes back after the tutorial, as it was dealt
                // (begun again, the tutorial keeps the one it had).
                let (game, mode) = (self.state.game_line(), self.state.mode);
                let untouched = game.outcome().is_none() && !crate::ui::state::moved_in(&game, mode, 0);
                let kept = untouched && self.state.aside.is_none() && self.state.puzzle().is_none();
                let before = (kept && self.state.tutorial().is_none()).then(|| (*game.start(), mode));
                self.tutorial_step(0);
                if let (Some(run), Some(_)) = (self.state.tutorial_mut(), before) {
                    run.before = before;
                }
            }
            Intent::TutorialNext => match self.state.tutorial() {
                Some(run) if run.done && run.is_last() => {
                    self.leave_tutorial();
                    self.effects.push(Effect::Focus(Focus::Board));
                }
                Some(run) if run.done => {
                    self.tutorial_step(run.step + 1);
                    self.effects.push(Effect::Focus(Focus::TutorialText));
                }
                _ => {}
            },
            Intent::LeaveTutorial if self.state.tutorial().is_some() => {
                self.leave_tutorial();
                self.effects.push(Effect::Focus(Focus::Board));
            }
            Intent::LeaveTutorial => {}
            Intent::Undo => self.step_history(true),
            Intent::Redo => self.step_history(false),
            Intent::View(ply) if self.state.review().is_some_and(|r| r.variation.is_some()) => {
                self.leave_variation();
                self.show_ply(ply);
                // Another line than the one shown: nothing to slide from.
                self.after_move(None, None);
            }
            Intent::View(ply) => self.view(ply),
            // Playing on from what is shown ends a review: its game is no longer the one played.
            // A resignation (or any end by a player's word) is final: nothing plays on from before it.
            Intent::ContinueHere if self.state.ended_by_word() => {
                self.effects.push(Effect::Log("the game ended by a player's word: it goes on nowhere".to_string()));
            }
            Intent::ContinueHere => {
                let reviewing = self.state.review().is_some();
                self.close_review();
                // A puzzle whose solution was shown stands still; played on from here, it is a game.
                let solution_shown = self.state.puzzle().is_some_and(|run| run.shown);
                if solution_shown {
                    self.state.activity = Activity::Play;
                }
                if self.state.board.history.continue_here() || reviewing || solution_shown {
                    self.changed();
                }
            }
            Intent::Review => self.start_review(),
            // A running review stops and keeps the moves judged so far; a stopped one closes.
            Intent::CloseReview => match self.state.review_mut() {
                Some(review) if review.running => {
                    review.running = false;
                    self.effects.push(Effect::CancelReview);
                    self.refresh_controls();
                }
                Some(review) if review.stands_in => self.back_to_my_game(),
                _ => {
                    self.leave_variation();
                    self.close_review();
                    self.changed();
                }
            },
            Intent::BestLine(ply) => self.best_line(ply),
            Intent::BestLineHere => self.best_line(self.state.game().moves().len()),
            Intent::ViewAt(fraction) => {
                let total = self.state.game_line().moves().len();
                self.intent(Intent::View(crate::ui::review::ply_at(fraction, total)));
            }
            Intent::BackToGame => self.intent(Intent::View(self.state.game_line().moves().len())),
            Intent::Step { back } => match keyboard::move_step(&self.state, back) {
                Some(step) => {
                    self.intent(step);
                    // At the line's end the button pressed is disabled: the keyboard goes to the other.
                    if keyboard::move_step(&self.state, back).is_none() {
                        let sheet = matches!(self.state.page.dialog, Some(Dialog::Moves));
                        self.effects.push(Effect::Focus(Focus::StepButton { back: !back, sheet }));
                    }
                }
                None => self.effects.push(Effect::Log("no move to step to".to_string())),
            },
            Intent::ReviewGame { game, mode } => {
                self.put_aside();
                // A record says nothing of who played it: both sides are shown alike.
                self.start_game(game.into(), mode.unwrap_or(Mode::PassAndPlay { turn_board: false }));
                self.start_review();
                // Closing this review goes back to the game it took the place of.
                let stands_in = self.state.aside.is_some();
                if let Some(review) = self.state.review_mut() {
                    review.stands_in = stands_in;
                }
            }
            Intent::BackToMyGame => self.back_to_my_game(),
            // A new game too: a game put aside is not dropped without a word.
            Intent::NextLevel => {
                if let (Some(level), Mode::VsAi { human, .. }) =
                    (self.state.page.standings.suggestion(), self.state.mode)
                {
                    let game = self.new_deal();
                    self.intent(Intent::NewGame { game, mode: Mode::VsAi { human, level } });
                }
            }
            Intent::ToggleWatchPause => {
                self.state.ai.paused = !self.state.ai.paused && matches!(self.state.mode, Mode::Watch { .. });
                self.refresh_controls();
                self.redraw();
            }
            Intent::Hint => self.hint(),
            Intent::NewGame { game, mode } => self.new_game(game, mode),
            Intent::Rematch => {
                let puzzle = self.state.puzzle().map(|run| run.retry());
                self.start_game(Game::new(*self.state.game().start()).into(), self.state.mode);
                if let Some(run) = puzzle {
                    self.state.activity = Activity::Puzzle(run);
                }
                // Saved again, with the puzzle.
                self.changed();
            }
            Intent::Puzzle { puzzle, daily } => {
                self.put_aside();
                let human = puzzle.position.to_move();
                let level = self.state.mode.level().unwrap_or_default();
                // The same puzzle again after help stays helped.
                let helped = self.state.puzzle().is_some_and(|run| run.puzzle.id == puzzle.id && run.helped);
                self.start_game(Game::new(puzzle.position).into(), Mode::VsAi { human, level });
                self.state.activity = Activity::Puzzle(PuzzleRun { helped, ..PuzzleRun::new(puzzle, daily) });
                self.changed();
            }
            Intent::ChoosePuzzle(choice) => {
                self.close_dialog(|open| open.puzzles().is_some());
                self.refresh_controls();
                self.choose_puzzle(choice);
            }
            Intent::OpenPuzzleList => {
                let shows = self.state.puzzle().map_or(Difficulty::Easy, |run| run.puzzle.difficulty());
                self.state.page.dialog = Some(Dialog::Puzzles(Features::present(), shows));
                if self.state.page.puzzle_set.is_none() {
                    self.effects.push(Effect::FetchPuzzles);
                }
                self.refresh_controls();
            }
            Intent::PuzzleListShows(difficulty) => {
                if let Some(Dialog::Puzzles(_, shows)) = &mut self.state.page.dialog {
                    *shows = difficulty;
                }
                self.refresh_controls();
            }
            Intent::OpenMenu => {
                self.state.page.dialog = Some(Dialog::Menu);
                self.refresh_controls();
            }
            Intent::CloseMenu => {
                self.close_dialog(|open| matches!(open, Dialog::Menu));
                self.refresh_controls();
            }
            Intent::OpenMoves => {
                self.state.page.dialog = Some(Dialog::Moves);
                self.refresh_controls();
            }
            Intent::CloseMoves => {
                self.close_dialog(|open| matches!(open, Dialog::Moves));
                self.refresh_controls();
            }
            Intent::OpenPhrases => {
                let offered = self.state.online.as_ref().is_some_and(|online| online.panel.phrases.is_some());
                if offered {
                    self.state.page.dialog = Some(Dialog::Phrases(Features::present()));
                }
                self.refresh_controls();
            }
            Intent::ClosePhrases => {
                self.close_dialog(|open| matches!(open, Dialog::Phrases(_)));
                self.refresh_controls();
            }
            Intent::OpenRules => {
                // Rules that could not be had are asked for again: the player may be back online.
                self.state.page.texts.retry_rules(self.state.lang());
                self.state.page.dialog = Some(Dialog::Rules);
                self.refresh_controls();
            }
            Intent::CloseRules => {
                self.close_dialog(|open| matches!(open, Dialog::Rules));
                self.refresh_controls();
            }
            Intent::ClosePuzzleList => {
                self.close_dialog(|open| open.puzzles().is_some());
                self.refresh_controls();
            }
            Intent::ShowSolution => self.show_solution(),
            Intent::Open(game) => {
                self.put_aside();
                // The mode of the game played, not of a puzzle's defence.
                let mode = self.state.aside.as_ref().map_or(self.state.mode, |aside| aside.mode);
                self.start_game(History::opened(game), mode);
            }
            // A friend's game: shown as a record of it, as two people play, with who played it.
            Intent::OpenLink(linked) => {
                self.put_aside();
                self.start_game(History::opened(linked.game), Mode::PassAndPlay { turn_board: false });
                if let Some(mode) = linked.mode {
                    self.state.notice = Some(Notice::SharedGame(mode));
                    self.refresh_controls();
                }
            }
            Intent::CloseResult => {
                self.state.board.end.banner_closed = true;
                self.refresh_controls();
            }
            Intent::Resign => self.resign(),
            Intent::OpenRecords => {
                let records =
                    Records { features: Features::present(), shown: self.state.page.finished.clone(), message: None };
                self.state.page.dialog = Some(Dialog::Records(records));
                self.refresh_controls();
            }
            Intent::CloseRecords => {
                self.close_dialog(|open| open.records().is_some());
                self.refresh_controls();
            }
            Intent::ReviewFinished(place) => match self.finished_shown(place) {
                Some(kept) => {
                    self.close_dialog(|open| open.records().is_some());
                    // Seen as it was played: from the player's side against the AI.
                    self.intent(Intent::ReviewGame { game: kept.game, mode: kept.mode });
                }
                None => self.effects.push(Effect::Log(format!("no finished game at {place} in Records"))),
            },
            Intent::OpenRecord { text, review } => match Game::from_record(&text) {
                Ok(game) => {
                    self.close_dialog(|open| open.records().is_some());
                    self.intent(if review { Intent::ReviewGame { game, mode: None } } else { Intent::Open(game) });
                }
                Err(reason) => {
                    self.say_in_records(RecordsMessage::Unreadable(reason));
                }
            },
            // The first visit's build has no analysis board (and leaves its code out).
            Intent::Analyse
            | Intent::AnalysePosition(_)
            | Intent::AnalyseFinished(_)
            | Intent::EnterVariation { .. }
            | Intent::ToggleAnalysis
            | Intent::PlayLine(_)
            | Intent::LeaveAnalysis
            | Intent::Setup(_)
                if Features::here().is_none() => {}
            Intent::Analyse if self.state.analysis().is_some() => {}
            Intent::Analyse => {
                // A review's game (or the engine's line shown in it) steps on with redo.
                let state = &self.state;
                let line = if state.review().is_some() { state.line_to_end() } else { state.game_line() };
                self.open_analysis(&line, state.game().moves().len());
            }
            Intent::AnalysePosition(position) => self.open_analysis(&Game::new(position), 0),
            Intent::AnalyseFinished(place) => match self.finished_shown(place) {
                Some(kept) => {
                    self.close_dialog(|open| open.records().is_some());
                    self.open_analysis(&kept.game, kept.game.moves().len());
                }
                None => self.effects.push(Effect::Log(format!("no finished game at {place} in Records"))),
            },
            Intent::EnterVariation { ply, place } => self.enter_variation(ply, place),
            Intent::ToggleAnalysis => self.toggle_analysis(),
            Intent::PlayLine(place) => self.play_line(place),
            Intent::LeaveAnalysis if self.state.analysis().is_some() => self.leave_analysis(),
            Intent::LeaveAnalysis => {}
            Intent::Setup(action) => self.setup_action(action),
            Intent::CopyLink => {
                // Said again once the browser answers (a screen reader hears it again too).
                if let Some(Dialog::Records(records)) = &mut self.state.page.dialog {
                    records.message = None;
                }
                self.refresh_controls();
                self.effects.push(Effect::CopyLink(self.state.link()));
            }
        }
    }

    /// Start in the New game dialog was refused: it says why (again, to a Start refused again),
    /// and a clock of one's own that does not fit (not another refusal) takes the keyboard to its
    /// minutes.
    fn new_game_refused(&mut self, reason: NewGameRefusal) {
        let Some(Dialog::NewGame { fields, refused, .. }) = &mut self.state.page.dialog else {
            let reason = reason.text(&self.state.texts());
            return self.effects.push(Effect::Log(format!("no new game: {reason}")));
        };
        let times = refused.as_ref().map_or(0, |r| r.times) + 1;
        *refused = Some(NewGameRefused { reason, times });
        let clock_shown = new_game_form::rows(&fields.mode, !fields.from.is_empty(), &fields.limit).custom_clock;
        if clock_shown && NewGameForm::read(fields).limit.is_none() {
            self.effects.push(Effect::Focus(Focus::OwnClockMinutes));
        }
        self.refresh_controls();
    }

    /// Closes the dialog if it is the one `which` finds.
    pub(super) fn close_dialog(&mut self, which: impl Fn(&Dialog) -> bool) {
        if self.state.page.dialog.as_ref().is_some_and(which) {
            self.state.page.dialog = None;
        }
    }

    /// The finished game at `place` in the Records dialog's list, while it is open.
    fn finished_shown(&self, place: usize) -> Option<crate::save::FinishedGame> {
        self.state.page.dialog.as_ref()?.records()?.shown.get(place).cloned()
    }

    /// What the Records dialog says now, if it is open.
    pub(super) fn say_in_records(&mut self, message: RecordsMessage) {
        if let Some(Dialog::Records(records)) = &mut self.state.page.dialog {
            records.message = Some(message);
        }
        self.refresh_controls();
    }

    /// Whether `intent` puts another game on the board or leaves online play.
    pub(super) fn leaves_online(&self, intent: &Intent) -> bool {
        match intent {
            Intent::NewGame { .. }
            | Intent::ReplaceGame { .. }
            | Intent::Puzzle { .. }
            | Intent::ChoosePuzzle(_)
            | Intent::Tutorial
            | Intent::Open(_)
            | Intent::OpenLink(_)
            | Intent::ReviewGame { .. }
            | Intent::Analyse
            | Intent::AnalysePosition(_)
            | Intent::AnalyseFinished(_) => true,
            Intent::Online(action) => match action {
                OnlineAction::Press(_, command) => matches!(command, Command::Leave),
                OnlineAction::Join(link) => {
                    crate::online::bridge::room_of_link(link).is_none_or(|room| !self.in_room(&room))
                }
                _ => true,
            },
            _ => false,
        }
    }
}
