//! Reviewing a game on the page, natively: the session asks its own worker, takes the moves as
//! they come, shows the engine's line in place of a move and puts the game back; and the last
//! finished games are kept.

use onitama::ai::Score;
use onitama::ai::review::{MoveClass, PlyReview};
use onitama::mode::AiLevel;
use onitama::rules::{Color, Game};
use onitama::save::{FINISHED_KEPT, add_finished, decode_finished};
use onitama::ui::intent::Intent;
use onitama::ui::review::{self, Review};
use onitama::ui::session::{Effect, Event, Focus, Reply, ReplyKind};
use onitama::ui::{Lang, Mode, Session};

mod common;
use common::{BLUNDER, Motion, mv};

fn open(record: &str, mode: Mode) -> Session {
    common::open_record(record, mode, Motion::Reduced)
}

fn entries() -> [PlyReview; 2] {
    [
        common::blunder_entry(),
        PlyReview {
            ply: 2,
            played: mv("elephant:c3b2"),
            best: Some(mv("elephant:c3b2")),
            line: vec![mv("elephant:c3b2")],
            score_before: Score::Win(1),
            score_after: Score::Win(1),
            class: MoveClass::Best,
            exact: false,
        },
    ]
}

/// Starts the review and answers it with `entries`, then done; returns the review's id.
fn reviewed(session: &mut Session) -> u32 {
    let effects = session.update(Event::Intent(Intent::Review));
    let id = effects
        .iter()
        .find_map(|e| match e {
            Effect::StartReview { id, game, .. } => {
                assert_eq!(game.moves().len(), 2, "the whole line is reviewed");
                Some(*id)
            }
            _ => None,
        })
        .expect("a review starts its worker");
    for entry in entries() {
        session.update(Event::Reply(Reply { id, kind: ReplyKind::Reviewed(entry, 2) }));
    }
    session.update(Event::Reply(Reply { id, kind: ReplyKind::Done { best: None, score: None } }));
    id
}

#[test]
fn a_review_takes_each_move_as_it_comes_and_ignores_stale_or_out_of_turn_ones() {
    let mut session = open(BLUNDER, Mode::PassAndPlay { turn_board: false });
    let id = start_review(&mut session);
    let [first, second] = entries();
    // Out of turn, and from another request: both ignored.
    session.update(Event::Reply(Reply { id, kind: ReplyKind::Reviewed(second.clone(), 2) }));
    session.update(Event::Reply(Reply { id: id + 100, kind: ReplyKind::Reviewed(first.clone(), 2) }));
    assert!(session.state().review().unwrap().entries.is_empty());
    session.update(Event::Reply(Reply { id, kind: ReplyKind::Reviewed(first, 2) }));
    let review = session.state().review().unwrap();
    assert_eq!((review.entries.len(), review.running), (1, true));
    assert_eq!(review::verdict(&common::texts(Lang::En), review, 0), "Reviewing move 2 of 2…");
}

#[test]
fn stopping_a_running_review_ends_its_worker_and_keeps_what_is_judged_then_it_closes() {
    let mut session = open(BLUNDER, Mode::PassAndPlay { turn_board: false });
    let id = start_review(&mut session);
    let [first, _] = entries();
    session.update(Event::Reply(Reply { id, kind: ReplyKind::Reviewed(first, 2) }));
    let effects = session.update(Event::Intent(Intent::CloseReview));
    assert!(effects.contains(&Effect::CancelReview));
    let review = session.state().review().expect("kept");
    assert_eq!((review.running, review.entries.len()), (false, 1));
    let effects = session.update(Event::Intent(Intent::CloseReview));
    assert!(!effects.contains(&Effect::CancelReview));
    assert!(session.state().review().is_none());
}

