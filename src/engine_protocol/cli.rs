//! The CLI dialect: the engine protocol of `onitama-cli engine` and of the programs `match` plays
//! (docs/engine.md, "The engine protocol"), a few text lines in the spirit of chess's UCI.
//!
//! ```text
//! newgame                                   forget the last game (the table, the history)
//! position <position> [moves <move> ...]    the game so far: where it started and the moves since
//! go movetime <ms> | go depth <n> | go nodes <n>
//! quit
//!
//! info depth <d> score <s> nodes <n>        after each finished depth; <s> is 31, -8, win 3 or loss 2
//! bestmove <move>
//! error <why>                               a line the engine cannot use; it keeps going
//! ```
//!
//! Other programs speak these lines (the Java bridge in `scripts/java-engine/`): they stay byte
//! for byte as documented (`tests/engine_session.rs`).
//!
//! ```
//! use onitama::ai::{Limits, Score};
//! use onitama::engine_protocol::cli::{Info, Report, Request};
//!
//! let go = Request::decode("go depth 6").unwrap().expect("not a blank line");
//! assert_eq!(go, Request::Go(Limits { depth: Some(6), ..Limits::default() }));
//! assert_eq!(Request::decode("  ").unwrap(), None);
//! assert_eq!(go.encode(), "go depth 6");
//!
//! let info = Report::Info(Info { depth: 6, score: Some(Score::Value(-31)), nodes: Some(5120) });
//! assert_eq!(info.encode(), "info depth 6 score -31 nodes 5120");
//! assert_eq!(Report::decode("info depth 6 score -31 nodes 5120").unwrap(), info);
//! ```

use super::limits::{self, Limit};
use crate::ai::{Limits, Score};
use crate::rules::{Game, Move, MoveError, Position, PositionError};
use std::fmt::Write;
use std::iter::{Peekable, Skip};
use std::str::SplitWhitespace;

/// What a program asks of the engine.
#[derive(Clone, Debug, PartialEq)]
pub enum Request {
    /// Forget the last game: the table, the history.
    NewGame,
    /// The game so far: where it started and the moves since.
    Position(Game),
    /// Search the last position given, within one limit (a line with more is refused).
    Go(Limits),
    Quit,
}

/// What the engine answers.
#[derive(Clone, Debug, PartialEq)]
pub enum Report {
    /// A search finished a depth.
    Info(Info),
    BestMove(Move),
    /// A line the engine could not use, and why; it keeps going.
    Error(String),
}

/// An `info` line. Ours always carries the score and the nodes; another engine's may say only
/// its depth, or more than this, which is not read.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Info {
    pub depth: u32,
    pub score: Option<Score>,
    pub nodes: Option<u64>,
}

/// Why a request or a report could not be read: the `error` line's words.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum LineError {
    #[error("unknown command '{0}'")]
    UnknownCommand(String),
    #[error("bad position: {0}")]
    Position(PositionError),
    #[error("bad move '{text}': {source}")]
    Move { text: String, source: MoveError },
    #[error("move '{text}': {source}")]
    Illegal { text: String, source: MoveError },
    #[error("go needs one limit: movetime <ms>, depth <n> or nodes <n>")]
    OneLimit,
    #[error("unknown limit '{0}': use movetime, depth or nodes")]
    UnknownLimit(String),
    #[error("'{found}' is not a {limit}")]
    NotA { limit: &'static str, found: String },
    #[error("unknown report '{0}'")]
    UnknownReport(String),
    #[error("the line ends where {0} was expected")]
    Missing(&'static str),
    #[error("{wanted} expected, not '{found}'")]
    Unexpected { wanted: &'static str, found: String },
}

impl LineError {
    /// Whether a `go` line was refused for its limit: the engine says first what is wrong with
    /// its game (no position yet, a game over), as it always has.
    pub fn is_about_limits(&self) -> bool {
        matches!(self, LineError::OneLimit | LineError::UnknownLimit(_) | LineError::NotA { .. })
    }
}

impl Request {
    pub fn encode(&self) -> String {
        match self {
            Request::NewGame => "newgame".to_string(),
            Request::Position(game) => {
                let mut line = format!("position {}", game.start());
                if !game.moves().is_empty() {
                    line.push_str(" moves");
                    for m in game.moves() {
                        let _ = write!(line, " {m}");
                    }
                }
                line
            }
            Request::Go(limits) => {
                let mut line = "go".to_string();
                limits::write(&mut line, limits);
                line
            }
            Request::Quit => "quit".to_string(),
        }
    }

    /// Reads one line; `Ok(None)` for a blank one. Words after `newgame` and `quit` are not read.
    pub fn decode(text: &str) -> Result<Option<Request>, LineError> {
        let words: Vec<&str> = text.split_whitespace().collect();
        let Some((kind, rest)) = words.split_first() else {
            return Ok(None);
        };
        let request = match *kind {
            "newgame" => Request::NewGame,
            "quit" => Request::Quit,
            "position" => Request::Position(game(rest)?),
            "go" => {
                let [limit, _] = rest else {
                    return Err(LineError::OneLimit);
                };
                let mut words = GoWords { words: text.split_whitespace().skip(1).peekable(), limit };
                Request::Go(limits::read(&mut words)?)
            }
            other => return Err(LineError::UnknownCommand(other.to_string())),
        };
        Ok(Some(request))
    }
}

/// A `go` line's words after `go`: one limit and its value.
struct GoWords<'a> {
    words: Peekable<Skip<SplitWhitespace<'a>>>,
    /// The first word, said back if it is no limit.
    limit: &'a str,
}

impl limits::Words for GoWords<'_> {
    type Error = LineError;

    fn accept(&mut self, word: &'static str) -> bool {
        self.words.next_if_eq(&word).is_some()
    }

    fn value<T: TryFrom<u64>>(&mut self, limit: Limit) -> Result<T, LineError> {
        let found = self.words.next().ok_or(LineError::OneLimit)?;
        limits::whole(found).ok_or_else(|| LineError::NotA { limit: limit.name(), found: found.to_string() })
    }

    fn repeated(&mut self, _: Limit) -> LineError {
        LineError::OneLimit
    }

    fn no_limit(&mut self) -> LineError {
        LineError::UnknownLimit(self.limit.to_string())
    }
}

