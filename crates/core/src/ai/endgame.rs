//! Exact endgames: a retrograde solver for one deal (five cards) and few pieces.
//!
//! A [`Tablebase`] holds, for one deal and every material up to a number of pieces (both masters
//! always on the board, and up to four students a side), the exact value of every position: every
//! placement of the pieces, every way the five cards can lie (which two each side holds and the
//! side card: 30 placements) and either side to move. A value is [`Exact::Win`] or
//! [`Exact::Loss`] in a number of plies for the side to move, or [`Exact::Draw`]: neither side
//! can force a win.
//!
//! - A win in 1 is a move that wins at once (takes the enemy master, or puts the mover's master
//!   on the enemy temple); a finished game is not a position of the table.
//! - A side with no jump passes with either card (rules.md), as the move generator does.
//! - Repetition is ignored: a position that neither side can force to a win is a draw, however
//!   play repeats; the distances are those of best play, which never repeats.
//! - A capture of a student leads to a smaller material, solved first; tables are built from the
//!   fewest students up.
//!
//! The solver is the usual retrograde analysis: every position counts its moves that stay in its
//! material; its captures are looked up in the smaller tables and immediate wins found. Then,
//! ply by ply, the positions settled at `n` plies are taken back one move (un-moves, passes
//! included): a predecessor of a loss in `n` is a win in `n + 1`, and a predecessor whose moves
//! all lead to wins of the opponent is lost in one more ply than the longest of them. What is left
//! when nothing more settles is drawn.
//!
//! Indexing: a material's positions are numbered by the masters' squares (25 × 24), the red
//! students' squares as a combination of the 23 others, the blue students' as a combination of
//! what is left, the card placement (30) and the side to move (2): one byte a position (0 a draw,
//! an odd `n` a win in `n`, an even `n` a loss in `n`, 255 for what is no position: a finished
//! game, or the side to move's master on the enemy temple).
//!
//! ```
//! use onitama_core::ai::endgame::{Exact, Tablebase};
//! use onitama_core::rules::Position;
//! // Red's student on c3 takes Blue's master on c4.
//! let p: Position = "5/2B2/2r2/5/R4 ox,boar crab,tiger horse r".parse().unwrap();
//! let table = Tablebase::for_position(&p).unwrap();
//! assert_eq!(table.probe(&p), Some(Exact::Win(1)));
//! assert_eq!(Exact::Win(1).to_string(), "win in 1");
//! ```

use crate::rules::{Bitboard, Card, Color, Deal, Piece, Position, Role, Setup, Square};
use std::fmt;

/// The most pieces a table may have (both masters included): the distances are kept in a byte.
pub const MAX_PIECES: u32 = 8;

/// The exact value of a position for the side to move.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Exact {
    /// The side to move wins with its move in this many plies (odd: the last ply is its own).
    Win(u32),
    /// The opponent wins with its move in this many plies (even), however the side to move plays.
    Loss(u32),
    /// Neither side can force a win.
    Draw,
}

impl Exact {
    fn from_byte(byte: u8) -> Option<Exact> {
        match byte {
            DRAW => Some(Exact::Draw),
            NONE => None,
            n if n % 2 == 1 => Some(Exact::Win(u32::from(n))),
            n => Some(Exact::Loss(u32::from(n))),
        }
    }

    /// The same value seen from the other side one ply earlier: the value of a move that leads
    /// here. A win in `n` here is a loss in `n + 1` for whoever moved; a draw stays a draw.
    pub const fn before(self) -> Exact {
        match self {
            Exact::Win(n) => Exact::Loss(n + 1),
            Exact::Loss(n) => Exact::Win(n + 1),
            Exact::Draw => Exact::Draw,
        }
    }
}

/// `win in N`, `loss in N` (plies, for the side to move) or `draw`: the CLI's words.
impl fmt::Display for Exact {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Exact::Win(n) => write!(f, "win in {n}"),
            Exact::Loss(n) => write!(f, "loss in {n}"),
            Exact::Draw => f.write_str("draw"),
        }
    }
}

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

