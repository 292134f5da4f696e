//! An end the opponent declares (a resignation, a draw, a claim on time), and whether they
//! may.

use super::{CLAIM_GRACE_MS, OnlineGame, Output, abandon_ms};
use crate::protocol::{Declaration, Message, Refusal, declare};
use crate::reconcile::{declared_end, first_of, without_declared_end};
use onitama_core::rules::Outcome;

impl OnlineGame {
    pub(super) fn their_declaration(
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
    pub(super) fn entitled(&self, now: u64, end: Outcome, ply: usize) -> bool {
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
}