#[test]
fn undo_before_the_engine_line_goes_back_to_the_game() {
    let mut session = open(BLUNDER, Mode::PassAndPlay { turn_board: false });
    reviewed(&mut session);
    session.update(Event::Intent(Intent::View(1)));
    session.update(Event::Intent(Intent::BestLine(1)));
    assert_eq!(session.state().review().unwrap().variation, Some(1));
    session.update(Event::Intent(Intent::Undo));
    let state = session.state();
    assert_eq!(state.review().unwrap().variation, None);
    assert_eq!(state.game().moves().len(), 0);
    assert_eq!(state.game_line().moves(), [mv("boar:c2b2"), mv("elephant:c3b2")]);
}

#[test]
fn a_finished_puzzle_is_not_kept_among_finished_games() {
    let set = onitama::ai::puzzle::parse_set(include_str!("../www/puzzles.txt")).unwrap();
    let puzzle = *set.iter().find(|p| p.plies == 3).unwrap();
    let mut session = open(BLUNDER, Mode::PassAndPlay { turn_board: false });
    session.update(Event::Intent(Intent::Puzzle { puzzle, daily: false }));
    let first = onitama::ai::puzzle::winning_moves(&puzzle.position, 3)[0];
    session.update(Event::Intent(Intent::Play(first)));
    let reply = onitama::ai::puzzle::defence(session.state().position(), 2).unwrap();
    let effects = session.update(Event::Intent(Intent::Play(reply)));
    assert!(effects.iter().all(|e| !matches!(e, Effect::KeepFinished(..))));
    let win = session.state().position().winning_move().unwrap();
    let effects = session.update(Event::Intent(Intent::Play(win)));
    assert!(effects.contains(&Effect::PuzzleSolved(puzzle.id)));
    assert!(effects.iter().all(|e| !matches!(e, Effect::KeepFinished(..))));
}

#[test]
fn the_engine_line_takes_the_place_of_a_move_and_the_game_comes_back_whole() {
    let mut session = open(BLUNDER, Mode::PassAndPlay { turn_board: false });
    reviewed(&mut session);
    session.update(Event::Intent(Intent::View(1)));
    let review = session.state().review().unwrap();
    assert_eq!(review::verdict(&common::texts(Lang::En), review, 1), "1. boar c2→b2: blunder · best was crab c2→c3 ×");
    session.update(Event::Intent(Intent::BestLine(1)));
    let state = session.state();
    assert_eq!(state.game().moves(), [mv("crab:c2c3")]);
    assert_eq!(state.review().unwrap().variation, Some(1));
    assert_eq!(state.game_line().moves().len(), 2, "records, links and saves keep the reviewed game");
    assert!(!state.human_to_move(), "the engine's line is looked at, not played over");
    // Back to the game from the graph or the move list.
    session.update(Event::Intent(Intent::View(2)));
    let state = session.state();
    assert_eq!(state.game().moves(), [mv("boar:c2b2"), mv("elephant:c3b2")]);
    assert_eq!(state.review().unwrap().variation, None);
    // A best move has no other line.
    session.update(Event::Intent(Intent::BestLine(2)));
    assert_eq!(session.state().review().unwrap().variation, None);
}

#[test]
fn continuing_from_the_engine_line_makes_it_the_game_and_closes_the_review() {
    let mut session = open(
        "start bbBbb/5/5/5/rrRrr ox,boar horse,elephant crab r\nmoves ox:c1c2 horse:c5c4 boar:a1a2\n",
        Mode::VsAi { human: Color::Red, level: AiLevel::nth(0) },
    );
    let id = start_review(&mut session);
    assert!(session.update(Event::Frame { now_ms: 10.0 }).iter().all(|e| !matches!(e, Effect::StartSearch(_))));
    let entry = PlyReview {
        ply: 1,
        played: mv("ox:c1c2"),
        best: Some(mv("boar:a1a2")),
        line: vec![mv("boar:a1a2"), mv("horse:c5c4")],
        score_before: Score::Value(30),
        score_after: Score::Value(-200),
        class: MoveClass::Mistake,
        exact: false,
    };
    session.update(Event::Reply(Reply { id, kind: ReplyKind::Reviewed(entry, 3) }));
    session.update(Event::Intent(Intent::BestLine(1)));
    assert_eq!(session.state().board.history.looking_back_from(), Some(2), "the line can be stepped through");
    session.update(Event::Intent(Intent::Redo));
    assert_eq!(session.state().game().moves(), [mv("boar:a1a2"), mv("horse:c5c4")]);
    let effects = session.update(Event::Intent(Intent::ContinueHere));
    assert!(effects.contains(&Effect::CancelReview), "the review was still running");
    let state = session.state();
    assert!(state.review().is_none());
    assert_eq!(state.game_line().moves(), [mv("boar:a1a2"), mv("horse:c5c4")]);
    assert!(state.human_to_move());
}

