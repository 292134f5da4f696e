//! The page's session: every decision the page makes, behind one entry, `update(event) -> effects`.
//!
//! Events say what happened (a pointer or a key on the board, a button's intent, a setting, a
//! relayout, a frame at a time, a reply from the AI's worker); effects say what the browser must
//! do (start or cancel a search, draw, refresh the controls, save, announce). Time enters only
//! with frames and pointer events, so the whole session runs and is tested natively.

use super::anim::{Anim, Celebration};
use super::board;
use super::deck;
use super::error_text;
use super::features::Features;
use super::intent::{Intent, OnlineAction, SettingsPatch};
use super::keyboard::{self, Key, KeyResult};
use super::layout::{CanvasSize, Layout};
use super::new_game_form::Chosen;
use super::pointer;
use super::puzzle::{Choice, PuzzleRun, choose, offered};
use super::refusal::{Refusal, refusal};
use super::review::Review;
use super::scene::scene;
use super::sound::{self, Sound};
use super::standings::Standings;
use super::state::{AsideGame, Emblems, Mode, Notice, Purpose, RecordsMessage, Settings, State, Thinking};
use super::text::{self, Lang};
use super::tutorial::{STEPS, TutorialRun};
use super::view::{ControlsView, controls};
use crate::ai::puzzle::{Difficulty, Puzzle};
use crate::ai::review::PlyReview;
use crate::ai::{Limits, Score};
use crate::engine_protocol::worker::{EngineReport, EngineRequest};
use crate::online::bridge::Command;
use crate::online::host::ToPage;
use crate::rules::{Color, Game, Move, Outcome, Pack, Position, SplitMix64, Square};
use crate::save::SaveFile;
use std::rc::Rc;

mod online;

/// A second click on what the first one selected, within this time, is a double-click: it
/// keeps the selection instead of dropping it.
const DOUBLE_CLICK_MS: f64 = 400.0;

/// How long the worker searches for the bar's evaluation, in milliseconds.
pub const EVALUATION_MS: f64 = 300.0;
/// How long it searches for a hint (the AI's own move follows its level instead).
pub const HINT_MS: f64 = 1000.0;

/// While a puzzle's solution is shown, each move waits this long after the last one has
/// finished sliding, to be followed.
pub const SOLUTION_PAUSE_MS: f64 = 700.0;

#[derive(Clone, Debug)]
pub enum Event {
    /// The page has opened: draw, and let the AI start if it is to move.
    Opened,
    Pointer {
        phase: PointerPhase,
        x: f64,
        y: f64,
        time_ms: f64,
    },
    PointerCancel,
    /// A key pressed on the board.
    Key(Key),
    Intent(Intent),
    Settings(SettingsPatch),
    /// The canvas has this size now (CSS pixels), on a screen of this many pixels per CSS pixel.
    Relayout {
        width: f64,
        height: f64,
        pixel_ratio: f64,
    },
    /// An animation frame at this time.
    Frame {
        now_ms: f64,
    },
    Reply(Reply),
    /// The worker died; the message says why.
    WorkerFailed(String),
    /// Something to tell the player that arose outside the game (a broken link).
    Notice(Notice),
    /// The puzzle set has come, as `Effect::FetchPuzzles` asked, or could not be had (why).
    PuzzleSet(Result<Rc<Vec<Puzzle>>, String>),
    /// The system's colour preference, at start and when it changes.
    SystemDark(bool),
    /// The link was copied, or the browser refused (`Effect::CopyLink`).
    LinkCopied(bool),
    /// A language's error texts, fetched as `Effect::FetchErrorTexts` asked (none if they could
    /// not be had: that language's errors stay in English).
    ErrorTexts {
        lang: Lang,
        file: Option<String>,
    },
    /// A language's page texts, fetched as `Effect::FetchPageTexts` asked (none if they could
    /// not be had: the page stays in the language it shows).
    PageTexts {
        lang: Lang,
        file: Option<String>,
    },
    /// A language's tutorial texts, fetched as `Effect::FetchTutorialTexts` asked (none if they
    /// could not be had).
    TutorialTexts {
        lang: Lang,
        file: Option<String>,
    },
    /// What the online module said (read from its line by the shell).
    Online(ToPage),
    /// The online module could not be fetched.
    OnlineUnavailable,
    /// A switch of the cards dealt from, in the new-game dialog.
    Deck(deck::Switch),
    /// The expansion cards' emblems, fetched as `Effect::FetchEmblems` asked (or why they could not be had).
    Emblems(Result<String, String>),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PointerPhase {
    Down,
    Move,
    Up,
}

/// A message from the worker about the search `id`.
#[derive(Clone, Debug, PartialEq)]
pub struct Reply {
    pub id: u32,
    pub kind: ReplyKind,
}

impl Reply {
    /// The worker's report as the session reads it; `None` for `Ready`, which is the client's.
    pub fn from_report(report: EngineReport) -> Option<Reply> {
        let (id, kind) = match report {
            EngineReport::Ready => return None,
            EngineReport::Info { id, depth, score, .. } => (id, ReplyKind::Info { depth, score }),
            EngineReport::Done { id, best, score } => (id, ReplyKind::Done { best, score }),
            EngineReport::Reviewed { id, entry, total } => (id, ReplyKind::Reviewed(entry, total)),
            EngineReport::Failed { id, message } => (id, ReplyKind::Failed(message)),
        };
        Some(Reply { id, kind })
    }
}

#[derive(Clone, Debug, PartialEq)]
pub enum ReplyKind {
    /// A search finished a depth.
    Info {
        depth: u32,
        score: Score,
    },
    /// A level's move and an escaped puzzle defence come without a score.
    Done {
        best: Option<Move>,
        score: Option<Score>,
    },
    Failed(String),
    /// A move of the game under review, with the number of moves in all.
    Reviewed(PlyReview, usize),
}

/// A search for the worker, and what it is for.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchOrder {
    pub purpose: Purpose,
    pub request: EngineRequest,
}

impl SearchOrder {
    pub fn id(&self) -> u32 {
        self.request.id()
    }

    /// The position searched.
    pub fn position(&self) -> Position {
        match &self.request {
            EngineRequest::Search { position, .. }
            | EngineRequest::LevelMove { position, .. }
            | EngineRequest::Defend { position, .. } => *position,
            EngineRequest::Review { game, .. } => *game.position(),
        }
    }
}

#[derive(Clone, Debug, PartialEq)]
pub enum Effect {
    StartSearch(SearchOrder),
    /// Load the whole page, which takes over this one and does again what the player just did
    /// (this is the first-visit build, and that was a feature: `crate::ui::features`).
    LoadFeatures,
    /// End the running search; its replies will be dropped anyway.
    CancelSearch,
    /// Draw a frame (and send `Frame` with its time).
    Redraw,
    /// Give the canvas this size (which clears it: a `Redraw` follows).
    SizeCanvas(CanvasSize),
    /// Show this in the controls around the canvas.
    Controls(Box<ControlsView>),
    SaveGame(SaveFile),
    SaveSettings(Settings),
    /// For screen readers.
    Announce(String),
    /// For the developer's console: something that should not happen did.
    Log(String),
    Sound(Sound),
    /// Buzz a phone for this many milliseconds.
    Vibrate(u32),
    /// Review this game in a worker of its own, searching each position this long.
    StartReview {
        id: u32,
        game: Game,
        movetime_ms: f64,
    },
    /// End the review's worker.
    CancelReview,
    /// Keep this finished game (and how it was played) among the last ones, to review later.
    KeepFinished(Game, Mode),
    /// Remember that this puzzle is solved.
    PuzzleSolved(u32),
    /// Keep the player's record against each level.
    SaveStandings(Standings),
    /// Fetch the puzzle set, and send it back as `Event::PuzzleSet`.
    FetchPuzzles,
    /// Fetch this language's error texts, and send them back as `Event::ErrorTexts`.
    FetchErrorTexts(Lang),
    /// Close the Records dialog (the record in it was opened).
    CloseRecords,
    /// Close the New game dialog (its choice was started), clearing what it said.
    CloseNewGame,
    /// Say in the New game dialog why its choice cannot start (said again if the same).
    NewGameRefused(String),
    /// Copy the page's address with this fragment, select it in the Records dialog, and send
    /// `Event::LinkCopied`.
    CopyLink(String),
    /// Fetch this language's page texts, and send them back as `Event::PageTexts`.
    FetchPageTexts(Lang),
    /// Fetch this language's tutorial texts, and send them back as `Event::TutorialTexts`.
    FetchTutorialTexts(Lang),
    /// Fetch the expansion cards' emblems, and send them back as `Event::Emblems`.
    FetchEmblems,
    /// Remember that the tutorial was finished or left: it is not offered again.
    TutorialDone,
    /// Give this command to the online module (fetching it first if need be).
    Online(Command),
    /// Move the keyboard's focus there: the control that had it has gone.
    Focus(Focus),
}

