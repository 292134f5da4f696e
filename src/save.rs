//! The saved game and settings as text, and the game link's fragment. Pure Rust (the page keeps
//! the text in localStorage), so the decoding is tested and fuzzed natively.
//!
//! ```text
//! onitama-save 1
//! mode ai red 4
//! evaluation off
//! language fa
//! aside mode two turn
//! aside start bbBbb/5/5/5/rrRrr boar,ox elephant,horse crab r
//! aside moves boar:c1c2
//! start bbBbb/5/5/5/rrRrr boar,ox elephant,horse crab r
//! moves boar:c1c2
//! ```
//!
//! The `aside` lines hold a game in progress that a puzzle, another game's review or an opened
//! record took the place of, to come back to. A `puzzle <id> <plies> daily|chosen [helped] [shown]`
//! line says the game is a puzzle of the set (`helped`: a hint was asked for or a try failed;
//! `shown`: its solution is played out on the board). A `tutorial <step>` line says the game is that step of the tutorial (0 for the first).
//! An `analysis [<ply>]` line says the game is the line explored on the analysis board, shown after
//! its first `ply` moves (all of them without a number); each `variation <moves>` line after it is
//! a line explored there, from the game's start; a `setup <position>` line after them, that a
//! position is being set up there (in position notation, whatever it holds: two masters of a colour
//! or a card twice are kept as the player left them).

use crate::mode::{Mode, ModeError};
use crate::rules::{Game, RecordError};
use thiserror::Error;

/// The save format this build writes and reads.
pub const FORMAT: u32 = 1;
const MAGIC: &str = "onitama-save";

#[derive(Clone, Debug, PartialEq)]
pub struct SaveFile {
    pub game: Game,
    pub mode: Mode,
    pub show_evaluation: bool,
    /// A language code (`en`, `fa`, …); `None` follows the browser.
    pub language: Option<String>,
    /// The game is this puzzle of the set: its id, its plies, whether it is the daily one, and
    /// whether its solution is shown (`puzzle 12 5 chosen shown`).
    pub puzzle: Option<SavedPuzzle>,
    /// The player's game in progress, put aside while this one is shown.
    pub aside: Option<AsideGame>,
    /// An online game's seat, secret and clock, as the online module last gave them: after a
    /// reload they take the page back into the same game.
    pub online: Option<String>,
    /// The game is this step of the tutorial (0 for the first): `tutorial 5`.
    pub tutorial: Option<usize>,
    /// The game is the line explored on the analysis board: `analysis`.
    pub analysis: Option<SavedAnalysis>,
}

/// The analysis board as saved: where it is in the game's line, and every line explored.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SavedAnalysis {
    /// How many of the game's moves the board shows (`None`: all of them).
    pub ply: Option<usize>,
    /// The lines explored, each from the game's start, in move notation as saved: the analysis
    /// board reads them (as far as each is legal), so that the first visit's build, which has
    /// none, does not carry their reading.
    pub variations: Vec<String>,
    /// The position being set up there, in notation as saved (`setup <position>`): the analysis
    /// board reads it, as it reads the lines explored.
    pub setup: Option<String>,
}

