//! Every message between the two pages of an online game, as one enum, each written as one line
//! of text and read back with the rules core's parsers (the page already carries them, so the
//! protocol adds little to the wasm; JSON would add a parser).
//!
//! ```text
//! hello - n7Tq2… 4                    first on every connection: the game known (none yet), a fresh nonce, the protocol's version
//! hello Xq4…7.1 Pz8… 4                a hello naming the game it knows
//! proof 3f9a…                         a seat proved: the keyed hash of the other side's nonce with the seat's secret
//! seat k3Jx9…                         a seat taken (the guest, once) or given back (the host): the seat's secret
//! watchers 2                          how many watch (the host to the guest and to the watchers)
//! clocks Xq4…7.1 176500 181000 red 2000   the game clocks now, for watchers: Red's, Blue's, whose runs, the increment
//! start Xq4…7.1 blue 180 <position>   the host deals: the receiver's colour, the move limit (s or none)
//! start Xq4…7.1 red 180+2 <position>  or a game clock: seconds each, plus seconds a move
//! move Xq4…7.1 0 boar:c1c2 <position> the move made at ply 0 and the position it gives
//! move Xq4…7.1 2 boar:c1c2 <position> 181000   under a game clock, the mover's time left (ms)
//! resign Xq4…7.1 4                    a declaration names the ply it is made at
//! draw-offer / draw-accept / draw-decline / claim  <game> <ply>
//! rematch-offer / rematch-accept / rematch-decline / rematch-withdraw  <game>
//! sync Xq4…7.1 <start position> moves boar:c1c2 horse:c5c4 result draw-agreed
//! sync Xq4…7.1 clocks 176500 181000 <start position> …   under a game clock, Red's and Blue's time
//! say good-luck                       a phrase of the fixed list, shown in the receiver's language
//! abort Xq4…7.1 1                     the game ends with no result (before each side moved once)
//! takeback-offer Xq4…7.1 4 boar:c1c2   a takeback asked at ply 4, naming the asker's move it takes back
//! takeback-accept / takeback-decline  <game> <ply of the request>
//! refused illegal-move
//! ```
//!
//! `ply` is the number of moves played before the message was made. A message is at most
//! [`MAX_MESSAGE_BYTES`] long and one line; anything else is refused before it is read.

use onitama_core::rules::{Color, Game, Move, Outcome, Position};
use std::fmt::{self, Write};

/// The version of this protocol, sent in every `hello`: pages of another version (an old page
/// a service worker kept) do not play each other. A hello without one is an older page's.
pub const VERSION: u32 = 4;

/// Browsers the host lets watch a game at once, beside the opponent.
pub const MAX_WATCHERS: u32 = 8;

/// The longest room id (the game's id adds `.<round>` to it).
pub const MAX_ROOM_LEN: usize = 48;

/// The longest message read: a `sync` of a game of about a thousand moves.
pub const MAX_MESSAGE_BYTES: usize = 16 * 1024;
/// The most moves a `sync` may carry (it must fit in [`MAX_MESSAGE_BYTES`]).
pub const MAX_SYNC_MOVES: usize = 1000;

/// A word of 1 to 64 letters, digits, `-`, `_` or `.`: a game id or a secret.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Token(String);

impl Token {
    pub const MAX_LEN: usize = 64;

