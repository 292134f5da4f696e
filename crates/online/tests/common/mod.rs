//! A simulated matchbox server and data channels between netplays, for the netplay's tests.
#![allow(dead_code)]

use onitama_online::bridge::{Command, Phase, Report, Status};
use onitama_online::netplay::{ConnId, FromServer, Input, Netplay, PeerSignal, Task};
use std::collections::{HashMap, HashSet, VecDeque};

pub const SERVER: &str = "ws://127.0.0.1:3536";

pub struct Side {
    pub netplay: Netplay,
    pub events: Vec<Report>,
    /// Its websocket: the room path and its server id.
    pub socket: Option<(String, String)>,
    pub keepalives: u32,
    pub connects: Vec<String>,
}

/// Several netplays, a server and the channels between them.
pub struct Net {
    pub sides: Vec<Side>,
    pub now: u64,
    pub server_up: bool,
    pub next_id: u32,
    /// (side, conn) ↔ (side, conn), once the offer was answered and the answer set.
    pub links: HashMap<(usize, ConnId), (usize, ConnId)>,
    /// Answers waiting for the offerer: (offerer side, conn) → (answerer side, conn).
    pub answered: HashMap<(usize, ConnId), (usize, ConnId)>,
    pub queue: VecDeque<(usize, Input)>,
    /// Texts the test sent on a channel by hand, and what the netplays sent on them.
    pub sent: Vec<(usize, ConnId, String)>,
    /// Each text that reached another side: from, to, the text.
    pub delivered: Vec<(usize, usize, String)>,
    /// Whether the server's `next=2` rooms have a player waiting.
    pub pairing: HashMap<String, Option<usize>>,
    /// The connections each side has open (made and not closed).
    pub open: Vec<HashSet<ConnId>>,
}

pub fn entropy(seed: u64) -> Box<dyn FnMut() -> [u8; 16]> {
    let mut state = seed;
    Box::new(move || {
        let mut bytes = [0u8; 16];
        for b in &mut bytes {
            state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            *b = (state >> 56) as u8;
        }
        bytes
    })
}

impl Net {
    pub fn new(count: usize) -> Net {
        Net {
            sides: (0..count)
                .map(|i| Side {
                    netplay: Netplay::new(Some(SERVER.to_string()), entropy(i as u64 + 1)),
                    events: Vec::new(),
                    socket: None,
                    keepalives: 0,
                    connects: Vec::new(),
                })
                .collect(),
            now: 1_000_000,
            server_up: true,
            next_id: 0,
            links: HashMap::new(),
            answered: HashMap::new(),
            queue: VecDeque::new(),
            sent: Vec::new(),
            delivered: Vec::new(),
            pairing: HashMap::new(),
            open: vec![HashSet::new(); count],
        }
    }

    pub fn command(&mut self, side: usize, line: &str) {
        let command = Command::decode(line).unwrap();
        self.queue.push_back((side, Input::Command(command)));
        self.settle();
    }

    /// Handles one input waiting, if any; `false` when none waits.
    pub fn step_once(&mut self) -> bool {
        let Some((side, input)) = self.queue.pop_front() else { return false };
        let effects = self.sides[side].netplay.step(self.now, input);
        for effect in effects {
            self.perform(side, effect);
        }
        true
    }

    /// The server stops: every websocket closes.
    pub fn server_down(&mut self) {
        self.server_up = false;
        for side in 0..self.sides.len() {
            if self.sides[side].socket.is_some() {
                self.leave_socket(side);
                self.queue.push_back((side, Input::SocketClosed));
            }
        }
    }

    pub fn settle(&mut self) {
        let mut steps = 0;
        while let Some((side, input)) = self.queue.pop_front() {
            steps += 1;
            assert!(steps < 10_000, "the netplays never settle");
            let effects = self.sides[side].netplay.step(self.now, input);
            for effect in effects {
                self.perform(side, effect);
            }
        }
    }

    pub fn members(&self, path: &str) -> Vec<(usize, String)> {
        self.sides
            .iter()
            .enumerate()
            .filter_map(|(i, s)| s.socket.as_ref().filter(|(p, _)| p == path).map(|(_, id)| (i, id.clone())))
            .collect()
    }

    pub fn side_of(&self, id: &str) -> Option<usize> {
        self.sides.iter().position(|s| s.socket.as_ref().is_some_and(|(_, i)| i == id))
    }

    pub fn leave_socket(&mut self, side: usize) {
        if let Some((path, id)) = self.sides[side].socket.take() {
            for (other, _) in self.members(&path) {
                self.queue.push_back((other, Input::Server(FromServer::PeerLeft(id.clone()))));
            }
        }
    }

    pub fn close_link(&mut self, side: usize, conn: ConnId) {
        if let Some(other) = self.links.remove(&(side, conn)) {
            self.links.remove(&other);
            self.queue.push_back((other.0, Input::ChannelClosed { conn: other.1 }));
        }
        self.answered.remove(&(side, conn));
    }

