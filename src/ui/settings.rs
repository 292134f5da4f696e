//! What the player chose and the page remembers apart from any game: the language, the
//! theme, the evaluation bar, sound, coordinates, how fast the AI plays itself, the cards dealt from.

use super::text::Lang;
use crate::rules::CardSet;

/// Light or dark colours, or whatever the system prefers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Theme {
    #[default]
    System,
    Light,
    Dark,
}

impl Theme {
    pub const ALL: [Theme; 3] = [Theme::System, Theme::Light, Theme::Dark];

    pub fn code(self) -> &'static str {
        match self {
            Theme::System => "system",
            Theme::Light => "light",
            Theme::Dark => "dark",
        }
    }

    pub fn from_code(code: &str) -> Option<Theme> {
        Theme::ALL.into_iter().find(|theme| theme.code() == code)
    }
}

/// How fast the AI's moves follow each other when it plays itself: how long each rests on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum WatchSpeed {
    Slow,
    #[default]
    Normal,
    Fast,
}

impl WatchSpeed {
    pub const ALL: [WatchSpeed; 3] = [WatchSpeed::Slow, WatchSpeed::Normal, WatchSpeed::Fast];

    pub fn code(self) -> &'static str {
        match self {
            WatchSpeed::Slow => "slow",
            WatchSpeed::Normal => "normal",
            WatchSpeed::Fast => "fast",
        }
    }

    pub fn from_code(code: &str) -> Option<WatchSpeed> {
        WatchSpeed::ALL.into_iter().find(|speed| speed.code() == code)
    }

    /// How long a move rests on the board after its slide, before the next is shown.
    pub fn rest_ms(self) -> f64 {
        match self {
            WatchSpeed::Slow => 2400.0,
            WatchSpeed::Normal => 900.0,
            WatchSpeed::Fast => 150.0,
        }
    }
}

/// What the player chose and the page remembers apart from any game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Settings {
    pub language: Lang,
    /// Whether the evaluation bar is shown (the AI then evaluates every position).
    pub evaluation: bool,
    pub sound: bool,
    pub theme: Theme,
    /// Letters and digits along the board's edges.
    pub coordinates: bool,
    /// How fast the AI plays itself.
    pub watch_speed: WatchSpeed,
    /// The cards a new game is dealt from (at least five: `deck` keeps them).
    pub cards: CardSet,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            language: Lang::En,
            evaluation: false,
            sound: true,
            theme: Theme::System,
            coordinates: false,
            watch_speed: WatchSpeed::Normal,
            cards: super::deck::DEFAULT,
        }
    }
}