    pub fn new(text: &str) -> Option<Token> {
        let ok = !text.is_empty()
            && text.len() <= Token::MAX_LEN
            && text.bytes().all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.'));
        (ok && text != "-").then(|| Token(text.to_string()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for Token {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// The game's time: how long a player may take over each move, or a clock for the whole game
/// with an increment per move (written `<seconds>+<increment>`, `180+2`), or none.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum MoveLimit {
    Seconds(u32),
    /// Each side's time for the whole game, and the seconds it gains with each move.
    Clock {
        seconds: u32,
        increment: u32,
    },
    None,
}

impl MoveLimit {
    /// The default: three minutes.
    pub const DEFAULT: MoveLimit = MoveLimit::Seconds(180);
    /// The shortest limit scripts may set.
    pub const MIN_SECONDS: u32 = 5;
    /// The choices the host is offered.
    pub const CHOICES: [MoveLimit; 4] =
        [MoveLimit::Seconds(60), MoveLimit::Seconds(180), MoveLimit::Seconds(600), MoveLimit::None];

    /// The game clocks the host is offered: 1+1, 3+2, 5+3 and 10+5 (minutes, plus seconds a move).
    pub const CLOCKS: [MoveLimit; 4] = [
        MoveLimit::Clock { seconds: 60, increment: 1 },
        MoveLimit::Clock { seconds: 180, increment: 2 },
        MoveLimit::Clock { seconds: 300, increment: 3 },
        MoveLimit::Clock { seconds: 600, increment: 5 },
    ];
    /// A stranger's game: three minutes and two seconds a move.
    pub const STRANGER: MoveLimit = MoveLimit::Clock { seconds: 180, increment: 2 };
    /// The shortest game clock.
    pub const MIN_CLOCK_SECONDS: u32 = 15;
    /// The longest game clock (three hours) and the largest increment (a minute).
    pub const MAX_CLOCK_SECONDS: u32 = 3 * 3600;
    pub const MAX_INCREMENT: u32 = 60;

    /// A limit of `seconds` (at least [`MoveLimit::MIN_SECONDS`]).
    pub fn seconds(seconds: u32) -> Option<MoveLimit> {
        (seconds >= MoveLimit::MIN_SECONDS).then_some(MoveLimit::Seconds(seconds))
    }

    /// A game clock of `seconds` ([`MoveLimit::MIN_CLOCK_SECONDS`] to
    /// [`MoveLimit::MAX_CLOCK_SECONDS`]) and `increment` seconds a move (at most
    /// [`MoveLimit::MAX_INCREMENT`]).
    pub fn clock(seconds: u32, increment: u32) -> Option<MoveLimit> {
        let fits = (MoveLimit::MIN_CLOCK_SECONDS..=MoveLimit::MAX_CLOCK_SECONDS).contains(&seconds)
            && increment <= MoveLimit::MAX_INCREMENT;
        fits.then_some(MoveLimit::Clock { seconds, increment })
    }

    /// The time for one move, under a per-move limit.
    pub fn millis(self) -> Option<u64> {
        match self {
            MoveLimit::Seconds(s) => Some(u64::from(s) * 1000),
            MoveLimit::Clock { .. } | MoveLimit::None => None,
        }
    }

    /// Under a game clock: each side's time at the start, and its gain per move (ms).
    pub fn clock_millis(self) -> Option<(u64, u64)> {
        match self {
            MoveLimit::Clock { seconds, increment } => Some((u64::from(seconds) * 1000, u64::from(increment) * 1000)),
            MoveLimit::Seconds(_) | MoveLimit::None => None,
        }
    }

    /// Reads what `Display` writes: `none`, seconds, or `<seconds>+<increment>`; numbers
    /// without sign or leading zero.
    pub fn from_word(word: &str) -> Option<MoveLimit> {
        fn number(word: &str) -> Option<u32> {
            let plain = !word.is_empty() && word.len() <= 9 && word.bytes().all(|b| b.is_ascii_digit());
            (plain && (word == "0" || !word.starts_with('0'))).then(|| word.parse().ok()).flatten()
        }
        match word.split_once('+') {
            _ if word == "none" => Some(MoveLimit::None),
            Some((seconds, increment)) => MoveLimit::clock(number(seconds)?, number(increment)?),
            None => MoveLimit::seconds(number(word)?),
        }
    }
}

impl fmt::Display for MoveLimit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveLimit::Seconds(s) => write!(f, "{s}"),
            MoveLimit::Clock { seconds, increment } => write!(f, "{seconds}+{increment}"),
            MoveLimit::None => f.write_str("none"),
        }
    }
}

/// Something a peer says that may end the game without a move.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Declaration {
    Resign,
    DrawOffer,
    DrawAccept,
    DrawDecline,
    /// The sender claims the game on time.
    Claim,
}

impl Declaration {
    pub const ALL: [Declaration; 5] = [
        Declaration::Resign,
        Declaration::DrawOffer,
        Declaration::DrawAccept,
        Declaration::DrawDecline,
        Declaration::Claim,
    ];

    pub fn word(self) -> &'static str {
        match self {
            Declaration::Resign => "resign",
            Declaration::DrawOffer => "draw-offer",
            Declaration::DrawAccept => "draw-accept",
            Declaration::DrawDecline => "draw-decline",
            Declaration::Claim => "claim",
        }
    }
}

