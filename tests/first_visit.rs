//! The first-visit build (`src/ui/features.rs`): every feature the player opens asks for the whole
//! page and changes nothing else, what is played works as ever, and a game saved in a feature
//! waits for the whole page. Built with the feature: `cargo test --features first-visit --test
//! first_visit` (scripts/test.sh runs it).
#![cfg(feature = "first-visit")]

use onitama::ai::puzzle::{Difficulty, Puzzle};
use onitama::mode::{AiLevel, Mode};
use onitama::rules::{Color, Deal, Game};
use onitama::save::{SaveFile, SavedPuzzle};
use onitama::ui::features::Features;
use onitama::ui::intent::{Intent, OnlineAction};
use onitama::ui::notice::Notice;
use onitama::ui::puzzle::Choice;
use onitama::ui::session::{Effect, Event};
use onitama::ui::settings::Settings;
use onitama::ui::startup::{Found, opening};
use onitama::ui::{Session, State};

fn game_in_progress() -> Session {
    let mode = Mode::VsAi { human: Color::Red, level: AiLevel::DEFAULT };
    let mut session =
        Session::new(State::new(Game::from_deal(&Deal::from_seed(1)), mode, Settings::default(), true, 7));
    session.update(Event::Relayout { width: 360.0, height: 640.0, pixel_ratio: 1.0 });
    session.update(Event::Opened);
    session
}

fn features() -> Vec<Intent> {
    let puzzle = Puzzle { id: 1, position: *Game::from_deal(&Deal::from_seed(2)).position(), plies: 3 };
    vec![
        Intent::Review,
        Intent::ReviewGame { game: Game::from_deal(&Deal::from_seed(3)), mode: None },
        Intent::Puzzle { puzzle, daily: true },
        Intent::ChoosePuzzle(Choice::Daily(20_000)),
        Intent::ChoosePuzzle(Choice::Difficulty(Difficulty::Easy)),
        Intent::OpenPuzzleList,
        Intent::Tutorial,
        Intent::OpenRecords,
        Intent::Online(OnlineAction::Find),
        Intent::Online(OnlineAction::Join("#online=abc".to_string())),
        Intent::Analyse,
        Intent::AnalysePosition(*Game::from_deal(&Deal::from_seed(4)).position()),
        Intent::OpenNewGame(onitama::ui::new_game_form::NewGameOpens::FromHere),
        Intent::OpenNewGame(onitama::ui::new_game_form::NewGameOpens::Invite),
    ]
}

#[test]
fn this_build_has_no_features() {
    assert_eq!(Features::here(), None);
}

#[test]
fn each_feature_asks_for_the_whole_page_and_changes_nothing_else() {
    for intent in features() {
        assert!(intent.opens_features(), "{intent:?}");
        let mut session = game_in_progress();
        let game = session.state().game().clone();
        let effects = session.update(Event::Intent(intent.clone()));
        assert!(effects.iter().any(|e| matches!(e, Effect::LoadFeatures)), "{intent:?}: {effects:?}");
        assert!(
            !effects.iter().any(|e| matches!(
                e,
                Effect::SaveGame(_) | Effect::StartSearch(_) | Effect::FetchPuzzles | Effect::StartReview { .. }
            )),
            "{intent:?} does nothing here: {effects:?}"
        );
        let state = session.state();
        assert_eq!(*state.game(), game, "{intent:?}");
        assert_eq!(state.notice, Some(Notice::FeaturesLoading), "the player reads that it opens");
    }
}

#[test]
fn what_is_played_does_not_ask_for_the_whole_page() {
    let mut session = game_in_progress();
    let first = session.state().game().legal_moves()[0];
    for intent in [Intent::Play(first), Intent::Hint, Intent::Undo, Intent::Redo, Intent::Rematch] {
        assert!(!intent.opens_features(), "{intent:?}");
        let effects = session.update(Event::Intent(intent.clone()));
        assert!(!effects.iter().any(|e| matches!(e, Effect::LoadFeatures)), "{intent:?}: {effects:?}");
    }
}

fn saved(puzzle: Option<SavedPuzzle>, tutorial: Option<usize>, online: Option<String>) -> SaveFile {
    SaveFile {
        game: Game::from_deal(&Deal::from_seed(4)),
        mode: Mode::PassAndPlay { turn_board: false },
        show_evaluation: false,
        language: None,
        puzzle,
        aside: None,
        online,
        tutorial,
        analysis: None,
    }
}

