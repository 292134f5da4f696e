//! The connection to the opponent: opened, proved by its handshake, lost, and the clock
//! ticking while it comes and goes.

use super::{OnlineGame, Output, SLEEP_GAP_MS};
use crate::guard::Guard;
use crate::protocol::{Message, Refusal, Token, VERSION};
use crate::seat::{self, Channel, Handshake, Step};

impl OnlineGame {
    /// The data channel opened (again): say hello, with a fresh nonce for the peer's proof.
    pub fn connected(&mut self, now: u64) -> Vec<Output> {
        let (handshake, hello) = self.handshake(now);
        self.connected_with(now, handshake);
        vec![Output::Send(hello), Output::Changed]
    }

    /// A connection takes the game, with its handshake (begun here, or while another carried it).
    pub fn connected_with(&mut self, now: u64, handshake: Handshake) {
        self.connected = true;
        self.greeted = false;
        self.guard = Guard::new(now);
        self.handshake = Some(handshake);
    }

    /// The connection's two ends, as the netplay learned them from the descriptions: proofs are
    /// bound to them.
    pub fn bind(&mut self, channel: Channel) {
        if let Some(handshake) = self.handshake.as_mut() {
            handshake.channel = channel;
        }
    }

    /// A new connection's handshake and the hello that opens it.
    pub fn handshake(&mut self, now: u64) -> (Handshake, Message) {
        self.connections += 1;
        let nonce = seat::nonce(&self.secret, self.connections, now);
        // A spectator names no game: a guest with the link takes no seat from it.
        let game = self.game_id().filter(|_| !self.is_spectator()).cloned();
        let hello = Message::Hello { game, nonce: nonce.clone(), version: Some(VERSION) };
        (Handshake { nonce, channel: Channel::default(), their_hello: None, seat_sent: false }, hello)
    }

    /// The one judge of a connection's handshake (the game's, and one pending while another
    /// carries the game): a hello of another version (or of none: an older page) is refused
    /// (`other-version`); a hello is answered with a proof once this side knows its opponent
    /// (their secrets crossed once), or, by a guest not seated yet, with its secret, to a page
    /// that names the game (a host: it deals at once); a host with no guest waits for one.
    /// Then the peer's proof or seat says who it is, or the host's count of watchers that it
    /// took this page to watch.
    pub fn step(&self, handshake: &mut Handshake, message: &Message) -> Result<Step, Refusal> {
        if let Message::Hello { game, nonce, version } = message {
            if *version != Some(VERSION) {
                return Err(Refusal::OtherVersion);
            }
            handshake.their_hello = Some(game.clone());
            let answer = match &self.opponent_secret {
                Some(_) => Some(Message::Proof(seat::proof(&self.secret, nonce, &handshake.channel))),
                None if !self.host && game.is_some() => {
                    handshake.seat_sent = true;
                    Some(Message::Seat(self.secret.clone()))
                }
                None => None,
            };
            return Ok(Step::Answer(answer));
        }
        let Some(their_game) = &handshake.their_hello else { return Err(Refusal::NoHello) };
        // This guest showed its secret to a page naming the game: that page's answer counts.
        let asked = !self.host && their_game.is_some() && handshake.seat_sent;
        Ok(match (message, &self.opponent_secret) {
            (Message::Proof(_), None) => Step::Wait,
            (Message::Proof(proof), Some(secret))
                if seat::proves(proof, secret, &handshake.nonce, &handshake.channel) =>
            {
                Step::Opponent
            }
            (Message::Proof(_), Some(_)) => Step::Forged,
            (Message::Seat(secret), Some(known)) if seat::same(secret, known) => Step::Opponent,
            (Message::Seat(_), None) if self.host || asked => Step::Opponent,
            (Message::Seat(_), _) => Step::Stranger,
            (Message::Watchers(_), None) if asked => Step::Spectating,
            _ => return Err(Refusal::NoHello),
        })
    }

    /// The data channel closed: the opponent is away.
    pub fn disconnected(&mut self, now: u64) -> Vec<Output> {
        self.lose_touch(now);
        // A claim on its way is lost with the connection, unless the opponent took it: then
        // their record, sent again on their hello, carries it.
        self.claim_sent = None;
        vec![Output::Changed]
    }

