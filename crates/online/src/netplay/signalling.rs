//! Netplay: the signalling server (connecting, its messages, retries).

use super::{
    Conn, ConnId, ConnState, FromServer, Kind, MAX_CONNECTIONS, MAX_QUEUED_CANDIDATES, Netplay, PeerSignal,
    RETRY_MAX_MS, Socket, Task, room_of,
};
use crate::bridge::{Phase, Reason, Status};
use crate::game::{Invitation, OnlineGame, Status as GameStatus};
use crate::guard::Guard;
use crate::protocol::{MAX_WATCHERS, MoveLimit, Token};
use crate::seat::{Channel, fingerprint};

impl Netplay {
    pub(super) fn connect(&mut self, now: u64, path: String, fx: &mut Vec<Task>) {
        let Some(server) = &self.server else { return };
        if self.socket != Socket::Closed {
            fx.push(Task::Disconnect);
        }
        fx.push(Task::Connect { url: format!("{server}/{path}") });
        self.socket = Socket::Connecting { since: now };
        self.socket_path = Some(path);
        self.my_id = None;
    }

    /// The game's room: a friend's room, or a stranger game's own once dealt.
    pub(super) fn known_room(&self) -> Option<Token> {
        let dealt = self.game.as_ref().filter(|g| g.game_id().is_some()).map(room_of);
        dealt.or_else(|| self.room.clone()).filter(|_| self.kind != Kind::Idle)
    }

    /// The room to (re)join: the game's own room once there is one.
    pub(super) fn room_path(&self) -> Option<String> {
        match (self.known_room(), &self.kind) {
            (Some(room), _) => Some(room.to_string()),
            (None, Kind::Stranger { pool }) => Some(format!("pairing-{pool}?next=2")),
            _ => None,
        }
    }

    /// Whether this is a guest with a friend's link that has not met its host (no deal yet).
    pub(super) fn waits_for_host(&self) -> bool {
        self.kind == Kind::Friend
            && self.game.as_ref().is_some_and(|g| !g.is_host() && g.game().is_none() && !self.met())
    }

    /// Whether an opponent was ever met in this game (a restored game has met one).
    pub(super) fn met(&self) -> bool {
        self.game.as_ref().is_some_and(|g| g.status() != GameStatus::Waiting)
    }

    pub(super) fn socket_lost(&mut self, now: u64, fx: &mut Vec<Task>) {
        // Connections still negotiating need the server: they are lost with it.
        let negotiating: Vec<ConnId> =
            self.conns.iter().filter(|c| c.state == ConnState::Negotiating).map(|c| c.id).collect();
        for id in negotiating {
            self.remove(id, fx);
        }
        self.my_id = None;
        if !self.socket_ever_open && !self.met() {
            fx.push(Task::Disconnect);
            self.stop(Status { phase: Phase::Error, reason: Some(Reason::Unreachable) }, fx);
            return;
        }
        fx.push(Task::Disconnect);
        let wait = (1000u64 << self.retries.min(4)).min(RETRY_MAX_MS);
        self.retries = self.retries.saturating_add(1);
        self.socket = Socket::Retry { at: now + wait };
    }

