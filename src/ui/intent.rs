//! What the player asks of the page: the intents that buttons, keys, dialogs and scripts send
//! to the session, and the settings they change.

use super::new_game_form::{NewGame, NewGameEdit, NewGameForm, NewGameOpens};
use super::puzzle::Choice;
use super::settings::{Theme, WatchSpeed};
use super::setup::SetupAction;
use super::text::Lang;
use crate::ai::puzzle::{Difficulty, Puzzle};
use crate::mode::Mode;
use crate::online::Invitation;
use crate::online::bridge::Command;
use crate::rules::{CardSet, Game, Move, Position};

/// What a button, a dialog or a script asks of the game.
#[derive(Clone, Debug)]
pub enum Intent {
    /// A legal move for the side to move (anything else is refused and changes nothing).
    Play(Move),
    Undo,
    Redo,
    Hint,
    NewGame {
        game: Game,
        mode: Mode,
    },
    /// The same deal again, same mode.
    Rematch,
    /// A whole game (a pasted record), keeping the mode.
    Open(Game),
    /// A game from a friend's link, shown as a record of who played it.
    OpenLink(crate::save::Linked),
    /// Close the result banner; the final position stays.
    CloseResult,
    /// The Resign button: asks whether to give the game up, if anyone may.
    AskResign,
    /// Give the game up (confirmed already): the session decides who resigns, if anyone may.
    /// Asked to leave an online game going on, this is the yes.
    Resign,
    /// The question to resign, or to abandon a game, was closed without a yes.
    KeepPlaying(Asked),
    /// Yes to the new game asked for in place of the game in progress (which is not kept).
    Abandon,
    /// A new game in place of the game in progress, its abandonment said yes to already (a
    /// script's call).
    ReplaceGame {
        game: Game,
        mode: Mode,
    },
    /// A new game from these options in place of the game in progress, its abandonment said yes
    /// to already (a script's call); a random deal is drawn with the page's dice.
    ReplaceWithNew(NewGame),
    /// Start what this form asks: a new game (asked about first if one is at stake), or online
    /// play; a seat or a deal at random is drawn with the page's dice, and cards that cannot be
    /// dealt are refused in the dialog.
    StartChosen(NewGameForm),
    /// Open the New game dialog.
    OpenNewGame(NewGameOpens),
    /// A field of the New game dialog changed.
    EditNewGame(NewGameEdit),
    /// The New game dialog's Start: the form as the player left it (`StartChosen`).
    StartNewGame,
    /// The New game dialog was closed without starting.
    CloseNewGame,
    /// Show the position after this many moves of the game's line, without changing the game.
    View(usize),
    /// Show the position at this share (0 to 1) of the game's line, as a click on the graph does.
    ViewAt(f64),
    /// Stop looking back: show the line's last position.
    BackToGame,
    /// One move back or on through the moves (the ◀ and ▶ buttons).
    Step {
        back: bool,
    },
    /// Make the position looked at the game's end, as undo does (the rest can be redone).
    ContinueHere,
    /// Review the game's whole line in the worker, move by move.
    Review,
    /// Stop the review if it runs (keeping the moves judged so far), else close it.
    CloseReview,
    /// Show the engine's line in place of this move (1 for the first) of the reviewed game.
    BestLine(usize),
    /// The engine's line in place of the move shown.
    BestLineHere,
    /// A new game one level up, as the result suggests after wins in a row: same colour, a new deal.
    NextLevel,
    /// Pause the AI playing itself (its next move waits), or go on.
    ToggleWatchPause,
    /// Put the game set aside back on the board (the puzzle, review or record shown is left).
    BackToMyGame,
    /// Open this game and review it; a game kept without its mode is shown as two people play.
    ReviewGame {
        game: Game,
        mode: Option<Mode>,
    },
    /// Play this puzzle (chosen by the date, or not).
    Puzzle {
        puzzle: Puzzle,
        daily: bool,
    },
    /// Play the puzzle this choice gives, once the set is here (fetching it first if needed).
    ChoosePuzzle(Choice),
    /// Open the list of puzzles (fetching the set if needed), at the difficulty of the puzzle on
    /// the board, else the easy ones.
    OpenPuzzleList,
    /// The list shows this difficulty's puzzles.
    PuzzleListShows(Difficulty),
    ClosePuzzleList,
    /// Play the puzzle's winning line out on the board from its start, the defence answering
    /// its best; the win then does not count as solved.
    ShowSolution,
    /// Start the tutorial at its first step (the game in progress is put aside).
    Tutorial,
    /// The tutorial's next step, once this one's move is made; after the last, the tutorial ends.
    TutorialNext,
    /// Leave the tutorial (at any step): back to the game put aside, or a new deal.
    LeaveTutorial,
    Online(OnlineAction),
    /// Open the Rules dialog (its paragraphs fetched in the page's language if they are not here).
    OpenRules,
    /// The menu, opened and closed (an act chosen in it closes it too).
    OpenMenu,
    CloseMenu,
    /// The move list's sheet, opened and closed.
    OpenMoves,
    CloseMoves,
    /// The phrases to say online, opened (while they are offered) and closed (saying one closes
    /// them too).
    OpenPhrases,
    ClosePhrases,
    /// The Rules dialog was closed.
    CloseRules,
    /// Open the Records dialog: it says nothing yet, and lists the finished games as they are now.
    OpenRecords,
    /// The Records dialog was closed.
    CloseRecords,
    /// Review the finished game listed at this place in the Records dialog (0 for the oldest).
    ReviewFinished(usize),
    /// Open the record pasted in the Records dialog, or review it; one that cannot be read is
    /// explained there, and nothing changes.
    OpenRecord {
        text: String,
        review: bool,
    },
    /// Copy the link to this game (the whole line, also while looking back).
    CopyLink,
    /// Open the analysis board on the game's line at the position shown (the game in progress is
    /// put aside): from the menu, the move list, a review or a game's end.
    Analyse,
    /// Open the analysis board on this position, in place of any analysis (a script's call).
    AnalysePosition(Position),
    /// Open the analysis board on the finished game listed at this place in the Records dialog.
    AnalyseFinished(usize),
    /// Go into the line explored in place of the line's move `ply` (1 for the first), the one at
    /// `place` among them (0 for the first played).
    EnterVariation {
        ply: usize,
        place: usize,
    },
    /// Stop the engine's lines, or start them again.
    ToggleAnalysis,
    /// Play the first move of the engine's line at this place (0 for the best).
    PlayLine(usize),
    /// Leave the analysis board: back to the game put aside, or the position analysed stays on
    /// the board as a game of two players.
    LeaveAnalysis,
    /// Setting up a position on the analysis board (`crate::ui::setup`).
    Setup(SetupAction),
}

