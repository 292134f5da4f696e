//! The lines between the page and the online module: commands in, events out, one line of text
//! each, with one encoder and one decoder per direction (like [`crate::protocol`]).
//!
//! ```text
//! commands                                   events
//! create <deal> <colour> <limit>             status <connecting|waiting|playing|reconnecting|ended|error> [<reason>]
//! join <room or link with #online=<room>>    room <room>
//! find <card pool>                           started <your colour> <limit> <position>
//! leave                                      move <by colour> <ply> <move> <position after>
//! play <move>                                record <start position> [moves …] [result <code>]
//! resign | draw-offer | draw-accept          outcome <code|none>
//! draw-decline | claim                       offers <draw: colour|-> <rematch: colour|->
//! rematch-offer | rematch-accept             can-claim <yes|no>
//! rematch-decline | rematch-withdraw       draw-wait <yes|no>  (a declined draw offer waits)
//! restore <saved text>                       opponent <connected|away>
//! lang <en|fa|es|fr>                         clock <colour to move> <seconds left> | clock none
//! say <phrase>                               phrases <on|off> <may say: yes|no> [<count> <phrase>]
//! phrases <on|off>                           refused <code>      (a message of the peer refused, or ours by the peer)
//! abort                                      abort <no|yes|late|aborted>  (this player may abort; late: the first move is slow)
//! takeback | takeback-accept                 takeback <asked by: colour|-> <may ask: yes|no> <declined: yes|no>
//! takeback-decline
//!                                            denied <code>       (a command refused here)
//!                                            dropped <code>      (the connection to the peer closed for this reason)
//!                                            saved <saved text>  (store it with the game)
//! ```
//!
//! `<deal>` is `random` or five card names joined by commas (Red, Red, Blue, Blue, side);
//! `<colour>` `random`, `red` or `blue` (the host's); `<limit>` seconds a move (5 or more), a game
//! clock `<seconds>+<increment>` (15 s to 3 h, plus 0 to 60 s a move), or `none`.

use crate::game::{AbortState, Clocks, Invitation, Saved, TakebackState};
use crate::protocol::{Phrase, Refusal, Token, Words, millis, read_record, token, write_record};
use crate::saved::{MAX_SAVED_BYTES, color_from_text, color_text, deal_from_text, deal_text, limit};
use onitama_core::rules::{Color, Game, Move, Outcome, Position, Way};
use onitama_lang::Lang;
use std::fmt::{self, Write};

/// The longest line either way: a `restore` or a `saved` with the longest records.
pub const MAX_LINE_BYTES: usize = MAX_SAVED_BYTES + 64;

/// What the page asks of the online module.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Command {
    /// A friend's room, with this player as the host.
    Create(Invitation),
    /// A friend's room, as the guest.
    Join(Token),
    /// The next stranger who asks for the same card pool.
    Find(Token),
    Leave,
    Play(Move),
    Resign,
    OfferDraw,
    AcceptDraw,
    DeclineDraw,
    Claim,
    OfferRematch,
    AcceptRematch,
    /// The opponent's rematch offer declined.
    DeclineRematch,
    /// This player's rematch offer taken back.
    WithdrawRematch,
    /// The game again after a reload, from its last `saved` event.
    Restore(Box<Saved>),
    /// The language the module's words are in (for a page that hosts the module).
    Lang(Lang),
    /// A phrase to the opponent.
    Say(Phrase),
    /// The opponent's phrases shown (true) or not.
    ShowPhrases(bool),
    /// The game aborted (before each side moved once).
    Abort,
    /// A takeback of this player's last move asked.
    Takeback,
    /// The opponent's takeback request accepted.
    AcceptTakeback,
    /// The opponent's takeback request declined.
    DeclineTakeback,
}

