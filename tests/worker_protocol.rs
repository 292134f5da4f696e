//! The page's messages to and from the AI's worker: every request and report reads back as it
//! was written, and a malformed line is refused with its reason, never a panic.

use onitama::ai::endgame::{Exact, solve};
use onitama::ai::exact::{ExactLine, TableCache, Uncovered};
use onitama::ai::review::{MoveClass, PlyReview};
use onitama::ai::{Level, Limits, Line, Score};
use onitama::engine_protocol::worker::{
    ENDGAME_WORKER_PIECES, EndgameReport, EndgameRequest, EngineReport, EngineRequest, MessageError, NoExact,
};
use onitama::rules::{Deal, Game, Move, Position};
use onitama::ui::features::Features;
use proptest::prelude::*;
use std::num::NonZeroU32;

const START: &str = "bbBbb/5/5/5/rrRrr boar,ox elephant,horse crab r";

/// Up to `choices.len()` moves of a random deal, each an index into the legal moves.
fn random_game(seed: u64, choices: &[usize]) -> Game {
    let mut game = Game::from_deal(&Deal::from_seed(seed));
    for &choice in choices {
        let moves = game.legal_moves();
        if moves.is_empty() {
            break;
        }
        game.play(moves[choice % moves.len()]).unwrap();
    }
    game
}

fn split(game: &Game) -> (Position, Vec<Position>) {
    let (earlier, current) = game.positions().split_at(game.positions().len() - 1);
    (current[0], earlier.to_vec())
}

fn score() -> impl Strategy<Value = Score> {
    prop_oneof![
        any::<i32>().prop_map(Score::Value),
        any::<u32>().prop_map(Score::Win),
        any::<u32>().prop_map(Score::Loss)
    ]
}

/// Limits with at least one of them set; times in whole milliseconds, as they travel.
fn limits() -> impl Strategy<Value = Limits> {
    (any::<Option<u32>>(), any::<Option<u32>>(), any::<Option<u64>>())
        .prop_filter("a limit", |(d, t, n)| d.is_some() || t.is_some() || n.is_some())
        .prop_map(|(depth, ms, nodes)| Limits { depth, movetime_ms: ms.map(f64::from), nodes })
}

fn game() -> impl Strategy<Value = Game> {
    (any::<u64>(), prop::collection::vec(any::<usize>(), 0..40)).prop_map(|(seed, choices)| random_game(seed, &choices))
}

/// Any moves (legal or not: reports carry moves the page checks itself).
fn moves(game: &Game) -> Vec<Move> {
    game.moves().to_vec()
}

fn request() -> impl Strategy<Value = EngineRequest> {
    (any::<u32>(), game(), limits(), 0..Level::ALL.len(), any::<u32>(), 0..5u8).prop_map(
        |(id, game, limits, level, seed, kind)| {
            let (position, earlier) = split(&game);
            match kind {
                0 => EngineRequest::Search { id, limits, position, earlier },
                1 => EngineRequest::LevelMove { id, level: Level::ALL[level], seed, position, earlier },
                2 => EngineRequest::Defend { id, plies: seed % 12, position },
                3 => EngineRequest::Review { id, game, limits },
                _ => {
                    let count = NonZeroU32::new(seed).unwrap_or(NonZeroU32::MIN);
                    EngineRequest::Lines { features: Features::present(), id, count, limits, position, earlier }
                }
            }
        },
    )
}

/// One to four lines cut from a game's moves (any moves: the page checks them itself).
fn best_lines() -> impl Strategy<Value = Vec<Line>> {
    (game(), prop::collection::vec((score(), any::<prop::sample::Index>()), 1..5)).prop_map(|(game, cuts)| {
        let played = moves(&game);
        let pass = Move::Pass { card: game.start().side_card() };
        cuts.into_iter()
            .enumerate()
            .map(|(index, (score, cut))| {
                let from = index.min(played.len());
                let rest = &played[from..];
                let (first, continuation) = rest.split_first().map_or((pass, &[][..]), |(m, rest)| (*m, rest));
                let continuation = continuation[..cut.index(continuation.len() + 1)].to_vec();
                Line { first, score, continuation }
            })
            .collect()
    })
}

