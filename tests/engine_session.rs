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
    let mut child = Command::new(env!("CARGO_BIN_EXE_onitama-cli"))
        .arg("engine")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("onitama-cli runs");
    child.stdin.take().unwrap().write_all(input.as_bytes()).unwrap();
    let output = child.wait_with_output().unwrap();
    assert!(output.status.success());
    let printed = String::from_utf8(output.stdout).unwrap();
    // Line by line first, for a readable failure; then every byte.
    for (number, (printed, expected)) in printed.lines().zip(expected.lines()).enumerate() {
        assert_eq!(printed, expected, "answer {}", number + 1);
    }
    assert_eq!(printed.as_bytes(), expected.as_bytes());
}

/// The one search whose numbers depend on the engine: its lines keep their shape.
#[test]
fn a_real_search_answers_info_lines_of_the_documented_shape() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_onitama-cli"))
        .arg("engine")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("onitama-cli runs");
    let session = "position bbBbb/5/5/5/rrRrr ox,boar horse,elephant crab r\ngo depth 3\n";
    child.stdin.take().unwrap().write_all(session.as_bytes()).unwrap();
    let output = child.wait_with_output().unwrap();
    let printed = String::from_utf8(output.stdout).unwrap();
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
