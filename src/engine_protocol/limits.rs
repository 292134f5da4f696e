//! A search's limits in a line: `depth <n>`, `movetime <ms>`, `nodes <n>`, read and written in
//! one place for every dialect of the protocol. Each dialect hands [`read`] its words and says a
//! refusal in its own ([`Words`]); what is read, and what is refused, is the same in all.
//!
//! ```
//! use onitama::ai::Limits;
//! use onitama::engine_protocol::limits;
//!
//! let mut line = String::from("go");
//! limits::write(&mut line, &Limits { depth: Some(6), movetime_ms: Some(299.6), nodes: None });
//! assert_eq!(line, "go depth 6 movetime 300");
//! ```

use crate::ai::Limits;
use std::fmt::Write;

/// One of a search's limits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Limit {
    Depth,
    Movetime,
    Nodes,
}

impl Limit {
    /// Its word in a line.
    pub fn name(self) -> &'static str {
        match self {
            Limit::Depth => "depth",
            Limit::Movetime => "movetime",
            Limit::Nodes => "nodes",
        }
    }
}

/// A dialect's words, read from the front, and its words for a refusal.
pub trait Words {
    type Error;
    /// Takes `word` if it comes next.
    fn accept(&mut self, word: &'static str) -> bool;
    /// The next word, `limit`'s value: a whole number ≥ 0 that fits `T` (see [`whole`]).
    fn value<T: TryFrom<u64>>(&mut self, limit: Limit) -> Result<T, Self::Error>;
    /// A limit given twice.
    fn repeated(&mut self, limit: Limit) -> Self::Error;
    /// No limit where one was wanted.
    fn no_limit(&mut self) -> Self::Error;
}

/// Reads `depth <n>`, `movetime <ms>` and `nodes <n>`, each at most once and in any order, up to
/// the first word that is none of them (left for the caller); at least one of them. A movetime
/// is whole milliseconds: reading floats would add kilobytes to the page's wasm.
pub fn read<W: Words>(words: &mut W) -> Result<Limits, W::Error> {
    let mut limits = Limits::default();
    loop {
        let repeated = if words.accept("depth") {
            limits.depth.replace(words.value(Limit::Depth)?).is_some().then_some(Limit::Depth)
        } else if words.accept("movetime") {
            let ms = words.value::<u64>(Limit::Movetime)? as f64;
            limits.movetime_ms.replace(ms).is_some().then_some(Limit::Movetime)
        } else if words.accept("nodes") {
            limits.nodes.replace(words.value(Limit::Nodes)?).is_some().then_some(Limit::Nodes)
        } else if limits == Limits::default() {
            return Err(words.no_limit());
        } else {
            return Ok(limits);
        };
        if let Some(limit) = repeated {
            return Err(words.repeated(limit));
        }
    }
}

/// Writes each limit set as ` <limit> <value>`, in the order depth, movetime, nodes; a movetime
/// in whole milliseconds.
pub fn write(line: &mut String, limits: &Limits) {
    if let Some(depth) = limits.depth {
        let _ = write!(line, " depth {depth}");
    }
    if let Some(ms) = limits.movetime_ms {
        let _ = write!(line, " movetime {}", ms.round() as u64);
    }
    if let Some(nodes) = limits.nodes {
        let _ = write!(line, " nodes {nodes}");
    }
}

/// A whole number ≥ 0 that fits `T`: one reading of digits for every number of the protocol (a
/// smaller wasm).
pub fn whole<T: TryFrom<u64>>(text: &str) -> Option<T> {
    text.parse::<u64>().ok().and_then(|n| T::try_from(n).ok())
}