fn report() -> impl Strategy<Value = EngineReport> {
    let words = prop::collection::vec("[a-zA-Z0-9'\":,.()é-]{1,12}", 0..8).prop_map(|words| words.join(" "));
    let numbers = (any::<u64>(), any::<usize>(), 0..7u8, 0..5usize);
    (any::<u32>(), game(), score(), score(), numbers, words, best_lines()).prop_map(
        |(id, game, first, second, (number, total, kind, class), message, lines)| {
            let line = moves(&game);
            match kind {
                6 => EngineReport::Lines {
                    features: Features::present(),
                    id,
                    depth: number as u32,
                    nodes: number,
                    lines,
                },
                0 => EngineReport::Ready,
                1 => EngineReport::Info { id, depth: number as u32, score: first, nodes: number, pv: line },
                2 => EngineReport::Done { id, best: line.first().copied(), score: Some(first) },
                3 => EngineReport::Done { id, best: line.first().copied(), score: None },
                4 => EngineReport::Failed { id, message },
                _ => {
                    let classes = [
                        MoveClass::Best,
                        MoveClass::Good,
                        MoveClass::Inaccuracy,
                        MoveClass::Mistake,
                        MoveClass::Blunder,
                    ];
                    let played = line.last().copied().unwrap_or(Move::Pass { card: game.start().side_card() });
                    let entry = PlyReview {
                        ply: total / 2,
                        played,
                        best: line.first().copied(),
                        line: line.iter().skip(1).copied().collect(),
                        score_before: first,
                        score_after: second,
                        class: classes[class],
                        exact: number % 2 == 1,
                    };
                    EngineReport::Reviewed { id, entry, total }
                }
            }
        },
    )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn requests_read_back_as_they_were_written(request in request()) {
        let line = request.encode();
        prop_assert!(!line.contains('\n'));
        prop_assert_eq!(EngineRequest::decode(&line), Ok(request.clone()));
        prop_assert_eq!(EngineRequest::id_in(&line), Some(request.id()));
    }

    #[test]
    fn reports_read_back_as_they_were_written(report in report()) {
        let line = report.encode();
        prop_assert!(!line.contains('\n'));
        prop_assert_eq!(EngineReport::decode(&line), Ok(report));
    }

    /// Any text is refused or read; what is read writes back to the same message.
    #[test]
    fn any_text_is_refused_or_read_without_a_panic(text in "\\PC{0,80}") {
        if let Ok(request) = EngineRequest::decode(&text) {
            prop_assert_eq!(EngineRequest::decode(&request.encode()), Ok(request));
        }
        if let Ok(report) = EngineReport::decode(&text) {
            prop_assert_eq!(EngineReport::decode(&report.encode()), Ok(report));
        }
    }

    /// A line cut short anywhere is refused, or is still a whole message.
    #[test]
    fn cut_lines_never_panic(request in request(), report in report(), cut in any::<prop::sample::Index>()) {
        // Requests are ASCII: any byte is a place to cut.
        let line = request.encode();
        if let Ok(read) = EngineRequest::decode(&line[..cut.index(line.len() + 1).min(line.len())]) {
            prop_assert_eq!(EngineRequest::decode(&read.encode()), Ok(read));
        }
        let line = report.encode();
        let end = line.char_indices().map(|(i, _)| i).nth(cut.index(line.chars().count() + 1)).unwrap_or(line.len());
        if let Ok(read) = EngineReport::decode(&line[..end]) {
            prop_assert_eq!(EngineReport::decode(&read.encode()), Ok(read));
        }
    }
}

fn start() -> Position {
    START.parse().unwrap()
}

#[test]
fn the_lines_look_like_the_engine_protocol() {
    let search = EngineRequest::Search {
        id: 7,
        limits: Limits { movetime_ms: Some(300.0), ..Limits::default() },
        position: start(),
        earlier: Vec::new(),
    };
    assert_eq!(search.encode(), format!("search 7 movetime 300 position {START}"));
    let boar: Move = "boar:c1c2".parse().unwrap();
    let done = EngineReport::Done { id: 7, best: Some(boar), score: Some(Score::Win(5)) };
    assert_eq!(done.encode(), "done 7 best boar:c1c2 score win 5");
    let info = EngineReport::Info { id: 7, depth: 5, score: Score::Value(-31), nodes: 900, pv: vec![boar] };
    assert_eq!(info.encode(), "info 7 depth 5 score cp -31 nodes 900 pv boar:c1c2");
    assert_eq!(EngineReport::Ready.encode(), "ready");
    let level = EngineReport::Done { id: 8, best: Some(boar), score: None };
    assert_eq!(level.encode(), "done 8 best boar:c1c2", "a level's move has no score");
}

