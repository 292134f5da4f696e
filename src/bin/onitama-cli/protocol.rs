//! The engine protocol: a few text lines, in the spirit of chess's UCI, so that `match` can play
//! an engine written in any language and other programs can drive ours.
//!
//! ```text
//! newgame                                   forget the last game (the table, the history)
//! position <position> [moves <move> ...]    the game so far: where it started and the moves since
//! go movetime <ms> | go depth <n> | go nodes <n>
//! quit
//! ```
//!
//! The engine answers `go` with any number of `info ...` lines and then `bestmove <move>`; a line
//! it cannot use is answered with `error <why>`, and it keeps going.

use onitama::ai::{self, Engine, Limits};
use onitama::rules::{Game, Move, Position};
use std::io::{self, BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::Duration;

/// The transposition table of every search the tool starts.
pub const TABLE_MB: usize = 64;

/// Reads a `position` line's arguments: the start and the moves played since.
pub fn parse_game(words: &[&str]) -> Result<Game, String> {
    let split = words.iter().position(|w| *w == "moves").unwrap_or(words.len());
    let start: Position = words[..split].join(" ").parse().map_err(|e| format!("bad position: {e}"))?;
    let mut game = Game::new(start);
    for text in words.iter().skip(split + 1) {
        let m: Move = text.parse().map_err(|e| format!("bad move '{text}': {e}"))?;
        game.play(m).map_err(|e| format!("move '{text}': {e}"))?;
    }
    Ok(game)
}

/// Reads a `go` line's arguments.
pub fn parse_limits(words: &[&str]) -> Result<Limits, String> {
    let [kind, value] = words else {
        return Err("go needs one limit: movetime <ms>, depth <n> or nodes <n>".into());
    };
    let bad = || format!("'{value}' is not a {kind}");
    match *kind {
        "movetime" => Ok(Limits { movetime_ms: Some(value.parse().map_err(|_| bad())?), ..Limits::default() }),
        "depth" => Ok(Limits { depth: Some(value.parse().map_err(|_| bad())?), ..Limits::default() }),
        "nodes" => Ok(Limits { nodes: Some(value.parse().map_err(|_| bad())?), ..Limits::default() }),
        _ => Err(format!("unknown limit '{kind}': use movetime, depth or nodes")),
    }
}

/// Our engine on the protocol, until `quit` or the end of the input.
pub fn serve(input: impl BufRead, output: &mut impl Write, table_mb: usize) -> io::Result<()> {
    let mut engine = Engine::new(table_mb, ai::system_clock);
    let mut game: Option<Game> = None;
    for line in input.lines() {
        let line = line?;
        let words: Vec<&str> = line.split_whitespace().collect();
        let reply = match words.split_first() {
            None => Ok(()),
            Some((&"quit", _)) => return Ok(()),
            Some((&"newgame", _)) => {
                engine.clear();
                game = None;
                Ok(())
            }
            Some((&"position", rest)) => parse_game(rest).map(|parsed| game = Some(parsed)),
            Some((&"go", rest)) => go(&mut engine, game.as_ref(), rest, output),
            Some((other, _)) => Err(format!("unknown command '{other}'")),
        };
        if let Err(why) = reply {
            writeln!(output, "error {why}")?;
        }
        output.flush()?;
    }
    Ok(())
}

fn go(engine: &mut Engine, game: Option<&Game>, words: &[&str], output: &mut impl Write) -> Result<(), String> {
    let game = game.ok_or("no position yet")?;
    if let Some(outcome) = game.outcome() {
        return Err(format!("the game is over: {outcome}"));
    }
    let limits = parse_limits(words)?;
    let (earlier, current) = game.positions().split_at(game.positions().len() - 1);
    let result = engine.search(&current[0], earlier, limits, &mut |info| {
        let _ = writeln!(output, "info depth {} score {} nodes {}", info.depth, info.score, info.nodes);
    });
    let best = result.best.ok_or("no legal move")?;
    writeln!(output, "bestmove {best}").map_err(|e| e.to_string())
}

/// Another program that speaks the protocol, started once and reused for many games.
pub struct ExternalEngine {
    child: Child,
    input: ChildStdin,
    lines: Receiver<String>,
}

impl ExternalEngine {
    /// Starts `command` through the shell, so it may hold arguments, quotes and `cd dir &&`.
    pub fn start(command: &str) -> Result<ExternalEngine, String> {
        let mut child = Command::new("sh")
            .args(["-c", command])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .map_err(|e| format!("cannot start '{command}': {e}"))?;
        let input = child.stdin.take().ok_or("no stdin")?;
        let stdout = child.stdout.take().ok_or("no stdout")?;
        let (sender, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                if sender.send(line).is_err() {
                    break;
                }
            }
        });
        Ok(ExternalEngine { child, input, lines })
    }

    pub fn new_game(&mut self) -> Result<(), String> {
        self.send("newgame")
    }

    /// The engine's move in `game`, given `patience` to answer, and the depth of its last
    /// `info depth <d> ...` line before it, if it sent one.
    pub fn best_move(&mut self, game: &Game, go: &str, patience: Duration) -> Result<(Move, Option<u32>), String> {
        let moves: Vec<String> = game.moves().iter().map(Move::to_string).collect();
        let position = if moves.is_empty() {
            format!("position {}", game.start())
        } else {
            format!("position {} moves {}", game.start(), moves.join(" "))
        };
        // A late answer to an earlier request must not pass for this one.
        while self.lines.try_recv().is_ok() {}
        self.send(&position)?;
        self.send(&format!("go {go}"))?;
        let mut depth = None;
        loop {
            let line = match self.lines.recv_timeout(patience) {
                Ok(line) => line,
                Err(RecvTimeoutError::Timeout) => return Err(format!("no answer within {} s", patience.as_secs())),
                Err(RecvTimeoutError::Disconnected) => return Err("the engine exited".into()),
            };
            if let Some(text) = line.strip_prefix("bestmove ") {
                let best = text.trim().parse().map_err(|e| format!("unreadable move '{text}': {e}"))?;
                return Ok((best, depth));
            }
            if let Some(rest) = line.strip_prefix("info depth ") {
                depth = rest.split_whitespace().next().and_then(|d| d.parse().ok()).or(depth);
            }
            if let Some(why) = line.strip_prefix("error ") {
                return Err(format!("the engine said: {why}"));
            }
        }
    }

    fn send(&mut self, line: &str) -> Result<(), String> {
        writeln!(self.input, "{line}")
            .and_then(|()| self.input.flush())
            .map_err(|e| format!("cannot write to engine: {e}"))
    }
}

impl Drop for ExternalEngine {
    fn drop(&mut self) {
        let _ = writeln!(self.input, "quit");
        let _ = self.input.flush();
        if !matches!(self.child.try_wait(), Ok(Some(_))) {
            std::thread::sleep(Duration::from_millis(50));
            let _ = self.child.kill();
        }
        let _ = self.child.wait();
    }
}