    /// The connection to the opponent is gone (closed, or dropped here): the move's clock stops
    /// where it was, and their absence is timed.
    pub(super) fn lose_touch(&mut self, now: u64) {
        if self.connected && self.greeted {
            self.turn_used = Some(now.saturating_sub(self.turn_since));
            self.away_since = Some(now);
            // A page that slept noticed late: it was gone since before it slept.
            self.lost_since = Some(self.slept_since.take().unwrap_or(now).min(now));
        }
        self.connected = false;
        self.greeted = false;
        // A takeback asked lapses with the connection (its answer may have been lost).
        self.takeback_ask = None;
    }

    /// The clock moved on: if a message was dropped for coming too fast, and the peer has fallen
    /// quiet since, my record goes to it so that nothing dropped is lost. A tick long after the
    /// last one means this page slept meanwhile (see [`SLEEP_GAP_MS`]). Under a game clock, the
    /// opponent's flag falling is claimed at once, as on lichess (their clock decides).
    pub fn tick(&mut self, now: u64) -> Vec<Output> {
        let mut out = self.tick_sync(now);
        if self.clocks.is_some() && self.may_claim_on_time(now) {
            out.extend(self.claim(now).unwrap_or_default());
        }
        out
    }

    fn tick_sync(&mut self, now: u64) -> Vec<Output> {
        if now.saturating_sub(self.last_tick) > SLEEP_GAP_MS {
            if self.opponent_connected() {
                self.slept_since.get_or_insert(self.last_tick);
            } else if let Some(lost) = self.lost_since.as_mut() {
                *lost = (*lost).min(self.last_tick);
            }
        }
        self.last_tick = self.last_tick.max(now);
        if !(self.missed && self.connected && self.greeted && self.guard.calm(now)) {
            return Vec::new();
        }
        self.missed = false;
        match &self.current {
            Some((id, record)) => {
                vec![Output::Send(Message::Sync { game: id.clone(), record: record.clone(), clocks: self.clocks })]
            }
            None => Vec::new(),
        }
    }

    /// The peer showed its seat (see [`crate::seat`]): both players are here again (or for the
    /// first time), and the move's clock runs again. For the first move it starts when the
    /// game is dealt to both (the host sends the deal on this hello, and the guest's clock starts
    /// when it arrives), not when the room was made.
    ///
    /// After a return the clock goes on from where it stopped (the time used before the
    /// connection fell, at most the limit): the time apart is charged to nobody (neither side can
    /// tell whose connection failed, and nobody could move meanwhile: a move waits for the
    /// opponent), but the side to move gets no fresh clock either. A clock started again whole
    /// let the side to move reload just before the limit, again and again, and never be claimed
    /// against. The two sides may notice a lost connection seconds apart, so their clocks may
    /// differ by that much after a return: a claim one offers early by the other's clock is
    /// refused (`too-early`), leaves nothing behind and may be made again. A page opened again
    /// from its save charges its own absence to itself if it was to move (see
    /// [`OnlineGame::restore`]).
    pub(crate) fn greet(&mut self, now: u64, game: Option<Token>, out: &mut Vec<Output>) {
        if !self.greeted {
            // Not again on a seat shown again on the same connection: that restarts nothing.
            let used = self.turn_used.take().unwrap_or(0).min(self.allowance().unwrap_or(0));
            self.turn_since = now.saturating_sub(used);
            self.away_since = None;
            self.slept_since = None;
            // How long this page was out of touch: the claim their record may carry is judged by it.
            self.returned = match (self.lost_since.take(), self.id_and_ply()) {
                (Some(lost), Some((id, ply))) => Some((id, ply, now.saturating_sub(lost))),
                _ => None,
            };
        }
        self.greeted = true;
        self.ever_greeted = true;
        if let Some((id, record)) = &self.current {
            if self.host && game.as_ref() != Some(id) {
                out.extend(self.start_message().map(Output::Send));
            }
            out.push(Output::Send(Message::Sync { game: id.clone(), record: record.clone(), clocks: self.clocks }));
        }
        // An abort lost with a connection reaches them now.
        out.extend(self.abort_again().map(Output::Send));
        // A divergence of the last game found here may not have reached them (a message lost
        // with a connection): my record of it goes again, if they are in the same game now.
        if let (Some(_), Some((id, record))) = (&self.previous_diverged, &self.previous)
            && game.is_some()
            && game.as_ref() == self.game_id()
        {
            out.push(Output::Send(Message::Sync { game: id.clone(), record: record.clone(), clocks: None }));
        }
        out.push(Output::Changed);
    }
}