#[test]
fn best_lines_read_as_documented() {
    let request = EngineRequest::Lines {
        features: Features::present(),
        id: 11,
        count: NonZeroU32::new(3).unwrap(),
        limits: Limits { movetime_ms: Some(1000.0), ..Limits::default() },
        position: start(),
        earlier: vec![start()],
    };
    assert_eq!(request.encode(), format!("lines 11 count 3 movetime 1000 position {START} earlier {START}"));
    let [boar, horse, ox] = ["boar:c1c2", "horse:c5c4", "ox:b1b2"].map(|m| m.parse::<Move>().unwrap());
    let lines = vec![
        Line { first: boar, score: Score::Value(31), continuation: vec![horse] },
        Line { first: ox, score: Score::Loss(4), continuation: Vec::new() },
    ];
    let report = EngineReport::Lines { features: Features::present(), id: 11, depth: 7, nodes: 90210, lines };
    let line = "lines 11 depth 7 nodes 90210 line 1 score cp 31 pv boar:c1c2 horse:c5c4 line 2 score loss 4 pv ox:b1b2";
    assert_eq!(report.encode(), line);
    assert_eq!(EngineReport::decode(line), Ok(report));
    let refused: Vec<(String, &str)> = vec![
        (format!("lines 1 count 0 depth 3 position {START}"), "a number of lines (1 or more) expected, not '0'"),
        (format!("lines 1 depth 3 position {START}"), "count expected, not 'depth'"),
        (format!("lines 1 count 3 position {START}"), "a search needs a limit"),
    ];
    for (line, reason) in refused {
        let error = EngineRequest::decode(&line).expect_err(&line);
        assert!(error.to_string().starts_with(reason), "{line}: {error}");
    }
    for (line, reason) in [
        ("lines 1 depth 2 nodes 9", "the message ends where line was expected"),
        ("lines 1 depth 2 nodes 9 line 2 score cp 0 pv boar:c1c2", "the next line's number expected, not '2'"),
        ("lines 1 depth 2 nodes 9 line 1 score cp 0 pv", "the message ends where a move was expected"),
        ("lines 1 depth 2 nodes 9 line 1 score cp 0 pv boar:c1c2 line", "the message ends where the next line's"),
        ("lines 1 depth 2 nodes 9 line 1 score cp 0 pv boar:c1c2 line 1", "the next line's number expected, not '1'"),
        ("lines 1 depth 2 line 1 score cp 0 pv boar:c1c2", "nodes expected, not 'line'"),
    ] {
        let error = EngineReport::decode(line).expect_err(line);
        assert!(error.to_string().starts_with(reason), "{line}: {error}");
    }
}

#[test]
fn a_level_travels_by_name_and_an_unknown_one_is_refused() {
    let line = format!("move 3 level {} seed 5 position {START}", Level::ALL[0].name);
    let request = EngineRequest::decode(&line).unwrap();
    assert!(matches!(request, EngineRequest::LevelMove { id: 3, level, seed: 5, .. } if level == Level::ALL[0]));
    let bad = EngineRequest::decode(&format!("move 5 level godlike seed 1 position {START}"));
    assert_eq!(bad, Err(MessageError::UnknownLevel("godlike".into())));
    assert_eq!(bad.unwrap_err().to_string(), "unknown level 'godlike'");
}

#[test]
fn times_travel_in_whole_milliseconds() {
    let request = EngineRequest::Search {
        id: 1,
        limits: Limits { movetime_ms: Some(99.6), ..Limits::default() },
        position: start(),
        earlier: Vec::new(),
    };
    let EngineRequest::Search { limits, .. } = EngineRequest::decode(&request.encode()).unwrap() else { panic!() };
    assert_eq!(limits.movetime_ms, Some(100.0));
}

