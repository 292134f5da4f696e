//! The player's record against each level: every game against the AI counts once, by level and
//! colour; three wins in a row at a level offer the next one; the record survives as text.

use onitama::mode::{AiLevel, Mode};
use onitama::rules::{Color, Outcome, Way};
use onitama::ui::intent::Intent;
use onitama::ui::session::{Effect, Event};
use onitama::ui::settings::Settings;
use onitama::ui::standings::{STREAK_FOR_NEXT, Standings, Tally};

mod common;
use common::{Motion, mv};

/// Red takes Blue's master at once with the crab.
const RED_WINS: &str = "5/5/2B2/2R2/5 crab,boar horse,elephant ox r";

fn win(color: Color) -> Outcome {
    Outcome::Win { winner: color, way: Way::Stone }
}

#[test]
fn each_game_counts_by_level_and_colour_and_a_loss_or_draw_ends_the_streak() {
    let (two, three) = (AiLevel::nth(2), AiLevel::nth(3));
    let mut standings = Standings::default();
    standings.record(two, Color::Red, win(Color::Red));
    standings.record(two, Color::Red, win(Color::Blue));
    standings.record(two, Color::Blue, Outcome::DrawByRepetition);
    standings.record(three, Color::Blue, win(Color::Blue));
    assert_eq!(standings.tally(two, Color::Red), Tally { wins: 1, losses: 1, draws: 0 });
    assert_eq!(standings.tally(two, Color::Blue), Tally { wins: 0, losses: 0, draws: 1 });
    assert_eq!(standings.levels(), vec![two, three]);
    assert_eq!(standings.streak(), Some((three, 1)));
    standings.record(two, Color::Red, win(Color::Red));
    assert_eq!(standings.streak(), Some((two, 1)), "another level starts a new streak");
    assert_eq!(Standings::decode(&standings.encode()), standings);
}

#[test]
fn three_wins_in_a_row_at_a_level_suggest_the_next_and_the_strongest_has_none() {
    let level = AiLevel::nth(4);
    let mut standings = Standings::default();
    for _ in 1..STREAK_FOR_NEXT {
        standings.record(level, Color::Red, win(Color::Red));
        assert_eq!(standings.suggestion(), None);
    }
    standings.record(level, Color::Blue, win(Color::Blue));
    assert_eq!(standings.suggestion(), AiLevel::from_index(5), "either colour counts");
    let mut top = Standings::default();
    for _ in 0..STREAK_FOR_NEXT {
        top.record(AiLevel::STRONGEST, Color::Red, win(Color::Red));
    }
    assert_eq!(top.suggestion(), None);
}

#[test]
fn a_bad_line_loses_only_itself() {
    let text = "onitama-standings 1\nlevel 2 red 4 1 0\nlevel 99 red 1 1 1\nlevel 3 green 1 0 0\nstreak x 3\nlevel 3 blue 0 2 0\n";
    let read = Standings::decode(text);
    assert_eq!(read.tally(AiLevel::nth(2), Color::Red).wins, 4);
    assert_eq!(read.tally(AiLevel::nth(3), Color::Blue).losses, 2);
    assert_eq!(read.levels().len(), 2);
    assert_eq!(read.streak(), None);
}

