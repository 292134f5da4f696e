//! A game in progress is never lost to what takes its place: a puzzle, the review of another
//! game, an opened record or a link put it aside, "Back to my game" brings it back as it was, and
//! the save keeps it across a reload.

use onitama::ai::puzzle::parse_set;
use onitama::mode::AiLevel;
use onitama::rules::{Color, Deal, Game};
use onitama::save::{self, AsideGame, SaveError};
use onitama::ui::intent::Intent;
use onitama::ui::session::Event;
use onitama::ui::settings::Settings;
use onitama::ui::startup::{Found, opening};
use onitama::ui::{Mode, Session};

mod common;
use common::{Motion, START, mv};

const RECORD: &str = "start 5/5/2B2/2R2/5 crab,boar horse,elephant ox r\nmoves boar:c2b2 elephant:c3b2\n";

fn vs_ai() -> Mode {
    Mode::VsAi { human: Color::Red, level: AiLevel::nth(2) }
}

/// A game against the AI with two moves played (one each).
fn game_in_progress() -> Session {
    let (mut session, _) =
        common::open_position(START, Mode::PassAndPlay { turn_board: false }, Settings::default(), Motion::Reduced);
    session.update(Event::Intent(Intent::Play(mv("boar:c1c2"))));
    session.update(Event::Intent(Intent::Play(mv("horse:c5c4"))));
    let game = session.state().game().clone();
    session.update(Event::Intent(Intent::NewGame { game, mode: vs_ai() }));
    assert!(session.controls().abandon_asked, "the two-player game had moves");
    session.update(Event::Intent(Intent::Abandon));
    session
}

fn puzzle() -> onitama::ai::puzzle::Puzzle {
    parse_set(include_str!("../www/puzzles.txt")).unwrap()[0]
}

#[test]
fn a_puzzle_puts_the_game_in_progress_aside_and_back_to_my_game_restores_it() {
    let mut session = game_in_progress();
    let mine = session.state().game().clone();
    session.update(Event::Intent(Intent::Puzzle { puzzle: puzzle(), daily: true }));
    assert!(session.state().puzzle().is_some());
    assert_eq!(session.state().aside, Some(AsideGame { game: mine.clone(), mode: vs_ai() }));
    assert!(session.controls().back_to_my_game);
    // A second puzzle keeps the player's game, not the first puzzle, aside.
    session.update(Event::Intent(Intent::Puzzle {
        puzzle: parse_set(include_str!("../www/puzzles.txt")).unwrap()[1],
        daily: false,
    }));
    assert_eq!(session.state().aside.as_ref().map(|a| &a.game), Some(&mine));
    session.update(Event::Intent(Intent::BackToMyGame));
    let state = session.state();
    assert_eq!((state.game().moves(), state.mode), (mine.moves(), vs_ai()));
    assert!(state.puzzle().is_none() && state.aside.is_none());
    assert!(!session.controls().back_to_my_game);
}

#[test]
fn what_is_aside_survives_a_reload() {
    let mut session = game_in_progress();
    let mine = session.state().game().clone();
    session.update(Event::Intent(Intent::Puzzle { puzzle: puzzle(), daily: true }));
    let text = save::encode(&session.save_file());
    assert!(text.contains("aside mode ai red 2\n") && text.contains("aside moves boar:c1c2 horse:c5c4\n"), "{text}");
    let read = save::decode(&text).unwrap();
    assert_eq!(read, session.save_file());
    let found = Found { save: Ok(Some(read)), ..Found::default() };
    let opened = opening(found, |_| Game::from_deal(&Deal::from_seed(3)));
    assert_eq!(opened.aside.map(|a| a.game), Some(mine));
    assert!(opened.activity.puzzle().is_some(), "the puzzle goes on, the game waits");
}

