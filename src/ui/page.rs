//! What the page knows apart from the game on the board: the settings, the texts in each
//! language it has, the player's record, puzzles solved and games finished, the dialog open, the
//! dice. A new game replaces the board's state and keeps this whole.

use super::dialog::Dialog;
use super::puzzle::Choice;
use super::settings::Settings;
use super::standings::Standings;
use super::text::Languages;
use crate::ai::puzzle::Puzzle;
use crate::rules::SplitMix64;
use crate::save::FinishedGame;
use std::rc::Rc;

#[derive(Clone, Debug)]
pub struct Page {
    pub settings: Settings,
    /// The system asks for less motion: nothing slides, no confetti falls.
    pub reduced_motion: bool,
    /// The page's dice, seeded at start: every random number the session needs (a deal, a seat by
    /// coin, each level's move) is drawn from them, so that a run replays from its seed.
    pub dice: SplitMix64,
    /// Whether the system asks for dark colours (for `Theme::System`).
    pub system_dark: bool,
    /// The languages' page texts and error texts the page has, and which it has asked for.
    pub texts: Languages,
    /// The expansion cards' emblems, fetched the first time one of those cards is on the board.
    pub expansion_emblems: Emblems,
    /// The dialog open over the board, if any: it stays open over a new game.
    pub dialog: Option<Dialog>,
    /// The player's record against each level, kept in the browser.
    pub standings: Standings,
    /// The puzzles solved on this device, by id.
    pub solved: Vec<u32>,
    /// The puzzle set, once fetched (it is fetched the first time a puzzle is asked for).
    pub puzzle_set: Option<Rc<Vec<Puzzle>>>,
    /// A puzzle asked for while the set comes, and the game it was asked over (by `games`): it
    /// starts only if no other game was started meanwhile.
    pub puzzle_asked: Option<(Choice, u32)>,
    /// How many games the page has started: what was asked over one game is not done over
    /// another (a rematch of the same deal included).
    pub games: u32,
    /// The finished games kept, oldest first: read at start, then kept here as each ends (and
    /// written through `Effect::KeepFinished`).
    pub finished: Vec<FinishedGame>,
    /// The last save that could not be read (read at start), offered for export in Records.
    pub unreadable_save: Option<String>,
    /// The save holds a game of the features, which this build cannot show (the whole page could
    /// not be had): it is not written over until the player acts.
    pub hold_save: bool,
    /// The tutorial was finished or left once on this device: it is no longer offered.
    pub tutorial_done: bool,
    /// Nothing was kept from an earlier visit (no game, no settings): the tutorial is offered.
    pub first_visit: bool,
}

/// Where the expansion cards' emblems are: until they have come, those cards show their names alone.
#[derive(Clone, Debug, Default, PartialEq)]
pub enum Emblems {
    #[default]
    NotAsked,
    Asked,
    /// Their path data, in the order of `Card::ALL` after the base cards.
    Here(Rc<[String]>),
    /// The file could not be had or read: the names stay alone on this visit.
    Failed,
}

/// A page with the default settings, nothing fetched or kept, dice seeded with 0.
impl Default for Page {
    fn default() -> Page {
        Page::new(Settings::default(), false, 0)
    }
}

impl Page {
    pub fn new(settings: Settings, reduced_motion: bool, seed: u64) -> Page {
        Page {
            settings,
            reduced_motion,
            dice: SplitMix64(seed),
            system_dark: false,
            texts: Languages::default(),
            expansion_emblems: Emblems::NotAsked,
            dialog: None,
            standings: Standings::default(),
            solved: Vec::new(),
            puzzle_set: None,
            puzzle_asked: None,
            games: 0,
            finished: Vec::new(),
            unreadable_save: None,
            hold_save: false,
            tutorial_done: false,
            first_visit: false,
        }
    }
}
