//! One side of an online game: aborts and takebacks, both ways.
//!
//! **Abort.** Before each side has moved once (fewer than [`ABORT_PLIES`] moves), either player
//! may abort the game while the opponent is here: it ends with no result (no outcome in the
//! record: nothing for Records), and the opponent is told (`abort <game> <ply>`). An abort made at
//! a ply before 2 stands on both sides even if a move or a declaration crossed it (the move, or
//! the resignation, lapses: the game has no result). Once the side to move has had its first
//! move for [`FIRST_MOVE_MS`] with both here, the other player is told that they may abort
//! ([`AbortState::Late`]). An abort made on a record behind the receiver's by more than one
//! crossing move (a reload's, before the other's record came) is refused `too-late` (no strike),
//! and the aborter plays on. A side that aborted says so again after every hello: an abort lost with
//! a connection reaches the other side on the return. A declared end that crossed the abort (a
//! resignation, a claim) is taken out of the record: the game has no result on either side.
//!
//! **Takeback.** A player who has moved may ask to take back their last move, and the opponent's
//! reply if it was made (`takeback-offer <game> <ply> <move>`, `ply` the moves played when asked).
//! The target is the ply of the asker's last move before `ply`, the same on both sides; the
//! request names that move, and one naming another than the receiver's record holds there is
//! refused `earlier-ply` (the records differ: the next `sync` says so). The request
//! stands at that ply, or at the next one if the opponent's move crossed it (the reply is taken
//! back with it). One request at a time: none while one stands (two crossing each other both
//! lapse). The asker may move meanwhile, which withdraws the request (as on lichess): an accept
//! that crossed that move lapses, and the records, one a prefix of the other, agree again with
//! the `sync` the accepting side sends on the move it did not expect. The asker neither claims
//! nor accepts a draw while theirs stands; the opponent does not claim on time meanwhile (they
//! answer first). `takeback-accept <game> <ply>` takes both records back to the target;
//! `takeback-decline <game> <ply>` leaves the game as it is, and the asker asks again only once
//! the game has moved on. A request lapses with the connection (a reload forgets it), and at the
//! end of the game. The move's clock starts again at the target, for the side to move there;
//! under a game clock the time each side has used stays used (the side to move when it is
//! accepted is charged its time so far, without an increment).

use super::asks::{ABORT_PLIES, AbortState, Ask, FIRST_MOVE_MS, TakebackState, taken_back, target};
use super::{OnlineGame, Output};
use crate::protocol::{Message, Refusal, TakebackWord};
use crate::reconcile::declared_end;
use onitama_core::rules::Color;

impl OnlineGame {
    /// Whether the current game was aborted.
    pub fn is_aborted(&self) -> bool {
        self.aborted.is_some() && self.aborted.as_ref() == self.game_id()
    }

    /// Whether this player may abort now, as the page shows it.
    pub fn abort_state(&self, now: u64) -> AbortState {
        if self.is_aborted() {
            return AbortState::Aborted;
        }
        let Some(game) = self.playable() else { return AbortState::No };
        let ply = game.moves().len();
        if ply >= ABORT_PLIES || !self.opponent_connected() {
            return AbortState::No;
        }
        let theirs = game.position().to_move() != self.you;
        if theirs && now.saturating_sub(self.turn_since) >= FIRST_MOVE_MS { AbortState::Late } else { AbortState::Yes }
    }

    /// Aborts the game: before each side has moved once, while the opponent is here.
    pub fn abort(&mut self) -> Result<Vec<Output>, Refusal> {
        let ply = self.playable().ok_or(self.why_not_playable())?.moves().len();
        if ply >= ABORT_PLIES {
            return Err(Refusal::TooLate);
        }
        if !self.opponent_connected() {
            return Err(Refusal::OpponentAway);
        }
        let (id, _) = self.id_and_ply().ok_or(Refusal::WrongGame)?;
        self.aborted = Some(id.clone());
        self.takeback_ask = None;
        self.draw_offer = None;
        self.claim_sent = None;
        Ok(vec![Output::Send(Message::Abort { game: id, ply }), Output::Changed])
    }

    /// The opponent's abort, made at `at`: it stands before each side has moved once, even if
    /// my move at that ply crossed it.
    pub(super) fn their_abort(&mut self, ply: usize, at: usize, out: &mut Vec<Output>) -> Result<(), Refusal> {
        if self.diverged.is_some() {
            return Err(Refusal::Diverged);
        }
        if self.is_aborted() {
            return Ok(());
        }
        if at >= ABORT_PLIES {
            return Err(Refusal::TooLate);
        }
        if ply >= ABORT_PLIES && ply != at + 1 {
            // Made on a record that was behind mine by more than a crossing move (a reload's,
            // before my record reached it): too late here; the aborter plays on when told.
            return Err(Refusal::TooLate);
        }
        self.aborted = self.game_id().cloned();
        self.takeback_ask = None;
        self.draw_offer = None;
        self.claim_sent = None;
        self.abort_clears_end();
        out.push(Output::Changed);
        Ok(())
    }

