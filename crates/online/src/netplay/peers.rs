//! Netplay: the peer connections (offers, channels, the game's texts) and time.

use super::{
    CONNECT_TIMEOUT_MS, ConnId, ConnState, HANDSHAKE_TIMEOUT_MS, HOST_ANSWER_MS, KEEPALIVE_MS, LINK_EXPIRY_MS,
    MIN_REJOIN_GAP_MS, Netplay, REJOIN_AFTER_MS, Socket, Task,
};
use crate::bridge::{Phase, Reason, Report, Status};
use crate::game::Output;
use crate::protocol::{Message, Refusal};
use crate::seat::{Handshake, Step};

impl Netplay {
    pub(super) fn channel_opened(&mut self, now: u64, id: ConnId, fx: &mut Vec<Task>) {
        let attached = self.attached();
        let Some(conn) = self.conn_mut(id).filter(|c| c.state == ConnState::Negotiating) else { return };
        if attached.is_some() {
            // Another connection carries the game: this one must prove the opponent's seat to
            // take over (a reconnect); a stranger learns nothing on it (a nonce, a proof).
            conn.state = ConnState::Pending;
            conn.since = now;
            if let Some(game) = self.game.as_mut() {
                let (mut handshake, hello) = game.handshake(now);
                fx.push(Task::Send { conn: id, text: hello.encode() });
                if let Some(conn) = self.conn_mut(id) {
                    handshake.channel = conn.channel.clone();
                    conn.handshake = Some(handshake);
                }
            }
            return;
        }
        self.attach(now, id, fx);
    }

    pub(super) fn attach(&mut self, now: u64, id: ConnId, fx: &mut Vec<Task>) {
        let Some(conn) = self.conn_mut(id) else { return };
        conn.state = ConnState::Attached;
        let channel = conn.channel.clone();
        if let Some(game) = self.game.as_mut() {
            let outputs = game.connected(now);
            game.bind(channel);
            self.perform(now, outputs, fx);
        }
    }

    /// A pending connection whose handshake went on while another carried the game takes it.
    fn attach_shaken(&mut self, now: u64, id: ConnId, handshake: Handshake) {
        let Some(conn) = self.conn_mut(id) else { return };
        conn.state = ConnState::Attached;
        if let Some(game) = self.game.as_mut() {
            game.connected_with(now, handshake);
        }
    }

    pub(super) fn conn_lost(&mut self, now: u64, id: ConnId, fx: &mut Vec<Task>) {
        if self.remove(id, fx) {
            self.game_away(now, fx);
        }
    }

    /// The game's connection is gone: the opponent is away until a new one says hello.
    pub(super) fn game_away(&mut self, now: u64, fx: &mut Vec<Task>) {
        if let Some(game) = self.game.as_mut() {
            let outputs = game.disconnected(now);
            self.perform(now, outputs, fx);
        }
        self.away_since = now;
        self.rejoin_if_mine(now, fx);
    }

    /// Nobody introduces two peers that are both still in the room: one of them rejoins it (the
    /// one with the greater server id, so not both), and the other, still there, makes the offer.
    /// A stranger game moves to its own room, both sides at once.
    pub(super) fn rejoin_if_mine(&mut self, now: u64, fx: &mut Vec<Task>) {
        if !matches!(self.socket, Socket::Open { .. }) || self.game.is_none() {
            return;
        }
        let Some(path) = self.room_path() else { return };
        let moving = self.socket_path.as_deref() != Some(path.as_str());
        let mine = match (&self.opponent_peer, &self.my_id) {
            (Some((theirs, false)), Some(me)) => me > theirs,
            // No opponent met on this page yet (a reload): the guest rejoins, the host stays.
            (None, Some(_)) => self.game.as_ref().is_some_and(|g| !g.is_host()),
            _ => false,
        };
        // Not again and again if connections keep failing: the tick tries later.
        let recently = self.last_rejoin.is_some_and(|at| now.saturating_sub(at) < MIN_REJOIN_GAP_MS);
        if (moving || mine) && !recently {
            self.last_rejoin = Some(now);
            let negotiating: Vec<ConnId> = self
                .conns
                .iter()
                .filter(|c| !matches!(c.state, ConnState::Attached | ConnState::Spectator))
                .map(|c| c.id)
                .collect();
            for id in negotiating {
                self.remove(id, fx);
            }
            self.away_since = now;
            self.connect(now, path, fx);
        }
    }