/// What one material's table holds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Counts {
    pub material: Material,
    /// Positions of the table: the index's size less finished and impossible positions.
    pub positions: u64,
    pub wins: u64,
    pub losses: u64,
    pub draws: u64,
    /// The longest win (plies) and the first position of it in the index's order.
    pub longest_win: Option<(u32, Position)>,
}

/// Exact values of every position of one deal, for every material up to some number of pieces.
pub struct Tablebase {
    cards: Box<Cards>,
    tables: Vec<Table>,
}

const DRAW: u8 = 0;
const NONE: u8 = u8::MAX;
/// The longest distance a byte holds (255 is `NONE`).
const LONGEST: u32 = 254;
const PLACEMENTS: usize = 30;

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

/// The five cards, their 30 placements and the squares they reach, by slot (0–4, table order).
struct Cards {
    cards: [Card; 5],
    /// Each placement's hands (5-bit masks of slots, Red then Blue) and side card slot.
    hands: [[u8; 2]; PLACEMENTS],
    side: [u8; PLACEMENTS],
    /// `lookup[red hand][blue hand]`: the placement; 255 for no placement.
    lookup: [[u8; 32]; 32],
    /// `after[placement][slot]`: the placement once the holder of `slot` has played it.
    after: [[u8; 5]; PLACEMENTS],
    /// `targets[color][slot][square]`: where a piece of `color` jumps with the card.
    targets: [[[u32; 25]; 5]; 2],
    /// `sources[color][slot][square]`: from where a piece of `color` jumps here with the card.
    sources: [[[u32; 25]; 5]; 2],
}

impl Cards {
    fn new(deal: &Deal) -> Cards {
        let mut cards = deal.cards();
        cards.sort();
        let mut hands = [[0; 2]; PLACEMENTS];
        let mut side = [0; PLACEMENTS];
        let mut lookup = [[NONE; 32]; 32];
        let mut count = 0;
        for red in 0..32u8 {
            for blue in 0..32u8 {
                if red.count_ones() == 2 && blue.count_ones() == 2 && red & blue == 0 {
                    hands[count] = [red, blue];
                    side[count] = (!(red | blue) & 31).trailing_zeros() as u8;
                    lookup[red as usize][blue as usize] = count as u8;
                    count += 1;
                }
            }
        }
        debug_assert_eq!(count, PLACEMENTS);
        let mut after = [[NONE; 5]; PLACEMENTS];
        for (p, after) in after.iter_mut().enumerate() {
            for (slot, after) in after.iter_mut().enumerate() {
                let [mut red, mut blue] = hands[p];
                let bit = 1 << slot;
                let side_bit = 1 << side[p];
                if red & bit != 0 {
                    red = red ^ bit | side_bit;
                } else if blue & bit != 0 {
                    blue = blue ^ bit | side_bit;
                } else {
                    continue;
                }
                *after = lookup[red as usize][blue as usize];
            }
        }
        let mut targets = [[[0; 25]; 5]; 2];
        let mut sources = [[[0; 25]; 5]; 2];
        for color in Color::ALL {
            for (slot, card) in cards.iter().enumerate() {
                for from in Square::all() {
                    let reach = card.targets(color, from).0;
                    targets[color.index()][slot][from.index()] = reach;
                    for to in Bitboard(reach) {
                        sources[color.index()][slot][to.index()] |= 1 << from.index();
                    }
                }
            }
        }
        Cards { cards, hands, side, lookup, after, targets, sources }
    }

    fn slot(&self, card: Card) -> Option<u8> {
        self.cards.iter().position(|&c| c == card).map(|slot| slot as u8)
    }

    /// The placement before `mover` played the card now beside the board, keeping `kept`.
    #[inline]
    fn before(&self, placement: usize, mover: usize, kept: u32) -> usize {
        let mut hands = self.hands[placement];
        let own = hands[mover];
        hands[mover] = 1 << kept | 1 << self.side[placement];
        let side_mask = own & !(1 << kept);
        debug_assert_eq!(side_mask.count_ones(), 1);
        self.lookup[hands[0] as usize][hands[1] as usize] as usize
    }

