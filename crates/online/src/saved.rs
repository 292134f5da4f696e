//! [`Saved`] as one line of text, for the page's save file: written with the game, read back
//! after a reload. The records are written as a `sync` writes them (the rules replay them when
//! read, so a save cannot smuggle in an illegal game).
//!
//! ```text
//! online host Xq4… 1 k3Jx9… Pz8… blue 180 1733061234567 991 random random 180 - 0 / current Xq4….1 <record> / previous …
//!        side room round secret opponent you limit turn_since seed deal colour setup-limit draw-offer diverged
//! ```
//!
//! The deal is `random` or five card names joined by commas (Red, Red, Blue, Blue, side); the
//! colour `random`, `red` or `blue`; the draw offer `-` or `<colour>@<ply>`; diverged `0` to `3`:
//! 1 for the current game, 2 for the previous one, both added; then, only if a draw offer was
//! declined, `<colour>@<ply>`: whose, and when (saves from before it was kept end without it);
//! then, only if the player turned the opponent's phrases off, `quiet`; then, under a game clock
//! (a limit `<seconds>+<increment>`), `clocks=<red ms>,<blue ms>`: each side's time left when the
//! turn began, and once a player's word ended the game, `stopped=<red ms>,<blue ms>`: the clocks
//! as it stopped them; then, only if the current game was aborted, `aborted`.

use crate::game::{ColorChoice, DealChoice, Invitation, Saved};
use crate::protocol::{MAX_MESSAGE_BYTES, MoveLimit, Refusal, Token, Words, millis, read_record, token, write_record};
use onitama_core::rules::{Card, Color, Deal, Game};
use std::fmt::Write;

/// The longest saved text read: its header and two records of the longest `sync`.
pub const MAX_SAVED_BYTES: usize = 2 * MAX_MESSAGE_BYTES + 1024;

const SECTION: &str = " / ";

impl Saved {
    pub fn to_text(&self) -> String {
        let mut line = String::from("online ");
        let side = if self.host { "host" } else { "guest" };
        let opponent = self.opponent_secret.as_ref().map_or("-", Token::as_str);
        let _ = write!(
            line,
            "{side} {} {} {} {opponent} {} {} {} {} {} {} {} ",
            self.room,
            self.round,
            self.secret,
            self.you.code(),
            self.limit,
            self.turn_since,
            self.seed,
            deal_text(self.setup.deal),
            color_text(self.setup.color),
            self.setup.limit,
        );
        match self.draw_offer {
            Some((by, ply)) => {
                let _ = write!(line, "{}@{ply}", by.code());
            }
            None => line.push('-'),
        }
        let _ = write!(line, " {}", u8::from(self.diverged) + 2 * u8::from(self.previous_diverged));
        // Written only when there is one: a save without it reads as before.
        if let Some((by, ply)) = self.draw_declined {
            let _ = write!(line, " {}@{ply}", by.code());
        }
        if self.phrases_off {
            line.push_str(" quiet");
        }
        if let Some([red, blue]) = self.clocks {
            let _ = write!(line, " clocks={red},{blue}");
        }
        if let Some([red, blue]) = self.stopped_clocks {
            let _ = write!(line, " stopped={red},{blue}");
        }
        if self.aborted {
            line.push_str(" aborted");
        }
        if !self.setup.watchers {
            line.push_str(" no-watchers");
        }
        for (name, game) in [("current", &self.current), ("previous", &self.previous)] {
            if let Some((id, record)) = game {
                let _ = write!(line, "{SECTION}{name} {id} ");
                write_record(&mut line, record);
            }
        }
        line
    }