    pub(super) fn channel_text(&mut self, now: u64, id: ConnId, text: &str, fx: &mut Vec<Task>) {
        let Some(conn) = self.conn(id) else { return };
        match conn.state {
            ConnState::Attached => {
                if !self.met() && text == Message::Refused(Refusal::SeatTaken).encode() {
                    // Both seats are taken: this browser is a third one. (Once in a game, a
                    // peer saying so is only refused: it cannot push a player out of a seat.)
                    fx.push(Task::Emit(Report::Refused(Refusal::SeatTaken)));
                    self.stop(Status { phase: Phase::Error, reason: Some(Reason::Rule(Refusal::SeatTaken)) }, fx);
                    return;
                }
                if let Some(game) = self.game.as_mut() {
                    let outputs = game.receive(now, text);
                    // The peer whose connection carries the game, once it proved its seat (or,
                    // to a watcher, the host's word took it).
                    if game.opponent_connected() {
                        let peer = self.conn(id).map(|c| c.peer.clone());
                        if let Some(peer) = peer.filter(|p| self.opponent_peer.as_ref().is_none_or(|(o, _)| o != p)) {
                            self.opponent_peer = Some((peer, false));
                        }
                    }
                    self.perform(now, outputs, fx);
                }
            }
            ConnState::Pending => self.pending_text(now, id, text, fx),
            ConnState::Spectator => self.spectator_text(now, id, text, fx),
            ConnState::Negotiating => {}
        }
    }

    /// A text on a connection open while another carries the game, judged as the game's own
    /// handshake is ([`OnlineGame::step`]): it takes over once it proves the opponent's seat (or
    /// the host takes this page to watch on it); a seat of another is a third browser's (the host
    /// may let it watch); anything else closes it, and nothing said on it stops online play.
    fn pending_text(&mut self, now: u64, id: ConnId, text: &str, fx: &mut Vec<Task>) {
        let (Some(game), Some(mut handshake)) = (self.game.as_ref(), self.conn(id).and_then(|c| c.handshake.clone()))
        else {
            return;
        };
        let step = match Message::decode(text) {
            // The host refuses this page, a third browser (watching is off, or it is full): on
            // whichever connection it comes, as on the game's (a guest closed the other). A page
            // that met nobody yet has no game to lose.
            Ok(Message::Refused(Refusal::SeatTaken)) if !self.met() => {
                fx.push(Task::Emit(Report::Refused(Refusal::SeatTaken)));
                self.stop(Status { phase: Phase::Error, reason: Some(Reason::Rule(Refusal::SeatTaken)) }, fx);
                return;
            }
            Ok(message) => game.step(&mut handshake, &message),
            Err(refusal) => Err(refusal),
        };
        if let Some(conn) = self.conn_mut(id) {
            conn.handshake = Some(handshake.clone());
        }
        match step {
            Ok(Step::Answer(answer)) => fx.extend(answer.map(|m| Task::Send { conn: id, text: m.encode() })),
            Ok(Step::Opponent | Step::Spectating) => {
                // The opponent is back on a new connection (or the host took this page to watch
                // on it): it carries the game now.
                if let Some(old) = self.attached() {
                    self.remove(old, fx);
                    if let Some(game) = self.game.as_mut() {
                        let outputs = game.disconnected(now);
                        self.perform(now, outputs, fx);
                    }
                }
                self.attach_shaken(now, id, handshake);
                self.channel_text(now, id, text, fx);
            }
            Ok(Step::Stranger) => self.stranger(now, id, fx),
            Ok(Step::Wait) => {}
            Ok(Step::Forged) | Err(_) => {
                let refusal = step.err().unwrap_or(Refusal::SeatTaken);
                fx.push(Task::Send { conn: id, text: Message::Refused(refusal).encode() });
                self.remove(id, fx);
            }
        }
    }

