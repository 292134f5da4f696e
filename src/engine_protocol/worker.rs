//! The worker dialect: what the page and the AI's worker say to each other, one enum for the
//! requests, one for the reports, each written as one line of text in the spirit of the
//! [`cli`](super::cli) dialect, read back with the rules core's parsers and the protocol's one
//! reading of [`limits`]. Plain Rust, so it is tested and fuzzed natively. Only the
//! page and its worker speak it: its lines may change with them.
//!
//! ```text
//! search 7 movetime 300 position <position> earlier <position> <position>
//! move 8 level sensei seed 41 position <position> earlier <position>
//! defend 9 plies 2 position <position>
//! review 10 movetime 200 start <position> moves boar:c1c2 horse:c5c4
//! lines 11 count 3 movetime 1000 position <position> earlier <position>
//!
//! ready
//! info 7 depth 5 score cp 31 nodes 5120 pv boar:c1c2 horse:c5c4
//! done 7 best boar:c1c2 score win 5
//! lines 11 depth 7 nodes 90210 line 1 score cp 31 pv boar:c1c2 horse:c5c4 line 2 score cp 12 pv ox:b1b2
//! reviewed 10 ply 1 of 2 move boar:c1c2 best crab:c2c3 before win 1 after cp -40 class blunder line crab:c2c3
//! reviewed 10 ply 2 of 2 move ox:c5c4 best ox:c5c4 before loss 2 after loss 2 class best exact line
//! failed 9 bad position "nonsense": expected 5 fields …
//! ```
//!
//! The endgame worker (a worker of its own, which keeps the exact tables of the deal in play
//! between requests: the AI's worker is terminated on every cancel) speaks a dialect of its own,
//! [`EndgameRequest`] and [`EndgameReport`]:
//!
//! ```text
//! endgame 11 pieces 3 position <position> earlier <position> <position>
//!
//! ready
//! exact 11 win 7 best boar:c1c2 line win 7 boar:c1c2 ox:c5c4 … line draw tiger:a1a3 …
//! exact 12 none pieces 5 limit 3
//! exact 13 none over
//! exact 14 none refused bad position "nonsense": expected 5 fields …
//! ```
//!
//! Times travel in whole milliseconds: printing and reading floats would add kilobytes to the wasm.
//!
//! The best lines (`lines`, both ways) are a feature: their variants hold [`Features`], so the
//! first visit's build, which has none, cannot hold them, and leaves their code out (it reads a
//! `lines` line as an unknown message).

use super::limits::{self, Limit};
use crate::ai::endgame::Exact;
use crate::ai::exact::{ExactLine, Uncovered};
use crate::ai::review::{MoveClass, PlyReview};
use crate::ai::{Level, Limits, Line, Score};
use crate::rules::{Game, Move, MoveError, Position, PositionError};
use crate::ui::features::Features;
use std::fmt::Write;
use std::iter::Peekable;
use std::num::NonZeroU32;
use std::str::SplitWhitespace;

/// The line both workers send once loaded ([`EngineReport::Ready`], [`EndgameReport::Ready`]).
pub const READY: &str = "ready";

/// What the page asks of the worker; `id` comes back on every report about it.
#[derive(Clone, Debug, PartialEq)]
pub enum EngineRequest {
    /// A search within limits, reported depth by depth (the evaluation bar, hints).
    Search { id: u32, limits: Limits, position: Position, earlier: Vec<Position> },
    /// A level's move: the level's style and limits, with its dice.
    LevelMove { id: u32, level: Level, seed: u32, position: Position, earlier: Vec<Position> },
    /// A puzzle's best defence against a win within `plies` plies.
    Defend { id: u32, plies: u32, position: Position },
    /// Every move of `game` judged, one report each.
    Review { id: u32, game: Game, limits: Limits },
    /// The `count` best lines (fewer when fewer moves are legal) within limits, reported depth by
    /// depth (the analysis board; not in the first visit's build, which cannot write one).
    Lines { features: Features, id: u32, count: NonZeroU32, limits: Limits, position: Position, earlier: Vec<Position> },
}