#[test]
fn a_failure_message_stays_on_one_line() {
    let failed = EngineReport::Failed { id: 4, message: "bad position:\n  expected 5 fields ".into() };
    assert_eq!(failed.encode(), "failed 4 bad position: expected 5 fields");
    let back = EngineReport::decode(&failed.encode()).unwrap();
    assert_eq!(back, EngineReport::Failed { id: 4, message: "bad position: expected 5 fields".into() });
}

#[test]
fn a_review_replays_its_game_and_refuses_an_illegal_move() {
    let line = format!("review 2 movetime 200 start {START} moves boar:c1c2 horse:c5c4");
    let EngineRequest::Review { game, .. } = EngineRequest::decode(&line).unwrap() else { panic!("a review") };
    assert_eq!(game.moves().len(), 2);
    let illegal = format!("review 2 movetime 200 start {START} moves boar:c1c2 boar:c2c3");
    let error = EngineRequest::decode(&illegal).unwrap_err();
    assert!(matches!(error, MessageError::Game { number: 2, .. }), "{error}");
    assert!(error.to_string().starts_with("move 2 of the game: "), "{error}");
}

#[test]
fn malformed_lines_are_refused_with_their_reason() {
    let cases: Vec<(String, &str)> = vec![
        (String::new(), "the message ends where a request was expected"),
        ("go 1".into(), "unknown message 'go'"),
        ("search".into(), "the message ends where an id was expected"),
        ("search x".into(), "an id expected, not 'x'"),
        ("search -1 depth 3".into(), "an id expected, not '-1'"),
        (format!("search 1 position {START}"), "a search needs a limit: depth, movetime or nodes"),
        ("search 1 depth 3 depth 4".into(), "depth is given twice"),
        ("search 1 depth".into(), "the message ends where a depth was expected"),
        ("search 1 nodes 4294967296 depth 4294967296".into(), "a depth expected, not '4294967296'"),
        ("search 1 movetime 2.5 position x".into(), "a number of milliseconds expected, not '2.5'"),
        ("search 1 depth 3".into(), "the message ends where position was expected"),
        ("search 4 depth 3 position nonsense".into(), "bad position \"nonsense\": expected 5 fields"),
        (format!("search 1 depth 3 position {START} earlier {START} 5/5"), "bad position \"5/5\": expected 5 fields"),
        (format!("defend 1 plies 2 position {START} extra"), "bad position"),
        (format!("review 1 depth 2 start {START} moves tiger:c1"), "bad move 'tiger:c1'"),
    ];
    for (line, reason) in cases {
        let error = EngineRequest::decode(&line).expect_err(&line);
        assert!(error.to_string().starts_with(reason), "{line}: {error}");
    }
    let reports: Vec<(&str, &str)> = vec![
        ("ready now", "the end of the message expected, not 'now'"),
        ("done 1 best", "the message ends where a move was expected"),
        ("done 1 score draw 3", "cp, win or loss expected, not 'draw'"),
        ("done 1 score cp 99999999999", "hundredths of a student expected, not '99999999999'"),
        ("done 1 score win -2", "a number of plies expected, not '-2'"),
        ("info 1 depth 2 score cp 3 nodes 4", "the message ends where pv was expected"),
        ("reviewed 1 ply 1 of 2 move boar:c1c2 before cp 0 after cp 0 class great line", "unknown move class 'great'"),
        ("reviewed 1 ply 1 of 2 move boar:c1c2 class best", "before expected, not 'class'"),
        ("failed", "the message ends where an id was expected"),
        ("{\"kind\":\"ready\"}", "unknown message '{\"kind\":\"ready\"}'"),
    ];
    for (line, reason) in reports {
        let error = EngineReport::decode(line).expect_err(line);
        assert!(error.to_string().starts_with(reason), "{line}: {error}");
    }
}

#[test]
fn the_id_of_a_request_that_does_not_read_is_still_found() {
    assert_eq!(EngineRequest::id_in("search 12 depth x"), Some(12));
    assert_eq!(EngineRequest::id_in("search"), None);
}

fn exact() -> impl Strategy<Value = Exact> {
    prop_oneof![any::<u32>().prop_map(Exact::Win), any::<u32>().prop_map(Exact::Loss), Just(Exact::Draw)]
}