#[test]
fn the_ai_waits_while_a_review_is_open() {
    let mut session = open(
        "start bbBbb/5/5/5/rrRrr ox,boar horse,elephant crab r\nmoves ox:c1c2\n",
        Mode::VsAi { human: Color::Red, level: AiLevel::nth(0) },
    );
    // The AI (Blue) is to move and has started; a review stops it until closed.
    let effects = session.update(Event::Intent(Intent::Review));
    assert!(effects.contains(&Effect::CancelSearch));
    assert!(session.state().ai.thinking.is_none());
    session.update(Event::Intent(Intent::CloseReview));
    assert!(session.state().ai.thinking.is_none(), "a stopped review is still open");
    let effects = session.update(Event::Intent(Intent::CloseReview));
    assert!(effects.iter().any(|e| matches!(e, Effect::StartSearch(_))));
}

#[test]
fn a_game_that_ends_on_the_page_is_kept_for_review() {
    let mut session =
        open("start 5/5/2B2/2R2/5 crab,boar horse,elephant ox r\n", Mode::PassAndPlay { turn_board: false });
    let effects = session.update(Event::Intent(Intent::Play(mv("crab:c2c3"))));
    let kept: Vec<_> =
        effects.iter().filter(|e| matches!(e, Effect::KeepFinished(_, Mode::PassAndPlay { .. }))).collect();
    assert_eq!(kept.len(), 1);
}

#[test]
fn the_graph_has_a_point_per_position_and_a_click_finds_its_move() {
    let mut review = Review::new(1, Game::from_record(BLUNDER).unwrap());
    for entry in entries() {
        review.add(entry);
    }
    assert_eq!(review.red_shares(), [1.0, 0.0, 0.0]);
    assert_eq!(review.graph_path(), "M0 0L500 100L1000 100");
    assert_eq!(review.marked().collect::<Vec<_>>(), [(1, MoveClass::Blunder)]);
    assert_eq!(review::ply_at(0.0, 2), 0);
    assert_eq!(review::ply_at(0.4, 2), 1);
    assert_eq!(review::ply_at(1.2, 2), 2);
}

#[test]
fn the_last_hundred_finished_games_are_kept_and_a_damaged_one_is_skipped() {
    let game = |moves: &str| {
        Game::from_record(&format!("start bbBbb/5/5/5/rrRrr ox,boar horse,elephant crab r\nmoves {moves}\n")).unwrap()
    };
    let vs_ai = Mode::VsAi { human: Color::Blue, level: AiLevel::nth(4) };
    let mut kept = add_finished(None, &game("ox:c1c2"), vs_ai);
    kept = add_finished(Some(&kept), &game("boar:a1a2"), Mode::PassAndPlay { turn_board: true });
    kept = add_finished(Some(&kept), &game("ox:c1c2"), vs_ai);
    let games = decode_finished(&kept);
    assert_eq!(games.len(), 2, "the same game is kept once");
    assert_eq!(games[1].game.moves(), [mv("ox:c1c2")], "the latest last");
    assert_eq!(games[1].mode, Some(vs_ai), "with who played it");
    // Entries from before the mode was kept still read.
    assert_eq!(decode_finished(&games[1].game.to_record())[0].mode, None);
    let damaged = format!("start nonsense\n\n{kept}");
    assert_eq!(decode_finished(&damaged).len(), 2);
    let mut many = String::new();
    let mut distinct = std::collections::HashSet::new();
    for seed in 0..FINISHED_KEPT as u64 + 20 {
        let game = Game::from_deal(&onitama::rules::Deal::from_seed(seed));
        distinct.insert(game.to_record());
        many = add_finished(Some(&many), &game, Mode::PassAndPlay { turn_board: false });
    }
    assert!(distinct.len() > FINISHED_KEPT);
    assert_eq!(decode_finished(&many).len(), FINISHED_KEPT);
}