#[test]
fn the_session_counts_a_game_against_the_ai_once_and_offers_the_next_level_after_three_wins() {
    let level = AiLevel::nth(1);
    let vs_ai = Mode::VsAi { human: Color::Red, level };
    let (mut session, _) = common::open_position(RED_WINS, vs_ai, Settings::default(), Motion::Reduced);
    for round in 1..=STREAK_FOR_NEXT {
        let effects = session.update(Event::Intent(Intent::Play(mv("crab:c2c3"))));
        assert!(effects.iter().any(|e| matches!(e, Effect::SaveStandings(_))), "round {round} is kept");
        // Undo and the same end again: counted once.
        session.update(Event::Intent(Intent::Undo));
        let again = session.update(Event::Intent(Intent::Play(mv("crab:c2c3"))));
        assert!(!again.iter().any(|e| matches!(e, Effect::SaveStandings(_))));
        assert_eq!(session.state().page.standings.tally(level, Color::Red).wins, round);
        let offer = session.controls().result.unwrap().next_level;
        assert_eq!(offer.is_some(), round == STREAK_FOR_NEXT, "round {round}: {offer:?}");
        if round < STREAK_FOR_NEXT {
            session.update(Event::Intent(Intent::Rematch));
        }
    }
    let result = session.controls().result.unwrap();
    let next = result.next_level.unwrap();
    assert_eq!(next.label, "Level 3");
    assert!(next.offer.contains("level 3, casual"), "{}", next.offer);
    assert!(!result.change_level, "the offer takes the Level button's place");
    session.update(Event::Intent(Intent::NextLevel));
    assert_eq!(session.state().mode, Mode::VsAi { human: Color::Red, level: AiLevel::nth(2) });
    assert!(session.state().game().moves().is_empty(), "a new deal at the next level");
    session.update(Event::Intent(Intent::OpenRecords));
    let records = session.controls().records.unwrap();
    assert_eq!(records.standings.len(), 1);
    assert_eq!((records.standings[0].red.as_str(), records.standings[0].blue.as_str()), ("3–0–0", "0–0–0"));

    // Games between two people, or the AI against itself, are not the player's record.
    let (mut two, _) =
        common::open_position(RED_WINS, Mode::PassAndPlay { turn_board: true }, Settings::default(), Motion::Reduced);
    let effects = two.update(Event::Intent(Intent::Play(mv("crab:c2c3"))));
    assert!(!effects.iter().any(|e| matches!(e, Effect::SaveStandings(_))));
}

#[test]
fn a_resignation_counts_as_a_loss_in_the_record() {
    let level = AiLevel::nth(3);
    let (mut session, _) =
        common::open_position(RED_WINS, Mode::VsAi { human: Color::Red, level }, Settings::default(), Motion::Reduced);
    let effects = session.update(Event::Intent(Intent::Resign));
    assert!(effects.iter().any(|e| matches!(e, Effect::SaveStandings(_))));
    assert_eq!(session.state().page.standings.tally(level, Color::Red), Tally { wins: 0, losses: 1, draws: 0 });
}

#[test]
fn a_finished_game_opened_again_does_not_count_once_more() {
    let level = AiLevel::nth(1);
    let vs_ai = Mode::VsAi { human: Color::Red, level };
    let (mut session, _) = common::open_position(RED_WINS, vs_ai, Settings::default(), Motion::Reduced);
    session.update(Event::Intent(Intent::Play(mv("crab:c2c3"))));
    let finished = session.state().game().clone();
    // As after a reload: the finished game opens, the player undoes and plays the end again.
    session.update(Event::Intent(Intent::NewGame { game: finished, mode: vs_ai }));
    session.update(Event::Intent(Intent::Undo));
    let effects = session.update(Event::Intent(Intent::Play(mv("crab:c2c3"))));
    assert!(!effects.iter().any(|e| matches!(e, Effect::SaveStandings(_))));
    assert_eq!(session.state().page.standings.tally(level, Color::Red).wins, 1);
    // A real reload: a new session opens on the saved, finished game.
    let finished = session.state().game().clone();
    let (mut reloaded, _) = common::open_game(finished, vs_ai, Settings::default(), Motion::Reduced);
    reloaded.update(Event::Intent(Intent::Undo));
    let effects = reloaded.update(Event::Intent(Intent::Play(mv("crab:c2c3"))));
    assert!(!effects.iter().any(|e| matches!(e, Effect::SaveStandings(_))), "counted before the reload: {effects:?}");
}

#[test]
fn a_repeated_or_huge_line_neither_doubles_nor_wraps() {
    let text = "onitama-standings 1\nlevel 2 red 0 0 0\nlevel 2 red 5 0 0\nlevel 3 red 4294967295 0 0\n";
    let mut read = Standings::decode(text);
    assert_eq!(read.tally(AiLevel::nth(2), Color::Red), Tally::default(), "the first line for a level counts");
    read.record(AiLevel::nth(3), Color::Red, win(Color::Red));
    assert_eq!(read.tally(AiLevel::nth(3), Color::Red).wins, u32::MAX);
}
