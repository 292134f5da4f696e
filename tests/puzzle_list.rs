//! The list of puzzles and "Show the solution", natively: the list shows one difficulty at a
//! time by number with the solved ones marked in words, choosing one plays it; the solution plays
//! the winning line out on the board against the best defence and does not count as solved.

use onitama::ai::puzzle::{Difficulty, Puzzle, defence, winning_moves};
use onitama::rules::{Deal, Game, Move};
use onitama::ui::intent::Intent;
use onitama::ui::puzzle::{Choice, Status};
use onitama::ui::session::{Effect, Event};
use onitama::ui::settings::Settings;
use onitama::ui::state::Purpose;
use onitama::ui::{Lang, Session};
use std::rc::Rc;

mod common;

use common::{Motion, open_for_puzzles, puzzle_set as set};

fn first_of(plies: u32) -> Puzzle {
    *set().iter().find(|p| p.plies == plies).unwrap()
}

/// A session in `lang` over a game in progress against the AI, with `solved` solved already.
fn open(lang: Lang, solved: &[u32], motion_reduced: bool) -> Session {
    let motion = if motion_reduced { Motion::Reduced } else { Motion::On };
    open_for_puzzles(Settings { language: lang, ..Settings::default() }, solved, motion)
}

fn intent(session: &mut Session, intent: Intent) -> Vec<Effect> {
    session.update(Event::Intent(intent))
}

#[test]
fn the_list_fetches_the_set_then_shows_a_difficulty_by_number_with_the_solved_ones_marked_in_words() {
    let set = set();
    // The default deck, the base cards alone, offers the base game's puzzles.
    let base = |p: &&Puzzle| !onitama::ai::puzzle::uses_expansion(p);
    let easy: Vec<u32> = set.iter().filter(base).filter(|p| p.plies == 3).map(|p| p.id).collect();
    let solved = [easy[0], easy[2]];
    let mut session = open(Lang::En, &solved, true);
    assert_eq!(session.controls().puzzle_list, None, "closed at first");
    let effects = intent(&mut session, Intent::OpenPuzzleList);
    assert!(effects.contains(&Effect::FetchPuzzles), "the set is fetched for the list");
    let waiting = session.controls().puzzle_list.expect("open while the set comes");
    assert_eq!((waiting.shows, waiting.rows.len()), ("easy", 0));
    assert_eq!(waiting.summary, "Fetching the puzzles…");
    session.update(Event::PuzzleSet(Ok(Rc::new(set.clone()))));
    let list = session.controls().puzzle_list.unwrap();
    assert_eq!(list.shows, "easy");
    assert_eq!(list.rows.iter().map(|r| r.id).collect::<Vec<_>>(), easy, "every easy puzzle, by id");
    assert_eq!(list.rows[0].number, easy[0].to_string());
    let marked: Vec<u32> = list.rows.iter().filter(|r| r.solved).map(|r| r.id).collect();
    assert_eq!(marked, solved);
    assert_eq!(list.rows[0].label, format!("Puzzle {}, solved", easy[0]));
    assert_eq!(list.rows[1].label, format!("Puzzle {}, not solved yet", easy[1]));
    assert_eq!(list.summary, format!("2 of {} solved", easy.len()));
    assert!(list.rows.iter().all(|r| !r.current), "no puzzle on the board");
    // Another difficulty: only its puzzles, none solved.
    intent(&mut session, Intent::PuzzleListShows(Difficulty::Hard));
    let hard = session.controls().puzzle_list.unwrap();
    assert_eq!(hard.shows, "hard");
    assert!(hard.rows.iter().all(|r| set.iter().any(|p| p.id == r.id && p.plies == 7) && !r.solved));
    assert_eq!(hard.rows.len(), set.iter().filter(base).filter(|p| p.plies == 7).count());
    intent(&mut session, Intent::ClosePuzzleList);
    assert_eq!(session.controls().puzzle_list, None);
    // Shown again while closed: nothing opens.
    intent(&mut session, Intent::PuzzleListShows(Difficulty::Medium));
    assert_eq!(session.controls().puzzle_list, None);
}

#[test]
fn in_persian_the_numbers_and_marks_are_persian() {
    let set = set();
    let mut session = open(Lang::Fa, &[set[0].id], true);
    session.update(Event::PuzzleSet(Ok(Rc::new(set.clone()))));
    let effects = intent(&mut session, Intent::OpenPuzzleList);
    assert!(!effects.contains(&Effect::FetchPuzzles), "the set is here already");
    let list = session.controls().puzzle_list.unwrap();
    let first = &list.rows[0];
    assert_eq!(first.id, set[0].id);
    assert_eq!(first.number, Lang::Fa.digits(&set[0].id.to_string()));
    assert!(first.number.chars().all(|c| ('۰'..='۹').contains(&c)), "{}", first.number);
    assert!(first.label.contains("حل شده") && !first.label.contains("هنوز"), "{}", first.label);
    assert!(list.rows[1].label.contains("هنوز حل نشده"), "{}", list.rows[1].label);
    assert!(!list.summary.chars().any(|c| c.is_ascii_digit()), "{}", list.summary);
}

