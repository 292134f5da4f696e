//! The page's session: every decision the page makes, behind one entry, `update(event) -> effects`.
//!
//! Events say what happened (a pointer or a key on the board, a button's intent, a setting, a
//! relayout, a frame at a time, a reply from the AI's worker); effects say what the browser must
//! do (start or cancel a search, draw, refresh the controls, save, announce). Time enters only
//! with frames and pointer events, so the whole session runs and is tested natively.
//!
//! Here: the session's state, `update`'s dispatch, the board's input and a game's start. Beside
//! it: the events and effects (`messages`), the player's intents (`intents`), moves, undo and a
//! game's end (`play`), the page's settings and files (`page`), the engine's searches
//! (`engine`), reviews, puzzles, the tutorial, the analysis board and online play.

use super::anim::Celebration;
use super::deck;
use super::dialog::RecordsMessage;
use super::features::Features;
use super::history::History;
use super::keyboard::{self, Key, KeyResult};
use super::layout::{CanvasSize, Layout};
use super::pointer;
use super::scene::Picture;
use super::sound::{self, Sound};
use super::state::{AsideGame, Mode, Purpose, State};
use super::text::{self, TextsFile};
use super::view::{ControlsView, controls};
use crate::online::bridge::Command;
use crate::rules::{Game, Move, Position};
use crate::save::SaveFile;

mod analysis;
mod engine;
mod intents;
mod messages;
mod online;
mod page;
mod play;
mod puzzle;
mod review;
mod setup;
mod tutorial;

pub use messages::{Effect, Event, Focus, PointerPhase, Reply, ReplyKind, SearchOrder};

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
pub struct Session {
    state: State,
    layout: Layout,
    /// The canvas's size, as last given to it.
    canvas: Option<CanvasSize>,
    last_request: u32,
    /// The time of the latest frame.
    now_ms: f64,
    /// When and where the last click selected something (for double-clicks).
    last_select: Option<(f64, f64, f64)>,
    /// The endgame worker's request the AI's move waits for (`Effect::AskExact`).
    exact_asked: Option<u32>,
    /// The position the endgame worker gave no value for: the level's search plays it.
    exact_refused: Option<Position>,
    /// The endgame worker failed: the levels' searches play every position from now on.
    exact_unavailable: bool,
    effects: Vec<Effect>,
    /// What the update wants done once, as it ends, for the state it leaves.
    wants: Wants,
}

/// The effects an update asks for once, whatever asked for them: made from the state as the
/// update ends (the controls' view, the save), so that none is made early and mended later.
#[derive(Clone, Copy, Debug, Default)]
struct Wants {
    controls: bool,
    redraw: bool,
    frame: bool,
    save: bool,
}

