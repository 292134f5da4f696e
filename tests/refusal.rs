//! A move or a take-back the page refuses says why (scripts hear it: `game_play`, `game_undo`
//! and `game_redo` throw it), and the session, which decides with the same reasons, changes
//! nothing. (Online, a move that is the opponent's: `tests/online_page.rs`.)

use onitama::ui::intent::Intent;
use onitama::ui::refusal::{Refusal, refusal};
use onitama::ui::session::{Effect, Event};
use onitama::ui::settings::Settings;
use onitama::ui::{Mode, Session};

mod common;
use common::{Motion, START, mv, open_position, run_frames};

fn two_players() -> Session {
    open_position(START, Mode::PassAndPlay { turn_board: false }, Settings::default(), Motion::Reduced).0
}

#[test]
fn at_the_start_nothing_is_taken_back_or_played_again() {
    let mut session = two_players();
    assert_eq!(refusal(session.state(), &Intent::Undo), Some(Refusal::NothingToUndo));
    assert_eq!(refusal(session.state(), &Intent::Redo), Some(Refusal::NothingToRedo));
    assert_eq!(Refusal::NothingToUndo.to_string(), "there is no move to take back");
    let effects = session.update(Event::Intent(Intent::Undo));
    assert!(effects.iter().any(|e| matches!(e, Effect::Log(why) if why.ends_with("there is no move to take back"))));
    session.update(Event::Intent(Intent::Play(mv("ox:c1c2"))));
    run_frames(&mut session, 0.0);
    assert_eq!(refusal(session.state(), &Intent::Undo), None);
    assert_eq!(refusal(session.state(), &Intent::Redo), Some(Refusal::NothingToRedo));
    session.update(Event::Intent(Intent::Undo));
    run_frames(&mut session, 1000.0);
    assert!(session.state().game().moves().is_empty());
    assert_eq!(refusal(session.state(), &Intent::Redo), None, "the move taken back can be played again");
}

#[test]
fn the_tutorials_steps_are_not_taken_back_and_its_wrong_moves_are_its_own() {
    let mut session = two_players();
    session.update(Event::Intent(Intent::Tutorial));
    let state = session.state();
    assert!(state.tutorial().is_some());
    assert_eq!(refusal(state, &Intent::Undo), Some(Refusal::NothingToUndo));
    let wrong = state.game().legal_moves().iter().copied().find(|&m| !onitama::ui::tutorial::STEPS[0].accepts(m));
    // A move the step does not ask for is the step's to refuse (`tutorial.wrong`), not a refusal.
    assert_eq!(refusal(state, &Intent::Play(wrong.unwrap())), None);
}
