//! Who plays which side: a person against the AI at one of its levels, two people on one device,
//! or the AI against itself. Each is written one way in saves, scripts and the page's choosers,
//! and parsed here only.

use crate::ai::Level;
use crate::rules::Color;
use std::fmt;

/// One of the AI's playing levels, weakest first (an index into `Level::ALL`, checked).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct AiLevel(u8);

impl AiLevel {
    pub const COUNT: usize = Level::ALL.len();
    /// The level a new player meets first.
    pub const DEFAULT: AiLevel = AiLevel(Level::DEFAULT as u8);
    pub const WEAKEST: AiLevel = AiLevel(0);
    pub const STRONGEST: AiLevel = AiLevel(Level::ALL.len() as u8 - 1);

    /// Every level, weakest first.
    pub fn all() -> impl Iterator<Item = AiLevel> {
        (0..Self::COUNT as u8).map(AiLevel)
    }

    /// The level at this place of the ladder (0 is the weakest), as scripts and saves give it.
    ///
    /// ```
    /// use onitama::mode::AiLevel;
    /// assert_eq!(AiLevel::from_index(0), Some(AiLevel::WEAKEST));
    /// assert_eq!(AiLevel::from_index(AiLevel::COUNT), None);
    /// ```
    pub fn from_index(index: usize) -> Option<AiLevel> {
        (index < Self::COUNT).then_some(AiLevel(index as u8))
    }

    /// The level at `index`, for constants: a missing level fails at compile time there.
    pub const fn nth(index: usize) -> AiLevel {
        assert!(index < Self::COUNT, "no such level");
        AiLevel(index as u8)
    }

    pub fn index(self) -> usize {
        usize::from(self.0)
    }

    /// The level's name: how the worker and the page's chooser name it.
    ///
    /// ```
    /// use onitama::mode::AiLevel;
    /// assert_eq!(AiLevel::WEAKEST.code(), "novice");
    /// assert_eq!(AiLevel::from_code("master"), Some(AiLevel::STRONGEST));
    /// ```
    pub fn code(self) -> &'static str {
        self.params().name
    }

    pub fn from_code(code: &str) -> Option<AiLevel> {
        AiLevel::all().find(|level| level.code() == code)
    }

    /// How this level searches and chooses.
    pub fn params(self) -> Level {
        Level::ALL[self.index()]
    }
}

impl Default for AiLevel {
    fn default() -> AiLevel {
        AiLevel::DEFAULT
    }
}

/// The ways to play, without their details.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ModeKind {
    VsAi,
    PassAndPlay,
    Watch,
    Online,
}

impl ModeKind {
    /// The ways a new game is chosen in the dialog and by `game_new`: an online game is made
    /// with the other player, through "Play online".
    pub const ALL: [ModeKind; 3] = [ModeKind::VsAi, ModeKind::PassAndPlay, ModeKind::Watch];

    /// "ai", "two", "watch" or "online": the word in saves, scripts and the page's chooser.
    pub fn code(self) -> &'static str {
        match self {
            ModeKind::VsAi => "ai",
            ModeKind::PassAndPlay => "two",
            ModeKind::Watch => "watch",
            ModeKind::Online => "online",
        }
    }

    /// One of the kinds a new game is chosen as (never "online").
    pub fn from_code(code: &str) -> Option<ModeKind> {
        ModeKind::ALL.into_iter().find(|kind| kind.code() == code)
    }

    /// One of the new-game dialog's choices, which also invites a friend online.
    pub fn from_dialog_code(code: &str) -> Option<ModeKind> {
        ModeKind::from_code(code).or((code == ModeKind::Online.code()).then_some(ModeKind::Online))
    }
}