/// The finished games split where `split("\n\n")` splits, and nowhere else.
#[test]
fn finished_games_split_at_each_empty_line() {
    let one = "start bbBbb/5/5/5/rrRrr ox,boar horse,elephant crab r\nmoves ox:c1c2\n";
    let two = "start bbBbb/5/5/5/rrRrr ox,boar horse,elephant crab r\nmoves boar:a1a2\n";
    for (text, expected) in [
        (String::new(), 0),
        (one.to_string(), 1),
        (format!("{one}\n{two}"), 2),
        (format!("{one}\n\n\n{two}\n\n"), 2),
        (format!("\n\n{one}\n\n\n\n{two}"), 2),
        // Not split at "\r\n\r\n": one record with two starts, which is refused.
        (format!("{}\r\n{}", one.replace('\n', "\r\n"), two.replace('\n', "\r\n")), 0),
    ] {
        let by_split: Vec<_> = text.split("\n\n").filter_map(|r| Game::from_record(r).ok()).collect();
        let decoded: Vec<Game> = decode_finished(&text).into_iter().map(|kept| kept.game).collect();
        assert_eq!(decoded.len(), expected, "{text:?}");
        assert_eq!(decoded, by_split, "{text:?}");
    }
}

#[test]
fn over_a_review_no_result_banner_shows_and_review_again_takes_the_game_not_the_engine_line() {
    let mut session = open(BLUNDER, Mode::PassAndPlay { turn_board: false });
    reviewed(&mut session);
    assert!(!session.state().shows_result(), "the game is over, but a review is open");
    session.update(Event::Intent(Intent::BestLine(1)));
    // The engine's line ends the game at once (crab takes the master): still no banner.
    assert!(session.state().game().outcome().is_some());
    assert!(!session.state().shows_result());
    let effects = session.update(Event::Intent(Intent::Review));
    let reviewed_game = effects.iter().find_map(|e| match e {
        Effect::StartReview { game, .. } => Some(game.clone()),
        _ => None,
    });
    assert_eq!(reviewed_game.unwrap().moves(), [mv("boar:c2b2"), mv("elephant:c3b2")]);
    assert_eq!(session.save_file().game.moves(), [mv("boar:c2b2"), mv("elephant:c3b2")]);
}

#[test]
fn continue_from_here_while_looking_back_in_a_review_ends_it_and_the_player_can_move() {
    let mut session = open(
        "start bbBbb/5/5/5/rrRrr ox,boar horse,elephant crab r\nmoves ox:c1c2 horse:c5c4 boar:a1a2\n",
        Mode::PassAndPlay { turn_board: false },
    );
    reviewed_any(&mut session);
    session.update(Event::Intent(Intent::View(1)));
    assert!(!session.state().human_to_move());
    session.update(Event::Intent(Intent::ContinueHere));
    let state = session.state();
    assert!(state.review().is_none());
    assert_eq!(state.game().moves().len(), 1);
    assert_eq!(state.board.history.ahead().len(), 2, "the rest can be redone");
    assert!(state.human_to_move());
}

/// Starts a review of the game on the page; the id its worker's reports carry.
fn start_review(session: &mut Session) -> u32 {
    let effects = session.update(Event::Intent(Intent::Review));
    effects
        .iter()
        .find_map(|e| match e {
            Effect::StartReview { id, .. } => Some(*id),
            _ => None,
        })
        .unwrap_or_else(|| panic!("no review started: {effects:?}"))
}

/// Starts a review and says it is done, whatever the game.
fn reviewed_any(session: &mut Session) {
    let id = start_review(session);
    session.update(Event::Reply(Reply { id, kind: ReplyKind::Done { best: None, score: None } }));
}

