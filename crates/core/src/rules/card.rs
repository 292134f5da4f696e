//! The 16 move cards, their stamps, and the squares each card reaches.

use super::{Bitboard, Color, Square};

/// A move card.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum Card {
    Tiger,
    Crab,
    Monkey,
    Crane,
    Dragon,
    Elephant,
    Mantis,
    Boar,
    Frog,
    Rabbit,
    Goose,
    Rooster,
    Horse,
    Ox,
    Eel,
    Cobra,
}

use Card::*;

struct CardData {
    name: &'static str,
    persian: &'static str,
    stamp: Color,
    /// `(right, forward)` from the holder's seat.
    offsets: &'static [(i8, i8)],
}

const DATA: [CardData; 16] = [
    card("tiger", "ببر", Color::Blue, &[(0, 2), (0, -1)]),
    card("crab", "خرچنگ", Color::Blue, &[(0, 1), (-2, 0), (2, 0)]),
    card("monkey", "میمون", Color::Blue, &[(-1, 1), (1, 1), (-1, -1), (1, -1)]),
    card("crane", "درنا", Color::Blue, &[(0, 1), (-1, -1), (1, -1)]),
    card("dragon", "اژدها", Color::Red, &[(-2, 1), (2, 1), (-1, -1), (1, -1)]),
    card("elephant", "فیل", Color::Red, &[(-1, 1), (1, 1), (-1, 0), (1, 0)]),
    card("mantis", "آخوندک", Color::Red, &[(-1, 1), (1, 1), (0, -1)]),
    card("boar", "گراز", Color::Red, &[(0, 1), (-1, 0), (1, 0)]),
    card("frog", "قورباغه", Color::Red, &[(-2, 0), (-1, 1), (1, -1)]),
    card("rabbit", "خرگوش", Color::Blue, &[(2, 0), (1, 1), (-1, -1)]),
    card("goose", "غاز", Color::Blue, &[(-1, 1), (-1, 0), (1, 0), (1, -1)]),
    card("rooster", "خروس", Color::Red, &[(1, 1), (-1, 0), (1, 0), (-1, -1)]),
    card("horse", "اسب", Color::Red, &[(0, 1), (-1, 0), (0, -1)]),
    card("ox", "گاو", Color::Blue, &[(0, 1), (1, 0), (0, -1)]),
    card("eel", "مارماهی", Color::Blue, &[(-1, 1), (-1, -1), (1, 0)]),
    card("cobra", "کبرا", Color::Red, &[(-1, 0), (1, 1), (1, -1)]),
];

const fn card(name: &'static str, persian: &'static str, stamp: Color, offsets: &'static [(i8, i8)]) -> CardData {
    CardData { name, persian, stamp, offsets }
}

/// `TARGETS[color][card][square]`: where a piece of `color` on `square` may jump with `card`
/// (own pieces not yet removed).
static TARGETS: [[[Bitboard; 25]; 16]; 2] = build_targets();

const fn build_targets() -> [[[Bitboard; 25]; 16]; 2] {
    let mut table = [[[Bitboard::EMPTY; 25]; 16]; 2];
    let mut color = 0;
    while color < 2 {
        // Blue reads its cards turned 180°: both components negated in Red's coordinates.
        let sign = if color == 0 { 1 } else { -1 };
        let mut card = 0;
        while card < 16 {
            let offsets = DATA[card].offsets;
            let mut square = 0;
            while square < 25 {
                let mut mask = 0u32;
                let mut i = 0;
                while i < offsets.len() {
                    let (right, forward) = offsets[i];
                    let file = (square % 5) as i32 + sign * right as i32;
                    let rank = (square / 5) as i32 + sign * forward as i32;
                    if file >= 0 && file < 5 && rank >= 0 && rank < 5 {
                        mask |= 1 << (rank * 5 + file);
                    }
                    i += 1;
                }
                table[color][card][square] = Bitboard(mask);
                square += 1;
            }
            card += 1;
        }
        color += 1;
    }
    table
}

impl Card {
    pub const ALL: [Card; 16] = [
        Tiger, Crab, Monkey, Crane, Dragon, Elephant, Mantis, Boar, Frog, Rabbit, Goose, Rooster, Horse, Ox, Eel, Cobra,
    ];

    pub const fn index(self) -> usize {
        self as usize
    }

    pub const fn from_index(index: usize) -> Option<Card> {
        if index < 16 { Some(Self::ALL[index]) } else { None }
    }

    /// The lowercase English name used by the notation.
    pub const fn name(self) -> &'static str {
        DATA[self as usize].name
    }

    pub const fn persian_name(self) -> &'static str {
        DATA[self as usize].persian
    }

    /// The stamp colour; the side card's stamp decides who starts.
    pub const fn stamp(self) -> Color {
        DATA[self as usize].stamp
    }

    /// Offsets `(right, forward)` as read from the holder's seat.
    ///
    /// ```
    /// use onitama_core::rules::Card;
    /// assert_eq!(Card::Tiger.offsets(), &[(0, 2), (0, -1)]);
    /// ```
    pub const fn offsets(self) -> &'static [(i8, i8)] {
        DATA[self as usize].offsets
    }

    /// The squares a piece of `color` on `from` jumps to with this card, ignoring other pieces.
    #[inline]
    pub fn targets(self, color: Color, from: Square) -> Bitboard {
        TARGETS[color.index()][self.index()][from.index()]
    }

    /// Looks a card up by its English name (`"tiger"`).
    pub fn from_name(name: &str) -> Option<Card> {
        Self::ALL.into_iter().find(|card| card.name() == name)
    }
}

impl std::fmt::Display for Card {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// A set of cards, such as a hand (order within a hand does not matter).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct CardSet(pub u16);

impl CardSet {
    pub const EMPTY: CardSet = CardSet(0);

    pub const fn of(cards: &[Card]) -> CardSet {
        let mut bits = 0;
        let mut i = 0;
        while i < cards.len() {
            bits |= 1 << cards[i] as u16;
            i += 1;
        }
        CardSet(bits)
    }

    pub const fn contains(self, card: Card) -> bool {
        self.0 & (1 << card as u16) != 0
    }

    pub const fn with(self, card: Card) -> CardSet {
        CardSet(self.0 | 1 << card as u16)
    }

    pub const fn without(self, card: Card) -> CardSet {
        CardSet(self.0 & !(1 << card as u16))
    }

    pub const fn len(self) -> u32 {
        self.0.count_ones()
    }

    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The two cards of a hand, in table order.
    pub fn pair(self) -> [Card; 2] {
        let mut cards = self;
        let first = cards.next().unwrap_or(Tiger);
        let second = cards.next().unwrap_or(first);
        [first, second]
    }
}

impl Iterator for CardSet {
    type Item = Card;

    #[inline]
    fn next(&mut self) -> Option<Card> {
        if self.0 == 0 {
            return None;
        }
        let index = self.0.trailing_zeros() as usize;
        self.0 &= self.0 - 1;
        Card::from_index(index)
    }
}
