//! What the online module tells the page that hosts it. The page mirrors the game (a deal, its
//! moves, a declared end) and shows the module's panel; every word and every button of online
//! play is the module's, in the page's language, so that the page's own download carries none of
//! it. [`Host`] turns the bridge's events into these lines.
//!
//! ```text
//! deal <your colour>⏎<record>             this game on the board, this page playing that colour
//! move <ply> <move> <position after>      a move added to the record
//! outcome <code|none>                     a declared end, or none (a claim that lapsed)
//! panel \t<link>\t<clock>\t<text>[\t<command>\t<label>]…   the strip: the friend's link (or nothing), the move's time left (or nothing), the words, the buttons
//! state <phase> <room|-> <colour|-> <here|away> <code|-> <move|wait> [clocks <red ms> <blue ms> <running|-> <increment ms>]
//!                                         for scripts, whether this page may move, and the game clocks
//! saved <text>                            to keep with the game, given back by `restore`
//! denied <code>                           a command of the page refused
//! say <text>                              words for the player at once (the opponent came, or came back, or said a phrase)
//!   ⏎phrases <wait|ready> <on|off>      the phrases to say, if any: whether they wait, the opponent's shown
//! ```
//!
//! A button's command is a bridge command line, which the page sends back as it is. A deal's
//! record follows on the lines after its first, in the rules core's record notation
//! (`Game::to_record`): the page reads it with the parser it has for its saves. Codes are words the
//! page passes on to scripts without reading them.

use crate::bridge::{Command, Event, Phase, Reason, Status};
use crate::game::Clocks;
use crate::protocol::{Phrase, Refusal, Token};
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

/// The phrases to say, as the page offers them (their words are the module's, [`Phrases`] in
/// the page's language, which the page reads from them): whether they wait, and the switch.
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

pub use onitama_core::lang::Lang;

/// Everything online play says in a language.
pub fn phrases(lang: Lang) -> &'static Phrases {
    match lang {
        Lang::En => &EN,
        Lang::Fa => &FA,
        Lang::Es => &ES,
        Lang::Fr => &FR,
    }
}

