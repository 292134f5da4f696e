//! The static evaluation, in hundredths of a student, from the side to move's view.
//!
//! It is a sum of weighted terms. The same code that scores a position also lists its terms
//! (`features`), so that `onitama-cli tune` can fit the weights to the results of played games.

use crate::rules::{Bitboard, Card, Color, Position, Square};

/// The named terms, each counted as ours minus theirs (tempo: one for the side to move).
pub const TERMS: [&str; 12] = [
    "student",
    // Per square reachable with the current hand.
    "mobility",
    // Per square the side to move reaches with the side card, its next card.
    "side_card_mobility",
    // Per step the master is closer to the enemy temple.
    "master_advance",
    // Per enemy piece able to land on the master's square next turn.
    "master_attacked",
    // Per own piece able to land on its own master's square (to retake there).
    "master_guarded",
    "centre",
    "tempo",
    // Per student the enemy's hand could take next turn with no own piece able to retake there:
    // the side to move's, then the other side's (the side to move could take those itself).
    "mover_student_hanging",
    "waiting_student_hanging",
    // The student and master-advance differences again, weighted by how many students are gone
    // (0 to 8): what they are worth in the endgame beyond the opening.
    "student_endgame",
    "master_advance_endgame",
];
const STUDENT: usize = 0;
const MOBILITY: usize = 1;
const SIDE_CARD_MOBILITY: usize = 2;
const MASTER_ADVANCE: usize = 3;
const MASTER_ATTACKED: usize = 4;
const MASTER_GUARDED: usize = 5;
const CENTRE: usize = 6;
const TEMPO: usize = 7;
const MOVER_STUDENT_HANGING: usize = 8;
const WAITING_STUDENT_HANGING: usize = 9;
const STUDENT_ENDGAME: usize = 10;
const MASTER_ADVANCE_ENDGAME: usize = 11;

/// After the named terms, two tables of one weight per card, role and square: what a master or
/// a student is worth on a square (seen from its own side) while its side holds that card, and
/// while the side to move is about to receive it (the side card).
///
/// The tables of the cards after the base 16 were fitted alone (`tune --cards-of`), the named
/// terms and the base cards' tables kept, to games dealt from all 34 cards; they started from
/// the base cards' weights averaged by shared offsets (docs/engine.md, Tuning).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum CardTable {
    Held,
    Next,
}
const CARD_TABLE: usize = Card::ALL.len() * 2 * Square::COUNT;
pub const FEATURES: usize = TERMS.len() + 2 * CARD_TABLE;

/// The index of a card-square weight; `master` is false for a student.
pub const fn card_square(table: CardTable, card: Card, master: bool, square: usize) -> usize {
    TERMS.len() + table as usize * CARD_TABLE + (card.index() * 2 + master as usize) * Square::COUNT + square
}

/// A square as its owner sees it: Blue's board is Red's turned half a turn.
fn own_view(color: Color, square: Square) -> usize {
    match color {
        Color::Red => square.index(),
        Color::Blue => Square::COUNT - 1 - square.index(),
    }
}

/// All the weights: the named terms, then the two card tables.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Weights(pub [i16; FEATURES]);

impl Weights {
    /// Changes the named term `name`; false if there is none (for tuning from the command line).
    pub fn set(&mut self, name: &str, value: i32) -> bool {
        match TERMS.iter().position(|&term| term == name) {
            Some(index) => {
                self.0[index] = value.clamp(i16::MIN.into(), i16::MAX.into()) as i16;
                true
            }
            None => false,
        }
    }
}

/// The weights `onitama-cli tune` fitted (`weights.rs`, a list of numbers that knows nothing
/// of the evaluation), as the evaluation reads them.
pub const WEIGHTS: Weights = Weights(whole(super::weights::FITTED));

const fn whole(fitted: &[i16]) -> [i16; FEATURES] {
    assert!(fitted.len() == FEATURES, "weights.rs has a weight for each feature");
    let mut weights = [0; FEATURES];
    let mut i = 0;
    while i < FEATURES {
        weights[i] = fitted[i];
        i += 1;
    }
    weights
}

/// [`WEIGHTS`] as the program carries them: a byte each (every one fits, which compiling checks),
/// half the download of `i16`s in the wasm; widened by [`tuned`].
static NARROW: [i8; FEATURES] = narrow(&WEIGHTS);

const fn narrow(weights: &Weights) -> [i8; FEATURES] {
    let mut bytes = [0; FEATURES];
    let mut i = 0;
    while i < FEATURES {
        let weight = weights.0[i];
        assert!(weight >= i8::MIN as i16 && weight <= i8::MAX as i16, "a weight outside -128..=127: keep them as i16");
        bytes[i] = weight as i8;
        i += 1;
    }
    bytes
}

/// The tuned weights, [`WEIGHTS`], for an engine or an evaluation.
#[inline(never)]
pub fn tuned() -> Weights {
    Weights(NARROW.map(i16::from))
}

