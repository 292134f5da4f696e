//! Playing a puzzle on the page, natively: the session asks the worker for the best defence
//! with the plies left, a win solves it, a defence that escapes fails it with its refutation on
//! the board, and the player can try again; choosing puzzles and remembering the solved ones.

use onitama::ai::Score;
use onitama::ai::puzzle::{Difficulty, Puzzle, parse_set};
use onitama::engine_protocol::worker::EngineRequest;
use onitama::mode::AiLevel;
use onitama::rules::Move;
use onitama::ui::intent::Intent;
use onitama::ui::puzzle::{Choice, Status, add_solved, choose, next_puzzle, parse_solved};
use onitama::ui::session::{Effect, Event, SearchOrder};
use onitama::ui::settings::Settings;
use onitama::ui::{Lang, Mode, Session};

/// The set's first 3-ply puzzle (each is re-verified by `tests/puzzles.rs`).
fn puzzle() -> Puzzle {
    let set = parse_set(include_str!("../www/puzzles.txt")).unwrap();
    *set.iter().find(|p| p.plies == 3).unwrap()
}

mod common;
use common::Motion;

fn open() -> Session {
    let game = onitama::rules::Game::from_deal(&onitama::rules::Deal::from_seed(1));
    let mode = Mode::VsAi { human: onitama::rules::Color::Red, level: AiLevel::nth(3) };
    common::open_game(game, mode, Settings::default(), Motion::Reduced).0
}

fn defence_order(effects: &[Effect]) -> SearchOrder {
    common::searches(effects).into_iter().next().expect("a search for the defence")
}

fn answer(session: &mut Session, order: &SearchOrder, best: Move, score: Option<Score>) -> Vec<Effect> {
    let mut effects = session.update(common::done(order, Some(best), score));
    effects.extend(session.update(Event::Frame { now_ms: 1.0 }));
    effects
}

fn winning_moves(puzzle: &Puzzle) -> Vec<Move> {
    onitama::ai::puzzle::winning_moves(&puzzle.position, puzzle.plies)
}

/// Plays a first move that lets the win go, and the defence's refutation: both.
fn fail(session: &mut Session, puzzle: &Puzzle) -> (Move, Move) {
    let winner = winning_moves(puzzle)[0];
    let wrong = *puzzle.position.legal_moves().iter().find(|&&m| m != winner).unwrap();
    let effects = session.update(Event::Intent(Intent::Play(wrong)));
    let order = defence_order(&effects);
    let refutation = onitama::ai::puzzle::defence(&order.position(), 2).unwrap();
    answer(session, &order, refutation, None);
    (wrong, refutation)
}

#[test]
fn a_puzzle_is_solved_against_the_defence_and_remembered() {
    let puzzle = puzzle();
    let mut session = open();
    session.update(Event::Intent(Intent::Puzzle { puzzle, daily: false }));
    let state = session.state();
    assert_eq!(
        state.mode,
        Mode::VsAi { human: puzzle.position.to_move(), level: AiLevel::nth(3) },
        "the level is kept"
    );
    assert!(state.human_to_move());
    let first = winning_moves(&puzzle)[0];
    let effects = session.update(Event::Intent(Intent::Play(first)));
    let order = defence_order(&effects);
    let request = &order.request;
    assert!(
        matches!(request, EngineRequest::Defend { plies: 2, .. }),
        "a defence with the defender's ply and the solver's last one left, not the level's move: {request:?}"
    );
    let defence = onitama::ai::puzzle::defence(&order.position(), 2).unwrap();
    answer(&mut session, &order, defence, Some(Score::Loss(2)));
    assert_eq!(session.state().puzzle().unwrap().status, Status::Playing);
    assert!(session.state().human_to_move());
    let last = session.state().position().winning_move().expect("a win at once");
    let effects = session.update(Event::Intent(Intent::Play(last)));
    assert!(effects.contains(&Effect::PuzzleSolved(puzzle.id)));
    let run = session.state().puzzle().unwrap();
    assert_eq!(run.status, Status::Solved);
    assert!(run.verdict(&common::texts(Lang::En), session.state().game()).unwrap().starts_with("Solved!"));
}

