//! Netplay: what the page is told (its status and the game's events).

use super::{Kind, Netplay, Socket, Task};
use crate::bridge::{Phase, Reason, Report, Status};
use crate::game::{OnlineGame, Status as GameStatus};
use crate::protocol::Refusal;

impl Netplay {
    pub(super) fn status(&self) -> Option<Status> {
        if let Some(stopped) = self.stopped {
            return Some(stopped);
        }
        let socket_open = matches!(self.socket, Socket::Open { .. });
        let status = |phase, reason| Some(Status { phase, reason });
        match (&self.kind, self.game.as_ref().map(OnlineGame::status)) {
            (Kind::Idle, _) => None,
            (_, None | Some(GameStatus::Waiting)) => {
                let waiting = socket_open || self.attached().is_some();
                match (waiting, self.host_late) {
                    // A friend's link whose host has not answered: its page is not open.
                    (true, true) => status(Phase::Waiting, Some(Reason::OpponentAway)),
                    (true, false) => status(Phase::Waiting, None),
                    (false, _) => status(Phase::Connecting, None),
                }
            }
            (_, Some(GameStatus::Playing)) => status(Phase::Playing, None),
            (_, Some(GameStatus::Reconnecting)) => {
                let reason = if matches!(self.socket, Socket::Retry { .. }) {
                    Reason::Unreachable
                } else {
                    Reason::OpponentAway
                };
                status(Phase::Reconnecting, Some(reason))
            }
            (_, Some(GameStatus::Ended)) => status(Phase::Ended, None),
            (_, Some(GameStatus::Diverged)) => status(Phase::Ended, Some(Reason::Rule(Refusal::Diverged))),
            // The host's page away: the watcher waits for it to come back.
            (_, Some(GameStatus::Watching)) => {
                let away = !self.game.as_ref().is_some_and(OnlineGame::opponent_connected);
                status(Phase::Watching, away.then_some(Reason::OpponentAway))
            }
        }
    }

    pub(super) fn tell(&mut self, now: u64, fx: &mut Vec<Task>) {
        let mut emit = |event| fx.push(Task::Emit(event));
        let game = self.game.as_ref();
        let room = self.known_room().filter(|_| game.is_some());
        if room != self.view.room {
            if let Some(room) = &room {
                emit(Report::Room(room.clone()));
            }
            self.view.room = room;
        }
        let current = game.and_then(|g| Some((g.game_id()?.clone(), g.game()?.clone())));
        if current != self.view.game {
            if let (Some(g), Some((id, record))) = (game, &current) {
                let known = self.view.game.as_ref().filter(|(known, _)| known == id).map(|(_, r)| r);
                match known {
                    Some(old) if record.moves().starts_with(old.moves()) && record.start() == old.start() => {
                        for ply in old.moves().len()..record.moves().len() {
                            let position = record.positions()[ply];
                            emit(Report::Move {
                                by: position.to_move(),
                                ply,
                                mv: record.moves()[ply],
                                position: record.positions()[ply + 1],
                            });
                        }
                    }
                    Some(_) => emit(Report::Record(record.clone())),
                    // A watcher plays no colour: the record is all it is dealt.
                    None if g.is_spectator() => emit(Report::Record(record.clone())),
                    None => {
                        emit(Report::Started { you: g.you(), limit: g.limit(), position: *record.start() });
                        if !record.moves().is_empty() || record.outcome().is_some() {
                            emit(Report::Record(record.clone()));
                        }
                    }
                }
            }
            self.view.game = current;
        }
        let outcome = self.view.game.as_ref().and_then(|(_, g)| g.outcome());
        // Once stopped, the game's end stays as it was told.
        if outcome != self.view.outcome && game.is_some() {
            emit(Report::Outcome(outcome));
            self.view.outcome = outcome;
        }
        let offers = game.map_or((None, None), |g| (g.draw_offer(), g.rematch_offer()));
        if offers != self.view.offers {
            emit(Report::Offers { draw: offers.0, rematch: offers.1 });
            self.view.offers = offers;
        }
        let can_claim = self.may_claim(now);
        if can_claim != self.view.can_claim {
            emit(Report::CanClaim(can_claim));
            self.view.can_claim = can_claim;
        }
        let draw_wait = game.is_some_and(|g| g.game().is_some_and(|r| r.outcome().is_none()) && !g.may_offer_draw());
        if draw_wait != self.view.draw_wait {
            emit(Report::DrawWait(draw_wait));
            self.view.draw_wait = draw_wait;
        }
        let clock = game.and_then(|g| g.turn_left(now)).map(|(mover, ms)| (mover, ms.div_ceil(1000) as u32));
        if clock != self.view.clock {
            emit(Report::Clock(clock));
            self.view.clock = clock;
        }
        // Whole seconds, rounded up: a clock shows 0:00 once its time has run out.
        let clocks = game.and_then(|g| g.clocks(now));
        let seconds = clocks.map_or([0; 2], |c| c.left.map(|ms| ms.div_ceil(1000)));
        let told = self.view.clocks.map(|(told, seconds)| (told.map(|c| c.running), seconds));
        if self.view.clocks.is_none() || told != Some((clocks.map(|c| c.running), seconds)) {
            if game.is_some() {
                emit(Report::Clocks(clocks));
            }
            self.view.clocks = Some((clocks, seconds));
        }
        // A watcher's status goes first: its host's arrival is no opponent's to announce.
        if game.is_some_and(OnlineGame::is_spectator) {
            let status = self.status();
            if let Some(changed) = status.filter(|s| Some(*s) != self.view.status) {
                emit(Report::Status(changed));
                self.view.status = status;
            }
        }
        let opponent = game.is_some_and(OnlineGame::opponent_connected);
        if opponent != self.view.opponent {
            emit(Report::OpponentConnected(opponent));
            self.view.opponent = opponent;
        }
        let phrases = game.map(|g| (g.phrases_shown(), g.may_say(now), g.heard(now)));
        if phrases != self.view.phrases {
            if let Some((shown, may_say, heard)) = phrases {
                emit(Report::Phrases { shown, may_say, heard });
            }
            self.view.phrases = phrases;
        }
        let abort = game.map(|g| g.abort_state(now));
        if abort != self.view.abort {
            if let Some(abort) = abort {
                emit(Report::Abort(abort));
            }
            self.view.abort = abort;
        }
        let takeback = game.map(|g| g.takeback_state(now));
        if takeback != self.view.takeback {
            if let Some(takeback) = takeback {
                emit(Report::Takeback(takeback));
            }
            self.view.takeback = takeback;
        }
        let watchers = game.map_or(0, OnlineGame::watchers);
        if watchers != self.view.watchers {
            emit(Report::Watchers(watchers));
            self.view.watchers = watchers;
        }
        let status = self.status();
        if status != self.view.status {
            if let Some(status) = status {
                emit(Report::Status(status));
            }
            self.view.status = status;
        }
        // A watcher keeps nothing: after a reload it joins by the link again.
        if let Some(g) = game.filter(|g| !g.is_spectator()) {
            let saved = g.saved();
            let text = saved.to_text();
            if self.view.saved.as_deref() != Some(text.as_str()) {
                emit(Report::Saved(Box::new(saved)));
                self.view.saved = Some(text);
            }
        } else {
            self.view.saved = None;
        }
        if game.is_none() {
            self.view.game = None;
        }
    }
}