/// Why the module is in trouble, or why it refused a command: a code the page can translate.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Reason {
    /// No signalling server was configured in this build.
    NoServer,
    /// The signalling server did not answer (or refused the connection).
    Unreachable,
    /// This browser has no WebRTC (or it failed to start).
    NoWebRtc,
    /// The opponent is not connected.
    OpponentAway,
    /// The player left the online game.
    Left,
    /// The opponent left the online game.
    OpponentLeft,
    /// An online game is already on: leave it first.
    Busy,
    /// No online game to act in.
    NoGame,
    /// A friend's link that nobody answered: the game is over, or the link has expired.
    Expired,
    /// A refusal of the online protocol (`seat-taken`, `illegal-move`, `diverged`…).
    Rule(Refusal),
}

impl Reason {
    const OWN: [Reason; 9] = [
        Reason::NoServer,
        Reason::Unreachable,
        Reason::NoWebRtc,
        Reason::OpponentAway,
        Reason::Left,
        Reason::OpponentLeft,
        Reason::Busy,
        Reason::NoGame,
        Reason::Expired,
    ];

    /// Every reason, the protocol's refusals included.
    pub fn all() -> impl Iterator<Item = Reason> {
        Reason::OWN
            .into_iter()
            .chain(Refusal::ALL.into_iter().filter(|&r| r != Refusal::OpponentAway).map(Reason::Rule))
    }

    pub fn code(self) -> &'static str {
        match self {
            Reason::NoServer => "no-server",
            Reason::Unreachable => "unreachable",
            Reason::NoWebRtc => "no-webrtc",
            Reason::OpponentAway => "opponent-away",
            Reason::Left => "left",
            Reason::OpponentLeft => "opponent-left",
            Reason::Busy => "busy",
            Reason::NoGame => "no-game",
            Reason::Expired => "expired",
            Reason::Rule(refusal) => refusal.code(),
        }
    }

    pub fn from_code(code: &str) -> Option<Reason> {
        Reason::all().find(|r| r.code() == code).or_else(|| Refusal::from_code(code).map(Reason::from))
    }
}

impl From<Refusal> for Reason {
    fn from(refusal: Refusal) -> Reason {
        match refusal {
            Refusal::OpponentAway => Reason::OpponentAway,
            other => Reason::Rule(other),
        }
    }
}

/// The online game's state, as the page shows it.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Phase {
    Connecting,
    Waiting,
    Playing,
    Reconnecting,
    Ended,
    Error,
    /// A third browser with the game's link, admitted by the host to watch (read-only).
    Watching,
}

impl Phase {
    pub const ALL: [Phase; 7] = [
        Phase::Connecting,
        Phase::Waiting,
        Phase::Playing,
        Phase::Reconnecting,
        Phase::Ended,
        Phase::Error,
        Phase::Watching,
    ];

    pub fn word(self) -> &'static str {
        match self {
            Phase::Connecting => "connecting",
            Phase::Waiting => "waiting",
            Phase::Playing => "playing",
            Phase::Reconnecting => "reconnecting",
            Phase::Ended => "ended",
            Phase::Error => "error",
            Phase::Watching => "watching",
        }
    }
}

/// The status: a phase and, for some, why (an `error`'s reason; `ended` with `left` or
/// `diverged`; `reconnecting` with `unreachable` while the server cannot be reached).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Status {
    pub phase: Phase,
    pub reason: Option<Reason>,
}

/// Phrases as the module tells them ([`Report::Phrases`]): the opponent's shown, this player may
/// say one, the opponent's last one while shown (with its count).
pub type PhraseState = (bool, bool, Option<(u32, Phrase)>);