/// Everything online play says, in one language. `{reason}` is a refusal's code.
#[derive(Debug)]
pub struct Phrases {
    pub connecting: &'static str,
    pub waiting_friend: &'static str,
    pub waiting_stranger: &'static str,
    /// A joiner's: nobody in the room yet (they left, or the link is cut short).
    pub waiting_inviter: &'static str,
    /// A joiner's, after a while: the inviter's page does not answer; the wait goes on.
    pub inviter_not_open: &'static str,
    pub opponent_away: &'static str,
    pub opponent_left: &'static str,
    /// A spectator's: the host's page left (the game is over for it).
    pub host_left: &'static str,
    /// The opponent connected for the first time: the game begins.
    pub joined: &'static str,
    /// The opponent connected again after being away (or after this page's reload).
    pub returned: &'static str,
    pub reconnecting: &'static str,
    pub can_claim: &'static str,
    /// The opponent has been away long enough: this player may claim the game.
    pub can_claim_away: &'static str,
    /// This player's game clock has run out: no move goes; the opponent's claim ends the game.
    pub out_of_time: &'static str,
    /// This player's claim on time, refused by the opponent's clock.
    pub claim_refused_mine: &'static str,
    /// The opponent's claim on time, refused by this page's clock.
    pub claim_refused_theirs: &'static str,
    /// The time left for this player's move, `{time}` as m:ss.
    pub clock_you: &'static str,
    /// The time left for the opponent's move.
    pub clock_opponent: &'static str,
    pub draw_offered: &'static str,
    pub draw_sent: &'static str,
    pub draw_declined: &'static str,
    /// This player's draw offer, refused by the opponent: one of theirs was declined lately.
    pub draw_too_soon: &'static str,
    pub rematch_offered: &'static str,
    pub rematch_sent: &'static str,
    pub rematch_declined: &'static str,
    pub rematch_withdrawn: &'static str,
    pub no_server: &'static str,
    pub unreachable: &'static str,
    pub no_webrtc: &'static str,
    pub seat_taken: &'static str,
    pub diverged: &'static str,
    /// The game before this one turned out to diverge, after the next one was dealt.
    pub previous_diverged: &'static str,
    pub error: &'static str,
    pub refused: &'static str,
    pub dropped: &'static str,
    pub denied: &'static str,
    pub offer_draw: &'static str,
    pub accept_draw: &'static str,
    /// Declines an offer (a draw, a rematch).
    pub decline_draw: &'static str,
    /// Takes back one's own rematch offer.
    pub withdraw: &'static str,
    pub claim: &'static str,
    pub rematch: &'static str,
    pub leave: &'static str,
    pub cancel: &'static str,
    /// Out of online play that stopped before a game: the player's own game is under it.
    pub back: &'static str,
    /// A friend's link that nobody answered.
    pub expired: &'static str,
    /// A new invitation, with the usual choices.
    pub invite: &'static str,
    /// Out of online play, to the game against the AI under it.
    pub play_ai: &'static str,
    /// Opens the phrases to say.
    pub say: &'static str,
    /// The phrases' dialog's title.
    pub say_title: &'static str,
    pub close: &'static str,
    /// The switch: the opponent's phrases shown or not.
    pub show_phrases: &'static str,
    /// The opponent's phrase, `{phrase}` its words.
    pub heard: &'static str,
    /// The opponent's page is another version of the game.
    pub other_version: &'static str,
    /// The phrases, in the order of [`Phrase::ALL`].
    pub phrase: [&'static str; 8],
    /// Aborts the game (before each side moved once).
    pub abort: &'static str,
    /// The game was aborted: it has no result.
    pub aborted: &'static str,
    /// A watcher's strip: this page watches the game and cannot move.
    pub watching: &'static str,
    /// How many watch, `{count}` (told to the players and the watchers).
    pub watchers: &'static str,
    /// The opponent has had their first move for 30 s.
    pub abort_late: &'static str,
    /// Asks to take back this player's last move.
    pub takeback: &'static str,
    pub takeback_sent: &'static str,
    pub takeback_offered: &'static str,
    /// Accepts the opponent's takeback request.
    pub accept_takeback: &'static str,
    pub takeback_declined: &'static str,
    /// A takeback accepted: the moves are taken back on both sides.
    pub taken_back: &'static str,
}

pub const EN: Phrases = Phrases {
    connecting: "Connecting to the server for online play…",
    waiting_friend: "Waiting for your friend: send them the link",
    waiting_stranger: "Looking for an opponent…",
    waiting_inviter: "Waiting for the friend who invited you: if nobody comes, ask them for the link again",
    inviter_not_open: "Your friend's page is not open: waiting for them…",
    opponent_away: "Your opponent is away: waiting for them to come back",
    opponent_left: "Your opponent left the game.",
    host_left: "The host left the game.",
    joined: "Your opponent is here: the game begins",
    returned: "Your opponent is back",
    reconnecting: "The connection is lost: reconnecting…",
    can_claim: "Your opponent has not moved in time: you may claim the win",
    can_claim_away: "Your opponent left: you may claim the win",
    out_of_time: "Your time has run out",
    claim_refused_mine: "Your opponent's clock says your claim came early: the game goes on",
    claim_refused_theirs: "Your opponent claimed the win too early by your clock: the game goes on",
    clock_you: "Your move: {time}",
    clock_opponent: "Opponent's move: {time}",
    draw_offered: "Your opponent offers a draw",
    draw_sent: "You offered a draw",
    draw_declined: "Your draw offer was declined",
    draw_too_soon: "Your draw offer was declined lately: offer again in a few moves",
    rematch_offered: "Your opponent offers a rematch",
    rematch_sent: "You offered a rematch",
    rematch_declined: "Your rematch offer was declined",
    rematch_withdrawn: "Your opponent withdrew the rematch offer",
    no_server: "Online play needs a server for the two browsers to meet, and none is set up for this page.",
    unreachable: "The server for online play cannot be reached: check the connection and try again.",
    no_webrtc: "This browser cannot connect to another one: it has no WebRTC.",
    seat_taken: "This game already has two players.",
    diverged: "The two browsers no longer agree on this game: it has ended, and both records are kept.",
    previous_diverged: "The two browsers disagree on the last game: both records are kept.",
    error: "Online play stopped ({reason}).",
    refused: "The other browser sent something that was refused ({reason}).",
    dropped: "The connection to the other browser was closed ({reason}).",
    denied: "That cannot be done now ({reason}).",
    offer_draw: "Offer a draw",
    accept_draw: "Accept the draw",
    decline_draw: "Decline",
    withdraw: "Withdraw",
    claim: "Claim the win",
    rematch: "Rematch",
    leave: "Leave",
    cancel: "Cancel",
    back: "Back to your game",
    expired: "Nobody is here: the game is over or the link has expired",
    invite: "Invite a friend",
    play_ai: "Play the AI",
    say: "Say…",
    say_title: "Say to your opponent",
    close: "Close",
    show_phrases: "Show your opponent's phrases",
    heard: "Your opponent: “{phrase}”",
    other_version: "Your opponent's page is another version of the game: reload the page (both of you) to play.",
    phrase: [
        "Hello!",
        "Good luck!",
        "Well played!",
        "Thanks!",
        "Oops!",
        "One moment, please",
        "Rematch?",
        "Good game!",
    ],
    abort: "Abort the game",
    aborted: "The game was aborted: it has no result",
    watching: "You are watching this game",
    watchers: "{count} watching",
    abort_late: "Your opponent has not made their first move: you may abort the game",
    takeback: "Ask to take back",
    takeback_sent: "You asked to take back your move",
    takeback_offered: "Your opponent asks to take back their move",
    accept_takeback: "Accept",
    takeback_declined: "Your takeback request was declined: ask again after a move",
    taken_back: "The moves were taken back",
};

pub const FA: Phrases = Phrases {
    connecting: "در حال اتصال به سرور بازی آنلاین…",
    waiting_friend: "در انتظار دوستتان: پیوند را برایش بفرستید",
    waiting_stranger: "در جست‌وجوی حریف…",
    waiting_inviter: "در انتظار دوستی که شما را دعوت کرد: اگر کسی نیامد، پیوند را دوباره از او بخواهید",
    inviter_not_open: "صفحهٔ دوستتان باز نیست: منتظرش هستیم…",
    opponent_away: "حریف شما حاضر نیست: منتظر بازگشتش هستیم",
    opponent_left: "حریف شما بازی را ترک کرد.",
    host_left: "میزبان بازی را ترک کرد.",
    joined: "حریف شما آمد: بازی آغاز می‌شود",
    returned: "حریف شما بازگشت",
    reconnecting: "اتصال قطع شد: در حال اتصال دوباره…",
    can_claim: "حریف شما به‌موقع حرکت نکرد: می‌توانید برد را بخواهید",
    can_claim_away: "حریف شما رفته است: می‌توانید برد را بخواهید",
    out_of_time: "وقت شما تمام شده است",
    claim_refused_mine: "ساعت حریف می‌گوید درخواست برد شما زود بود: بازی ادامه دارد",
    claim_refused_theirs: "حریف طبق ساعت شما زود برد را خواست: بازی ادامه دارد",
    clock_you: "حرکت شما: {time}",
    clock_opponent: "حرکت حریف: {time}",
    draw_offered: "حریف شما مساوی پیشنهاد می‌کند",
    draw_sent: "شما مساوی پیشنهاد دادید",
    draw_declined: "پیشنهاد مساوی شما پذیرفته نشد",
    draw_too_soon: "پیشنهاد مساوی شما به‌تازگی پذیرفته نشد: چند حرکت بعد دوباره پیشنهاد دهید",
    rematch_offered: "حریف شما بازی دوباره پیشنهاد می‌کند",
    rematch_sent: "شما بازی دوباره پیشنهاد دادید",
    rematch_declined: "پیشنهاد بازی دوباره شما پذیرفته نشد",
    rematch_withdrawn: "حریف شما پیشنهاد بازی دوباره را پس گرفت",
    no_server: "بازی آنلاین به سروری نیاز دارد تا دو مرورگر یکدیگر را پیدا کنند، و برای این صفحه سروری تنظیم نشده است.",
    unreachable: "به سرور بازی آنلاین نمی‌توان رسید: اتصال را بررسی کنید و دوباره امتحان کنید.",
    no_webrtc: "این مرورگر نمی‌تواند به مرورگر دیگری وصل شود: WebRTC ندارد.",
    seat_taken: "این بازی از پیش دو بازیکن دارد.",
    diverged: "دو مرورگر دیگر بر سر این بازی توافق ندارند: بازی پایان یافت و هر دو رکورد نگه داشته شد.",
    previous_diverged: "دو مرورگر بر سر بازی پیشین توافق ندارند: هر دو رکورد نگه داشته شد.",
    error: "بازی آنلاین متوقف شد ({reason}).",
    refused: "مرورگر دیگر چیزی فرستاد که پذیرفته نشد ({reason}).",
    dropped: "اتصال به مرورگر دیگر بسته شد ({reason}).",
    denied: "این کار اکنون شدنی نیست ({reason}).",
    offer_draw: "پیشنهاد مساوی",
    accept_draw: "پذیرفتن مساوی",
    decline_draw: "نپذیرفتن",
    withdraw: "پس گرفتن",
    claim: "خواستن برد",
    rematch: "بازی دوباره",
    leave: "ترک بازی",
    cancel: "لغو",
    back: "بازگشت به بازی خودتان",
    expired: "کسی اینجا نیست: بازی تمام شده یا پیوند منقضی شده است",
    invite: "دعوت از یک دوست",
    play_ai: "بازی با هوش مصنوعی",
    say: "پیام…",
    say_title: "به حریف بگویید",
    close: "بستن",
    show_phrases: "نمایش پیام‌های حریف",
    heard: "حریف: «{phrase}»",
    other_version: "صفحهٔ حریف نسخهٔ دیگری از بازی است: برای بازی، هر دو صفحه را دوباره بارگذاری کنید.",
    phrase: [
        "سلام!",
        "موفق باشید!",
        "خوب بازی کردید!",
        "ممنون!",
        "اوه!",
        "یک لحظه لطفاً",
        "بازی دوباره؟",
        "بازی خوبی بود!",
    ],
    abort: "لغو بازی",
    aborted: "بازی لغو شد: نتیجه‌ای ندارد",
    watching: "شما تماشاگر این بازی هستید",
    watchers: "{count} تماشاگر",
    abort_late: "حریف شما هنوز نخستین حرکتش را نکرده است: می‌توانید بازی را لغو کنید",
    takeback: "درخواست پس گرفتن حرکت",
    takeback_sent: "شما خواستید حرکتتان را پس بگیرید",
    takeback_offered: "حریف شما می‌خواهد حرکتش را پس بگیرد",
    accept_takeback: "پذیرفتن",
    takeback_declined: "درخواست پس گرفتن شما پذیرفته نشد: پس از یک حرکت دوباره بخواهید",
    taken_back: "حرکت‌ها پس گرفته شد",
};

pub const ES: Phrases = Phrases {
    connecting: "Conectando con el servidor del juego en línea…",
    waiting_friend: "Esperando a tu amigo: envíale el enlace",
    waiting_stranger: "Buscando un rival…",
    waiting_inviter: "Esperando al amigo que te invitó: si no llega nadie, pídele de nuevo el enlace",
    inviter_not_open: "La página de tu amigo no está abierta: esperándolo…",
    opponent_away: "Tu rival no está: esperando a que vuelva",
    opponent_left: "Tu rival ha dejado la partida.",
    host_left: "El anfitrión ha dejado la partida.",
    joined: "Tu rival ha llegado: empieza la partida",
    returned: "Tu rival ha vuelto",
    reconnecting: "Se perdió la conexión: reconectando…",
    can_claim: "Tu rival no ha movido a tiempo: puedes reclamar la victoria",
    can_claim_away: "Tu rival se ha ido: puedes reclamar la victoria",
    out_of_time: "Se te ha acabado el tiempo",
    claim_refused_mine: "El reloj de tu rival dice que reclamaste pronto: la partida sigue",
    claim_refused_theirs: "Tu rival reclamó la victoria antes de tiempo según tu reloj: la partida sigue",
    clock_you: "Tu jugada: {time}",
    clock_opponent: "Jugada del rival: {time}",
    draw_offered: "Tu rival ofrece tablas",
    draw_sent: "Has ofrecido tablas",
    draw_declined: "Tu oferta de tablas fue rechazada",
    draw_too_soon: "Tu oferta de tablas fue rechazada hace poco: ofrécelas en unas jugadas",
    rematch_offered: "Tu rival ofrece la revancha",
    rematch_sent: "Has ofrecido la revancha",
    rematch_declined: "Tu oferta de revancha fue rechazada",
    rematch_withdrawn: "Tu rival retiró la oferta de revancha",
    no_server: "El juego en línea necesita un servidor para que los dos navegadores se encuentren, y esta página no tiene ninguno.",
    unreachable: "No se puede llegar al servidor del juego en línea: comprueba la conexión y vuelve a intentarlo.",
    no_webrtc: "Este navegador no puede conectarse con otro: no tiene WebRTC.",
    seat_taken: "Esta partida ya tiene dos jugadores.",
    diverged: "Los dos navegadores ya no coinciden en esta partida: ha terminado y se conservan ambos registros.",
    previous_diverged: "Los dos navegadores no coinciden en la partida anterior: se conservan ambos registros.",
    error: "El juego en línea se detuvo ({reason}).",
    refused: "El otro navegador envió algo que se rechazó ({reason}).",
    dropped: "Se cerró la conexión con el otro navegador ({reason}).",
    denied: "Eso no se puede hacer ahora ({reason}).",
    offer_draw: "Ofrecer tablas",
    accept_draw: "Aceptar las tablas",
    decline_draw: "Rechazar",
    withdraw: "Retirar",
    claim: "Reclamar la victoria",
    rematch: "Revancha",
    leave: "Salir",
    cancel: "Cancelar",
    back: "Volver a tu partida",
    expired: "No hay nadie: la partida terminó o el enlace ha caducado",
    invite: "Invitar a un amigo",
    play_ai: "Jugar contra la IA",
    say: "Decir…",
    say_title: "Decir a tu rival",
    close: "Cerrar",
    show_phrases: "Mostrar las frases de tu rival",
    heard: "Tu rival: «{phrase}»",
    other_version: "La página de tu rival es otra versión del juego: recargad la página los dos para jugar.",
    phrase: [
        "¡Hola!",
        "¡Buena suerte!",
        "¡Bien jugado!",
        "¡Gracias!",
        "¡Uy!",
        "Un momento, por favor",
        "¿Revancha?",
        "¡Buena partida!",
    ],
    abort: "Anular la partida",
    aborted: "La partida se anuló: no tiene resultado",
    watching: "Estás mirando esta partida",
    watchers: "{count} mirando",
    abort_late: "Tu rival no ha hecho su primera jugada: puedes anular la partida",
    takeback: "Pedir deshacer",
    takeback_sent: "Has pedido deshacer tu jugada",
    takeback_offered: "Tu rival pide deshacer su jugada",
    accept_takeback: "Aceptar",
    takeback_declined: "Tu petición de deshacer fue rechazada: pídelo de nuevo tras una jugada",
    taken_back: "Se deshicieron las jugadas",
};

pub const FR: Phrases = Phrases {
    connecting: "Connexion au serveur du jeu en ligne…",
    waiting_friend: "En attente de votre ami\u{a0}: envoyez-lui le lien",
    waiting_stranger: "Recherche d'un adversaire…",
    waiting_inviter: "En attente de l'ami qui vous a invité\u{a0}: si personne ne vient, redemandez-lui le lien",
    inviter_not_open: "La page de votre ami n'est pas ouverte\u{a0}: en attente…",
    opponent_away: "Votre adversaire est absent\u{a0}: en attente de son retour",
    opponent_left: "Votre adversaire a quitté la partie.",
    host_left: "L'hôte a quitté la partie.",
    joined: "Votre adversaire est là\u{a0}: la partie commence",
    returned: "Votre adversaire est de retour",
    reconnecting: "La connexion est perdue\u{a0}: reconnexion…",
    can_claim: "Votre adversaire n'a pas joué à temps\u{a0}: vous pouvez réclamer la victoire",
    can_claim_away: "Votre adversaire est parti\u{a0}: vous pouvez réclamer la victoire",
    out_of_time: "Votre temps est écoulé",
    claim_refused_mine: "L'horloge adverse juge votre réclamation trop précoce\u{a0}: la partie continue",
    claim_refused_theirs: "Votre adversaire a réclamé trop tôt selon votre horloge\u{a0}: la partie continue",
    clock_you: "À vous\u{a0}: {time}",
    clock_opponent: "À l'adversaire\u{a0}: {time}",
    draw_offered: "Votre adversaire propose la nulle",
    draw_sent: "Vous avez proposé la nulle",
    draw_declined: "Votre proposition de nulle a été refusée",
    draw_too_soon: "Votre nulle a été refusée il y a peu\u{a0}: reproposez-la dans quelques coups",
    rematch_offered: "Votre adversaire propose une revanche",
    rematch_sent: "Vous avez proposé une revanche",
    rematch_declined: "Votre proposition de revanche a été refusée",
    rematch_withdrawn: "Votre adversaire a retiré sa proposition de revanche",
    no_server: "Le jeu en ligne a besoin d'un serveur pour que les deux navigateurs se trouvent, et cette page n'en a pas.",
    unreachable: "Le serveur du jeu en ligne est injoignable\u{a0}: vérifiez la connexion et réessayez.",
    no_webrtc: "Ce navigateur ne peut pas se connecter à un autre\u{a0}: il n'a pas WebRTC.",
    seat_taken: "Cette partie a déjà deux joueurs.",
    diverged: "Les deux navigateurs ne s'accordent plus sur cette partie\u{a0}: elle est terminée, et les deux enregistrements sont conservés.",
    previous_diverged: "Les deux navigateurs ne s'accordent pas sur la partie précédente\u{a0}: les deux enregistrements sont conservés.",
    error: "Le jeu en ligne s'est arrêté ({reason}).",
    refused: "L'autre navigateur a envoyé quelque chose qui a été refusé ({reason}).",
    dropped: "La connexion à l'autre navigateur a été fermée ({reason}).",
    denied: "Ce n'est pas possible maintenant ({reason}).",
    offer_draw: "Proposer la nulle",
    accept_draw: "Accepter la nulle",
    decline_draw: "Refuser",
    withdraw: "Retirer",
    claim: "Réclamer la victoire",
    rematch: "Revanche",
    leave: "Quitter",
    cancel: "Annuler",
    back: "Retour à votre partie",
    expired: "Personne n'est là\u{a0}: la partie est finie ou le lien a expiré",
    invite: "Inviter un ami",
    play_ai: "Jouer contre l'IA",
    say: "Dire…",
    say_title: "Dire à votre adversaire",
    close: "Fermer",
    show_phrases: "Afficher les phrases de l'adversaire",
    heard: "Votre adversaire\u{a0}: «\u{a0}{phrase}\u{a0}»",
    other_version: "La page de votre adversaire est une autre version du jeu\u{a0}: rechargez la page (tous les deux) pour jouer.",
    phrase: [
        "Bonjour\u{a0}!",
        "Bonne chance\u{a0}!",
        "Bien joué\u{a0}!",
        "Merci\u{a0}!",
        "Oups\u{a0}!",
        "Un instant, s'il vous plaît",
        "Revanche\u{a0}?",
        "Bonne partie\u{a0}!",
    ],
    abort: "Annuler la partie",
    aborted: "La partie a été annulée\u{a0}: elle n'a pas de résultat",
    watching: "Vous regardez cette partie",
    watchers: "Spectateurs\u{a0}: {count}",
    abort_late: "Votre adversaire n'a pas joué son premier coup\u{a0}: vous pouvez annuler la partie",
    takeback: "Demander à reprendre",
    takeback_sent: "Vous avez demandé à reprendre votre coup",
    takeback_offered: "Votre adversaire demande à reprendre son coup",
    accept_takeback: "Accepter",
    takeback_declined: "Votre demande de reprise a été refusée\u{a0}: redemandez après un coup",
    taken_back: "Les coups ont été repris",
};

/// Something refused or lost, to tell the player until something else happens.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Trouble {
    Refused(Refusal),
    /// A claim on time refused as early: this player's (true) or the opponent's.
    ClaimRefused(bool),
    /// This player's draw offer, refused by the opponent: one was declined lately.
    DrawTooSoon,
    Denied(Reason),
    Dropped(Refusal),
}