/// Where the keyboard's focus goes when the control that had it goes away.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Focus {
    /// The review's panel (its Close button), opened by a Review button that its opening hides.
    Review,
    /// The tutorial's words, after Next: the button is disabled until the step's move is made.
    TutorialText,
    /// The board, after the tutorial's panel (and the button pressed in it) went away.
    Board,
    /// The ◀ (`back`) or ▶ button by the moves, when the other one is disabled under the focus.
    StepButton { back: bool },
}

#[derive(Clone, Debug)]
pub struct Session {
    state: State,
    layout: Layout,
    /// The canvas's size, as last given to it.
    canvas: Option<CanvasSize>,
    last_request: u32,
    /// The AI's move, held until the move on screen has finished.
    held: Option<Move>,
    /// The position last evaluated for the bar (even when the search gave no score).
    evaluated: Option<Position>,
    /// The worker failed: the AI waits for the player to undo or start again.
    ai_stopped: bool,
    /// The time of the latest frame.
    now_ms: f64,
    /// When the AI plays itself, the next move waits until then.
    rest_until: Option<f64>,
    /// When and where the last click selected something (for double-clicks).
    last_select: Option<(f64, f64, f64)>,
    /// This game's end has counted in the player's record.
    counted: bool,
    /// The review on the board is of a game that took the place of the player's: closing it goes
    /// back to theirs.
    review_stands_in: bool,
    /// The AI's dice: each level's move gets a seed of its own.
    dice: SplitMix64,
    /// A puzzle asked for while the set comes, and the start of the game it was asked over: it
    /// starts only if no other game was started meanwhile.
    puzzle_asked: Option<(Choice, Position)>,
    /// The language chosen while its texts were not at hand: the page changes to it when they come.
    language_asked: Option<Lang>,
    /// The languages whose tutorial texts have been asked for.
    tutorial_asked: Vec<Lang>,
    /// What the player asked for that would leave the online game going on, until they say yes.
    after_leave: Option<Intent>,
    /// The new game asked for in place of a game the player has moved in, until they say yes.
    after_abandon: Option<(Game, Mode)>,
    /// The deal on the board when the tutorial began, untouched by the player: it comes back after.
    before_tutorial: Option<(Position, Mode)>,
    effects: Vec<Effect>,
}

impl Session {
    pub fn new(state: State) -> Session {
        let layout = Layout::new(1.0, 1.0, state.bottom(), state.tutorial.is_none());
        let state_seed = state.seed;
        Session {
            state,
            layout,
            canvas: None,
            last_request: 0,
            held: None,
            evaluated: None,
            ai_stopped: false,
            now_ms: 0.0,
            rest_until: None,
            last_select: None,
            puzzle_asked: None,
            language_asked: None,
            tutorial_asked: Vec::new(),
            after_leave: None,
            after_abandon: None,
            before_tutorial: None,
            review_stands_in: false,
            counted: false,
            dice: SplitMix64(state_seed),
            effects: Vec::new(),
        }
    }

    pub fn state(&self) -> &State {
        &self.state
    }

    pub fn layout(&self) -> &Layout {
        &self.layout
    }

    /// The canvas's size, once the page has given it.
    pub fn canvas(&self) -> Option<CanvasSize> {
        self.canvas
    }

    /// A move is on its way: sliding on screen, or the AI's answer waiting for the slide to end
    /// (not while the AI playing itself is paused: then its answer waits for the player).
    pub fn is_animating(&self) -> bool {
        self.state.anim.is_some() || (self.held.is_some() && !self.state.watch_paused)
    }

    /// The AI's answer waiting to be shown.
    pub fn held_move(&self) -> Option<Move> {
        self.held
    }

    /// Whether the AI has stopped after a failure of its worker.
    pub fn ai_stopped(&self) -> bool {
        self.ai_stopped
    }

    /// What is saved: the game and how it is played.
    pub fn save_file(&self) -> SaveFile {
        SaveFile {
            // Looking back changes nothing: the whole line is kept.
            game: self.state.line(),
            mode: self.state.mode,
            show_evaluation: self.state.settings.evaluation,
            language: Some(self.state.lang().code().to_string()),
            puzzle: self.state.puzzle.map(|run| crate::save::SavedPuzzle {
                id: run.puzzle.id,
                plies: run.puzzle.plies,
                daily: run.daily,
                shown: run.shown,
                helped: run.helped,
            }),
            aside: self.state.aside.clone(),
            online: self.state.online.as_ref().and_then(|online| online.saved.clone()),
            tutorial: self.state.tutorial.map(|run| run.step),
        }
    }

