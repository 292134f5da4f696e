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
//! The solver (`solver`) is the usual retrograde analysis; `index` numbers a material's
//! positions, one byte each; `cards` holds the deal's cards as the solver reads them.
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

use crate::rules::{Bitboard, Card, Color, Deal, Piece, Position, Role, Setup};
use std::fmt;

mod cards;
mod index;
mod solver;

use cards::Cards;
use index::{DRAW, NONE, State, Table};

pub use index::Material;

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
