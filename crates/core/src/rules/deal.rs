//! Dealing five cards: two to Red, two to Blue, one beside the board.

use super::{Card, CardSet, Color, Pack, Position, PositionError};
use thiserror::Error;

/// Why no deal can be drawn from a pool of cards.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Error)]
pub enum DealError {
    #[error("a deal needs at least 5 cards to draw from, {0} are enabled")]
    TooFewCards(u32),
}

/// The five cards of a game.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Deal {
    red: [Card; 2],
    blue: [Card; 2],
    side: Card,
}

impl Deal {
    /// Five chosen cards, in the order Red, Red, Blue, Blue, side; they must differ.
    pub fn new(cards: [Card; 5]) -> Result<Deal, PositionError> {
        for (i, card) in cards.iter().enumerate() {
            if cards[..i].contains(card) {
                return Err(PositionError::DuplicateCard(*card));
            }
        }
        Ok(Deal { red: [cards[0], cards[1]], blue: [cards[2], cards[3]], side: cards[4] })
    }

    /// The same deal from the base game's 16 cards for the same seed (for tests and shared games).
    ///
    /// ```
    /// use onitama_core::rules::Deal;
    /// assert_eq!(Deal::from_seed(7), Deal::from_seed(7));
    /// ```
    pub fn from_seed(seed: u64) -> Deal {
        Deal::from_seed_in(seed, Pack::Base.cards()).unwrap_or_else(|_| unreachable!("the base game has 16 cards"))
    }

    /// The same deal for the same seed and pool of enabled cards (at least 5). From the base
    /// cards alone it is `from_seed`'s deal.
    ///
    /// ```
    /// use onitama_core::rules::{Card, CardSet, Deal, Pack};
    /// let pool = Pack::Base.cards().union(Pack::SenseisPath.cards());
    /// let deal = Deal::from_seed_in(7, pool).unwrap();
    /// assert!(deal.cards().iter().all(|&card| pool.contains(card)));
    /// assert_eq!(Deal::from_seed_in(7, Pack::Base.cards()), Ok(Deal::from_seed(7)));
    /// assert!(Deal::from_seed_in(7, Pack::Promo.cards()).is_err());
    /// ```
    pub fn from_seed_in(seed: u64, pool: CardSet) -> Result<Deal, DealError> {
        let size = pool.len() as usize;
        if size < 5 {
            return Err(DealError::TooFewCards(pool.len()));
        }
        // The pool's cards in table order: for the base cards the deck the 16-card game always used.
        let mut deck = [Card::Tiger; Card::COUNT];
        for (place, card) in deck.iter_mut().zip(pool) {
            *place = card;
        }
        let mut rng = SplitMix64(seed);
        // A partial Fisher–Yates shuffle: the first five places are a uniform draw.
        for i in 0..5 {
            let j = i + (rng.next_u64() % (size - i) as u64) as usize;
            deck.swap(i, j);
        }
        Ok(Deal { red: [deck[0], deck[1]], blue: [deck[2], deck[3]], side: deck[4] })
    }

    /// The five cards in the order Red, Red, Blue, Blue, side (as `new` takes them).
    pub const fn cards(&self) -> [Card; 5] {
        [self.red[0], self.red[1], self.blue[0], self.blue[1], self.side]
    }

    pub const fn red(&self) -> [Card; 2] {
        self.red
    }

    pub const fn blue(&self) -> [Card; 2] {
        self.blue
    }

    pub const fn side(&self) -> Card {
        self.side
    }

    /// Who starts: the side card's stamp colour.
    pub const fn first_player(&self) -> Color {
        self.side.stamp()
    }

    /// The starting position of this deal, with the stamp's player to move.
    pub fn position(&self) -> Position {
        Position::starting(self.red, self.blue, self.side, self.first_player())
            .unwrap_or_else(|_| unreachable!("a deal has five different cards and the starting layout is valid"))
    }
}

/// A small, fast pseudo-random generator (Steele, Lea and Flood's SplitMix64).
#[derive(Clone, Debug)]
pub struct SplitMix64(pub u64);

impl SplitMix64 {
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
}