/// The online game the page asked for last.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub enum Asked {
    /// A room of its own, to invite a friend to.
    #[default]
    Create,
    /// A friend's room, from their link.
    Join,
    /// A stranger.
    Find,
}

impl Asked {
    /// The online game a command of the page asks for, if it starts one: a game restored after a
    /// reload is asked as it was first, the host's as an invitation, a guest's as a join (a guest
    /// is never shown the inviter's link or words).
    pub fn of(command: &Command) -> Option<Asked> {
        match command {
            Command::Create(_) => Some(Asked::Create),
            Command::Join(_) => Some(Asked::Join),
            Command::Find(_) => Some(Asked::Find),
            Command::Restore(saved) if saved.host => Some(Asked::Create),
            Command::Restore(_) => Some(Asked::Join),
            _ => None,
        }
    }
}

/// What the page has been told, and what it will be told next: the bridge's events in, the
/// page's lines out.
#[derive(Clone, Debug, Default)]
pub struct Host {
    lang: Lang,
    status: Option<Status>,
    room: Option<Token>,
    asked: Asked,
    you: Option<Color>,
    /// The game as the page was told it.
    game: Option<Game>,
    opponent: bool,
    draw_offer: Option<Color>,
    rematch_offer: Option<Color>,
    /// This player's draw offer went unaccepted (declined, or answered with a move).
    draw_declined: bool,
    can_claim: bool,
    /// This player claimed the game on time and has not heard back.
    claimed: bool,
    /// This player's draw offer was declined lately: no offer again yet.
    draw_wait: bool,
    clock: Option<(Color, u32)>,
    clocks: Option<Clocks>,
    trouble: Option<Trouble>,
    /// The page came back from a reload: the opponent's first connection is a return.
    restored: bool,
    /// This page answered or took back a rematch offer: its end is not news.
    rematch_answered: bool,
    /// A rematch offer ended unaccepted: this player's declined (false), the opponent's
    /// withdrawn (true).
    rematch_off: Option<bool>,
    /// The opponent has been connected since this game was asked for.
    ever_here: bool,
    /// The opponent's arrival (false) or return (true), said until something else happens.
    news: Option<bool>,
    /// Phrases as the module last said: shown, this player may say one, the last heard.
    phrases: Option<crate::bridge::PhraseState>,
    /// The count of the opponent's last phrase told to the page (each is told once).
    heard_told: Option<u32>,
    /// This page said a phrase and has not heard back: a denial of it is no trouble to tell
    /// (the buttons wait; only a script says one too soon).
    said: bool,
    /// Why this page's last phrase was denied, for scripts (`online.error`).
    said_denied: Option<Reason>,
    panel: Option<Panel>,
    state: Option<ScriptState>,
    /// Whether this player may abort, or the game was aborted, as the module last said.
    abort: Option<crate::game::AbortState>,
    /// Takebacks as the module last said.
    takeback: Option<crate::game::TakebackState>,
    /// A takeback was accepted: said until the next move.
    taken_back: bool,
    /// How many watch the game, as the host counts them.
    watchers: u32,
    /// This page watches the game (a third browser with its link): its status said so once.
    spectator: bool,
}

