//! One side of an online game: what this player does (moves, resignation, draws, claims, rematches).

use super::{ClaimSent, OnlineGame, Output};
use crate::protocol::{Declaration, Message, Phrase, Refusal, declare};
use onitama_core::rules::{Move, Outcome};

impl OnlineGame {
    fn send_here(&self, message: Message) -> Vec<Output> {
        vec![Output::Send(message), Output::Changed]
    }

    /// Plays this player's move: only on their turn, while the opponent is connected.
    pub fn play(&mut self, now: u64, mv: Move) -> Result<Vec<Output>, Refusal> {
        let game = self.playable().ok_or(self.why_not_playable())?;
        if game.position().to_move() != self.you {
            return Err(Refusal::OutOfTurn);
        }
        if !self.opponent_connected() {
            // A move made while they are away could not be told apart from one made after a
            // claim on time: it waits for them.
            return Err(Refusal::OpponentAway);
        }
        if self.out_of_time(now) {
            return Err(Refusal::OutOfTime);
        }
        let (id, ply) = self.id_and_ply().ok_or(Refusal::WrongGame)?;
        let game = self.game_mut().ok_or(Refusal::WrongGame)?;
        game.play(mv).map_err(|_| Refusal::IllegalMove)?;
        let position = *game.position();
        let left = self.charge(self.you, ply, now.saturating_sub(self.turn_since));
        self.turn_since = now;
        self.draw_offer = None;
        Ok(self.send_here(Message::Move { game: id, ply, mv, position, left }))
    }

    pub(super) fn why_not_playable(&self) -> Refusal {
        if self.diverged.is_some() { Refusal::Diverged } else { Refusal::GameOver }
    }

    fn declare_here(&mut self, what: Declaration, end: Option<Outcome>) -> Result<Vec<Output>, Refusal> {
        let (id, ply) = self.id_and_ply().ok_or(Refusal::WrongGame)?;
        if let Some(end) = end {
            // The clock of the side to move stops where it was (as of the last tick).
            let stopped = self.clocks(self.last_tick).map(|clocks| clocks.left);
            let game = self.game_mut().ok_or(Refusal::WrongGame)?;
            declare(game, end).map_err(|_| Refusal::GameOver)?;
            self.draw_offer = None;
            self.ended_clocks = stopped;
        }
        Ok(self.send_here(Message::Declare { game: id, ply, what }))
    }

    pub fn resign(&mut self) -> Result<Vec<Output>, Refusal> {
        self.playable().ok_or(self.why_not_playable())?;
        self.declare_here(Declaration::Resign, Some(Outcome::Resigned { by: self.you }))
    }

    pub fn offer_draw(&mut self) -> Result<Vec<Output>, Refusal> {
        let ply = self.playable().ok_or(self.why_not_playable())?.moves().len();
        if self.draw_waits(self.you) {
            return Err(Refusal::DrawTooSoon);
        }
        self.draw_offer = Some((self.you, ply));
        self.declare_here(Declaration::DrawOffer, None)
    }

    pub fn accept_draw(&mut self) -> Result<Vec<Output>, Refusal> {
        self.playable().ok_or(self.why_not_playable())?;
        if self.draw_offer() != Some(self.you.other()) {
            return Err(Refusal::NotOffered);
        }
        if self.my_takeback_stands() {
            // Not while the opponent may be accepting the takeback asked.
            return Err(Refusal::NoTakeback);
        }
        self.declare_here(Declaration::DrawAccept, Some(Outcome::DrawAgreed))
    }

    pub fn decline_draw(&mut self) -> Result<Vec<Output>, Refusal> {
        self.playable().ok_or(self.why_not_playable())?;
        if self.draw_offer() != Some(self.you.other()) {
            return Err(Refusal::NotOffered);
        }
        self.draw_declined = self.draw_offer.take();
        self.declare_here(Declaration::DrawDecline, None)
    }

