//! The static evaluation, in hundredths of a student, from the side to move's view.

use crate::rules::{Bitboard, Card, CardSet, Color, Position, Square};

/// The weights, kept together so that `match` can measure each term.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Weights {
    pub student: i32,
    /// Per reachable square with the current hand.
    pub mobility: i32,
    /// Per reachable square with the side card (the mover's next card).
    pub side_card_mobility: i32,
    /// Per step the master is closer to the enemy temple.
    pub master_advance: i32,
    /// Per enemy piece able to land on the master's square next turn.
    pub master_attacked: i32,
    /// Per own piece guarding the master's square.
    pub master_guarded: i32,
    pub centre: i32,
    pub tempo: i32,
}

pub const WEIGHTS: Weights = Weights {
    student: 100,
    mobility: 4,
    side_card_mobility: 2,
    master_advance: 6,
    master_attacked: 30,
    master_guarded: 8,
    centre: 3,
    tempo: 10,
};

/// How central each square is (same for both sides): 0 on the rim, 2 in the middle.
const CENTRE: [i32; 25] = [
    0, 0, 0, 0, 0, //
    0, 1, 1, 1, 0, //
    0, 1, 2, 1, 0, //
    0, 1, 1, 1, 0, //
    0, 0, 0, 0, 0, //
];

/// Squares a side's pieces reach with the cards in `hand` (own pieces excluded).
#[inline]
pub fn reach(position: &Position, color: Color, hand: CardSet) -> Bitboard {
    let own = position.pieces(color);
    let mut reached = Bitboard::EMPTY;
    for card in hand {
        for from in own {
            reached |= card.targets(color, from);
        }
    }
    reached & !own
}

fn count_reaching(position: &Position, color: Color, hand: CardSet, target: Square) -> i32 {
    let mut count = 0;
    for from in position.pieces(color) {
        if hand
            .into_iter()
            .any(|card: Card| card.targets(color, from).contains(target))
        {
            count += 1;
        }
    }
    count
}

fn side_score(position: &Position, color: Color, w: &Weights) -> i32 {
    let Some(master) = position.master(color) else {
        return -w.student * 50;
    };
    let pieces = position.pieces(color);
    let enemy = color.other();
    let mut score = (pieces.count() as i32 - 1) * w.student;
    for square in pieces {
        score += CENTRE[square.index()] * w.centre;
    }
    let hand = position.hand(color);
    score += reach(position, color, hand).count() as i32 * w.mobility;
    if position.to_move() == color {
        let next = CardSet::of(&[position.side_card()]);
        score += reach(position, color, next).count() as i32 * w.side_card_mobility;
    }
    let temple = Square::temple(enemy);
    let distance = (master.file() - temple.file())
        .abs()
        .max((master.rank() - temple.rank()).abs());
    score += (4 - distance) * w.master_advance;
    score -= count_reaching(position, enemy, position.hand(enemy), master) * w.master_attacked;
    score += count_reaching(position, color, hand, master) * w.master_guarded;
    score
}

/// The position's value for the side to move.
pub fn evaluate(position: &Position) -> i32 {
    evaluate_with(position, &WEIGHTS)
}

pub fn evaluate_with(position: &Position, w: &Weights) -> i32 {
    let us = position.to_move();
    side_score(position, us, w) - side_score(position, us.other(), w) + w.tempo
}