/// What the online module tells the page.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Report {
    Status(Status),
    /// The room of this game: a friend's link is `#online=<room>`.
    Room(Token),
    /// A game was dealt (the first or a rematch).
    Started {
        you: Color,
        limit: crate::protocol::MoveLimit,
        position: Position,
    },
    /// A move was added to the record (by either side), at `ply`.
    Move {
        by: Color,
        ply: usize,
        mv: Move,
        position: Position,
    },
    /// The record was replaced as a whole (a sync after a reconnect).
    Record(Game),
    /// The game's outcome (`None`: it goes on again, after a claim lapsed).
    Outcome(Option<Outcome>),
    /// Who offered a draw at this ply, and who a rematch.
    Offers {
        draw: Option<Color>,
        rematch: Option<Color>,
    },
    /// Whether this player may claim the game on time now.
    CanClaim(bool),
    /// Whether this player's draw offer was declined lately: no offer again yet.
    DrawWait(bool),
    /// Under a move limit, whose move it is and the whole seconds left for it (rounded up);
    /// none without a limit or once the game is over.
    Clock(Option<(Color, u32)>),
    /// Under a game clock, each side's time left and whose runs; none without one.
    Clocks(Option<Clocks>),
    OpponentConnected(bool),
    /// A message of the peer refused here, or one of ours refused by the peer.
    Refused(Refusal),
    /// A command of the page refused.
    Denied(Reason),
    /// The connection to the peer was closed for this reason.
    Dropped(Refusal),
    /// The text to store with the game, for [`Command::Restore`] after a reload.
    Saved(Box<Saved>),
    /// Phrases: whether the opponent's are shown, whether this player may say one now, and the
    /// opponent's last one while it is shown (with how many came: a count that changes is news).
    Phrases {
        shown: bool,
        may_say: bool,
        heard: Option<(u32, Phrase)>,
    },
    /// Whether this player may abort the game, or it was aborted.
    Abort(AbortState),
    /// Takebacks: who asked (a request standing), whether this player may ask, whether their
    /// last request was declined and the game has not moved on since.
    Takeback(TakebackState),
    /// How many browsers watch the game (the host's count, told to the guest and the watchers).
    Watchers(u32),
}

fn line_checked(text: &str) -> Result<Words<'_>, Refusal> {
    if text.len() > MAX_LINE_BYTES {
        return Err(Refusal::TooLong);
    }
    if text.is_empty() || text.bytes().any(|b| b.is_ascii_control()) {
        return Err(Refusal::Malformed);
    }
    Ok(Words(text.split(' ')))
}

fn end(mut words: Words<'_>) -> Result<(), Refusal> {
    match words.0.next() {
        None => Ok(()),
        Some(_) => Err(Refusal::Malformed),
    }
}

/// The rest of a line after its first word (which must be followed by a space).
fn rest<'a>(text: &'a str, kind: &str) -> Result<&'a str, Refusal> {
    text.strip_prefix(kind).and_then(|r| r.strip_prefix(' ')).filter(|r| !r.is_empty()).ok_or(Refusal::Malformed)
}

/// A friend's link is the page's address with this fragment and the room: `#online=<room>`.
pub const LINK_FRAGMENT: &str = "#online=";

/// A room as given to `join`: the room itself, or any link whose fragment is `#online=<room>`.
pub fn room_of_link(text: &str) -> Option<Token> {
    // The first `#online=`, found from its `#`: a pattern of one character, as the page's other
    // searches, keeps the searcher for longer patterns out of the page's download.
    let fragment = text.match_indices('#').find_map(|(at, _)| text.get(at..)?.strip_prefix(LINK_FRAGMENT));
    Token::new(fragment.unwrap_or(text)).filter(|t| t.as_str().len() <= crate::protocol::MAX_ROOM_LEN)
}

const SIMPLE: [(&str, Command); 14] = [
    ("leave", Command::Leave),
    ("resign", Command::Resign),
    ("draw-offer", Command::OfferDraw),
    ("draw-accept", Command::AcceptDraw),
    ("draw-decline", Command::DeclineDraw),
    ("claim", Command::Claim),
    ("rematch-offer", Command::OfferRematch),
    ("rematch-accept", Command::AcceptRematch),
    ("rematch-decline", Command::DeclineRematch),
    ("rematch-withdraw", Command::WithdrawRematch),
    ("abort", Command::Abort),
    ("takeback", Command::Takeback),
    ("takeback-accept", Command::AcceptTakeback),
    ("takeback-decline", Command::DeclineTakeback),
];