#[test]
fn a_damaged_game_aside_costs_only_itself() {
    let session = game_in_progress();
    let text = save::encode(&onitama::save::SaveFile {
        aside: Some(AsideGame { game: session.state().game().clone(), mode: vs_ai() }),
        ..session.save_file()
    });
    for damaged in
        [text.replace("aside moves boar:c1c2", "aside moves boar:c1c9"), text.replace("aside mode ai red 2\n", "")]
    {
        let read = save::decode(&damaged).expect("the game on the board reads");
        assert_eq!(read.game, *session.state().game());
        assert_eq!(read.aside, None);
    }
    // A damaged mode line is still an error of the save, as any other line.
    assert!(matches!(
        save::decode(&text.replace("aside mode ai red 2", "aside mode ai green 2")),
        Err(SaveError::UnknownColor(_))
    ));
}

#[test]
fn reviewing_a_pasted_record_leaves_the_game_in_progress_as_it_was() {
    let mut session = game_in_progress();
    let mine = session.state().game().clone();
    session.update(Event::Intent(Intent::ReviewGame { game: Game::from_record(RECORD).unwrap(), mode: None }));
    assert!(session.state().review().is_some());
    assert_eq!(session.save_file().aside.map(|a| a.game), Some(mine.clone()), "a reload now keeps it");
    // Stop the review, then close it: the player's game is back.
    session.update(Event::Intent(Intent::CloseReview));
    session.update(Event::Intent(Intent::CloseReview));
    let state = session.state();
    assert!(state.review().is_none());
    assert_eq!((state.game().moves(), state.mode), (mine.moves(), vs_ai()));
    assert_eq!(state.aside, None);
}

#[test]
fn an_opened_record_or_link_puts_the_game_aside_and_a_new_game_asks_before_it_is_lost() {
    let mut session = game_in_progress();
    let mine = session.state().game().clone();
    session.update(Event::Intent(Intent::Open(Game::from_record(RECORD).unwrap())));
    assert_eq!(session.state().aside.as_ref().map(|a| &a.game), Some(&mine));
    assert_eq!(session.state().mode, vs_ai(), "the opened game is played as the player played theirs");
    session.update(Event::Intent(Intent::NewGame { game: Game::from_deal(&Deal::from_seed(5)), mode: vs_ai() }));
    assert!(session.controls().abandon_asked, "the game aside would be lost");
    assert_eq!(session.state().aside.as_ref().map(|a| &a.game), Some(&mine));
    session.update(Event::Intent(Intent::Abandon));
    assert_eq!(session.state().aside, None, "abandoned on the player's yes");
}

#[test]
fn nothing_is_put_aside_that_cannot_be_lost() {
    // A deal with no move yet, and a finished game (it is kept among the finished ones).
    let (mut fresh, _) = common::open_position(START, vs_ai(), Settings::default(), Motion::Reduced);
    fresh.update(Event::Intent(Intent::Puzzle { puzzle: puzzle(), daily: true }));
    assert_eq!(fresh.state().aside, None);
    let (mut over, _) = common::open_position(
        "5/5/2B2/2R2/5 crab,boar horse,elephant ox r",
        vs_ai(),
        Settings::default(),
        Motion::Reduced,
    );
    over.update(Event::Intent(Intent::Play(mv("crab:c2c3"))));
    over.update(Event::Intent(Intent::Puzzle { puzzle: puzzle(), daily: true }));
    assert_eq!(over.state().aside, None);
}

#[test]
fn a_link_opened_over_a_saved_game_in_progress_keeps_that_game_aside() {
    let session = game_in_progress();
    let saved = session.save_file();
    let linked = Game::from_record(RECORD).unwrap();
    let found = Found {
        save: Ok(Some(saved.clone())),
        link: Some(Ok(onitama::save::Linked { game: linked.clone(), mode: None })),
        ..Found::default()
    };
    let opened = opening(found, |_| Game::from_deal(&Deal::from_seed(3)));
    assert_eq!(*opened.history.game(), linked);
    assert_eq!(opened.aside, Some(AsideGame { game: saved.game, mode: saved.mode }));
}

