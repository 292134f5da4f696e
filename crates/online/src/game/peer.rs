//! One side of an online game: the connection coming and going, and what the other side sends.

use super::{
    CLAIM_GRACE_MS, Divergence, OnlineGame, Output, PHRASE_GAP_MS, Role, SAY_WAIT_MS, SLEEP_GAP_MS, abandon_ms,
};
use crate::guard::Guard;
use crate::protocol::{Declaration, Message, MoveLimit, Phrase, Refusal, Token, VERSION, declare};
use crate::reconcile::{self, Reconciled, declared_end, first_of, without_declared_end};
use crate::seat::{self, Channel, Handshake, Step};
use onitama_core::rules::{Color, Game, Move, Outcome};

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

    /// The connection's two ends, as the session learned them from the descriptions: proofs are
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
    fn lose_touch(&mut self, now: u64) {
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

    /// A text from the peer. Whatever it is, the game changes only by a legal step of it.
    pub fn receive(&mut self, now: u64, text: &str) -> Vec<Output> {
        let mut out = Vec::new();
        if !self.connected {
            return out;
        }
        if !self.guard.arrived(now) {
            self.missed = true;
            return self.refuse(now, Refusal::Flood, out);
        }
        match Message::decode(text) {
            Ok(Message::Say(phrase)) if self.greeted => {
                if let Err(refusal) = self.their_phrase(now, phrase, &mut out) {
                    // A strike, and the peer is told; this player need not hear of a phrase
                    // that came too fast (nor read a claim's words into it).
                    let mut out = self.refuse(now, refusal, out);
                    out.retain(|o| *o != Output::Refused(refusal));
                    return out;
                }
            }
            Ok(message) => {
                if let Err(refusal) = self.handle(now, message, &mut out) {
                    return self.refuse(now, refusal, out);
                }
            }
            Err(refusal) => return self.refuse(now, refusal, out),
        }
        out
    }

    fn refuse(&mut self, now: u64, refusal: Refusal, mut out: Vec<Output>) -> Vec<Output> {
        // A hello of another version from a page that proved no seat, once an opponent was met:
        // that connection closes, and the game waits for its own (a page that has not proved a
        // seat does not stop online play; a page of another version cannot prove one).
        let intruder = refusal == Refusal::OtherVersion && self.ever_greeted && !self.greeted;
        if refusal == Refusal::SeatTaken || intruder {
            // An intruder: no second chance.
            out.push(Output::Send(Message::Refused(refusal)));
            out.extend((!intruder).then_some(Output::Refused(refusal)));
            out.push(Output::Drop(refusal));
            self.lose_touch(now);
            return out;
        }
        // A draw offered too soon is no strike: two honest pages cross like that (an offer sent
        // before the decline of the last one arrived). Nor is a page of another version.
        // Nor an abort made on a record that was behind (a reload's, before the sync came).
        if !matches!(refusal, Refusal::Flood | Refusal::DrawTooSoon | Refusal::OtherVersion | Refusal::TooLate) {
            self.guard.strike(now);
        }
        out.push(Output::Refused(refusal));
        if refusal != Refusal::Flood {
            out.push(Output::Send(Message::Refused(refusal)));
        }
        if self.guard.exhausted() {
            out.extend([Output::Send(Message::Refused(Refusal::Flood)), Output::Drop(Refusal::Flood)]);
            self.lose_touch(now);
        }
        out.push(Output::Changed);
        out
    }

    fn handle(&mut self, now: u64, message: Message, out: &mut Vec<Output>) -> Result<(), Refusal> {
        let handshaking = matches!(message, Message::Hello { .. } | Message::Proof(_) | Message::Seat(_))
            || (matches!(message, Message::Watchers(_)) && !self.greeted);
        if handshaking {
            let mut handshake = self.handshake.clone().ok_or(Refusal::NoHello)?;
            let step = self.step(&mut handshake, &message);
            let their_game = handshake.their_hello.clone().flatten();
            self.handshake = Some(handshake);
            match step? {
                Step::Answer(answer) => out.extend(answer.map(Output::Send)),
                Step::Opponent => {
                    if let Message::Seat(secret) = message {
                        self.opponent_secret.get_or_insert(secret);
                        // The guest lacks mine: it crosses once, to the guest just seated.
                        if self.host {
                            out.push(Output::Send(Message::Seat(self.secret.clone())));
                        }
                    }
                    // Seated by the host: a player, whatever another page made of it before.
                    self.role = Role::Player;
                    self.greet(now, their_game, out);
                }
                Step::Spectating => {
                    let Message::Watchers(count) = message else { return Err(Refusal::NoHello) };
                    self.spectate(count);
                }
                Step::Wait => {}
                Step::Forged => return Err(Refusal::SeatTaken),
                Step::Stranger if self.greeted => return Err(Refusal::SeatTaken),
                Step::Stranger => {
                    // Not a return of the opponent: nothing of theirs was timed on it.
                    (self.connected, self.handshake) = (false, None);
                    out.push(Output::Stranger);
                }
            }
            return Ok(());
        }
        match message {
            _ if self.is_spectator() && self.greeted => return self.host_said(now, message, out),
            Message::Watchers(count) if !self.host => {
                self.watchers = count;
                out.push(Output::Changed);
                return Ok(());
            }
            // Only the host counts watchers.
            Message::Watchers(_) => return Err(Refusal::Malformed),
            _ => {}
        }
        if !self.greeted {
            // Nothing counts before the peer has shown its seat's secret.
            return Err(Refusal::NoHello);
        }
        // Heard from them: whatever this page slept through, they are still here.
        self.slept_since = None;
        match message {
            Message::Hello { .. } => Ok(()),
            Message::Start { game, you, limit, position } => self.start(now, game, you, limit, position, out),
            Message::Refused(Refusal::TooEarly) if self.phrase_refused(now) => {
                // My phrase came too soon for their clock: nothing changes, nothing to say.
                out.push(Output::Changed);
                Ok(())
            }
            Message::Refused(Refusal::TooLate) if self.is_aborted() => {
                self.abort_refused(out);
                Ok(())
            }
            Message::Refused(refusal) => {
                self.refused_by_peer(refusal, out);
                Ok(())
            }
            Message::Bye => {
                out.push(Output::Left);
                Ok(())
            }
            // Read above; here only to name every kind.
            Message::Say(phrase) => self.their_phrase(now, phrase, out),
            other => {
                let (id, ply) = self.id_and_ply().ok_or(Refusal::WrongGame)?;
                if other.game() != Some(&id) {
                    return self.other_game(other, out);
                }
                if self.is_aborted() && matches!(other, Message::Move { .. } | Message::Declare { .. }) {
                    // Crossed the abort: it lapses (the game has no result).
                    return Ok(());
                }
                match other {
                    Message::Abort { ply: at, .. } => self.their_abort(ply, at, out),
                    Message::Takeback { ply: at, what, .. } => self.their_takeback(now, ply, at, what, out),
                    Message::Move { ply: at, mv, position, left, .. } => {
                        self.their_move(now, (ply, at), mv, position, left, out)
                    }
                    Message::Declare { ply: at, what, .. } => self.their_declaration(now, ply, at, what, out),
                    Message::RematchOffer { .. } => self.their_rematch_offer(now, out),
                    Message::RematchAccept { .. } => self.their_rematch_accept(now, out),
                    Message::RematchDecline { .. } => self.rematch_off(self.you, out),
                    Message::RematchWithdraw { .. } => self.rematch_off(self.you.other(), out),
                    Message::Sync { record, clocks, .. } => {
                        self.sync(now, record, clocks, out).map(|()| self.abort_clears_end())
                    }
                    _ => Err(Refusal::Malformed),
                }
            }
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

    /// The opponent's phrase: at most one every [`PHRASE_GAP_MS`] (sooner is `too-early`, a
    /// strike); shown unless the player turned phrases off.
    fn their_phrase(&mut self, now: u64, phrase: Phrase, out: &mut Vec<Output>) -> Result<(), Refusal> {
        self.slept_since = None;
        if self.phrase_in_at.is_some_and(|at| now.saturating_sub(at) < PHRASE_GAP_MS) {
            return Err(Refusal::TooEarly);
        }
        self.phrase_in_at = Some(now);
        if !self.phrases_off {
            let count = self.heard.map_or(0, |(count, ..)| count).wrapping_add(1);
            self.heard = Some((count, phrase, now));
            out.push(Output::Changed);
        }
        Ok(())
    }

    /// Whether a `refused too-early` from the peer is about this player's phrase, not a claim:
    /// a phrase said lately, and no claim of this player's on its way or standing in the record.
    /// (A claim on time is refused with the same word.)
    pub(super) fn phrase_refused(&self, now: u64) -> bool {
        let you = self.you;
        let lately = self.said_at.is_some_and(|at| now.saturating_sub(at) < 2 * SAY_WAIT_MS);
        let claimed = self.game().and_then(declared_end) == Some(Outcome::WonOnTime { winner: you });
        lately && self.claim_sent.is_none() && !claimed
    }

    /// The host's deal of the current game, as the guest hears it.
    fn start_message(&self) -> Option<Message> {
        let (id, game) = self.current.as_ref()?;
        Some(Message::Start { game: id.clone(), you: self.you.other(), limit: self.limit, position: *game.start() })
    }

    fn start(
        &mut self,
        now: u64,
        game: Token,
        you: Color,
        limit: MoveLimit,
        position: onitama_core::rules::Position,
        out: &mut Vec<Output>,
    ) -> Result<(), Refusal> {
        if self.host {
            return Err(Refusal::Malformed);
        }
        if let Some((id, record)) = &self.current
            && *id == game
        {
            // The same deal again (a repeated message, or after a reconnect).
            return if *record.start() == position && self.you == you { Ok(()) } else { Err(Refusal::WrongGame) };
        }
        if self.previous.as_ref().is_some_and(|(id, _)| *id == game) {
            // The deal before this one, arriving late: the host has moved on from it.
            return Ok(());
        }
        // A new deal. The host decides which game is played: if this side had not seen the last
        // one end (a save that missed it), that record is kept as the previous game.
        self.previous = self.current.replace((game.clone(), Game::new(position)));
        self.previous_diverged = self.diverged.take();
        self.you = you;
        self.limit = limit;
        self.clocks = super::full_clocks(limit);
        self.ended_clocks = None;
        self.turn_since = now;
        self.turn_used = None;
        self.claim_sent = None;
        self.draw_offer = None;
        self.draw_declined = None;
        self.rematch_offer = None;
        out.push(Output::Changed);
        Ok(())
    }

    /// A message about another game than this one: only the previous game's record, or a
    /// guest's late word on it, is taken.
    fn other_game(&mut self, message: Message, out: &mut Vec<Output>) -> Result<(), Refusal> {
        let Some((id, mine)) = self.previous.as_ref().filter(|(id, _)| message.game() == Some(id)).cloned() else {
            return Err(Refusal::WrongGame);
        };
        // A guest that missed the new deal still talks of the last game: the host tells it how
        // that one ended, and deals the new one again.
        let host_answers = self.host && matches!(message, Message::Sync { .. } | Message::RematchAccept { .. });
        let mut send_mine = host_answers;
        if let Message::Sync { record: theirs, .. } = message {
            // The game before this one still has to agree: a divergence found after the next
            // deal is reported too, once, and my record goes to them so that they see it too.
            if let Reconciled::Diverged { at } = reconcile::reconcile(&mine, &theirs, |_, _| true) {
                if self.previous_diverged.is_none() {
                    send_mine = true;
                    out.extend([Output::Refused(Refusal::PreviousDiverged), Output::Changed]);
                }
                self.previous_diverged = Some(Divergence { at: Some(at), theirs: Some(theirs) });
            }
        } else if !host_answers {
            return Err(Refusal::WrongGame);
        }
        if send_mine {
            out.push(Output::Send(Message::Sync { game: id, record: mine, clocks: None }));
        }
        if host_answers {
            out.extend(self.start_message().map(Output::Send));
            if let Some((id, record)) = &self.current {
                out.push(Output::Send(Message::Sync { game: id.clone(), record: record.clone(), clocks: self.clocks }));
            }
        }
        Ok(())
    }

    fn refused_by_peer(&mut self, refusal: Refusal, out: &mut Vec<Output>) {
        if refusal == Refusal::PreviousDiverged {
            // A report this side makes itself from the two records, never on the peer's word.
            return;
        }
        out.push(Output::Refused(refusal));
        if refusal == Refusal::DrawTooSoon {
            // My offer came too soon after they declined one: it no longer stands, and I wait
            // from it (as long as they do, or a little longer).
            let ply = self.game().map_or(0, |g| g.moves().len());
            let offered = self.draw_offer.take().filter(|&(by, _)| by == self.you);
            self.draw_declined = Some(offered.unwrap_or((self.you, ply)));
        }
        // They judged my claim early by their clock: it lapses, the game goes on.
        if refusal == Refusal::TooEarly {
            self.claim_sent = None;
        }
        let you = self.you;
        if refusal == Refusal::TooEarly
            && let Some(game) = self.game_mut()
            && declared_end(game) == Some(Outcome::WonOnTime { winner: you })
        {
            *game = without_declared_end(game);
            // My record without it goes to them: if theirs ends otherwise (their own claim,
            // made while we were apart, which mine had stood over), they send it again and it
            // is judged now.
            if let Some((id, record)) = &self.current {
                out.push(Output::Send(Message::Sync { game: id.clone(), record: record.clone(), clocks: self.clocks }));
            }
        }
        out.push(Output::Changed);
    }

    /// Their move, made at `at` while this game is at `ply`; under a game clock, with the time
    /// they say they have left.
    fn their_move(
        &mut self,
        now: u64,
        (ply, at): (usize, usize),
        mv: Move,
        position: onitama_core::rules::Position,
        left: Option<u64>,
        out: &mut Vec<Output>,
    ) -> Result<(), Refusal> {
        if self.diverged.is_some() {
            return Err(Refusal::Diverged);
        }
        let you = self.you;
        let (id, game) = self.current.as_mut().ok_or(Refusal::WrongGame)?;
        if at < ply {
            // A repeat of what happened there is harmless; anything else rewrites the past.
            let same = game.moves()[at] == mv && game.positions()[at + 1] == position;
            return if same { Ok(()) } else { Err(Refusal::EarlierPly) };
        }
        if at > ply {
            // Something was lost on the way: ask for their record.
            out.push(Output::Send(Message::Sync { game: id.clone(), record: game.clone(), clocks: self.clocks }));
            return Ok(());
        }
        if let Some(end) = declared_end(game) {
            // A declaration at this ply crossed their move, made before it arrived: the move
            // stands (but not over their own resignation).
            let them = you.other();
            if game.position().to_move() == them && reconcile::actor(end) != Some(them) {
                *game = without_declared_end(game);
            }
        }
        if game.outcome().is_some() {
            return Err(Refusal::GameOver);
        }
        if game.position().to_move() == you {
            return Err(Refusal::OutOfTurn);
        }
        let next = game.position().play(mv).map_err(|_| Refusal::IllegalMove)?;
        if next != position {
            return Err(Refusal::WrongPosition);
        }
        game.play(mv).map_err(|_| Refusal::IllegalMove)?;
        self.their_time(now, ply, left);
        self.turn_since = now;
        self.draw_offer = None;
        out.push(Output::Changed);
        Ok(())
    }

    /// Under a game clock, the opponent's time after their move made at `ply`: the time they say
    /// they have left, if my clock bears it out. Their clock for this turn started when my move
    /// reached them, after mine: it may say up to [`CLAIM_GRACE_MS`] more (the way there and
    /// back); more than that is not taken, nor more than they had with the increment.
    fn their_time(&mut self, now: u64, ply: usize, stated: Option<u64>) {
        let them = self.you.other();
        let Some(before) = self.clocks.map(|left| left[them.index()]) else { return };
        let Some(reckoned) = self.charge(them, ply, now.saturating_sub(self.turn_since)) else { return };
        if ply < 2 {
            return;
        }
        let increment = self.limit.clock_millis().map_or(0, |(_, increment)| increment);
        let most = reckoned.saturating_add(CLAIM_GRACE_MS).min(before.saturating_add(increment));
        if let (Some(stated), Some(clocks)) = (stated, self.clocks.as_mut()) {
            clocks[them.index()] = stated.min(most);
        }
    }

    fn their_declaration(
        &mut self,
        now: u64,
        ply: usize,
        at: usize,
        what: Declaration,
        out: &mut Vec<Output>,
    ) -> Result<(), Refusal> {
        if self.diverged.is_some() {
            return Err(Refusal::Diverged);
        }
        let you = self.you;
        let them = you.other();
        let (id, game) = self.current.as_ref().ok_or(Refusal::WrongGame)?;
        if at < ply {
            // Made before my last move reached them: my move stands, theirs lapses.
            let my_move_crossed = at + 1 == ply && game.positions()[at].to_move() == you;
            if !my_move_crossed {
                return Err(Refusal::EarlierPly);
            }
            if what == Declaration::DrawDecline {
                // My offer made before that move was declined all the same: I wait before
                // offering again, as their page expects (it would refuse an offer sooner). A
                // peer gains nothing by it: it could refuse my offers anyway.
                let later = self.draw_declined.is_none_or(|(by, when)| by != you || when < at);
                if later {
                    self.draw_declined = Some((you, at));
                    out.push(Output::Changed);
                }
            }
            return Ok(());
        }
        if at > ply {
            out.push(Output::Send(Message::Sync { game: id.clone(), record: game.clone(), clocks: self.clocks }));
            return Ok(());
        }
        let mover = game.position().to_move();
        let end = match what {
            Declaration::Resign => Outcome::Resigned { by: them },
            Declaration::DrawAccept => Outcome::DrawAgreed,
            Declaration::Claim => Outcome::WonOnTime { winner: them },
            Declaration::DrawOffer => {
                if game.outcome().is_some() {
                    // An offer that crossed the end of the game lapses; after a win it is wrong.
                    return if declared_end(game).is_some() { Ok(()) } else { Err(Refusal::GameOver) };
                }
                if self.draw_waits(them) {
                    // Declined lately: the same offer again is too soon (their page may not have
                    // heard of the decline yet; the refusal tells it).
                    return Err(Refusal::DrawTooSoon);
                }
                self.draw_offer = Some((them, ply));
                out.push(Output::Changed);
                return Ok(());
            }
            Declaration::DrawDecline => {
                if self.draw_offer == Some((you, ply)) {
                    self.draw_offer = None;
                    self.draw_declined = Some((you, ply));
                    out.push(Output::Changed);
                }
                return Ok(());
            }
        };
        if !self.entitled(now, end, ply) {
            return Err(match end {
                Outcome::WonOnTime { .. } if mover != you => Refusal::OutOfTurn,
                Outcome::WonOnTime { .. } => Refusal::TooEarly,
                _ => Refusal::NotOffered,
            });
        }
        // Ended here by their word: the clock of the side to move stops where it was.
        let stopped = self.clocks(now).map(|clocks| clocks.left).filter(|_| self.playable().is_some());
        let game = self.game_mut().ok_or(Refusal::WrongGame)?;
        match (game.outcome(), declared_end(game)) {
            (None, _) => {
                let _ = declare(game, end);
                self.ended_clocks = stopped;
            }
            (Some(_), Some(mine)) if mine == end => {}
            (Some(_), Some(mine)) => {
                // Two declarations crossed at this ply: the same one stands on both sides.
                if first_of(mine, end) == end {
                    *game = without_declared_end(game);
                    let _ = declare(game, end);
                }
            }
            (Some(_), None) => return Err(Refusal::GameOver),
        }
        self.draw_offer = None;
        if what == Declaration::Claim
            && let Some((id, record)) = &self.current
        {
            // The claimant wins when it hears that my clock agreed: my record says so.
            out.push(Output::Send(Message::Sync { game: id.clone(), record: record.clone(), clocks: self.clocks }));
        }
        out.push(Output::Changed);
        Ok(())
    }

    /// Whether the opponent may end the game at `ply` with `end`, as far as I can tell: their
    /// own resignation always; a draw I offered at that ply; a claim on time when I am to move
    /// and my clock says the limit has passed (or my own claim, which concedes to me).
    fn entitled(&self, now: u64, end: Outcome, ply: usize) -> bool {
        let Some(game) = self.game() else { return false };
        let you = self.you;
        match end {
            Outcome::Resigned { by } => by != you,
            Outcome::DrawAgreed => self.draw_offer == Some((you, ply)) || declared_end(game) == Some(end),
            // My own claim, which a reload of mine may have lost: theirs concedes it.
            Outcome::WonOnTime { winner } if winner == you => true,
            Outcome::WonOnTime { .. } => {
                let position = game.positions().get(ply).copied();
                let limit = self.allowance();
                let on_time = position.is_some_and(|p| p.to_move() == you)
                    && limit.is_some_and(|limit| {
                        now.saturating_sub(self.turn_since).saturating_add(CLAIM_GRACE_MS) >= limit
                    });
                on_time || self.was_gone_at(ply)
            }
            _ => false,
        }
    }

    /// Whether this page came back from an absence of its own at `ply` of this game, long enough
    /// for the opponent to have claimed it. This is the trust decision for a claim made while
    /// the claimant could not reach me: I accept it only if my own page was out of touch too,
    /// by my own clock, for at least half of [`abandon_ms`] (half: the two sides notice a lost
    /// connection up to many seconds apart, a sleeping phone only when it wakes). My side of the
    /// absence is dated back as far as this page can tell: to before it slept (a phone asleep,
    /// a frozen tab), or to the turn's start for a page opened again from its save (it cannot
    /// tell when it was closed). A claim made while both were here is judged by the move's clock
    /// only; a peer that drops the connection and comes back at once with a claim is refused,
    /// since this page was out of touch only that long. Left open: a claimant whose page lies
    /// could claim after a quick reload of mine late in a turn (my save says only when the turn
    /// began), and two pages that both lost touch for that long may both claim: the first in
    /// [`Outcome::DECLARED`] stands, the same on both sides.
    fn was_gone_at(&self, ply: usize) -> bool {
        let Some((id, at, gone)) = &self.returned else { return false };
        *at == ply && self.game_id() == Some(id) && *gone >= abandon_ms(self.limit) / 2
    }

    fn sync(&mut self, now: u64, theirs: Game, clocks: Option<[u64; 2]>, out: &mut Vec<Output>) -> Result<(), Refusal> {
        let (id, mine) = self.current.as_ref().ok_or(Refusal::WrongGame)?;
        let id = id.clone();
        let result = reconcile::reconcile(mine, &theirs, |end, ply| self.accepts_recorded(now, end, ply));
        if let Reconciled::Diverged { at } = result {
            let newly = self.diverged.is_none();
            let mine = mine.clone();
            self.diverged = Some(Divergence { at: Some(at), theirs: Some(theirs) });
            if newly {
                // My record, so that they see it too; once both know, nothing more is said.
                out.push(Output::Send(Message::Sync { game: id, record: mine, clocks: self.clocks }));
                out.push(Output::Refused(Refusal::Diverged));
                out.push(Output::Changed);
            }
            return Ok(());
        }
        if self.diverged.take().is_some() {
            // Their record extends mine again (a reload on their side lost what we disagreed on).
            out.push(Output::Changed);
        }
        match result {
            Reconciled::Same | Reconciled::Diverged { .. } => {}
            Reconciled::Mine => {
                out.push(Output::Send(Message::Sync { game: id, record: mine.clone(), clocks: self.clocks }))
            }
            Reconciled::Theirs(game) => {
                let claim = matches!(declared_end(&game), Some(Outcome::WonOnTime { .. }));
                self.adopt(now, game, clocks, out);
                if claim && let Some((id, record)) = &self.current {
                    // A claim on time taken from their record: mine, with it, goes back, as when
                    // a claim comes alone. Their page may have heard an earlier refusal of the
                    // same claim (a record sent again crossed it) and let it lapse meanwhile.
                    out.push(Output::Send(Message::Sync {
                        game: id.clone(),
                        record: record.clone(),
                        clocks: self.clocks,
                    }));
                }
            }
            Reconciled::Refused(_) => {
                // Their claim on time, early by my clock: their moves stand, the claim lapses on
                // their side when they hear why.
                if theirs.moves().len() > mine.moves().len() {
                    self.adopt(now, without_declared_end(&theirs), clocks, out);
                }
                out.push(Output::Send(Message::Refused(Refusal::TooEarly)));
                out.push(Output::Refused(Refusal::TooEarly));
                out.push(Output::Changed);
            }
        }
        Ok(())
    }

    /// Whether I take a declared end found in their record at `ply`: anything a record may say
    /// (the longer record extends the shorter), except a claim on time against me that my
    /// clock does not bear out.
    fn accepts_recorded(&self, now: u64, end: Outcome, ply: usize) -> bool {
        match end {
            Outcome::WonOnTime { winner } if winner != self.you => self.entitled(now, end, ply),
            _ => true,
        }
    }

    /// Their record, which extends mine; under a game clock, with their clocks at the start of
    /// its turn, taken as far as the moves I missed can explain them (each side's time, with at
    /// most an increment a move added).
    fn adopt(&mut self, now: u64, game: Game, clocks: Option<[u64; 2]>, out: &mut Vec<Output>) {
        if let Some((_, mine)) = self.current.as_mut() {
            let added = game.moves().len().saturating_sub(mine.moves().len()) as u64;
            if mine.moves().len() != game.moves().len() {
                self.turn_since = now;
                self.draw_offer = None;
                let increment = self.limit.clock_millis().map_or(0, |(_, increment)| increment);
                if let (Some(mine), Some(theirs)) = (self.clocks.as_mut(), clocks) {
                    for (left, theirs) in mine.iter_mut().zip(theirs) {
                        *left = theirs.min(left.saturating_add(increment.saturating_mul(added)));
                    }
                }
            }
            *mine = game;
        }
        // Whatever claim was on its way, the record it was made on is replaced: it is answered.
        self.claim_sent = None;
        out.push(Output::Changed);
    }

    fn their_rematch_offer(&mut self, now: u64, out: &mut Vec<Output>) -> Result<(), Refusal> {
        if self.playable().is_some() {
            return Err(Refusal::OutOfTurn);
        }
        if self.rematch_offer == Some(self.you) {
            // Both asked: agreed.
            return self.rematch_agreed(now, out);
        }
        self.rematch_offer = Some(self.you.other());
        out.push(Output::Changed);
        Ok(())
    }

    fn their_rematch_accept(&mut self, now: u64, out: &mut Vec<Output>) -> Result<(), Refusal> {
        if self.rematch_offer != Some(self.you) {
            return Err(Refusal::NotOffered);
        }
        self.rematch_agreed(now, out)
    }

    /// A rematch offer by `by` declined or withdrawn: refused unless it stands.
    pub(super) fn rematch_off(&mut self, by: Color, out: &mut Vec<Output>) -> Result<(), Refusal> {
        if self.rematch_offer != Some(by) {
            return Err(Refusal::NotOffered);
        }
        self.rematch_offer = None;
        out.push(Output::Changed);
        Ok(())
    }

    pub(super) fn rematch_agreed(&mut self, now: u64, out: &mut Vec<Output>) -> Result<(), Refusal> {
        self.rematch_offer = None;
        if self.host {
            // Colours change sides; the host deals as it chose.
            self.you = self.you.other();
            self.deal(now);
            out.extend(self.start_message().map(Output::Send));
        }
        out.push(Output::Changed);
        Ok(())
    }
}