/// Who plays which side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// A person against the AI at `level`.
    VsAi { human: Color, level: AiLevel },
    /// Two people on one device; the board can turn to face whoever moves.
    PassAndPlay { turn_board: bool },
    /// The AI plays itself.
    Watch { level: AiLevel },
    /// A person here against a person in another browser, who plays the other colour; or, with
    /// no colour, this page watches two people's game in other browsers (read-only).
    Online { you: Option<Color> },
}

impl Default for Mode {
    /// A new player's first game: Red against the AI's first level for newcomers.
    fn default() -> Mode {
        Mode::VsAi { human: Color::Red, level: AiLevel::DEFAULT }
    }
}

impl Mode {
    pub fn kind(self) -> ModeKind {
        match self {
            Mode::VsAi { .. } => ModeKind::VsAi,
            Mode::PassAndPlay { .. } => ModeKind::PassAndPlay,
            Mode::Watch { .. } => ModeKind::Watch,
            Mode::Online { .. } => ModeKind::Online,
        }
    }

    /// The colour online play dealt this page (none for a watcher, or in a game of this device).
    pub fn online_seat(self) -> Option<Color> {
        match self {
            Mode::Online { you } => you,
            _ => None,
        }
    }

    /// Whether a person on this device plays `color`.
    pub fn is_human(self, color: Color) -> bool {
        match self {
            Mode::VsAi { human, .. } => human == color,
            Mode::PassAndPlay { .. } => true,
            Mode::Watch { .. } => false,
            Mode::Online { you } => you == Some(color),
        }
    }

    /// Whether the AI plays `color` (online, the other side is a person elsewhere).
    pub fn is_ai(self, color: Color) -> bool {
        match self {
            Mode::VsAi { human, .. } => human != color,
            Mode::Watch { .. } => true,
            Mode::PassAndPlay { .. } | Mode::Online { .. } => false,
        }
    }

    /// The level the AI plays at; none when two people play (the AI only gives hints then,
    /// which search for a time, not at a level).
    pub fn level(self) -> Option<AiLevel> {
        match self {
            Mode::VsAi { level, .. } | Mode::Watch { level } => Some(level),
            Mode::PassAndPlay { .. } | Mode::Online { .. } => None,
        }
    }

    /// Whether this page watches an online game of two people elsewhere (a spectator).
    pub fn spectates(self) -> bool {
        self == Mode::Online { you: None }
    }

    /// Whether the board turns to face whoever moves.
    pub fn turns_board(self) -> bool {
        matches!(self, Mode::PassAndPlay { turn_board: true })
    }

    /// The colour of the one person on this device: against the AI, or online (none watching).
    pub fn human(self) -> Option<Color> {
        match self {
            Mode::VsAi { human, .. } => Some(human),
            Mode::Online { you } => you,
            _ => None,
        }
    }
}

/// As saves write it: `ai red 4`, `two turn`, `two fixed`, `watch 0`, `online blue`, `online -`
/// (watching).
impl fmt::Display for Mode {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match *self {
            Mode::VsAi { human, level } => write!(f, "ai {} {}", human.code(), level.index()),
            Mode::PassAndPlay { turn_board } => write!(f, "two {}", if turn_board { "turn" } else { "fixed" }),
            Mode::Watch { level } => write!(f, "watch {}", level.index()),
            Mode::Online { you } => write!(f, "online {}", you.map_or("-", Color::code)),
        }
    }
}

/// What is wrong in a written mode; each carries the offending word.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ModeError {
    UnknownMode(String),
    UnknownColor(String),
    UnknownLevel(String),
}

impl std::str::FromStr for Mode {
    type Err = ModeError;