/// A phrase one player says to the other: a code of a fixed list (no free text), which the
/// receiver shows in its own language.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Phrase {
    Hello,
    GoodLuck,
    WellPlayed,
    Thanks,
    Oops,
    OneMoment,
    Rematch,
    GoodGame,
}

impl Phrase {
    pub const ALL: [Phrase; 8] = [
        Phrase::Hello,
        Phrase::GoodLuck,
        Phrase::WellPlayed,
        Phrase::Thanks,
        Phrase::Oops,
        Phrase::OneMoment,
        Phrase::Rematch,
        Phrase::GoodGame,
    ];

    /// The phrase's word on the wire (and in the page's API).
    pub fn code(self) -> &'static str {
        match self {
            Phrase::Hello => "hello",
            Phrase::GoodLuck => "good-luck",
            Phrase::WellPlayed => "well-played",
            Phrase::Thanks => "thanks",
            Phrase::Oops => "oops",
            Phrase::OneMoment => "one-moment",
            Phrase::Rematch => "rematch",
            Phrase::GoodGame => "good-game",
        }
    }

    pub fn from_code(code: &str) -> Option<Phrase> {
        Phrase::ALL.into_iter().find(|p| p.code() == code)
    }
}

/// Why a message was refused: typed, so that the page says it in the player's language.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Refusal {
    /// Not a message of this protocol (unknown kind, a missing or bad field, not one line).
    Malformed,
    /// Longer than [`MAX_MESSAGE_BYTES`].
    TooLong,
    /// A move the rules do not allow in that position.
    IllegalMove,
    /// A move, or a declaration, by the side that is not to make it.
    OutOfTurn,
    /// A message for another game than this one.
    WrongGame,
    /// A message for a ply this game has passed, that differs from what happened there.
    EarlierPly,
    /// A legal move whose stated position is not the one it gives here.
    WrongPosition,
    /// The game is over.
    GameOver,
    /// The seat is taken by a player with another secret: "This game already has two players".
    SeatTaken,
    /// A claim on time before the limit has passed (or with no limit), or a phrase less than
    /// [`crate::game::PHRASE_GAP_MS`] after the sender's last one.
    TooEarly,
    /// A draw offered again too soon after the same side's offer was declined (see
    /// [`crate::game::DRAW_REOFFER_PLIES`]); honest pages can cross like this (an offer sent
    /// before the decline arrived), so it is no strike against the sender.
    DrawTooSoon,
    /// A draw or a rematch accepted, or a draw declined, that was not offered.
    NotOffered,
    /// Too many messages, or too many bad ones: the connection is dropped.
    Flood,
    /// The two records do not extend each other: the game is frozen, both records kept.
    Diverged,
    /// The two records of the game before this one do not extend each other (found after the
    /// next deal): both are kept, and the game being played goes on.
    PreviousDiverged,
    /// (Said to this player only) the opponent is away: a move waits until they are back.
    OpponentAway,
    /// (Said to this player only) this player's game clock has run out: no move goes, and the
    /// opponent's claim ends the game.
    OutOfTime,
    /// A message before the sender's hello on this connection.
    NoHello,
    /// A phrase whose code is not one of [`Phrase::ALL`]: never shown.
    UnknownPhrase,
    /// A hello of another version of the protocol (or of none: an older page): both players
    /// are told to reload the page.
    OtherVersion,
    /// An abort once each side has moved once (see [`crate::game::ABORT_PLIES`]).
    TooLate,
    /// A message from a watcher other than its hello and its seat: a watcher does not play.
    Watcher,
    /// A takeback asked again, after a decline, before the game moved on; or with nothing of the
    /// asker's to take back.
    NoTakeback,
}

impl Refusal {
    pub const ALL: [Refusal; 23] = [
        Refusal::Malformed,
        Refusal::TooLong,
        Refusal::IllegalMove,
        Refusal::OutOfTurn,
        Refusal::WrongGame,
        Refusal::EarlierPly,
        Refusal::WrongPosition,
        Refusal::GameOver,
        Refusal::SeatTaken,
        Refusal::TooEarly,
        Refusal::DrawTooSoon,
        Refusal::NotOffered,
        Refusal::Flood,
        Refusal::Diverged,
        Refusal::PreviousDiverged,
        Refusal::OpponentAway,
        Refusal::NoHello,
        Refusal::UnknownPhrase,
        Refusal::OtherVersion,
        Refusal::OutOfTime,
        Refusal::TooLate,
        Refusal::NoTakeback,
        Refusal::Watcher,
    ];