    pub fn update(&mut self, event: Event) -> Vec<Effect> {
        if matches!(event, Event::Intent(_) | Event::Key(_) | Event::Pointer { phase: PointerPhase::Down, .. }) {
            self.state.hold_save = false;
        }
        match event {
            Event::Opened => {
                self.restore_online();
                self.changed();
            }
            Event::Pointer { phase, x, y, time_ms } => self.pointer(phase, x, y, time_ms),
            Event::PointerCancel => {
                self.state.drag = None;
                self.effects.push(Effect::Redraw);
            }
            Event::Key(key) => self.key(key),
            Event::Intent(intent) => self.intent(intent),
            Event::Settings(patch) => self.settings(patch),
            Event::Relayout { width, height, pixel_ratio } => self.relayout(width, height, pixel_ratio),
            Event::Frame { now_ms } => self.frame(now_ms),
            Event::Reply(reply) => self.reply(reply),
            // Only the features ask for these: without them (`crate::ui::features`) their code is left out.
            Event::Online(_) | Event::OnlineUnavailable | Event::PuzzleSet(_) | Event::TutorialTexts { .. }
                if Features::here().is_none() => {}
            Event::Online(said) => self.online_said(said),
            Event::OnlineUnavailable => self.online_unavailable(),
            Event::PuzzleSet(Ok(set)) => {
                self.state.puzzle_set = Some(set);
                let asked = self.puzzle_asked.take();
                // The AI may have moved in the game asked over: only a new game counts.
                if let Some((choice, _)) = asked.filter(|(_, start)| start == self.state.game.start()) {
                    self.choose_puzzle(choice);
                }
                self.refresh_controls();
            }
            Event::PuzzleSet(Err(reason)) => {
                // The browser's words are English: the console has them, the player a sentence.
                self.effects.push(Effect::Log(format!("the puzzle set could not be fetched: {reason}")));
                // The list waiting for the set closes: the notice says why it is empty.
                if self.puzzle_asked.take().is_some() || self.state.puzzle_list.take().is_some() {
                    self.state.notice = Some(Notice::PuzzlesUnavailable(reason));
                    self.refresh_controls();
                }
            }
            Event::SystemDark(dark) => {
                self.state.system_dark = dark;
                self.refresh_controls();
                self.effects.push(Effect::Redraw);
            }
            Event::PageTexts { lang, file } => {
                if let Some(file) = file {
                    text::install(lang, file);
                }
                if self.language_asked == Some(lang) {
                    self.language_asked = None;
                    if text::at_hand(lang) {
                        self.settings(SettingsPatch { language: Some(lang), ..SettingsPatch::default() });
                    } else {
                        self.state.notice = Some(Notice::TextsUnavailable(lang));
                        // The language chooser goes back to the language shown.
                        self.effects.push(Effect::SaveSettings(self.state.settings));
                        self.refresh_controls();
                    }
                }
            }
            Event::ErrorTexts { lang, file } => {
                error_text::with_files(|files| files.install(lang, file));
                self.refresh_controls();
                self.effects.push(Effect::Redraw);
            }
            Event::TutorialTexts { lang, file } => {
                if !self.state.tutorial_texts.iter().any(|(l, _)| *l == lang) {
                    self.state.tutorial_texts.push((lang, file.map(Rc::from)));
                }
                self.refresh_controls();
            }
            Event::Notice(notice) => {
                self.state.notice = Some(notice);
                self.refresh_controls();
            }
            Event::LinkCopied(copied) => {
                self.state.records_message =
                    Some(if copied { RecordsMessage::LinkCopied } else { RecordsMessage::LinkNotCopied });
                self.refresh_controls();
            }
            Event::Deck(switch) => match deck::switch(self.state.settings.cards, switch) {
                Ok(cards) => {
                    self.state.deck_refused = false;
                    self.settings(SettingsPatch { cards: Some(cards), ..SettingsPatch::default() });
                    // Refused before, the same deck now: the words still change back.
                    self.refresh_controls();
                }
                Err(deck::TooFew) => {
                    self.state.deck_refused = true;
                    // The switch the browser turned goes back.
                    self.refresh_controls();
                }
            },
            Event::Emblems(file) => {
                self.state.expansion_emblems = match file.map(|file| super::expansion_emblems::read(&file)) {
                    Ok(Some(drawn)) => Emblems::Here(drawn.into()),
                    Ok(None) => {
                        self.effects.push(Effect::Log("the expansion emblems' file could not be read".into()));
                        Emblems::Failed
                    }
                    Err(reason) => {
                        self.effects.push(Effect::Log(format!("the expansion emblems could not be fetched: {reason}")));
                        Emblems::Failed
                    }
                };
                self.effects.push(Effect::Redraw);
            }
            Event::WorkerFailed(message) => {
                // The shell drops the dead worker; the next search starts a new one.
                self.effects.push(Effect::CancelSearch);
                if let Some(thinking) = self.state.thinking.take() {
                    self.stop_ai(thinking.purpose, message);
                }
            }
        }
        self.settle();
        let mut effects = std::mem::take(&mut self.effects);
        // One refresh of the controls (showing the state as it ends), one frame and one save
        // (the last) are enough.
        let mut seen = (false, false);
        let last_save = effects.iter().rposition(|e| matches!(e, Effect::SaveGame(_)));
        let mut index = 0;
        effects.retain(|effect| {
            let keep = match effect {
                Effect::Controls(_) => !std::mem::replace(&mut seen.0, true),
                Effect::Redraw => !std::mem::replace(&mut seen.1, true),
                Effect::SaveGame(_) => Some(index) == last_save,
                _ => true,
            };
            index += 1;
            keep
        });
        for effect in &mut effects {
            if let Effect::Controls(view) = effect {
                **view = controls(&self.state);
            }
        }
        // The view was written in English where its language's error texts are not at hand yet.
        if let Some(lang) = error_text::with_files(|files| files.take_wanted().filter(|&l| files.should_fetch(l))) {
            effects.push(Effect::FetchErrorTexts(lang));
        }
        // The tutorial's texts in the page's language, once (they come with `Event::TutorialTexts`).
        let lang = self.state.lang();
        if self.state.tutorial.is_some() && self.state.tutorial_file().is_none() && !self.tutorial_asked.contains(&lang)
        {
            self.tutorial_asked.push(lang);
            effects.push(Effect::FetchTutorialTexts(lang));
        }
        // An expansion card on the board: its emblem comes from a file, once.
        if self.state.expansion_emblems == Emblems::NotAsked && shows_expansion_card(self.state.position()) {
            self.state.expansion_emblems = Emblems::Asked;
            effects.push(Effect::FetchEmblems);
        }
        effects
    }

    /// The controls' view of the state now (as `Effect::Controls` carries it).
    pub fn controls(&self) -> ControlsView {
        controls(&self.state)
    }

    /// Asks for the controls to show the state (computed once, as the update ends).
    fn refresh_controls(&mut self) {
        if !self.effects.iter().any(|e| matches!(e, Effect::Controls(_))) {
            self.effects.push(Effect::Controls(Box::default()));
        }
    }

    fn pointer(&mut self, phase: PointerPhase, x: f64, y: f64, time_ms: f64) {
        match phase {
            PointerPhase::Down => {
                // The keyboard's frame goes with the mouse; the next arrow key brings it back.
                self.state.focus = None;
                pointer::pointer_down(&mut self.state, &self.layout, x, y);
                self.effects.push(Effect::Redraw);
            }
            PointerPhase::Move => {
                if pointer::pointer_move(&mut self.state, x, y) {
                    self.effects.push(Effect::Redraw);
                }
            }
            PointerPhase::Up => {
                let before = (self.state.selected_card, self.state.selected_piece);
                let (choice, preview) = (self.state.card_choice, self.state.preview);
                if let Some(m) = pointer::pointer_up(&mut self.state, &self.layout, x, y) {
                    // The move came from the legal list, so it plays.
                    self.play(m);
                    return;
                }
                let after = (self.state.selected_card, self.state.selected_piece);
                if after == before && self.state.card_choice == choice && self.state.preview == preview {
                    self.sound(Sound::Refused);
                }
                let dropped = (before.0.is_some() && after.0.is_none()) || (before.1.is_some() && after.1.is_none());
                let double = self.last_select.is_some_and(|(t, x0, y0)| {
                    time_ms - t < DOUBLE_CLICK_MS && (x - x0).hypot(y - y0) < pointer::DRAG_THRESHOLD
                });
                if double && dropped {
                    // The second click of a double-click: keep what the first one chose.
                    (self.state.selected_card, self.state.selected_piece) = before;
                    self.last_select = None;
                } else if after != before && (after.0.is_some() || after.1.is_some()) {
                    self.last_select = Some((time_ms, x, y));
                }
                self.effects.push(Effect::Redraw);
            }
        }
    }

    fn key(&mut self, key: Key) {
        if let Some(intent) = keyboard::page_intent(&self.state, key, false) {
            return self.intent(intent);
        }
        if self.state.anim.is_some() {
            return;
        }
        match keyboard::key(&mut self.state, &self.layout, key) {
            // The move came from the legal list, so it plays.
            KeyResult::Handled(Some(m)) => self.play(m),
            KeyResult::Handled(None) => self.effects.push(Effect::Redraw),
            KeyResult::Asks(intent) => self.intent(intent),
            KeyResult::Ignored => {}
        }
    }

