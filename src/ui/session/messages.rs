//! What reaches the session (`Event`: the player's intents, a frame, a worker's reply, a fetched
//! file…) and what it asks the shell to do (`Effect`).

use crate::ai::Score;
use crate::ai::puzzle::Puzzle;
use crate::ai::review::PlyReview;
use crate::engine_protocol::worker::{EndgameReport, EndgameRequest, EngineReport, EngineRequest};
use crate::online::bridge::Command;
use crate::online::host::ToPage;
use crate::rules::{Game, Move, Position};
use crate::save::SaveFile;
use crate::ui::deck;
use crate::ui::intent::{Intent, SettingsPatch};
use crate::ui::keyboard::Key;
use crate::ui::layout::CanvasSize;
use crate::ui::settings::Settings;
use crate::ui::sound::Sound;
use crate::ui::standings::Standings;
use crate::ui::state::{Mode, Notice, Purpose};
use crate::ui::text::TextsFile;
use crate::ui::view::ControlsView;
use std::rc::Rc;

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
    /// The endgame worker's answer to `Effect::AskExact`.
    Exact(EndgameReport),
    /// The endgame worker could not start, died, or said something that does not read.
    EndgameFailed(String),
    /// Something to tell the player that arose outside the game (a broken link).
    Notice(Notice),
    /// The puzzle set has come, as `Effect::FetchPuzzles` asked, or could not be had (why).
    PuzzleSet(Result<Rc<Vec<Puzzle>>, String>),
    /// The system's colour preference, at start and when it changes.
    SystemDark(bool),
    /// The link was copied, or the browser refused (`Effect::CopyLink`).
    LinkCopied(bool),
    /// A texts file, fetched as `Effect::FetchTexts` asked; none if it could not be had (a
    /// language's page stays in the language shown, its errors in English, the tutorial and the
    /// rules say so).
    Texts {
        file: TextsFile,
        text: Option<String>,
    },
    /// What the online module said (read from its line by the shell).
    ///
    /// It holds the features' proof (`crate::ui::features`): only the whole page hears the
    /// module, and a first visit's build leaves out all that reads its lines.
    Online(crate::ui::features::Features, ToPage),
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
            EngineReport::Lines { id, depth, lines, .. } => (id, ReplyKind::Lines { depth, lines }),
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
    /// The analysis board's best lines after a finished depth, best first.
    Lines {
        depth: u32,
        lines: Vec<crate::ai::Line>,
    },
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
            | EngineRequest::Defend { position, .. }
            | EngineRequest::Lines { position, .. } => *position,
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
    /// Ask the endgame worker (started if need be, never ended: it keeps the deal's tables) for
    /// a position's exact value and best move, and send its answer back as `Event::Exact`.
    AskExact(EndgameRequest),
    /// Draw this picture of the board from the next frame on (and send `Frame` with its time).
    Redraw(Box<crate::ui::scene::Picture>),
    /// Send `Frame` with the next frame's time: time passes for the session (a rest between the
    /// AI's moves), with nothing new to draw.
    NextFrame,
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
    /// Copy the page's address with this fragment, select it in the Records dialog, and send
    /// `Event::LinkCopied`.
    CopyLink(String),
    /// Fetch a texts file (`TextsFile::path`), and send it back as `Event::Texts`.
    FetchTexts(TextsFile),
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
    /// The editor's tray, opened by a button that its opening hides.
    SetupTray,
    /// The analysis board's panel, opened from a menu, a banner or a dialog that its opening
    /// hides: its Stop button (`toggle`), or Play from here once the game is over on the board.
    Analysis { toggle: bool },
    /// The minutes of a clock of one's own in the New game dialog, after a Start it refused.
    OwnClockMinutes,
    /// The ◀ (`back`) or ▶ button by the moves (the sheet's, while it is open), when the other
    /// one is disabled under the focus.
    StepButton { back: bool, sheet: bool },
}