    /// The same position with the colours swapped: the board turned round, the hands exchanged.
    fn mirror(&self, state: &State) -> State {
        let turn = |set: u32| set.reverse_bits() >> 7;
        let [red, blue] = self.hands[state.placement];
        State {
            masters: [24 - state.masters[1], 24 - state.masters[0]],
            students: [turn(state.students[1]), turn(state.students[0])],
            placement: self.lookup[blue as usize][red as usize] as usize,
            to_move: 1 - state.to_move,
        }
    }
}

/// A position inside the solver: squares as indices, students as 25-bit sets, colours as 0/1.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct State {
    masters: [u32; 2],
    students: [u32; 2],
    placement: usize,
    to_move: usize,
}

const TEMPLE: [u32; 2] = [2, 22];

impl State {
    /// A finished game (the last mover's master on the temple of the side to move), or one no
    /// game reaches (the side to move's master on the enemy temple): not a position of the table.
    fn is_position(&self) -> bool {
        let us = self.to_move;
        let them = 1 - us;
        self.masters[them] != TEMPLE[us] && self.masters[us] != TEMPLE[them]
    }

    fn pieces(&self, color: usize) -> u32 {
        self.students[color] | 1 << self.masters[color]
    }

    fn occupied(&self) -> u32 {
        self.pieces(0) | self.pieces(1)
    }
}

/// One material's table.
struct Table {
    material: Material,
    red_ranks: u32,
    blue_ranks: u32,
    /// The students' combinations in rank order, in compressed squares (the masters' squares,
    /// and for Blue's the red students' too, taken out).
    red_sets: Vec<u32>,
    blue_sets: Vec<u32>,
    values: Vec<u8>,
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
    fn new(material: Material) -> Table {
        let red = material.red as usize;
        let red_sets = combinations(23, red);
        let blue_sets = combinations(23 - red, material.blue as usize);
        let (red_ranks, blue_ranks) = (red_sets.len() as u32, blue_sets.len() as u32);
        Table { material, red_ranks, blue_ranks, red_sets, blue_sets, values: Vec::new() }
    }

    fn size(&self) -> usize {
        600 * self.red_ranks as usize * self.blue_ranks as usize * PLACEMENTS * 2
    }

    #[inline]
    fn index(&self, state: &State) -> usize {
        let [red, blue] = state.masters;
        let masters = red * 24 + if blue > red { blue - 1 } else { blue };
        let excluded = 1 << red | 1 << blue;
        let red_rank = rank(state.students[0], excluded);
        let blue_rank = rank(state.students[1], excluded | state.students[0]);
        let board = (masters * self.red_ranks + red_rank) as usize * self.blue_ranks as usize + blue_rank as usize;
        (board * PLACEMENTS + state.placement) * 2 + state.to_move
    }