    fn intent(&mut self, intent: Intent) {
        // The first-visit build has the game alone: the whole page takes over, and does this.
        if intent.opens_features() && Features::here().is_none() {
            self.state.notice = Some(Notice::FeaturesLoading);
            self.effects.push(Effect::LoadFeatures);
            return self.refresh_controls();
        }
        let online = matches!(self.state.mode, Mode::Online { .. });
        // Another game, or Leave, in an online game going on resigns it: the player says yes first.
        if self.leaves_online(&intent) && self.state.online.is_some() && self.state.resigner().is_some() {
            self.after_leave = Some(intent);
            self.state.leave_asked = true;
            return self.refresh_controls();
        }
        match intent {
            Intent::Resign if self.after_leave.is_some() => {
                let then = self.after_leave.take();
                self.state.leave_asked = false;
                if let Some(by) = self.state.resigner() {
                    self.online_outcome(Some(Outcome::Resigned { by }));
                }
                self.leave_online();
                self.refresh_controls();
                if let Some(then) = then {
                    self.intent(then);
                }
            }
            Intent::KeepPlaying => {
                self.after_leave = None;
                self.state.leave_asked = false;
                self.after_abandon = None;
                self.state.abandon_asked = false;
                self.refresh_controls();
            }
            // A new game in place of one the player has moved in and not finished: they say yes first.
            Intent::NewGame { game, mode } if self.state.game_at_stake() => {
                self.after_abandon = Some((game, mode));
                self.state.abandon_asked = true;
                self.refresh_controls();
            }
            Intent::Abandon => {
                self.state.abandon_asked = false;
                match self.after_abandon.take() {
                    Some((game, mode)) => self.new_game(game, mode),
                    None => self.effects.push(Effect::Log("no game is waiting to take this one's place".to_string())),
                }
            }
            Intent::ReplaceGame { game, mode } => self.new_game(game, mode),
            Intent::ReplaceWithNew(options) => match options.game(&mut self.dice) {
                Ok(game) => self.new_game(game, options.mode),
                Err(error) => self.effects.push(Effect::Log(format!("no new game: {error}"))),
            },
            Intent::StartChosen(form) => {
                let lang = self.state.lang();
                match form.start(&mut self.dice, self.state.settings.cards, lang) {
                    Ok(chosen) => {
                        self.effects.push(Effect::CloseNewGame);
                        self.intent(match chosen {
                            Chosen::Game { game, mode } => Intent::NewGame { game, mode },
                            Chosen::Stranger => Intent::Online(OnlineAction::Find),
                            Chosen::Friend(setup) => Intent::Online(OnlineAction::Invite(setup)),
                        });
                    }
                    // The dialog stays open with the choice as it was.
                    Err(reason) => self.effects.push(Effect::NewGameRefused(reason)),
                }
            }
            Intent::Online(action) => self.online_action(action),
            Intent::Undo | Intent::Redo if let Some(why) = refusal(&self.state, &intent) => {
                // Not the intent's Debug: it would bring every intent's into the wasm.
                let asked = if matches!(intent, Intent::Undo) { "undo" } else { "redo" };
                self.effects.push(Effect::Log(format!("{asked} refused: {why}")));
            }
            // Online, the engine does not help.
            Intent::Hint | Intent::Review | Intent::BestLineHere if online && self.state.game.outcome().is_none() => {
                self.effects.push(Effect::Log("the engine does not help in an online game".to_string()));
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
            Intent::Undo | Intent::Redo if self.state.viewing.is_some() || self.state.review.is_some() => {
                let ply = self.state.game.moves().len();
                let target = if matches!(intent, Intent::Undo) { ply.saturating_sub(1) } else { ply + 1 };
                let start = self.state.review.as_ref().and_then(|r| r.variation);
                if start.is_some_and(|start| target < start) {
                    // Back before the engine's line: the game's own position.
                    return self.intent(Intent::View(target));
                }
                self.view(target);
            }
            // The tutorial's steps are taken with its own buttons.
            Intent::Hint if self.state.tutorial.is_some() => {}
            Intent::Tutorial => {
                self.put_aside();
                // A deal the player has not moved in comes back after the tutorial, as it was dealt.
                if self.state.tutorial.is_none() {
                    let (game, mode) = (self.state.line(), self.state.mode);
                    let untouched = game.outcome().is_none() && !super::state::moved_in(&game, mode, 0);
                    let kept = untouched && self.state.aside.is_none() && self.state.puzzle.is_none();
                    self.before_tutorial = kept.then(|| (*game.start(), mode));
                }
                self.tutorial_step(0);
            }
            Intent::TutorialNext => match self.state.tutorial {
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
            Intent::LeaveTutorial if self.state.tutorial.is_some() => {
                self.leave_tutorial();
                self.effects.push(Effect::Focus(Focus::Board));
            }
            Intent::LeaveTutorial => {}
            Intent::Undo => self.step_history(true),
            Intent::Redo => self.step_history(false),
            Intent::View(ply) if self.state.review.as_ref().is_some_and(|r| r.variation.is_some()) => {
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
                let reviewing = self.state.review.is_some();
                self.close_review();
                // A puzzle whose solution was shown stands still; played on from here, it is a game.
                if self.state.puzzle.is_some_and(|run| run.shown) {
                    self.state.puzzle = None;
                }
                if self.state.viewing.take().is_some() || reviewing {
                    self.changed();
                }
            }
            Intent::Review => self.start_review(),
            // A running review stops and keeps the moves judged so far; a stopped one closes.
            Intent::CloseReview => match self.state.review.as_mut() {
                Some(review) if review.running => {
                    review.running = false;
                    self.effects.push(Effect::CancelReview);
                    self.refresh_controls();
                }
                _ if self.review_stands_in => self.back_to_my_game(),
                _ => {
                    self.leave_variation();
                    self.close_review();
                    self.changed();
                }
            },
            Intent::BestLine(ply) => self.best_line(ply),
            Intent::BestLineHere => self.best_line(self.state.game.moves().len()),
            Intent::ViewAt(fraction) => {
                let total = self.state.line().moves().len();
                self.intent(Intent::View(super::review::ply_at(fraction, total)));
            }
            Intent::BackToGame => self.intent(Intent::View(self.state.line().moves().len())),
            Intent::Step { back } => match keyboard::move_step(&self.state, back) {
                Some(step) => {
                    self.intent(step);
                    // At the line's end the button pressed is disabled: the keyboard goes to the other.
                    if keyboard::move_step(&self.state, back).is_none() {
                        self.effects.push(Effect::Focus(Focus::StepButton { back: !back }));
                    }
                }
                None => self.effects.push(Effect::Log("no move to step to".to_string())),
            },
            Intent::ReviewGame { game, mode } => {
                self.put_aside();
                // A record says nothing of who played it: both sides are shown alike.
                self.start_game(game, mode.unwrap_or(Mode::PassAndPlay { turn_board: false }));
                self.start_review();
                // Closing this review goes back to the game it took the place of.
                self.review_stands_in = self.state.aside.is_some();
            }
            Intent::BackToMyGame => self.back_to_my_game(),
            // A new game too: a game put aside is not dropped without a word.
            Intent::NextLevel => {
                if let (Some(level), Mode::VsAi { human, .. }) = (self.state.standings.suggestion(), self.state.mode) {
                    let game = self.new_deal();
                    self.intent(Intent::NewGame { game, mode: Mode::VsAi { human, level } });
                }
            }
            Intent::ToggleWatchPause => {
                self.state.watch_paused = !self.state.watch_paused && matches!(self.state.mode, Mode::Watch { .. });
                self.refresh_controls();
                self.effects.push(Effect::Redraw);
            }
            Intent::Hint => self.hint(),
            Intent::NewGame { game, mode } => self.new_game(game, mode),
            Intent::Rematch => {
                let puzzle = self.state.puzzle.map(|run| run.retry());
                self.start_game(Game::new(*self.state.game.start()), self.state.mode);
                self.state.puzzle = puzzle;
                // Saved again, with the puzzle.
                self.changed();
            }
            Intent::Puzzle { puzzle, daily } => {
                self.put_aside();
                let human = puzzle.position.to_move();
                let level = self.state.mode.level().unwrap_or_default();
                // The same puzzle again after help stays helped.
                let helped = self.state.puzzle.is_some_and(|run| run.puzzle.id == puzzle.id && run.helped);
                self.start_game(Game::new(puzzle.position), Mode::VsAi { human, level });
                self.state.puzzle = Some(PuzzleRun { helped, ..PuzzleRun::new(puzzle, daily) });
                self.changed();
            }
            Intent::ChoosePuzzle(choice) => {
                self.state.puzzle_list = None;
                self.refresh_controls();
                self.choose_puzzle(choice);
            }
            Intent::OpenPuzzleList => {
                let shows = self.state.puzzle.map_or(Difficulty::Easy, |run| run.puzzle.difficulty());
                self.state.puzzle_list = Some(shows);
                if self.state.puzzle_set.is_none() {
                    self.effects.push(Effect::FetchPuzzles);
                }
                self.refresh_controls();
            }
            Intent::PuzzleListShows(difficulty) => {
                self.state.puzzle_list = self.state.puzzle_list.map(|_| difficulty);
                self.refresh_controls();
            }
            Intent::ClosePuzzleList => {
                self.state.puzzle_list = None;
                self.refresh_controls();
            }
            Intent::ShowSolution => self.show_solution(),
            Intent::Open(game) => {
                self.put_aside();
                // The mode of the game played, not of a puzzle's defence.
                let mode = self.state.aside.as_ref().map_or(self.state.mode, |aside| aside.mode);
                let received = game.moves().len();
                self.start_game(game, mode);
                self.state.received = received;
            }
            // A friend's game: shown as a record of it, as two people play, with who played it.
            Intent::OpenLink(linked) => {
                self.put_aside();
                let received = linked.game.moves().len();
                self.start_game(linked.game, Mode::PassAndPlay { turn_board: false });
                self.state.received = received;
                if let Some(mode) = linked.mode {
                    self.state.notice = Some(Notice::SharedGame(mode));
                    self.refresh_controls();
                }
            }
            Intent::CloseResult => {
                self.state.result_dismissed = true;
                self.refresh_controls();
            }
            Intent::Resign => self.resign(),
            Intent::RecordsOpened => {
                self.state.records_message = None;
                self.state.records_shown = self.state.finished.clone();
                self.refresh_controls();
            }
            Intent::ReviewFinished(place) => match self.state.records_shown.get(place).cloned() {
                Some(kept) => {
                    self.effects.push(Effect::CloseRecords);
                    // Seen as it was played: from the player's side against the AI.
                    self.intent(Intent::ReviewGame { game: kept.game, mode: kept.mode });
                }
                None => self.effects.push(Effect::Log(format!("no finished game at {place} in Records"))),
            },
            Intent::OpenRecord { text, review } => match Game::from_record(&text) {
                Ok(game) => {
                    self.state.records_message = None;
                    self.effects.push(Effect::CloseRecords);
                    self.intent(if review { Intent::ReviewGame { game, mode: None } } else { Intent::Open(game) });
                }
                Err(reason) => {
                    self.state.records_message = Some(RecordsMessage::Unreadable(reason));
                    self.refresh_controls();
                }
            },
            Intent::CopyLink => {
                // Said again once the browser answers (a screen reader hears it again too).
                self.state.records_message = None;
                self.refresh_controls();
                self.effects.push(Effect::CopyLink(self.state.link()));
            }
        }
    }

    /// A new game the player chose (and said yes to, if it takes a game's place): whatever was
    /// put aside is left too.
    fn new_game(&mut self, game: Game, mode: Mode) {
        self.state.aside = None;
        self.start_game(game, mode);
    }

    /// Whether `intent` puts another game on the board or leaves online play.
    fn leaves_online(&self, intent: &Intent) -> bool {
        match intent {
            Intent::NewGame { .. }
            | Intent::ReplaceGame { .. }
            | Intent::Puzzle { .. }
            | Intent::ChoosePuzzle(_)
            | Intent::Tutorial
            | Intent::Open(_)
            | Intent::OpenLink(_)
            | Intent::ReviewGame { .. } => true,
            Intent::Online(action) => match action {
                OnlineAction::Press(command) => matches!(command, Command::Leave),
                OnlineAction::Join(link) => {
                    crate::online::bridge::room_of_link(link).is_none_or(|room| !self.in_room(&room))
                }
                _ => true,
            },
            _ => false,
        }
    }

    fn settings(&mut self, patch: SettingsPatch) {
        let before = self.state.settings;
        match patch.language {
            // The page changes language once it has the texts.
            Some(language) if !text::at_hand(language) => {
                let asked_before = self.language_asked.replace(language) == Some(language);
                if !asked_before {
                    self.effects.push(Effect::FetchPageTexts(language));
                }
            }
            Some(language) => {
                self.language_asked = None;
                self.state.settings.language = language;
                self.online_language();
            }
            None => {}
        }
        let settings = &mut self.state.settings;
        settings.evaluation = patch.evaluation.unwrap_or(settings.evaluation);
        settings.sound = patch.sound.unwrap_or(settings.sound);
        settings.theme = patch.theme.unwrap_or(settings.theme);
        settings.coordinates = patch.coordinates.unwrap_or(settings.coordinates);
        settings.watch_speed = patch.watch_speed.unwrap_or(settings.watch_speed);
        settings.cards = patch.cards.and_then(|cards| deck::checked(cards).ok()).unwrap_or(settings.cards);
        if self.state.settings == before {
            return;
        }
        if self.state.settings.language != before.language {
            // Say the last move again, in the new language.
            let lang = self.state.lang();
            let game = &self.state.game;
            let announcement = match game.moves().last() {
                Some(&m) => {
                    let before = &game.positions()[game.moves().len() - 1];
                    text::announce_move(lang, before, m, game.outcome())
                }
                None => text::describe_position(lang, self.state.position()),
            };
            self.effects.push(Effect::Announce(announcement));
        }
        if !self.state.settings.evaluation && self.thinking_for(Purpose::Evaluate) {
            self.cancel_search();
        }
        self.effects.push(Effect::SaveSettings(self.state.settings));
        self.changed();
    }

    /// The canvas's place changed, or may have (a resize observer's first report gives the size
    /// the page opened at: then nothing changes, and nothing is drawn again).
    fn relayout(&mut self, width: f64, height: f64, pixel_ratio: f64) {
        let size = CanvasSize { width: width.max(1.0), height: height.max(1.0), pixel_ratio };
        if self.canvas == Some(size) {
            return;
        }
        let resized = self.canvas.is_none_or(|before| (before.width, before.height) != (size.width, size.height));
        self.canvas = Some(size);
        if resized {
            self.layout = Layout::new(size.width, size.height, self.state.bottom(), self.state.tutorial.is_none());
            // What was sliding was planned on the old layout: show the end of it at once.
            self.state.anim = None;
        }
        self.effects.push(Effect::SizeCanvas(size));
        self.effects.push(Effect::Redraw);
    }

    fn frame(&mut self, now_ms: f64) {
        self.now_ms = now_ms;
        if let Some(celebration) = self.state.celebration.as_mut() {
            let start = *celebration.start_ms.get_or_insert(now_ms);
            if now_ms - start >= Celebration::DURATION_MS {
                self.state.celebration = None;
            }
            self.effects.push(Effect::Redraw);
        }
        let Some(anim) = self.state.anim.as_mut() else { return };
        anim.start_ms.get_or_insert(now_ms);
        if anim.is_done(now_ms) {
            self.state.anim = None;
        }
        // One more frame: the next step of the slide, or the still position after it.
        self.effects.push(Effect::Redraw);
    }

    fn reply(&mut self, reply: Reply) {
        if let Some(review) = self.state.review.as_mut().filter(|r| r.running && r.request == reply.id) {
            match reply.kind {
                ReplyKind::Reviewed(entry, _) => review.add(entry),
                ReplyKind::Done { .. } => review.running = false,
                ReplyKind::Failed(message) => {
                    review.running = false;
                    self.state.notice = Some(Notice::ReviewFailed(message));
                }
                ReplyKind::Info { .. } => {}
            }
            self.refresh_controls();
            return;
        }
        // A reply for a search that was cancelled or superseded is of no use.
        let Some(thinking) = self.state.thinking.filter(|t| t.request == reply.id) else { return };
        let position = *self.state.position();
        match reply.kind {
            ReplyKind::Info { depth, score } => {
                self.state.evaluation = Some((position, score));
                self.state.thinking = Some(Thinking { depth, ..thinking });
                self.refresh_controls();
                self.effects.push(Effect::Redraw);
            }
            ReplyKind::Done { best, score } => {
                if let Some(score) = score {
                    self.state.evaluation = Some((position, score));
                }
                self.state.thinking = None;
                let legal = best.filter(|m| self.state.game.legal_moves().contains(m));
                match thinking.purpose {
                    Purpose::Hint => self.state.hint = legal,
                    Purpose::Evaluate => self.evaluated = Some(position),
                    Purpose::Move => match legal {
                        Some(m) => {
                            if let Some(run) = self.state.puzzle.as_mut() {
                                let game = &self.state.game;
                                let out_of_moves = run.plies_left(game.moves().len()) == 0;
                                let still_lost = matches!(score, Some(Score::Loss(_)));
                                run.defended(game, (!out_of_moves).then_some(m), still_lost);
                            }
                            self.held = Some(m);
                        }
                        None => {
                            let answer = best.map_or("no move".to_string(), |m| m.to_string());
                            self.stop_ai(Purpose::Move, format!("the AI answered {answer}, not a legal move"));
                        }
                    },
                }
                self.refresh_controls();
                self.effects.push(Effect::Redraw);
            }
            ReplyKind::Failed(message) => {
                self.state.thinking = None;
                self.stop_ai(thinking.purpose, message);
            }
            ReplyKind::Reviewed(..) => {}
        }
    }

    /// A search failed: an evaluation is not retried for this position; the AI's own move
    /// waits until the player undoes or starts again, and the player is told.
    fn stop_ai(&mut self, purpose: Purpose, message: String) {
        self.effects.push(Effect::Log(format!("AI: {message}")));
        match purpose {
            Purpose::Evaluate => self.evaluated = Some(*self.state.position()),
            Purpose::Hint => {}
            Purpose::Move => {
                self.ai_stopped = true;
                self.state.notice = Some(Notice::AiFailed(message));
            }
        }
        self.refresh_controls();
        self.effects.push(Effect::Redraw);
    }

    /// Plays a legal move with its animation; anything else is refused and changes nothing.
    fn play(&mut self, m: Move) {
        let before = scene(&self.state, &self.layout);
        let position = *self.state.position();
        // In the tutorial the person plays the step's move, once; anything else is refused.
        let tutorial = self.state.tutorial.filter(|_| self.state.mode.is_human(position.to_move()));
        if let Some(run) = tutorial.filter(|run| run.done || !run.current().accepts(m)) {
            let refused = TutorialRun { wrong: !run.done, ..run };
            self.state.tutorial = Some(refused);
            self.state.clear_selection();
            self.sound(Sound::Refused);
            // The refusal is said in the title row, which is no live region: say it out loud.
            if let Some(why) = self.state.tutorial_file().flatten().and_then(|f| refused.refusal(self.state.lang(), f))
            {
                self.effects.push(Effect::Announce(why));
            }
            self.refresh_controls();
            self.effects.push(Effect::Redraw);
            return;
        }
        // The board's own input, as every intent: a resigned game takes no move (the opponent's
        // moves online come here too, so that is the one refusal judged here).
        if self.state.ended_by_word() {
            self.effects.push(Effect::Log(format!("move {m} refused: {}", Refusal::EndedByWord)));
            return;
        }
        if let Err(error) = self.state.game.play(m) {
            self.effects.push(Effect::Log(format!("move {m} refused: {error}")));
            return;
        }
        if self.state.mode == (Mode::Online { you: position.to_move() }) {
            self.online_moved(m, self.state.game.moves().len() - 1);
        }
        // A move made from a position looked back at continues the game from there.
        self.state.viewing = None;
        self.close_review();
        let lang = self.state.lang();
        let outcome = self.state.game.outcome();
        if outcome.is_some() {
            self.game_ended();
        }
        if let Some(run) = self.state.puzzle.as_mut() {
            let was = run.status;
            run.after_move(&self.state.game);
            // A solution shown is the engine's win, not the player's.
            if run.status != was && run.solved_cleanly() {
                self.effects.push(Effect::PuzzleSolved(run.puzzle.id));
                if !self.state.solved.contains(&run.puzzle.id) {
                    self.state.solved.push(run.puzzle.id);
                }
            }
        }
        self.effects.push(Effect::Announce(text::announce_move(lang, &position, m, outcome)));
        let sounds = sound::of_move(&position, m, outcome, self.state.mode);
        // A solution shown ends as the engine's win, not the player's.
        let shown = self.state.puzzle.is_some_and(|run| run.shown);
        for &sound in &sounds {
            self.sound(if shown && sound == Sound::Win { Sound::End } else { sound });
        }
        // Whatever was being searched was for the position just left.
        self.cancel_search();
        self.held = None;
        // A notice stays until the player acts, not only until the AI answers.
        if self.state.mode.is_human(position.to_move()) {
            self.state.notice = None;
        }
        let slide = match m {
            Move::Step { from, to, .. } => Some((from, to)),
            Move::Pass { .. } => None,
        };
        self.after_move(Some(before), slide);
        if matches!(self.state.mode, Mode::Watch { .. }) && !self.state.reduced_motion {
            // Time to see the move before the next one (with motion reduced, nothing moves and
            // the games go at the AI's pace).
            let rest = self.state.settings.watch_speed.rest_ms();
            self.rest_until = Some(self.now_ms + super::anim::DURATION_MS + rest);
        }
        // A solution shown is no win of the player's to celebrate.
        if sounds.contains(&Sound::Win) && !self.state.reduced_motion && !shown {
            self.state.celebration = Some(Celebration { start_ms: None });
        }
        // The tutorial is offered until the player has played (the AI may begin).
        if self.state.mode.is_human(position.to_move()) {
            self.state.first_visit = false;
        }
        if let (Some(run), Some(_)) = (self.state.tutorial.as_mut(), tutorial) {
            (run.done, run.wrong) = (true, false);
            // The opponent's answer, shown once the move has slid.
            self.held = run.current().reply();
            self.refresh_controls();
        }
    }

    /// The person (or in pass and play the side to move) gives the game up: it ends as a move
    /// that ends it does, with its banner, sound and place among the finished games.
    fn resign(&mut self) {
        let Some(by) = self.state.resigner() else {
            self.effects.push(Effect::Log("resigning is not offered now".to_string()));
            return;
        };
        let before = scene(&self.state, &self.layout);
        let outcome = match self.state.game.resign(by) {
            Ok(outcome) => outcome,
            Err(error) => {
                self.effects.push(Effect::Log(format!("resignation refused: {error}")));
                return;
            }
        };
        // Whatever was being searched or held is for a game that has ended.
        self.cancel_search();
        self.held = None;
        self.rest_until = None;
        self.state.notice = None;
        self.game_ended();
        self.effects.push(Effect::Announce(text::result(self.state.lang(), outcome, self.state.mode)));
        self.sound(sound::of_end(outcome, self.state.mode));
        self.after_move(Some(before), None);
    }

    /// Undo (`back`) or redo, with the moved piece sliding back or forth.
    fn step_history(&mut self, back: bool) {
        let before = scene(&self.state, &self.layout);
        let stepped =
            if back { self.state.game.moves().last().copied() } else { self.state.game.redoable().next().copied() };
        // A solution shown plays itself: there is nothing to take back (the move list looks back).
        let shown = self.state.puzzle.is_some_and(|run| run.shown);
        let changed = !shown && if back { board::undo(&mut self.state) } else { board::redo(&mut self.state) };
        if !changed {
            return;
        }
        if let Some(run) = self.state.puzzle.as_mut() {
            let resumed = PuzzleRun::resume(run.puzzle, run.daily, &self.state.game);
            *run = PuzzleRun { helped: run.helped || resumed.helped, ..resumed };
        }
        self.cancel_search();
        self.held = None;
        self.rest_until = None;
        self.ai_stopped = false;
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
    fn after_move(&mut self, before: Option<super::anim::Scene>, slide: Option<(Square, Square)>) {
        self.state.clear_selection();
        self.state.hint = None;
        self.state.result_dismissed = false;
        self.state.celebration = None;
        let turned = self.state.bottom() != self.layout.bottom;
        self.face_the_bottom();
        let Some(before) = before else {
            self.state.anim = None;
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
        self.state.anim = (!self.state.reduced_motion && (turned || !plan.is_empty())).then_some(plan);
        self.changed();
    }

    /// Shows the position after `ply` moves of the line; at its end, looking back is over.
    fn view(&mut self, ply: usize) {
        let end = self.state.viewing.unwrap_or(self.state.game.moves().len());
        if ply.min(end) == self.state.game.moves().len() && (self.state.viewing.is_none() || ply < end) {
            return;
        }
        self.cancel_search();
        self.held = None;
        self.rest_until = None;
        let before = scene(&self.state, &self.layout);
        let from = self.state.game.moves().len();
        self.show_ply(ply);
        // One move forward or back slides as undo and redo do; a jump over more shows at once
        // (the moves in between would be ghosts crossing the board).
        let game = &self.state.game;
        let stepped = match game.moves().len() {
            to if to == from + 1 => game.moves().last().copied().map(|m| (m, false)),
            to if to + 1 == from => game.redoable().next().copied().map(|m| (m, true)),
            _ => None,
        };
        let slide = match stepped {
            Some((Move::Step { from, to, .. }, back)) => Some(if back { (to, from) } else { (from, to) }),
            _ => None,
        };
        self.after_move(stepped.map(|_| before), slide);
    }

    /// Steps the game's line to `ply` moves; short of its end, that is looking back.
    fn show_ply(&mut self, ply: usize) {
        let end = self.state.viewing.unwrap_or(self.state.game.moves().len());
        let ply = ply.min(end);
        while self.state.game.moves().len() > ply && self.state.game.undo().is_some() {}
        while self.state.game.moves().len() < ply && self.state.game.redo().is_some() {}
        self.state.viewing = (ply < end).then_some(end);
    }

    fn start_review(&mut self) {
        if self.state.review.as_ref().is_some_and(|r| r.running) || self.state.line().moves().is_empty() {
            return;
        }
        // The game itself is reviewed, not an engine line shown in its place.
        self.leave_variation();
        self.close_review();
        self.cancel_search();
        self.held = None;
        self.last_request += 1;
        let game = self.state.line();
        let movetime_ms = super::review::REVIEW_MS;
        self.effects.push(Effect::StartReview { id: self.last_request, game: game.clone(), movetime_ms });
        self.state.review = Some(Review::new(self.last_request, game));
        self.state.result_dismissed = true;
        self.refresh_controls();
        // The Review button pressed has gone with the result: the focus follows into the panel.
        self.effects.push(Effect::Focus(Focus::Review));
    }

    /// A game has reached its end: it is kept among the finished ones (puzzles are not games to
    /// keep), and a game against the AI counts in the player's record, once, however often undo
    /// and redo bring the end back.
    fn game_ended(&mut self) {
        let (game, mode) = (&self.state.game, self.state.mode);
        let kept = self.state.puzzle.is_none() && self.state.tutorial.is_none();
        let Some(outcome) = game.outcome().filter(|_| kept) else { return };
        self.state.finished = crate::save::with_finished(std::mem::take(&mut self.state.finished), game, mode);
        self.effects.push(Effect::KeepFinished(self.state.game.clone(), mode));
        if let Mode::VsAi { human, level } = mode
            && !self.counted
        {
            self.counted = true;
            self.state.standings.record(level, human, outcome);
            self.effects.push(Effect::SaveStandings(self.state.standings.clone()));
        }
    }

    /// Before a puzzle, another game's review or an opened record takes the board: the game in
    /// progress (begun, not over, not a puzzle) is put aside to come back to. What is already
    /// aside stays: it is the player's own game.
    fn put_aside(&mut self) {
        let state = &self.state;
        let game = state.review.as_ref().map_or_else(|| state.line(), |review| review.game.clone());
        // An online game cannot wait: it is played on the other side.
        let in_progress = super::state::in_progress(&game, state.mode, state.received)
            && state.puzzle.is_none()
            && state.tutorial.is_none()
            && !matches!(state.mode, Mode::Online { .. });
        if state.aside.is_none() && in_progress {
            self.state.aside = Some(AsideGame { game, mode: state.mode });
        }
    }

    /// Puts the game set aside back on the board, as it was left.
    fn back_to_my_game(&mut self) {
        let Some(AsideGame { game, mode }) = self.state.aside.take() else { return };
        self.start_game(game, mode);
    }

    /// Closes the review, ending its worker if it still runs.
    fn close_review(&mut self) {
        self.review_stands_in = false;
        if let Some(review) = self.state.review.take()
            && review.running
        {
            self.effects.push(Effect::CancelReview);
        }
    }

    /// Puts the reviewed game back on the board in place of the engine's line.
    fn leave_variation(&mut self) {
        let Some(ply) = self.state.review.as_mut().and_then(|r| r.variation.take()) else { return };
        // A search for the line's position must not answer for the game's.
        self.cancel_search();
        self.held = None;
        let Some(review) = self.state.review.as_ref() else { return };
        let mut game = review.game.clone();
        let end = game.moves().len();
        while game.moves().len() > ply && game.undo().is_some() {}
        self.state.game = game;
        self.state.viewing = (ply < end).then_some(end);
        // The game may face another side than the engine's line did.
        self.face_the_bottom();
    }

    /// Lays the board out for the side that faces the player now, with the lines by each
    /// player's row but in the tutorial.
    fn face_the_bottom(&mut self) {
        self.layout =
            Layout::new(self.layout.width, self.layout.height, self.state.bottom(), self.state.tutorial.is_none());
    }

    fn best_line(&mut self, ply: usize) {
        let Some(game) = self.state.review.as_ref().and_then(|r| r.variation_game(ply)) else { return };
        self.leave_variation();
        self.cancel_search();
        self.held = None;
        let mut whole = game.clone();
        while whole.redo().is_some() {}
        self.state.viewing = (whole.moves().len() > ply).then_some(whole.moves().len());
        self.state.game = game;
        if let Some(review) = self.state.review.as_mut() {
            review.variation = Some(ply);
        }
        // The engine's line replaces the game's: shown at once.
        self.after_move(None, None);
    }

    /// A deal at random from the cards enabled.
    fn new_deal(&mut self) -> Game {
        Game::from_deal(&deck::drawn(self.state.settings.cards, &mut self.dice))
    }

    fn start_game(&mut self, game: Game, mode: Mode) {
        self.close_review();
        self.cancel_search();
        // A question about the game that leaves goes with it.
        self.after_abandon = None;
        let next = State::new(game, mode, self.state.settings, self.state.reduced_motion, self.state.seed);
        let mut previous = std::mem::replace(&mut self.state, next);
        // Online play goes on with an online game, and is left for any other.
        if matches!(mode, Mode::Online { .. }) {
            self.state.online = previous.online.take();
        } else if previous.online.take().is_some() {
            self.send_online(Command::Leave);
        }
        // What the page knows apart from any game.
        self.state.system_dark = previous.system_dark;
        self.state.puzzle_set = previous.puzzle_set;
        self.state.solved = previous.solved;
        self.state.aside = previous.aside;
        self.state.standings = previous.standings;
        self.state.finished = previous.finished;
        self.state.records_shown = previous.records_shown;
        self.state.unreadable_save = previous.unreadable_save;
        self.state.tutorial_done = previous.tutorial_done;
        self.state.first_visit = previous.first_visit;
        self.state.tutorial_texts = previous.tutorial_texts;
        self.state.expansion_emblems = previous.expansion_emblems;
        self.review_stands_in = false;
        // A game opened already over (a record, a reload) has had its end, or was never played here.
        self.counted = self.state.game.outcome().is_some();
        self.held = None;
        self.ai_stopped = false;
        self.evaluated = None;
        self.rest_until = None;
        self.face_the_bottom();
        let lang = self.state.lang();
        self.effects.push(Effect::Announce(text::describe_position(lang, self.state.position())));
        self.changed();
    }

    fn choose_puzzle(&mut self, choice: Choice) {
        let Some(set) = self.state.puzzle_set.clone() else {
            if self.puzzle_asked.replace((choice, *self.state.game.start())).is_none() {
                self.effects.push(Effect::FetchPuzzles);
            }
            return;
        };
        let enabled = self.state.settings.cards;
        match choose(&set, enabled, &self.state.solved, choice, self.state.puzzle.as_ref()) {
            Some((puzzle, daily)) => self.intent(Intent::Puzzle { puzzle, daily }),
            // Only the cards of the deck are offered: with too few of them, no puzzle.
            None if offered(&set, enabled).is_empty() => {
                self.state.notice = Some(Notice::NoPuzzleOffered);
                self.refresh_controls();
            }
            None => self.effects.push(Effect::Log("no such puzzle is offered with the deck's cards".to_string())),
        }
    }

    /// Starts the puzzle on the board again from its start, its solution to play itself out
    /// move by move (`settle` plays each next move once the last has slid and rested).
    fn show_solution(&mut self) {
        let Some(run) = self.state.puzzle.filter(PuzzleRun::offers_solution) else {
            self.effects.push(Effect::Log("no puzzle's solution to show now".to_string()));
            return;
        };
        self.start_game(Game::new(run.puzzle.position), self.state.mode);
        let shown = PuzzleRun::showing_solution(run.puzzle, run.daily);
        self.state.puzzle = Some(shown);
        self.effects.push(Effect::Announce(shown.line(self.state.lang(), &self.state.game)));
        self.changed();
    }

    fn hint(&mut self) {
        if !self.state.human_to_move() || self.thinking_for(Purpose::Hint) {
            return;
        }
        // A hint matters more than the bar, which asks again once the hint is in.
        if self.thinking_for(Purpose::Evaluate) {
            self.cancel_search();
        }
        self.ask(Purpose::Hint);
        if let Some(run) = self.state.puzzle.as_mut() {
            run.helped = true;
            self.changed();
        }
        self.refresh_controls();
    }

    fn sound(&mut self, sound: Sound) {
        if self.state.settings.sound {
            self.effects.push(Effect::Sound(sound));
        }
        if let Some(ms) = sound::vibration(sound, &self.state) {
            self.effects.push(Effect::Vibrate(ms));
        }
    }

    fn thinking_for(&self, purpose: Purpose) -> bool {
        self.state.thinking.is_some_and(|t| t.purpose == purpose)
    }

    fn changed(&mut self) {
        self.refresh_controls();
        // In the tutorial the save holds its step, and the player's game in progress aside: a
        // reload comes back to the step, and leaving it to the game.
        if !self.state.hold_save {
            self.effects.push(Effect::SaveGame(self.save_file()));
        }
        self.effects.push(Effect::Redraw);
    }

    /// Puts the tutorial's step `step` on the board, played as Red against a silent opponent.
    fn tutorial_step(&mut self, step: usize) {
        let Some(position) = STEPS.get(step).and_then(|s| s.start()) else { return };
        let level = self.state.mode.level().unwrap_or_default();
        self.start_game(Game::new(position), Mode::VsAi { human: Color::Red, level });
        self.state.tutorial = Some(TutorialRun::new(step));
        self.face_the_bottom();
        // Saved as the tutorial's step, not as a game of the player's.
        self.effects.retain(|e| !matches!(e, Effect::SaveGame(_)));
        self.changed();
    }

    /// Ends the tutorial (finished or left), remembered as done: the game put aside comes back,
    /// or a new deal starts in the way the player last played.
    fn leave_tutorial(&mut self) {
        self.state.tutorial_done = true;
        self.effects.push(Effect::TutorialDone);
        if self.state.aside.is_some() {
            return self.back_to_my_game();
        }
        match self.before_tutorial.take() {
            Some((start, mode)) => self.start_game(Game::new(start), mode),
            None => {
                let game = self.new_deal();
                self.start_game(game, self.state.mode);
            }
        }
    }

    /// After every event: show the AI's held move once the screen is still, and keep the AI
    /// searching whenever it has something to do (its move, or the bar's evaluation).
    fn settle(&mut self) {
        let rested = self.rest_until.is_none_or(|until| self.now_ms >= until);
        if self.held.is_some() && self.state.anim.is_none() && !rested && !self.state.watch_paused {
            // Frames keep coming until the rest is over.
            self.effects.push(Effect::Redraw);
        }
        let paused = self.state.watch_paused;
        if self.state.anim.is_none()
            && rested
            && !paused
            && let Some(m) = self.held.take()
        {
            self.rest_until = None;
            self.play(m);
        }
        // A solution shown: its next move, once the board is still and the line is not looked back at.
        let state = &self.state;
        if self.held.is_none()
            && state.anim.is_none()
            && state.viewing.is_none()
            && state.review.is_none()
            && let Some(m) = state.puzzle.and_then(|run| run.next_shown_move(&state.game))
        {
            self.held = Some(m);
            self.rest_until = Some(self.now_ms + SOLUTION_PAUSE_MS);
            // Frames keep coming until the rest is over.
            self.effects.push(Effect::Redraw);
        }
        if self.ai_stopped || self.state.thinking.is_some() || self.held.is_some() {
            return;
        }
        let state = &self.state;
        let wants_evaluation = state.settings.evaluation
            && !matches!(state.mode, Mode::Online { .. })
            && state.game.outcome().is_none()
            && state.evaluation().is_none()
            && self.evaluated != Some(*state.position());
        if wants_evaluation {
            self.ask(Purpose::Evaluate);
        } else if state.ai_to_move() && !state.watch_paused && !state.puzzle.is_some_and(|run| run.shown) {
            self.ask(Purpose::Move);
        }
    }

    fn ask(&mut self, purpose: Purpose) {
        self.last_request += 1;
        let id = self.last_request;
        let positions = self.state.game.positions();
        let (earlier, current) = positions.split_at(positions.len() - 1);
        let (position, earlier) = (current[0], earlier.to_vec());
        let plies_left = self.state.puzzle.map(|run| run.plies_left(self.state.game.moves().len()));
        let request = match (purpose, plies_left, self.state.mode.level()) {
            // The puzzle's opponent is the exact defence, not a level.
            (Purpose::Move, Some(plies), _) => EngineRequest::Defend { id, plies, position },
            (Purpose::Move, None, Some(level)) => {
                // A level's dice, 32 bits (a JavaScript number carried them once).
                let seed = (self.dice.next_u64() >> 32) as u32;
                EngineRequest::LevelMove { id, level: level.params(), seed, position, earlier }
            }
            _ => {
                let movetime = if purpose == Purpose::Evaluate { EVALUATION_MS } else { HINT_MS };
                let limits = Limits { movetime_ms: Some(movetime), ..Limits::default() };
                EngineRequest::Search { id, limits, position, earlier }
            }
        };
        self.state.thinking = Some(Thinking { request: id, purpose, depth: 0 });
        self.effects.push(Effect::StartSearch(SearchOrder { purpose, request }));
        self.refresh_controls();
        self.effects.push(Effect::Redraw);
    }

    fn cancel_search(&mut self) {
        if self.state.thinking.take().is_some() {
            self.effects.push(Effect::CancelSearch);
        }
    }
}

/// Whether a card of an expansion is among the five of `position`.
fn shows_expansion_card(position: &Position) -> bool {
    let [red, blue] = Color::ALL.map(|color| position.hand(color));
    red.union(blue).with(position.side_card()).any(|card| card.pack() != Pack::Base)
}