fn endgame_request() -> impl Strategy<Value = EndgameRequest> {
    (any::<u32>(), 2..=ENDGAME_WORKER_PIECES, game()).prop_map(|(id, pieces, game)| {
        let (position, earlier) = split(&game);
        EndgameRequest { id, pieces, position, earlier }
    })
}

fn endgame_report() -> impl Strategy<Value = EndgameReport> {
    let words = prop::collection::vec("[a-zA-Z0-9'\":,.()é-]{1,12}", 0..8).prop_map(|words| words.join(" "));
    (any::<u32>(), exact(), game(), any::<u32>(), any::<u32>(), words, 0..6u8).prop_map(
        |(id, value, game, pieces, limit, message, kind)| {
            let best = game.moves().last().copied().unwrap_or(Move::Pass { card: game.start().side_card() });
            match kind {
                0 => EndgameReport::Ready,
                1 => EndgameReport::Exact { id, value, best, lines: Vec::new() },
                // Lines of any moves, at least one each (the reader does not judge them).
                5 if !game.moves().is_empty() => {
                    let moves = game.moves().to_vec();
                    let lines =
                        vec![ExactLine { value, moves: moves.clone() }, ExactLine { value: Exact::Draw, moves }];
                    EndgameReport::Exact { id, value, best, lines }
                }
                2 => EndgameReport::None { id, why: NoExact::GameOver },
                3 => EndgameReport::None { id, why: NoExact::TooManyPieces { pieces, limit } },
                _ => EndgameReport::None { id, why: NoExact::Bad(message) },
            }
        },
    )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn endgame_messages_read_back_as_they_were_written(request in endgame_request(), report in endgame_report()) {
        let line = request.encode();
        prop_assert!(!line.contains('\n'));
        prop_assert!(EndgameRequest::is_one(&line));
        prop_assert_eq!(EndgameRequest::decode(&line), Ok(request.clone()));
        prop_assert_eq!(EngineRequest::id_in(&line), Some(request.id));
        // The AI's worker does not take it for one of its own requests.
        prop_assert!(EngineRequest::decode(&line).is_err());
        let line = report.encode();
        prop_assert!(!line.contains('\n'));
        prop_assert_eq!(EndgameReport::decode(&line), Ok(report));
    }

    #[test]
    fn any_text_is_refused_or_read_as_an_endgame_message(text in "\\PC{0,80}") {
        if let Ok(request) = EndgameRequest::decode(&text) {
            prop_assert_eq!(EndgameRequest::decode(&request.encode()), Ok(request));
        }
        if let Ok(report) = EndgameReport::decode(&text) {
            prop_assert_eq!(EndgameReport::decode(&report.encode()), Ok(report));
        }
    }

    /// A line cut short anywhere is refused, or is still a whole message.
    #[test]
    fn cut_endgame_lines_never_panic(request in endgame_request(), report in endgame_report(), cut in any::<prop::sample::Index>()) {
        let line = request.encode();
        if let Ok(read) = EndgameRequest::decode(&line[..cut.index(line.len() + 1).min(line.len())]) {
            prop_assert_eq!(EndgameRequest::decode(&read.encode()), Ok(read));
        }
        let line = report.encode();
        let end = line.char_indices().map(|(i, _)| i).nth(cut.index(line.chars().count() + 1)).unwrap_or(line.len());
        if let Ok(read) = EndgameReport::decode(&line[..end]) {
            prop_assert_eq!(EndgameReport::decode(&read.encode()), Ok(read));
        }
    }
}

