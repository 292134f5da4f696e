//! How a material's table numbers its positions: by the masters' squares (25 × 24), the red
//! students' squares as a combination of the 23 others, the blue students' as a combination of
//! what is left, the card placement (30) and the side to move (2): one byte a position (0 a draw,
//! an odd `n` a win in `n`, an even `n` a loss in `n`, 255 for what is no position: a finished
//! game, or the side to move's master on the enemy temple).

use crate::rules::{Color, Position};
use std::fmt;

pub(super) const DRAW: u8 = 0;
pub(super) const NONE: u8 = u8::MAX;
pub(super) const PLACEMENTS: usize = 30;

const fn binomials() -> [[u64; 9]; 26] {
    let mut table = [[0; 9]; 26];
    let mut n = 0;
    while n < 26 {
        table[n][0] = 1;
        let mut k = 1;
        while k < 9 {
            table[n][k] = if n == 0 { 0 } else { table[n - 1][k - 1] + table[n - 1][k] };
            k += 1;
        }
        n += 1;
    }
    table
}

/// `BINOMIAL[n][k]` = C(n, k).
static BINOMIAL: [[u64; 9]; 26] = binomials();

/// A material: both masters and this many students for each side.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct Material {
    pub red: u32,
    pub blue: u32,
}

impl Material {
    /// The material of a position (both masters are counted as present).
    pub fn of(position: &Position) -> Material {
        let students = |color| position.pieces(color).count() - position.masters(color).count();
        Material { red: students(Color::Red), blue: students(Color::Blue) }
    }

    /// Pieces on the board, both masters included.
    pub const fn pieces(self) -> u32 {
        self.red + self.blue + 2
    }

    /// Positions in its table, finished and impossible ones included: 25 × 24 masters' squares ×
    /// C(23, red) × C(23 − red, blue) × 30 card placements × 2 sides to move.
    pub fn table_size(self) -> u64 {
        let (red, blue) = (self.red as usize, self.blue as usize);
        600 * BINOMIAL[23][red] * BINOMIAL[23 - red][blue] * PLACEMENTS as u64 * 2
    }
}

/// In the position notation's letters: `Rrr-Bb` is Red's master and two students against Blue's
/// master and one student.
impl fmt::Display for Material {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "R{}-B{}", "r".repeat(self.red as usize), "b".repeat(self.blue as usize))
    }
}

/// A position inside the solver: squares as indices, students as 25-bit sets, colours as 0/1.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) struct State {
    pub(super) masters: [u32; 2],
    pub(super) students: [u32; 2],
    pub(super) placement: usize,
    pub(super) to_move: usize,
}

pub(super) const TEMPLE: [u32; 2] = [2, 22];

impl State {
    /// A finished game (the last mover's master on the temple of the side to move), or one no
    /// game reaches (the side to move's master on the enemy temple): not a position of the table.
    pub(super) fn is_position(&self) -> bool {
        let us = self.to_move;
        let them = 1 - us;
        self.masters[them] != TEMPLE[us] && self.masters[us] != TEMPLE[them]
    }

    pub(super) fn pieces(&self, color: usize) -> u32 {
        self.students[color] | 1 << self.masters[color]
    }

    pub(super) fn occupied(&self) -> u32 {
        self.pieces(0) | self.pieces(1)
    }
}

/// One material's table.
pub(super) struct Table {
    pub(super) material: Material,
    red_ranks: u32,
    blue_ranks: u32,
    /// The students' combinations in rank order, in compressed squares (the masters' squares,
    /// and for Blue's the red students' too, taken out).
    red_sets: Vec<u32>,
    blue_sets: Vec<u32>,
    pub(super) values: Vec<u8>,
}

/// `set` without the squares of `excluded`: the squares above each one move down by one.
#[inline]
fn compress(mut set: u32, excluded: u32) -> u32 {
    let mut bits = excluded;
    while bits != 0 {
        // Highest first, so that the lower squares keep their places.
        let square = 31 - bits.leading_zeros();
        bits ^= 1 << square;
        set = (set & ((1 << square) - 1)) | (set >> (square + 1)) << square;
    }
    set
}

