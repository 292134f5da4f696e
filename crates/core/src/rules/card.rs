//! The 34 move cards (the base game's 16, Sensei's Path's 16 and the two promos), their stamps,
//! and the squares each card reaches.

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
    // Sensei's Path, then the promos: after the base cards, so that a base card's index (in
    // saved positions, records and seeded deals) never changes.
    Bear,
    Panda,
    Dog,
    Fox,
    Giraffe,
    Kirin,
    Mouse,
    Rat,
    Sable,
    Otter,
    SeaSnake,
    Viper,
    Tanuki,
    Iguana,
    Phoenix,
    Turtle,
    Sheep,
    Goat,
}

use Card::*;

struct CardData {
    name: &'static str,
    /// Not in the page's wasm: the page has its Persian names from its fetched texts.
    #[cfg(not(target_arch = "wasm32"))]
    persian: &'static str,
    pack: Pack,
    stamp: Color,
    /// `(right, forward)` from the holder's seat.
    offsets: &'static [(i8, i8)],
}

/// Where a card comes from.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Pack {
    /// The 16 cards of the base game.
    Base,
    /// The Sensei's Path expansion's 16 cards.
    SenseisPath,
    /// Goat and Sheep, promo cards (reprinted in Way of the Wind).
    Promo,
}

impl Pack {
    pub const ALL: [Pack; 3] = [Pack::Base, Pack::SenseisPath, Pack::Promo];

    /// `"base"`, `"senseis-path"` or `"promo"`.
    pub const fn code(self) -> &'static str {
        match self {
            Pack::Base => "base",
            Pack::SenseisPath => "senseis-path",
            Pack::Promo => "promo",
        }
    }

    pub fn from_code(code: &str) -> Option<Pack> {
        Pack::ALL.into_iter().find(|pack| pack.code() == code)
    }

    /// The pack's cards.
    ///
    /// ```
    /// use onitama_core::rules::{Card, Pack};
    /// assert_eq!(Pack::Base.cards().len(), 16);
    /// assert!(Pack::Promo.cards().contains(Card::Goat));
    /// ```
    pub const fn cards(self) -> CardSet {
        let mut set = CardSet::EMPTY;
        let mut i = 0;
        while i < Card::COUNT {
            if DATA[i].pack as u8 == self as u8 {
                set = set.with(Card::ALL[i]);
            }
            i += 1;
        }
        set
    }
}

const DATA: [CardData; Card::COUNT] = [
    card("tiger", "ببر", Pack::Base, Color::Blue, &[(0, 2), (0, -1)]),
    card("crab", "خرچنگ", Pack::Base, Color::Blue, &[(0, 1), (-2, 0), (2, 0)]),
    card("monkey", "میمون", Pack::Base, Color::Blue, &[(-1, 1), (1, 1), (-1, -1), (1, -1)]),
    card("crane", "درنا", Pack::Base, Color::Blue, &[(0, 1), (-1, -1), (1, -1)]),
    card("dragon", "اژدها", Pack::Base, Color::Red, &[(-2, 1), (2, 1), (-1, -1), (1, -1)]),
    card("elephant", "فیل", Pack::Base, Color::Red, &[(-1, 1), (1, 1), (-1, 0), (1, 0)]),
    card("mantis", "آخوندک", Pack::Base, Color::Red, &[(-1, 1), (1, 1), (0, -1)]),
    card("boar", "گراز", Pack::Base, Color::Red, &[(0, 1), (-1, 0), (1, 0)]),
    card("frog", "قورباغه", Pack::Base, Color::Red, &[(-2, 0), (-1, 1), (1, -1)]),
    card("rabbit", "خرگوش", Pack::Base, Color::Blue, &[(2, 0), (1, 1), (-1, -1)]),
    card("goose", "غاز", Pack::Base, Color::Blue, &[(-1, 1), (-1, 0), (1, 0), (1, -1)]),
    card("rooster", "خروس", Pack::Base, Color::Red, &[(1, 1), (-1, 0), (1, 0), (-1, -1)]),
    card("horse", "اسب", Pack::Base, Color::Red, &[(0, 1), (-1, 0), (0, -1)]),
    card("ox", "گاو", Pack::Base, Color::Blue, &[(0, 1), (1, 0), (0, -1)]),
    card("eel", "مارماهی", Pack::Base, Color::Blue, &[(-1, 1), (-1, -1), (1, 0)]),
    card("cobra", "کبرا", Pack::Base, Color::Red, &[(-1, 0), (1, 1), (1, -1)]),
    // Persian: the animals' common names (no Persian edition of the expansion is known).
    card("bear", "خرس", Pack::SenseisPath, Color::Blue, &[(-1, 1), (0, 1), (1, -1)]),
    card("panda", "پاندا", Pack::SenseisPath, Color::Red, &[(0, 1), (1, 1), (-1, -1)]),
    card("dog", "سگ", Pack::SenseisPath, Color::Blue, &[(-1, 1), (-1, 0), (-1, -1)]),
    card("fox", "روباه", Pack::SenseisPath, Color::Red, &[(1, 1), (1, 0), (1, -1)]),
    card("giraffe", "زرافه", Pack::SenseisPath, Color::Blue, &[(-2, 1), (2, 1), (0, -1)]),
    card("kirin", "کیرین", Pack::SenseisPath, Color::Red, &[(-1, 2), (1, 2), (0, -2)]),
    card("mouse", "موش", Pack::SenseisPath, Color::Blue, &[(0, 1), (1, 0), (-1, -1)]),
    card("rat", "موش صحرایی", Pack::SenseisPath, Color::Red, &[(0, 1), (-1, 0), (1, -1)]),
    card("sable", "سمور", Pack::SenseisPath, Color::Blue, &[(-2, 0), (-1, -1), (1, 1)]),
    card("otter", "سمور آبی", Pack::SenseisPath, Color::Red, &[(-1, 1), (1, -1), (2, 0)]),
    card("sea-snake", "مار دریایی", Pack::SenseisPath, Color::Blue, &[(0, 1), (2, 0), (-1, -1)]),
    card("viper", "افعی", Pack::SenseisPath, Color::Red, &[(0, 1), (-2, 0), (1, -1)]),
    card("tanuki", "تانوکی", Pack::SenseisPath, Color::Blue, &[(0, 1), (2, 1), (-1, -1)]),
    card("iguana", "ایگوانا", Pack::SenseisPath, Color::Red, &[(-2, 1), (0, 1), (1, -1)]),
    card("phoenix", "ققنوس", Pack::SenseisPath, Color::Blue, &[(-2, 0), (2, 0), (-1, 1), (1, 1)]),
    card("turtle", "لاک\u{200c}پشت", Pack::SenseisPath, Color::Red, &[(-2, 0), (2, 0), (-1, -1), (1, -1)]),
    card("sheep", "گوسفند", Pack::Promo, Color::Blue, &[(1, 0), (0, -1), (-1, 1)]),
    card("goat", "بز", Pack::Promo, Color::Red, &[(-1, 0), (0, -1), (1, 1)]),
];