/// A game in progress put aside, with how it was played.
#[derive(Clone, Debug, PartialEq)]
pub struct AsideGame {
    pub game: Game,
    pub mode: Mode,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SavedPuzzle {
    pub id: u32,
    pub plies: u32,
    pub daily: bool,
    /// Its solution is played out on the board (it does not count as solved).
    pub shown: bool,
    /// A hint was asked for or a try failed: a win is a solve with help.
    pub helped: bool,
}

pub fn encode(save: &SaveFile) -> String {
    let mode = save.mode;
    let mut text =
        format!("{MAGIC} {FORMAT}\nmode {mode}\nevaluation {}\n", if save.show_evaluation { "on" } else { "off" });
    if let Some(language) = &save.language {
        text.push_str(&format!("language {language}\n"));
    }
    if let Some(SavedPuzzle { id, plies, daily, shown, helped }) = save.puzzle {
        let daily = if daily { "daily" } else { "chosen" };
        let (helped, shown) = (if helped { " helped" } else { "" }, if shown { " shown" } else { "" });
        text.push_str(&format!("puzzle {id} {plies} {daily}{helped}{shown}\n"));
    }
    if let Some(step) = save.tutorial {
        text.push_str(&format!("tutorial {step}\n"));
    }
    if let Some(analysis) = &save.analysis {
        match analysis.ply {
            Some(ply) => text.push_str(&format!("analysis {ply}\n")),
            None => text.push_str("analysis\n"),
        }
        for line in &analysis.variations {
            text.push_str(&format!("variation {line}\n"));
        }
        // Only the whole page sets positions up (the first visit's build leaves this out).
        if let Some(setup) = analysis.setup.as_ref().filter(|_| !cfg!(feature = "first-visit")) {
            text.push_str(&format!("setup {setup}\n"));
        }
    }
    if let Some(AsideGame { game, mode }) = &save.aside {
        text.push_str(&format!("aside mode {mode}\n"));
        for line in game.to_record().lines() {
            text.push_str(&format!("aside {line}\n"));
        }
    }
    if let Some(online) = &save.online {
        text.push_str(&format!("online {online}\n"));
    }
    text.push_str(&save.game.to_record());
    text
}

/// Why a save cannot be read. Each variant carries what its message needs (text from the save is
/// kept verbatim but shortened to 40 characters), so the page can say it in any language.
#[derive(Clone, PartialEq, Eq, Debug, Error)]
pub enum SaveError {
    /// The first line is not `onitama-save <format>`.
    #[error("it is not an Onitama save (an older version may have written it)")]
    NotASave,
    #[error("it was written in save format {found}, and this version reads format {supported}")]
    UnsupportedFormat { found: u32, supported: u32 },
    #[error("its format number '{0}' is not a number")]
    BadFormatNumber(String),
    #[error("it names an unknown way to play '{0}'")]
    UnknownMode(String),
    #[error("it names an unknown colour '{0}'")]
    UnknownColor(String),
    #[error("it names level '{0}', which does not exist")]
    UnknownLevel(String),
    #[error("evaluation must be on or off, not '{0}'")]
    BadEvaluation(String),
    #[error("it has an unknown line '{0}'")]
    UnknownLine(String),
    /// No `mode` line.
    #[error("it does not say who plays which side")]
    MissingMode,
    /// No `start` line.
    #[error("it holds no game")]
    NoGame,
    #[error("its game record is broken: {0}")]
    BrokenRecord(#[source] RecordError),
}

/// Reads a save, or says why it cannot be read.
///
/// ```
/// use onitama::save::{self, SaveError};
/// let err = save::decode("onitama-save 7\n").unwrap_err();
/// assert_eq!(err, SaveError::UnsupportedFormat { found: 7, supported: save::FORMAT });
/// assert_eq!(err.to_string(), "it was written in save format 7, and this version reads format 1");
/// ```
pub fn decode(text: &str) -> Result<SaveFile, SaveError> {
    let mut lines = text.lines();
    let first = lines.next().unwrap_or_default().trim();
    let version = first.strip_prefix(MAGIC).ok_or(SaveError::NotASave)?.trim();
    match version.parse::<u32>() {
        Ok(FORMAT) => {}
        Ok(found) => return Err(SaveError::UnsupportedFormat { found, supported: FORMAT }),
        Err(_) => return Err(SaveError::BadFormatNumber(shorten(version))),
    }
    let (mut mode, mut show_evaluation, mut language, mut puzzle) = (None, false, None, None);
    let (mut aside_mode, mut aside_record, mut tutorial) = (None, String::new(), None);
    let (mut online, mut analysis) = (None, None::<SavedAnalysis>);
    let mut record = String::new();
    for line in lines {
        let (key, value) = line.trim().split_once(' ').unwrap_or((line.trim(), ""));
        match key {
            _ if !record.is_empty() => {
                record.push_str(line);
                record.push('\n');
            }
            "mode" => mode = Some(decode_mode(value)?),
            "evaluation" => {
                show_evaluation = match value {
                    "on" => true,
                    "off" => false,
                    other => return Err(SaveError::BadEvaluation(shorten(other))),
                }
            }
            "language" if !value.is_empty() && value.len() <= 8 && value.bytes().all(|b| b.is_ascii_alphabetic()) => {
                language = Some(value.to_string())
            }
            "puzzle" => {
                let bad = || SaveError::UnknownLine(shorten(line));
                let (value, shown) = value.strip_suffix(" shown").map_or((value, false), |v| (v, true));
                let (value, helped) = value.strip_suffix(" helped").map_or((value, false), |v| (v, true));
                let [id, plies, daily] = value.split(' ').collect::<Vec<_>>()[..] else { return Err(bad()) };
                puzzle = Some(SavedPuzzle {
                    id: id.parse().map_err(|_| bad())?,
                    plies: plies.parse().map_err(|_| bad())?,
                    daily: match daily {
                        "daily" => true,
                        "chosen" => false,
                        _ => return Err(bad()),
                    },
                    shown,
                    helped,
                });
            }
            "tutorial" => tutorial = Some(value.parse().map_err(|_| SaveError::UnknownLine(shorten(line)))?),
            "analysis" if value.is_empty() => analysis = Some(SavedAnalysis::default()),
            "analysis" => {
                let ply = value.parse().map_err(|_| SaveError::UnknownLine(shorten(line)))?;
                analysis = Some(SavedAnalysis { ply: Some(ply), ..SavedAnalysis::default() });
            }
            // Read by the analysis board: a line explored that cannot be read is lost alone.
            "variation" => {
                if let Some(analysis) = analysis.as_mut() {
                    analysis.variations.push(value.to_string());
                }
            }
            // The first visit hands a save with a setup to the whole page, which reads it.
            "setup" if cfg!(feature = "first-visit") => {}
            "setup" => {
                if let Some(analysis) = analysis.as_mut() {
                    analysis.setup = Some(value.to_string());
                }
            }
            "aside" => match value.split_once(' ') {
                Some(("mode", text)) => aside_mode = Some(decode_mode(text)?),
                _ => {
                    aside_record.push_str(value);
                    aside_record.push('\n');
                }
            },
            // The online module's own text: it reads it (and refuses a damaged one) when the page
            // gives it back.
            "online" if !value.is_empty() => online = Some(value.to_string()),
            "start" => {
                record.push_str(line);
                record.push('\n');
            }
            "" => {}
            _ => return Err(SaveError::UnknownLine(shorten(line))),
        }
    }
    let mode = mode.ok_or(SaveError::MissingMode)?;
    if record.is_empty() {
        return Err(SaveError::NoGame);
    }
    let game = Game::from_record(&record).map_err(SaveError::BrokenRecord)?;
    // A damaged game aside must not cost the game on the board: it alone is dropped.
    let aside = aside_mode.zip(Game::from_record(&aside_record).ok()).map(|(mode, game)| AsideGame { game, mode });
    // An online game without its seat can only be looked at, as two people's game.
    let mode = match (mode, &online) {
        (Mode::Online { .. }, None) => Mode::PassAndPlay { turn_board: false },
        _ => mode,
    };
    Ok(SaveFile { game, mode, show_evaluation, language, puzzle, aside, tutorial, online, analysis })
}

fn decode_mode(value: &str) -> Result<Mode, SaveError> {
    value.parse().map_err(|error| match error {
        ModeError::UnknownMode(text) => SaveError::UnknownMode(shorten(&text)),
        ModeError::UnknownColor(text) => SaveError::UnknownColor(shorten(&text)),
        ModeError::UnknownLevel(text) => SaveError::UnknownLevel(shorten(&text)),
    })
}

/// At most 40 characters of untrusted text, for messages.
fn shorten(text: &str) -> String {
    let mut short: String = text.chars().take(40).collect();
    if short.len() < text.len() {
        short.push('…');
    }
    short
}

/// The link fragment that opens `game`: `#game=` and the record, percent-encoded, then how it
/// was played (`&mode=ai%20red%202`), so that a friend sees who played it.
pub fn link_fragment(game: &Game, mode: Option<Mode>) -> String {
    let mode = mode.map(|mode| format!("&mode={}", percent_encode(&mode.to_string()))).unwrap_or_default();
    format!("#game={}{mode}", percent_encode(&game.to_record()))
}

/// The link fragment that opens the analysis board on `game`'s line: `#analysis=` and the record,
/// percent-encoded (a position alone is a record without moves).
pub fn analysis_fragment(game: &Game) -> String {
    format!("#analysis={}", percent_encode(&game.to_record()))
}

/// The line in an analysis link's fragment: `None` without one, or why it cannot be opened.
pub fn analysis_from_fragment(fragment: &str) -> Option<Result<Game, LinkError>> {
    let encoded = fragment.strip_prefix("#analysis=")?;
    let record = percent_decode(encoded).ok_or(LinkError::BadEncoding);
    Some(record.and_then(|record| Game::from_record(&record).map_err(LinkError::BrokenRecord)))
}

/// A game from a link, and how it was played when the link says (links from before it did not).
#[derive(Clone, Debug, PartialEq)]
pub struct Linked {
    pub game: Game,
    pub mode: Option<Mode>,
}

/// Why the game in a link cannot be opened.
#[derive(Clone, PartialEq, Eq, Debug, Error)]
pub enum LinkError {
    /// A `%` not followed by two hex digits, or bytes that are not UTF-8.
    #[error("the link is damaged (bad % encoding)")]
    BadEncoding,
    #[error("the game in the link is broken: {0}")]
    BrokenRecord(#[source] RecordError),
}

/// The game in a link's fragment: `None` without one, or why it cannot be opened. A mode this
/// version cannot read is left out (the game is shown as a record).
pub fn game_from_fragment(fragment: &str) -> Option<Result<Linked, LinkError>> {
    let encoded = fragment.strip_prefix("#game=")?;
    // A record is percent-encoded whole: its first `&` begins what follows it.
    let (encoded, rest) = encoded.split_once('&').unwrap_or((encoded, ""));
    let mode = rest.strip_prefix("mode=").and_then(percent_decode).and_then(|mode| mode.parse::<Mode>().ok());
    Some(
        percent_decode(encoded)
            .ok_or(LinkError::BadEncoding)
            .and_then(|record| Game::from_record(&record).map_err(LinkError::BrokenRecord))
            .map(|game| Linked { game, mode }),
    )
}

/// Percent-encodes every byte but letters, digits and `-_.~`.
pub fn percent_encode(text: &str) -> String {
    let mut out = String::with_capacity(text.len() * 2);
    for byte in text.bytes() {
        if byte.is_ascii_alphanumeric() || b"-_.~".contains(&byte) {
            out.push(char::from(byte));
        } else {
            out.push_str(&format!("%{byte:02X}"));
        }
    }
    out
}

/// Decodes `%XX` escapes; `None` for a broken escape or text that is not UTF-8.
pub fn percent_decode(text: &str) -> Option<String> {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut index = 0;
    while index < bytes.len() {
        if bytes[index] == b'%' {
            let hex = bytes.get(index + 1..index + 3)?;
            if !hex.iter().all(u8::is_ascii_hexdigit) {
                return None;
            }
            out.push(u8::from_str_radix(std::str::from_utf8(hex).ok()?, 16).ok()?);
            index += 3;
        } else {
            out.push(bytes[index]);
            index += 1;
        }
    }
    String::from_utf8(out).ok()
}

/// The player's settings, saved apart from the game so that a damaged game keeps them.
///
/// ```text
/// onitama-settings 1
/// evaluation on
/// sound off
/// theme dark
/// coordinates on
/// watch-speed fast
/// language fa
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SettingsFile {
    /// A language code (`en`, `fa`, …); `None` follows the browser.
    pub language: Option<String>,
    pub evaluation: bool,
    pub sound: bool,
    /// `system`, `light` or `dark`.
    pub theme: String,
    pub coordinates: bool,
    /// `slow`, `normal` or `fast`: how fast the AI plays itself.
    pub watch_speed: String,
    /// The names of the cards dealt from, each followed by `,`; `None` (saves from before) is the base game's.
    pub cards: Option<String>,
}

impl Default for SettingsFile {
    fn default() -> SettingsFile {
        SettingsFile {
            language: None,
            evaluation: false,
            sound: true,
            theme: "system".into(),
            coordinates: false,
            watch_speed: "normal".into(),
            cards: None,
        }
    }
}

const SETTINGS_MAGIC: &str = "onitama-settings 1";

pub fn encode_settings(settings: &SettingsFile) -> String {
    let on = |flag: bool| if flag { "on" } else { "off" };
    let mut text = format!(
        "{SETTINGS_MAGIC}\nevaluation {}\nsound {}\ntheme {}\ncoordinates {}\nwatch-speed {}\n",
        on(settings.evaluation),
        on(settings.sound),
        settings.theme,
        on(settings.coordinates),
        settings.watch_speed
    );
    if let Some(language) = &settings.language {
        text.push_str(&format!("language {language}\n"));
    }
    if let Some(cards) = &settings.cards {
        text.push_str(&format!("cards {cards}\n"));
    }
    text
}

/// Reads saved settings; a line it does not know (from a later version) or cannot read keeps
/// that setting's default.
///
/// ```
/// use onitama::save::{self, SettingsFile};
/// let settings = SettingsFile { language: Some("fa".into()), sound: false, ..SettingsFile::default() };
/// assert_eq!(save::decode_settings(&save::encode_settings(&settings)), Some(settings));
/// assert_eq!(save::decode_settings("something else"), None);
/// ```
pub fn decode_settings(text: &str) -> Option<SettingsFile> {
    let mut lines = text.lines();
    if lines.next()?.trim() != SETTINGS_MAGIC {
        return None;
    }
    let mut settings = SettingsFile::default();
    let word = |value: &str| !value.is_empty() && value.len() <= 8 && value.bytes().all(|b| b.is_ascii_alphabetic());
    for line in lines {
        let Some((key, value)) = line.trim().split_once(' ') else { continue };
        let flag = match value {
            "on" => Some(true),
            "off" => Some(false),
            _ => None,
        };
        match (key, flag) {
            ("evaluation", Some(on)) => settings.evaluation = on,
            ("sound", Some(on)) => settings.sound = on,
            ("coordinates", Some(on)) => settings.coordinates = on,
            ("theme", _) if word(value) => settings.theme = value.to_string(),
            ("watch-speed", _) if word(value) => settings.watch_speed = value.to_string(),
            ("language", _) if word(value) => settings.language = Some(value.to_string()),
            ("cards", _) if value.bytes().all(|b| b.is_ascii_lowercase() || b == b'-' || b == b',') => {
                settings.cards = Some(value.to_string());
            }
            _ => {}
        }
    }
    Some(settings)
}

/// How many finished games the browser keeps for review.
pub const FINISHED_KEPT: usize = 100;

/// A finished game kept for review, with who played it (older entries may not say).
#[derive(Clone, Debug, PartialEq)]
pub struct FinishedGame {
    pub game: Game,
    pub mode: Option<Mode>,
}

/// The finished games kept, oldest first: each a `# mode …` line and the record, apart by a
/// blank line. A damaged record is skipped; the others stay readable.
pub fn decode_finished(text: &str) -> Vec<FinishedGame> {
    // What `text.split("\n\n")` gives, one `split_once` at a time: the splitting iterator keeps
    // a searcher that might have an empty needle, and with it a checked slice whose panic message
    // brings the wasm `char`'s `Debug` and its Unicode tables (4 KB gzipped).
    let mut games = Vec::new();
    let mut rest = Some(text);
    while let Some(text) = rest {
        let (block, tail) = text.split_once("\n\n").map_or((text, None), |(block, tail)| (block, Some(tail)));
        let mode = block.lines().next().and_then(|line| line.strip_prefix("# mode ")).and_then(|m| decode_mode(m).ok());
        games.extend(Game::from_record(block).ok().map(|game| FinishedGame { game, mode }));
        rest = tail;
    }
    games
}

/// The list with `game` (played in `mode`) added last (once: the same record moves to the
/// end), keeping the last `FINISHED_KEPT`.
pub fn with_finished(kept: Vec<FinishedGame>, game: &Game, mode: Mode) -> Vec<FinishedGame> {
    let record = game.to_record();
    let mut kept: Vec<FinishedGame> = kept.into_iter().filter(|f| f.game.to_record() != record).collect();
    kept.push(FinishedGame { game: game.clone(), mode: Some(mode) });
    let skip = kept.len().saturating_sub(FINISHED_KEPT);
    kept.split_off(skip)
}

/// The stored list `text` with `game` added as [`with_finished`] adds it: what another tab kept
/// meanwhile stays.
pub fn add_finished(text: Option<&str>, game: &Game, mode: Mode) -> String {
    let blocks: Vec<String> = with_finished(decode_finished(text.unwrap_or_default()), game, mode)
        .iter()
        .map(|f| {
            let mode = f.mode.map(|m| format!("# mode {m}\n")).unwrap_or_default();
            format!("{mode}{}", f.game.to_record().trim_end())
        })
        .collect();
    blocks.join("\n\n")
}