/// A `position` line's words: the start, then the moves played since, after the first `moves`.
fn game(words: &[&str]) -> Result<Game, LineError> {
    let split = words.iter().position(|w| *w == "moves").unwrap_or(words.len());
    let start: Position = words[..split].join(" ").parse().map_err(LineError::Position)?;
    let mut game = Game::new(start);
    for text in words.iter().skip(split + 1) {
        let m: Move = text.parse().map_err(|source| LineError::Move { text: text.to_string(), source })?;
        game.play(m).map_err(|source| LineError::Illegal { text: text.to_string(), source })?;
    }
    Ok(game)
}

impl Report {
    pub fn encode(&self) -> String {
        match self {
            Report::Info(Info { depth, score, nodes }) => {
                let mut line = format!("info depth {depth}");
                if let Some(score) = score {
                    let _ = write!(line, " score {score}");
                }
                if let Some(nodes) = nodes {
                    let _ = write!(line, " nodes {nodes}");
                }
                line
            }
            Report::BestMove(m) => format!("bestmove {m}"),
            Report::Error(why) => format!("error {why}"),
        }
    }

    /// Reads one line of an engine's answer. An `info` line needs its depth; its score and nodes
    /// are read where they stand as ours do, and what follows them is left unread.
    pub fn decode(text: &str) -> Result<Report, LineError> {
        let mut words = text.split_whitespace().peekable();
        let kind = words.next().ok_or(LineError::Missing("a report"))?;
        match kind {
            "info" => {
                expect(&mut words, "depth")?;
                let depth = number(&mut words, "a depth")?;
                let score = if words.next_if_eq(&"score").is_some() { score(&mut words) } else { None };
                let nodes = if words.next_if_eq(&"nodes").is_some() { number(&mut words, "nodes").ok() } else { None };
                Ok(Report::Info(Info { depth, score, nodes }))
            }
            "bestmove" => {
                let text = words.next().ok_or(LineError::Missing("a move"))?;
                let m = text.parse().map_err(|source| LineError::Move { text: text.to_string(), source })?;
                match words.next() {
                    None => Ok(Report::BestMove(m)),
                    Some(found) => {
                        Err(LineError::Unexpected { wanted: "the end of the line", found: found.to_string() })
                    }
                }
            }
            "error" => Ok(Report::Error(words.collect::<Vec<_>>().join(" "))),
            other => Err(LineError::UnknownReport(other.to_string())),
        }
    }
}

fn expect(words: &mut Peekable<SplitWhitespace>, keyword: &'static str) -> Result<(), LineError> {
    match words.next() {
        Some(found) if found == keyword => Ok(()),
        Some(found) => Err(LineError::Unexpected { wanted: keyword, found: found.to_string() }),
        None => Err(LineError::Missing(keyword)),
    }
}

fn number<T: std::str::FromStr>(words: &mut Peekable<SplitWhitespace>, wanted: &'static str) -> Result<T, LineError> {
    let found = words.next().ok_or(LineError::Missing(wanted))?;
    found.parse().map_err(|_| LineError::Unexpected { wanted, found: found.to_string() })
}

/// A score as ours prints it: `31`, `-8`, `win 3`, `loss 2`; `None` if the words are not one.
fn score(words: &mut Peekable<SplitWhitespace>) -> Option<Score> {
    match words.next()? {
        "win" => Some(Score::Win(words.next()?.parse().ok()?)),
        "loss" => Some(Score::Loss(words.next()?.parse().ok()?)),
        value => Some(Score::Value(value.parse().ok()?)),
    }
}