#[test]
fn a_deal_where_only_the_ai_has_moved_is_not_put_aside() {
    let mode = Mode::VsAi { human: Color::Blue, level: AiLevel::nth(2) };
    let (mut session, effects) = common::open_position(START, mode, Settings::default(), Motion::Reduced);
    let order = common::searches(&effects).into_iter().next().expect("the AI opens");
    session.update(common::done(&order, Some(common::some_move(&order)), None));
    common::run_frames(&mut session, 2000.0);
    assert_eq!(session.state().game().moves().len(), 1, "the AI has moved");
    session.update(Event::Intent(Intent::Puzzle { puzzle: puzzle(), daily: true }));
    assert_eq!(session.state().aside, None, "the player never moved in it: no Back to my game");
    assert!(!session.controls().back_to_my_game);
}

#[test]
fn a_friends_link_opened_on_the_page_shows_a_record_of_who_played_it() {
    let mut session = game_in_progress();
    let mine = session.state().game().clone();
    let linked = Game::from_record(RECORD).unwrap();
    let level_5 = Mode::VsAi { human: Color::Red, level: AiLevel::nth(4) };
    let read = save::game_from_fragment(&save::link_fragment(&linked, Some(level_5))).unwrap().unwrap();
    session.update(Event::Intent(Intent::OpenLink(read)));
    let state = session.state();
    assert_eq!(state.game().moves(), linked.moves());
    assert_eq!(state.mode, Mode::PassAndPlay { turn_board: false }, "not the friend's win against the AI");
    assert_eq!(state.aside.as_ref().map(|a| &a.game), Some(&mine));
    let notice = session.controls().notice.expect("who played it");
    assert!(notice.contains("Red against the AI · level 5"), "{notice}");
}

#[test]
fn a_friends_game_looked_at_is_not_the_players_until_they_move_in_it() {
    let (mut session, _) = common::open_position(START, vs_ai(), Settings::default(), Motion::Reduced);
    let mut linked = Game::new(START.parse().unwrap());
    linked.play(mv("ox:c1c2")).unwrap();
    session.update(Event::Intent(Intent::OpenLink(save::Linked { game: linked.clone(), mode: None })));
    session.update(Event::Intent(Intent::NewGame { game: Game::from_deal(&Deal::from_seed(5)), mode: vs_ai() }));
    assert!(!session.controls().abandon_asked, "nothing of the player's to abandon");
    // Opened again, and a move of the player's: now it is theirs.
    session.update(Event::Intent(Intent::OpenLink(save::Linked { game: linked, mode: None })));
    let next = session.state().game().legal_moves()[0];
    session.update(Event::Intent(Intent::Play(next)));
    session.update(Event::Intent(Intent::NewGame { game: Game::from_deal(&Deal::from_seed(5)), mode: vs_ai() }));
    assert!(session.controls().abandon_asked);
}

#[test]
fn a_friends_game_played_on_from_an_earlier_move_is_the_players() {
    // The friend's line is cut where the player plays their own move: that move is the player's,
    // though the friend's game had more moves than the player's line now has.
    let (mut session, _) = common::open_position(START, vs_ai(), Settings::default(), Motion::Reduced);
    let mut linked = Game::new(START.parse().unwrap());
    for m in ["ox:c1c2", "horse:c5c4", "boar:b1b2"] {
        linked.play(mv(m)).unwrap();
    }
    session.update(Event::Intent(Intent::OpenLink(save::Linked { game: linked, mode: None })));
    session.update(Event::Intent(Intent::Undo));
    session.update(Event::Intent(Intent::Undo));
    let own = session.state().game().legal_moves().iter().copied().find(|&m| m != mv("horse:c5c4")).unwrap();
    session.update(Event::Intent(Intent::Play(own)));
    assert_eq!(session.state().game().moves().len(), 2);
    session.update(Event::Intent(Intent::NewGame { game: Game::from_deal(&Deal::from_seed(5)), mode: vs_ai() }));
    assert!(session.controls().abandon_asked, "the player's own move would be lost");
}