    #[inline]
    fn state(&self, index: usize) -> State {
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
    /// The tables of `deal`'s five cards (whoever holds them) for every material of up to
    /// `max_pieces` pieces, both masters included (2 to [`MAX_PIECES`]).
    pub fn build(deal: &Deal, max_pieces: u32) -> Tablebase {
        Tablebase::build_with(deal, &materials_up_to(max_pieces), &mut |_| {})
    }

    /// The tables of `deal`'s cards for these materials and every smaller one they capture down
    /// to; `done` hears each material's counts as its table is finished.
    pub fn build_with(deal: &Deal, materials: &[Material], done: &mut dyn FnMut(&Counts)) -> Tablebase {
        Tablebase::build_tables(deal, materials, true, done)
    }

    /// As [`Tablebase::build_with`], but every material solved on its own, none copied from its
    /// colour mirror: for checking that the colour swap gives the same values (twice as slow).
    pub fn build_solving_each(deal: &Deal, materials: &[Material]) -> Tablebase {
        Tablebase::build_tables(deal, materials, false, &mut |_| {})
    }

    fn build_tables(deal: &Deal, materials: &[Material], mirror_ok: bool, done: &mut dyn FnMut(&Counts)) -> Tablebase {
        let mut base = Tablebase { cards: Box::new(Cards::new(deal)), tables: Vec::new() };
        base.add(materials, mirror_ok, done);
        base
    }

    /// Adds the tables of these materials and every smaller one they capture down to, beside
    /// the ones held: only the missing ones are solved.
    pub fn extend(&mut self, materials: &[Material]) {
        self.add(materials, true, &mut |_| {});
    }

    fn add(&mut self, materials: &[Material], mirror_ok: bool, done: &mut dyn FnMut(&Counts)) {
        let mut needed: Vec<Material> = Vec::new();
        for m in materials {
            assert!(m.red <= 4 && m.blue <= 4, "a side has at most four students");
            assert!(m.pieces() <= MAX_PIECES, "at most {MAX_PIECES} pieces");
            for red in 0..=m.red {
                for blue in 0..=m.blue {
                    let smaller = Material { red, blue };
                    let held = self.tables.iter().any(|t| t.material == smaller);
                    if !held && !needed.contains(&smaller) {
                        needed.push(smaller);
                    }
                }
            }
        }
        // Fewest students first: a capture's table is always built before.
        needed.sort_by_key(|m| (m.red + m.blue, m.red));
        for material in needed {
            let mirrored = Material { red: material.blue, blue: material.red };
            let table = match self.tables.iter().find(|t| t.material == mirrored) {
                Some(mirror) if mirror_ok => self.mirror(material, mirror),
                _ => self.solve(material),
            };
            self.tables.push(table);
            done(&self.counts_of(self.tables.len() - 1));
        }
    }

    /// The tables a position needs: its deal's, for its material and the smaller ones. `None`
    /// for a finished game or more than [`MAX_PIECES`] pieces.
    pub fn for_position(position: &Position) -> Option<Tablebase> {
        let material = Material::of(position);
        if position.outcome().is_some() || material.pieces() > MAX_PIECES {
            return None;
        }
        Some(Tablebase::build_with(&deal_of(position), &[material], &mut |_| {}))
    }

    /// The five cards, in table order.
    pub fn cards(&self) -> [Card; 5] {
        self.cards.cards
    }

    /// The materials held, in the order they were built.
    pub fn materials(&self) -> Vec<Material> {
        self.tables.iter().map(|t| t.material).collect()
    }

    /// The exact value of a position for the side to move; `None` when its material has no table
    /// here, its cards are not this deal's, or the game is over.
    pub fn probe(&self, position: &Position) -> Option<Exact> {
        if position.outcome().is_some() {
            return None;
        }
        let material = Material::of(position);
        let table = self.tables.iter().find(|t| t.material == material)?;
        let state = self.state_of(position)?;
        Exact::from_byte(table.values[table.index(&state)])
    }

    /// The counts of every material's table, in the order they were built.
    pub fn counts(&self) -> Vec<Counts> {
        (0..self.tables.len()).map(|i| self.counts_of(i)).collect()
    }

    /// Bytes the tables hold (one a position).
    pub fn memory_bytes(&self) -> usize {
        self.tables.iter().map(|t| t.values.len()).sum::<usize>() + std::mem::size_of::<Cards>()
    }

    /// Every position of a material with its value, in the index's order (for checks).
    pub fn positions(&self, material: Material) -> impl Iterator<Item = (Position, Exact)> + '_ {
        let table = self.tables.iter().find(|t| t.material == material);
        table.into_iter().flat_map(move |table| {
            table.values.iter().enumerate().filter(|(_, v)| **v != NONE).map(move |(index, &value)| {
                let exact = Exact::from_byte(value).unwrap_or(Exact::Draw);
                (self.position(&table.state(index)), exact)
            })
        })
    }

    /// The `n`-th position of a material's table (modulo its size) and its value, `None` when that
    /// index is no position (a finished game): for sampling.
    pub fn nth(&self, material: Material, n: u64) -> Option<(Position, Exact)> {
        let table = self.tables.iter().find(|t| t.material == material)?;
        let index = (n % table.values.len() as u64) as usize;
        let exact = Exact::from_byte(table.values[index])?;
        Some((self.position(&table.state(index)), exact))
    }

