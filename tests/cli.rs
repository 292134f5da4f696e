//! The native command-line tool, run as a user would.

use onitama::rules::{Game, Move, Position};
use std::io::Write;
use std::process::{Command, Output, Stdio};

const START: &str = "bbBbb/5/5/5/rrRrr ox,boar horse,elephant crab r";

fn cli(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_onitama-cli")).args(args).output().expect("onitama-cli runs")
}

fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

#[test]
fn perft_prints_the_count_last() {
    let output = cli(&["perft", START, "4"]);
    assert!(output.status.success());
    assert_eq!(stdout(&output).lines().last(), Some("28509"));
}

#[test]
fn perft_divide_prints_each_move_first() {
    let output = cli(&["perft", START, "3", "--divide"]);
    let text = stdout(&output);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 11);
    let sum: u64 = lines[..10].iter().map(|l| l.rsplit(' ').next().unwrap().parse::<u64>().unwrap()).sum();
    assert_eq!(sum, 1989);
    assert_eq!(lines[10], "1989");
}

#[test]
fn legal_lists_moves_in_move_notation() {
    let text = stdout(&cli(&["legal", START]));
    assert_eq!(text.lines().count(), 10);
    assert!(text.lines().any(|l| l == "boar:c1c2"));
}

#[test]
fn play_prints_the_position_and_the_outcome() {
    let output = cli(&["play", START, "boar:c1c2", "horse:c5c4"]);
    assert!(output.status.success());
    assert_eq!(stdout(&output).trim(), "bb1bb/2B2/5/2R2/rr1rr crab,ox elephant,boar horse r");
    let won = cli(&["play", "5/2B2/2r2/5/R4 ox,boar crab,tiger horse r", "ox:c3c4"]);
    assert!(stdout(&won).contains("Red wins by the Way of the Stone"));
}

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

/// What `play` prints after a winning move is a position every command reads back as finished.
#[test]
fn the_position_printed_after_a_win_reads_back_as_finished() {
    let wins = [
        ("5/2B2/2r2/5/R4 ox,boar crab,tiger horse r", "ox:c3c4", "Red wins by the Way of the Stone"),
        ("B4/2R2/5/5/5 ox,boar crab,tiger horse r", "ox:c4c5", "Red wins by the Way of the Stream"),
    ];
    for (start, winning, outcome) in wins {
        let won = cli(&["play", start, winning]);
        assert!(won.status.success(), "{won:?}");
        let text = stdout(&won);
        let lines: Vec<&str> = text.lines().collect();
        let [printed, said] = lines[..] else { panic!("position and outcome expected: {text}") };
        assert!(said.starts_with(outcome), "{text}");

        let legal = cli(&["legal", printed]);
        assert!(legal.status.success(), "{legal:?}");
        assert!(legal.stdout.is_empty(), "no move is listed: {legal:?}");
        assert!(stderr(&legal).contains(&format!("the game is over: {outcome}")), "{legal:?}");

        for (depth, count) in [("0", "1"), ("1", "0"), ("3", "0")] {
            let perft = cli(&["perft", printed, depth]);
            assert!(perft.status.success(), "{perft:?}");
            assert_eq!(stdout(&perft).trim(), count, "perft {depth}");
        }
        assert_eq!(stdout(&cli(&["perft", printed, "2", "--divide"])).trim(), "0");

        let best = cli(&["bestmove", printed, "--depth", "3"]);
        assert!(!best.status.success(), "{best:?}");
        assert!(best.stdout.is_empty(), "{best:?}");
        assert!(stderr(&best).contains(&format!("the game is over: {outcome}")), "{best:?}");

        let again = cli(&["play", printed]);
        assert!(again.status.success(), "{again:?}");
        assert_eq!(stdout(&again), text, "printed back with its outcome");

        let more = cli(&["play", printed, "crab:pass"]);
        assert!(!more.status.success(), "{more:?}");
        assert!(more.stdout.is_empty(), "{more:?}");
        assert!(stderr(&more).contains(&format!("move 1 (crab:pass): the game is over: {outcome}")), "{more:?}");

        let session = engine_session(&[&format!("position {printed}"), "go depth 2"]);
        assert_eq!(session.len(), 1, "{session:?}");
        assert!(session[0].starts_with(&format!("error the game is over: {outcome}")), "{session:?}");
    }
}

#[test]
fn bad_input_is_a_clear_error_and_a_failure() {
    let cases: [(&[&str], &str); 5] = [
        (&["perft", "bbBbb/5/5/5/rrRrr ox,tigre horse,elephant crab r", "2"], "unknown card 'tigre'"),
        (&["play", START, "boar:c1c4"], "boar does not reach c4 from c1"),
        (&["legal", "bbBbb/5/5/5"], "expected 5 fields"),
        (&["legal", "bbbb1/5/5/5/rrRrr ox,boar horse,elephant crab r"], "Blue has no master, yet Red is to move"),
        (&["perft", START, "deep"], "invalid value"),
    ];
    for (args, expected) in cases {
        let output = cli(args);
        assert!(!output.status.success(), "{args:?}");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(stderr.contains(expected), "{args:?}: {stderr}");
        assert!(output.stdout.is_empty());
    }
}