#[test]
fn a_move_as_good_as_the_engines_choice_is_not_told_the_best_was_another() {
    let game = Game::from_record(BLUNDER).unwrap();
    let mut review = Review::new(1, game);
    let mut entry = entries()[1].clone();
    // Classed best, yet not the engine's first choice: an equally good move.
    entry.best = Some(mv("horse:c3c4"));
    review.add(entries()[0].clone());
    review.add(entry);
    let words = review::verdict(&common::texts(Lang::En), &review, 2);
    assert!(!words.contains("best was"), "{words}");
    assert!(words.contains("as good as"), "{words}");
    // A worse move still names the better one.
    assert!(review::verdict(&common::texts(Lang::En), &review, 1).contains("best was"));
}

#[test]
fn the_engines_line_points_from_each_move_to_the_next_in_the_languages_reading_direction() {
    for lang in Lang::ALL {
        let mut session = open(
            "start bbBbb/5/5/5/rrRrr ox,boar horse,elephant crab r\nmoves ox:c1c2 horse:c5c4 boar:a1a2\n",
            Mode::VsAi { human: Color::Red, level: AiLevel::nth(0) },
        );
        session
            .update(Event::Settings(onitama::ui::intent::SettingsPatch { language: Some(lang), ..Default::default() }));
        let id = start_review(&mut session);
        let entry = PlyReview {
            ply: 1,
            played: mv("ox:c1c2"),
            best: Some(mv("boar:a1a2")),
            line: vec![mv("boar:a1a2"), mv("horse:c5c4"), mv("ox:c1c2")],
            score_before: Score::Value(30),
            score_after: Score::Value(-200),
            class: MoveClass::Mistake,
            exact: false,
        };
        session.update(Event::Reply(Reply { id, kind: ReplyKind::Reviewed(entry, 3) }));
        session.update(Event::Intent(Intent::BestLine(1)));
        let text = session.controls().review.expect("the review is open").text;
        // Between the moves, not inside one (a move's squares read left to right: "c1→c2").
        let (next, back) = if lang.is_rtl() { (" ← ", " → ") } else { (" → ", " ← ") };
        assert_eq!(text.matches(next).count(), 2, "{lang:?}: {text}");
        assert!(!text.contains(back), "{lang:?}: {text}");
    }
}

#[test]
fn reviewing_from_the_result_moves_the_focus_into_the_review_panel_once_it_shows() {
    let mut session = open(BLUNDER, Mode::VsAi { human: Color::Red, level: AiLevel::nth(0) });
    assert!(session.controls().result.is_some(), "the result's banner, with its Review button, is up");
    let effects = session.update(Event::Intent(Intent::Review));
    // The button pressed goes with the banner: the focus goes to the panel's Close, after the
    // controls that show the panel.
    let shown = effects.iter().rposition(|e| matches!(e, Effect::Controls(view) if view.review.is_some()));
    let focus = effects.iter().position(|e| *e == Effect::Focus(Focus::Review));
    assert!(shown.is_some() && focus.is_some() && focus > shown, "{effects:?}");
    assert_eq!(session.controls().result, None);
    // Nothing to review: no review, the focus stays.
    let mut empty = common::open_record(
        "start bbBbb/5/5/5/rrRrr ox,boar horse,elephant crab r\n",
        Mode::PassAndPlay { turn_board: false },
        Motion::Reduced,
    );
    let effects = empty.update(Event::Intent(Intent::Review));
    assert!(!effects.iter().any(|e| matches!(e, Effect::Focus(_))), "{effects:?}");
}