#[test]
fn a_game_saved_in_a_feature_waits_for_the_whole_page_unless_a_link_opens_another() {
    let kept = SavedPuzzle { id: 7, plies: 5, daily: true, shown: false, helped: false };
    let analysis = SaveFile { analysis: Some(Default::default()), ..saved(None, None, None) };
    let saves =
        [saved(Some(kept), None, None), saved(None, Some(2), None), saved(None, None, Some("room".into())), analysis];
    for save in saves {
        let found = |link| Found { save: Ok(Some(save.clone())), link, ..Found::default() };
        let opened = opening(found(None), |_| Game::from_deal(&Deal::from_seed(5)));
        assert!(opened.needs_features, "{save:?}");
        assert!(opened.activity.puzzle().is_none() && opened.activity.tutorial().is_none());
        let linked = opening(found(Some(Ok(linked(Game::from_deal(&Deal::from_seed(6)))))), |_| {
            Game::from_deal(&Deal::from_seed(5))
        });
        assert!(!linked.needs_features, "a link's game is played here");
    }
    let plain = Found { save: Ok(Some(saved(None, None, None))), settings: None, ..Found::default() };
    assert!(!opening(plain, |_| Game::from_deal(&Deal::from_seed(5))).needs_features);
}

#[test]
fn a_friends_link_hands_over_to_the_whole_page_before_a_board_shows() {
    let found = |whole_page_unavailable| Found {
        fragment: "#online=abcdefgh".into(),
        whole_page_unavailable,
        ..Found::default()
    };
    let opened = opening(found(false), |_| Game::from_deal(&Deal::from_seed(5)));
    assert!(opened.needs_features && opened.join.is_some(), "the whole page joins");
    // Offline before the whole page was kept: this page shows, and joining says why it cannot.
    let offline = opening(found(true), |_| Game::from_deal(&Deal::from_seed(5)));
    assert!(!offline.needs_features && offline.join.is_some());
}

#[test]
fn offline_without_the_whole_page_a_game_saved_in_a_feature_is_not_written_over_until_the_player_acts() {
    let kept = SavedPuzzle { id: 7, plies: 5, daily: true, shown: false, helped: false };
    for save in [saved(Some(kept), None, None), saved(None, None, Some("room".into()))] {
        let online = save.online.is_some();
        let found = Found { save: Ok(Some(save.clone())), whole_page_unavailable: true, ..Found::default() };
        let opened = opening(found, |_| Game::from_deal(&Deal::from_seed(5)));
        assert!(!opened.needs_features && opened.hold_save, "{save:?}");
        assert_eq!(opened.notice, Some(Notice::FeaturesUnavailable), "the player reads why");
        if online {
            assert_eq!(opened.mode, Mode::PassAndPlay { turn_board: false }, "an online game is looked at");
        }
        let mut state = State::new(opened.history, opened.mode, opened.settings, true, 7);
        state.page.hold_save = opened.hold_save;
        let mut session = Session::new(state);
        let mut effects = session.update(Event::Relayout { width: 360.0, height: 640.0, pixel_ratio: 1.0 });
        effects.extend(session.update(Event::Opened));
        assert!(!effects.iter().any(|e| matches!(e, Effect::SaveGame(_))), "{effects:?}");
        let first = session.state().game().legal_moves()[0];
        let effects = session.update(Event::Intent(Intent::Play(first)));
        assert!(effects.iter().any(|e| matches!(e, Effect::SaveGame(_))), "the player's move is kept: {effects:?}");
    }
}

fn linked(game: Game) -> onitama::save::Linked {
    onitama::save::Linked { game, mode: None }
}

#[test]
fn an_analysis_link_hands_over_to_the_whole_page_which_reads_it() {
    let game = Game::from_deal(&Deal::from_seed(8));
    let found = |whole_page_unavailable| Found {
        fragment: onitama::save::analysis_fragment(&game),
        whole_page_unavailable,
        ..Found::default()
    };
    let opened = opening(found(false), |_| Game::from_deal(&Deal::from_seed(5)));
    assert!(opened.needs_features, "the analysis board is the whole page's");
    // Without the whole page, the page opens as it would have.
    let opened = opening(found(true), |_| Game::from_deal(&Deal::from_seed(5)));
    assert!(!opened.needs_features && opened.activity.analysis().is_none());
}

#[test]
fn online_chosen_in_the_new_game_dialog_keeps_it_open_for_the_whole_page() {
    use onitama::ui::new_game_form::{NewGameEdit, NewGameOpens};
    let mut session = game_in_progress();
    session.update(Event::Intent(Intent::OpenNewGame(NewGameOpens::Game)));
    session.update(Event::Intent(Intent::EditNewGame(NewGameEdit::Mode("online".into()))));
    let effects = session.update(Event::Intent(Intent::StartNewGame));
    assert!(effects.contains(&Effect::LoadFeatures), "{effects:?}");
    let view = session.controls().new_game.expect("still open: the whole page starts it");
    assert_eq!(view.fields.mode, "online");
}

#[test]
fn closing_records_which_a_first_visit_never_opens_asks_for_nothing() {
    let mut session = game_in_progress();
    assert!(!Intent::CloseRecords.opens_features());
    let effects = session.update(Event::Intent(Intent::CloseRecords));
    assert!(!effects.iter().any(|e| matches!(e, Effect::LoadFeatures)), "{effects:?}");
    assert_eq!(session.state().notice, None);
}