#[test]
fn help_is_there_for_the_tool_and_each_subcommand() {
    for args in [&["--help"][..], &["perft", "--help"], &["legal", "--help"], &["play", "--help"]] {
        let output = cli(args);
        assert!(output.status.success());
        assert!(stdout(&output).contains("Usage"), "{args:?}");
    }
}

#[test]
fn bestmove_reports_each_depth_and_ends_with_the_move() {
    let output = cli(&["bestmove", START, "--depth", "5"]);
    assert!(output.status.success());
    let text = stdout(&output);
    let lines: Vec<&str> = text.lines().collect();
    for (depth, line) in lines[..lines.len() - 1].iter().enumerate() {
        assert!(line.starts_with(&format!("info depth {} score ", depth + 1)), "{line}");
        assert!(line.contains(" nodes ") && line.contains(" nps ") && line.contains(" pv "), "{line}");
    }
    let best = lines.last().unwrap().strip_prefix("bestmove ").expect("bestmove last");
    let legal = stdout(&cli(&["legal", START]));
    assert!(legal.lines().any(|m| m == best), "{best} is legal");
}

#[test]
fn bestmove_lines_reports_each_depth_s_best_lines() {
    let text = stdout(&cli(&["bestmove", START, "--depth", "4", "--lines", "3"]));
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 4 * 3 + 1, "{text}");
    for (index, line) in lines[..12].iter().enumerate() {
        let (depth, number) = (index / 3 + 1, index % 3 + 1);
        assert!(line.starts_with(&format!("info depth {depth} line {number} score ")), "{line}");
        assert!(line.contains(" nodes ") && line.contains(" pv "), "{line}");
    }
    let first_of_last = lines[9].split(" pv ").nth(1).unwrap().split(' ').next().unwrap();
    assert_eq!(lines[12], format!("bestmove {first_of_last}"));
    // Fewer moves than lines asked: one line each.
    let two = stdout(&cli(&[
        "bestmove",
        "5/5/5/5/2R1B tiger,crane dragon,elephant mantis r",
        "--depth",
        "2",
        "--lines",
        "5",
    ]));
    assert_eq!(two.lines().filter(|line| line.starts_with("info depth 2 ")).count(), 2, "{two}");
    let refused = cli(&["bestmove", START, "--depth", "2", "--lines", "0"]);
    assert!(!refused.status.success());
}

#[test]
fn expansion_positions_are_counted_listed_and_searched() {
    let start = "bbBbb/5/5/5/rrRrr ox,sea-snake tiger,turtle goat r";
    let perft = cli(&["perft", start, "4"]);
    assert!(perft.status.success(), "{}", String::from_utf8_lossy(&perft.stderr));
    // RULES.md's figure for this start.
    assert_eq!(stdout(&perft).lines().last(), Some("7041"));
    let legal = stdout(&cli(&["legal", start]));
    assert!(legal.lines().any(|m| m == "sea-snake:c1c2"), "{legal}");
    let best = cli(&["bestmove", start, "--depth", "4"]);
    assert!(best.status.success());
    let text = stdout(&best);
    let best = text.lines().last().unwrap().strip_prefix("bestmove ").expect("bestmove last");
    assert!(legal.lines().any(|m| m == best), "{best} is legal");
    let played = cli(&["play", start, "sea-snake:c1c2"]);
    assert!(played.status.success(), "{}", String::from_utf8_lossy(&played.stderr));
    assert!(stdout(&played).starts_with("bbBbb/5/5/2R2/rr1rr ox,goat tiger,turtle sea-snake b"), "{}", stdout(&played));
}

#[test]
fn a_match_deals_from_the_chosen_packs() {
    let records = std::env::temp_dir().join(format!("onitama-packs-games-{}.txt", std::process::id()));
    let records_arg = records.to_str().unwrap();
    let args = ["match", "--a", "depth=2", "--b", "depth=2", "--games", "16", "--packs", "senseis-path,promo,-turtle"];
    let played = cli(&[&args[..], &["--records", records_arg]].concat());
    assert!(played.status.success(), "{}", String::from_utf8_lossy(&played.stderr));
    let text = std::fs::read_to_string(&records).unwrap();
    let starts: Vec<&str> = text.lines().filter_map(|line| line.strip_prefix("start ")).collect();
    assert_eq!(starts.len(), 16, "{text}");
    for start in starts {
        let position: onitama::rules::Position = start.parse().unwrap();
        let mut cards = onitama::rules::Color::ALL.into_iter().flat_map(|color| position.hand(color));
        let from_the_pool =
            |card: onitama::rules::Card| card.pack() != onitama::rules::Pack::Base && card.name() != "turtle";
        assert!(cards.all(from_the_pool) && from_the_pool(position.side_card()), "{start}");
    }
    std::fs::remove_file(&records).unwrap();
    let refusals =
        [("promo", "at least 5 cards"), ("base,wind", "unknown pack 'wind'"), ("base,-wolf", "unknown card 'wolf'")];
    for (packs, error) in refusals {
        let refused = cli(&["match", "--a", "depth=2", "--b", "depth=2", "--packs", packs]);
        assert!(!refused.status.success());
        assert!(String::from_utf8_lossy(&refused.stderr).contains(error), "{packs}: {refused:?}");
    }
}

