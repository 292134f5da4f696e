//! The best few lines of a position (*multi-PV*, for the analysis board): at each depth of the
//! iterative deepening the root is searched for its best move, then again without the moves
//! already found, until as many lines as asked (or as there are legal moves) are found. Each line
//! is a first move, its score and the principal variation that follows it.
//!
//! With one line this is the plain search ([`Engine::search`]), node for node.

use super::limits::{Limits, MAX_DEPTH};
use super::score::Score;
use super::search::{Engine, is_forced};
use crate::rules::{Move, Position};
use std::num::NonZeroUsize;

/// One of the best lines: a first move, its score for the side to move, and the moves expected
/// after it (each legal in turn).
#[derive(Clone, Debug, PartialEq)]
pub struct Line {
    pub first: Move,
    pub score: Score,
    pub continuation: Vec<Move>,
}

impl Line {
    /// The whole line, its first move included.
    pub fn moves(&self) -> impl Iterator<Item = Move> + '_ {
        std::iter::once(self.first).chain(self.continuation.iter().copied())
    }
}

/// The best lines after a finished depth, best first.
#[derive(Clone, Debug, PartialEq)]
pub struct LinesInfo {
    pub depth: u32,
    pub nodes: u64,
    pub elapsed_ms: f64,
    pub lines: Vec<Line>,
}

impl Engine {
    /// Searches the `count` best lines of `position` (fewer when fewer moves are legal), reached
    /// after the positions in `earlier` (oldest first, for repetitions), until a limit is met or
    /// every line is a win or loss seen to its end; `on_lines` hears the lines of every finished
    /// depth. Returns those of the last finished depth: `None` when the game is over (or a limit
    /// stopped the first depth). An unfinished depth is dropped.
    ///
    /// ```
    /// use onitama_core::ai::{Engine, Limits, system_clock};
    /// use std::num::NonZeroUsize;
    /// let start = "bbBbb/5/5/5/rrRrr ox,boar horse,elephant crab r".parse().unwrap();
    /// let limits = Limits { depth: Some(3), ..Limits::default() };
    /// let three = NonZeroUsize::new(3).unwrap();
    /// let found = Engine::new(1, system_clock).search_lines(&start, &[], limits, three, &mut |_| {});
    /// let found = found.unwrap();
    /// assert_eq!((found.depth, found.lines.len()), (3, 3));
    /// assert!(found.lines.windows(2).all(|pair| pair[0].score.to_internal() >= pair[1].score.to_internal()));
    /// ```
    pub fn search_lines(
        &mut self,
        position: &Position,
        earlier: &[Position],
        limits: Limits,
        count: NonZeroUsize,
        on_lines: &mut dyn FnMut(&LinesInfo),
    ) -> Option<LinesInfo> {
        let root = self.begin(position, earlier, limits);
        let count = count.get().min(position.legal_moves().len());
        if count == 0 {
            return None;
        }
        let max_depth = limits.depth.unwrap_or(MAX_DEPTH).clamp(1, MAX_DEPTH);
        // Each line's last score, the centre of its next aspiration window.
        let mut previous = vec![0; count];
        let mut last = None;
        for depth in 1..=max_depth {
            let mut found: Vec<(i32, Vec<Move>)> = Vec::with_capacity(count);
            let mut excluded = Vec::with_capacity(count);
            for &centre in &previous {
                let Some(score) = self.search_root(position, root, depth, centre, &excluded) else {
                    return last;
                };
                let pv = legal_prefix(position, self.root_pv());
                // A finished search of the root always has a move that raised alpha.
                let Some(&first) = pv.first() else {
                    return last;
                };
                excluded.push(first);
                found.push((score, pv));
            }
            // Stable: equal scores keep the order they were found in.
            found.sort_by_key(|&(score, _)| std::cmp::Reverse(score));
            previous = found.iter().map(|&(score, _)| score).collect();
            let (nodes, elapsed_ms) = self.progress();
            let lines = found
                .into_iter()
                .map(|(score, pv)| Line {
                    first: pv[0],
                    score: Score::from_internal(score),
                    continuation: pv[1..].to_vec(),
                })
                .collect();
            let info = LinesInfo { depth, nodes, elapsed_ms, lines };
            on_lines(&info);
            last = Some(info);
            if previous.iter().all(|&score| is_forced(score, depth)) {
                break;
            }
        }
        last
    }
}

/// The moves of `pv` from `position` up to the first that is not legal where it is played.
fn legal_prefix(position: &Position, pv: impl Iterator<Item = Move>) -> Vec<Move> {
    let mut at = *position;
    let mut legal = Vec::new();
    for m in pv {
        match at.play(m) {
            Ok(next) if at.outcome().is_none() => {
                at = next;
                legal.push(m);
            }
            _ => break,
        }
    }
    legal
}