    /// The reason's word on the wire and the key of its text.
    pub fn code(self) -> &'static str {
        match self {
            Refusal::Malformed => "malformed",
            Refusal::TooLong => "too-long",
            Refusal::IllegalMove => "illegal-move",
            Refusal::OutOfTurn => "out-of-turn",
            Refusal::WrongGame => "wrong-game",
            Refusal::EarlierPly => "earlier-ply",
            Refusal::WrongPosition => "wrong-position",
            Refusal::GameOver => "game-over",
            Refusal::SeatTaken => "seat-taken",
            Refusal::TooEarly => "too-early",
            Refusal::DrawTooSoon => "draw-too-soon",
            Refusal::NotOffered => "not-offered",
            Refusal::Flood => "flood",
            Refusal::Diverged => "diverged",
            Refusal::PreviousDiverged => "previous-diverged",
            Refusal::OpponentAway => "opponent-away",
            Refusal::NoHello => "no-hello",
            Refusal::UnknownPhrase => "unknown-phrase",
            Refusal::OtherVersion => "other-version",
            Refusal::OutOfTime => "out-of-time",
            Refusal::TooLate => "too-late",
            Refusal::NoTakeback => "no-takeback",
            Refusal::Watcher => "watcher",
        }
    }

    pub fn from_code(code: &str) -> Option<Refusal> {
        Refusal::ALL.into_iter().find(|r| r.code() == code)
    }
}

/// One message between the two pages.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Message {
    /// Sent first on every connection: the game the sender knows (none for a guest not yet
    /// dealt in), a fresh nonce for the other side to prove its seat with, and the protocol's
    /// version ([`VERSION`]; none from a page older than versions).
    Hello {
        game: Option<Token>,
        nonce: Token,
        version: Option<u32>,
    },
    /// The sender's seat proved without its secret: the keyed hash of the receiver's nonce
    /// ([`crate::seat::proof`]).
    Proof(Token),
    /// The sender's seat's secret: a guest taking a fresh seat, or the host giving its own back
    /// to the guest it seated (so that each can check the other's proofs from then on).
    Seat(Token),
    /// How many watch the game (the host's count).
    Watchers(u32),
    /// The game clocks as the host sees them now, for its watchers: each side's time left (ms,
    /// Red's then Blue's), whose runs, and the increment (ms).
    Clocks {
        game: Token,
        left: [u64; 2],
        running: Option<Color>,
        increment: u64,
    },
    /// The host deals a game (the first, or a rematch): the receiver's colour, the move limit.
    Start {
        game: Token,
        you: Color,
        limit: MoveLimit,
        position: Position,
    },
    /// A move made at `ply`, and the position it gives; under a game clock, the time the mover
    /// has left after it (ms, the increment added).
    Move {
        game: Token,
        ply: usize,
        mv: Move,
        position: Position,
        left: Option<u64>,
    },
    /// A resignation, a draw offer, its answer, or a claim on time, made at `ply`.
    Declare {
        game: Token,
        ply: usize,
        what: Declaration,
    },
    RematchOffer {
        game: Token,
    },
    RematchAccept {
        game: Token,
    },
    /// The receiver's rematch offer is declined.
    RematchDecline {
        game: Token,
    },
    /// The sender's own rematch offer is taken back.
    RematchWithdraw {
        game: Token,
    },
    /// The sender's whole record of the game, to reconcile after a reconnect or a gap; under a
    /// game clock, each side's time left at the start of the turn (ms, Red's then Blue's).
    Sync {
        game: Token,
        record: Game,
        clocks: Option<[u64; 2]>,
    },
    /// A phrase of the fixed list.
    Say(Phrase),
    /// The sender refused a message.
    Refused(Refusal),
    /// The sender leaves the game for good (after resigning it, if it was going on).
    Bye,
    /// The game ends with no result, at `ply` (fewer than [`crate::game::ABORT_PLIES`]).
    Abort {
        game: Token,
        ply: usize,
    },
    /// A takeback asked (naming the asker's move it takes back, checked against the receiver's
    /// record), answered or declined: `ply` is the ply the request was made at (the target
    /// follows from it: before the asker's last move).
    Takeback {
        game: Token,
        ply: usize,
        what: TakebackWord,
    },
}