impl Host {
    pub fn new(lang: Lang) -> Host {
        Host { lang, ..Host::default() }
    }

    /// The page's language changed: the panel again, in its words.
    pub fn set_lang(&mut self, lang: Lang) -> Vec<ToPage> {
        self.lang = lang;
        self.panel = None;
        self.tell(Vec::new())
    }

    /// A new online game was asked for: what was known is forgotten.
    pub fn asked(&mut self, asked: Asked) {
        *self = Host { lang: self.lang, asked, ..Host::default() };
    }

    /// A command of the page, before the module acts on it: one that starts online play
    /// (a restore included) starts the page's lines afresh.
    pub fn command(&mut self, command: &Command) {
        if let Some(asked) = Asked::of(command) {
            self.asked(asked);
            self.restored = matches!(command, Command::Restore(_));
        }
        if *command == Command::Claim {
            self.claimed = true;
        }
        self.said = matches!(command, Command::Say(_));
        if self.said {
            self.said_denied = None;
        }
        if matches!(command, Command::AcceptRematch | Command::DeclineRematch | Command::WithdrawRematch) {
            self.rematch_answered = true;
        }
    }

    /// One event of the bridge: the lines it makes for the page.
    pub fn event(&mut self, event: &Event) -> Vec<ToPage> {
        let mut lines = Vec::new();
        match event {
            Event::Status(status) => {
                self.status = Some(*status);
                self.spectator |= status.phase == Phase::Watching;
            }
            Event::Room(room) => self.room = Some(room.clone()),
            Event::Started { you, position, .. } => {
                (self.you, self.trouble, self.rematch_off) = (Some(*you), None, None);
                self.taken_back = false;
                self.game = Some(Game::new(*position));
                lines.push(ToPage::Deal { you: Some(*you), game: Game::new(*position) });
            }
            Event::Record(game) => {
                // A record shorter than the one shown, while a takeback was asked: taken back.
                let shorter = self.game.as_ref().is_some_and(|g| g.moves().len() > game.moves().len());
                if shorter && self.takeback.is_some_and(|t| t.asked_by.is_some()) {
                    self.taken_back = true;
                    lines.push(ToPage::Say(phrases(self.lang).taken_back.to_string()));
                }
                self.game = Some(game.clone());
                if self.you.is_some() || self.spectator {
                    lines.push(ToPage::Deal { you: self.you, game: game.clone() });
                }
            }
            Event::Move { ply, mv, position, .. } => {
                if let Some(game) = self.game.as_mut().filter(|g| g.moves().len() == *ply) {
                    let _ = game.play(*mv);
                }
                (self.trouble, self.draw_declined, self.news, self.claimed) = (None, false, None, false);
                self.taken_back = false;
                lines.push(ToPage::Move { ply: *ply, mv: *mv, position: *position });
            }
            Event::Outcome(outcome) => {
                self.claimed = false;
                if let Some(game) = self.game.as_mut() {
                    *game = match outcome {
                        Some(outcome) => {
                            let _ = crate::protocol::declare(game, *outcome);
                            game.clone()
                        }
                        // A claim that lapsed: the same moves, no declared end.
                        None => game.moves().iter().fold(Game::new(*game.start()), |mut replayed, &m| {
                            let _ = replayed.play(m);
                            replayed
                        }),
                    };
                }
                // A board's end reaches the page with its move; only a declared one is a line.
                if outcome.is_none_or(|o| Outcome::DECLARED.contains(&o)) {
                    lines.push(ToPage::Outcome(*outcome));
                }
            }
            Event::Offers { draw, rematch } => {
                self.news = None;
                let mine = self.draw_offer.is_some() && self.draw_offer == self.you;
                self.draw_declined = mine && draw.is_none() && !self.over();
                // An offer gone with the game still over (no new deal) and not by this page's doing.
                let gone = self.rematch_offer.filter(|_| rematch.is_none() && self.over() && !self.rematch_answered);
                self.rematch_off = gone.map(|by| Some(by) != self.you);
                self.rematch_answered = false;
                (self.draw_offer, self.rematch_offer) = (*draw, *rematch);
            }
            Event::CanClaim(can) => self.can_claim = *can,
            Event::DrawWait(wait) => self.draw_wait = *wait,
            Event::Clock(clock) => self.clock = *clock,
            Event::Clocks(clocks) => self.clocks = *clocks,
            Event::OpponentConnected(here) => {
                self.opponent = *here;
                self.news = None;
                // A watcher's host is no opponent: its coming is not news to announce.
                if *here && !self.spectator {
                    let back = self.ever_here || self.restored;
                    (self.ever_here, self.news) = (true, Some(back));
                    lines.push(ToPage::Say(self.news_words(back).to_string()));
                }
            }
            // A third browser turned away: the two players need not hear of it, and the third
            // hears it from its status.
            Event::Refused(Refusal::SeatTaken) | Event::Dropped(Refusal::SeatTaken) => {}
            Event::Refused(Refusal::PreviousDiverged) => {
                self.trouble = Some(Trouble::Refused(Refusal::PreviousDiverged));
                lines.push(ToPage::Say(phrases(self.lang).previous_diverged.to_string()));
            }
            // Whose clock disagreed: the opponent's with this player's claim, or this page's.
            Event::Refused(Refusal::TooEarly) => {
                self.trouble = Some(Trouble::ClaimRefused(std::mem::take(&mut self.claimed)));
                self.news = None;
            }
            // This player's draw offer, refused: its own words. The opponent's, refused here, is
            // nothing to bother this player with (honest pages cross like that).
            Event::Refused(Refusal::DrawTooSoon) => {
                if self.draw_offer.is_some() && self.draw_offer == self.you {
                    self.trouble = Some(Trouble::DrawTooSoon);
                }
            }
            // A page of another version: the status says it.
            Event::Refused(Refusal::OtherVersion) => {}
            Event::Refused(refusal) => self.trouble = Some(Trouble::Refused(*refusal)),
            Event::Denied(reason) if std::mem::take(&mut self.said) => {
                self.said_denied = Some(*reason);
                lines.push(ToPage::Denied(*reason));
            }
            // A move after this player's time ran out: taken back, the strip already says why.
            Event::Denied(Reason::Rule(Refusal::OutOfTime)) => {
                lines.push(ToPage::Denied(Reason::Rule(Refusal::OutOfTime)))
            }
            Event::Denied(reason) => {
                (self.rematch_answered, self.claimed) = (false, false);
                self.trouble = Some(Trouble::Denied(*reason));
                lines.push(ToPage::Denied(*reason));
            }
            Event::Dropped(refusal) => self.trouble = Some(Trouble::Dropped(*refusal)),
            Event::Saved(saved) => lines.push(ToPage::Saved(saved.to_text())),
            Event::Phrases { shown, may_say, heard } => {
                // Each of the opponent's phrases is said once (announced), in this page's words.
                if let Some((count, phrase)) = heard
                    && self.heard_told != Some(*count)
                {
                    self.heard_told = Some(*count);
                    lines.push(ToPage::Say(self.heard_words(*phrase)));
                }
                self.phrases = Some((*shown, *may_say, *heard));
            }
            Event::Abort(state) => {
                let newly = *state == crate::game::AbortState::Aborted && self.abort != Some(*state);
                // Said once, when it happens (not again on a reload's first words).
                if newly && self.abort.is_some() {
                    lines.push(ToPage::Say(phrases(self.lang).aborted.to_string()));
                }
                self.abort = Some(*state);
            }
            Event::Watchers(count) => self.watchers = *count,
            Event::Takeback(state) => {
                let theirs = state.asked_by.is_some_and(|by| Some(by) != self.you);
                if theirs && self.takeback.is_none_or(|t| t.asked_by != state.asked_by) {
                    lines.push(ToPage::Say(phrases(self.lang).takeback_offered.to_string()));
                }
                let declined = state.declined && self.takeback.is_some_and(|t| !t.declined);
                if declined {
                    lines.push(ToPage::Say(phrases(self.lang).takeback_declined.to_string()));
                }
                self.takeback = Some(*state);
            }
        }
        self.tell(lines)
    }