/// The inverse of `compress`: a set of the squares not in `excluded`, from its compressed form.
#[inline]
fn expand(mut set: u32, excluded: u32) -> u32 {
    let mut bits = excluded;
    while bits != 0 {
        // Lowest first: each excluded square opens a gap at its place.
        let square = bits.trailing_zeros();
        bits &= bits - 1;
        set = (set & ((1 << square) - 1)) | (set >> square) << (square + 1);
    }
    set
}

/// The rank of a set of squares among the combinations of the squares not in `excluded`
/// (colexicographic order of the compressed squares).
#[inline]
fn rank(set: u32, excluded: u32) -> u32 {
    let (mut rank, mut bits, mut k) = (0, compress(set, excluded), 1);
    while bits != 0 {
        rank += BINOMIAL[bits.trailing_zeros() as usize][k] as u32;
        k += 1;
        bits &= bits - 1;
    }
    rank
}

/// Every combination of `k` of the squares `0..n`, as sets, in rank order.
fn combinations(n: usize, k: usize) -> Vec<u32> {
    let mut sets = Vec::with_capacity(BINOMIAL[n][k] as usize);
    // Colexicographic order: the next set of the same size is Gosper's hack.
    if k == 0 {
        sets.push(0);
        return sets;
    }
    let mut set: u32 = (1 << k) - 1;
    while set < 1 << n {
        sets.push(set);
        let low = set & set.wrapping_neg();
        let ripple = set + low;
        set = (((ripple ^ set) >> 2) / low) | ripple;
    }
    sets
}

impl Table {
    pub(super) fn new(material: Material) -> Table {
        let red = material.red as usize;
        let red_sets = combinations(23, red);
        let blue_sets = combinations(23 - red, material.blue as usize);
        let (red_ranks, blue_ranks) = (red_sets.len() as u32, blue_sets.len() as u32);
        Table { material, red_ranks, blue_ranks, red_sets, blue_sets, values: Vec::new() }
    }

    pub(super) fn size(&self) -> usize {
        600 * self.red_ranks as usize * self.blue_ranks as usize * PLACEMENTS * 2
    }

    #[inline]
    pub(super) fn index(&self, state: &State) -> usize {
        let [red, blue] = state.masters;
        let masters = red * 24 + if blue > red { blue - 1 } else { blue };
        let excluded = 1 << red | 1 << blue;
        let red_rank = rank(state.students[0], excluded);
        let blue_rank = rank(state.students[1], excluded | state.students[0]);
        let board = (masters * self.red_ranks + red_rank) as usize * self.blue_ranks as usize + blue_rank as usize;
        (board * PLACEMENTS + state.placement) * 2 + state.to_move
    }

    #[inline]
    pub(super) fn state(&self, index: usize) -> State {
        let to_move = index % 2;
        let placement = index / 2 % PLACEMENTS;
        let board = index / 2 / PLACEMENTS;
        let blue_rank = board % self.blue_ranks as usize;
        let rest = (board / self.blue_ranks as usize) as u32;
        let red_rank = rest % self.red_ranks;
        let masters = rest / self.red_ranks;
        let red = masters / 24;
        let blue = masters % 24;
        let blue = if blue >= red { blue + 1 } else { blue };
        let excluded = 1 << red | 1 << blue;
        let red_students = expand(self.red_sets[red_rank as usize], excluded);
        let blue_students = expand(self.blue_sets[blue_rank], excluded | red_students);
        State { masters: [red, blue], students: [red_students, blue_students], placement, to_move }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::SplitMix64;

    #[test]
    fn ranks_and_sets_round_trip() {
        let table = Table::new(Material { red: 2, blue: 2 });
        let mut dice = SplitMix64(9);
        for _ in 0..10_000 {
            let index = (dice.next_u64() % table.size() as u64) as usize;
            assert_eq!(table.index(&table.state(index)), index);
        }
        assert_eq!(Material { red: 2, blue: 2 }.table_size(), table.size() as u64);
    }
}