#[test]
fn bestmove_shows_a_forced_win_in_plies() {
    let text = stdout(&cli(&["bestmove", "5/2B2/2r2/5/R4 ox,boar crab,tiger horse r", "--movetime", "200"]));
    assert!(text.contains("score win 1"), "{text}");
    let best = text.lines().last().unwrap();
    assert!(best == "bestmove ox:c3c4" || best == "bestmove boar:c3c4", "{best}");
}

#[test]
fn bench_prints_the_same_node_count_every_run() {
    let last_line = || stdout(&cli(&["bench", "--depth", "4"])).lines().last().unwrap().to_string();
    let first = last_line();
    let words: Vec<&str> = first.split(' ').collect();
    assert_eq!((words[0], words[2], words[4]), ("bench:", "nodes", "nps"), "{first}");
    let nodes: u64 = words[1].parse().unwrap();
    assert!(nodes > 1000);
    let again = last_line();
    assert_eq!(again.split(' ').nth(1), Some(words[1]));
}

#[test]
fn match_plays_paired_games_and_reports_elo() {
    let output = cli(&["match", "--a", "depth=3", "--b", "novice", "--games", "4", "--threads", "1"]);
    assert!(output.status.success());
    let text = stdout(&output);
    assert_eq!(text.lines().filter(|l| l.starts_with("game ")).count(), 4, "{text}");
    let summary = text.lines().last().unwrap();
    assert!(summary.starts_with("A: ") && summary.contains(" in 4 games") && summary.contains("Elo"), "{summary}");
    let tuned = cli(&["match", "--a", "depth=2,mobility=8,tempo=0", "--b", "depth=2", "--games", "2"]);
    assert!(tuned.status.success());
    let unknown_weight = cli(&["match", "--a", "depth=2,charm=3", "--b", "novice"]);
    assert!(String::from_utf8_lossy(&unknown_weight.stderr).contains("weights are student, mobility"));
    let greedy = cli(&["match", "--a", "depth=2,exact=7", "--b", "novice"]);
    assert!(String::from_utf8_lossy(&greedy.stderr).contains("exact= is 0 (never) or up to 6 pieces"));
    let bad = cli(&["match", "--a", "grandmaster", "--b", "novice"]);
    assert!(!bad.status.success());
    assert!(String::from_utf8_lossy(&bad.stderr).contains("unknown engine 'grandmaster'"));
}

#[test]
fn tune_fits_weights_to_recorded_games_and_writes_them_as_rust() {
    let dir = std::env::temp_dir();
    let records = dir.join(format!("onitama-tune-games-{}.txt", std::process::id()));
    let weights = dir.join(format!("onitama-tune-weights-{}.rs", std::process::id()));
    let (records_arg, weights_arg) = (records.to_str().unwrap(), weights.to_str().unwrap());
    let played = cli(&["match", "--a", "depth=2", "--b", "student", "--games", "40", "--records", records_arg]);
    assert!(played.status.success());
    // Without the pull towards zero, fitting can only lower the training error.
    let output = cli(&["tune", records_arg, "--iterations", "200", "--regularization", "0", "--output", weights_arg]);
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    let text = stdout(&output);
    let loss_on = |line: &str| -> f64 {
        line.split("loss ").nth(1).unwrap().split(' ').next().unwrap().parse().unwrap_or_else(|_| panic!("{line}"))
    };
    let before = loss_on(text.lines().next().unwrap());
    let fitted = loss_on(text.lines().find(|l| l.starts_with("fitted")).unwrap_or_else(|| panic!("{text}")));
    assert!(fitted < before, "{text}");
    let source = std::fs::read_to_string(&weights).unwrap();
    assert!(source.contains("pub const FITTED: &[i16] = &["), "{source}");
    let numbers = source
        .lines()
        .filter(|l| !l.trim_start().starts_with("//"))
        .flat_map(|l| l.split(',').filter_map(|n| n.trim().parse::<i32>().ok()))
        .count();
    assert_eq!(numbers, onitama::ai::FEATURES);
    let named = source.lines().skip_while(|l| !l.contains("// student, mobility")).nth(1).unwrap_or_default();
    assert_eq!(named.split(", ").next().unwrap().trim(), "100", "the student stays 100");

    // --terms-only fits the named terms and leaves every card table as shipped.
    let output = cli(&["tune", records_arg, "--iterations", "100", "--terms-only", "--output", weights_arg]);
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    let text = stdout(&output);
    let fitted = loss_on(text.lines().find(|l| l.starts_with("fitted")).unwrap_or_else(|| panic!("{text}")));
    assert!(fitted < loss_on(text.lines().next().unwrap()), "{text}");
    // The values, not the comments: a card no game dealt here is marked "not fitted".
    let tables = |source: &str| {
        source
            .lines()
            .skip(8)
            .filter(|line| !line.trim_start().starts_with("//"))
            .map(str::to_string)
            .collect::<Vec<_>>()
    };
    let shipped = include_str!("../crates/core/src/ai/weights.rs");
    assert_eq!(tables(&std::fs::read_to_string(&weights).unwrap()), tables(shipped));

    std::fs::write(&records, "start bbBbb/5/5/5/rrRrr ox,boar horse,elephant crab r\nmoves ox:a1a9\n").unwrap();
    let corrupted = cli(&["tune", records_arg]);
    assert!(!corrupted.status.success());
    assert!(String::from_utf8_lossy(&corrupted.stderr).contains("record 1"), "{:?}", corrupted);
    std::fs::remove_file(&records).unwrap();
    std::fs::remove_file(&weights).unwrap();
    let missing = cli(&["tune", records_arg]);
    assert!(String::from_utf8_lossy(&missing.stderr).contains("cannot read"));
}

