//! Everything the online module decides, in one state machine: which signalling room to be in,
//! when to give up on the server or try it again, whom to offer a connection, which data
//! channel carries the game, who may take it over, and what to tell the page. The browser shell
//! turns WebSocket, WebRTC and timer callbacks into [`Input`]s with the time and performs the
//! [`Task`]s; it decides nothing.
//!
//! The signalling server is `matchbox_server` (protocol 0.15): it assigns each websocket an id,
//! tells the peers already in a room about a newcomer (`NewPeer`, and they make the offer), and
//! relays signals. A `?next=2` room pairs the next two players.

use crate::bridge::{Command, Phase, Reason, Report, Status, random_token};
use crate::game::OnlineGame;
use crate::guard::Guard;
use crate::protocol::{Refusal, Token};
use crate::seat::{Channel, Handshake, fingerprint};
use onitama_core::rules::{Color, Game, Outcome};

mod peers;
mod signalling;
mod spectators;
mod telling;

/// The server must answer within this long, or it is unreachable (ms).
pub const CONNECT_TIMEOUT_MS: u64 = 5000;
/// A keepalive to the server this often, so that proxies keep an idle websocket (ms).
pub const KEEPALIVE_MS: u64 = 10_000;
/// The longest wait before trying the server again (ms); the first retry comes after 1 s.
pub const RETRY_MAX_MS: u64 = 10_000;
/// A connection that does not open, or opens and says no hello, within this long is closed (ms).
pub const HANDSHAKE_TIMEOUT_MS: u64 = 15_000;
/// With the opponent away this long and no connection being made, rejoin the room (ms).
pub const REJOIN_AFTER_MS: u64 = 20_000;
/// A guest with a friend's link waits this long in the room for the host to answer before it is
/// told that its friend's page is not open (ms). The host, in the room while it waits or plays,
/// answers a newcomer within a second or two if its page runs; a page in the background (the
/// link shared from a messaging app, a phone asleep) answers only when it runs again, and the
/// guest goes on waiting for it in the room.
pub const HOST_ANSWER_MS: u64 = 12_000;
/// A guest with a friend's link gives up after this long in the room with nobody there to answer
/// (no peer introduced by the server): the game is over or the link has expired (ms).
pub const LINK_EXPIRY_MS: u64 = 120_000;
/// Rejoins of the room at most this often (ms).
pub const MIN_REJOIN_GAP_MS: u64 = 3000;
/// Peer connections at once (the opponent's, a reconnect's, and room for an intruder or two);
/// a host that lets friends watch has room for [`crate::protocol::MAX_WATCHERS`] more.
pub const MAX_CONNECTIONS: usize = 4;
/// ICE candidates kept for a connection whose remote description is not set yet.
pub const MAX_QUEUED_CANDIDATES: usize = 64;

/// One peer connection, as the shell numbers it.
pub type ConnId = u32;

/// What goes between two peers through the server (matchbox_socket's `PeerSignal`).
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum PeerSignal {
    Offer(String),
    Answer(String),
    /// An ICE candidate as `RTCIceCandidate.toJSON()` in JSON text; `"null"` ends them.
    Candidate(String),
}

/// What the server said, as the shell read it from its JSON.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum FromServer {
    IdAssigned(String),
    NewPeer(String),
    PeerLeft(String),
    Signal { sender: String, signal: PeerSignal },
}

/// What happened, as the shell tells it.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Input {
    Command(Command),
    /// A command line that did not read.
    BadCommand(Refusal),
    SocketOpened,
    /// The websocket closed or failed (before or after it opened).
    SocketClosed,
    Server(FromServer),
    /// A local description or candidate of this connection is ready to be sent.
    Described {
        conn: ConnId,
        signal: PeerSignal,
    },
    /// The remote description of this connection is set: candidates may be added.
    RemoteSet {
        conn: ConnId,
    },
    ChannelOpened {
        conn: ConnId,
    },
    ChannelClosed {
        conn: ConnId,
    },
    ChannelText {
        conn: ConnId,
        text: String,
    },
    /// The connection failed (negotiation refused, ICE failed, or the browser has no WebRTC).
    ConnectionFailed {
        conn: ConnId,
    },
    /// The clock moved on (the shell ticks about twice a second).
    Tick,
    /// The browser could not make a peer connection at all.
    NoWebRtc,
}