/// What the worker tells the page.
#[derive(Clone, Debug, PartialEq)]
pub enum EngineReport {
    /// The worker has loaded; what was sent before this was lost.
    Ready,
    /// A search finished a depth.
    Info {
        id: u32,
        depth: u32,
        score: Score,
        nodes: u64,
        pv: Vec<Move>,
    },
    /// The request is answered. A level's move and an escaped defence know no score.
    Done {
        id: u32,
        best: Option<Move>,
        score: Option<Score>,
    },
    /// A move of the game under review, with the number of moves in all.
    Reviewed {
        id: u32,
        entry: PlyReview,
        total: usize,
    },
    Failed {
        id: u32,
        message: String,
    },
    /// A search of the best lines finished a depth: its lines, best first (at least one).
    Lines {
        features: Features,
        id: u32,
        depth: u32,
        nodes: u64,
        lines: Vec<Line>,
    },
}

/// Why a message could not be read.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum MessageError {
    #[error("unknown message '{0}'")]
    UnknownKind(String),
    #[error("the message ends where {0} was expected")]
    Missing(&'static str),
    #[error("{wanted} expected, not '{found}'")]
    Unexpected { wanted: &'static str, found: String },
    #[error("{0} is given twice")]
    Repeated(&'static str),
    #[error("a search needs a limit: depth, movetime or nodes")]
    NoLimit,
    #[error("bad position \"{text}\": {source}")]
    Position { text: String, source: PositionError },
    #[error("bad move '{text}': {source}")]
    Move { text: String, source: MoveError },
    #[error("move {number} of the game: {source}")]
    Game { number: usize, source: MoveError },
    #[error("unknown level '{0}'")]
    UnknownLevel(String),
    #[error("unknown move class '{0}'")]
    UnknownClass(String),
}

/// The most pieces an endgame request may ask the worker to build tables for.
pub const ENDGAME_WORKER_PIECES: u32 = 4;

/// Positions of at most this many pieces (both masters included) are played from the exact
/// tables by the page (the levels that play endgames perfectly, the bar, the hint, the analysis
/// board and the review): building a deal's tables of 3 pieces takes
/// about 2 s on a slow phone, those of 4 pieces 21 to 63 s (docs/engine.md, Exact endgames).
pub const EXACT_PIECES: u32 = 3;

/// What the page asks its endgame worker: the exact value and the best move of `position`
/// (reached after `earlier`, oldest first, for repetitions), from the tables of its deal, built
/// if the worker does not hold them yet, when it has at most `pieces` pieces (both masters
/// included).
#[derive(Clone, Debug, PartialEq)]
pub struct EndgameRequest {
    pub id: u32,
    pub pieces: u32,
    pub position: Position,
    pub earlier: Vec<Position>,
}

/// What the endgame worker tells the page.
#[derive(Clone, Debug, PartialEq)]
pub enum EndgameReport {
    /// The worker has loaded (the same line as [`EngineReport::Ready`]).
    Ready,
    /// The position's exact value for the side to move, the move a perfect player makes, and
    /// the best lines of perfect play with their values (the first one the best move's), for the
    /// analysis board.
    Exact { id: u32, value: Exact, best: Move, lines: Vec<ExactLine> },
    /// No exact value, and why.
    None { id: u32, why: NoExact },
}

/// Why the endgame worker gives no exact value.
#[derive(Clone, Debug, PartialEq)]
pub enum NoExact {
    /// The game is over in that position.
    GameOver,
    /// More pieces than the request's limit.
    TooManyPieces { pieces: u32, limit: u32 },
    /// The request could not be read.
    Bad(String),
}

impl EndgameRequest {
    /// Whether a line is meant for the endgame worker (its first word is `endgame`).
    pub fn is_one(text: &str) -> bool {
        text.split_whitespace().next() == Some("endgame")
    }

    pub fn encode(&self) -> String {
        let mut line = format!("endgame {} pieces {}", self.id, self.pieces);
        write_positions(&mut line, &self.position, &self.earlier);
        line
    }

    pub fn decode(text: &str) -> Result<EndgameRequest, MessageError> {
        let mut words = Words(text.split_whitespace().peekable());
        match words.next("a request")? {
            "endgame" => {}
            other => return Err(MessageError::UnknownKind(other.to_string())),
        }
        let id = words.number("an id")?;
        words.keyword("pieces")?;
        let pieces = words.number("a number of pieces")?;
        // A page's worker builds no more than this: 5 pieces would take minutes and gigabytes.
        if !(2..=ENDGAME_WORKER_PIECES).contains(&pieces) {
            return Err(MessageError::Unexpected { wanted: "2 to 4 pieces", found: pieces.to_string() });
        }
        let (position, earlier) = words.positions()?;
        words.end()?;
        Ok(EndgameRequest { id, pieces, position, earlier })
    }
}

impl EndgameReport {
    /// The report of the best lines the tables gave for request `id` (the first one the best
    /// move's; every line has a move).
    pub fn answer_lines(id: u32, found: Result<Vec<ExactLine>, Uncovered>) -> EndgameReport {
        let first = found.as_ref().ok().and_then(|lines| Some((lines.first()?.value, *lines.first()?.moves.first()?)));
        match (found, first) {
            (Ok(lines), Some((value, best))) => EndgameReport::Exact { id, value, best, lines },
            (Ok(_), None) => EndgameReport::None { id, why: NoExact::GameOver },
            (Err(why), _) => EndgameReport::answer(id, Err(why)),
        }
    }

    /// The report of what the tables said about request `id`.
    pub fn answer(id: u32, found: Result<(Move, Exact), Uncovered>) -> EndgameReport {
        match found {
            Ok((best, value)) => EndgameReport::Exact { id, value, best, lines: Vec::new() },
            Err(Uncovered::GameOver) => EndgameReport::None { id, why: NoExact::GameOver },
            Err(Uncovered::TooManyPieces { pieces, limit }) => {
                EndgameReport::None { id, why: NoExact::TooManyPieces { pieces, limit } }
            }
        }
    }

    /// The answer to a line that does not read: `None` with the reason, under the id the line
    /// names (0 when it names none).
    pub fn refusal(text: &str, error: &MessageError) -> EndgameReport {
        let id = EngineRequest::id_in(text).unwrap_or(0);
        EndgameReport::None { id, why: NoExact::Bad(error.to_string()) }
    }

    pub fn encode(&self) -> String {
        let mut line = String::new();
        match self {
            EndgameReport::Ready => line.push_str(READY),
            EndgameReport::Exact { id, value, best, lines } => {
                let _ = write!(line, "exact {id}");
                write_exact(&mut line, *value);
                let _ = write!(line, " best {best}");
                for exact_line in lines {
                    line.push_str(" line");
                    write_exact(&mut line, exact_line.value);
                    write_moves(&mut line, &exact_line.moves);
                }
            }
            EndgameReport::None { id, why } => {
                let _ = write!(line, "exact {id} none");
                let _ = match why {
                    NoExact::GameOver => write!(line, " over"),
                    NoExact::TooManyPieces { pieces, limit } => write!(line, " pieces {pieces} limit {limit}"),
                    NoExact::Bad(message) => {
                        line.push_str(" refused");
                        for word in message.split_whitespace() {
                            line.push(' ');
                            line.push_str(word);
                        }
                        Ok(())
                    }
                };
            }
        }
        line
    }

    pub fn decode(text: &str) -> Result<EndgameReport, MessageError> {
        let mut words = Words(text.split_whitespace().peekable());
        let report = match words.next("a report")? {
            READY => EndgameReport::Ready,
            "exact" => {
                let id = words.number("an id")?;
                let value = match words.next("win, loss, draw or none")? {
                    "win" => Exact::Win(words.number("a number of plies")?),
                    "loss" => Exact::Loss(words.number("a number of plies")?),
                    "draw" => Exact::Draw,
                    "none" => {
                        let why = match words.next("over, pieces or refused")? {
                            "over" => NoExact::GameOver,
                            "pieces" => {
                                let pieces = words.number("a number of pieces")?;
                                words.keyword("limit")?;
                                NoExact::TooManyPieces { pieces, limit: words.number("a number of pieces")? }
                            }
                            "refused" => NoExact::Bad(words.0.by_ref().collect::<Vec<_>>().join(" ")),
                            found => {
                                let found = found.to_string();
                                return Err(MessageError::Unexpected { wanted: "over, pieces or refused", found });
                            }
                        };
                        words.end()?;
                        return Ok(EndgameReport::None { id, why });
                    }
                    found => {
                        let found = found.to_string();
                        return Err(MessageError::Unexpected { wanted: "win, loss, draw or none", found });
                    }
                };
                words.keyword("best")?;
                let best = words.parsed_move()?;
                let mut lines = Vec::new();
                while words.accept("line") {
                    let value = words.exact()?;
                    let mut moves = vec![words.parsed_move()?];
                    while words.0.peek().is_some_and(|word| *word != "line") {
                        moves.push(words.parsed_move()?);
                    }
                    lines.push(ExactLine { value, moves });
                }
                EndgameReport::Exact { id, value, best, lines }
            }
            other => return Err(MessageError::UnknownKind(other.to_string())),
        };
        words.end()?;
        Ok(report)
    }
}

impl EngineRequest {
    pub fn id(&self) -> u32 {
        match self {
            EngineRequest::Search { id, .. }
            | EngineRequest::LevelMove { id, .. }
            | EngineRequest::Defend { id, .. }
            | EngineRequest::Review { id, .. }
            | EngineRequest::Lines { id, .. } => *id,
        }
    }

    /// The id a request line names, even when the rest of it does not read, so that its failure
    /// can be answered.
    pub fn id_in(text: &str) -> Option<u32> {
        text.split_whitespace().nth(1)?.parse().ok()
    }

    pub fn encode(&self) -> String {
        let mut line = String::new();
        match self {
            EngineRequest::Search { id, limits, position, earlier } => {
                let _ = write!(line, "search {id}");
                limits::write(&mut line, limits);
                write_positions(&mut line, position, earlier);
            }
            EngineRequest::LevelMove { id, level, seed, position, earlier } => {
                let _ = write!(line, "move {id} level {} seed {seed}", level.name);
                write_positions(&mut line, position, earlier);
            }
            EngineRequest::Defend { id, plies, position } => {
                let _ = write!(line, "defend {id} plies {plies} position {position}");
            }
            EngineRequest::Review { id, game, limits } => {
                let _ = write!(line, "review {id}");
                limits::write(&mut line, limits);
                let _ = write!(line, " start {}", game.start());
                if !game.moves().is_empty() {
                    line.push_str(" moves");
                    write_moves(&mut line, game.moves());
                }
            }
            EngineRequest::Lines { id, count, limits, position, earlier, .. } => {
                let _ = write!(line, "lines {id} count {count}");
                limits::write(&mut line, limits);
                write_positions(&mut line, position, earlier);
            }
        }
        line
    }

    pub fn decode(text: &str) -> Result<EngineRequest, MessageError> {
        let mut words = Words(text.split_whitespace().peekable());
        let kind = words.next("a request")?;
        let request = match kind {
            "search" => {
                let id = words.number("an id")?;
                let limits = limits::read(&mut words)?;
                let (position, earlier) = words.positions()?;
                EngineRequest::Search { id, limits, position, earlier }
            }
            "move" => {
                let id = words.number("an id")?;
                words.keyword("level")?;
                let name = words.next("a level")?;
                let level = Level::by_name(name).ok_or_else(|| MessageError::UnknownLevel(name.to_string()))?;
                words.keyword("seed")?;
                let seed = words.number("a seed")?;
                let (position, earlier) = words.positions()?;
                EngineRequest::LevelMove { id, level, seed, position, earlier }
            }
            "defend" => {
                let id = words.number("an id")?;
                words.keyword("plies")?;
                let plies = words.number("a number of plies")?;
                words.keyword("position")?;
                let position = words.position_until(None)?;
                EngineRequest::Defend { id, plies, position }
            }
            "review" => {
                let id = words.number("an id")?;
                let limits = limits::read(&mut words)?;
                words.keyword("start")?;
                let mut game = Game::new(words.position_until(Some("moves"))?);
                if words.accept("moves") {
                    for m in words.moves()? {
                        let number = game.moves().len() + 1;
                        game.play(m).map_err(|source| MessageError::Game { number, source })?;
                    }
                }
                EngineRequest::Review { id, game, limits }
            }
            "lines" => {
                let features = Features::here().ok_or_else(|| MessageError::UnknownKind(kind.to_string()))?;
                let id = words.number("an id")?;
                words.keyword("count")?;
                let wanted = "a number of lines (1 or more)";
                let count = NonZeroU32::new(words.number(wanted)?)
                    .ok_or_else(|| MessageError::Unexpected { wanted, found: "0".to_string() })?;
                let limits = limits::read(&mut words)?;
                let (position, earlier) = words.positions()?;
                EngineRequest::Lines { features, id, count, limits, position, earlier }
            }
            other => return Err(MessageError::UnknownKind(other.to_string())),
        };
        words.end()?;
        Ok(request)
    }
}

impl EngineReport {
    pub fn encode(&self) -> String {
        let mut line = String::new();
        match self {
            EngineReport::Ready => line.push_str(READY),
            EngineReport::Info { id, depth, score, nodes, pv } => {
                let _ = write!(line, "info {id} depth {depth} score");
                write_score(&mut line, *score);
                let _ = write!(line, " nodes {nodes} pv");
                write_moves(&mut line, pv);
            }
            EngineReport::Done { id, best, score } => {
                let _ = write!(line, "done {id}");
                if let Some(best) = best {
                    let _ = write!(line, " best {best}");
                }
                if let Some(score) = score {
                    line.push_str(" score");
                    write_score(&mut line, *score);
                }
            }
            EngineReport::Reviewed { id, entry, total } => {
                let _ = write!(line, "reviewed {id} ply {} of {total} move {}", entry.ply, entry.played);
                if let Some(best) = entry.best {
                    let _ = write!(line, " best {best}");
                }
                line.push_str(" before");
                write_score(&mut line, entry.score_before);
                line.push_str(" after");
                write_score(&mut line, entry.score_after);
                let _ = write!(line, " class {}", entry.class.code());
                if entry.exact {
                    line.push_str(" exact");
                }
                line.push_str(" line");
                write_moves(&mut line, &entry.line);
            }
            EngineReport::Lines { id, depth, nodes, lines, .. } => {
                let _ = write!(line, "lines {id} depth {depth} nodes {nodes}");
                for (index, each) in lines.iter().enumerate() {
                    let _ = write!(line, " line {} score", index + 1);
                    write_score(&mut line, each.score);
                    line.push_str(" pv");
                    write_moves(&mut line, &each.moves().collect::<Vec<_>>());
                }
            }
            // One line, whatever the message held.
            EngineReport::Failed { id, message } => {
                let _ = write!(line, "failed {id}");
                for word in message.split_whitespace() {
                    line.push(' ');
                    line.push_str(word);
                }
            }
        }
        line
    }

    pub fn decode(text: &str) -> Result<EngineReport, MessageError> {
        let mut words = Words(text.split_whitespace().peekable());
        let kind = words.next("a report")?;
        let report = match kind {
            READY => EngineReport::Ready,
            "info" => {
                let id = words.number("an id")?;
                words.keyword("depth")?;
                let depth = words.number("a depth")?;
                words.keyword("score")?;
                let score = words.score()?;
                words.keyword("nodes")?;
                let nodes = words.number("a number of nodes")?;
                words.keyword("pv")?;
                EngineReport::Info { id, depth, score, nodes, pv: words.moves()? }
            }
            "done" => {
                let id = words.number("an id")?;
                let best = if words.accept("best") { Some(words.parsed_move()?) } else { None };
                let score = if words.accept("score") { Some(words.score()?) } else { None };
                EngineReport::Done { id, best, score }
            }
            "reviewed" => {
                let id = words.number("an id")?;
                words.keyword("ply")?;
                let ply = words.number("a ply")?;
                words.keyword("of")?;
                let total = words.number("a number of moves")?;
                words.keyword("move")?;
                let played = words.parsed_move()?;
                let best = if words.accept("best") { Some(words.parsed_move()?) } else { None };
                words.keyword("before")?;
                let score_before = words.score()?;
                words.keyword("after")?;
                let score_after = words.score()?;
                words.keyword("class")?;
                let code = words.next("a move class")?;
                let class = MoveClass::from_code(code).ok_or_else(|| MessageError::UnknownClass(code.to_string()))?;
                let exact = words.accept("exact");
                words.keyword("line")?;
                let line = words.moves()?;
                let entry = PlyReview { ply, played, best, line, score_before, score_after, class, exact };
                EngineReport::Reviewed { id, entry, total }
            }
            "lines" => {
                let features = Features::here().ok_or_else(|| MessageError::UnknownKind(kind.to_string()))?;
                let id = words.number("an id")?;
                words.keyword("depth")?;
                let depth = words.number("a depth")?;
                words.keyword("nodes")?;
                let nodes = words.number("a number of nodes")?;
                let mut lines = Vec::new();
                // Numbered from 1, at least one.
                while lines.is_empty() || words.0.peek().is_some() {
                    words.keyword("line")?;
                    let number = words.number::<usize>("the next line's number")?;
                    if number != lines.len() + 1 {
                        let found = number.to_string();
                        return Err(MessageError::Unexpected { wanted: "the next line's number", found });
                    }
                    words.keyword("score")?;
                    let score = words.score()?;
                    words.keyword("pv")?;
                    let first = words.parsed_move()?;
                    let mut continuation = Vec::new();
                    while words.0.peek().is_some_and(|&word| word != "line") {
                        continuation.push(words.parsed_move()?);
                    }
                    lines.push(Line { first, score, continuation });
                }
                EngineReport::Lines { features, id, depth, nodes, lines }
            }
            "failed" => {
                let id = words.number("an id")?;
                let message = words.0.by_ref().collect::<Vec<_>>().join(" ");
                EngineReport::Failed { id, message }
            }
            other => return Err(MessageError::UnknownKind(other.to_string())),
        };
        words.end()?;
        Ok(report)
    }
}

/// A score in the protocol: `cp <hundredths>`, `win <plies>` or `loss <plies>`.
fn write_score(line: &mut String, score: Score) {
    let _ = match score {
        Score::Value(value) => write!(line, " cp {value}"),
        Score::Win(plies) => write!(line, " win {plies}"),
        Score::Loss(plies) => write!(line, " loss {plies}"),
    };
}

fn write_positions(line: &mut String, position: &Position, earlier: &[Position]) {
    let _ = write!(line, " position {position}");
    if !earlier.is_empty() {
        line.push_str(" earlier");
        for position in earlier {
            let _ = write!(line, " {position}");
        }
    }
}

/// ` win 7`, ` loss 4` or ` draw`.
fn write_exact(line: &mut String, value: Exact) {
    let _ = match value {
        Exact::Win(n) => write!(line, " win {n}"),
        Exact::Loss(n) => write!(line, " loss {n}"),
        Exact::Draw => write!(line, " draw"),
    };
}

fn write_moves(line: &mut String, moves: &[Move]) {
    for m in moves {
        let _ = write!(line, " {m}");
    }
}

/// The words of a message, read from the front.
struct Words<'a>(Peekable<SplitWhitespace<'a>>);

/// A limit's value is read as the worker's other numbers, and refused in the same words.
impl limits::Words for Words<'_> {
    type Error = MessageError;

    fn accept(&mut self, word: &'static str) -> bool {
        Words::accept(self, word)
    }

    fn value<T: TryFrom<u64>>(&mut self, limit: Limit) -> Result<T, MessageError> {
        self.number(match limit {
            Limit::Depth => "a depth",
            Limit::Movetime => "a number of milliseconds",
            Limit::Nodes => "a number of nodes",
        })
    }

    fn repeated(&mut self, limit: Limit) -> MessageError {
        MessageError::Repeated(limit.name())
    }

    fn no_limit(&mut self) -> MessageError {
        MessageError::NoLimit
    }
}