/// The three messages of a takeback: a request names the asker's move it takes back.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum TakebackWord {
    Offer(Move),
    Accept,
    Decline,
}

impl TakebackWord {
    pub fn word(self) -> &'static str {
        match self {
            TakebackWord::Offer(_) => "takeback-offer",
            TakebackWord::Accept => "takeback-accept",
            TakebackWord::Decline => "takeback-decline",
        }
    }
}

impl Message {
    /// The game a message is about, if any.
    pub fn game(&self) -> Option<&Token> {
        match self {
            Message::Hello { game, .. } => game.as_ref(),
            Message::Start { game, .. }
            | Message::Move { game, .. }
            | Message::Declare { game, .. }
            | Message::RematchOffer { game }
            | Message::RematchAccept { game }
            | Message::RematchDecline { game }
            | Message::RematchWithdraw { game }
            | Message::Sync { game, .. }
            | Message::Abort { game, .. }
            | Message::Clocks { game, .. }
            | Message::Takeback { game, .. } => Some(game),
            Message::Say(_)
            | Message::Refused(_)
            | Message::Bye
            | Message::Proof(_)
            | Message::Seat(_)
            | Message::Watchers(_) => None,
        }
    }

    pub fn encode(&self) -> String {
        let mut line = String::new();
        match self {
            Message::Hello { game, nonce, version } => {
                let game = game.as_ref().map_or("-", Token::as_str);
                let _ = write!(line, "hello {game} {nonce}");
                if let Some(version) = version {
                    let _ = write!(line, " {version}");
                }
            }
            Message::Start { game, you, limit, position } => {
                let _ = write!(line, "start {game} {} {limit} {position}", you.code());
            }
            Message::Move { game, ply, mv, position, left } => {
                let _ = write!(line, "move {game} {ply} {mv} {position}");
                if let Some(left) = left {
                    let _ = write!(line, " {left}");
                }
            }
            Message::Declare { game, ply, what } => {
                let _ = write!(line, "{} {game} {ply}", what.word());
            }
            Message::RematchOffer { game } => {
                let _ = write!(line, "rematch-offer {game}");
            }
            Message::RematchAccept { game } => {
                let _ = write!(line, "rematch-accept {game}");
            }
            Message::RematchDecline { game } => {
                let _ = write!(line, "rematch-decline {game}");
            }
            Message::RematchWithdraw { game } => {
                let _ = write!(line, "rematch-withdraw {game}");
            }
            Message::Sync { game, record, clocks } => {
                let _ = write!(line, "sync {game} ");
                if let Some([red, blue]) = clocks {
                    let _ = write!(line, "clocks {red} {blue} ");
                }
                write_record(&mut line, record);
            }
            Message::Say(phrase) => {
                let _ = write!(line, "say {}", phrase.code());
            }
            Message::Refused(reason) => {
                let _ = write!(line, "refused {}", reason.code());
            }
            Message::Bye => line.push_str("bye"),
            Message::Proof(proof) => {
                let _ = write!(line, "proof {proof}");
            }
            Message::Seat(secret) => {
                let _ = write!(line, "seat {secret}");
            }
            Message::Watchers(count) => {
                let _ = write!(line, "watchers {count}");
            }
            Message::Clocks { game, left: [red, blue], running, increment } => {
                let running = running.map_or("-", Color::code);
                let _ = write!(line, "clocks {game} {red} {blue} {running} {increment}");
            }
            Message::Abort { game, ply } => {
                let _ = write!(line, "abort {game} {ply}");
            }
            Message::Takeback { game, ply, what } => {
                let _ = write!(line, "{} {game} {ply}", what.word());
                if let TakebackWord::Offer(mv) = what {
                    let _ = write!(line, " {mv}");
                }
            }
        }
        line
    }

