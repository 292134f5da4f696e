//! The solver, the usual retrograde analysis: every position counts its moves that stay in its
//! material; its captures are looked up in the smaller tables and immediate wins found. Then,
//! ply by ply, the positions settled at `n` plies are taken back one move (un-moves, passes
//! included): a predecessor of a loss in `n` is a win in `n + 1`, and a predecessor whose moves
//! all lead to wins of the opponent is lost in one more ply than the longest of them. What is left
//! when nothing more settles is drawn.

use super::Tablebase;
use super::index::{DRAW, Material, NONE, State, TEMPLE, Table};

/// The longest distance a byte holds (255 is `NONE`).
const LONGEST: u32 = 254;

/// What a move leads to.
enum Next {
    /// It wins at once.
    Win,
    /// A position of the same material.
    Same(#[cfg_attr(not(test), allow(dead_code))] State),
    /// A student was taken: a position of a smaller material.
    Capture(State),
}

impl Tablebase {
    /// Calls `each` with every move of a position (of the table) and what it leads to; stops
    /// early at a winning move.
    #[inline]
    fn moves(&self, state: &State, mut each: impl FnMut(Next)) {
        let cards = &self.cards;
        let us = state.to_move;
        let them = 1 - us;
        let own = state.pieces(us);
        let master = state.masters[us];
        let enemy_master = 1 << state.masters[them];
        let temple = 1 << TEMPLE[them];
        let hand = cards.hands[state.placement][us];
        let mut jumped = false;
        for slot in 0..5 {
            if hand & 1 << slot == 0 {
                continue;
            }
            let after = cards.after[state.placement][slot] as usize;
            let mut pieces = own;
            while pieces != 0 {
                let from = pieces.trailing_zeros();
                pieces &= pieces - 1;
                let reach = cards.targets[us][slot][from as usize] & !own;
                if reach == 0 {
                    continue;
                }
                jumped = true;
                let winning = if from == master { enemy_master | temple } else { enemy_master };
                if reach & winning != 0 {
                    each(Next::Win);
                    return;
                }
                let mut squares = reach;
                while squares != 0 {
                    let to = squares.trailing_zeros();
                    squares &= squares - 1;
                    let mut next = *state;
                    if from == master {
                        next.masters[us] = to;
                    } else {
                        next.students[us] ^= 1 << from | 1 << to;
                    }
                    next.placement = after;
                    next.to_move = them;
                    if next.students[them] & 1 << to != 0 {
                        next.students[them] &= !(1 << to);
                        each(Next::Capture(next));
                    } else {
                        each(Next::Same(next));
                    }
                }
            }
        }
        if !jumped {
            for slot in 0..5 {
                if hand & 1 << slot != 0 {
                    let mut next = *state;
                    next.placement = cards.after[state.placement][slot] as usize;
                    next.to_move = them;
                    each(Next::Same(next));
                }
            }
        }
    }

    /// Whether the side to move has a jump.
    fn can_jump(&self, state: &State) -> bool {
        let us = state.to_move;
        let own = state.pieces(us);
        let hand = self.cards.hands[state.placement][us];
        (0..5).filter(|slot| hand & 1 << slot != 0).any(|slot| {
            let mut pieces = own;
            while pieces != 0 {
                let from = pieces.trailing_zeros();
                pieces &= pieces - 1;
                if self.cards.targets[us][slot][from as usize] & !own != 0 {
                    return true;
                }
            }
            false
        })
    }

    /// Calls `each` with every position of the same material (of the table) from which a move
    /// without capture leads to `state`: each (predecessor, move) pair once.
    #[inline]
    fn unmoves(&self, state: &State, mut each: impl FnMut(State)) {
        let cards = &self.cards;
        let mover = 1 - state.to_move;
        let used = cards.side[state.placement] as usize;
        let occupied = state.occupied();
        let hand = cards.hands[state.placement][mover];
        for kept in 0..5 {
            if hand & 1 << kept == 0 {
                continue;
            }
            let placement = cards.before(state.placement, mover, kept);
            let mut back = *state;
            back.placement = placement;
            back.to_move = mover;
            // A pass: the board as it is, when the mover had no jump.
            if !self.can_jump(&back) {
                each(back);
            }
            let mut pieces = state.pieces(mover);
            while pieces != 0 {
                let to = pieces.trailing_zeros();
                pieces &= pieces - 1;
                let mut froms = cards.sources[mover][used][to as usize] & !occupied;
                while froms != 0 {
                    let from = froms.trailing_zeros();
                    froms &= froms - 1;
                    let mut previous = back;
                    if to == state.masters[mover] {
                        // A master on the enemy temple had already won.
                        if from == TEMPLE[state.to_move] {
                            continue;
                        }
                        previous.masters[mover] = from;
                    } else {
                        previous.students[mover] ^= 1 << from | 1 << to;
                    }
                    each(previous);
                }
            }
        }
    }

    fn table(&self, material: Material) -> &Table {
        self.tables
            .iter()
            .find(|t| t.material == material)
            .unwrap_or_else(|| unreachable!("a capture's table is built before"))
    }

