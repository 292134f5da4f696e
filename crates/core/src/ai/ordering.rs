//! Move ordering: the table's move first, then captures, then killers (quiet moves that cut off
//! at the same ply), then the history of quiet moves.

use super::score::MAX_PLY;
use crate::rules::{ByColor, Color, Move, Position};

/// Quiet moves that caused a cut-off before rank just below captures and above history.
pub(super) const KILLER: i32 = 1 << 20;

/// What the search learned about quiet moves: killers for each ply, history for each side.
pub(super) struct MoveOrder {
    /// Off: only the table's move and captures rank first (to measure what the rest is worth).
    killers_and_history: bool,
    killers: [[Option<Move>; 2]; MAX_PLY],
    /// `[from][to]` for each side: up for a quiet move that cut off, down for one tried before a cut.
    history: ByColor<[[i32; 25]; 25]>,
}

impl MoveOrder {
    pub(super) fn new(killers_and_history: bool) -> MoveOrder {
        MoveOrder { killers_and_history, killers: [[None; 2]; MAX_PLY], history: ByColor::default() }
    }

    /// Forgets everything learned.
    pub(super) fn clear(&mut self) {
        self.history = ByColor::default();
        self.killers = [[None; 2]; MAX_PLY];
    }

    /// Before a new search: history fades, and the killers, found from another root, go.
    pub(super) fn new_search(&mut self) {
        self.history = self.history.map(|table| table.map(|row| row.map(|value| value / 8)));
        self.killers = [[None; 2]; MAX_PLY];
    }

    /// How early to try `m`: higher first.
    #[inline]
    pub(super) fn score(&self, position: &Position, m: Move, table_move: Option<Move>, ply: usize, us: Color) -> i32 {
        if Some(m) == table_move {
            return 1 << 24;
        }
        let Move::Step { from, to, .. } = m else {
            return 0;
        };
        if position.pieces(us.other()).contains(to) {
            return 1 << 22;
        }
        if !self.killers_and_history {
            return 0;
        }
        if self.killers[ply][0] == Some(m) {
            return KILLER + 1;
        }
        if self.killers[ply][1] == Some(m) {
            return KILLER;
        }
        self.history[us][from.index()][to.index()]
    }

    /// A quiet move searched before the one that cut: it ranks lower next time.
    pub(super) fn punish_quiet(&mut self, m: Move, us: Color, depth: i32) {
        if let Move::Step { from, to, .. } = m {
            let entry = &mut self.history[us][from.index()][to.index()];
            *entry = (*entry - depth * depth).max(-(KILLER - 1));
        }
    }

    pub(super) fn remember_quiet_cut(&mut self, m: Move, ply: usize, us: Color, depth: i32) {
        if self.killers[ply][0] != Some(m) {
            self.killers[ply][1] = self.killers[ply][0];
            self.killers[ply][0] = Some(m);
        }
        if let Move::Step { from, to, .. } = m {
            let entry = &mut self.history[us][from.index()][to.index()];
            *entry = (*entry + depth * depth).min(KILLER - 1);
        }
    }
}

/// Brings the best-scored of `moves[index..]` to `index` (a selection sort, one step at a time:
/// a cut-off usually comes before the list is sorted).
pub(super) fn pick_next(moves: &mut [Move], order: &mut [i32], index: usize) -> Move {
    let mut best = index;
    for i in index + 1..moves.len() {
        if order[i] > order[best] {
            best = i;
        }
    }
    moves.swap(index, best);
    order.swap(index, best);
    moves[index]
}

#[cfg(test)]
mod tests {
    use crate::ai::{Engine, Limits, Options};
    use crate::rules::{Color, Position};

    fn clock() -> f64 {
        0.0
    }

    #[test]
    fn quiet_moves_tried_before_a_cut_lose_history() {
        let position: Position = "bbBbb/5/5/5/rrRrr crab,dragon tiger,ox boar r".parse().unwrap();
        let search = |options: Options| {
            let mut engine = Engine::with_options(1, clock, options);
            engine.search(&position, &[], Limits { depth: Some(6), ..Limits::default() }, &mut |_| {});
            let history = &engine.order.history;
            Color::ALL.into_iter().flat_map(|color| history[color].into_iter().flatten()).collect::<Vec<i32>>()
        };
        let history = search(Options::default());
        assert!(history.iter().any(|&h| h < 0), "no quiet move lost history");
        assert!(history.iter().any(|&h| h > 0), "no quiet move gained history");
        let off = search(Options { killers_and_history: false, ..Options::default() });
        assert!(off.iter().all(|&h| h == 0));
    }
}