#[test]
fn a_defence_that_escapes_fails_the_puzzle_and_undo_or_try_again_starts_over() {
    let puzzle = puzzle();
    let mut session = open();
    session.update(Event::Intent(Intent::Puzzle { puzzle, daily: true }));
    let (wrong, refutation) = fail(&mut session, &puzzle);
    let state = session.state();
    assert_eq!(state.game().moves(), [wrong, refutation], "the refutation is on the board");
    assert!(matches!(state.puzzle().unwrap().status, Status::Failed { wrong: w, .. } if w == wrong));
    assert!(!state.human_to_move(), "a failed puzzle waits for the player to try again");
    let verdict = state.puzzle().unwrap().verdict(&common::texts(Lang::Fr), state.game()).unwrap();
    assert!(verdict.starts_with("Pas celui-ci\u{a0}: après "), "{verdict}");
    // Undo goes back before the wrong move: playing again.
    session.update(Event::Intent(Intent::Undo));
    assert_eq!(session.state().puzzle().unwrap().status, Status::Playing);
    assert!(session.state().human_to_move());
    // Try again (the rematch) keeps the puzzle, fresh.
    session.update(Event::Intent(Intent::Play(wrong)));
    session.update(Event::Intent(Intent::Rematch));
    let state = session.state();
    assert_eq!(state.game().moves().len(), 0);
    assert_eq!(state.puzzle().unwrap().status, Status::Playing);
    assert!(state.puzzle().unwrap().daily);
}

/// Plays the puzzle's win against the best defence from where the session stands.
fn solve(session: &mut Session, puzzle: &Puzzle) -> Vec<Effect> {
    let first = winning_moves(puzzle)[0];
    let effects = session.update(Event::Intent(Intent::Play(first)));
    let order = defence_order(&effects);
    let defence = onitama::ai::puzzle::defence(&order.position(), 2).unwrap();
    answer(session, &order, defence, Some(Score::Loss(2)));
    let last = session.state().position().winning_move().expect("a win at once");
    session.update(Event::Intent(Intent::Play(last)))
}

#[test]
fn a_puzzle_solved_after_a_hint_is_solved_with_help_and_not_ticked() {
    let puzzle = puzzle();
    let mut session = open();
    session.update(Event::Intent(Intent::Puzzle { puzzle, daily: false }));
    let effects = session.update(Event::Intent(Intent::Hint));
    assert!(!common::searches(&effects).is_empty(), "the hint is searched");
    assert!(session.state().puzzle().unwrap().helped);
    assert!(session.save_file().puzzle.unwrap().helped, "a reload keeps the help");
    let effects = solve(&mut session, &puzzle);
    assert!(!effects.iter().any(|e| matches!(e, Effect::PuzzleSolved(_))), "{effects:?}");
    let state = session.state();
    let run = state.puzzle().unwrap();
    assert_eq!(run.status, Status::Solved);
    assert!(!run.solved_cleanly());
    assert!(!state.page.solved.contains(&puzzle.id), "not ticked in the list");
    let verdict = run.verdict(&common::texts(Lang::En), state.game()).unwrap();
    assert!(verdict.starts_with("Solved with help"), "{verdict}");
    let fr = run.verdict(&common::texts(Lang::Fr), state.game()).unwrap();
    assert!(fr.starts_with("Résolu avec aide"), "{fr}");
}

#[test]
fn a_retry_after_a_failed_try_is_solved_with_help_by_undo_and_by_try_again() {
    let puzzle = puzzle();
    for retry in [Intent::Undo, Intent::Rematch] {
        let mut session = open();
        session.update(Event::Intent(Intent::Puzzle { puzzle, daily: false }));
        fail(&mut session, &puzzle);
        assert!(session.state().puzzle().unwrap().failed());
        session.update(Event::Intent(retry.clone()));
        assert_eq!(session.state().game().moves().len(), 0, "{retry:?}");
        let effects = solve(&mut session, &puzzle);
        assert!(!effects.iter().any(|e| matches!(e, Effect::PuzzleSolved(_))), "{retry:?}: {effects:?}");
        let run = session.state().puzzle().unwrap();
        assert_eq!(run.status, Status::Solved);
        assert!(run.helped && !session.state().page.solved.contains(&puzzle.id), "{retry:?}");
    }
}