#[test]
fn choosing_from_the_list_plays_that_puzzle_keeps_the_game_aside_and_reopens_at_it() {
    let set = set();
    let mut session = open(Lang::En, &[], true);
    // A game in progress (either side's move may be played for the test).
    for _ in 0..2 {
        let next = session.state().game().legal_moves()[0];
        intent(&mut session, Intent::Play(next));
    }
    let game_in_progress = session.state().game().clone();
    assert_eq!(game_in_progress.moves().len(), 2);
    session.update(Event::PuzzleSet(Ok(Rc::new(set.clone()))));
    intent(&mut session, Intent::OpenPuzzleList);
    let medium = set.iter().filter(|p| p.plies == 5).nth(3).unwrap();
    intent(&mut session, Intent::ChoosePuzzle(Choice::Id(medium.id)));
    let state = session.state();
    assert_eq!(state.puzzle().map(|run| (run.puzzle, run.daily)), Some((*medium, false)));
    assert_eq!(state.game().position(), &medium.position);
    assert_eq!(session.controls().puzzle_list, None, "the list closes");
    assert_eq!(state.aside.as_ref().map(|aside| aside.game.clone()), Some(game_in_progress.clone()), "kept aside");
    // Opened again, the list is at the puzzle's difficulty, the puzzle marked as the one on the board.
    intent(&mut session, Intent::OpenPuzzleList);
    let list = session.controls().puzzle_list.unwrap();
    assert_eq!(list.shows, "medium");
    assert_eq!(list.rows.iter().filter(|r| r.current).map(|r| r.id).collect::<Vec<_>>(), [medium.id]);
    // An id the set lacks changes nothing but closes the list.
    intent(&mut session, Intent::ChoosePuzzle(Choice::Id(99_999)));
    assert_eq!(session.state().puzzle().unwrap().puzzle, *medium);
    assert_eq!(session.controls().puzzle_list, None);
    intent(&mut session, Intent::BackToMyGame);
    assert_eq!(session.state().game(), &game_in_progress, "the game in progress comes back");
}

#[test]
fn a_set_that_cannot_be_fetched_closes_the_list_with_a_notice() {
    let mut session = open(Lang::Fr, &[], true);
    intent(&mut session, Intent::OpenPuzzleList);
    session.update(Event::PuzzleSet(Err("offline".to_string())));
    let view = session.controls();
    assert_eq!(view.puzzle_list, None);
    assert!(view.notice.is_some_and(|n| n.contains("Problèmes") || n.contains("problèmes")), "a notice in French");
}

/// Frames `step` ms apart until the game is over (at most `frames`), with every effect.
/// Lets the shown solution play, frame by frame, until `plies` moves are on the board (20 s at
/// most); returns the last frame's time.
fn solution_until(session: &mut Session, plies: usize) -> f64 {
    let mut now = 0.0;
    while session.state().game().moves().len() < plies && now < 20_000.0 {
        now += 100.0;
        session.update(Event::Frame { now_ms: now });
    }
    now
}

fn play_out(session: &mut Session, from_ms: f64, step: f64, frames: usize) -> (Vec<Effect>, Vec<f64>) {
    let (mut effects, mut times) = (Vec::new(), Vec::new());
    for i in 0..frames {
        if session.state().game().outcome().is_some() && session.state().board.anim.is_none() {
            break;
        }
        let now = from_ms + step * i as f64;
        let before = session.state().game().moves().len();
        effects.extend(session.update(Event::Frame { now_ms: now }));
        if session.state().game().moves().len() > before {
            times.push(now);
        }
    }
    (effects, times)
}

/// The line on the board is the solution: each of the winner's moves still wins within the plies
/// left, each of the defender's is the exact search's best defence, and the winner has won.
fn assert_solution_line(puzzle: &Puzzle, game: &Game) {
    let moves = game.moves();
    assert_eq!(moves.len() as u32, puzzle.plies, "puzzle {}: the win takes the puzzle's plies", puzzle.id);
    for (played, (&m, position)) in moves.iter().zip(game.positions()).enumerate() {
        let left = puzzle.plies - played as u32;
        if position.to_move() == puzzle.position.to_move() {
            assert!(winning_moves(position, left).contains(&m), "puzzle {}: {m} wins within {left}", puzzle.id);
        } else {
            assert_eq!(Some(m), defence(position, left), "puzzle {}: the best defence", puzzle.id);
        }
    }
    let winner = game.outcome().and_then(|outcome| outcome.winner());
    assert_eq!(winner, Some(puzzle.position.to_move()));
}