impl Command {
    pub fn encode(&self) -> String {
        match self {
            Command::Create(setup) => {
                let closed = if setup.watchers { "" } else { " no-watchers" };
                format!("create {} {} {}{closed}", deal_text(setup.deal), color_text(setup.color), setup.limit)
            }
            Command::Join(room) => format!("join {room}"),
            Command::Find(pool) => format!("find {pool}"),
            Command::Play(mv) => format!("play {mv}"),
            Command::Restore(saved) => format!("restore {}", saved.to_text()),
            Command::Lang(lang) => format!("lang {}", lang.code()),
            Command::Say(phrase) => format!("say {}", phrase.code()),
            Command::ShowPhrases(shown) => format!("phrases {}", if *shown { "on" } else { "off" }),
            simple => SIMPLE.iter().find(|(_, c)| c == simple).map_or("leave", |(w, _)| w).to_string(),
        }
    }

    pub fn decode(text: &str) -> Result<Command, Refusal> {
        let mut words = line_checked(text)?;
        let kind = words.next()?;
        let command = match kind {
            "create" => {
                let deal = deal_from_text(words.next()?)?;
                let color = color_from_text(words.next()?)?;
                let limit = limit(words.next()?)?;
                let watchers = match words.0.next() {
                    None => true,
                    Some("no-watchers") => false,
                    Some(_) => return Err(Refusal::Malformed),
                };
                Command::Create(Invitation { deal, color, limit, watchers })
            }
            "join" => Command::Join(room_of_link(rest(text, kind)?).ok_or(Refusal::Malformed)?),
            "find" => Command::Find(token(words.next()?)?),
            "play" => Command::Play(words.next()?.parse().map_err(|_| Refusal::Malformed)?),
            "restore" => return Ok(Command::Restore(Box::new(Saved::from_text(rest(text, kind)?)?))),
            "lang" => {
                // One way to write each: the code, not any tag of the language.
                let code = words.next()?;
                Command::Lang(Lang::from_code(code).filter(|l| l.code() == code).ok_or(Refusal::Malformed)?)
            }
            "say" => Command::Say(Phrase::from_code(words.next()?).ok_or(Refusal::UnknownPhrase)?),
            "phrases" => Command::ShowPhrases(yes_no(words.next()?, "on", "off")?),
            word => SIMPLE.iter().find(|(w, _)| *w == word).map(|(_, c)| c.clone()).ok_or(Refusal::Malformed)?,
        };
        if kind == "join" {
            return Ok(command);
        }
        end(words).map(|()| command)
    }
}

fn color_or_dash(color: Option<Color>) -> &'static str {
    color.map_or("-", Color::code)
}

fn color_or_none(word: &str) -> Result<Option<Color>, Refusal> {
    match word {
        "-" => Ok(None),
        word => Color::from_code(word).map(Some).ok_or(Refusal::Malformed),
    }
}