#[test]
fn endgame_lines_read_as_documented() {
    let boar: Move = "boar:c1c2".parse().unwrap();
    let request = EndgameRequest { id: 11, pieces: 3, position: start(), earlier: vec![start()] };
    assert_eq!(request.encode(), format!("endgame 11 pieces 3 position {START} earlier {START}"));
    let win = EndgameReport::Exact { id: 11, value: Exact::Win(7), best: boar, lines: Vec::new() };
    assert_eq!(win.encode(), "exact 11 win 7 best boar:c1c2");
    let draw = EndgameReport::Exact { id: 11, value: Exact::Draw, best: boar, lines: Vec::new() };
    assert_eq!(draw.encode(), "exact 11 draw best boar:c1c2");
    let ox: Move = "ox:c5c4".parse().unwrap();
    let lines = vec![
        ExactLine { value: Exact::Win(7), moves: vec![boar, ox] },
        ExactLine { value: Exact::Draw, moves: vec![ox] },
    ];
    let with_lines = EndgameReport::Exact { id: 11, value: Exact::Win(7), best: boar, lines };
    assert_eq!(with_lines.encode(), "exact 11 win 7 best boar:c1c2 line win 7 boar:c1c2 ox:c5c4 line draw ox:c5c4");
    assert_eq!(EndgameReport::decode(&with_lines.encode()), Ok(with_lines));
    assert!(EndgameReport::decode("exact 11 win 7 best boar:c1c2 line win 7").is_err(), "a line has a move");
    assert!(EndgameReport::decode("exact 11 win 7 best boar:c1c2 line best boar:c1c2").is_err());
    let many = EndgameReport::None { id: 12, why: NoExact::TooManyPieces { pieces: 5, limit: 3 } };
    assert_eq!(many.encode(), "exact 12 none pieces 5 limit 3");
    assert_eq!(EndgameReport::None { id: 13, why: NoExact::GameOver }.encode(), "exact 13 none over");
    assert_eq!(EndgameReport::decode("ready"), Ok(EndgameReport::Ready));
    // What the tables say, as reports.
    assert_eq!(EndgameReport::answer(11, Ok((boar, Exact::Win(7)))), win);
    assert_eq!(EndgameReport::answer(12, Err(Uncovered::TooManyPieces { pieces: 5, limit: 3 })), many);
    assert_eq!(
        EndgameReport::answer(13, Err(Uncovered::GameOver)),
        EndgameReport::None { id: 13, why: NoExact::GameOver }
    );
    // A request that does not read is answered under its id, with the reason.
    let line = "endgame 14 pieces 3 position nonsense";
    let error = EndgameRequest::decode(line).unwrap_err();
    let refusal = EndgameReport::refusal(line, &error);
    assert!(refusal.encode().starts_with("exact 14 none refused bad position \"nonsense\": expected 5 fields"));
    for (line, reason) in [
        ("endgame 1 position x", "pieces expected, not 'position'"),
        ("endgame 1 pieces 3", "the message ends where position was expected"),
        ("search 1 pieces 3", "unknown message 'search'"),
        // No request makes the worker build tables of more than 4 pieces.
        ("endgame 1 pieces 5 position x", "2 to 4 pieces expected, not '5'"),
        ("endgame 1 pieces 1 position x", "2 to 4 pieces expected, not '1'"),
    ] {
        let error = EndgameRequest::decode(line).expect_err(line);
        assert!(error.to_string().starts_with(reason), "{line}: {error}");
    }
    for (line, reason) in [
        ("exact 1 win 3", "the message ends where best was expected"),
        ("exact 1 none maybe", "over, pieces or refused expected, not 'maybe'"),
        ("exact 1 tie best boar:c1c2", "win, loss, draw or none expected, not 'tie'"),
        ("exact 1 none over now", "the end of the message expected, not 'now'"),
    ] {
        let error = EndgameReport::decode(line).expect_err(line);
        assert!(error.to_string().starts_with(reason), "{line}: {error}");
    }
}

/// What the worker does with an endgame line, natively: the answer comes from a cache that keeps
/// the deal's tables between requests.
#[test]
fn an_endgame_request_is_answered_from_the_deals_tables() {
    let mut tables = TableCache::new();
    let position: Position = "5/2B2/2r2/5/R4 ox,boar crab,tiger horse b".parse().unwrap();
    let line = EndgameRequest { id: 3, pieces: 3, position, earlier: Vec::new() }.encode();
    let request = EndgameRequest::decode(&line).unwrap();
    let report =
        EndgameReport::answer(request.id, tables.best_move(&request.position, &request.earlier, request.pieces));
    assert_eq!(report.encode(), "exact 3 win 3 best crab:c4c3");
    assert_eq!(Some(Exact::Win(3)), solve(&position));
    let start: Position = START.parse().unwrap();
    let report = EndgameReport::answer(4, tables.best_move(&start, &[], 3));
    assert_eq!(report.encode(), "exact 4 none pieces 10 limit 3");
}