#[test]
fn the_solution_plays_out_move_by_move_against_the_best_defence_and_does_not_count_as_solved() {
    for plies in [3, 5, 7] {
        let puzzle = first_of(plies);
        let mut session = open(Lang::En, &[], false);
        intent(&mut session, Intent::Puzzle { puzzle, daily: false });
        assert!(session.controls().show_solution, "offered while the puzzle is played");
        let effects = intent(&mut session, Intent::ShowSolution);
        let state = session.state();
        assert!(state.puzzle().is_some_and(|run| run.shown && run.status == Status::Playing));
        assert_eq!(state.game().moves().len(), 0, "nothing played at once");
        assert!(!state.human_to_move(), "the player watches");
        let view = session.controls();
        assert!(!view.show_solution && !view.hint);
        assert!(view.mode_line.contains("the solution"), "{}", view.mode_line);
        assert!(effects.iter().any(|e| matches!(e, Effect::Announce(words) if words.contains("the solution"))));
        let (effects, times) = play_out(&mut session, 1000.0, 50.0, 400);
        let state = session.state();
        assert_solution_line(&puzzle, state.game());
        // Each move slid, then rested, before the next.
        assert_eq!(times.len() as u32, plies);
        for pair in times.windows(2) {
            let gap = pair[1] - pair[0];
            let least = onitama::ui::session::SOLUTION_PAUSE_MS + onitama::ui::anim::DURATION_MS;
            assert!(gap >= least, "puzzle {}: {gap} ms between moves", puzzle.id);
        }
        let defences = common::searches(&effects).into_iter().filter(|o| o.purpose == Purpose::Move).count();
        assert_eq!(defences, 0, "the worker is not asked to defend: the line is the exact search's");
        assert!(!effects.iter().any(|e| matches!(e, Effect::PuzzleSolved(_))), "not remembered as solved");
        assert!(state.page.solved.is_empty());
        let run = state.puzzle().unwrap();
        assert!(run.shown && run.status == Status::Solved);
        assert!(state.board.celebration.is_none(), "no confetti for the engine's win");
        let words: Vec<String> = onitama::ui::scene::labels(state).into_iter().map(|(_, words, _)| words).collect();
        assert!(
            words.iter().all(|w| !w.contains("You win")),
            "the board says who won, not that the player did: {words:?}"
        );
        assert!(!effects.contains(&Effect::Sound(onitama::ui::sound::Sound::Win)), "no winner's fanfare");
        let view = session.controls();
        let end = view.puzzle_end.expect("the ending says what happened");
        assert!(end.starts_with("That was the solution") && end.contains("does not count as solved"), "{end}");
        assert!(!view.show_solution && !view.undo && !view.redo);
        // Try again: the same puzzle, fresh, the player's to solve.
        intent(&mut session, Intent::Rematch);
        let state = session.state();
        assert!(state.puzzle().is_some_and(|run| !run.shown && run.status == Status::Playing));
        assert!(state.human_to_move() && state.game().moves().is_empty());
        assert!(session.controls().show_solution);
    }
}

#[test]
fn after_a_failure_the_solution_is_offered_and_plays_from_the_start() {
    let puzzle = first_of(5);
    let mut session = open(Lang::Es, &[], true);
    intent(&mut session, Intent::Puzzle { puzzle, daily: false });
    let winner = winning_moves(&puzzle.position, puzzle.plies)[0];
    let wrong = *puzzle.position.legal_moves().iter().find(|&&m| m != winner).unwrap();
    let effects = intent(&mut session, Intent::Play(wrong));
    let order = common::searches(&effects).into_iter().find(|o| o.purpose == Purpose::Move).unwrap();
    let refutation = defence(&order.position(), puzzle.plies - 1).unwrap();
    session.update(common::done(&order, Some(refutation), None));
    session.update(Event::Frame { now_ms: 100.0 });
    assert!(matches!(session.state().puzzle().unwrap().status, Status::Failed { .. }));
    assert!(session.controls().show_solution, "offered after failing");
    intent(&mut session, Intent::ShowSolution);
    assert_eq!(session.state().game().moves().len(), 0, "from the puzzle's start");
    play_out(&mut session, 200.0, 100.0, 400);
    assert_solution_line(&puzzle, session.state().game());
    let end = session.controls().puzzle_end.unwrap();
    assert!(end.contains("no cuenta como resuelta"), "{end}");
    // The next puzzle is the player's to solve.
    session.update(Event::PuzzleSet(Ok(Rc::new(set()))));
    intent(&mut session, Intent::ChoosePuzzle(Choice::Next));
    let run = session.state().puzzle().unwrap();
    assert!(run.puzzle.id != puzzle.id && !run.shown && run.puzzle.plies == 5);
}