impl Report {
    pub fn encode(&self) -> String {
        let mut line = String::new();
        let _ = match self {
            Report::Status(Status { phase, reason }) => {
                let _ = write!(line, "status {}", phase.word());
                match reason {
                    Some(reason) => write!(line, " {}", reason.code()),
                    None => Ok(()),
                }
            }
            Report::Room(room) => write!(line, "room {room}"),
            Report::Started { you, limit, position } => write!(line, "started {} {limit} {position}", you.code()),
            Report::Move { by, ply, mv, position } => write!(line, "move {} {ply} {mv} {position}", by.code()),
            Report::Record(game) => {
                line.push_str("record ");
                write_record(&mut line, game);
                Ok(())
            }
            Report::Outcome(outcome) => write!(line, "outcome {}", outcome.map_or("none", Outcome::code)),
            Report::Offers { draw, rematch } => {
                write!(line, "offers {} {}", color_or_dash(*draw), color_or_dash(*rematch))
            }
            Report::CanClaim(yes) => write!(line, "can-claim {}", if *yes { "yes" } else { "no" }),
            Report::DrawWait(yes) => write!(line, "draw-wait {}", if *yes { "yes" } else { "no" }),
            Report::Clock(None) => write!(line, "clock none"),
            Report::Clock(Some((mover, left))) => write!(line, "clock {} {left}", mover.code()),
            Report::Clocks(None) => write!(line, "clocks none"),
            Report::Clocks(Some(Clocks { left: [red, blue], running, increment })) => {
                write!(line, "clocks {red} {blue} {} {increment}", color_or_dash(*running))
            }
            Report::OpponentConnected(yes) => write!(line, "opponent {}", if *yes { "connected" } else { "away" }),
            Report::Refused(refusal) => write!(line, "refused {}", refusal.code()),
            Report::Denied(reason) => write!(line, "denied {}", reason.code()),
            Report::Dropped(refusal) => write!(line, "dropped {}", refusal.code()),
            Report::Saved(saved) => write!(line, "saved {}", saved.to_text()),
            Report::Phrases { shown, may_say, heard } => {
                let _ = write!(
                    line,
                    "phrases {} {}",
                    if *shown { "on" } else { "off" },
                    if *may_say { "yes" } else { "no" }
                );
                match heard {
                    Some((count, phrase)) => write!(line, " {count} {}", phrase.code()),
                    None => Ok(()),
                }
            }
            Report::Abort(state) => write!(line, "abort {}", state.word()),
            Report::Takeback(t) => {
                let yes = |b: bool| if b { "yes" } else { "no" };
                write!(line, "takeback {} {} {}", color_or_dash(t.asked_by), yes(t.may_ask), yes(t.declined))
            }
            Report::Watchers(count) => write!(line, "watchers {count}"),
        };
        line
    }

