//! `onitama-cli engine`, byte for byte: a recorded session of the engine protocol
//! (docs/engine.md, "The engine protocol"), fed line by line, must print exactly what it printed
//! when it was recorded. `match` and the Java bridge (scripts/java-engine/) speak these lines, so
//! any change to them, an `error` answer's words included, is a change of the protocol.
//!
//! The searches are of positions won at once, whose lines do not depend on the evaluation or on
//! the search's tuning: `info depth 1 score win 1 nodes 0`, then the winning move.

use std::io::Write;
use std::process::{Command, Stdio};

/// `> ` a line sent to the engine, `< ` a line it answers; the answers are compared byte for byte.
const SESSION: &str = "
> newgame
> position 4B/2R2/5/5/5 ox,boar horse,elephant crab r
> go depth 3
< info depth 1 score win 1 nodes 0
< bestmove boar:c4c5
> go movetime 50
< info depth 1 score win 1 nodes 0
< bestmove boar:c4c5
> go nodes 5000
< info depth 1 score win 1 nodes 0
< bestmove boar:c4c5
>
>\x20\x20\t
>  \tgo   depth \t 2\x20\x20
< info depth 1 score win 1 nodes 0
< bestmove boar:c4c5
> position b4/5/5/2B2/rR3 ox,boar horse,elephant crab b moves\r
> go depth 1\r
< info depth 1 score win 1 nodes 0
< bestmove elephant:c2b1
> position 4B/2R2/5/5/5 ox,boar horse,elephant crab r moves ox:c4c5
> go depth 1
< error the game is over: Red wins by the Way of the Stream (master on the enemy temple)
> newgame
> go depth 1
< error no position yet
> go wtime 5
< error no position yet
> newgame now
> go depth 1
< error no position yet
> position 4B/2R2/5/5/5 ox,boar horse,elephant
< error bad position: expected 5 fields separated by spaces (board, Red's cards, Blue's cards, side card, side to move), found 3
> position 4B/2R2/5/5/5 ox,boar horse,elephant crab r moves tiger:c4c5
< error move 'tiger:c4c5': tiger:c4c5 is not legal here: Red does not hold tiger
> position 4B/2R2/5/5/5 ox,boar horse,elephant crab r moves boar:c4c5
> position 4B/2R2/5/5/5 ox,boar horse,elephant crab r moves ox:c4c5 moves
< error bad move 'moves': 'moves' is not a move: expected <card>:<from><to> (e.g. tiger:c1c3) or <card>:pass
> position
< error bad position: expected 5 fields separated by spaces (board, Red's cards, Blue's cards, side card, side to move), found 0
> go depth 1
< error the game is over: Red wins by the Way of the Stream (master on the enemy temple)
> go depth soon
< error the game is over: Red wins by the Way of the Stream (master on the enemy temple)
> position bbBbb/5/5/5/rrRrr ox,boar horse,elephant crab r
> go
< error go needs one limit: movetime <ms>, depth <n> or nodes <n>
> go depth
< error go needs one limit: movetime <ms>, depth <n> or nodes <n>
> go depth 3 nodes 100
< error go needs one limit: movetime <ms>, depth <n> or nodes <n>
> go wtime 1000
< error unknown limit 'wtime': use movetime, depth or nodes
> go depth three
< error 'three' is not a depth
> go depth -1
< error '-1' is not a depth
> go depth 4294967296
< error '4294967296' is not a depth
> go nodes 1.5
< error '1.5' is not a nodes
> go movetime soon
< error 'soon' is not a movetime
> Go depth 1
< error unknown command 'Go'
> dance with me
< error unknown command 'dance'
> quit
> go depth 1
";

#[test]
fn the_engine_command_answers_a_recorded_session_byte_for_byte() {
    let mut input = String::new();
    let mut expected = String::new();
    for line in SESSION.split('\n').filter(|line| !line.is_empty()) {
        match line.split_at(1) {
            (">", sent) => input.push_str(sent.strip_prefix(' ').unwrap_or(sent)),
            ("<", answer) => expected.push_str(answer.strip_prefix(' ').unwrap()),
            _ => panic!("not a line of the session: {line:?}"),
        }
        if line.starts_with('>') { &mut input } else { &mut expected }.push('\n');
    }
    let printed = engine_answers(&input);
    // Line by line first, for a readable failure; then every byte.
    for (number, (printed, expected)) in printed.lines().zip(expected.lines()).enumerate() {
        assert_eq!(printed, expected, "answer {}", number + 1);
    }
    assert_eq!(printed.as_bytes(), expected.as_bytes());
}