    /// Reads a message; anything that is not exactly one message of this protocol is refused
    /// ([`Refusal::TooLong`] or [`Refusal::Malformed`]). A `sync`'s moves are replayed with the
    /// rules, so a record that breaks them does not read.
    pub fn decode(text: &str) -> Result<Message, Refusal> {
        if text.len() > MAX_MESSAGE_BYTES {
            return Err(Refusal::TooLong);
        }
        if text.is_empty() || text.bytes().any(|b| b.is_ascii_control()) {
            return Err(Refusal::Malformed);
        }
        let mut words = Words(text.split(' '));
        let kind = words.next()?;
        let message = match kind {
            "hello" => {
                let game = match words.next()? {
                    "-" => None,
                    word => Some(token(word)?),
                };
                let nonce = token(words.next()?)?;
                // Versions are small whole numbers written plainly: no sign, no leading zero.
                let version = match words.0.next() {
                    None => None,
                    Some(word) if word.len() <= 9 && (word == "0" || !word.starts_with('0')) => {
                        Some(word.parse().map_err(|_| Refusal::Malformed)?)
                    }
                    Some(_) => return Err(Refusal::Malformed),
                };
                Message::Hello { game, nonce, version }
            }
            "proof" => Message::Proof(token(words.next()?)?),
            "seat" => Message::Seat(token(words.next()?)?),
            "watchers" => Message::Watchers(watcher_count(words.next()?)?),
            "clocks" => {
                let game = token(words.next()?)?;
                let left = [millis(words.next()?)?, millis(words.next()?)?];
                let running = match words.next()? {
                    "-" => None,
                    word => Some(Color::from_code(word).ok_or(Refusal::Malformed)?),
                };
                Message::Clocks { game, left, running, increment: millis(words.next()?)? }
            }
            "start" => {
                let game = token(words.next()?)?;
                let you = Color::from_code(words.next()?).ok_or(Refusal::Malformed)?;
                let limit = MoveLimit::from_word(words.next()?).ok_or(Refusal::Malformed)?;
                Message::Start { game, you, limit, position: words.position()? }
            }
            "move" => {
                let game = token(words.next()?)?;
                let ply = words.ply()?;
                let mv = words.next()?.parse().map_err(|_| Refusal::Malformed)?;
                let position = words.position()?;
                let left = words.0.next().map(millis).transpose()?;
                Message::Move { game, ply, mv, position, left }
            }
            "rematch-offer" => Message::RematchOffer { game: token(words.next()?)? },
            "rematch-accept" => Message::RematchAccept { game: token(words.next()?)? },
            "rematch-decline" => Message::RematchDecline { game: token(words.next()?)? },
            "rematch-withdraw" => Message::RematchWithdraw { game: token(words.next()?)? },
            "sync" => {
                let game = token(words.next()?)?;
                // A record starts with a position, never with this word.
                let mut ahead = words.0.clone();
                let clocks = match ahead.next() {
                    Some("clocks") => {
                        let red = millis(ahead.next().unwrap_or_default())?;
                        let blue = millis(ahead.next().unwrap_or_default())?;
                        words.0 = ahead;
                        Some([red, blue])
                    }
                    _ => None,
                };
                Message::Sync { game, record: words.record()?, clocks }
            }
            "bye" => Message::Bye,
            "abort" => Message::Abort { game: token(words.next()?)?, ply: words.ply()? },
            "takeback-offer" | "takeback-accept" | "takeback-decline" => {
                let (game, ply) = (token(words.next()?)?, words.ply()?);
                let what = match kind {
                    "takeback-offer" => TakebackWord::Offer(words.next()?.parse().map_err(|_| Refusal::Malformed)?),
                    "takeback-accept" => TakebackWord::Accept,
                    _ => TakebackWord::Decline,
                };
                Message::Takeback { game, ply, what }
            }
            // A code not of the list is refused for what it is, and never shown.
            "say" => Message::Say(Phrase::from_code(words.next()?).ok_or(Refusal::UnknownPhrase)?),
            "refused" => Message::Refused(Refusal::from_code(words.next()?).ok_or(Refusal::Malformed)?),
            word => match Declaration::ALL.into_iter().find(|d| d.word() == word) {
                Some(what) => Message::Declare { game: token(words.next()?)?, ply: words.ply()?, what },
                None => return Err(Refusal::Malformed),
            },
        };
        match words.0.next() {
            None => Ok(message),
            Some(_) => Err(Refusal::Malformed),
        }
    }
}

