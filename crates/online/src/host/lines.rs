//! The page's lines, written and read: one [`ToPage`] a line.

use crate::bridge::{Command, Phase, Reason};
use crate::game::Clocks;
use crate::protocol::{Refusal, Token};
use onitama_core::rules::{Color, Game, Move, Outcome, Position};
use std::fmt::Write;

/// The longest line the page reads (a deal of the longest record).
pub const MAX_LINE_BYTES: usize = 24 * 1024;

/// One line for the page.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum ToPage {
    /// The game on the board: this page plays `you`, or watches (none).
    Deal {
        you: Option<Color>,
        game: Game,
    },
    Move {
        ply: usize,
        mv: Move,
        position: Position,
    },
    Outcome(Option<Outcome>),
    Panel(Panel),
    State(ScriptState),
    /// The module's own text, kept by the page with its game and given back after a reload.
    Saved(String),
    /// A command of the page was refused (its move, if it sent one, is taken back), and why.
    Denied(Reason),
    /// Words to say to the player at once (the page announces them to screen readers too).
    Say(String),
}

/// The phrases to say, as the page offers them (their words are the module's,
/// [`Phrases`](super::Phrases) in the page's language, which the page reads from them): whether
/// they wait, and the switch.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct PhrasePanel {
    /// The last phrase was said less than [`crate::game::SAY_WAIT_MS`] ago: the buttons wait.
    pub wait: bool,
    /// The opponent's phrases are shown (the switch is on).
    pub shown: bool,
}

/// The strip of online play.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct Panel {
    /// The friend's link, as a fragment of the page's address (`#online=<room>`).
    pub link: Option<String>,
    /// The time left for the move being awaited, under a move limit ("Your move: 2:41").
    pub clock: Option<String>,
    pub text: String,
    pub buttons: Vec<Button>,
    /// The phrases this player may say to the opponent (while the opponent is here).
    pub phrases: Option<PhrasePanel>,
}

#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Button {
    /// The bridge command the button sends.
    pub command: Command,
    pub label: String,
}

/// Online play as scripts read it (`game_state().online`), and whether this page may move.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct ScriptState {
    pub phase: Phase,
    pub room: Option<Token>,
    pub you: Option<Color>,
    pub opponent_connected: bool,
    /// Why online play stopped or what was refused last.
    pub error: Option<Reason>,
    pub may_move: bool,
    /// Under a game clock, each side's time left and whose runs.
    pub clocks: Option<Clocks>,
    /// How many browsers watch the game.
    pub watchers: u32,
}

impl ToPage {
    pub fn encode(&self) -> String {
        let mut line = String::new();
        match self {
            ToPage::Deal { you, game } => {
                let _ = write!(line, "deal {}\n{}", you.map_or("-", Color::code), game.to_record());
            }
            ToPage::Move { ply, mv, position } => {
                let _ = write!(line, "move {ply} {mv} {position}");
            }
            ToPage::Outcome(outcome) => {
                let _ = write!(line, "outcome {}", outcome.map_or("none", |o| o.code()));
            }
            ToPage::Panel(panel) => {
                let link = panel.link.as_deref().unwrap_or("");
                let clock = clean(panel.clock.as_deref().unwrap_or(""));
                let _ = write!(line, "panel\t{link}\t{clock}\t{}", clean(&panel.text));
                for button in &panel.buttons {
                    let _ = write!(line, "\t{}\t{}", button.command.encode(), clean(&button.label));
                }
                if let Some(p) = panel.phrases {
                    let wait = if p.wait { "wait" } else { "ready" };
                    let _ = write!(line, "\nphrases {wait} {}", if p.shown { "on" } else { "off" });
                }
            }
            ToPage::State(s) => {
                let room = s.room.as_ref().map_or("-", Token::as_str);
                let you = s.you.map_or("-", Color::code);
                let here = if s.opponent_connected { "here" } else { "away" };
                let turn = if s.may_move { "move" } else { "wait" };
                let error = s.error.map_or("-", Reason::code);
                let _ = write!(line, "state {} {room} {you} {here} {error} {turn}", s.phase.word());
                if let Some(Clocks { left: [red, blue], running, increment }) = s.clocks {
                    let running = running.map_or("-", Color::code);
                    let _ = write!(line, " clocks {red} {blue} {running} {increment}");
                }
                if s.watchers > 0 {
                    let _ = write!(line, " watchers {}", s.watchers);
                }
            }
            ToPage::Saved(text) => {
                let _ = write!(line, "saved {text}");
            }
            ToPage::Denied(reason) => {
                let _ = write!(line, "denied {}", reason.code());
            }
            ToPage::Say(text) => {
                let _ = write!(line, "say {}", clean(text));
            }
        }
        line
    }

