//! The New game dialog's form: what it opens with, how its fields read, which rows it shows, and
//! what starting asks; and a new game's options, as the dialog and the API give them.

use super::deck;
use super::features::Features;
use super::text::{self, Texts};
use crate::mode::{AiLevel, Mode, ModeChoice, ModeKind, Seat};
use crate::online::{ColorChoice, DealChoice, Invitation, MoveLimit};
use crate::rules::{Card, CardSet, Color, Deal, Game, Pack, Position, PositionError, SplitMix64};

/// What the New game dialog's Start asks for.
#[derive(Clone, Debug)]
pub enum Chosen {
    /// A new game here.
    Game { game: Game, mode: Mode },
    /// A game from the analysis board's position: the game put aside still waits.
    FromHere { game: Game, mode: Mode },
    /// Online against the next stranger who asks.
    Stranger,
    /// Online, a room of one's own for a friend, with this deal, colour and limit.
    Friend(Invitation),
}

/// The new-game dialog's choice of a stranger online (beside `ModeKind`'s codes).
pub const FIND: &str = "find";

/// The new-game dialog's choice of a game clock of one's own (beside the limits' words).
pub const CUSTOM_CLOCK: &str = "custom";

/// A game clock of one's own, as its two fields read: minutes (a quarter of a minute or more,
/// with a decimal point or comma) and whole seconds added a move, in ASCII, Persian or Arabic
/// digits; none if it does not fit.
fn custom_clock(minutes: &str, increment: &str) -> Option<MoveLimit> {
    let (minutes, increment) = (onitama_lang::ascii_digits(minutes), onitama_lang::ascii_digits(increment));
    let increment = match increment.trim() {
        "" => 0,
        word => word.parse().ok()?,
    };
    MoveLimit::clock(seconds_of_minutes(minutes.trim())?, increment)
}

/// Minutes written with up to two decimals ("2", "2.5", "0,25"), in whole seconds, rounded; read
/// without floating point (its tables would weigh on the first visit's download).
fn seconds_of_minutes(text: &str) -> Option<u32> {
    let (whole, fraction) = text.split_once(['.', ',']).unwrap_or((text, ""));
    let digits = |word: &str| word.bytes().all(|b| b.is_ascii_digit());
    if whole.len() > 4
        || fraction.len() > 2
        || !digits(whole)
        || !digits(fraction)
        || (whole.is_empty() && fraction.is_empty())
    {
        return None;
    }
    let whole: u32 = if whole.is_empty() { 0 } else { whole.parse().ok()? };
    let hundredths: u32 = if fraction.is_empty() { 0 } else { format!("{fraction:0<2}").parse().ok()? };
    Some(whole * 60 + (hundredths * 60 + 50) / 100)
}

/// Whole seconds as minutes with up to two decimals ("2", "2.5", "0.25"), for the field.
fn minutes_of_seconds(seconds: u32) -> String {
    let hundredths = (seconds % 60 * 100 + 30) / 60;
    match hundredths {
        0 => (seconds / 60).to_string(),
        h if h % 10 == 0 => format!("{}.{}", seconds / 60, h / 10),
        h => format!("{}.{h:02}", seconds / 60),
    }
}

/// The new-game dialog's choices.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NewGameForm {
    pub choice: ModeChoice,
    /// Online against the next stranger who asks (the rest of the form does not apply).
    pub stranger: bool,
    /// Deal the five cards below instead of at random.
    pub choose_cards: bool,
    /// Red, Red, Blue, Blue, side.
    pub cards: [Card; 5],
    /// Online, the time each player has for a move, or a game clock; none when the clock of
    /// one's own given does not fit ([`MoveLimit::clock`]).
    pub limit: Option<MoveLimit>,
    /// The game starts from this position (the analysis board's "Play from here"), not a deal.
    pub from: Option<Position>,
    /// Online, third browsers with the friend's link may watch.
    pub watchers: bool,
}

impl NewGameForm {
    /// The form with each card the deck does not hold replaced by the first enabled card not
    /// chosen yet (the choosers list only the enabled cards).
    pub fn within(mut self, enabled: CardSet) -> NewGameForm {
        for slot in 0..self.cards.len() {
            if !enabled.contains(self.cards[slot]) {
                let chosen = CardSet::of(&self.cards);
                if let Some(card) = enabled.into_iter().find(|&card| !chosen.contains(card)) {
                    self.cards[slot] = card;
                }
            }
        }
        self
    }