/// The one search whose numbers depend on the engine: its lines keep their shape.
#[test]
fn a_real_search_answers_info_lines_of_the_documented_shape() {
    let printed = engine_answers("position bbBbb/5/5/5/rrRrr ox,boar horse,elephant crab r\ngo depth 3\n");
    let lines: Vec<&str> = printed.lines().collect();
    assert_eq!(lines.len(), 4, "{printed}");
    for (depth, line) in lines[..3].iter().enumerate() {
        let words: Vec<&str> = line.split(' ').collect();
        let score_words = if matches!(words.get(4), Some(&"win" | &"loss")) { 2 } else { 1 };
        assert_eq!(words.len(), 6 + score_words, "{line}");
        assert_eq!(&words[..4], &["info", "depth", &(depth + 1).to_string(), "score"], "{line}");
        assert!(words[4 + score_words - 1].parse::<i32>().is_ok(), "{line}");
        assert_eq!(words[4 + score_words], "nodes", "{line}");
        assert!(words[5 + score_words].parse::<u64>().is_ok(), "{line}");
    }
    assert!(lines[3].starts_with("bestmove ") && lines[3].split(' ').count() == 2, "{printed}");
}

/// What `match` says to another engine, byte for byte: `newgame` before each game, the whole game
/// before each of its moves, `go` with its limit, `quit` at the end.
#[test]
fn match_speaks_the_documented_lines_to_another_engine() {
    let dir = std::env::temp_dir().join(format!("onitama-engine-heard-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let cli = env!("CARGO_BIN_EXE_onitama-cli");
    for (spec, go) in [("depth=2", "go depth 2"), ("movetime=20", "go movetime 20")] {
        let heard = dir.join("heard.txt");
        let records = dir.join("records.txt");
        let command = format!("{spec},command=tee {} | {cli} engine", heard.display());
        let output = Command::new(cli)
            .args(["match", "--a", "depth=1", "--b", &command, "--games", "2", "--threads", "1", "--seed", "5"])
            .args(["--records", records.to_str().unwrap()])
            .output()
            .unwrap();
        assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
        let games: Vec<onitama::rules::Game> = std::fs::read_to_string(&records)
            .unwrap()
            .split("\n\n")
            .filter(|text| !text.trim().is_empty())
            .map(|text| onitama::rules::Game::from_record(text).unwrap())
            .collect();
        assert_eq!(games.len(), 2);
        // What B was told, rebuilt from the games: B moves wherever the record's mover is B's colour.
        let mut expected = String::new();
        for (index, game) in games.iter().enumerate() {
            expected.push_str("newgame\n");
            let first = game.start().to_move();
            // A plays the deal's first player in the first game of a pair, B in the second.
            let b_color = if index % 2 == 0 { first.other() } else { first };
            for (ply, position) in game.positions().iter().enumerate().take(game.moves().len()) {
                if position.to_move() != b_color {
                    continue;
                }
                expected.push_str(&format!("position {}", game.start()));
                if ply > 0 {
                    expected.push_str(" moves");
                    for m in &game.moves()[..ply] {
                        expected.push_str(&format!(" {m}"));
                    }
                }
                expected.push_str(&format!("\n{go}\n"));
            }
        }
        expected.push_str("quit\n");
        assert_eq!(std::fs::read_to_string(&heard).unwrap(), expected);
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

mod typed {
    //! The lines as values: `onitama::engine_protocol::cli`, which the engine command and `match`
    //! read and write.

    use onitama::ai::{Limits, Score};
    use onitama::engine_protocol::cli::{Info, LineError, Report, Request};
    use onitama::engine_protocol::worker::EngineRequest;
    use onitama::rules::Game;

    const START: &str = "bbBbb/5/5/5/rrRrr ox,boar horse,elephant crab r";

    #[test]
    fn each_request_writes_the_line_it_reads() {
        let mut game = Game::new(START.parse().unwrap());
        game.play("ox:c1c2".parse().unwrap()).unwrap();
        let depth = Limits { depth: Some(4), ..Limits::default() };
        // A position is written as the rules core writes it (each hand's cards in its order).
        let start = game.start().to_string();
        let cases = [
            (Request::NewGame, "newgame".to_string()),
            (Request::Position(Game::new(START.parse().unwrap())), format!("position {start}")),
            (Request::Position(game), format!("position {start} moves ox:c1c2")),
            (Request::Go(depth), "go depth 4".to_string()),
            (Request::Go(Limits { movetime_ms: Some(250.0), ..Limits::default() }), "go movetime 250".to_string()),
            (Request::Go(Limits { nodes: Some(9000), ..Limits::default() }), "go nodes 9000".to_string()),
            (Request::Quit, "quit".to_string()),
        ];
        for (request, line) in cases {
            assert_eq!(request.encode(), line);
            assert_eq!(Request::decode(&line), Ok(Some(request)), "{line}");
        }
        assert_eq!(Request::decode(" \t "), Ok(None));
        assert_eq!(Request::decode("newgame please"), Ok(Some(Request::NewGame)));
        assert_eq!(Request::decode("go wtime 5"), Err(LineError::UnknownLimit("wtime".into())));
        assert!(Request::decode("go depth 1 nodes 2").unwrap_err().is_about_limits());
    }

    #[test]
    fn each_report_writes_the_line_it_reads() {
        let info = |score| Report::Info(Info { depth: 3, score: Some(score), nodes: Some(900) });
        let cases = [
            (info(Score::Value(-31)), "info depth 3 score -31 nodes 900"),
            (info(Score::Value(0)), "info depth 3 score 0 nodes 900"),
            (info(Score::Win(5)), "info depth 3 score win 5 nodes 900"),
            (info(Score::Loss(2)), "info depth 3 score loss 2 nodes 900"),
            (Report::BestMove("boar:c1c2".parse().unwrap()), "bestmove boar:c1c2"),
            (Report::BestMove("boar:pass".parse().unwrap()), "bestmove boar:pass"),
            (Report::Error("no position yet".into()), "error no position yet"),
        ];
        for (report, line) in cases {
            assert_eq!(report.encode(), line);
            assert_eq!(Report::decode(line), Ok(report), "{line}");
        }
    }

    /// `match` reads another engine's answers: an `info` line counts for its depth, whatever follows.
    #[test]
    fn another_engines_info_lines_give_their_depth() {
        let read = |line| match Report::decode(line) {
            Ok(Report::Info(info)) => info,
            other => panic!("{line}: {other:?}"),
        };
        assert_eq!(
            read("info depth 9 score 120 nodes 4567 time 30"),
            Info { depth: 9, score: Some(Score::Value(120)), nodes: Some(4567) }
        );
        assert_eq!(read("info depth 5 seldepth 7"), Info { depth: 5, score: None, nodes: None });
        assert_eq!(read("info depth 6 score cp 31 nodes 8").depth, 6);
        assert!(Report::decode("info string thinking").is_err());
        assert!(Report::decode("bestmove boar:c1c2 ponder horse:c5c4").is_err());
        assert!(Report::decode("bestmove tiger").is_err());
        assert_eq!(Report::decode("error  two   spaces"), Ok(Report::Error("two spaces".into())));
    }

    /// One reading of limits for both dialects: the same words read, the same refused (each
    /// dialect words its refusal: the worker's as its other numbers).
    #[test]
    fn both_dialects_read_limits_alike() {
        for limit in ["depth 6", "movetime 300", "nodes 5000", "movetime 0"] {
            let Ok(Some(Request::Go(go))) = Request::decode(&format!("go {limit}")) else { panic!("{limit}") };
            let line = format!("search 1 {limit} position {START}");
            let Ok(EngineRequest::Search { limits, .. }) = EngineRequest::decode(&line) else { panic!("{line}") };
            assert_eq!(go, limits, "{limit}");
        }
        for (limit, reason) in [
            ("depth soon", "'soon' is not a depth"),
            ("movetime 2.5", "'2.5' is not a movetime"),
            ("nodes -1", "'-1' is not a nodes"),
            ("depth 4294967296", "'4294967296' is not a depth"),
        ] {
            assert_eq!(Request::decode(&format!("go {limit}")).unwrap_err().to_string(), reason);
            let search = EngineRequest::decode(&format!("search 1 {limit} position {START}"));
            assert!(search.unwrap_err().to_string().contains(&reason[..reason.find(" is").unwrap()]), "{limit}");
        }
    }

    /// Words of the protocol in any order: each line is refused or read, and what is read writes
    /// back to a line that reads the same (as the fuzz target checks, with any text).
    fn line() -> impl proptest::strategy::Strategy<Value = String> {
        use proptest::prelude::*;
        let words = [
            "newgame",
            "quit",
            "position",
            "moves",
            "go",
            "depth",
            "movetime",
            "nodes",
            "info",
            "score",
            "win",
            "loss",
            "bestmove",
            "error",
            "3",
            "0",
            "-7",
            "4294967296",
            "x",
            "ox:c1c2",
            "boar:pass",
            "horse:c5c4",
            "bbBbb/5/5/5/rrRrr",
            "ox,boar",
            "horse,elephant",
            "crab",
            "r",
        ];
        prop::collection::vec(prop::sample::select(words.to_vec()), 0..12).prop_map(|words| words.join(" "))
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(2000))]

        #[test]
        fn any_line_is_refused_or_read_back_the_same(text in proptest::prop_oneof![line(), "\\PC{0,60}"]) {
            if let Ok(Some(request)) = Request::decode(&text) {
                proptest::prop_assert_eq!(Request::decode(&request.encode()), Ok(Some(request)));
            }
            if let Ok(report) = Report::decode(&text) {
                proptest::prop_assert_eq!(Report::decode(&report.encode()), Ok(report));
            }
        }
    }
}

/// What `onitama-cli engine` prints, given `input` on its standard input (it must end well).
fn engine_answers(input: &str) -> String {
    let mut child = Command::new(env!("CARGO_BIN_EXE_onitama-cli"))
        .arg("engine")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("onitama-cli runs");
    child.stdin.take().unwrap().write_all(input.as_bytes()).unwrap();
    let output = child.wait_with_output().unwrap();
    assert!(output.status.success());
    String::from_utf8(output.stdout).unwrap()
}