#[test]
fn tune_cards_of_fits_only_those_cards_tables() {
    let dir = std::env::temp_dir();
    let records = dir.join(format!("onitama-tune-cards-games-{}.txt", std::process::id()));
    let weights = dir.join(format!("onitama-tune-cards-weights-{}.rs", std::process::id()));
    let (records_arg, weights_arg) = (records.to_str().unwrap(), weights.to_str().unwrap());
    let packs = "base,senseis-path,promo";
    let played = cli(&[
        "match",
        "--a",
        "depth=2",
        "--b",
        "student",
        "--games",
        "40",
        "--packs",
        packs,
        "--records",
        records_arg,
    ]);
    assert!(played.status.success(), "{}", String::from_utf8_lossy(&played.stderr));
    let output =
        cli(&["tune", records_arg, "--iterations", "100", "--cards-of", "senseis-path,promo", "--output", weights_arg]);
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    let written = std::fs::read_to_string(&weights).unwrap();
    let shipped = include_str!("../crates/core/src/ai/weights.rs");
    // Each card's rows follow a comment naming it: the named terms and the base cards' rows are
    // kept, and some expansion card's are not.
    let rows_of = |source: &str, expansion: bool| -> Vec<String> {
        let mut keep = !expansion;
        let mut rows = Vec::new();
        for line in source.lines() {
            if let Some(comment) = line.trim_start().strip_prefix("// ") {
                let card = comment.split(' ').next().and_then(onitama::rules::Card::from_name);
                keep = card.map_or(!expansion, |card| (card.pack() != onitama::rules::Pack::Base) == expansion);
            } else if keep {
                rows.push(line.to_string());
            }
        }
        rows
    };
    assert_eq!(rows_of(&written, false), rows_of(shipped, false));
    assert_ne!(rows_of(&written, true), rows_of(shipped, true));
    std::fs::remove_file(&records).unwrap();
    std::fs::remove_file(&weights).unwrap();
    let refused = cli(&["tune", records_arg, "--cards-of", "expansion"]);
    assert!(String::from_utf8_lossy(&refused.stderr).contains("unknown pack 'expansion'"), "{refused:?}");
}

/// Runs `onitama-cli engine` on these input lines and returns what it printed.
fn engine_session(lines: &[&str]) -> Vec<String> {
    let mut child = Command::new(env!("CARGO_BIN_EXE_onitama-cli"))
        .arg("engine")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("onitama-cli runs");
    let mut input = child.stdin.take().unwrap();
    for line in lines {
        writeln!(input, "{line}").unwrap();
    }
    drop(input);
    let output = child.wait_with_output().unwrap();
    assert!(output.status.success());
    stdout(&output).lines().map(str::to_string).collect()
}

fn bestmove(line: &str) -> Move {
    line.strip_prefix("bestmove ").unwrap_or_else(|| panic!("not a bestmove line: {line}")).parse().unwrap()
}

#[test]
fn engine_protocol_answers_go_with_info_then_a_legal_bestmove() {
    let output = engine_session(&["newgame", &format!("position {START}"), "go depth 4", "quit", "go depth 1"]);
    let (last, info) = output.split_last().unwrap();
    assert_eq!(info.len(), 4, "one info line per depth: {output:?}");
    assert!(info.iter().all(|line| line.starts_with("info depth ")), "{output:?}");
    let start: Position = START.parse().unwrap();
    assert!(start.legal_moves().contains(&bestmove(last)), "{last}");
}