#[test]
fn a_helped_puzzle_is_read_back_from_its_save_as_helped() {
    let puzzle = puzzle();
    let mut session = open();
    session.update(Event::Intent(Intent::Puzzle { puzzle, daily: true }));
    session.update(Event::Intent(Intent::Hint));
    let text = onitama::save::encode(&session.save_file());
    assert!(text.contains(&format!("puzzle {} 3 daily helped\n", puzzle.id)), "{text}");
    let read = onitama::save::decode(&text).unwrap();
    assert!(read.puzzle.unwrap().helped && read.puzzle.unwrap().daily);
}

#[test]
fn plies_used_up_without_a_win_fail_the_puzzle() {
    let puzzle = puzzle();
    let mut session = open();
    session.update(Event::Intent(Intent::Puzzle { puzzle, daily: false }));
    let first = winning_moves(&puzzle)[0];
    let effects = session.update(Event::Intent(Intent::Play(first)));
    let order = defence_order(&effects);
    let defence = onitama::ai::puzzle::defence(&order.position(), 2).unwrap();
    answer(&mut session, &order, defence, Some(Score::Loss(2)));
    // A quiet third move instead of the win.
    let position = *session.state().position();
    let quiet = *position.legal_moves().iter().find(|&&m| !position.is_winning(m)).unwrap();
    let effects = session.update(Event::Intent(Intent::Play(quiet)));
    let order = defence_order(&effects);
    assert!(matches!(order.request, EngineRequest::Defend { plies: 0, .. }));
    let reply = order.position().legal_moves()[0];
    answer(&mut session, &order, reply, None);
    let state = session.state();
    let verdict = state.puzzle().unwrap().verdict(&common::texts(Lang::En), state.game()).unwrap();
    assert!(verdict.contains("the 2 moves are played"), "{verdict}");
}

#[test]
fn a_new_game_ends_the_puzzle() {
    let mut session = open();
    session.update(Event::Intent(Intent::Puzzle { puzzle: puzzle(), daily: false }));
    let game = onitama::rules::Game::from_deal(&onitama::rules::Deal::from_seed(2));
    session.update(Event::Intent(Intent::NewGame { game, mode: Mode::PassAndPlay { turn_board: true } }));
    assert!(session.state().puzzle().is_none());
}

#[test]
fn puzzles_are_chosen_by_difficulty_skipping_solved_ones_and_by_date() {
    let set = parse_set(include_str!("../www/puzzles.txt")).unwrap();
    let first_easy = set.iter().find(|p| p.difficulty() == Difficulty::Easy).unwrap();
    let (p, daily) = choose(&set, onitama::ui::deck::DEFAULT, &[], Choice::Difficulty(Difficulty::Easy), None).unwrap();
    assert_eq!((p.id, daily), (first_easy.id, false));
    let (p, _) =
        choose(&set, onitama::ui::deck::DEFAULT, &[first_easy.id], Choice::Difficulty(Difficulty::Easy), None).unwrap();
    assert_ne!(p.id, first_easy.id);
    assert_eq!(p.difficulty(), Difficulty::Easy);
    // After the last hard one comes the first unsolved hard one again.
    let hard: Vec<_> = set.iter().filter(|p| p.difficulty() == Difficulty::Hard).collect();
    let last = hard.last().unwrap();
    assert_eq!(next_puzzle(&set, &[], Difficulty::Hard, last.id).unwrap().id, hard[0].id);
    // All solved: still a puzzle to play.
    let all: Vec<u32> = set.iter().map(|p| p.id).collect();
    assert!(next_puzzle(&set, &all, Difficulty::Medium, 0).is_some());
    let (today, daily) = choose(&set, onitama::ui::deck::DEFAULT, &[], Choice::Daily(20_000), None).unwrap();
    assert!(daily);
    assert_eq!(choose(&set, onitama::ui::deck::DEFAULT, &[], Choice::Daily(20_000), None).unwrap().0, today);
    assert_ne!(choose(&set, onitama::ui::deck::DEFAULT, &[], Choice::Daily(20_001), None).unwrap().0, today);
}