impl Session {
    pub fn new(state: State) -> Session {
        let layout = Layout::new(1.0, 1.0, state.bottom(), state.tutorial().is_none());
        Session {
            state,
            layout,
            canvas: None,
            last_request: 0,
            now_ms: 0.0,
            last_select: None,
            exact_asked: None,
            exact_refused: None,
            exact_unavailable: false,
            effects: Vec::new(),
            wants: Wants::default(),
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
        self.state.board.anim.is_some() || (self.state.ai.held.is_some() && !self.state.ai.paused)
    }

    /// The AI's answer waiting to be shown.
    pub fn held_move(&self) -> Option<Move> {
        self.state.ai.held
    }

    /// Whether the AI has stopped after a failure of its worker.
    pub fn ai_stopped(&self) -> bool {
        self.state.ai.stopped
    }

    /// What is saved: the game and how it is played.
    pub fn save_file(&self) -> SaveFile {
        SaveFile {
            // Looking back changes nothing: the whole line is kept.
            game: self.state.game_line(),
            mode: self.state.mode,
            show_evaluation: self.state.page.settings.evaluation,
            language: Some(self.state.lang().code().to_string()),
            puzzle: self.state.puzzle().map(|run| crate::save::SavedPuzzle {
                id: run.puzzle.id,
                plies: run.puzzle.plies,
                daily: run.daily,
                shown: run.shown,
                helped: run.helped,
            }),
            aside: self.state.aside.clone(),
            online: self.state.online.as_ref().and_then(|online| online.saved.clone()),
            tutorial: self.state.tutorial().map(|run| run.step),
            analysis: self
                .state
                .analysis()
                .filter(|_| Features::here().is_some())
                .map(|run| run.saved(&self.state.board.history)),
        }
    }

    pub fn update(&mut self, event: Event) -> Vec<Effect> {
        if matches!(event, Event::Intent(_) | Event::Key(_) | Event::Pointer { phase: PointerPhase::Down, .. }) {
            self.state.page.hold_save = false;
        }
        match event {
            Event::Opened => {
                self.restore_online();
                self.changed();
            }
            Event::Pointer { phase, x, y, time_ms } => self.pointer(phase, x, y, time_ms),
            Event::PointerCancel => {
                self.state.board.drag = None;
                self.redraw();
            }
            Event::Key(key) => self.key(key),
            Event::Intent(intent) => self.intent(intent),
            Event::Settings(patch) => self.settings(patch),
            Event::Relayout { width, height, pixel_ratio } => self.relayout(width, height, pixel_ratio),
            Event::Frame { now_ms } => self.frame(now_ms),
            Event::Reply(reply) => self.reply(reply),
            // Only the features ask for these: without them (`crate::ui::features`) their code is left out.
            Event::Online(..)
            | Event::OnlineUnavailable
            | Event::PuzzleSet(_)
            | Event::Texts { file: TextsFile::Tutorial(_), .. }
                if Features::here().is_none() => {}
            Event::Online(_, said) => self.online_said(said),
            Event::OnlineUnavailable => self.online_unavailable(),
            Event::PuzzleSet(set) => self.puzzle_set_heard(set),
            Event::SystemDark(dark) => self.system_dark(dark),
            Event::Texts { file, text } => self.texts_heard(file, text),
            Event::Notice(notice) => {
                self.state.notice = Some(notice);
                self.refresh_controls();
            }
            Event::LinkCopied(copied) => {
                self.say_in_records(if copied { RecordsMessage::LinkCopied } else { RecordsMessage::LinkNotCopied });
            }
            Event::Deck(switch) => self.deck_switched(switch),
            Event::Emblems(file) => self.emblems_heard(file),
            Event::WorkerFailed(message) => {
                // The shell drops the dead worker; the next search starts a new one.
                self.effects.push(Effect::CancelSearch);
                // A move asked of the endgame worker is not the search's to fail.
                let searching = self.state.ai.thinking.filter(|t| Some(t.request) != self.exact_asked);
                if let Some(thinking) = searching {
                    self.state.ai.thinking = None;
                    self.stop_ai(thinking.purpose, message);
                }
            }
            Event::Exact(report) => self.exact_heard(report),
            Event::EndgameFailed(message) => self.exact_failed(message),
        }
        self.settle();
        // The controls and the board show the state as the update ends, before any effect that
        // reads them (a focus moved into a panel just shown); the save comes last.
        let wants = std::mem::take(&mut self.wants);
        let mut effects = Vec::with_capacity(self.effects.len() + 3);
        if wants.controls {
            effects.push(Effect::Controls(Box::new(controls(&self.state))));
        }
        if wants.redraw {
            effects.push(Effect::Redraw(Box::new(Picture::of(&self.state, &self.layout))));
        } else if wants.frame {
            effects.push(Effect::NextFrame);
        }
        effects.append(&mut self.effects);
        if wants.save && !self.state.page.hold_save {
            effects.push(Effect::SaveGame(self.save_file()));
        }
        self.files_wanted(&mut effects);
        effects
    }

    /// The controls' view of the state now (as `Effect::Controls` carries it).
    pub fn controls(&self) -> ControlsView {
        controls(&self.state)
    }

    /// Asks for the controls and the board to show the state (each made once, as the update
    /// ends): what the controls say, the board draws from the same state (whose turn, what invites
    /// a move, the coordinates).
    fn refresh_controls(&mut self) {
        self.wants.controls = true;
        self.wants.redraw = true;
    }

    /// Asks for the board's picture to be made as the update ends, and drawn (also where only the
    /// canvas changed: a canvas resized is blank).
    fn redraw(&mut self) {
        self.wants.redraw = true;
    }

    /// Asks for the next frame's time, with nothing new to draw.
    fn next_frame(&mut self) {
        self.wants.frame = true;
    }

    fn pointer(&mut self, phase: PointerPhase, x: f64, y: f64, time_ms: f64) {
        if self.setup_pointer(phase, x, y) {
            return;
        }
        match phase {
            PointerPhase::Down => {
                // The keyboard's frame goes with the mouse; the next arrow key brings it back.
                self.state.board.focus = None;
                pointer::pointer_down(&mut self.state, &self.layout, x, y);
                self.redraw();
            }
            PointerPhase::Move => {
                if pointer::pointer_move(&mut self.state, x, y) {
                    self.redraw();
                }
            }
            PointerPhase::Up => {
                let before = (self.state.board.selected_card, self.state.board.selected_piece);
                let (choice, preview) = (self.state.board.card_choice, self.state.board.preview);
                if let Some(m) = pointer::pointer_up(&mut self.state, &self.layout, x, y) {
                    // The move came from the legal list, so it plays.
                    self.play(m);
                    return;
                }
                let after = (self.state.board.selected_card, self.state.board.selected_piece);
                if after == before && self.state.board.card_choice == choice && self.state.board.preview == preview {
                    self.sound(Sound::Refused);
                }
                let dropped = (before.0.is_some() && after.0.is_none()) || (before.1.is_some() && after.1.is_none());
                let double = self.last_select.is_some_and(|(t, x0, y0)| {
                    time_ms - t < DOUBLE_CLICK_MS && (x - x0).hypot(y - y0) < pointer::DRAG_THRESHOLD
                });
                if double && dropped {
                    // The second click of a double-click: keep what the first one chose.
                    (self.state.board.selected_card, self.state.board.selected_piece) = before;
                    self.last_select = None;
                } else if after != before && (after.0.is_some() || after.1.is_some()) {
                    self.last_select = Some((time_ms, x, y));
                }
                self.redraw();
            }
        }
    }

    fn key(&mut self, key: Key) {
        if let Some(intent) = keyboard::page_intent(&self.state, key, false) {
            return self.intent(intent);
        }
        if self.state.board.anim.is_some() || self.setup_key(key) {
            return;
        }
        match keyboard::key(&mut self.state, &self.layout, key) {
            // The move came from the legal list, so it plays.
            KeyResult::Handled(Some(m)) => self.play(m),
            KeyResult::Handled(None) => self.redraw(),
            KeyResult::Asks(intent) => self.intent(intent),
            KeyResult::Ignored => {}
        }
    }

    /// A new game the player chose (and said yes to, if it takes a game's place): whatever was
    /// put aside is left too.
    fn new_game(&mut self, game: Game, mode: Mode) {
        self.state.aside = None;
        self.start_game(game.into(), mode);
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
            self.layout = Layout::new(size.width, size.height, self.state.bottom(), self.state.tutorial().is_none());
            // What was sliding was planned on the old layout: show the end of it at once.
            self.state.board.anim = None;
        }
        self.effects.push(Effect::SizeCanvas(size));
        self.redraw();
    }