    /// My abort refused `too-late` by the opponent: their record was further on than mine (a
    /// reload's, before their record came). The game goes on, and my record goes to them so
    /// that theirs comes back.
    pub(super) fn abort_refused(&mut self, out: &mut Vec<Output>) {
        self.aborted = None;
        out.push(Output::Refused(Refusal::TooLate));
        if let Some((id, record)) = &self.current {
            out.push(Output::Send(Message::Sync { game: id.clone(), record: record.clone(), clocks: self.clocks }));
        }
        out.push(Output::Changed);
    }

    /// An aborted game has no result: a declared end that crossed the abort (a resignation, a
    /// claim on time) is taken out of the record, on both sides.
    pub(super) fn abort_clears_end(&mut self) {
        if self.is_aborted()
            && let Some(game) = self.game_mut()
            && declared_end(game).is_some()
        {
            *game = crate::reconcile::without_declared_end(game);
        }
    }

    /// The abort said again after a hello: one lost with a connection reaches them now.
    pub(super) fn abort_again(&self) -> Option<Message> {
        let (id, ply) = self.id_and_ply().filter(|_| self.is_aborted())?;
        Some(Message::Abort { game: id, ply: ply.min(ABORT_PLIES - 1) })
    }

    /// The takeback request standing now, if any (see the module's doc).
    pub(super) fn takeback_standing(&self) -> Option<&Ask> {
        let ask = self.takeback_ask.as_ref()?;
        let (id, game) = self.current.as_ref()?;
        self.playable()?;
        let ply = game.moves().len();
        let crossed = ply == ask.ply + 1 && game.positions()[ask.ply].to_move() != ask.by;
        (ask.game == *id && (ply == ask.ply || crossed)).then_some(ask)
    }

    /// Whether `by`'s takeback request was declined and the game has not moved on since.
    fn takeback_waits(&self, by: Color) -> bool {
        let Some((id, ply)) = self.id_and_ply() else { return false };
        self.takeback_declined.as_ref().is_some_and(|(game, who, at)| *game == id && *who == by && ply <= *at)
    }

    /// Takebacks as the page shows them.
    pub fn takeback_state(&self, now: u64) -> TakebackState {
        let asked_by = self.takeback_standing().map(|ask| ask.by);
        TakebackState {
            asked_by,
            may_ask: asked_by.is_none() && self.may_ask_takeback(now),
            declined: self.playable().is_some() && self.takeback_waits(self.you),
        }
    }

    /// Whether this player may ask now: the opponent here, something of theirs to take back, no
    /// decline since the game last moved on, no claim of theirs on its way, and their own move's
    /// time not run out (a request is no way to stop a claim on time).
    fn may_ask_takeback(&self, now: u64) -> bool {
        let Some(game) = self.playable() else { return false };
        let out_of_time =
            self.out_of_time(now) || self.turn_left(now).is_some_and(|(mover, left)| mover == self.you && left == 0);
        self.opponent_connected()
            && !self.takeback_waits(self.you)
            && self.claim_sent.is_none()
            && !out_of_time
            && target(game, self.you, game.moves().len()).is_some()
    }

    /// Whether this player's own takeback request stands: they wait for the answer.
    pub(super) fn my_takeback_stands(&self) -> bool {
        self.takeback_standing().is_some_and(|ask| ask.by == self.you)
    }

    /// Asks the opponent to take back this player's last move (and their reply, if made).
    pub fn ask_takeback(&mut self, now: u64) -> Result<Vec<Output>, Refusal> {
        let game = self.playable().ok_or(self.why_not_playable())?;
        let ply = game.moves().len();
        if !self.opponent_connected() {
            return Err(Refusal::OpponentAway);
        }
        if self.takeback_standing().is_some() {
            return Err(Refusal::NoTakeback);
        }
        if !self.may_ask_takeback(now) {
            return Err(Refusal::NoTakeback);
        }
        let mv = self.game().and_then(|g| g.moves().get(target(g, self.you, ply)?).copied());
        let mv = mv.ok_or(Refusal::NoTakeback)?;
        let (id, _) = self.id_and_ply().ok_or(Refusal::WrongGame)?;
        self.takeback_ask = Some(Ask { game: id.clone(), by: self.you, ply });
        Ok(vec![Output::Send(Message::Takeback { game: id, ply, what: TakebackWord::Offer(mv) }), Output::Changed])
    }