    /// The dialog's title's text key: "New game", or "Play from here" for a game from a position.
    pub fn title(&self) -> &'static str {
        if self.from.is_some() { "play-here" } else { "setup-title" }
    }

    /// The form as its fields read (the codes of `ModeKind`, `Seat`, `AiLevel` and the card
    /// names); a value the form cannot hold keeps that field's default.
    #[inline(never)] // one copy for its readers (the view, Start, a deck switched): a first visit's bytes
    pub fn read(fields: &NewGameFields) -> NewGameForm {
        let defaults = ModeChoice::default();
        NewGameForm {
            stranger: fields.mode == FIND,
            choice: ModeChoice {
                kind: ModeKind::from_dialog_code(&fields.mode).unwrap_or(defaults.kind),
                seat: Seat::from_code(&fields.seat).unwrap_or(defaults.seat),
                level: AiLevel::from_code(&fields.level).unwrap_or(defaults.level),
                turn_board: fields.turn_board,
            },
            choose_cards: fields.choose_cards,
            cards: std::array::from_fn(|i| Card::from_name(&fields.cards[i]).unwrap_or(Card::ALL[i])),
            // Online play is the whole page's, which reads the dialog again when it takes over: the
            // first visit's download leaves the reading of times out.
            limit: match fields.limit.as_str() {
                _ if Features::here().is_none() => Some(MoveLimit::DEFAULT),
                CUSTOM_CLOCK => custom_clock(&fields.clock_minutes, &fields.clock_increment),
                word => Some(MoveLimit::from_word(word).unwrap_or(MoveLimit::DEFAULT)),
            },
            from: fields.from.parse().ok().filter(|_| Features::here().is_some()),
            watchers: fields.watchers || Features::here().is_none(),
        }
    }

    /// The form's fields, as the dialog shows them.
    pub fn fields(&self) -> NewGameFields {
        NewGameFields {
            mode: if self.stranger { FIND } else { self.choice.kind.code() }.to_string(),
            seat: self.choice.seat.code().to_string(),
            level: self.choice.level.code().to_string(),
            turn_board: self.choice.turn_board,
            choose_cards: self.choose_cards,
            cards: self.cards.map(|card| card.name().to_string()),
            limit: match self.limit {
                _ if Features::here().is_none() => "180".to_string(),
                Some(limit) if MoveLimit::CHOICES.contains(&limit) || MoveLimit::CLOCKS.contains(&limit) => {
                    limit.to_string()
                }
                _ => CUSTOM_CLOCK.to_string(),
            },
            // A clock of one's own starts from the clock's numbers, or these (what Start reads is
            // what the dialog shows).
            clock_minutes: match self.limit {
                Some(MoveLimit::Clock { seconds, .. }) if Features::here().is_some() => minutes_of_seconds(seconds),
                _ => OWN_CLOCK.0.to_string(),
            },
            clock_increment: match self.limit {
                Some(MoveLimit::Clock { increment, .. }) if Features::here().is_some() => increment.to_string(),
                _ => OWN_CLOCK.1.to_string(),
            },
            from: self.from.filter(|_| Features::here().is_some()).map(|p| p.to_string()).unwrap_or_default(),
            watchers: self.watchers,
        }
    }

    /// What starting asks: a new game here, or, online, a friend's room with this deal, colour
    /// and limit (a random colour is the host's module's to draw; a random seat here, or a random
    /// deal from the cards on, is drawn with `dice`); a choice of cards that cannot be dealt is
    /// refused with the reason in `t.lang`.
    pub fn start(&self, dice: &mut SplitMix64, deck: CardSet) -> Result<Chosen, NewGameRefusal> {
        let online = self.stranger || self.choice.kind == ModeKind::Online;
        // Only the analysis board plays from a position (the first visit's build has none).
        if let Some(position) = self.from.filter(|_| Features::here().is_some()) {
            let coin = dice.next_u64() & 1 == 1;
            return match online {
                true => Err(NewGameRefusal::FromHereOnline),
                false => Ok(Chosen::FromHere { game: Game::new(position), mode: self.choice.mode(coin) }),
            };
        }
        if self.stranger {
            return Ok(Chosen::Stranger);
        }
        let coin = dice.next_u64() & 1 == 1;
        let new_game = self.new_game(coin, deck)?;
        if self.choice.kind != ModeKind::Online {
            let game = new_game.game(dice).map_err(NewGameRefusal::Cards)?;
            return Ok(Chosen::Game { game, mode: new_game.mode });
        }
        let deal = match new_game.cards {
            Some(cards) => DealChoice::Chosen(Deal::new(cards).map_err(NewGameRefusal::Cards)?),
            None if deck == Pack::Base.cards() => DealChoice::Random,
            None => DealChoice::Chosen(deck::drawn(deck, dice)),
        };
        let color = match self.choice.seat {
            Seat::Random => ColorChoice::Random,
            seat => ColorChoice::Is(seat.color(coin)),
        };
        let limit = match (Features::here(), self.limit) {
            (Some(_), None) => return Err(NewGameRefusal::BadClock),
            (_, limit) => limit.unwrap_or(MoveLimit::DEFAULT),
        };
        Ok(Chosen::Friend(Invitation { deal, color, limit, watchers: self.watchers }))
    }

    /// The five cards chosen as each is drawn beside its chooser: Red's two and Blue's two in
    /// their holder's colour, the side card in its stamp's.
    pub fn previews(&self) -> [(Card, Color); 5] {
        let owner = [Color::Red, Color::Red, Color::Blue, Color::Blue, self.cards[4].stamp()];
        std::array::from_fn(|slot| (self.cards[slot], owner[slot]))
    }

    /// The new game chosen, `coin` deciding a random seat, dealt from `deck` unless the five cards
    /// are chosen; a choice of cards that cannot be dealt (the same card twice) is refused.
    pub fn new_game(&self, coin: bool, deck: CardSet) -> Result<NewGame, NewGameRefusal> {
        let cards = self.choose_cards.then_some(self.cards);
        let new_game = NewGame { mode: self.choice.mode(coin), cards, position: None, deck };
        match new_game.check() {
            Ok(_) => Ok(new_game),
            Err(PositionError::DuplicateCard(card)) => {
                Err(NewGameRefusal::DuplicateCard { card, times: self.cards.iter().filter(|&&c| c == card).count() })
            }
            Err(error) => Err(NewGameRefusal::Cards(error)),
        }
    }
}