    /// Reads what `Display` writes.
    ///
    /// ```
    /// use onitama::mode::{AiLevel, Mode, ModeError};
    /// use onitama::rules::Color;
    /// let mode: Mode = "ai blue 3".parse().unwrap();
    /// assert_eq!(mode, Mode::VsAi { human: Color::Blue, level: AiLevel::from_index(3).unwrap() });
    /// assert_eq!(mode.to_string().parse(), Ok(mode));
    /// assert_eq!("watch 12".parse::<Mode>(), Err(ModeError::UnknownLevel("12".into())));
    /// // A page watching two people's game online.
    /// assert_eq!("online -".parse(), Ok(Mode::Online { you: None }));
    /// ```
    fn from_str(text: &str) -> Result<Mode, ModeError> {
        let words: Vec<&str> = text.split_whitespace().collect();
        let level = |word: &str| {
            word.parse().ok().and_then(AiLevel::from_index).ok_or_else(|| ModeError::UnknownLevel(word.to_string()))
        };
        match words[..] {
            ["ai", human, number] => Ok(Mode::VsAi {
                human: Color::from_code(human).ok_or_else(|| ModeError::UnknownColor(human.to_string()))?,
                level: level(number)?,
            }),
            ["two", "turn"] => Ok(Mode::PassAndPlay { turn_board: true }),
            ["two", "fixed"] => Ok(Mode::PassAndPlay { turn_board: false }),
            ["watch", number] => Ok(Mode::Watch { level: level(number)? }),
            ["online", "-"] => Ok(Mode::Online { you: None }),
            ["online", you] => Ok(Mode::Online {
                you: Some(Color::from_code(you).ok_or_else(|| ModeError::UnknownColor(you.to_string()))?),
            }),
            _ => Err(ModeError::UnknownMode(text.to_string())),
        }
    }
}

/// The side a person takes against the AI, as the new-game dialog and scripts choose it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Seat {
    Red,
    Blue,
    /// Decided by a coin when the game starts.
    Random,
}

impl Seat {
    pub const ALL: [Seat; 3] = [Seat::Red, Seat::Blue, Seat::Random];

    pub fn code(self) -> &'static str {
        match self {
            Seat::Red => "red",
            Seat::Blue => "blue",
            Seat::Random => "random",
        }
    }

    pub fn from_code(code: &str) -> Option<Seat> {
        Seat::ALL.into_iter().find(|seat| seat.code() == code)
    }

    pub fn of(color: Color) -> Seat {
        match color {
            Color::Red => Seat::Red,
            Color::Blue => Seat::Blue,
        }
    }

    /// The colour taken, with `coin` deciding a random seat.
    pub fn color(self, coin: bool) -> Color {
        match self {
            Seat::Red => Color::Red,
            Seat::Blue => Color::Blue,
            Seat::Random if coin => Color::Blue,
            Seat::Random => Color::Red,
        }
    }
}

/// A way to play as chosen before the game: in the new-game dialog or by a script.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ModeChoice {
    pub kind: ModeKind,
    pub seat: Seat,
    pub level: AiLevel,
    pub turn_board: bool,
}

impl Default for ModeChoice {
    fn default() -> ModeChoice {
        ModeChoice::of(Mode::default())
    }
}

impl ModeChoice {
    /// The choice that would play `mode` again (what the dialog opens with).
    /// After an online game, the dialog offers a game against the AI in the same colour.
    pub fn of(mode: Mode) -> ModeChoice {
        let seat = mode.human().map_or(Seat::Red, Seat::of);
        let turn_board = !matches!(mode, Mode::PassAndPlay { turn_board: false });
        let kind = match mode.kind() {
            ModeKind::Online => ModeKind::VsAi,
            kind => kind,
        };
        ModeChoice { kind, seat, level: mode.level().unwrap_or_default(), turn_board }
    }

    /// The mode chosen, with `coin` deciding a random seat.
    pub fn mode(self, coin: bool) -> Mode {
        match self.kind {
            ModeKind::VsAi => Mode::VsAi { human: self.seat.color(coin), level: self.level },
            ModeKind::PassAndPlay => Mode::PassAndPlay { turn_board: self.turn_board },
            ModeKind::Watch => Mode::Watch { level: self.level },
            ModeKind::Online => Mode::Online { you: Some(self.seat.color(coin)) },
        }
    }
}