/// Receives the terms of a position one by one.
trait Terms {
    fn add(&mut self, feature: usize, count: i32);
}

/// Sums the terms with their weights.
struct Score<'a> {
    weights: &'a Weights,
    total: i32,
}

impl Terms for Score<'_> {
    #[inline(always)]
    fn add(&mut self, feature: usize, count: i32) {
        self.total += i32::from(self.weights.0[feature]) * count;
    }
}

/// Lists the terms, for fitting the weights.
impl Terms for Vec<(u16, i8)> {
    fn add(&mut self, feature: usize, count: i32) {
        if count != 0 {
            self.push((feature as u16, count as i8));
        }
    }
}

/// How central each square is (the same for both sides).
const CENTRALITY: [i32; 25] = [
    0, 0, 0, 0, 0, //
    0, 1, 1, 1, 0, //
    0, 1, 2, 1, 0, //
    0, 1, 1, 1, 0, //
    0, 0, 0, 0, 0, //
];

/// What one side's pieces reach with its two cards.
struct Reach {
    squares: Bitboard,
    /// Every square a piece could land on, own pieces' squares included (to retake there).
    cover: Bitboard,
    /// Pieces that could land on the enemy master's square.
    on_enemy_master: i32,
    /// Pieces that could land on their own master's square (to retake there).
    on_own_master: i32,
    centre: i32,
}

fn reach(position: &Position, color: Color, cards: [Card; 2], own_master: Square, enemy_master: Square) -> Reach {
    let own = position.pieces(color);
    let mut result =
        Reach { squares: Bitboard::EMPTY, cover: Bitboard::EMPTY, on_enemy_master: 0, on_own_master: 0, centre: 0 };
    for from in own {
        let targets = cards[0].targets(color, from) | cards[1].targets(color, from);
        result.squares |= targets;
        result.on_enemy_master += i32::from(targets.contains(enemy_master));
        result.on_own_master += i32::from(targets.contains(own_master));
        result.centre += CENTRALITY[from.index()];
    }
    result.cover = result.squares;
    result.squares &= !own;
    result
}

fn master_advance(master: Square, enemy: Color) -> i32 {
    let temple = Square::temple(enemy);
    4 - (master.file() - temple.file()).abs().max((master.rank() - temple.rank()).abs())
}

/// Adds `sign` times the card-square weights of `color`'s pieces for these cards.
#[inline(always)]
fn card_squares<const N: usize>(
    position: &Position,
    color: Color,
    master: Square,
    (table, cards): (CardTable, [Card; N]),
    sign: i32,
    terms: &mut impl Terms,
) {
    let students = cards.map(|card| card_square(table, card, false, 0));
    for piece in position.pieces(color) {
        // A card's master row follows its student row.
        let offset = if piece == master { Square::COUNT } else { 0 } + own_view(color, piece);
        for start in students {
            terms.add(start + offset, sign);
        }
    }
}

/// Feeds the terms of a position with both masters on the board to `terms`.
#[inline(always)]
fn gather(position: &Position, our_master: Square, their_master: Square, terms: &mut impl Terms) {
    let us = position.to_move();
    let them = us.other();
    let ours = reach(position, us, position.cards(us), our_master, their_master);
    let theirs = reach(position, them, position.cards(them), their_master, our_master);
    let side = position.side_card();
    let next_reach =
        position.pieces(us).fold(Bitboard::EMPTY, |acc, from| acc | side.targets(us, from)) & !position.pieces(us);

    let students = position.pieces(us).count() as i32 - position.pieces(them).count() as i32;
    let advance = master_advance(our_master, them) - master_advance(their_master, us);
    // Pieces gone from the board: 0 at the start, 8 with the masters alone.
    let gone = 10 - position.occupied().count() as i32;
    terms.add(STUDENT, students);
    terms.add(MOBILITY, ours.squares.count() as i32 - theirs.squares.count() as i32);
    terms.add(SIDE_CARD_MOBILITY, next_reach.count() as i32);
    terms.add(MASTER_ADVANCE, advance);
    terms.add(MASTER_ATTACKED, ours.on_enemy_master - theirs.on_enemy_master);
    terms.add(MASTER_GUARDED, ours.on_own_master - theirs.on_own_master);
    terms.add(CENTRE, ours.centre - theirs.centre);
    terms.add(TEMPO, 1);
    let our_students = position.pieces(us) & !position.masters(us);
    let their_students = position.pieces(them) & !position.masters(them);
    terms.add(MOVER_STUDENT_HANGING, (our_students & theirs.squares & !ours.cover).count() as i32);
    terms.add(WAITING_STUDENT_HANGING, (their_students & ours.squares & !theirs.cover).count() as i32);
    terms.add(STUDENT_ENDGAME, students * gone);
    terms.add(MASTER_ADVANCE_ENDGAME, advance * gone);
    card_squares(position, us, our_master, (CardTable::Held, position.cards(us)), 1, terms);
    card_squares(position, them, their_master, (CardTable::Held, position.cards(them)), -1, terms);
    card_squares(position, us, our_master, (CardTable::Next, [side]), 1, terms);
}