/// Why the dialog's Start was refused.
#[derive(Clone, Debug, PartialEq)]
pub enum NewGameRefusal {
    /// A game from the position shown is not played online.
    FromHereOnline,
    /// A clock of one's own that does not fit.
    BadClock,
    /// The same card chosen `times` times.
    DuplicateCard { card: Card, times: usize },
    /// Cards chosen that cannot be dealt for another reason.
    Cards(PositionError),
}

impl NewGameRefusal {
    /// The reason in `t`'s language.
    pub fn text(&self, t: &Texts) -> String {
        match self {
            NewGameRefusal::FromHereOnline => text::page_text(t, "play-here-online", &[]),
            NewGameRefusal::BadClock => text::page_text(t, "clock-bad", &[]),
            NewGameRefusal::DuplicateCard { card, times } => text::duplicate_card(t, *card, *times),
            NewGameRefusal::Cards(error) => super::error_text::position_error(t, error),
        }
    }
}

/// The new-game dialog's fields as the page holds them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewGameFields {
    pub mode: String,
    pub seat: String,
    pub level: String,
    pub turn_board: bool,
    pub choose_cards: bool,
    pub cards: [String; 5],
    /// Seconds, "none", a game clock's `<seconds>+<increment>`, or [`CUSTOM_CLOCK`].
    pub limit: String,
    /// A game clock of one's own: its minutes and its seconds added a move.
    pub clock_minutes: String,
    pub clock_increment: String,
    /// The position the game starts from, in position notation; empty for a deal.
    pub from: String,
    /// Online, "Let others watch with the link" (on unless turned off).
    pub watchers: bool,
}

/// Empty fields, but watching allowed: the dialog's switch is on until turned off.
impl Default for NewGameFields {
    fn default() -> NewGameFields {
        NewGameFields {
            mode: String::new(),
            seat: String::new(),
            level: String::new(),
            turn_board: false,
            choose_cards: false,
            cards: Default::default(),
            limit: String::new(),
            clock_minutes: String::new(),
            clock_increment: String::new(),
            from: String::new(),
            watchers: true,
        }
    }
}

/// What the New game dialog opens with (`crate::ui::new_game_defaults`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NewGameOpens {
    /// The game being played: its mode and its cards.
    Game,
    /// The analysis board's "Play from here": the position shown.
    FromHere,
    /// "Invite a friend": a game online.
    Invite,
}

/// A field of the New game dialog changed by the player, read once from the page's element.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NewGameEdit {
    Mode(String),
    Seat(String),
    Level(String),
    TurnBoard(bool),
    ChooseCards(bool),
    /// A card picked in one of the five choosers (Red's two, Blue's two, the side card).
    Card(usize, String),
    Limit(String),
    ClockMinutes(String),
    ClockIncrement(String),
    Watchers(bool),
}

/// A clock of one's own, until the player types another: minutes each, seconds added a move.
pub const OWN_CLOCK: (u32, u32) = (5, 3);