    /// Solves one material, the smaller ones being built.
    pub(super) fn solve(&self, material: Material) -> Table {
        let mut table = Table::new(material);
        let size = table.size();
        // Per position, side by side so that one look at a predecessor touches one cache line:
        // its value (settled or not), its moves in the material not yet known to lose (a draw
        // among its captures counts as one that never will), the shortest win its captures give
        // (0: none) and the longest loss they force (0: none).
        let mut cells = vec![Cell::default(); size];
        let smaller = [
            (material.blue > 0).then(|| self.table(Material { blue: material.blue - 1, ..material })),
            (material.red > 0).then(|| self.table(Material { red: material.red - 1, ..material })),
        ];
        let mut pending = 0u32;
        for (index, cell) in cells.iter_mut().enumerate() {
            let state = table.state(index);
            if !state.is_position() {
                cell.value = NONE;
                continue;
            }
            let (mut count, mut win, mut loss, mut won) = (0u32, u32::MAX, 0u32, false);
            self.moves(&state, |next| match next {
                Next::Win => won = true,
                Next::Same(_) => count += 1,
                Next::Capture(next) => {
                    // Red captures: Blue has a student less.
                    let smaller = smaller[state.to_move].unwrap_or_else(|| unreachable!("a capture needs a student"));
                    match smaller.values[smaller.index(&next)] {
                        DRAW => count += 1,
                        n if n % 2 == 0 => win = win.min(u32::from(n) + 1),
                        n => loss = loss.max(u32::from(n) + 1),
                    }
                }
            });
            if won {
                cell.value = 1;
                continue;
            }
            assert!(win.min(loss) <= LONGEST, "{material}: a distance beyond {LONGEST} plies");
            cell.open = count as u8;
            if win != u32::MAX {
                cell.capture_win = win as u8;
                pending = pending.max(win);
            } else {
                cell.capture_loss = loss as u8;
                pending = pending.max(loss);
            }
        }
        let mut n = 1u32;
        loop {
            assert!(n < LONGEST, "{material}: a distance beyond {LONGEST} plies");
            let level = n as u8;
            let mut settled = 0u64;
            for index in 0..size {
                let cell = cells[index];
                if cell.value == DRAW {
                    // Settled now by its captures alone: a win, or a loss once every move in
                    // the material is known to lose.
                    let now = if n % 2 == 1 {
                        cell.capture_win == level
                    } else {
                        cell.capture_win == 0 && cell.open == 0 && cell.capture_loss == level
                    };
                    if !now {
                        continue;
                    }
                    cells[index].value = level;
                } else if cell.value != level {
                    continue;
                }
                settled += 1;
                let state = table.state(index);
                self.unmoves(&state, |previous| {
                    let cell = &mut cells[table.index(&previous)];
                    if cell.value != DRAW {
                        return;
                    }
                    if n.is_multiple_of(2) {
                        cell.value = level + 1;
                    } else {
                        cell.open -= 1;
                        if cell.open == 0 && cell.capture_win == 0 && u32::from(cell.capture_loss) <= n + 1 {
                            cell.value = level + 1;
                        }
                    }
                });
            }
            if settled == 0 && n >= pending {
                break;
            }
            n += 1;
        }
        table.values = cells.iter().map(|cell| cell.value).collect();
        table
    }

    /// The table of a material from its colour mirror's, built before: the same values, each
    /// at its mirror position.
    pub(super) fn mirror(&self, material: Material, mirror: &Table) -> Table {
        let mut table = Table::new(material);
        table.values = (0..table.size())
            .map(|index| {
                let state = table.state(index);
                if state.is_position() { mirror.values[mirror.index(&self.cards.mirror(&state))] } else { NONE }
            })
            .collect();
        table
    }
}

/// A position being solved.
#[derive(Clone, Copy, Default)]
struct Cell {
    value: u8,
    open: u8,
    capture_win: u8,
    capture_loss: u8,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::endgame::deal_of;
    use crate::rules::{Position, SplitMix64};

    fn tables() -> Tablebase {
        let p: Position = "bbBbb/5/5/5/rrRrr ox,boar horse,elephant crab r".parse().unwrap();
        Tablebase::build(&deal_of(&p), 3)
    }

    /// The solver's moves are the rules' moves, and its un-moves take back exactly its moves
    /// that stay in the material.
    #[test]
    fn moves_and_unmoves_match_the_rules() {
        let tables = tables();
        let table = tables.table(Material { red: 1, blue: 0 });
        let mut dice = SplitMix64(5);
        for _ in 0..20_000 {
            let index = (dice.next_u64() % table.size() as u64) as usize;
            let state = table.state(index);
            assert_eq!(table.index(&state), index);
            if !state.is_position() {
                continue;
            }
            let position = tables.position(&state);
            let mut ours = Vec::new();
            let mut won = false;
            tables.moves(&state, |next| match next {
                Next::Win => won = true,
                Next::Same(next) | Next::Capture(next) => ours.push(tables.position(&next)),
            });
            assert_eq!(won, position.winning_move().is_some(), "{position}");
            if won {
                continue;
            }
            let mut rules: Vec<Position> = position.legal_moves().iter().map(|&m| position.play(m).unwrap()).collect();
            let key = |p: &Position| p.to_string();
            ours.sort_by_key(key);
            rules.sort_by_key(key);
            assert_eq!(ours, rules, "{position}");
            // Every move in the material is taken back once, from where it leads.
            tables.moves(&state, |next| {
                if let Next::Same(next) = next {
                    let mut found = 0;
                    tables.unmoves(&next, |previous| found += usize::from(previous == state));
                    assert_eq!(found, 1, "{position}");
                }
            });
            // Every un-move is a move (where the predecessor has no win at once: the solver
            // settles those first and stops listing at a winning move).
            tables.unmoves(&state, |previous| {
                let (mut found, mut won) = (0, false);
                tables.moves(&previous, |next| match next {
                    Next::Win => won = true,
                    next => found += usize::from(matches!(next, Next::Same(n) if n == state)),
                });
                assert!(won || found == 1, "{position}");
            });
        }
    }
}