#[test]
fn looking_back_pauses_the_solution_and_a_solved_puzzle_offers_none() {
    let puzzle = first_of(5);
    let mut session = open(Lang::En, &[], true);
    intent(&mut session, Intent::Puzzle { puzzle, daily: false });
    intent(&mut session, Intent::ShowSolution);
    // Two moves in, look back at the first.
    let mut now = solution_until(&mut session, 2);
    // A move from outside (a script's) is refused: the line plays itself.
    let other = session.state().game().legal_moves()[0];
    let effects = intent(&mut session, Intent::Play(other));
    assert!(
        effects.iter().any(|e| matches!(e, Effect::Log(why) if why.contains("the solution is shown"))),
        "{effects:?}"
    );
    assert_eq!(session.state().game().moves().len(), 2);
    intent(&mut session, Intent::View(1));
    for _ in 0..40 {
        now += 100.0;
        session.update(Event::Frame { now_ms: now });
    }
    assert_eq!(session.state().game().moves().len(), 1, "the line waits while looked back at");
    intent(&mut session, Intent::BackToGame);
    play_out(&mut session, now, 100.0, 400);
    assert_solution_line(&puzzle, session.state().game());
    // A puzzle the player solved offers no solution.
    let mut session = open(Lang::En, &[], true);
    intent(&mut session, Intent::Puzzle { puzzle: first_of(3), daily: false });
    let line = onitama::ai::puzzle::solution(&first_of(3).position, 3);
    let mut effects = Vec::new();
    for &m in &line {
        effects.extend(intent(&mut session, Intent::Play(m)));
    }
    assert!(effects.contains(&Effect::PuzzleSolved(first_of(3).id)), "solved by the player, it counts");
    assert!(!session.controls().show_solution);
    let effects = intent(&mut session, Intent::ShowSolution);
    assert!(effects.iter().any(|e| matches!(e, Effect::Log(_))), "refused");
    assert_eq!(session.state().game().moves(), &line[..] as &[Move]);
}

#[test]
fn a_solution_shown_is_saved_as_shown_and_read_back_so() {
    let puzzle = first_of(3);
    let mut session = open(Lang::En, &[], true);
    intent(&mut session, Intent::Puzzle { puzzle, daily: false });
    intent(&mut session, Intent::ShowSolution);
    let save = session.save_file();
    assert!(save.puzzle.is_some_and(|p| p.shown && p.id == puzzle.id));
    let text = onitama::save::encode(&save);
    let read = onitama::save::decode(&text).unwrap();
    let found = onitama::ui::startup::Found {
        save: Ok(Some(read)),
        browser_language: Some("en".to_string()),
        ..onitama::ui::startup::Found::default()
    };
    let opened = onitama::ui::startup::opening(found, |_| Game::from_deal(&Deal::from_seed(2)));
    assert!(opened.activity.puzzle().is_some_and(|run| run.shown), "still shown after a reload");
    assert_eq!(opened.history.game().start(), &puzzle.position);
}

#[test]
fn continuing_where_a_shown_solution_stands_shows_a_game_at_once() {
    let puzzle = first_of(5);
    let mut session = open(Lang::En, &[], true);
    intent(&mut session, Intent::Puzzle { puzzle, daily: false });
    intent(&mut session, Intent::ShowSolution);
    solution_until(&mut session, 1);
    assert!(!session.state().board.history.looking_back(), "the board is where the solution stands");
    let effects = intent(&mut session, Intent::ContinueHere);
    assert!(session.state().puzzle().is_none(), "a game now");
    // The controls and the board say so at once, not at the next move.
    let view = effects.iter().find_map(|e| match e {
        Effect::Controls(view) => Some(view.clone()),
        _ => None,
    });
    assert_eq!(view.as_deref(), Some(&session.controls()), "{effects:?}");
    assert!(effects.iter().any(|e| matches!(e, Effect::Redraw(_))), "{effects:?}");
}

#[test]
fn continuing_from_a_shown_solution_plays_on_as_a_game_and_the_ai_answers() {
    let puzzle = first_of(5);
    let mut session = open(Lang::En, &[], true);
    intent(&mut session, Intent::Puzzle { puzzle, daily: false });
    intent(&mut session, Intent::ShowSolution);
    solution_until(&mut session, 2);
    // Back at the defender's turn, the player plays on from there.
    intent(&mut session, Intent::View(1));
    let effects = intent(&mut session, Intent::ContinueHere);
    assert_eq!(session.state().game().moves().len(), 1);
    assert!(session.state().puzzle().is_none(), "no longer the puzzle's line");
    assert!(session.state().ai_to_move());
    assert!(common::searches(&effects).iter().any(|o| o.purpose == Purpose::Move), "the AI thinks about its move");
}
