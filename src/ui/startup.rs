//! What the page opens with, decided from what the browser holds: the game in a link, else the
//! saved game, else a new deal; the settings saved apart (or, from older saves, the ones kept with
//! the game), else the browser's language; and what to tell the player about a save or a link
//! that could not be read.

use super::analysis::AnalysisRun;
use super::deck;
use super::features::Features;
use super::history::History;
use super::notice::Notice;
use super::puzzle::PuzzleRun;
use super::settings::{Settings, Theme, WatchSpeed};
use super::state::Activity;
use super::text::Lang;
use super::tutorial::{STEPS, TutorialRun};
use crate::ai::puzzle::Puzzle;
use crate::mode::Mode;
use crate::rules::{Card, CardSet, Game};
use crate::save::{AsideGame, LinkError, SaveError, SaveFile, SavedAnalysis, SettingsFile};

/// What the browser holds.
pub struct Found {
    pub save: Result<Option<SaveFile>, SaveError>,
    pub settings: Option<SettingsFile>,
    pub link: Option<Result<crate::save::Linked, LinkError>>,
    /// The browser's language (`navigator.language`).
    pub browser_language: Option<String>,
    /// The whole page was asked for and could not be had (`crate::ui::features`).
    pub whole_page_unavailable: bool,
    /// The browser lets the page keep things (a private window may not).
    pub can_store: bool,
    /// The address's fragment (`#online=<room>` for a friend's link).
    pub fragment: String,
}

impl Default for Found {
    /// A browser that holds nothing: a first visit, in English.
    fn default() -> Found {
        Found {
            save: Ok(None),
            settings: None,
            link: None,
            browser_language: None,
            whole_page_unavailable: false,
            can_store: true,
            fragment: String::new(),
        }
    }
}

/// What the page opens with.
pub struct Opening {
    /// The game's line, and how far along it the board opens.
    pub history: History,
    pub mode: Mode,
    pub settings: Settings,
    pub notice: Option<Notice>,
    /// The saved game was a puzzle or a step of the tutorial: it goes on as one (the tutorial
    /// from that step's start).
    pub activity: Activity,
    /// A game in progress that a link (or, before, a puzzle, a review or the tutorial) took the place of.
    pub aside: Option<AsideGame>,
    /// The online game on the board, as saved: the page goes back into it.
    pub online: Option<String>,
    /// The saved game is a puzzle, a step of the tutorial or an online game, and this build has
    /// no features: the whole page is to take over (`crate::ui::features`).
    pub needs_features: bool,
    /// The same, but the whole page could not be had: this page shows what it can, and the save
    /// is not written over until the player acts.
    pub hold_save: bool,
    /// Nothing was kept from an earlier visit, not even a save that could not be read (settings
    /// that could not be read count as none): the tutorial is offered. (A browser that keeps
    /// nothing would offer it on every visit: never.)
    pub first_visit: bool,
    /// A friend's link to join once the page shows (not the link of the saved online game
    /// coming back, which stays in the address after a reload).
    pub join: Option<String>,
}

/// The friend's link in an address's fragment, if it is one (`#online=<room>`).
pub fn friend_link(fragment: &str) -> Option<&str> {
    fragment.starts_with(crate::online::bridge::LINK_FRAGMENT).then_some(fragment)
}

