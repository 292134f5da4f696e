//! The deal's five cards as the solver reads them: the 30 ways they lie, how a card played
//! changes that, and the squares each card reaches from every square and to it.

use super::index::{NONE, PLACEMENTS, State};
use crate::rules::{Bitboard, Card, Color, Deal, Square};

/// The five cards, their 30 placements and the squares they reach, by slot (0–4, table order).
pub(super) struct Cards {
    pub(super) cards: [Card; 5],
    /// Each placement's hands (5-bit masks of slots, Red then Blue) and side card slot.
    pub(super) hands: [[u8; 2]; PLACEMENTS],
    pub(super) side: [u8; PLACEMENTS],
    /// `lookup[red hand][blue hand]`: the placement; 255 for no placement.
    pub(super) lookup: [[u8; 32]; 32],
    /// `after[placement][slot]`: the placement once the holder of `slot` has played it.
    pub(super) after: [[u8; 5]; PLACEMENTS],
    /// `targets[color][slot][square]`: where a piece of `color` jumps with the card.
    pub(super) targets: [[[u32; 25]; 5]; 2],
    /// `sources[color][slot][square]`: from where a piece of `color` jumps here with the card.
    pub(super) sources: [[[u32; 25]; 5]; 2],
}

impl Cards {
    pub(super) fn new(deal: &Deal) -> Cards {
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

    pub(super) fn slot(&self, card: Card) -> Option<u8> {
        self.cards.iter().position(|&c| c == card).map(|slot| slot as u8)
    }

    /// The placement before `mover` played the card now beside the board, keeping `kept`.
    #[inline]
    pub(super) fn before(&self, placement: usize, mover: usize, kept: u32) -> usize {
        let mut hands = self.hands[placement];
        let own = hands[mover];
        hands[mover] = 1 << kept | 1 << self.side[placement];
        let side_mask = own & !(1 << kept);
        debug_assert_eq!(side_mask.count_ones(), 1);
        self.lookup[hands[0] as usize][hands[1] as usize] as usize
    }

    /// The same position with the colours swapped: the board turned round, the hands exchanged.
    pub(super) fn mirror(&self, state: &State) -> State {
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