#[test]
fn a_game_with_expansion_cards_is_reviewed_on_the_page_and_its_engine_line_shown() {
    // Red's rat steps aside instead of taking the master with mouse or rat; Blue's panda takes Red's.
    let record = "start 5/5/2B2/2R2/5 mouse,rat panda,dog giraffe r\nmoves rat:c2b2 panda:c3b2\n";
    let mut session = open(record, Mode::PassAndPlay { turn_board: false });
    let effects = session.update(Event::Intent(Intent::Review));
    let (id, game) = effects
        .iter()
        .find_map(|e| match e {
            Effect::StartReview { id, game, .. } => Some((*id, game.clone())),
            _ => None,
        })
        .expect("a review starts");
    let recorded = Game::from_record(record).unwrap().to_record();
    assert_eq!(game.to_record(), recorded, "the worker gets the game with its expansion cards");
    // The worker's review, computed here as the worker computes it.
    let mut engine = onitama::ai::Engine::new(4, onitama::ai::system_clock);
    let limits = onitama::ai::Limits { depth: Some(4), ..Default::default() };
    let judged = onitama::ai::review::review(&game, &mut engine, limits, None, &mut |_, _| true);
    let total = judged.len();
    for entry in judged {
        session.update(Event::Reply(Reply { id, kind: ReplyKind::Reviewed(entry, total) }));
    }
    session.update(Event::Reply(Reply { id, kind: ReplyKind::Done { best: None, score: None } }));
    let review = session.state().review().unwrap();
    assert_eq!(review.entries.len(), 2);
    let words = review::verdict(&common::texts(Lang::En), review, 1);
    assert!(words.starts_with("1. rat c2→b2: blunder · best was "), "{words}");
    assert!(words.contains("mouse c2→c3") || words.contains("rat c2→c3"), "{words}");
    // In Persian the cards' Persian names.
    let persian = review::verdict(&common::texts(Lang::Fa), review, 1);
    assert!(persian.contains(onitama::rules::Card::Rat.persian_name()), "{persian}");
    // The engine's line takes the move's place, and the game comes back.
    session.update(Event::Intent(Intent::BestLine(1)));
    let state = session.state();
    assert_eq!(state.review().unwrap().variation, Some(1));
    assert!(state.game().outcome().is_some(), "the engine's line takes Blue's master");
    assert_eq!(state.game_line().to_record(), recorded, "records, links and saves keep the reviewed game");
    session.update(Event::Intent(Intent::View(2)));
    assert_eq!(session.state().game().to_record(), recorded);
}

#[test]
fn a_review_whose_worker_dies_says_so_and_a_dead_earlier_reviews_worker_says_nothing() {
    let mut session = open(BLUNDER, Mode::PassAndPlay { turn_board: false });
    let first = start_review(&mut session);
    // Stopped, then closed (`CloseReview` does one, then the other).
    session.update(Event::Intent(Intent::CloseReview));
    session.update(Event::Intent(Intent::CloseReview));
    let second = start_review(&mut session);
    assert_ne!(first, second);
    // The shell tells the failure of a review's worker with that review's id.
    session.update(Event::Reply(Reply { id: first, kind: ReplyKind::Failed("out of memory".into()) }));
    assert!(session.state().review().is_some_and(|r| r.running), "another review's worker");
    assert!(session.state().notice.is_none());
    session.update(Event::Reply(Reply { id: second, kind: ReplyKind::Failed("out of memory".into()) }));
    assert!(session.state().review().is_some_and(|r| !r.running));
    assert!(session.state().notice.is_some(), "the player reads that the review stopped");
}

#[test]
fn a_move_into_an_ending_the_tables_know_says_its_exact_value() {
    // Blue takes Red's student: Blue wins in 2 of its moves (3 plies), as the tables say.
    let mut session = open(
        "start 5/2B2/2r2/5/R4 ox,boar crab,tiger horse b\nmoves crab:c4c3\n",
        Mode::PassAndPlay { turn_board: false },
    );
    let id = start_review(&mut session);
    let entry = PlyReview {
        ply: 1,
        played: mv("crab:c4c3"),
        best: Some(mv("crab:c4c3")),
        line: Vec::new(),
        score_before: Score::Win(3),
        score_after: Score::Win(2),
        class: MoveClass::Best,
        exact: true,
    };
    session.update(Event::Reply(Reply { id, kind: ReplyKind::Reviewed(entry, 1) }));
    session.update(Event::Intent(Intent::View(1)));
    let text = onitama::ui::view::controls(session.state()).review.expect("the review").text;
    assert!(text.ends_with(" · Blue wins in 1 (exact)"), "{text}");
}