    /// Performs the game's outputs on the connection that carries it.
    pub(super) fn perform(&mut self, now: u64, outputs: Vec<Output>, fx: &mut Vec<Task>) {
        let attached = self.attached();
        let mut other_version = false;
        for output in outputs {
            match output {
                Output::Send(message) => {
                    if let Some(conn) = attached {
                        fx.push(Task::Send { conn, text: message.encode() });
                    }
                }
                Output::Refused(Refusal::OtherVersion) => {
                    // Pages of two versions do not play: both players are told to reload (once
                    // the peer is told why, below).
                    fx.push(Task::Emit(Report::Refused(Refusal::OtherVersion)));
                    other_version = true;
                }
                Output::Refused(refusal) => fx.push(Task::Emit(Report::Refused(refusal))),
                Output::Drop(refusal) => {
                    fx.push(Task::Emit(Report::Dropped(refusal)));
                    if let Some(conn) = attached {
                        self.remove(conn, fx);
                    }
                    // Not rejoined: that would only bring the same peer back.
                    self.opponent_peer = None;
                    self.away_since = now;
                }
                Output::Changed => {}
                Output::Stranger => {
                    if let Some(conn) = attached {
                        self.stranger(now, conn, fx);
                    }
                }
                Output::Left => self.stop(Status { phase: Phase::Ended, reason: Some(Reason::OpponentLeft) }, fx),
            }
        }
        if other_version {
            let why = Reason::Rule(Refusal::OtherVersion);
            self.stop(Status { phase: Phase::Error, reason: Some(why) }, fx);
        }
    }

    // ---- time ----

    pub(super) fn tick(&mut self, now: u64, fx: &mut Vec<Task>) {
        match self.socket {
            Socket::Connecting { since } if now.saturating_sub(since) >= CONNECT_TIMEOUT_MS => {
                self.socket_lost(now, fx);
            }
            Socket::Open { keepalive_at } if now >= keepalive_at => {
                fx.push(Task::KeepAlive);
                self.socket = Socket::Open { keepalive_at: now + KEEPALIVE_MS };
            }
            Socket::Retry { at } if now >= at => {
                if let Some(path) = self.room_path() {
                    self.socket = Socket::Closed;
                    self.connect(now, path, fx);
                }
            }
            _ => {}
        }
        let stale: Vec<ConnId> = self
            .conns
            .iter()
            .filter(|c| matches!(c.state, ConnState::Negotiating | ConnState::Pending))
            .filter(|c| now.saturating_sub(c.since) >= HANDSHAKE_TIMEOUT_MS)
            .map(|c| c.id)
            .collect();
        for id in stale {
            self.remove(id, fx);
        }
        if let Some(game) = self.game.as_mut() {
            let outputs = game.tick(now);
            self.perform(now, outputs, fx);
        }
        let waited = self.guest_waiting_since.map(|since| now.saturating_sub(since));
        let alone = self.waits_for_host() && self.conns.is_empty();
        if alone && waited.is_some_and(|ms| ms >= LINK_EXPIRY_MS) {
            self.stop(Status { phase: Phase::Error, reason: Some(Reason::Expired) }, fx);
            return;
        }
        self.host_late = self.waits_for_host() && waited.is_some_and(|ms| ms >= HOST_ANSWER_MS);
        // Nobody but watchers (whom the host keeps) connected to this page.
        let alone = self.conns.iter().all(|c| c.state == ConnState::Spectator);
        let waiting_long = self.met()
            && alone
            && now.saturating_sub(self.away_since) >= REJOIN_AFTER_MS
            && self.game.as_ref().is_some_and(|g| !g.opponent_connected());
        if waiting_long {
            self.away_since = now;
            self.rejoin_if_mine(now, fx);
        }
    }
}