    /// Reads a line with the parsers the page has anyway (a record's, a move's, a position's),
    /// and nothing that would weigh on its download.
    pub fn decode(line: &str) -> Result<ToPage, Refusal> {
        if line.len() > MAX_LINE_BYTES {
            return Err(Refusal::TooLong);
        }
        if let Some(rest) = line.strip_prefix("panel\t") {
            let (rest, phrases) = match rest.split_once("\nphrases ") {
                Some((rest, phrases)) => (rest, Some(read_phrases(phrases)?)),
                None => (rest, None),
            };
            let mut fields = rest.split('\t');
            let link = fields.next().ok_or(Refusal::Malformed)?;
            let clock = fields.next().ok_or(Refusal::Malformed)?;
            let text = fields.next().ok_or(Refusal::Malformed)?.to_string();
            let mut buttons = Vec::new();
            while let Some(command) = fields.next() {
                let label = fields.next().ok_or(Refusal::Malformed)?.to_string();
                buttons.push(Button { command: Command::decode(command)?, label });
            }
            let link = (!link.is_empty()).then(|| link.to_string());
            let clock = (!clock.is_empty()).then(|| clock.to_string());
            return Ok(ToPage::Panel(Panel { link, clock, text, buttons, phrases }));
        }
        if let Some(text) = line.strip_prefix("saved ") {
            return Ok(ToPage::Saved(text.to_string()));
        }
        if let Some(text) = line.strip_prefix("say ") {
            return Ok(ToPage::Say(text.to_string()));
        }
        let color = |word: &str| Color::from_code(word).ok_or(Refusal::Malformed);
        if let Some(deal) = line.strip_prefix("deal ") {
            let (you, record) = deal.split_once('\n').ok_or(Refusal::Malformed)?;
            let game = Game::from_record(record).map_err(|_| Refusal::Malformed)?;
            let you = if you == "-" { None } else { Some(color(you)?) };
            return Ok(ToPage::Deal { you, game });
        }
        if let Some(rest) = line.strip_prefix("move ") {
            let mut parts = rest.splitn(3, ' ');
            let (ply, mv, position) = (parts.next(), parts.next(), parts.next());
            let ply = ply.filter(|p| p.len() <= 5 && (p.len() == 1 || !p.starts_with('0')));
            let ply = ply.and_then(|p| p.parse().ok()).ok_or(Refusal::Malformed)?;
            let mv = mv.and_then(|m| m.parse().ok()).ok_or(Refusal::Malformed)?;
            // The position's five fields end the line.
            let position = position.and_then(|p| p.parse().ok()).ok_or(Refusal::Malformed)?;
            return Ok(ToPage::Move { ply, mv, position });
        }
        let mut words = line.split(' ');
        let mut word = || words.next().filter(|w| !w.is_empty()).ok_or(Refusal::Malformed);
        let dash = |word: &str| (word != "-").then(|| word.to_string());
        let reason = |code: &str| Reason::from_code(code).ok_or(Refusal::Malformed);
        let read = match word()? {
            "denied" => ToPage::Denied(reason(word()?)?),
            "outcome" => ToPage::Outcome(match word()? {
                "none" => None,
                code => Some(Outcome::declared_from_code(code).ok_or(Refusal::Malformed)?),
            }),
            "state" => {
                let phase = word()?;
                let phase = Phase::ALL.into_iter().find(|p| p.word() == phase).ok_or(Refusal::Malformed)?;
                let room = dash(word()?).map(|room| Token::new(&room).ok_or(Refusal::Malformed)).transpose()?;
                let you = dash(word()?).map(|you| color(&you)).transpose()?;
                let opponent_connected = word()? == "here";
                let error = dash(word()?).map(|code| reason(&code)).transpose()?;
                let may_move = word()? == "move";
                let mut next = word();
                let clocks = match next {
                    Ok("clocks") => {
                        let ms = |word: &str| -> Result<u64, Refusal> {
                            let plain = word.len() <= 10 && (word == "0" || !word.starts_with('0'));
                            word.parse().ok().filter(|_| plain).ok_or(Refusal::Malformed)
                        };
                        let left = [ms(word()?)?, ms(word()?)?];
                        let running = dash(word()?).map(|c| color(&c)).transpose()?;
                        let clocks = Clocks { left, running, increment: ms(word()?)? };
                        next = word();
                        Some(clocks)
                    }
                    _ => None,
                };
                let watchers = match next {
                    Err(_) => 0,
                    Ok("watchers") => crate::protocol::watcher_count(word()?)?,
                    Ok(_) => return Err(Refusal::Malformed),
                };
                ToPage::State(ScriptState { phase, room, you, opponent_connected, error, may_move, clocks, watchers })
            }
            _ => return Err(Refusal::Malformed),
        };
        match words.next() {
            None => Ok(read),
            Some(_) => Err(Refusal::Malformed),
        }
    }
}

/// A panel's phrases, after `phrases `.
fn read_phrases(text: &str) -> Result<PhrasePanel, Refusal> {
    let (wait, shown) = text.split_once(' ').ok_or(Refusal::Malformed)?;
    Ok(PhrasePanel { wait: yes_no(wait, "wait", "ready")?, shown: yes_no(shown, "on", "off")? })
}

fn yes_no(word: &str, yes: &str, no: &str) -> Result<bool, Refusal> {
    match word {
        w if w == yes => Ok(true),
        w if w == no => Ok(false),
        _ => Err(Refusal::Malformed),
    }
}

/// Tabs and line ends would end a field: a space instead.
fn clean(text: &str) -> String {
    text.replace(['\t', '\n', '\r'], " ")
}