#[test]
fn solved_puzzles_are_kept_once_and_damage_is_skipped() {
    let text = add_solved("", 4);
    let text = add_solved(&text, 9);
    assert_eq!(add_solved(&text, 4), "4 9");
    assert_eq!(parse_solved("4 x 9 -1"), [4, 9]);
}

#[test]
fn a_puzzle_read_back_from_a_save_knows_whether_it_was_failed() {
    use onitama::ui::puzzle::PuzzleRun;
    let puzzle = puzzle();
    let winner = winning_moves(&puzzle)[0];
    let wrong = *puzzle.position.legal_moves().iter().find(|&&m| m != winner).unwrap();
    let mut game = onitama::rules::Game::new(puzzle.position);
    game.play(wrong).unwrap();
    let after_wrong = *game.position();
    let refutation = onitama::ai::puzzle::defence(&after_wrong, 2).unwrap();
    game.play(refutation).unwrap();
    let run = PuzzleRun::resume(puzzle, false, &game);
    assert_eq!(run.status, Status::Failed { wrong, refutation: Some(refutation), at: 1 });
    // On the right track, it goes on.
    let mut game = onitama::rules::Game::new(puzzle.position);
    game.play(winner).unwrap();
    let defence = onitama::ai::puzzle::defence(game.position(), 2).unwrap();
    game.play(defence).unwrap();
    assert_eq!(PuzzleRun::resume(puzzle, false, &game).status, Status::Playing);
}

#[test]
fn try_again_is_saved_with_its_puzzle() {
    let puzzle = puzzle();
    let mut session = open();
    session.update(Event::Intent(Intent::Puzzle { puzzle, daily: false }));
    let effects = session.update(Event::Intent(Intent::Rematch));
    let saved = effects.iter().rev().find_map(|e| match e {
        Effect::SaveGame(file) => Some(file.clone()),
        _ => None,
    });
    assert_eq!(saved.and_then(|file| file.puzzle).map(|p| p.id), Some(puzzle.id));
}

#[test]
fn a_solved_puzzle_has_its_own_ending_not_the_result_banner() {
    let puzzle = puzzle();
    let mut session = open();
    session.update(Event::Intent(Intent::Puzzle { puzzle, daily: false }));
    let first = winning_moves(&puzzle)[0];
    session.update(Event::Intent(Intent::Play(first)));
    let reply = onitama::ai::puzzle::defence(session.state().position(), 2).unwrap();
    session.update(Event::Intent(Intent::Play(reply)));
    let win = session.state().position().winning_move().unwrap();
    session.update(Event::Intent(Intent::Play(win)));
    assert!(session.state().game().outcome().is_some());
    assert!(!session.state().shows_result());
}

#[test]
fn a_puzzle_asked_for_before_the_set_is_here_fetches_it_once_then_starts_unless_a_new_game_came_first() {
    let set = std::rc::Rc::new(parse_set(include_str!("../www/puzzles.txt")).unwrap());
    let mut session = open();
    let effects = session.update(Event::Intent(Intent::ChoosePuzzle(Choice::Daily(20_000))));
    assert_eq!(effects.iter().filter(|e| matches!(e, Effect::FetchPuzzles)).count(), 1);
    let again = session.update(Event::Intent(Intent::ChoosePuzzle(Choice::Daily(20_000))));
    assert!(!again.iter().any(|e| matches!(e, Effect::FetchPuzzles)), "one fetch at a time");
    assert!(session.state().puzzle().is_none());
    session.update(Event::PuzzleSet(Ok(set.clone())));
    let run = session.state().puzzle().expect("the daily puzzle starts once the set is here");
    assert!(run.daily);
    assert!(session.controls().puzzles_solved.is_some(), "the menu counts the solved ones");

    // Asked, then a new game before the set comes: the new game stays.
    let mut session = open();
    session.update(Event::Intent(Intent::ChoosePuzzle(Choice::Next)));
    let game = onitama::rules::Game::from_deal(&onitama::rules::Deal::from_seed(2));
    session.update(Event::Intent(Intent::NewGame { game: game.clone(), mode: Mode::PassAndPlay { turn_board: true } }));
    session.update(Event::PuzzleSet(Ok(set.clone())));
    assert!(session.state().puzzle().is_none());
    assert_eq!(session.state().game().start(), game.start());

    // Asked, then a rematch (the same deal, another game) before the set comes: the rematch stays.
    let mut session = open();
    session.update(Event::Intent(Intent::ChoosePuzzle(Choice::Next)));
    session.update(Event::Intent(Intent::Rematch));
    session.update(Event::PuzzleSet(Ok(set)));
    assert!(session.state().puzzle().is_none(), "the puzzle was asked over another game");

    // The set cannot be had: the player is told.
    let mut session = open();
    session.update(Event::Intent(Intent::ChoosePuzzle(Choice::Next)));
    session.update(Event::PuzzleSet(Err("offline".into())));
    assert!(session.controls().notice.is_some_and(|n| n.contains("offline")));
}