/// The card choosers' element ids, in the form's order of cards.
pub const CARD_CHOOSERS: [&str; 5] = ["setup-red-1", "setup-red-2", "setup-blue-1", "setup-blue-2", "setup-side"];

impl NewGameEdit {
    /// The change of the dialog's element `id`, now holding `value` (a switch: `checked`); none
    /// for an element that is not one of its fields.
    pub fn read(id: &str, value: String, checked: bool) -> Option<NewGameEdit> {
        Some(match id {
            "setup-mode" => NewGameEdit::Mode(value),
            "setup-colour" => NewGameEdit::Seat(value),
            "setup-level" => NewGameEdit::Level(value),
            "setup-turn" => NewGameEdit::TurnBoard(checked),
            "setup-choose-cards" => NewGameEdit::ChooseCards(checked),
            "setup-limit" => NewGameEdit::Limit(value),
            "setup-clock-minutes" => NewGameEdit::ClockMinutes(value),
            "setup-clock-increment" => NewGameEdit::ClockIncrement(value),
            "setup-watchers" => NewGameEdit::Watchers(checked),
            _ => NewGameEdit::Card(CARD_CHOOSERS.iter().position(|&chooser| chooser == id)?, value),
        })
    }

    /// The fields with this change; a card picked means the five cards shown are the ones dealt.
    pub fn apply(self, fields: &mut NewGameFields) {
        match self {
            NewGameEdit::Mode(value) => fields.mode = value,
            NewGameEdit::Seat(value) => fields.seat = value,
            NewGameEdit::Level(value) => fields.level = value,
            NewGameEdit::TurnBoard(on) => fields.turn_board = on,
            NewGameEdit::ChooseCards(on) => fields.choose_cards = on,
            NewGameEdit::Card(slot, name) => {
                fields.cards[slot] = name;
                fields.choose_cards = true;
            }
            NewGameEdit::Limit(value) => fields.limit = value,
            NewGameEdit::ClockMinutes(value) => fields.clock_minutes = value,
            NewGameEdit::ClockIncrement(value) => fields.clock_increment = value,
            NewGameEdit::Watchers(on) => fields.watchers = on,
        }
    }
}

/// Which of the dialog's rows show for the chosen way of playing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NewGameRows {
    pub seat: bool,
    pub level: bool,
    pub turn_board: bool,
    pub limit: bool,
    /// The minutes and the increment of a game clock of one's own.
    pub custom_clock: bool,
    /// Whether others may watch with the friend's link.
    pub watchers: bool,
    /// The five cards and the cards to deal from (a stranger's game is dealt from the base cards).
    pub cards: bool,
}

/// The rows for the dialog's choice of how to play (a `ModeKind` code, or [`FIND`]), whether
/// the game starts from a position (which has its cards already), and the limit's choice.
pub fn rows(code: &str, from_position: bool, limit: &str) -> NewGameRows {
    let kind = ModeKind::from_dialog_code(code).unwrap_or(ModeKind::VsAi);
    let here = code != FIND;
    NewGameRows {
        seat: here && matches!(kind, ModeKind::VsAi | ModeKind::Online),
        level: here && matches!(kind, ModeKind::VsAi | ModeKind::Watch),
        turn_board: here && kind == ModeKind::PassAndPlay,
        limit: here && kind == ModeKind::Online && !from_position,
        custom_clock: here && kind == ModeKind::Online && !from_position && limit == CUSTOM_CLOCK,
        watchers: here && kind == ModeKind::Online && !from_position,
        cards: here && !from_position,
    }
}

/// Options for a new game, as the dialog and the API give them.
#[derive(Clone, Debug)]
pub struct NewGame {
    pub mode: Mode,
    /// Five chosen cards (Red, Red, Blue, Blue, side), or `None` for a random deal.
    pub cards: Option<[Card; 5]>,
    /// Start from this position instead of a deal.
    pub position: Option<Position>,
    /// The cards a random deal draws from.
    pub deck: CardSet,
}

impl NewGame {
    /// Whether the game can be had: five chosen cards that can be dealt (a position and a deal at
    /// random always can).
    pub fn check(&self) -> Result<(), PositionError> {
        match (self.position, self.cards) {
            (None, Some(cards)) => Deal::new(cards).map(|_| ()),
            _ => Ok(()),
        }
    }

    /// The game, a deal at random drawn with `dice`.
    pub fn game(&self, dice: &mut SplitMix64) -> Result<Game, PositionError> {
        Ok(match (self.position, self.cards) {
            (Some(position), _) => Game::new(position),
            (None, Some(cards)) => Game::from_deal(&Deal::new(cards)?),
            (None, None) => Game::from_deal(&deck::drawn(self.deck, dice)),
        })
    }
}