    fn counts_of(&self, index: usize) -> Counts {
        let table = &self.tables[index];
        let mut counts =
            Counts { material: table.material, positions: 0, wins: 0, losses: 0, draws: 0, longest_win: None };
        let mut longest = (0, 0);
        let mut histogram = [0u64; 256];
        for &v in &table.values {
            histogram[v as usize] += 1;
        }
        for (v, &count) in histogram.iter().enumerate() {
            match v as u8 {
                NONE => {}
                DRAW => counts.draws += count,
                n if n % 2 == 1 => {
                    counts.wins += count;
                    if count > 0 {
                        longest.0 = n;
                    }
                }
                _ => counts.losses += count,
            }
        }
        counts.positions = counts.wins + counts.losses + counts.draws;
        if longest.0 > 0 {
            longest.1 = table.values.iter().position(|&v| v == longest.0).unwrap_or(0);
            counts.longest_win = Some((u32::from(longest.0), self.position(&table.state(longest.1))));
        }
        counts
    }

    fn position(&self, state: &State) -> Position {
        let mut board = [None; 25];
        for color in Color::ALL {
            let c = color.index();
            board[state.masters[c] as usize] = Some(Piece { color, role: Role::Master });
            for square in Bitboard(state.students[c]) {
                board[square.index()] = Some(Piece { color, role: Role::Student });
            }
        }
        let cards = &self.cards;
        let hand = |mask: u8| {
            let first = mask.trailing_zeros() as usize;
            let second = (mask & (mask - 1)).trailing_zeros() as usize;
            [cards.cards[first], cards.cards[second]]
        };
        let [red, blue] = cards.hands[state.placement];
        let to_move = if state.to_move == 0 { Color::Red } else { Color::Blue };
        let side = cards.cards[cards.side[state.placement] as usize];
        Position::try_from(Setup { board, red: hand(red), blue: hand(blue), side, to_move })
            .unwrap_or_else(|e| unreachable!("a table's position is valid: {e}"))
    }

    fn state_of(&self, position: &Position) -> Option<State> {
        let mut hands = [0u8; 2];
        for color in Color::ALL {
            for card in position.cards(color) {
                hands[color.index()] |= 1 << self.cards.slot(card)?;
            }
        }
        self.cards.slot(position.side_card())?;
        let placement = self.cards.lookup[hands[0] as usize][hands[1] as usize];
        if placement == NONE {
            return None;
        }
        let mut state = State { masters: [0; 2], students: [0; 2], placement: placement as usize, to_move: 0 };
        for color in Color::ALL {
            let c = color.index();
            state.masters[c] = position.master(color)?.index() as u32;
            state.students[c] = position.pieces(color).0 & !position.masters(color).0;
        }
        state.to_move = position.to_move().index();
        Some(state)
    }

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
    fn solve(&self, material: Material) -> Table {
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
    fn mirror(&self, material: Material, mirror: &Table) -> Table {
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

/// Every material of `max_pieces` pieces or fewer (both masters included, four students a side
/// at most), fewest first.
pub fn materials_up_to(max_pieces: u32) -> Vec<Material> {
    let mut materials = Vec::new();
    for students in 0..=max_pieces.saturating_sub(2) {
        for red in 0..=students.min(4) {
            let blue = students - red;
            if blue <= 4 {
                materials.push(Material { red, blue });
            }
        }
    }
    materials
}

/// The deal a position's five cards make (as Red, Red, Blue, Blue, side).
pub fn deal_of(position: &Position) -> Deal {
    let [a, b] = position.cards(Color::Red);
    let [c, d] = position.cards(Color::Blue);
    Deal::new([a, b, c, d, position.side_card()]).unwrap_or_else(|_| unreachable!("a position's cards differ"))
}

/// The exact value of one position: builds the tables of its deal for its material and the
/// smaller ones, and probes. `None` for a finished game or more than [`MAX_PIECES`] pieces.
pub fn solve(position: &Position) -> Option<Exact> {
    Tablebase::for_position(position)?.probe(position)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::SplitMix64;

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