    pub(super) fn server_said(&mut self, now: u64, message: FromServer, fx: &mut Vec<Task>) {
        if !matches!(self.socket, Socket::Open { .. }) {
            return;
        }
        match message {
            FromServer::IdAssigned(id) => self.my_id = Some(id),
            FromServer::NewPeer(peer) => {
                if self.waits_for_host() {
                    // Someone is in the room: the wait for an empty room starts again.
                    self.guest_waiting_since = Some(now);
                }
                if self.game.is_none()
                    && let Kind::Stranger { .. } = self.kind
                {
                    // The first of a pair hosts: a random deal and colours, a room of its own, a
                    // game of three minutes and two seconds a move.
                    let room = self.token();
                    let secret = self.token();
                    let seed = self.seed();
                    let setup = Invitation { limit: MoveLimit::STRANGER, ..Invitation::default() };
                    self.game = Some(OnlineGame::host(room.clone(), secret, setup, seed, now));
                    self.room = Some(room);
                }
                if self.game.is_some() && self.has_room_for(&peer) {
                    let conn = self.add_conn(now, peer);
                    fx.push(Task::Open { conn, offer: true });
                }
            }
            FromServer::PeerLeft(peer) => {
                if let Some((id, left)) = &mut self.opponent_peer
                    && *id == peer
                {
                    *left = true;
                }
                let gone: Vec<ConnId> = self
                    .conns
                    .iter()
                    .filter(|c| c.peer == peer && c.state == ConnState::Negotiating)
                    .map(|c| c.id)
                    .collect();
                for id in gone {
                    self.remove(id, fx);
                }
            }
            FromServer::Signal { sender, signal } => match signal {
                PeerSignal::Offer(offer) => {
                    if self.game.is_none()
                        && let Kind::Stranger { .. } = self.kind
                    {
                        // The second of a pair is the guest; the host's deal names the room.
                        let room = self.token();
                        let secret = self.token();
                        self.game = Some(OnlineGame::guest(room, secret, now));
                    }
                    if self.game.is_some() && self.has_room_for(&sender) {
                        let conn = self.add_conn(now, sender);
                        if let Some(c) = self.conn_mut(conn) {
                            c.channel.theirs = fingerprint(&offer).unwrap_or_default();
                        }
                        fx.push(Task::Open { conn, offer: false });
                        fx.push(Task::Answer { conn, offer });
                    }
                }
                PeerSignal::Answer(answer) => {
                    let negotiating = |c: &&mut Conn| c.peer == sender && c.state == ConnState::Negotiating;
                    if let Some(c) = self.conns.iter_mut().find(negotiating) {
                        c.channel.theirs = fingerprint(&answer).unwrap_or_default();
                        fx.push(Task::Accept { conn: c.id, answer });
                    }
                }
                PeerSignal::Candidate(candidate) => {
                    if candidate == "null" {
                        return;
                    }
                    if let Some(c) = self.conns.iter_mut().find(|c| c.peer == sender) {
                        if c.remote_set {
                            fx.push(Task::AddCandidate { conn: c.id, candidate });
                        } else if c.queued.len() < MAX_QUEUED_CANDIDATES {
                            c.queued.push(candidate);
                        }
                    }
                }
            },
        }
    }

    pub(super) fn has_room_for(&self, peer: &str) -> bool {
        // In a friend's room every page meets the watchers too (a guest closes their connections
        // at once, but must not run out of room for the host's meanwhile).
        let watchers = if self.kind == Kind::Friend { MAX_WATCHERS as usize } else { 0 };
        self.conns.len() < MAX_CONNECTIONS + watchers
            && !self.conns.iter().any(|c| c.peer == peer)
            && self.my_id.as_deref() != Some(peer)
    }

    pub(super) fn add_conn(&mut self, now: u64, peer: String) -> ConnId {
        let id = self.next_conn;
        self.next_conn = self.next_conn.wrapping_add(1).max(1);
        self.conns.push(Conn {
            id,
            peer,
            state: ConnState::Negotiating,
            remote_set: false,
            queued: Vec::new(),
            since: now,
            handshake: None,
            channel: Channel::default(),
            guard: Guard::new(now),
            told: None,
        });
        id
    }

    pub(super) fn conn(&self, id: ConnId) -> Option<&Conn> {
        self.conns.iter().find(|c| c.id == id)
    }

    pub(super) fn conn_mut(&mut self, id: ConnId) -> Option<&mut Conn> {
        self.conns.iter_mut().find(|c| c.id == id)
    }

    pub(super) fn attached(&self) -> Option<ConnId> {
        self.conns.iter().find(|c| c.state == ConnState::Attached).map(|c| c.id)
    }

    /// Closes a connection; if it carried the game, the opponent is away.
    pub(super) fn remove(&mut self, id: ConnId, fx: &mut Vec<Task>) -> bool {
        let Some(at) = self.conns.iter().position(|c| c.id == id) else { return false };
        let conn = self.conns.remove(at);
        fx.push(Task::Close { conn: id });
        conn.state == ConnState::Attached
    }
}