    pub fn perform(&mut self, side: usize, effect: Task) {
        match effect {
            Task::Connect { url } => {
                self.sides[side].connects.push(url.clone());
                self.leave_socket(side);
                if !self.server_up {
                    self.queue.push_back((side, Input::SocketClosed));
                    return;
                }
                let path = url.strip_prefix(&format!("{SERVER}/")).unwrap().to_string();
                self.next_id += 1;
                let id = format!("peer-{:02}", self.next_id);
                self.queue.push_back((side, Input::SocketOpened));
                self.queue.push_back((side, Input::Server(FromServer::IdAssigned(id.clone()))));
                let introduced: Vec<usize> = if path.ends_with("?next=2") {
                    match self.pairing.get(&path).cloned().flatten() {
                        Some(waiting) if self.sides[waiting].socket.as_ref().is_some_and(|(p, _)| *p == path) => {
                            self.pairing.insert(path.clone(), None);
                            vec![waiting]
                        }
                        _ => {
                            self.pairing.insert(path.clone(), Some(side));
                            vec![]
                        }
                    }
                } else {
                    self.members(&path).into_iter().map(|(i, _)| i).collect()
                };
                // A pairing room starts afresh: its pair is not introduced to anyone after.
                let path_kept = if path.ends_with("?next=2") && !introduced.is_empty() {
                    format!("{path}#paired-{id}")
                } else {
                    path.clone()
                };
                for other in introduced {
                    self.queue.push_back((other, Input::Server(FromServer::NewPeer(id.clone()))));
                    if path_kept != path {
                        self.sides[other].socket.as_mut().unwrap().0 = path_kept.clone();
                    }
                }
                self.sides[side].socket = Some((path_kept, id));
            }
            Task::Disconnect => self.leave_socket(side),
            Task::KeepAlive => self.sides[side].keepalives += 1,
            Task::Signal { to, signal } => {
                // A websocket already closed sends nothing (the netplay hears of the close after).
                let Some(from) = self.sides[side].socket.as_ref().map(|(_, id)| id.clone()) else { return };
                if let Some(target) = self.side_of(&to) {
                    self.queue.push_back((target, Input::Server(FromServer::Signal { sender: from, signal })));
                }
            }
            Task::Open { conn, offer } => {
                self.open[side].insert(conn);
                if offer {
                    // Each end's own certificate, as a real description names it.
                    let signal =
                        PeerSignal::Offer(format!("offer {side} {conn}\na=fingerprint:sha-256 S{side}C{conn}"));
                    self.queue.push_back((side, Input::Described { conn, signal }));
                    let candidate = PeerSignal::Candidate(format!("{{\"candidate\":\"c{side}\"}}"));
                    self.queue.push_back((side, Input::Described { conn, signal: candidate }));
                }
            }
            Task::Answer { conn, offer } => {
                let first = offer.lines().next().unwrap();
                let mut words = first.split(' ').skip(1).map(|w| w.parse::<u32>().unwrap());
                let (them, their_conn) = (words.next().unwrap() as usize, words.next().unwrap());
                self.answered.insert((them, their_conn), (side, conn));
                self.queue.push_back((side, Input::RemoteSet { conn }));
                let signal = PeerSignal::Answer(format!("answer {side} {conn}\na=fingerprint:sha-256 S{side}C{conn}"));
                self.queue.push_back((side, Input::Described { conn, signal }));
            }
            Task::Accept { conn, .. } => {
                self.queue.push_back((side, Input::RemoteSet { conn }));
                if let Some(other) = self.answered.remove(&(side, conn)) {
                    self.links.insert((side, conn), other);
                    self.links.insert(other, (side, conn));
                    self.queue.push_back((side, Input::ChannelOpened { conn }));
                    self.queue.push_back((other.0, Input::ChannelOpened { conn: other.1 }));
                }
            }
            Task::AddCandidate { .. } => {}
            Task::Send { conn, text } => {
                self.sent.push((side, conn, text.clone()));
                if let Some(&(other, their_conn)) = self.links.get(&(side, conn)) {
                    self.delivered.push((side, other, text.clone()));
                    self.queue.push_back((other, Input::ChannelText { conn: their_conn, text }));
                }
            }
            Task::Close { conn } => {
                self.open[side].remove(&conn);
                self.close_link(side, conn);
            }
            Task::Emit(event) => {
                // Every event is one line that reads back.
                assert_eq!(Report::decode(&event.encode()).as_ref(), Ok(&event), "{event}");
                self.sides[side].events.push(event);
            }
        }
    }

    pub fn wait(&mut self, ms: u64) {
        let end = self.now + ms;
        while self.now < end {
            self.now = (self.now + 500).min(end);
            for side in 0..self.sides.len() {
                self.queue.push_back((side, Input::Tick));
            }
            self.settle();
        }
    }

    pub fn status(&self, side: usize) -> Option<Status> {
        self.sides[side].events.iter().rev().find_map(|e| if let Report::Status(s) = e { Some(*s) } else { None })
    }

    pub fn phase(&self, side: usize) -> Option<Phase> {
        self.status(side).map(|s| s.phase)
    }

    pub fn record_len(&self, side: usize) -> usize {
        self.sides[side].netplay.game().and_then(|g| g.game()).map_or(0, |g| g.moves().len())
    }

    /// Plays a legal move for whichever of the two sides is to move.
    pub fn play_one(&mut self, a: usize, b: usize) {
        let game = self.sides[a].netplay.game().unwrap();
        let to_move = game.game().unwrap().position().to_move();
        let mover = if game.you() == to_move { a } else { b };
        let mv = self.sides[mover].netplay.game().unwrap().game().unwrap().legal_moves()[0];
        self.command(mover, &format!("play {mv}"));
    }

    pub fn room(&self, side: usize) -> String {
        self.sides[side]
            .events
            .iter()
            .find_map(|e| if let Report::Room(r) = e { Some(r.to_string()) } else { None })
            .unwrap()
    }

    pub fn attached_conn(&self, side: usize) -> ConnId {
        // The conn the netplay last sent a game message on.
        self.sent.iter().rev().find(|(s, _, _)| *s == side).map(|(_, c, _)| *c).unwrap()
    }
}
