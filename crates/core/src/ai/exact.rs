//! Playing from the exact endgame tables: the move a perfect player makes, and the tables of the
//! deal in play kept between moves.
//!
//! - From a win in N, a move to a loss in N − 1 for the opponent (the winning move itself when
//!   N = 1): the shortest way home.
//! - From a draw, a move that keeps the draw.
//! - From a loss in N, a move to a win in N − 1 for the opponent: the longest resistance, so that
//!   the opponent has to find every move.
//!
//! Among equal moves the first in [`Position::legal_moves`]' order is played, so the same position
//! always gets the same move.
//!
//! ```
//! use onitama_core::ai::endgame::{Exact, Tablebase, deal_of};
//! use onitama_core::rules::Position;
//! // Blue to move takes Red's student first (crab c4c3) and wins in 3.
//! let p: Position = "5/2B2/2r2/5/R4 ox,boar crab,tiger horse b".parse().unwrap();
//! let tables = Tablebase::build(&deal_of(&p), 3);
//! let (best, value) = tables.best_move(&p, &[]).unwrap();
//! assert_eq!((best.to_string().as_str(), value), ("crab:c4c3", Exact::Win(3)));
//! ```

use super::endgame::{Exact, MAX_PIECES, Material, Tablebase, deal_of};
use crate::rules::{Move, Position};
use std::fmt;

/// How good a value is for the side to move: the higher the better (a win sooner, a loss later).
fn preference(exact: Exact) -> (u8, i64) {
    match exact {
        Exact::Win(n) => (2, -i64::from(n)),
        Exact::Draw => (1, 0),
        Exact::Loss(n) => (0, i64::from(n)),
    }
}

impl Tablebase {
    /// The value of playing `m` in `position`, for the side that plays it: a win in 1 for a move
    /// that wins at once, else the value after it seen one ply earlier. `None` when the position
    /// after it is not in these tables.
    pub fn value_of_move(&self, position: &Position, m: Move) -> Option<Exact> {
        if position.is_winning(m) {
            return Some(Exact::Win(1));
        }
        self.probe(&position.play(m).ok()?).map(Exact::before)
    }

    /// The move a perfect player makes in `position` (reached after `earlier`, oldest first) and
    /// its value for the side to move: the shortest win, a draw kept, or the longest loss; ties go
    /// to the first legal move. A move that would make a position occur for the third time draws
    /// the game there, and counts as a draw. `None` when the position is not in these tables (too
    /// many pieces, other cards, a finished game).
    pub fn best_move(&self, position: &Position, earlier: &[Position]) -> Option<(Move, Exact)> {
        self.ranked_moves(position, earlier)?.into_iter().next()
    }

    /// Every legal move of `position` with its value for the side to move, the best first (as
    /// [`Tablebase::best_move`] judges them; equal moves in legal order). `None` when the position
    /// is not in these tables.
    pub fn ranked_moves(&self, position: &Position, earlier: &[Position]) -> Option<Vec<(Move, Exact)>> {
        self.probe(position)?;
        let mut ranked = Vec::new();
        for &m in position.legal_moves().iter() {
            let Some(mut value) = self.value_of_move(position, m) else { continue };
            if value != Exact::Win(1) && !earlier.is_empty() {
                let Ok(next) = position.play(m) else { continue };
                let seen = earlier.iter().chain([position]).filter(|p| **p == next).count();
                if seen >= 2 {
                    value = Exact::Draw;
                }
            }
            ranked.push((m, value));
        }
        // A stable sort: among equal moves the first legal one stays first.
        ranked.sort_by_key(|&(_, value)| std::cmp::Reverse(preference(value)));
        (!ranked.is_empty()).then_some(ranked)
    }