/// `new_game` deals from the cards the settings enable.
pub fn opening(found: Found, new_game: impl FnOnce(CardSet) -> Game) -> Opening {
    let browser = found.browser_language.as_deref().and_then(Lang::from_code).unwrap_or(Lang::En);
    let first_visit = found.can_store && matches!(found.save, Ok(None)) && found.settings.is_none();
    let (saved, mut notice) = match found.save {
        Ok(saved) => (saved, None),
        Err(reason) => (None, Some(Notice::SaveUnreadable(reason))),
    };
    let settings = match (&found.settings, &saved) {
        (Some(file), _) => Settings {
            language: file.language.as_deref().and_then(Lang::from_code).unwrap_or(browser),
            evaluation: file.evaluation,
            sound: file.sound,
            theme: Theme::from_code(&file.theme).unwrap_or_default(),
            coordinates: file.coordinates,
            watch_speed: WatchSpeed::from_code(&file.watch_speed).unwrap_or_default(),
            cards: file.cards.as_deref().map_or(deck::DEFAULT, read_cards),
        },
        // Saves from before the settings were kept apart carry the language and the bar.
        (None, Some(save)) => Settings {
            language: save.language.as_deref().and_then(Lang::from_code).unwrap_or(browser),
            evaluation: save.show_evaluation,
            ..Settings::default()
        },
        (None, None) => Settings { language: browser, ..Settings::default() },
    };
    let mut mode = saved.as_ref().map_or(Mode::default(), |save| save.mode);
    let mut online = saved.as_ref().and_then(|save| save.online.clone());
    let features = Features::here().is_some();
    let in_feature = !features
        && saved
            .as_ref()
            .is_some_and(|s| s.puzzle.is_some() || s.tutorial.is_some() || s.online.is_some() || s.analysis.is_some());
    let mut needs_features = in_feature && !found.whole_page_unavailable;
    let mut hold_save = in_feature && found.whole_page_unavailable;
    if hold_save {
        notice = Some(Notice::FeaturesUnavailable);
    }
    if !features && online.take().is_some() {
        // Without online play, its game is looked at.
        mode = Mode::PassAndPlay { turn_board: false };
    }
    let mut puzzle = saved.as_ref().filter(|_| features).and_then(|save| {
        let kept = save.puzzle?;
        let puzzle = Puzzle { id: kept.id, position: *save.game.start(), plies: kept.plies };
        let run = PuzzleRun::resume(puzzle, kept.daily, &save.game);
        Some(PuzzleRun { shown: kept.shown, helped: run.helped || kept.helped, ..run })
    });
    let mut aside = saved.as_ref().and_then(|save| save.aside.clone());
    let mut tutorial = saved.as_ref().filter(|_| features).and_then(|save| save.tutorial).map(TutorialRun::new);
    let in_progress = |save: &SaveFile| super::state::in_progress(&save.game, save.mode, 0);
    let own = |save: &SaveFile| save.puzzle.is_none() && save.tutorial.is_none() && save.analysis.is_none();
    let mut analysis = saved.as_ref().filter(|_| features).and_then(|save| save.analysis.clone());
    let saved_game = saved.as_ref().filter(|save| own(save) && in_progress(save));
    let kept = saved_game.map(|save| AsideGame { game: save.game.clone(), mode: save.mode });
    // The step starts again from its position (the move made in it, if any, is made again).
    let step = tutorial.and_then(|run| STEPS[run.step].start()).map(Game::new);
    let mut game = step.or(saved.map(|save| save.game));
    let mut opened = false;
    match found.link {
        Some(Ok(linked)) => {
            opened = true;
            game = Some(linked.game);
            puzzle = None;
            // A linked game is the friend's record, shown as two people play (not as this
            // player's own game against the AI); who played it, the notice says.
            online = None;
            mode = Mode::PassAndPlay { turn_board: false };
            if let Some(mode) = linked.mode {
                // A save that could not be read is still said first.
                notice = notice.or(Some(Notice::SharedGame(mode)));
            }
            tutorial = None;
            analysis = None;
            needs_features = false;
            hold_save = false;
            // The game the link replaces is kept, unless one is aside already.
            aside = aside.or(kept.clone());
        }
        // The link is what the player just followed: its trouble is the one to tell.
        Some(Err(reason)) => notice = Some(Notice::LinkBroken(reason)),
        None => {}
    }
    // An analysis link opens the analysis board on its line, as a game's link opens the game
    // (the whole page's: a first visit hands over to it, the link still in the address).
    let analysis_link = if features {
        crate::save::analysis_from_fragment(&found.fragment)
    } else {
        // The first visit's build does not read it: the whole page, when it can be had, does.
        needs_features |= found.fragment.starts_with("#analysis=") && !found.whole_page_unavailable;
        None
    };
    match analysis_link {
        Some(Ok(line)) => {
            aside = aside.or(kept);
            (game, mode, opened) = (Some(line), Mode::PassAndPlay { turn_board: false }, false);
            (puzzle, tutorial, online) = (None, None, None);
            analysis = Some(SavedAnalysis::default());
            hold_save = false;
        }
        Some(Err(reason)) => notice = Some(Notice::LinkBroken(reason)),
        None => {}
    }
    // An online game is one only in its mode.
    let online = online.filter(|_| matches!(mode, Mode::Online { .. }));
    // The saved game's own link stays in the address after a reload: that one comes back instead.
    let saved_room = Features::here().and(online.as_deref()).and_then(|text| {
        let player = crate::online::Saved::from_text(text).ok().map(|saved| saved.room);
        player.or_else(|| super::online::watched_room(text))
    });
    let join = friend_link(&found.fragment)
        .filter(|link| saved_room.is_none() || crate::online::bridge::room_of_link(link) != saved_room)
        .map(String::from);
    // Online play is the whole page's: it takes over before this one shows a board.
    let needs_features = needs_features || (join.is_some() && !features && !found.whole_page_unavailable);
    // The step's game is the tutorial's: a save with a step is the tutorial, whatever else it says.
    let game = game.unwrap_or_else(|| new_game(settings.cards));
    let mut history = if opened { History::opened(game) } else { History::new(game) };
    let analysis = analysis.filter(|_| features && tutorial.is_none() && puzzle.is_none());
    let analysis = analysis.map(|saved| Activity::Analysis(AnalysisRun::resume(&mut history, &saved)));
    let activity = tutorial.map(Activity::Tutorial).or(puzzle.map(Activity::Puzzle)).or(analysis).unwrap_or_default();
    Opening { history, mode, settings, notice, activity, aside, online, needs_features, hold_save, first_visit, join }
}

/// The cards named in saved settings; a name this version does not know is left out, and a deck
/// left with fewer than five cards is the base game's.
fn read_cards(names: &str) -> CardSet {
    let cards: Vec<Card> = names.split(',').filter_map(Card::from_name).collect();
    deck::checked(CardSet::of(&cards)).unwrap_or(deck::DEFAULT)
}