/// Which question's dialog was closed without a yes: resigning (leaving an online game is asked
/// in the same dialog), or abandoning a game. A dialog's close is heard after what its yes asked,
/// which may be another question: it declines only its own.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Asked {
    Resign,
    Abandon,
}

impl Intent {
    /// Whether this is done by the features opened rather than played (`crate::ui::features`).
    pub fn opens_features(&self) -> bool {
        matches!(
            self,
            Intent::Review
                | Intent::OpenRecords
                | Intent::OpenNewGame(NewGameOpens::FromHere | NewGameOpens::Invite)
                | Intent::ReviewFinished(_)
                | Intent::CloseReview
                | Intent::BestLine(_)
                | Intent::BestLineHere
                | Intent::ReviewGame { .. }
                | Intent::Puzzle { .. }
                | Intent::ChoosePuzzle(_)
                | Intent::OpenPhrases
                | Intent::OpenPuzzleList
                | Intent::PuzzleListShows(_)
                | Intent::ClosePuzzleList
                | Intent::ShowSolution
                | Intent::Tutorial
                | Intent::TutorialNext
                | Intent::LeaveTutorial
                | Intent::Online(_)
                | Intent::Analyse
                | Intent::AnalysePosition(_)
                | Intent::AnalyseFinished(_)
                | Intent::EnterVariation { .. }
                | Intent::ToggleAnalysis
                | Intent::PlayLine(_)
                | Intent::LeaveAnalysis
                | Intent::Setup(_)
        )
    }
}

/// Settings to change; `None` leaves one as it is.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct SettingsPatch {
    pub language: Option<Lang>,
    pub evaluation: Option<bool>,
    pub sound: Option<bool>,
    pub theme: Option<Theme>,
    pub coordinates: Option<bool>,
    pub watch_speed: Option<WatchSpeed>,
    /// The cards dealt from; fewer than five change nothing.
    pub cards: Option<CardSet>,
}

/// What the player asks of online play, from the page's menu and dialog or a script.
#[derive(Clone, Debug, PartialEq)]
pub enum OnlineAction {
    /// A room of one's own to invite a friend to, with this deal, colour and limit.
    Invite(Invitation),
    /// A friend's room: the room itself, or a link with `#online=<room>`.
    Join(String),
    /// The next stranger who asks with the same cards.
    Find,
    /// One of the panel's buttons: the module's command.
    ///
    /// With the features' proof: only the whole page shows the module's buttons (a first visit's
    /// build leaves out what reads them).
    Press(super::features::Features, Command),
}