    /// Claims the game on time (see [`OnlineGame::can_claim`]), while the opponent is here. The
    /// game is not won yet: the opponent's clock decides, and their record (with the claim) ends
    /// it here; a refusal leaves nothing behind.
    ///
    /// Against an opponent away for [`abandon_ms`](super::abandon_ms), the game is won here at once: they cannot
    /// answer while away, and the claim reaches them with this page's record when they return.
    pub fn claim(&mut self, now: u64) -> Result<Vec<Output>, Refusal> {
        let ply = self.playable().ok_or(self.why_not_playable())?.moves().len();
        if !self.opponent_connected() {
            if !self.may_claim_absence(now) {
                return Err(Refusal::OpponentAway);
            }
            return self.declare_here(Declaration::Claim, Some(Outcome::WonOnTime { winner: self.you }));
        }
        if !self.can_claim(now) {
            return Err(Refusal::TooEarly);
        }
        let (game, _) = self.id_and_ply().ok_or(Refusal::WrongGame)?;
        self.claim_sent = Some(ClaimSent { game, ply, at: now });
        self.declare_here(Declaration::Claim, None)
    }

    /// This player leaves for good: a game going on is aborted (before each side has moved once)
    /// or resigned first, and the opponent told.
    pub fn leave(&mut self) -> Vec<Output> {
        // Before each side has moved once, leaving aborts (no result, as on lichess; with the
        // opponent away, nothing is declared: they may abort or claim when back); a game played
        // is resigned.
        let early = self.playable().is_some_and(|game| game.moves().len() < super::asks::ABORT_PLIES);
        let mut out = if early { self.abort().unwrap_or_default() } else { self.resign().unwrap_or_default() };
        out.push(Output::Send(Message::Bye));
        out
    }

    pub fn offer_rematch(&mut self) -> Result<Vec<Output>, Refusal> {
        let (id, _) = self.id_and_ply().ok_or(Refusal::WrongGame)?;
        if self.playable().is_some() {
            return Err(Refusal::OutOfTurn);
        }
        self.rematch_offer = Some(self.you);
        Ok(self.send_here(Message::RematchOffer { game: id }))
    }

    pub fn accept_rematch(&mut self, now: u64) -> Result<Vec<Output>, Refusal> {
        let (id, _) = self.id_and_ply().ok_or(Refusal::WrongGame)?;
        if self.rematch_offer != Some(self.you.other()) {
            return Err(Refusal::NotOffered);
        }
        let mut out = vec![Output::Send(Message::RematchAccept { game: id })];
        self.rematch_agreed(now, &mut out)?;
        Ok(out)
    }

    /// Declines the opponent's rematch offer; the opponent is told.
    pub fn decline_rematch(&mut self) -> Result<Vec<Output>, Refusal> {
        let (id, _) = self.id_and_ply().ok_or(Refusal::WrongGame)?;
        let mut out = vec![Output::Send(Message::RematchDecline { game: id })];
        self.rematch_off(self.you.other(), &mut out)?;
        Ok(out)
    }

    /// Takes back this player's own rematch offer; the opponent is told.
    pub fn withdraw_rematch(&mut self) -> Result<Vec<Output>, Refusal> {
        let (id, _) = self.id_and_ply().ok_or(Refusal::WrongGame)?;
        let mut out = vec![Output::Send(Message::RematchWithdraw { game: id })];
        self.rematch_off(self.you, &mut out)?;
        Ok(out)
    }

    /// Says a phrase to the opponent: while they are here, at most one every [`super::SAY_WAIT_MS`]
    /// (`too-early` sooner).
    pub fn say(&mut self, now: u64, phrase: Phrase) -> Result<Vec<Output>, Refusal> {
        if !self.opponent_connected() {
            return Err(Refusal::OpponentAway);
        }
        if !self.may_say(now) {
            return Err(Refusal::TooEarly);
        }
        self.said_at = Some(now);
        Ok(self.send_here(Message::Say(phrase)))
    }

    /// Shows the opponent's phrases, or no longer shows them (kept with the game for a reload).
    pub fn show_phrases(&mut self, shown: bool) -> Vec<Output> {
        self.phrases_off = !shown;
        vec![Output::Changed]
    }
}
