//! Records compared after a reconnect: mine sent, theirs taken, or the two found to diverge.

use super::{Divergence, OnlineGame, Output};
use crate::protocol::{Message, Refusal};
use crate::reconcile::{self, Reconciled, declared_end, without_declared_end};
use onitama_core::rules::{Game, Outcome};

impl OnlineGame {
    pub(super) fn sync(
        &mut self,
        now: u64,
        theirs: Game,
        clocks: Option<[u64; 2]>,
        out: &mut Vec<Output>,
    ) -> Result<(), Refusal> {
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
}