    /// Time passes: a slide or a celebration starts with its first frame and ends with its last,
    /// and the picture changes only then (the shell draws the frames between from it).
    fn frame(&mut self, now_ms: f64) {
        self.now_ms = now_ms;
        if let Some(celebration) = self.state.board.celebration.as_mut() {
            let start = *celebration.start_ms.get_or_insert(now_ms);
            if now_ms - start >= Celebration::DURATION_MS {
                self.state.board.celebration = None;
                self.redraw();
            } else if start == now_ms {
                self.redraw();
            }
        }
        let Some(anim) = self.state.board.anim.as_mut() else { return };
        let start = *anim.start_ms.get_or_insert(now_ms);
        if anim.is_done(now_ms) {
            self.state.board.anim = None;
            self.redraw();
        } else if start == now_ms {
            self.redraw();
        }
    }

    /// Before a puzzle, another game's review or an opened record takes the board: the game in
    /// progress (begun, not over, not a puzzle) is put aside to come back to. What is already
    /// aside stays: it is the player's own game.
    fn put_aside(&mut self) {
        let state = &self.state;
        let game = state.review().map_or_else(|| state.game_line(), |review| review.game.clone());
        // An online game cannot wait: it is played on the other side.
        let in_progress = super::state::in_progress(&game, state.mode, state.board.history.received())
            && state.puzzle().is_none()
            && state.tutorial().is_none()
            && state.analysis().is_none()
            && !matches!(state.mode, Mode::Online { .. });
        if state.aside.is_none() && in_progress {
            self.state.aside = Some(AsideGame { game, mode: state.mode });
        }
    }

