//! The transposition table: a fixed number of slots, replaced by depth and age.

use crate::rules::{Card, Move, Square};

/// What a stored score means relative to the search window.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Bound {
    Exact,
    /// The true score is at least this (a beta cut-off).
    Lower,
    /// The true score is at most this (no move raised alpha).
    Upper,
}

#[derive(Clone, Copy, Default)]
struct Slot {
    key: u64,
    /// 0 = no move; otherwise the encoded move (see `encode`).
    mv: u16,
    score: i16,
    depth: i8,
    /// Bits 0–1 the bound, 2–6 the search generation, 7 set once written.
    flags: u8,
}

pub struct Entry {
    pub mv: Option<Move>,
    pub score: i32,
    pub depth: i32,
    pub bound: Bound,
}

pub struct Table {
    slots: Vec<Slot>,
    mask: usize,
    generation: u8,
}

const WRITTEN: u8 = 0x80;
const GENERATION_MASK: u8 = 0x1f;

fn generation_of(flags: u8) -> u8 {
    flags >> 2 & GENERATION_MASK
}

/// Bytes per slot, to size the table from a memory budget.
pub const SLOT_BYTES: usize = std::mem::size_of::<Slot>();

impl Table {
    /// A table of at most `megabytes` MiB (rounded down to a power of two of slots).
    pub fn new(megabytes: usize) -> Table {
        let wanted = (megabytes.max(1) << 20) / SLOT_BYTES;
        let slots = 1usize << (usize::BITS - 1 - wanted.leading_zeros());
        let mut table = Vec::with_capacity(slots);
        huge_pages(&mut table);
        table.resize(slots, Slot::default());
        Table { slots: table, mask: slots - 1, generation: 0 }
    }

    pub fn clear(&mut self) {
        self.slots.fill(Slot::default());
        self.generation = 0;
    }

    /// Called once per search: older entries are replaced first.
    pub fn new_search(&mut self) {
        self.generation = (self.generation + 1) & GENERATION_MASK;
    }

    pub fn probe(&self, key: u64) -> Option<Entry> {
        let slot = self.slots[key as usize & self.mask];
        if slot.key != key || slot.flags & WRITTEN == 0 {
            return None;
        }
        let bound = match slot.flags & 3 {
            0 => Bound::Exact,
            1 => Bound::Lower,
            _ => Bound::Upper,
        };
        Some(Entry { mv: decode(slot.mv), score: slot.score.into(), depth: slot.depth.into(), bound })
    }

    /// Asks the processor to start loading `key`'s slot, which will be probed soon: the probe
    /// is the search's main cache miss.
    #[inline]
    pub fn prefetch(&self, key: u64) {
        #[cfg(target_arch = "x86_64")]
        {
            use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
            let slot: *const Slot = &self.slots[key as usize & self.mask];
            // SAFETY: a prefetch is only a hint; it never faults, and `slot` points into the table.
            unsafe { _mm_prefetch::<_MM_HINT_T0>(slot.cast()) };
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = key;
    }

    pub fn store(&mut self, key: u64, mv: Option<Move>, score: i32, depth: i32, bound: Bound) {
        let index = key as usize & self.mask;
        let slot = &mut self.slots[index];
        let old_generation = generation_of(slot.flags) != self.generation;
        if slot.key == key || old_generation || depth >= i32::from(slot.depth) {
            let kept_move = if mv.is_none() && slot.key == key { slot.mv } else { mv.map_or(0, encode) };
            let bound = match bound {
                Bound::Exact => 0,
                Bound::Lower => 1,
                Bound::Upper => 2,
            };
            *slot = Slot {
                key,
                mv: kept_move,
                score: score.clamp(i16::MIN.into(), i16::MAX.into()) as i16,
                depth: depth.clamp(0, 127) as i8,
                flags: WRITTEN | self.generation << 2 | bound,
            };
        }
    }
}

/// Asks Linux to back the table's memory with huge pages (2 MiB) before it is first touched: a
/// probe then still misses the cache but seldom the TLB as well. About a tenth less CPU time a
/// node with the CLI's 64 MiB table (docs/performance.md). Only advice: where the kernel gives no
/// huge pages, nothing changes.
#[cfg(target_os = "linux")]
fn huge_pages(table: &mut Vec<Slot>) {
    const PAGE: usize = 4096;
    let start = table.as_mut_ptr() as usize;
    let end = start + table.capacity() * SLOT_BYTES;
    let aligned = start.next_multiple_of(PAGE);
    if end > aligned {
        // SAFETY: the range lies within the vector's own allocation, and the advice changes no
        // contents (its result is ignored: without huge pages the table works the same).
        unsafe { libc::madvise(aligned as *mut libc::c_void, (end - aligned) / PAGE * PAGE, libc::MADV_HUGEPAGE) };
    }
}

#[cfg(not(target_os = "linux"))]
fn huge_pages(_: &mut Vec<Slot>) {}

/// A move in 16 bits: card (6 bits), from, to (5 bits each). A step never has `from == to`, so
/// 0 (tiger a1a1) marks no move and the unused square 31 twice marks a pass.
fn encode(m: Move) -> u16 {
    match m {
        Move::Step { card, from, to } => (card.index() as u16) << 10 | (from.index() as u16) << 5 | to.index() as u16,
        Move::Pass { card } => (card.index() as u16) << 10 | PASS,
    }
}

const PASS: u16 = 31 << 5 | 31;

fn decode(code: u16) -> Option<Move> {
    let card = Card::from_index(usize::from(code >> 10))?;
    if code & PASS == PASS {
        return Some(Move::Pass { card });
    }
    let from = Square::from_index(usize::from(code >> 5 & 31))?;
    let to = Square::from_index(usize::from(code & 31))?;
    (from != to).then_some(Move::Step { card, from, to })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_move_of_every_card_round_trips() {
        let mut moves: Vec<Move> = Card::ALL.into_iter().map(|card| Move::Pass { card }).collect();
        for card in Card::ALL {
            for from in Square::all() {
                for to in Square::all().filter(|&to| to != from) {
                    moves.push(Move::Step { card, from, to });
                }
            }
        }
        let mut codes = std::collections::HashSet::new();
        for m in moves {
            let code = encode(m);
            assert_ne!(code, 0, "{m} is stored as no move");
            assert!(codes.insert(code), "{m} shares its code");
            assert_eq!(decode(code), Some(m));
        }
        assert_eq!(decode(0), None);
    }

    #[test]
    fn a_stored_move_of_an_expansion_card_comes_back() {
        let mut table = Table::new(1);
        let m: Move = "sea-snake:c1e1".parse().unwrap();
        table.store(42, Some(m), 7, 3, Bound::Lower);
        assert_eq!(table.probe(42).unwrap().mv, Some(m));
        table.store(43, Some(Move::Pass { card: Card::Goat }), 0, 1, Bound::Exact);
        assert_eq!(table.probe(43).unwrap().mv, Some(Move::Pass { card: Card::Goat }));
        assert_eq!(SLOT_BYTES, 16);
    }
}