#[test]
fn a_finished_puzzle_offers_the_way_back_to_the_game_aside_beside_its_ending() {
    for solve in [true, false] {
        let puzzle = puzzle();
        let mut session = open();
        // A game in progress (the player has moved in it): the puzzle puts it aside.
        while !onitama::ui::state::in_progress(session.state().game(), session.state().mode, 0) {
            let next = session.state().game().legal_moves()[0];
            session.update(Event::Intent(Intent::Play(next)));
        }
        let mine = session.state().game().clone();
        session.update(Event::Intent(Intent::Puzzle { puzzle, daily: true }));
        assert!(session.state().aside.is_some());
        assert!(session.controls().back_to_my_game, "offered while the puzzle is played");
        let winner = winning_moves(&puzzle)[0];
        let played =
            if solve { winner } else { *puzzle.position.legal_moves().iter().find(|&&m| m != winner).unwrap() };
        let effects = session.update(Event::Intent(Intent::Play(played)));
        let order = defence_order(&effects);
        let defence = onitama::ai::puzzle::defence(&order.position(), 2).unwrap();
        answer(&mut session, &order, defence, solve.then_some(Score::Loss(2)));
        if solve {
            let last = session.state().position().winning_move().expect("a win at once");
            session.update(Event::Intent(Intent::Play(last)));
        }
        let status = session.state().puzzle().unwrap().status;
        assert!(if solve { status == Status::Solved } else { matches!(status, Status::Failed { .. }) }, "{status:?}");
        let controls = session.controls();
        assert!(controls.puzzle_end.is_some(), "the ending is in the strip");
        assert!(controls.back_to_my_game, "and the way back beside it (solved: {solve})");
        session.update(Event::Intent(Intent::BackToMyGame));
        assert_eq!(session.state().game().moves(), mine.moves());
        assert!(session.state().puzzle().is_none());
    }
}

#[test]
fn a_puzzle_tried_again_after_its_solution_was_shown_or_chosen_again_after_a_hint_is_helped() {
    let puzzle = puzzle();
    let mut session = open();
    session.update(Event::Intent(Intent::Puzzle { puzzle, daily: false }));
    session.update(Event::Intent(Intent::ShowSolution));
    assert!(session.state().puzzle().unwrap().shown);
    session.update(Event::Intent(Intent::Rematch));
    let run = session.state().puzzle().unwrap();
    assert!(!run.shown && run.helped, "tried again after watching the solution: {run:?}");
    let effects = solve(&mut session, &puzzle);
    assert!(!effects.iter().any(|e| matches!(e, Effect::PuzzleSolved(_))), "{effects:?}");
    // A hint, then the same puzzle chosen again from the list: still helped.
    let mut session = open();
    session.update(Event::Intent(Intent::Puzzle { puzzle, daily: false }));
    session.update(Event::Intent(Intent::Hint));
    session.update(Event::Intent(Intent::Puzzle { puzzle, daily: false }));
    assert!(session.state().puzzle().unwrap().helped);
    // A reload of a helped puzzle opens it helped.
    let file = session.save_file();
    let found = onitama::ui::startup::Found { save: Ok(Some(file)), ..Default::default() };
    let opened =
        onitama::ui::startup::opening(found, |_| onitama::rules::Game::from_deal(&onitama::rules::Deal::from_seed(3)));
    assert!(opened.activity.puzzle().unwrap().helped);
}