    /// Adds the panel and the state, when they changed.
    fn tell(&mut self, mut lines: Vec<ToPage>) -> Vec<ToPage> {
        let panel = self.panel_now();
        if self.panel.as_ref() != Some(&panel) {
            lines.push(ToPage::Panel(panel.clone()));
            self.panel = Some(panel);
        }
        let state = self.state_now();
        if self.state.as_ref() != Some(&state) {
            lines.push(ToPage::State(state.clone()));
            self.state = Some(state);
        }
        lines
    }

    fn news_words(&self, back: bool) -> &'static str {
        let words = phrases(self.lang);
        if back { words.returned } else { words.joined }
    }

    fn heard_words(&self, phrase: Phrase) -> String {
        let words = phrases(self.lang);
        let at = Phrase::ALL.iter().position(|&p| p == phrase).unwrap_or(0);
        words.heard.replace("{phrase}", words.phrase[at])
    }

    /// The phrases to say: while the opponent is here, during a game or after it.
    fn phrases_now(&self) -> Option<PhrasePanel> {
        let (shown, may_say, _) = self.phrases?;
        let status = self.status?;
        let here = self.opponent && matches!(status.phase, Phase::Playing | Phase::Ended);
        (here && status.reason != Some(Reason::OpponentLeft)).then_some(PhrasePanel { wait: !may_say, shown })
    }

    /// This player's game clock has run out while the game goes on (the opponent's claim is on
    /// its way): said instead of a refusal of the move the player may still try.
    fn out_of_time(&self) -> bool {
        let you = self.you.map(Color::index);
        self.clocks
            .is_some_and(|c| c.running.is_some_and(|r| Some(r.index()) == you) && you.is_some_and(|i| c.left[i] == 0))
    }

    fn dealt(&self) -> bool {
        self.game.is_some()
    }

    fn over(&self) -> bool {
        self.game.as_ref().is_some_and(|g| g.outcome().is_some()) || self.aborted()
    }

    /// The game was aborted: over, with no result.
    fn aborted(&self) -> bool {
        self.dealt() && self.abort == Some(crate::game::AbortState::Aborted)
    }

    fn playing(&self) -> bool {
        self.dealt() && !self.over() && self.status.is_some_and(|s| s.phase == Phase::Playing)
    }

    fn state_now(&self) -> ScriptState {
        let status = self.status.unwrap_or(Status { phase: Phase::Connecting, reason: None });
        let error = match status {
            Status {
                phase: Phase::Error | Phase::Ended | Phase::Reconnecting | Phase::Waiting,
                reason: Some(reason),
            } => Some(reason),
            _ => self.trouble.map(|trouble| match trouble {
                Trouble::ClaimRefused(_) => Refusal::TooEarly.into(),
                Trouble::DrawTooSoon => Refusal::DrawTooSoon.into(),
                Trouble::Refused(r) | Trouble::Dropped(r) => r.into(),
                Trouble::Denied(reason) => reason,
            }),
        };
        let error = error.or(self.said_denied);
        ScriptState {
            phase: status.phase,
            room: self.room.clone(),
            you: self.you,
            opponent_connected: self.opponent,
            error,
            may_move: self.playing() && self.opponent,
            clocks: self.clocks.filter(|_| self.dealt()),
            watchers: self.watchers,
        }
    }

    fn panel_now(&self) -> Panel {
        let words = phrases(self.lang);
        let mut parts: Vec<String> = Vec::new();
        let status = self.status.unwrap_or(Status { phase: Phase::Connecting, reason: None });
        let said = match status {
            Status { phase: Phase::Connecting, .. } => Some(words.connecting),
            Status { phase: Phase::Waiting, .. } if self.asked == Asked::Find => Some(words.waiting_stranger),
            Status { phase: Phase::Waiting, reason: Some(Reason::OpponentAway) } if self.asked == Asked::Join => {
                Some(words.inviter_not_open)
            }
            Status { phase: Phase::Waiting, .. } if self.asked == Asked::Join => Some(words.waiting_inviter),
            Status { phase: Phase::Waiting, .. } => Some(words.waiting_friend),
            Status { phase: Phase::Playing, .. } if self.over() => None,
            Status { phase: Phase::Playing, .. } if !self.opponent && self.can_claim => Some(words.can_claim_away),
            Status { phase: Phase::Playing, .. } if !self.opponent => Some(words.opponent_away),
            Status { phase: Phase::Playing, .. } if self.can_claim => Some(words.can_claim),
            Status { phase: Phase::Playing, .. } if self.out_of_time() => Some(words.out_of_time),
            Status { phase: Phase::Playing, .. } if let Some(back) = self.news => Some(self.news_words(back)),
            Status { phase: Phase::Reconnecting, reason: Some(Reason::Unreachable) } => Some(words.reconnecting),
            Status { phase: Phase::Reconnecting, .. } if self.can_claim => Some(words.can_claim_away),
            Status { phase: Phase::Reconnecting, .. } => Some(words.opponent_away),
            Status { phase: Phase::Ended, reason: Some(Reason::Rule(Refusal::Diverged)) } => Some(words.diverged),
            Status { phase: Phase::Ended, reason: Some(Reason::OpponentLeft) } if self.spectator => {
                Some(words.host_left)
            }
            Status { phase: Phase::Ended, reason: Some(Reason::OpponentLeft) } => Some(words.opponent_left),
            Status { phase: Phase::Watching, .. } => Some(words.watching),
            Status { phase: Phase::Error, reason: Some(reason) } => match reason {
                Reason::NoServer => Some(words.no_server),
                Reason::Unreachable => Some(words.unreachable),
                Reason::NoWebRtc => Some(words.no_webrtc),
                Reason::Rule(Refusal::SeatTaken) => Some(words.seat_taken),
                Reason::Rule(Refusal::Diverged) => Some(words.diverged),
                Reason::Expired => Some(words.expired),
                Reason::Rule(Refusal::OtherVersion) => Some(words.other_version),
                other => {
                    parts.push(words.error.replace("{reason}", other.code()));
                    None
                }
            },
            _ => None,
        };
        parts.extend(said.map(str::to_string));
        let here = self.playing() && self.opponent;
        let takeback = self.takeback.filter(|_| here);
        let asked = takeback.and_then(|t| t.asked_by);
        let extra = match () {
            _ if self.aborted() => Some(words.aborted),
            _ if here && self.abort == Some(crate::game::AbortState::Late) => Some(words.abort_late),
            _ if asked.is_some() && asked == self.you => Some(words.takeback_sent),
            _ if asked.is_some() => Some(words.takeback_offered),
            _ if takeback.is_some_and(|t| t.declined) => Some(words.takeback_declined),
            _ if self.taken_back && here => Some(words.taken_back),
            _ => None,
        };
        parts.extend(extra.map(str::to_string));
        if self.watchers > 0 {
            parts.push(words.watchers.replace("{count}", &self.lang.digits(&self.watchers.to_string())));
        }
        // The opponent's phrase, while it is shown.
        if let Some((_, _, Some((_, phrase)))) = self.phrases {
            parts.push(self.heard_words(phrase));
        }
        let you = self.you;
        let offer = match (self.draw_offer, self.rematch_offer) {
            (Some(by), _) if Some(by) == you => Some(words.draw_sent),
            (Some(_), _) => Some(words.draw_offered),
            (_, Some(by)) if Some(by) == you => Some(words.rematch_sent),
            (_, Some(_)) => Some(words.rematch_offered),
            // Said by the refusal's own words.
            (None, None) if self.draw_declined && self.trouble == Some(Trouble::DrawTooSoon) => None,
            (None, None) if self.draw_declined => Some(words.draw_declined),
            (None, None) if self.rematch_off == Some(false) => Some(words.rematch_declined),
            (None, None) if self.rematch_off == Some(true) => Some(words.rematch_withdrawn),
            (None, None) => None,
        };
        // Nothing more is played with an opponent who left, or once online play stopped.
        // (A watcher neither offers nor answers anything.)
        let gone = status.phase == Phase::Error || status.reason == Some(Reason::OpponentLeft) || self.spectator;
        parts.extend(offer.filter(|_| self.dealt() && !gone).map(str::to_string));
        if let Some(trouble) = self.trouble {
            parts.push(match trouble {
                Trouble::Refused(Refusal::PreviousDiverged) => words.previous_diverged.to_string(),
                Trouble::ClaimRefused(true) => words.claim_refused_mine.to_string(),
                Trouble::ClaimRefused(false) => words.claim_refused_theirs.to_string(),
                Trouble::DrawTooSoon => words.draw_too_soon.to_string(),
                Trouble::Refused(r) => words.refused.replace("{reason}", r.code()),
                Trouble::Dropped(r) => words.dropped.replace("{reason}", r.code()),
                Trouble::Denied(reason) => words.denied.replace("{reason}", reason.code()),
            });
        }
        let mut buttons = Vec::new();
        let mut button = |command: Command, label: &str| buttons.push(Button { command, label: label.to_string() });
        let opponent_offers = |offer: Option<Color>| offer.is_some_and(|by| Some(by) != you);
        let live = self.playing() && self.opponent;
        // A takeback asked is answered first: the phone's row of buttons keeps room for it.
        let no_draw = self.takeback.is_some_and(|t| t.asked_by.is_some());
        if live && self.draw_offer.is_none() && !self.draw_wait && !no_draw {
            button(Command::OfferDraw, words.offer_draw);
        }
        if live && opponent_offers(self.draw_offer) {
            button(Command::AcceptDraw, words.accept_draw);
            button(Command::DeclineDraw, words.decline_draw);
        }
        if self.dealt() && !self.over() && self.can_claim {
            button(Command::Claim, words.claim);
        }
        if let Some(t) = self.takeback.filter(|_| live) {
            if t.may_ask {
                button(Command::Takeback, words.takeback);
            }
            if t.asked_by.is_some_and(|by| Some(by) != you) {
                button(Command::AcceptTakeback, words.accept_takeback);
                button(Command::DeclineTakeback, words.decline_draw);
            }
        }
        if self.dealt() && self.over() && !gone {
            match self.rematch_offer {
                Some(by) if Some(by) == you => button(Command::WithdrawRematch, words.withdraw),
                Some(_) => {
                    button(Command::AcceptRematch, words.rematch);
                    button(Command::DeclineRematch, words.decline_draw);
                }
                None => button(Command::OfferRematch, words.rematch),
            }
        }
        if status.reason == Some(Reason::Expired) {
            // A stale link: invite anew (the usual choices), or back to the AI's game.
            button(Command::Create(crate::game::Invitation::default()), words.invite);
        }
        let leave = match status.phase {
            _ if self.dealt() => words.leave,
            _ if status.reason == Some(Reason::Expired) => words.play_ai,
            // The inviter's page is not open: the wait goes on, or the AI's game under it.
            Phase::Waiting if status.reason == Some(Reason::OpponentAway) => words.play_ai,
            Phase::Error => words.back,
            _ => words.cancel,
        };
        // Before each side has moved, Abort stands in the place of Leave (which would resign): the
        // way out of a game not begun, with no result, as on lichess; Leave comes back once over.
        let abort = matches!(self.abort, Some(crate::game::AbortState::Yes | crate::game::AbortState::Late));
        if live && abort {
            button(Command::Abort, words.abort);
        } else {
            button(Command::Leave, leave);
        }
        // The link is for the host to send while the friend has not come.
        let waiting = status.phase == Phase::Waiting;
        let link = self
            .room
            .as_ref()
            .filter(|_| waiting && self.asked == Asked::Create)
            .map(|room| format!("{}{}", crate::bridge::LINK_FRAGMENT, room.as_str()));
        // The clock runs while the game is played, not once online play stopped.
        let clock = self.clock.filter(|_| self.dealt() && !self.over() && !gone).map(|(mover, left)| {
            let time = self.lang.digits(&format!("{}:{:02}", left / 60, left % 60));
            let words = if Some(mover) == you { words.clock_you } else { words.clock_opponent };
            words.replace("{time}", &time)
        });
        Panel { link, clock, text: parts.join(" · "), buttons, phrases: self.phrases_now() }
    }
}