// The base cards come first, at the indices they always had.
const _: () = assert!(Pack::Base.cards().0 == (1 << 16) - 1);

// A move list holds 5 pieces × 2 cards × 4 offsets.
const _: () = {
    let mut i = 0;
    while i < Card::COUNT {
        assert!(DATA[i].offsets.len() <= 4, "a card with more than 4 offsets: widen MoveList");
        i += 1;
    }
};

const fn card(
    name: &'static str,
    persian: &'static str,
    pack: Pack,
    stamp: Color,
    offsets: &'static [(i8, i8)],
) -> CardData {
    #[cfg(target_arch = "wasm32")]
    let _ = persian;
    CardData {
        name,
        #[cfg(not(target_arch = "wasm32"))]
        persian,
        pack,
        stamp,
        offsets,
    }
}

/// `TARGETS[color][card][square]`: where a piece of `color` on `square` may jump with `card`
/// (own pieces not yet removed).
static TARGETS: [[[Bitboard; 25]; Card::COUNT]; 2] = build_targets();

const fn build_targets() -> [[[Bitboard; 25]; Card::COUNT]; 2] {
    let mut table = [[[Bitboard::EMPTY; 25]; Card::COUNT]; 2];
    let mut color = 0;
    while color < 2 {
        // Blue reads its cards turned 180°: both components negated in Red's coordinates.
        let sign = if color == 0 { 1 } else { -1 };
        let mut card = 0;
        while card < Card::COUNT {
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
    pub const COUNT: usize = 34;

    /// Every card, in table order: the base game's, Sensei's Path's, then the promos.
    pub const ALL: [Card; Card::COUNT] = [
        Tiger, Crab, Monkey, Crane, Dragon, Elephant, Mantis, Boar, Frog, Rabbit, Goose, Rooster, Horse, Ox, Eel,
        Cobra, Bear, Panda, Dog, Fox, Giraffe, Kirin, Mouse, Rat, Sable, Otter, SeaSnake, Viper, Tanuki, Iguana,
        Phoenix, Turtle, Sheep, Goat,
    ];

    pub const fn index(self) -> usize {
        self as usize
    }

    pub const fn from_index(index: usize) -> Option<Card> {
        if index < Card::COUNT { Some(Self::ALL[index]) } else { None }
    }

    /// The pack the card comes in.
    pub const fn pack(self) -> Pack {
        DATA[self as usize].pack
    }

    /// The lowercase English name used by the notation.
    pub const fn name(self) -> &'static str {
        DATA[self as usize].name
    }

    #[cfg(not(target_arch = "wasm32"))]
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

/// A set of cards, such as a hand (order within a hand does not matter) or the cards a deal
/// draws from; bit `i` is the card of index `i`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct CardSet(pub u64);

impl CardSet {
    pub const EMPTY: CardSet = CardSet(0);
    pub const ALL: CardSet = CardSet((1 << Card::COUNT) - 1);

    pub const fn of(cards: &[Card]) -> CardSet {
        let mut bits = 0;
        let mut i = 0;
        while i < cards.len() {
            bits |= 1 << cards[i] as u64;
            i += 1;
        }
        CardSet(bits)
    }

    pub const fn contains(self, card: Card) -> bool {
        self.0 & (1 << card as u64) != 0
    }

    pub const fn with(self, card: Card) -> CardSet {
        CardSet(self.0 | 1 << card as u64)
    }

    pub const fn without(self, card: Card) -> CardSet {
        CardSet(self.0 & !(1 << card as u64))
    }

    pub const fn len(self) -> u32 {
        self.0.count_ones()
    }

    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    pub const fn union(self, other: CardSet) -> CardSet {
        CardSet(self.0 | other.0)
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
