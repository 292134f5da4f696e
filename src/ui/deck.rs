//! The deck a new game is dealt from: which cards are enabled, what switching a set or a single
//! card does, and the rule that keeps at least five enabled (a game deals five).

use crate::rules::{Card, CardSet, Deal, Pack, SplitMix64};

/// The fewest cards a deck may keep: a deal takes five.
pub const FEWEST: u32 = 5;

/// A deck nobody chose: the base game's 16 cards, as before the expansions.
pub const DEFAULT: CardSet = Pack::Base.cards();

/// A switch in the new-game dialog, turned on or off.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Switch {
    /// Every card of a set at once.
    Pack(Pack, bool),
    Card(Card, bool),
}

/// A switch refused: it would leave fewer than five cards to deal from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TooFew;

/// The deck after `switch`, or the refusal; the deck itself does not change on a refusal.
///
/// ```
/// use onitama::rules::{Card, Pack};
/// use onitama::ui::deck::{self, Switch};
/// let both = deck::switch(deck::DEFAULT, Switch::Pack(Pack::Promo, true)).unwrap();
/// assert!(both.contains(Card::Goat));
/// assert!(deck::switch(both, Switch::Pack(Pack::Base, false)).is_err());
/// ```
pub fn switch(enabled: CardSet, switch: Switch) -> Result<CardSet, TooFew> {
    let (cards, on) = match switch {
        Switch::Pack(pack, on) => (pack.cards(), on),
        Switch::Card(card, on) => (CardSet::of(&[card]), on),
    };
    checked(if on { enabled.union(cards) } else { CardSet(enabled.0 & !cards.0) })
}

/// The deck if it keeps at least five cards (of the 34).
pub fn checked(enabled: CardSet) -> Result<CardSet, TooFew> {
    let enabled = CardSet(enabled.0 & CardSet::ALL.0);
    if enabled.len() < FEWEST { Err(TooFew) } else { Ok(enabled) }
}

/// How a set's switch shows: all its cards on, none, or some (the switch then reads "mixed").
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum PackState {
    On,
    #[default]
    Off,
    Mixed,
}

pub fn pack_state(enabled: CardSet, pack: Pack) -> PackState {
    let cards = pack.cards();
    match enabled.0 & cards.0 {
        0 => PackState::Off,
        both if both == cards.0 => PackState::On,
        _ => PackState::Mixed,
    }
}

/// The deal `seed` gives from the enabled cards: from the base set alone, the deal that seed
/// always gave.
pub fn deal(enabled: CardSet, seed: u64) -> Deal {
    Deal::from_seed_in(seed, enabled).unwrap_or_else(|_| Deal::from_seed(seed))
}

/// A deal at random from the enabled cards, drawn with `dice` (the session's: the page draws
/// every random number from its seed).
pub fn drawn(enabled: CardSet, dice: &mut SplitMix64) -> Deal {
    deal(enabled, dice.next_u64())
}

/// The sets shown in the Rules dialog: those with a card enabled, in order.
pub fn shown_packs(enabled: CardSet) -> impl Iterator<Item = Pack> {
    Pack::ALL.into_iter().filter(move |&pack| pack_state(enabled, pack) != PackState::Off)
}