    pub fn decode(text: &str) -> Result<Report, Refusal> {
        let mut words = line_checked(text)?;
        let kind = words.next()?;
        let refusal = |word: &str| Refusal::from_code(word).ok_or(Refusal::Malformed);
        let event = match kind {
            "status" => {
                let word = words.next()?;
                let phase = Phase::ALL.into_iter().find(|p| p.word() == word).ok_or(Refusal::Malformed)?;
                let reason = match words.0.next() {
                    None => None,
                    Some(code) => Some(Reason::from_code(code).ok_or(Refusal::Malformed)?),
                };
                Report::Status(Status { phase, reason })
            }
            "room" => Report::Room(token(words.next()?)?),
            "started" => {
                let you = Color::from_code(words.next()?).ok_or(Refusal::Malformed)?;
                let limit = limit(words.next()?)?;
                Report::Started { you, limit, position: words.position()? }
            }
            "move" => {
                let by = Color::from_code(words.next()?).ok_or(Refusal::Malformed)?;
                let ply = words.ply()?;
                let mv = words.next()?.parse().map_err(|_| Refusal::Malformed)?;
                Report::Move { by, ply, mv, position: words.position()? }
            }
            "record" => return Ok(Report::Record(read_record(rest(text, kind)?)?)),
            "saved" => return Ok(Report::Saved(Box::new(Saved::from_text(rest(text, kind)?)?))),
            "outcome" => Report::Outcome(match words.next()? {
                "none" => None,
                code => Some(OUTCOMES.into_iter().find(|o| o.code() == code).ok_or(Refusal::Malformed)?),
            }),
            "offers" => Report::Offers { draw: color_or_none(words.next()?)?, rematch: color_or_none(words.next()?)? },
            "can-claim" => Report::CanClaim(yes_no(words.next()?, "yes", "no")?),
            "draw-wait" => Report::DrawWait(yes_no(words.next()?, "yes", "no")?),
            "clock" => Report::Clock(match words.next()? {
                "none" => None,
                mover => {
                    let mover = Color::from_code(mover).ok_or(Refusal::Malformed)?;
                    let left = words.next()?;
                    let canonical = left.len() <= 7 && (left == "0" || !left.starts_with('0'));
                    Some((mover, left.parse().ok().filter(|_| canonical).ok_or(Refusal::Malformed)?))
                }
            }),
            "clocks" => Report::Clocks(match words.next()? {
                "none" => None,
                red => {
                    let left = [millis(red)?, millis(words.next()?)?];
                    let running = color_or_none(words.next()?)?;
                    Some(Clocks { left, running, increment: millis(words.next()?)? })
                }
            }),
            "opponent" => Report::OpponentConnected(yes_no(words.next()?, "connected", "away")?),
            "refused" => Report::Refused(refusal(words.next()?)?),
            "denied" => Report::Denied(Reason::from_code(words.next()?).ok_or(Refusal::Malformed)?),
            "dropped" => Report::Dropped(refusal(words.next()?)?),
            "phrases" => {
                let shown = yes_no(words.next()?, "on", "off")?;
                let may_say = yes_no(words.next()?, "yes", "no")?;
                let heard = match words.0.next() {
                    None => None,
                    Some(count) => {
                        let canonical = count.len() <= 10 && (count == "0" || !count.starts_with('0'));
                        let count = count.parse().ok().filter(|_| canonical).ok_or(Refusal::Malformed)?;
                        let phrase = Phrase::from_code(words.next()?).ok_or(Refusal::UnknownPhrase)?;
                        Some((count, phrase))
                    }
                };
                Report::Phrases { shown, may_say, heard }
            }
            "abort" => {
                let word = words.next()?;
                Report::Abort(AbortState::ALL.into_iter().find(|s| s.word() == word).ok_or(Refusal::Malformed)?)
            }
            "takeback" => Report::Takeback(TakebackState {
                asked_by: color_or_none(words.next()?)?,
                may_ask: yes_no(words.next()?, "yes", "no")?,
                declined: yes_no(words.next()?, "yes", "no")?,
            }),
            "watchers" => Report::Watchers(crate::protocol::watcher_count(words.next()?)?),
            _ => return Err(Refusal::Malformed),
        };
        end(words).map(|()| event)
    }
}

/// Every outcome, for reading their codes.
const OUTCOMES: [Outcome; 10] = [
    Outcome::Win { winner: Color::Red, way: Way::Stone },
    Outcome::Win { winner: Color::Red, way: Way::Stream },
    Outcome::Win { winner: Color::Blue, way: Way::Stone },
    Outcome::Win { winner: Color::Blue, way: Way::Stream },
    Outcome::DrawByRepetition,
    Outcome::Resigned { by: Color::Red },
    Outcome::Resigned { by: Color::Blue },
    Outcome::DrawAgreed,
    Outcome::WonOnTime { winner: Color::Red },
    Outcome::WonOnTime { winner: Color::Blue },
];

fn yes_no(word: &str, yes: &str, no: &str) -> Result<bool, Refusal> {
    match word {
        w if w == yes => Ok(true),
        w if w == no => Ok(false),
        _ => Err(Refusal::Malformed),
    }
}

impl fmt::Display for Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.encode())
    }
}

/// A fresh room id or secret from 16 random bytes (128 bits): 22 letters, digits, `-` and `_`.
pub fn random_token(bytes: [u8; 16]) -> Token {
    const DIGITS: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    let value = u128::from_le_bytes(bytes);
    let text: String = (0..22).map(|i| DIGITS[((value >> (6 * i)) & 63) as usize] as char).collect();
    Token::new(&text).unwrap_or_else(|| unreachable!("22 characters of the token alphabet"))
}
