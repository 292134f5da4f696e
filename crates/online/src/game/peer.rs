//! What the other side sends: each message read, refused with a reason or taken as a legal
//! step of the game.

use super::{CLAIM_GRACE_MS, Divergence, OnlineGame, Output, PHRASE_GAP_MS, Role, SAY_WAIT_MS};
use crate::protocol::{Message, MoveLimit, Phrase, Refusal, Token};
use crate::reconcile::{self, Reconciled, declared_end, without_declared_end};
use crate::seat::Step;
use onitama_core::rules::{Color, Game, Move, Outcome};

impl OnlineGame {
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
    pub(super) fn start_message(&self) -> Option<Message> {
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