#[test]
fn engine_protocol_replays_the_moves_after_the_start() {
    let output = engine_session(&[&format!("position {START} moves ox:c1c2 horse:c5c4"), "go depth 1"]);
    let mut game = Game::new(START.parse().unwrap());
    game.play("ox:c1c2".parse().unwrap()).unwrap();
    game.play("horse:c5c4".parse().unwrap()).unwrap();
    assert!(game.legal_moves().contains(&bestmove(output.last().unwrap())), "{output:?}");
}

#[test]
fn engine_protocol_answers_bad_lines_with_errors_and_keeps_going() {
    let output = engine_session(&[
        "go depth 2",
        "position bbBbb/5/5/5/rrRrr ox,boar",
        &format!("position {START} moves tiger:c1c3"),
        "dance",
        &format!("position {START}"),
        "go movetime soon",
        "go depth 1",
    ]);
    let errors: Vec<&String> = output.iter().filter(|line| line.starts_with("error ")).collect();
    assert_eq!(errors.len(), 5, "{output:?}");
    assert!(errors[0].contains("no position yet"));
    assert!(errors[1].contains("bad position"));
    assert!(errors[2].contains("tiger:c1c3"));
    assert!(errors[3].contains("unknown command 'dance'"));
    assert!(errors[4].contains("'soon' is not a movetime"));
    assert!(output.last().unwrap().starts_with("bestmove "));
}

#[test]
fn match_plays_an_engine_that_speaks_the_protocol() {
    let command = format!("depth=3,command={} engine", env!("CARGO_BIN_EXE_onitama-cli"));
    let records = std::env::temp_dir().join(format!("onitama-match-{}.txt", std::process::id()));
    let records_arg = records.to_str().unwrap();
    let output =
        cli(&["match", "--a", "depth=3", "--b", &command, "--games", "2", "--threads", "1", "--records", records_arg]);
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    let written = std::fs::read_to_string(&records).unwrap();
    std::fs::remove_file(&records).unwrap();
    let games: Vec<Game> = written
        .split("\n\n")
        .filter(|text| !text.trim().is_empty())
        .map(|text| Game::from_record(text).unwrap())
        .collect();
    assert_eq!(games.len(), 2, "{written}");
    assert!(games.iter().all(|game| game.outcome().is_some()), "{written}");
    let text = stdout(&output);
    assert_eq!(text.lines().filter(|l| l.starts_with("game ")).count(), 2, "{text}");
    assert!(!text.contains("forfeits"), "{text}");
    // Both depths are known: ours from its search, the other engine's from its `info depth` lines.
    let depths = text.lines().find(|l| l.starts_with("mean depth per move: A ")).unwrap_or_else(|| panic!("{text}"));
    assert!(!depths.contains("unknown"), "{depths}");
    // The same engine at the same depth on both sides: each deal is won by the same colour twice.
    assert!(text.lines().last().unwrap().contains("1 wins, 0 draws, 1 losses"), "{text}");
}

/// `nodes=` plays the same games on any machine: in process, and through the protocol's `go nodes`
/// (the same engine on both sides, so each deal is won by the same colour twice).
#[test]
fn a_match_at_fixed_nodes_plays_the_same_games_each_time() {
    let command = format!("nodes=3000,command={} engine", env!("CARGO_BIN_EXE_onitama-cli"));
    let play = || stdout(&cli(&["match", "--a", "nodes=3000", "--b", &command, "--games", "4", "--threads", "1"]));
    let (first, second) = (play(), play());
    let games = |text: &str| text.lines().filter(|l| l.starts_with("game ")).map(str::to_string).collect::<Vec<_>>();
    assert_eq!(games(&first).len(), 4, "{first}");
    assert_eq!(games(&first), games(&second));
    assert!(first.lines().last().unwrap().contains("score 50.0%"), "{first}");
    let refused = cli(&["match", "--a", "nodes=3000,temperature=5", "--b", "novice"]);
    assert!(String::from_utf8_lossy(&refused.stderr).contains("nodes= goes with neither"), "{refused:?}");
}

#[test]
fn a_broken_external_engine_forfeits_instead_of_hanging_the_match() {
    let illegal = "movetime=50,command=while read line; do case $line in go*) echo bestmove tiger:a1a5;; esac; done";
    for command in ["movetime=50,command=exit 0", illegal] {
        let output = cli(&["match", "--a", "depth=1", "--b", command, "--games", "2", "--threads", "1"]);
        assert!(output.status.success());
        let text = stdout(&output);
        assert_eq!(text.lines().filter(|l| l.contains("forfeits")).count(), 2, "{text}");
        assert!(text.lines().last().unwrap().contains("2 wins, 0 draws, 0 losses"), "{text}");
    }
    let bad = cli(&["match", "--a", "depth=1", "--b", "no-tt,depth=2,command=true"]);
    assert!(!bad.status.success());
}