/// The position's value for the side to move.
pub fn evaluate(position: &Position) -> i32 {
    evaluate_with(position, &tuned())
}

pub fn evaluate_with(position: &Position, weights: &Weights) -> i32 {
    let us = position.to_move();
    let (Some(our_master), Some(their_master)) = (position.master(us), position.master(us.other())) else {
        // A won position is scored by the search, never here; stay finite all the same.
        return if position.master(us).is_some() { 5000 } else { -5000 };
    };
    let mut score = Score { weights, total: 0 };
    gather(position, our_master, their_master, &mut score);
    score.total
}

/// The terms of a position with both masters on the board, as (feature, count) pairs with
/// `evaluate_with` equal to the sum of `weights.0[feature] * count`; `None` for a finished game.
pub fn features(position: &Position) -> Option<Vec<(u16, i8)>> {
    let us = position.to_move();
    let (our_master, their_master) = (position.master(us)?, position.master(us.other())?);
    let mut terms = Vec::with_capacity(40);
    gather(position, our_master, their_master, &mut terms);
    Some(terms)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_stored_bytes_widen_to_the_weights() {
        assert_eq!(tuned(), WEIGHTS);
    }

    #[test]
    fn features_sum_to_the_evaluation() {
        let position: Position = "bbBbb/5/5/5/rrRrr crab,dragon tiger,ox boar r".parse().unwrap();
        let mut weights = WEIGHTS;
        for (i, weight) in weights.0.iter_mut().enumerate() {
            *weight = (i as i16 % 17) - 8;
        }
        let sum: i32 = features(&position)
            .unwrap()
            .iter()
            .map(|&(feature, count)| i32::from(weights.0[feature as usize]) * i32::from(count))
            .sum();
        assert_eq!(sum, evaluate_with(&position, &weights));
    }

    #[test]
    fn both_sides_see_a_mirrored_position_alike() {
        // The start turned half a turn, with the hands swapped, is the same position for the mover.
        let red = features(&"bbBbb/5/5/5/rrRrr crab,dragon tiger,ox boar r".parse().unwrap()).unwrap();
        let blue = features(&"bbBbb/5/5/5/rrRrr tiger,ox crab,dragon boar b".parse().unwrap()).unwrap();
        let sorted = |mut terms: Vec<(u16, i8)>| {
            terms.sort();
            terms
        };
        assert!(red.iter().any(|&(feature, _)| feature as usize >= TERMS.len()));
        assert_eq!(sorted(red), sorted(blue));
    }

    /// The count of a named term in a position's features (0 when absent).
    fn term(position: &str, name: &str) -> i8 {
        let index = TERMS.iter().position(|&term| term == name).unwrap() as u16;
        let terms = features(&position.parse().unwrap()).unwrap();
        terms.iter().find(|&&(feature, _)| feature == index).map_or(0, |&(_, count)| count)
    }

    #[test]
    fn a_student_that_can_be_taken_for_nothing_hangs() {
        // Red's c2 student takes c3 with the ox; Blue (tiger, monkey) cannot retake on c3 ...
        let alone = "4B/5/2b2/2r2/R4 ox,crab tiger,monkey boar r";
        assert_eq!(term(alone, "waiting_student_hanging"), 1);
        assert_eq!(term(alone, "mover_student_hanging"), 0);
        // ... unless a Blue student on b4 can, with the monkey.
        assert_eq!(term("4B/1b3/2b2/2r2/R4 ox,crab tiger,monkey boar r", "waiting_student_hanging"), 0);
        // Seen from Blue to move, the same student is the mover's own.
        assert_eq!(term("4B/5/2b2/2r2/R4 ox,crab tiger,monkey boar b", "mover_student_hanging"), 1);
    }

    #[test]
    fn endgame_terms_grow_as_students_go() {
        // Nothing at the start; one student up with seven gone counts seven.
        assert_eq!(term("bbBbb/5/5/5/rrRrr crab,dragon tiger,ox boar r", "student_endgame"), 0);
        assert_eq!(term("4B/5/5/2r2/R4 ox,crab tiger,monkey boar r", "student_endgame"), 7);
    }

    #[test]
    fn set_changes_a_named_term_only() {
        let mut weights = WEIGHTS;
        assert!(weights.set("mobility", 9));
        assert_eq!(weights.0[MOBILITY], 9);
        assert_eq!(weights.0[..MOBILITY], WEIGHTS.0[..MOBILITY]);
        assert_eq!(weights.0[MOBILITY + 1..], WEIGHTS.0[MOBILITY + 1..]);
        assert!(!weights.set("nonsense", 1));
    }
}