/// What the shell must do.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Task {
    /// Open a websocket to this URL (closing any other).
    Connect {
        url: String,
    },
    /// Close the websocket.
    Disconnect,
    /// Send `"KeepAlive"` to the server.
    KeepAlive,
    /// Send `{"Signal":{"receiver":to,"data":signal}}` to the server.
    Signal {
        to: String,
        signal: PeerSignal,
    },
    /// A new peer connection with the game's data channel (negotiated, id 0, ordered, reliable);
    /// when `offer`, make the offer (and report it with [`Input::Described`]).
    Open {
        conn: ConnId,
        offer: bool,
    },
    /// Set the peer's offer, then answer it.
    Answer {
        conn: ConnId,
        offer: String,
    },
    /// Set the peer's answer.
    Accept {
        conn: ConnId,
        answer: String,
    },
    AddCandidate {
        conn: ConnId,
        candidate: String,
    },
    /// Send this line on the connection's data channel.
    Send {
        conn: ConnId,
        text: String,
    },
    /// Close the connection (after what was sent on it has gone).
    Close {
        conn: ConnId,
    },
    /// Tell the page.
    Emit(Report),
}

#[derive(Clone, PartialEq, Eq, Debug)]
enum Kind {
    Idle,
    /// A friend's room (created, joined or restored).
    Friend,
    /// The pairing room of a card pool, until paired.
    Stranger {
        pool: Token,
    },
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Socket {
    Closed,
    Connecting {
        since: u64,
    },
    Open {
        keepalive_at: u64,
    },
    /// Down; try again then.
    Retry {
        at: u64,
    },
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum ConnState {
    /// Offer and answer on their way.
    Negotiating,
    /// Open while another carries the game: it must prove the opponent's seat to take over.
    Pending,
    /// The game's connection.
    Attached,
    /// The host's connection to a spectator.
    Spectator,
}

#[derive(Clone, Debug)]
struct Conn {
    id: ConnId,
    peer: String,
    state: ConnState,
    remote_set: bool,
    queued: Vec<String>,
    since: u64,
    /// A pending connection's handshake.
    handshake: Option<Handshake>,
    /// The connection's two ends, from the descriptions: seat proofs are bound to them.
    channel: Channel,
    /// A watcher's: the watch over what it sends, and what it was last told (the count of
    /// watchers, the game as watchers see it).
    guard: Guard,
    told: Option<(u32, Option<crate::game::SpectatorView>)>,
}

/// What the page was last told, to tell it only what changed.
#[derive(Clone, Debug, Default, PartialEq)]
struct View {
    status: Option<Status>,
    room: Option<Token>,
    game: Option<(Token, Game)>,
    outcome: Option<Outcome>,
    offers: (Option<Color>, Option<Color>),
    can_claim: bool,
    draw_wait: bool,
    clock: Option<(Color, u32)>,
    /// The game clocks as told, and their whole seconds then (told again when those change).
    clocks: Option<(Option<crate::game::Clocks>, [u64; 2])>,
    opponent: bool,
    phrases: Option<crate::bridge::PhraseState>,
    saved: Option<String>,
    abort: Option<crate::game::AbortState>,
    takeback: Option<crate::game::TakebackState>,
    watchers: u32,
}

/// The online module's state.
pub struct Netplay {
    server: Option<String>,
    entropy: Box<dyn FnMut() -> [u8; 16]>,
    kind: Kind,
    game: Option<OnlineGame>,
    /// The friend's room, or the stranger game's room once dealt.
    room: Option<Token>,
    socket: Socket,
    /// The room path the websocket is (or was last) in.
    socket_path: Option<String>,
    socket_ever_open: bool,
    retries: u32,
    my_id: Option<String>,
    /// The server id of the peer whose connection last carried the game, and whether it left.
    opponent_peer: Option<(String, bool)>,
    away_since: u64,
    last_rejoin: Option<u64>,
    conns: Vec<Conn>,
    next_conn: ConnId,
    /// Why the netplay stopped (an error, or the player left).
    stopped: Option<Status>,
    /// Since when a guest with a friend's link has been in the room, waiting for its host (since
    /// the last peer the server introduced, if one came and went).
    guest_waiting_since: Option<u64>,
    /// That guest has waited [`HOST_ANSWER_MS`]: its friend's page is not open.
    host_late: bool,
    /// The host's connection to the guest, and the count of watchers it was told on it.
    guest_told: Option<(ConnId, u32)>,
    view: View,
}

impl Netplay {
    /// `server`: the signalling server's URL (`ws://…` or `wss://…`), or none configured;
    /// `entropy`: 16 random bytes a call, from the system's secure source (room ids, secrets).
    pub fn new(server: Option<String>, entropy: Box<dyn FnMut() -> [u8; 16]>) -> Netplay {
        let server = server.map(|s| s.trim_end_matches('/').to_string()).filter(|s| !s.is_empty());
        Netplay {
            server,
            entropy,
            kind: Kind::Idle,
            game: None,
            room: None,
            socket: Socket::Closed,
            socket_path: None,
            socket_ever_open: false,
            retries: 0,
            my_id: None,
            opponent_peer: None,
            away_since: 0,
            last_rejoin: None,
            conns: Vec::new(),
            next_conn: 1,
            stopped: None,
            guest_waiting_since: None,
            host_late: false,
            guest_told: None,
            view: View::default(),
        }
    }

    pub fn game(&self) -> Option<&OnlineGame> {
        self.game.as_ref()
    }

    /// One step: what happened at `now` (ms, a clock that survives reloads, like `Date.now()`).
    pub fn step(&mut self, now: u64, input: Input) -> Vec<Task> {
        let mut fx = Vec::new();
        match input {
            Input::Command(command) => self.command(now, command, &mut fx),
            Input::BadCommand(refusal) => fx.push(Task::Emit(Report::Denied(Reason::Rule(refusal)))),
            Input::SocketOpened => {
                if let Socket::Connecting { .. } = self.socket {
                    if self.guest_waiting_since.is_none() && self.waits_for_host() {
                        self.guest_waiting_since = Some(now);
                    }
                    self.socket = Socket::Open { keepalive_at: now + KEEPALIVE_MS };
                    self.socket_ever_open = true;
                    self.retries = 0;
                }
            }
            Input::SocketClosed => {
                if matches!(self.socket, Socket::Connecting { .. } | Socket::Open { .. }) {
                    self.socket_lost(now, &mut fx);
                }
            }
            Input::Server(message) => self.server_said(now, message, &mut fx),
            Input::Described { conn, signal } => {
                if let (Some(c), PeerSignal::Offer(sdp) | PeerSignal::Answer(sdp)) = (self.conn_mut(conn), &signal) {
                    c.channel.mine = fingerprint(sdp).unwrap_or_default();
                }
                if let Some(c) = self.conn(conn)
                    && matches!(self.socket, Socket::Open { .. })
                {
                    fx.push(Task::Signal { to: c.peer.clone(), signal });
                }
            }
            Input::RemoteSet { conn } => {
                if let Some(c) = self.conn_mut(conn) {
                    c.remote_set = true;
                    let queued = std::mem::take(&mut c.queued);
                    fx.extend(queued.into_iter().map(|candidate| Task::AddCandidate { conn, candidate }));
                }
            }
            Input::ChannelOpened { conn } => self.channel_opened(now, conn, &mut fx),
            Input::ChannelClosed { conn } | Input::ConnectionFailed { conn } => self.conn_lost(now, conn, &mut fx),
            Input::ChannelText { conn, text } => self.channel_text(now, conn, &text, &mut fx),
            Input::Tick => self.tick(now, &mut fx),
            Input::NoWebRtc => {
                if self.kind != Kind::Idle {
                    self.stop(Status { phase: Phase::Error, reason: Some(Reason::NoWebRtc) }, &mut fx);
                }
            }
        }
        self.tell_spectators(now, &mut fx);
        self.tell(now, &mut fx);
        fx
    }

    // ---- the page's commands ----

    fn command(&mut self, now: u64, command: Command, fx: &mut Vec<Task>) {
        let starting =
            matches!(command, Command::Create(_) | Command::Join(_) | Command::Find(_) | Command::Restore(_));
        if starting {
            if self.kind != Kind::Idle {
                fx.push(Task::Emit(Report::Denied(Reason::Busy)));
                return;
            }
            if self.server.is_none() {
                self.stop(Status { phase: Phase::Error, reason: Some(Reason::NoServer) }, fx);
                return;
            }
            self.stopped = None;
            self.guest_waiting_since = None;
            self.host_late = false;
            self.socket_ever_open = false;
            self.retries = 0;
        }
        match command {
            Command::Create(setup) => {
                let room = self.token();
                let secret = self.token();
                let seed = self.seed();
                self.game = Some(OnlineGame::host(room.clone(), secret, setup, seed, now));
                self.start_friend(now, room, fx);
            }
            Command::Join(room) => {
                let secret = self.token();
                self.game = Some(OnlineGame::guest(room.clone(), secret, now));
                self.start_friend(now, room, fx);
            }
            Command::Restore(saved) => {
                let game = OnlineGame::restore(*saved, now);
                let room = room_of(&game);
                self.game = Some(game);
                self.start_friend(now, room, fx);
            }
            Command::Find(pool) => {
                self.kind = Kind::Stranger { pool: pool.clone() };
                self.game = None;
                self.room = None;
                self.connect(now, format!("pairing-{pool}?next=2"), fx);
            }
            Command::Leave => {
                if self.kind == Kind::Idle {
                    fx.push(Task::Emit(Report::Denied(Reason::NoGame)));
                } else {
                    if self.attached().is_some()
                        && let Some(game) = self.game.as_mut()
                    {
                        let outputs = game.leave();
                        self.perform(now, outputs, fx);
                    }
                    self.farewell_spectators(now, fx);
                    self.stop(Status { phase: Phase::Ended, reason: Some(Reason::Left) }, fx);
                }
            }
            // The words are the host's (the page's side of the module); the netplay has none.
            Command::Lang(_) => {}
            action => self.act(now, action, fx),
        }
    }

    fn start_friend(&mut self, now: u64, room: Token, fx: &mut Vec<Task>) {
        self.kind = Kind::Friend;
        self.room = Some(room.clone());
        self.connect(now, room.to_string(), fx);
    }

    /// Whether this player may claim the game now. Against an absent opponent, only while this
    /// page is in the room on the server: a page that cannot reach the server either cannot
    /// tell whether the opponent left or its own connection failed.
    fn may_claim(&self, now: u64) -> bool {
        let socket_open = matches!(self.socket, Socket::Open { .. });
        self.game.as_ref().is_some_and(|g| g.can_claim(now) && (g.opponent_connected() || socket_open))
    }

    /// The player's action in the game.
    fn act(&mut self, now: u64, action: Command, fx: &mut Vec<Task>) {
        let socket_open = matches!(self.socket, Socket::Open { .. });
        let Some(game) = self.game.as_mut().filter(|_| self.kind != Kind::Idle) else {
            fx.push(Task::Emit(Report::Denied(Reason::NoGame)));
            return;
        };
        if game.is_spectator() {
            fx.push(Task::Emit(Report::Denied(Reason::Rule(Refusal::Watcher))));
            return;
        }
        if action == Command::Claim && !game.opponent_connected() && !socket_open {
            fx.push(Task::Emit(Report::Denied(Reason::Unreachable)));
            return;
        }
        let result = match action {
            Command::Play(mv) => game.play(now, mv),
            Command::Resign => game.resign(),
            Command::OfferDraw => game.offer_draw(),
            Command::AcceptDraw => game.accept_draw(),
            Command::DeclineDraw => game.decline_draw(),
            Command::Claim => game.claim(now),
            Command::OfferRematch => game.offer_rematch(),
            Command::AcceptRematch => game.accept_rematch(now),
            Command::DeclineRematch => game.decline_rematch(),
            Command::WithdrawRematch => game.withdraw_rematch(),
            Command::Say(phrase) => game.say(now, phrase),
            Command::ShowPhrases(shown) => Ok(game.show_phrases(shown)),
            Command::Abort => game.abort(),
            Command::Takeback => game.ask_takeback(now),
            Command::AcceptTakeback => game.answer_takeback(now, true),
            Command::DeclineTakeback => game.answer_takeback(now, false),
            _ => Ok(Vec::new()),
        };
        match result {
            Ok(outputs) => self.perform(now, outputs, fx),
            Err(refusal) => fx.push(Task::Emit(Report::Denied(refusal.into()))),
        }
    }

    fn token(&mut self) -> Token {
        random_token((self.entropy)())
    }

    fn seed(&mut self) -> u64 {
        let bytes = (self.entropy)();
        u64::from_le_bytes([bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7]])
    }

    /// Ends the netplay: every connection closed, the page told why.
    fn stop(&mut self, why: Status, fx: &mut Vec<Task>) {
        for conn in self.conns.drain(..) {
            fx.push(Task::Close { conn: conn.id });
        }
        if self.socket != Socket::Closed {
            fx.push(Task::Disconnect);
        }
        self.socket = Socket::Closed;
        self.socket_path = None;
        self.kind = Kind::Idle;
        self.game = None;
        self.room = None;
        self.my_id = None;
        self.opponent_peer = None;
        self.stopped = Some(why);
    }
}

/// The room of a game: its id without the round (`<room>.<round>`), else the room it was made in.
fn room_of(game: &OnlineGame) -> Token {
    let saved_room = || game.saved().room;
    match game.game_id().and_then(|id| id.as_str().rsplit_once('.')) {
        Some((room, _)) => Token::new(room).unwrap_or_else(saved_room),
        None => saved_room(),
    }
}