    /// The `count` best moves of `position`, each followed by perfect play on both sides for at
    /// most `plies` plies in all (fewer once the game ends), with its value.
    pub fn lines(
        &self,
        position: &Position,
        earlier: &[Position],
        count: usize,
        plies: usize,
    ) -> Option<Vec<ExactLine>> {
        let ranked = self.ranked_moves(position, earlier)?;
        let lines = ranked.into_iter().take(count).map(|(first, value)| {
            let mut seen: Vec<Position> = earlier.iter().copied().chain([*position]).collect();
            let mut moves = vec![first];
            let mut at = position.play(first).ok();
            while let Some(here) = at.filter(|p| p.outcome().is_none() && moves.len() < plies) {
                let Some((m, _)) = self.best_move(&here, &seen) else { break };
                seen.push(here);
                moves.push(m);
                at = here.play(m).ok();
            }
            ExactLine { value, moves }
        });
        Some(lines.collect())
    }
}

/// A line of perfect play from a position, and its value for the side to move there.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExactLine {
    pub value: Exact,
    pub moves: Vec<Move>,
}

/// Why the tables give no exact value for a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Uncovered {
    /// The game is over in the position: no move to make.
    GameOver,
    /// More pieces (both masters included) than the tables are built for.
    TooManyPieces { pieces: u32, limit: u32 },
}

impl fmt::Display for Uncovered {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Uncovered::GameOver => f.write_str("the game is over"),
            Uncovered::TooManyPieces { pieces, limit } => {
                write!(f, "the position has {pieces} pieces, more than {limit} (both masters included)")
            }
        }
    }
}

/// The tables of one deal at a time, built as positions need them and kept while the deal stays
/// the same: a position asks for its material's table and the smaller ones; a new deal drops the
/// old tables first.
#[derive(Default)]
pub struct TableCache {
    tables: Option<Tablebase>,
}

impl TableCache {
    pub fn new() -> TableCache {
        TableCache::default()
    }

    /// The tables that cover `position`, built first if this deal or this material has none yet.
    /// Refused for a finished game or more than `limit` pieces (both masters included).
    pub fn tables_for(&mut self, position: &Position, limit: u32) -> Result<&Tablebase, Uncovered> {
        if position.outcome().is_some() {
            return Err(Uncovered::GameOver);
        }
        let material = Material::of(position);
        if material.pieces() > limit.min(MAX_PIECES) {
            return Err(Uncovered::TooManyPieces { pieces: material.pieces(), limit });
        }
        let deal = deal_of(position);
        let mut cards = deal.cards();
        cards.sort();
        // Another deal's tables go first; a new material of the same deal is built beside the ones held.
        if self.tables.as_ref().is_some_and(|t| t.cards() != cards) {
            self.tables = None;
        }
        let tables = self.tables.get_or_insert_with(|| Tablebase::build_with(&deal, &[], &mut |_| {}));
        if !tables.materials().contains(&material) {
            tables.extend(&[material]);
        }
        Ok(tables)
    }

    /// The position's exact value and the best move, building the tables it needs (see
    /// [`TableCache::tables_for`] and [`Tablebase::best_move`]).
    pub fn best_move(
        &mut self,
        position: &Position,
        earlier: &[Position],
        limit: u32,
    ) -> Result<(Move, Exact), Uncovered> {
        let tables = self.tables_for(position, limit)?;
        Ok(tables.best_move(position, earlier).unwrap_or_else(|| unreachable!("a covered position has a move")))
    }

    /// The `count` best lines of the position (see [`Tablebase::lines`]), building the tables it
    /// needs.
    pub fn lines(
        &mut self,
        position: &Position,
        earlier: &[Position],
        limit: u32,
        (count, plies): (usize, usize),
    ) -> Result<Vec<ExactLine>, Uncovered> {
        let tables = self.tables_for(position, limit)?;
        Ok(tables
            .lines(position, earlier, count, plies)
            .unwrap_or_else(|| unreachable!("a covered position has a move")))
    }

    /// The materials held, for the deal whose tables are kept (none before the first position).
    pub fn materials(&self) -> Vec<Material> {
        self.tables.as_ref().map(Tablebase::materials).unwrap_or_default()
    }

    /// Bytes the tables hold.
    pub fn memory_bytes(&self) -> usize {
        self.tables.as_ref().map_or(0, Tablebase::memory_bytes)
    }
}