    /// Puts the game set aside back on the board, as it was left.
    fn back_to_my_game(&mut self) {
        let Some(AsideGame { game, mode }) = self.state.aside.take() else { return };
        self.start_game(game.into(), mode);
    }

    /// Lays the board out for the side that faces the player now, with the lines by each
    /// player's row but in the tutorial.
    fn face_the_bottom(&mut self) {
        self.layout =
            Layout::new(self.layout.width, self.layout.height, self.state.bottom(), self.state.tutorial().is_none());
    }

    /// A deal at random from the cards enabled.
    fn new_deal(&mut self) -> Game {
        Game::from_deal(&deck::drawn(self.state.page.settings.cards, &mut self.state.page.dice))
    }

    fn start_game(&mut self, history: History, mode: Mode) {
        self.close_review();
        self.cancel_search();
        // What the page knows apart from any game stays whole, the dialog open over the board too
        // (a question about the game that leaves goes with it).
        let mut page = std::mem::take(&mut self.state.page);
        page.games = page.games.wrapping_add(1);
        let mut previous = std::mem::replace(&mut self.state, State::on(page, history, mode));
        // Online play goes on with an online game, and is left for any other.
        if matches!(mode, Mode::Online { .. }) {
            self.state.online = previous.online.take();
        } else if previous.online.take().is_some() {
            self.send_online(Command::Leave);
        }
        self.state.aside = previous.aside;
        self.face_the_bottom();
        let announcement = text::describe_position(&self.state.texts(), self.state.position());
        self.effects.push(Effect::Announce(announcement));
        self.changed();
    }

    fn hint(&mut self) {
        if !self.state.human_to_move() || self.thinking_for(Purpose::Hint) {
            return;
        }
        // On the analysis board the hint is the engine's best line, where it has one already.
        let position = *self.state.position();
        let best_line = self.state.analysis().and_then(|run| Some(run.lines_of(&position)?.lines.first()?.first));
        if let Some(best) = best_line {
            self.state.board.hint = Some(best);
            self.refresh_controls();
            return self.redraw();
        }
        // A hint matters more than the bar or the lines, asked again once the hint is in.
        if self.thinking_for(Purpose::Evaluate) || self.thinking_for(Purpose::Lines) {
            self.cancel_search();
        }
        self.ask(Purpose::Hint);
        if let Some(run) = self.state.puzzle_mut() {
            run.helped = true;
            self.changed();
        }
        self.refresh_controls();
    }

    fn sound(&mut self, sound: Sound) {
        if self.state.page.settings.sound {
            self.effects.push(Effect::Sound(sound));
        }
        if let Some(ms) = sound::vibration(sound, &self.state) {
            self.effects.push(Effect::Vibrate(ms));
        }
    }

    fn changed(&mut self) {
        self.refresh_controls();
        // Saved as the update ends: in the tutorial the save holds its step, and the player's game
        // in progress aside, so that a reload comes back to the step, and leaving it to the game.
        self.wants.save = true;
        self.redraw();
    }
}
