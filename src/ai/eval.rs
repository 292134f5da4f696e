//! The static evaluation, in hundredths of a student, from the side to move's view.

use crate::rules::{Bitboard, Card, Color, Position, Square};

/// The weights, kept together so that `match` can measure each term.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Weights {
    pub student: i32,
    /// Per square reachable with the current hand.
    pub mobility: i32,
    /// Per square the side to move reaches with the side card, its next card.
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

impl Weights {
    /// The names `set` knows, in declaration order.
    pub const NAMES: [&'static str; 8] = [
        "student",
        "mobility",
        "side_card_mobility",
        "master_advance",
        "master_attacked",
        "master_guarded",
        "centre",
        "tempo",
    ];

    /// Changes the weight called `name`; false if there is none (for tuning from the command line).
    pub fn set(&mut self, name: &str, value: i32) -> bool {
        let weight = match name {
            "student" => &mut self.student,
            "mobility" => &mut self.mobility,
            "side_card_mobility" => &mut self.side_card_mobility,
            "master_advance" => &mut self.master_advance,
            "master_attacked" => &mut self.master_attacked,
            "master_guarded" => &mut self.master_guarded,
            "centre" => &mut self.centre,
            "tempo" => &mut self.tempo,
            _ => return false,
        };
        *weight = value;
        true
    }
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

/// How central each square is (the same for both sides).
const CENTRE: [i32; 25] = [
    0, 0, 0, 0, 0, //
    0, 1, 1, 1, 0, //
    0, 1, 2, 1, 0, //
    0, 1, 1, 1, 0, //
    0, 0, 0, 0, 0, //
];

/// What one side's pieces reach with its two cards.
struct Reach {
    squares: Bitboard,
    /// Pieces that could land on the enemy master's square.
    on_enemy_master: i32,
    /// Pieces that could land on their own master's square (to retake there).
    on_own_master: i32,
    centre: i32,
}

fn reach(position: &Position, color: Color, cards: [Card; 2], own_master: Square, enemy_master: Square) -> Reach {
    let own = position.pieces(color);
    let mut result = Reach { squares: Bitboard::EMPTY, on_enemy_master: 0, on_own_master: 0, centre: 0 };
    for from in own {
        let targets = cards[0].targets(color, from) | cards[1].targets(color, from);
        result.squares |= targets;
        result.on_enemy_master += i32::from(targets.contains(enemy_master));
        result.on_own_master += i32::from(targets.contains(own_master));
        result.centre += CENTRE[from.index()];
    }
    result.squares &= !own;
    result
}

fn master_advance(master: Square, enemy: Color) -> i32 {
    let temple = Square::temple(enemy);
    4 - (master.file() - temple.file()).abs().max((master.rank() - temple.rank()).abs())
}

/// The position's value for the side to move.
pub fn evaluate(position: &Position) -> i32 {
    evaluate_with(position, &WEIGHTS)
}

pub fn evaluate_with(position: &Position, w: &Weights) -> i32 {
    let us = position.to_move();
    let them = us.other();
    let (Some(our_master), Some(their_master)) = (position.master(us), position.master(them)) else {
        // A won position is scored by the search, never here; stay finite all the same.
        return if position.master(us).is_some() { 5000 } else { -5000 };
    };
    let ours = reach(position, us, position.hand(us).pair(), our_master, their_master);
    let theirs = reach(position, them, position.hand(them).pair(), their_master, our_master);
    let side = position.side_card();
    let next_reach =
        position.pieces(us).fold(Bitboard::EMPTY, |acc, from| acc | side.targets(us, from)) & !position.pieces(us);

    let students = position.pieces(us).count() as i32 - position.pieces(them).count() as i32;
    students * w.student
        + (ours.squares.count() as i32 - theirs.squares.count() as i32) * w.mobility
        + next_reach.count() as i32 * w.side_card_mobility
        + (master_advance(our_master, them) - master_advance(their_master, us)) * w.master_advance
        + (ours.on_enemy_master - theirs.on_enemy_master) * w.master_attacked
        + (ours.on_own_master - theirs.on_own_master) * w.master_guarded
        + (ours.centre - theirs.centre) * w.centre
        + w.tempo
}