#[test]
fn review_classes_each_move_of_a_recorded_game() {
    let dir = std::env::temp_dir().join(format!("onitama-review-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let record = dir.join("game.txt");
    std::fs::write(&record, "start 5/5/2B2/2R2/5 crab,boar horse,elephant ox r\nmoves boar:c2b2 elephant:c3b2\n")
        .unwrap();
    let output = cli(&["review", record.to_str().unwrap(), "--depth", "5"]);
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    let text = String::from_utf8(output.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 3);
    assert_eq!(lines[2], "result blue-stone (Blue wins by the Way of the Stone (master captured))");
    assert!(lines[0].starts_with("1 boar:c2b2 blunder best crab:c2c3 before win 1"), "{}", lines[0]);
    assert!(lines[1].starts_with("2 elephant:c3b2 best"), "{}", lines[1]);
    // A resignation is no move: the review says it after the moves.
    std::fs::write(
        &record,
        "start 5/5/2B2/2R2/5 crab,boar horse,elephant ox r\nmoves boar:c2b2\nresult blue-resigns\n",
    )
    .unwrap();
    let output = cli(&["review", record.to_str().unwrap(), "--depth", "3"]);
    let text = String::from_utf8(output.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 2, "{text}");
    assert_eq!(lines[1], "result blue-resigns (Blue resigns: Red wins)");
    let broken = cli(&["review", dir.join("missing.txt").to_str().unwrap()]);
    assert_eq!(broken.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&broken.stderr).contains("cannot read"));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn puzzles_writes_a_set_and_checks_one() {
    let dir = std::env::temp_dir();
    let made = dir.join(format!("onitama-puzzles-made-{}.txt", std::process::id()));
    let made_arg = made.to_str().unwrap();
    let output = cli(&["puzzles", "--out", made_arg, "--count-per-difficulty", "1", "--seed", "5"]);
    assert!(output.status.success(), "{}", stderr(&output));
    let text = std::fs::read_to_string(&made).unwrap();
    assert!(text.starts_with("# "), "{text}");
    assert!(
        text.contains(&format!("onitama-cli puzzles --out {made_arg} --count-per-difficulty 1 --seed 5")),
        "{text}"
    );
    let checked = cli(&["puzzles", "--check", made_arg]);
    assert!(checked.status.success(), "{}", stderr(&checked));
    assert_eq!(
        stdout(&checked),
        "easy 1\nmedium 1\nhard 1\nof them with expansion cards: easy 0, medium 0, hard 0\nall 3 puzzles pass\n"
    );

    // Puzzle 2 has four winning first moves; puzzle 3's number is wrong.
    let tiny = dir.join(format!("onitama-puzzles-tiny-{}.txt", std::process::id()));
    let tiny_arg = tiny.to_str().unwrap();
    std::fs::write(
        &tiny,
        "# two good, one bad\n\
         1 3 4B/5/5/2R2/5 dragon,boar crab,monkey tiger r\n\
         2 3 4B/5/2R2/5/r4 ox,elephant crab,monkey tiger r\n\
         4 3 B4/5/5/2R2/5 dragon,boar crab,monkey tiger r\n",
    )
    .unwrap();
    let failed = cli(&["puzzles", "--check", tiny_arg]);
    assert!(!failed.status.success());
    assert_eq!(stdout(&failed), "easy 1\nmedium 0\nhard 0\nof them with expansion cards: easy 0, medium 0, hard 0\n");
    let errors = stderr(&failed);
    assert!(errors.contains("puzzle 2 (3 plies): 4 first moves win"), "{errors}");
    assert!(errors.contains("puzzle 4: id 4 where 3 was expected"), "{errors}");
    assert!(errors.contains("2 of 3 puzzles fail"), "{errors}");
    std::fs::write(&tiny, "1 3 4B/5/5/2R2/5 dragon,boar crab,monkey\n").unwrap();
    let malformed = cli(&["puzzles", "--check", tiny_arg]);
    assert!(!malformed.status.success());
    assert!(stderr(&malformed).contains("line 1: bad position"), "{}", stderr(&malformed));
    std::fs::remove_file(&made).unwrap();
    std::fs::remove_file(&tiny).unwrap();
}

#[test]
fn puzzles_from_tables_writes_hard_puzzles_and_extends_a_set_with_them_the_same_each_time() {
    let dir = std::env::temp_dir();
    let set = dir.join(format!("onitama-puzzles-tables-{}.txt", std::process::id()));
    let set_arg = set.to_str().unwrap();
    // Tables of 3 pieces: a fraction of a second a deal.
    let options = ["--from-tables", "4", "--per-deal", "2", "--table-pieces", "3", "--seed", "2"];
    let make = [&["puzzles", "--out", set_arg][..], &options[..]].concat();
    let made = cli(&make);
    assert!(made.status.success(), "{}", stderr(&made));
    let text = std::fs::read_to_string(&set).unwrap();
    let lines = |text: &str| text.lines().filter(|l| !l.starts_with('#')).map(str::to_string).collect::<Vec<_>>();
    let puzzles = lines(&text);
    assert_eq!(puzzles.len(), 4, "{text}");
    for (index, line) in puzzles.iter().enumerate() {
        assert!(line.starts_with(&format!("{} 7 ", index + 1)), "{line}: hard, ids in turn");
    }
    let made_by = format!("# Made by: onitama-cli puzzles --out {set_arg} {}", options.join(" "));
    assert!(text.lines().any(|line| line == made_by), "{text}");
    let checked = cli(&["puzzles", "--check", set_arg]);
    assert!(
        stdout(&checked).ends_with(
            "easy 0\nmedium 0\nhard 4\nof them with expansion cards: easy 0, medium 0, hard 0\nall 4 puzzles pass\n"
        ),
        "{}",
        stdout(&checked)
    );
    assert!(cli(&make).status.success());
    assert_eq!(std::fs::read_to_string(&set).unwrap(), text, "the same seed, the same set");
    // Appended: ids from 5, each with a promo card, the header saying how; again the same.
    let extend = ["puzzles", "--extend", set_arg, "--after", "4", "--packs", "base,promo", "--from-tables", "2"];
    let extend = [&extend[..], &["--table-pieces", "3"]].concat();
    let extended = cli(&extend);
    assert!(extended.status.success(), "{}", stderr(&extended));
    let text = std::fs::read_to_string(&set).unwrap();
    let after = lines(&text);
    assert_eq!(after[..4], puzzles[..]);
    assert_eq!(after.len(), 6, "{text}");
    for line in &after[4..] {
        assert!(line.contains(" 7 ") && (line.contains("goat") || line.contains("sheep")), "{line}");
    }
    let extended_by =
        format!("# Extended by: onitama-cli puzzles --extend {set_arg} --after 4 --packs base,promo --from-tables 2");
    assert!(text.lines().any(|line| line.starts_with(&extended_by) && line.contains("(ids from 5:")), "{text}");
    assert!(text.lines().any(|line| line == made_by), "{text}");
    assert!(cli(&extend).status.success());
    assert_eq!(std::fs::read_to_string(&set).unwrap(), text, "run again on its own output");
    let checked = cli(&["puzzles", "--check", set_arg]);
    assert!(stdout(&checked).ends_with("all 6 puzzles pass\n"), "{}", stdout(&checked));
    std::fs::remove_file(&set).unwrap();
}

#[test]
fn puzzles_extend_keeps_a_set_and_adds_puzzles_with_expansion_cards_the_same_each_time() {
    let dir = std::env::temp_dir();
    let set = dir.join(format!("onitama-puzzles-extend-{}.txt", std::process::id()));
    let set_arg = set.to_str().unwrap();
    let made = cli(&["puzzles", "--out", set_arg, "--count-per-difficulty", "1", "--seed", "5"]);
    assert!(made.status.success(), "{}", stderr(&made));
    let base = std::fs::read_to_string(&set).unwrap();
    let extend =
        ["puzzles", "--extend", set_arg, "--after", "3", "--packs", "base,promo", "--count-per-difficulty", "1"];
    let extended = cli(&extend);
    assert!(extended.status.success(), "{}", stderr(&extended));
    let text = std::fs::read_to_string(&set).unwrap();
    // The three puzzles kept as they were, three more after them; the header says how.
    let lines = |text: &str| text.lines().filter(|l| !l.starts_with('#')).map(str::to_string).collect::<Vec<_>>();
    let (before, after) = (lines(&base), lines(&text));
    assert_eq!(after.len(), 6, "{text}");
    assert_eq!(after[..3], before[..]);
    assert!(after[3].starts_with("4 3 ") && after[4].starts_with("5 5 ") && after[5].starts_with("6 7 "), "{text}");
    for line in &after[3..] {
        assert!(line.contains("goat") || line.contains("sheep"), "{line}: a promo card");
    }
    let made_by = format!("# Extended by: onitama-cli puzzles --extend {set_arg} --after 3 --packs base,promo");
    assert!(text.lines().any(|line| line.starts_with(&made_by)), "{text}");
    let checked = cli(&["puzzles", "--check", set_arg]);
    assert!(checked.status.success(), "{}", stderr(&checked));
    assert!(
        stdout(&checked).contains("of them with expansion cards: easy 1, medium 1, hard 1\n"),
        "{}",
        stdout(&checked)
    );
    // Run again on its own output: the same file, byte for byte.
    assert!(cli(&extend).status.success());
    assert_eq!(std::fs::read_to_string(&set).unwrap(), text);
    // Refused: a pool without expansion cards, and a set that lacks the ids to keep.
    let base_only = cli(&["puzzles", "--extend", set_arg, "--after", "3", "--packs", "base"]);
    assert!(stderr(&base_only).contains("no card beyond the base game's"), "{}", stderr(&base_only));
    let too_far = cli(&["puzzles", "--extend", set_arg, "--after", "9", "--count-per-difficulty", "1"]);
    assert!(stderr(&too_far).contains("does not hold puzzles 1 to 9"), "{}", stderr(&too_far));
    assert_eq!(std::fs::read_to_string(&set).unwrap(), text, "a refusal leaves the set alone");
    std::fs::remove_file(&set).unwrap();
}

#[test]
fn endgame_prints_the_exact_value_last() {
    let cases = [
        // Red's student on c3 takes Blue's master on c4.
        ("5/2B2/2r2/5/R4 ox,boar crab,tiger horse r", "win in 1"),
        // Blue takes the student first and wins in 3 plies.
        ("5/2B2/2r2/5/R4 ox,boar crab,tiger horse b", "win in 3"),
        // Neither side can force a win.
        ("1B3/5/5/5/R1b2 elephant,horse crab,boar ox r", "draw"),
        ("5/5/5/5/Rb2B crab,elephant boar,horse ox r", "loss in 6"),
    ];
    for (position, value) in cases {
        let output = cli(&["endgame", position]);
        assert!(output.status.success(), "{output:?}");
        assert_eq!(stdout(&output).lines().last(), Some(value), "{position}");
    }
    // The search agrees with the loss in 6: Blue wins within 5 plies after every Red move.
    let p: Position = "5/5/5/5/Rb2B crab,elephant boar,horse ox r".parse().unwrap();
    for &m in &p.legal_moves() {
        assert!(onitama::ai::puzzle::wins_within(&p.play(m).unwrap(), 5), "{m}");
    }
}

/// The values the engine module's `endgame()` is checked against in the browser tests.
#[test]
fn endgame_gives_the_shared_fixtures_values() {
    let fixtures = include_str!("common/endgames.txt");
    let cases = fixtures.lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty());
    let mut checked = 0;
    for case in cases {
        let (position, value) = case.split_once(" | ").expect("position | value");
        let output = cli(&["endgame", position]);
        assert_eq!(stdout(&output).lines().last(), Some(value), "{position}");
        checked += 1;
    }
    assert_eq!(checked, 5);
}

#[test]
fn endgame_refuses_too_many_pieces_a_bad_position_and_a_finished_game() {
    let refusals = [
        (START, "at most 6"),
        ("bbBbb/5/5/5/rrRr ox,boar horse,elephant crab r", "bad position"),
        ("5/2R2/5/5/r4 ox,crab boar,elephant horse b", "the game is over"),
    ];
    for (position, why) in refusals {
        let output = cli(&["endgame", position]);
        assert!(!output.status.success(), "{position}: {output:?}");
        assert!(output.stdout.is_empty(), "{position}: {output:?}");
        assert!(stderr(&output).contains(why), "{position}: {output:?}");
    }
}

#[test]
fn tablebase_prints_counts_per_material_then_the_totals() {
    let output = cli(&["tablebase", "ox,boar horse,elephant crab", "--pieces", "3"]);
    assert!(output.status.success(), "{output:?}");
    let text = stdout(&output);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 4, "{text}");
    assert!(lines[0].starts_with("R-B positions 33180 wins 23028 losses 10152 draws 0 longest win 25: "), "{text}");
    assert!(
        lines[1].starts_with("R-Bb positions 763140 wins 530263 losses 232681 draws 196 longest win 33: "),
        "{text}"
    );
    assert!(lines[2].starts_with("Rr-B positions 763140 "), "{text}");
    assert!(lines[3].starts_with("total positions 1559460 wins 1083554 losses 475514 draws 392;"), "{text}");
    // The longest win printed is a position that reads back, and is that win.
    let longest = lines[1].split_once("longest win 33: ").unwrap().1.split(" (").next().unwrap();
    let endgame = cli(&["endgame", longest]);
    assert_eq!(stdout(&endgame).lines().last(), Some("win in 33"), "{endgame:?}");
    // Any order and spaces name the same deal.
    let again = cli(&["tablebase", "crab elephant horse boar ox", "--pieces", "2"]);
    assert!(stdout(&again).starts_with("R-B positions 33180 wins 23028 "), "{again:?}");
    for (cards, pieces, why) in [
        ("ox,boar horse,elephant crab", "7", "--pieces must be 2 to 6"),
        ("ox,boar horse,elephant", "3", "a deal has 5 cards"),
        ("ox,boar horse,elephant wolf", "3", "unknown card \"wolf\""),
        ("ox,boar horse,elephant ox", "3", "ox"),
    ] {
        let output = cli(&["tablebase", cards, "--pieces", pieces]);
        assert!(!output.status.success(), "{cards}: {output:?}");
        assert!(stderr(&output).contains(why), "{cards}: {output:?}");
    }
}
