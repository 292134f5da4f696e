//! The engine protocol's processes: our engine serving it on standard input and output
//! (`onitama-cli engine`), and another program that speaks it, driven by `match`. The lines
//! themselves, typed, are [`onitama::engine_protocol::cli`] (docs/engine.md, "The engine protocol").

use onitama::ai::{self, Engine, Limits};
use onitama::engine_protocol::cli::{Info, Report, Request};
use onitama::rules::{Game, Move};
use std::io::{self, BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::Duration;

/// The transposition table of every search the tool starts.
pub const TABLE_MB: usize = 64;

/// Our engine on the protocol, until `quit` or the end of the input.
pub fn serve(input: impl BufRead, output: &mut impl Write, table_mb: usize) -> io::Result<()> {
    let mut engine = Engine::new(table_mb, ai::system_clock);
    let mut game: Option<Game> = None;
    for line in input.lines() {
        let line = line?;
        let reply = match Request::decode(&line) {
            Ok(None) => Ok(()),
            Ok(Some(Request::Quit)) => return Ok(()),
            Ok(Some(Request::NewGame)) => {
                engine.clear();
                game = None;
                Ok(())
            }
            Ok(Some(Request::Position(parsed))) => {
                game = Some(parsed);
                Ok(())
            }
            Ok(Some(Request::Go(limits))) => go(&mut engine, game.as_ref(), limits, output),
            // A `go` line is refused for its game first, then for its limit.
            Err(error) if error.is_about_limits() => searchable(game.as_ref()).and(Err(error.to_string())),
            Err(error) => Err(error.to_string()),
        };
        if let Err(why) = reply {
            writeln!(output, "{}", Report::Error(why).encode())?;
        }
        output.flush()?;
    }
    Ok(())
}

/// The game to search, if there is one and it is not over.
fn searchable(game: Option<&Game>) -> Result<&Game, String> {
    let game = game.ok_or("no position yet")?;
    match game.outcome() {
        Some(outcome) => Err(format!("the game is over: {outcome}")),
        None => Ok(game),
    }
}

fn go(engine: &mut Engine, game: Option<&Game>, limits: Limits, output: &mut impl Write) -> Result<(), String> {
    let game = searchable(game)?;
    let (earlier, current) = game.positions().split_at(game.positions().len() - 1);
    let result = engine.search(&current[0], earlier, limits, &mut |info| {
        let info = Info { depth: info.depth, score: Some(info.score), nodes: Some(info.nodes) };
        let _ = writeln!(output, "{}", Report::Info(info).encode());
    });
    let best = result.best.ok_or("no legal move")?;
    writeln!(output, "{}", Report::BestMove(best).encode()).map_err(|e| e.to_string())
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
        self.send(&Request::NewGame)
    }

    /// The engine's move in `game` within `limits`, given `patience` to answer, and the depth of
    /// its last `info depth <d> ...` line before it, if it sent one.
    pub fn best_move(
        &mut self,
        game: &Game,
        limits: Limits,
        patience: Duration,
    ) -> Result<(Move, Option<u32>), String> {
        // A late answer to an earlier request must not pass for this one.
        while self.lines.try_recv().is_ok() {}
        self.send(&Request::Position(game.clone()))?;
        self.send(&Request::Go(limits))?;
        let mut depth = None;
        loop {
            let line = match self.lines.recv_timeout(patience) {
                Ok(line) => line,
                Err(RecvTimeoutError::Timeout) => return Err(format!("no answer within {} s", patience.as_secs())),
                Err(RecvTimeoutError::Disconnected) => return Err("the engine exited".into()),
            };
            match Report::decode(&line) {
                Ok(Report::BestMove(best)) => return Ok((best, depth)),
                Ok(Report::Info(info)) => depth = Some(info.depth),
                Ok(Report::Error(why)) => return Err(format!("the engine said: {why}")),
                Err(error) if line.split_whitespace().next() == Some("bestmove") => {
                    return Err(format!("unreadable bestmove: {error}"));
                }
                // Any other line is the engine's own business.
                Err(_) => {}
            }
        }
    }

    fn send(&mut self, request: &Request) -> Result<(), String> {
        writeln!(self.input, "{}", request.encode())
            .and_then(|()| self.input.flush())
            .map_err(|e| format!("cannot write to engine: {e}"))
    }
}

impl Drop for ExternalEngine {
    fn drop(&mut self) {
        let _ = writeln!(self.input, "{}", Request::Quit.encode());
        let _ = self.input.flush();
        if !matches!(self.child.try_wait(), Ok(Some(_))) {
            std::thread::sleep(Duration::from_millis(50));
            let _ = self.child.kill();
        }
        let _ = self.child.wait();
    }
}