    /// Reads what [`Saved::to_text`] writes; anything else is refused ([`Refusal::TooLong`] or
    /// [`Refusal::Malformed`], or the rules' refusal of a record's move).
    pub fn from_text(text: &str) -> Result<Saved, Refusal> {
        if text.len() > MAX_SAVED_BYTES {
            return Err(Refusal::TooLong);
        }
        if text.bytes().any(|b| b.is_ascii_control()) {
            return Err(Refusal::Malformed);
        }
        let mut sections = text.split(SECTION);
        let mut words = Words(sections.next().unwrap_or_default().split(' '));
        if words.next()? != "online" {
            return Err(Refusal::Malformed);
        }
        let host = match words.next()? {
            "host" => true,
            "guest" => false,
            _ => return Err(Refusal::Malformed),
        };
        let room = token(words.next()?)?;
        let round = number(words.next()?)?;
        let secret = token(words.next()?)?;
        let opponent_secret = match words.next()? {
            "-" => None,
            word => Some(token(word)?),
        };
        let you = Color::from_code(words.next()?).ok_or(Refusal::Malformed)?;
        let limit = limit(words.next()?)?;
        let turn_since = number(words.next()?)?;
        let seed = number(words.next()?)?;
        let deal = deal_from_text(words.next()?)?;
        let color = color_from_text(words.next()?)?;
        let mut setup = Invitation { deal, color, limit: self::limit(words.next()?)?, watchers: true };
        let offer = |word: &str| -> Result<(Color, usize), Refusal> {
            let (by, ply) = word.split_once('@').ok_or(Refusal::Malformed)?;
            Ok((Color::from_code(by).ok_or(Refusal::Malformed)?, number(ply)?))
        };
        let draw_offer = match words.next()? {
            "-" => None,
            word => Some(offer(word)?),
        };
        let (diverged, previous_diverged) = match words.next()? {
            "0" => (false, false),
            "1" => (true, false),
            "2" => (false, true),
            "3" => (true, true),
            _ => return Err(Refusal::Malformed),
        };
        // A draw declined, in saves written since it is kept (none before).
        let mut word = words.0.next();
        let draw_declined = word.filter(|w| w.contains('@')).map(offer).transpose()?;
        if draw_declined.is_some() {
            word = words.0.next();
        }
        // The opponent's phrases turned off, in saves written since phrases exist.
        let phrases_off = word == Some("quiet");
        if phrases_off {
            word = words.0.next();
        }
        // The game clocks, in saves of games with one, then the clocks a player's word stopped.
        let mut times = |name: &str| -> Result<Option<[u64; 2]>, Refusal> {
            let Some(times) = word.and_then(|w| w.strip_prefix(name)) else { return Ok(None) };
            let (red, blue) = times.split_once(',').ok_or(Refusal::Malformed)?;
            word = words.0.next();
            Ok(Some([millis(red)?, millis(blue)?]))
        };
        let clocks = times("clocks=")?;
        let stopped_clocks = times("stopped=")?;
        // The game aborted, in saves written since aborts exist.
        let aborted = word == Some("aborted");
        if aborted {
            word = words.0.next();
        }
        // Watching turned off by the host, in saves written since watchers exist.
        setup.watchers = word != Some("no-watchers");
        if (word.is_some() && setup.watchers)
            || words.0.next().is_some()
            || clocks.is_some() != limit.clock_millis().is_some()
            || (stopped_clocks.is_some() && clocks.is_none())
        {
            return Err(Refusal::Malformed);
        }
        let (mut current, mut previous) = (None, None);
        for section in sections {
            let (name, rest) = section.split_once(' ').ok_or(Refusal::Malformed)?;
            let (id, record) = rest.split_once(' ').ok_or(Refusal::Malformed)?;
            let game: (Token, Game) = (token(id)?, read_record(record)?);
            let slot = match name {
                "current" if current.is_none() && previous.is_none() => &mut current,
                "previous" if previous.is_none() => &mut previous,
                _ => return Err(Refusal::Malformed),
            };
            *slot = Some(game);
        }
        Ok(Saved {
            phrases_off,
            clocks,
            aborted,
            stopped_clocks,
            host,
            setup,
            seed,
            room,
            round,
            secret,
            opponent_secret,
            current,
            previous,
            you,
            limit,
            turn_since,
            draw_offer,
            draw_declined,
            diverged,
            previous_diverged,
        })
    }
}

/// A decimal number without sign or leading zero.
fn number<T: std::str::FromStr>(word: &str) -> Result<T, Refusal> {
    if word.len() > 1 && word.starts_with('0') || word.starts_with('+') {
        return Err(Refusal::Malformed);
    }
    word.parse().map_err(|_| Refusal::Malformed)
}

pub(crate) fn limit(word: &str) -> Result<MoveLimit, Refusal> {
    MoveLimit::from_word(word).ok_or(Refusal::Malformed)
}

pub(crate) fn deal_text(deal: DealChoice) -> String {
    match deal {
        DealChoice::Random => "random".to_string(),
        DealChoice::Chosen(deal) => {
            let [r1, r2] = deal.red();
            let [b1, b2] = deal.blue();
            format!("{r1},{r2},{b1},{b2},{}", deal.side())
        }
    }
}

pub(crate) fn deal_from_text(word: &str) -> Result<DealChoice, Refusal> {
    if word == "random" {
        return Ok(DealChoice::Random);
    }
    let mut cards = [Card::ALL[0]; 5];
    let mut names = word.split(',');
    for card in &mut cards {
        *card = Card::from_name(names.next().ok_or(Refusal::Malformed)?).ok_or(Refusal::Malformed)?;
    }
    if names.next().is_some() {
        return Err(Refusal::Malformed);
    }
    Deal::new(cards).map(DealChoice::Chosen).map_err(|_| Refusal::Malformed)
}

pub(crate) fn color_text(color: ColorChoice) -> &'static str {
    match color {
        ColorChoice::Random => "random",
        ColorChoice::Is(color) => color.code(),
    }
}

pub(crate) fn color_from_text(word: &str) -> Result<ColorChoice, Refusal> {
    match word {
        "random" => Ok(ColorChoice::Random),
        word => Color::from_code(word).map(ColorChoice::Is).ok_or(Refusal::Malformed),
    }
}