/// A record as a `sync` carries it: the start position, `moves …` if any, `result <code>` if the
/// players declared the end.
pub(crate) fn write_record(line: &mut String, record: &Game) {
    let _ = write!(line, "{}", record.start());
    if !record.moves().is_empty() {
        line.push_str(" moves");
        for m in record.moves() {
            let _ = write!(line, " {m}");
        }
    }
    if let Some(outcome) = record.outcome().filter(|o| o.is_declared()) {
        let _ = write!(line, " result {}", outcome.code());
    }
}

/// Reads what [`write_record`] writes, and nothing after it.
pub(crate) fn read_record(text: &str) -> Result<Game, Refusal> {
    let mut words = Words(text.split(' '));
    let record = words.record()?;
    match words.0.next() {
        None => Ok(record),
        Some(_) => Err(Refusal::Malformed),
    }
}

/// A time in milliseconds: a plain number of at most ten digits (over three months).
pub(crate) fn millis(word: &str) -> Result<u64, Refusal> {
    let plain = !word.is_empty() && word.len() <= 10 && word.bytes().all(|b| b.is_ascii_digit());
    if !plain || (word.len() > 1 && word.starts_with('0')) {
        return Err(Refusal::Malformed);
    }
    word.parse().map_err(|_| Refusal::Malformed)
}

/// A count of watchers: one digit, up to [`MAX_WATCHERS`].
pub(crate) fn watcher_count(word: &str) -> Result<u32, Refusal> {
    match word.as_bytes() {
        [digit @ b'0'..=b'9'] if u32::from(digit - b'0') <= MAX_WATCHERS => Ok(u32::from(digit - b'0')),
        _ => Err(Refusal::Malformed),
    }
}

pub(crate) fn token(word: &str) -> Result<Token, Refusal> {
    Token::new(word).ok_or(Refusal::Malformed)
}

pub(crate) struct Words<'a>(pub(crate) std::str::Split<'a, char>);

impl<'a> Words<'a> {
    pub(crate) fn next(&mut self) -> Result<&'a str, Refusal> {
        self.0.next().filter(|w| !w.is_empty()).ok_or(Refusal::Malformed)
    }

    pub(crate) fn ply(&mut self) -> Result<usize, Refusal> {
        let word = self.next()?;
        // No sign, no leading zero, and small: a ply fits any game that fits a message.
        if word.len() > 5 || (word.len() > 1 && word.starts_with('0')) {
            return Err(Refusal::Malformed);
        }
        word.parse().map_err(|_| Refusal::Malformed)
    }

    /// A position's five fields.
    pub(crate) fn position(&mut self) -> Result<Position, Refusal> {
        let mut text = String::new();
        for i in 0..5 {
            if i > 0 {
                text.push(' ');
            }
            text.push_str(self.next()?);
        }
        text.parse().map_err(|_| Refusal::Malformed)
    }

    /// A start position, then optionally `moves …`, then optionally `result <code>` naming a
    /// declared outcome (an outcome the board shows follows from the moves).
    fn record(&mut self) -> Result<Game, Refusal> {
        let mut game = Game::new(self.position()?);
        let mut word = self.0.next();
        if word == Some("moves") {
            word = None;
            for token in self.0.by_ref() {
                if token == "result" {
                    word = Some(token);
                    break;
                }
                if game.moves().len() >= MAX_SYNC_MOVES {
                    return Err(Refusal::TooLong);
                }
                let m: Move = token.parse().map_err(|_| Refusal::Malformed)?;
                game.play(m).map_err(|_| Refusal::IllegalMove)?;
            }
            if game.moves().is_empty() {
                return Err(Refusal::Malformed);
            }
        }
        match word {
            None => Ok(game),
            Some("result") => {
                let outcome = Outcome::declared_from_code(self.next()?).ok_or(Refusal::Malformed)?;
                declare(&mut game, outcome).map_err(|_| Refusal::GameOver)?;
                Ok(game)
            }
            Some(_) => Err(Refusal::Malformed),
        }
    }
}

/// Ends `game` with a declared outcome.
pub(crate) fn declare(game: &mut Game, outcome: Outcome) -> Result<Outcome, onitama_core::rules::MoveError> {
    match outcome {
        Outcome::Resigned { by } => game.resign(by),
        Outcome::DrawAgreed => game.agree_draw(),
        Outcome::WonOnTime { winner } => game.win_on_time(winner),
        // Not declared: the board shows it; nothing to do.
        other => Ok(other),
    }
}