impl<'a> Words<'a> {
    fn next(&mut self, wanted: &'static str) -> Result<&'a str, MessageError> {
        self.0.next().ok_or(MessageError::Missing(wanted))
    }

    fn keyword(&mut self, keyword: &'static str) -> Result<(), MessageError> {
        match self.next(keyword)? {
            found if found == keyword => Ok(()),
            found => Err(MessageError::Unexpected { wanted: keyword, found: found.to_string() }),
        }
    }

    /// Takes `keyword` if it comes next.
    fn accept(&mut self, keyword: &str) -> bool {
        self.0.next_if_eq(&keyword).is_some()
    }

    /// A whole number ≥ 0 that fits `T`.
    fn number<T: TryFrom<u64>>(&mut self, wanted: &'static str) -> Result<T, MessageError> {
        let found = self.next(wanted)?;
        limits::whole(found).ok_or_else(|| MessageError::Unexpected { wanted, found: found.to_string() })
    }

    /// Hundredths of a student, of either sign.
    fn hundredths(&mut self) -> Result<i32, MessageError> {
        let wanted = "hundredths of a student";
        let found = self.next(wanted)?;
        let (negative, digits) = found.strip_prefix('-').map_or((false, found), |digits| (true, digits));
        let size = digits.parse::<u64>().ok().and_then(|n| i64::try_from(n).ok());
        let value = size.and_then(|n| i32::try_from(if negative { -n } else { n }).ok());
        value.ok_or_else(|| MessageError::Unexpected { wanted, found: found.to_string() })
    }

    fn score(&mut self) -> Result<Score, MessageError> {
        match self.next("a score")? {
            "cp" => Ok(Score::Value(self.hundredths()?)),
            "win" => Ok(Score::Win(self.number("a number of plies")?)),
            "loss" => Ok(Score::Loss(self.number("a number of plies")?)),
            found => Err(MessageError::Unexpected { wanted: "cp, win or loss", found: found.to_string() }),
        }
    }

    /// `win <plies>`, `loss <plies>` or `draw`.
    fn exact(&mut self) -> Result<Exact, MessageError> {
        match self.next("win, loss or draw")? {
            "win" => Ok(Exact::Win(self.number("a number of plies")?)),
            "loss" => Ok(Exact::Loss(self.number("a number of plies")?)),
            "draw" => Ok(Exact::Draw),
            found => Err(MessageError::Unexpected { wanted: "win, loss or draw", found: found.to_string() }),
        }
    }

    fn parsed_move(&mut self) -> Result<Move, MessageError> {
        let text = self.next("a move")?;
        text.parse().map_err(|source| MessageError::Move { text: text.to_string(), source })
    }

    /// Moves up to the end of the message.
    fn moves(&mut self) -> Result<Vec<Move>, MessageError> {
        let mut moves = Vec::new();
        while self.0.peek().is_some() {
            moves.push(self.parsed_move()?);
        }
        Ok(moves)
    }

    /// `position <position> [earlier <position>...]` up to the end of the message.
    fn positions(&mut self) -> Result<(Position, Vec<Position>), MessageError> {
        self.keyword("position")?;
        let position = self.position_until(Some("earlier"))?;
        let mut earlier = Vec::new();
        if self.accept("earlier") {
            let rest: Vec<&str> = self.0.by_ref().collect();
            for fields in rest.chunks(5) {
                earlier.push(parse_position(fields.join(" "))?);
            }
        }
        Ok((position, earlier))
    }

    /// The words up to `stop` (or the end), as one position.
    fn position_until(&mut self, stop: Option<&str>) -> Result<Position, MessageError> {
        let mut fields = Vec::new();
        while let Some(word) = self.0.next_if(|word| Some(*word) != stop) {
            fields.push(word);
        }
        parse_position(fields.join(" "))
    }

    fn end(mut self) -> Result<(), MessageError> {
        match self.0.next() {
            None => Ok(()),
            Some(found) => Err(MessageError::Unexpected { wanted: "the end of the message", found: found.to_string() }),
        }
    }
}

fn parse_position(text: String) -> Result<Position, MessageError> {
    text.parse().map_err(|source| MessageError::Position { text, source })
}