    /// Accepts (the game goes back on both sides) or declines the opponent's takeback request.
    pub fn answer_takeback(&mut self, now: u64, accept: bool) -> Result<Vec<Output>, Refusal> {
        self.playable().ok_or(self.why_not_playable())?;
        let ask = self.takeback_standing().filter(|ask| ask.by != self.you).cloned().ok_or(Refusal::NotOffered)?;
        let what = if accept { TakebackWord::Accept } else { TakebackWord::Decline };
        let message = Message::Takeback { game: ask.game.clone(), ply: ask.ply, what };
        self.takeback_done(now, &ask, accept);
        Ok(vec![Output::Send(message), Output::Changed])
    }

    /// The request answered, on either side: taken back to its target, or declined.
    fn takeback_done(&mut self, now: u64, ask: &Ask, accept: bool) {
        self.takeback_ask = None;
        if accept {
            // Under a game clock, the time the side to move has used this turn stays used: a
            // takeback changes no clock (time runs from each side's first move on).
            let mover = self.game().filter(|g| g.moves().len() >= 2).map(|g| g.position().to_move());
            let used = self.used(now);
            if let (Some(mover), Some(left)) = (mover, self.clocks.as_mut()) {
                left[mover.index()] = left[mover.index()].saturating_sub(used);
            }
        }
        let Some((id, game)) = self.current.as_mut() else { return };
        if accept {
            if let Some(to) = target(game, ask.by, ask.ply) {
                *game = taken_back(game, to);
            }
            self.takeback_declined = None;
            self.turn_since = now;
            self.turn_used = None;
            self.draw_offer = None;
            self.claim_sent = None;
        } else {
            self.takeback_declined = Some((id.clone(), ask.by, game.moves().len()));
        }
    }

    /// A takeback message of the peer about the current game (`at`: the request's ply).
    pub(super) fn their_takeback(
        &mut self,
        now: u64,
        ply: usize,
        at: usize,
        what: TakebackWord,
        out: &mut Vec<Output>,
    ) -> Result<(), Refusal> {
        if self.diverged.is_some() {
            return Err(Refusal::Diverged);
        }
        let you = self.you;
        let them = you.other();
        let Some((id, game)) = self.current.as_ref() else { return Err(Refusal::WrongGame) };
        if self.playable().is_none() {
            // Crossed the end (a resignation, an abort, a winning move): it lapses. After a
            // win on the board nothing of the kind could have been asked.
            return if declared_end(game).is_some() || self.is_aborted() || !matches!(what, TakebackWord::Offer(_)) {
                Ok(())
            } else {
                Err(Refusal::GameOver)
            };
        }
        match what {
            TakebackWord::Offer(mv) => {
                if at > ply {
                    // Something was lost on the way: my record, for theirs.
                    out.push(Output::Send(Message::Sync {
                        game: id.clone(),
                        record: game.clone(),
                        clocks: self.clocks,
                    }));
                    return Ok(());
                }
                // Made at my ply, or at the one before when my move crossed it.
                let crossed = at + 1 == ply && game.positions()[at].to_move() == you;
                if at != ply && !crossed {
                    return Err(Refusal::EarlierPly);
                }
                let Some(to) = target(game, them, at).filter(|_| !self.takeback_waits(them)) else {
                    return Err(Refusal::NoTakeback);
                };
                if game.moves().get(to) != Some(&mv) {
                    // Not the move my record has there: the records differ, and the next `sync`
                    // says so; nothing is taken back on a record that is not the same.
                    return Err(Refusal::EarlierPly);
                }
                match self.takeback_standing().map(|ask| (ask.by, ask.ply)) {
                    // The same request again (a repeat): nothing new.
                    Some((by, asked)) if by == them && asked == at => return Ok(()),
                    Some((by, _)) if by == them => return Err(Refusal::NoTakeback),
                    // Two requests crossed: both lapse, on both sides.
                    Some(_) => self.takeback_ask = None,
                    None => self.takeback_ask = Some(Ask { game: id.clone(), by: them, ply: at }),
                }
                out.push(Output::Changed);
                Ok(())
            }
            TakebackWord::Accept | TakebackWord::Decline => {
                let Some(ask) = self.takeback_standing().filter(|ask| ask.by == you && ask.ply == at).cloned() else {
                    // An answer to a request of mine that my move withdrew since: it lapses.
                    if at < ply && self.takeback_ask.as_ref().is_some_and(|a| a.by == you && a.ply == at) {
                        return Ok(());
                    }
                    // No such request (theirs crossed it, or it was answered already).
                    return Err(Refusal::NotOffered);
                };
                self.takeback_done(now, &ask, what == TakebackWord::Accept);
                out.push(Output::Changed);
                Ok(())
            }
        }
    }
}
