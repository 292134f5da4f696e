//! The browser shell: turns WebSocket, WebRTC and timer callbacks into the netplay's inputs and
//! performs its effects. It decides nothing, and nothing in it panics: every failure of the
//! browser becomes an input (the socket closed, the connection failed) the netplay decides on.

use js_sys::{Array, Function, JSON, Object, Reflect};
use onitama_online::bridge::Command;
use onitama_online::host::{Host, Lang, ToPage};
use onitama_online::netplay::{ConnId, FromServer, Input, Netplay, PeerSignal, Task};
use std::cell::{Cell, RefCell};
use std::collections::VecDeque;
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;
use web_sys::{
    MessageEvent, RtcConfiguration, RtcDataChannel, RtcDataChannelInit, RtcDataChannelState, RtcIceCandidateInit,
    RtcPeerConnection, RtcPeerConnectionIceEvent, RtcPeerConnectionState, RtcSdpType, RtcSessionDescriptionInit,
    WebSocket,
};

/// How often the netplay hears the clock (ms).
const TICK_MS: i32 = 500;
/// The game's data channel: negotiated by both sides with this id, so no in-band announcement.
const CHANNEL_ID: u16 = 0;
/// A closed connection's peer connection is ended this long after its channel, so that what was
/// sent last (a refusal) still goes out (ms).
const CLOSE_DELAY_MS: i32 = 1000;

type Handler = Closure<dyn FnMut(JsValue)>;

struct Socket {
    ws: WebSocket,
    _handlers: Vec<Handler>,
}

impl Socket {
    fn close(self) {
        self.ws.set_onopen(None);
        self.ws.set_onclose(None);
        self.ws.set_onerror(None);
        self.ws.set_onmessage(None);
        let _ = self.ws.close();
    }
}

struct Conn {
    id: ConnId,
    pc: RtcPeerConnection,
    dc: RtcDataChannel,
    _handlers: Vec<Handler>,
}

impl Conn {
    fn close(self) {
        self.dc.set_onopen(None);
        self.dc.set_onclose(None);
        self.dc.set_onmessage(None);
        self.pc.set_onicecandidate(None);
        self.pc.set_onconnectionstatechange(None);
        self.dc.close();
        let pc = self.pc;
        let end = Closure::once_into_js(move || pc.close());
        if let Some(window) = web_sys::window() {
            let _ = window.set_timeout_with_callback_and_timeout_and_arguments_0(end.unchecked_ref(), CLOSE_DELAY_MS);
        }
    }
}

struct Shell {
    netplay: Netplay,
    on_event: Function,
    rtc_config: JsValue,
    socket: Option<Socket>,
    conns: Vec<Conn>,
    tick_id: i32,
    _tick: Closure<dyn FnMut()>,
    /// Swallows the rejection of a promise whose failure changes nothing (an ICE candidate).
    ignore: Handler,
    /// Started by the page (`host: true`): the page hears its own lines (`onitama_online::host`),
    /// words and buttons included, instead of the bridge's events.
    host: Option<Host>,
}

thread_local! {
    static SHELL: RefCell<Option<Shell>> = const { RefCell::new(None) };
    static QUEUE: RefCell<VecDeque<Input>> = const { RefCell::new(VecDeque::new()) };
    static BUSY: Cell<bool> = const { Cell::new(false) };
    /// Counts the module's starts: a promise of an earlier one that settles late is ignored (its
    /// connection's number may belong to another connection by then).
    static GENERATION: Cell<u32> = const { Cell::new(0) };
}

fn now() -> u64 {
    js_sys::Date::now().max(0.0) as u64
}

/// Hands an input to the netplay and performs what it says. An input that arrives while one is
/// being handled (the page's callback sending a command) waits its turn.
fn feed(input: Input) {
    QUEUE.with(|q| q.borrow_mut().push_back(input));
    if BUSY.with(Cell::get) {
        return;
    }
    BUSY.with(|b| b.set(true));
    while let Some(input) = QUEUE.with(|q| q.borrow_mut().pop_front()) {
        let effects = SHELL.with(|s| match s.try_borrow_mut() {
            Ok(mut shell) => shell.as_mut().map(|shell| shell.netplay.step(now(), input)).unwrap_or_default(),
            Err(_) => Vec::new(),
        });
        for effect in effects {
            perform(effect);
        }
    }
    BUSY.with(|b| b.set(false));
}

fn with_shell<R>(f: impl FnOnce(&mut Shell) -> R) -> Option<R> {
    SHELL.with(|s| s.try_borrow_mut().ok().and_then(|mut shell| shell.as_mut().map(f)))
}

fn perform(effect: Task) {
    match effect {
        Task::Emit(event) => {
            let told = with_shell(|shell| {
                let lines = match shell.host.as_mut() {
                    Some(host) => host.event(&event).iter().map(ToPage::encode).collect(),
                    None => vec![event.encode()],
                };
                (shell.on_event.clone(), lines)
            });
            if let Some((callback, lines)) = told {
                tell(&callback, &lines);
            }
        }
        Task::Connect { url } => {
            with_shell(|shell| {
                if let Some(old) = shell.socket.take() {
                    old.close();
                }
                shell.socket = open_socket(&url);
            });
        }
        Task::Disconnect => {
            with_shell(|shell| {
                if let Some(old) = shell.socket.take() {
                    old.close();
                }
            });
        }
        Task::KeepAlive => {
            with_shell(|shell| shell.send_to_server("\"KeepAlive\""));
        }
        Task::Signal { to, signal } => {
            let (key, value) = match signal {
                PeerSignal::Offer(sdp) => ("Offer", sdp),
                PeerSignal::Answer(sdp) => ("Answer", sdp),
                PeerSignal::Candidate(json) => ("IceCandidate", json),
            };
            let data = object(&[(key, JsValue::from_str(&value))]);
            let signal = object(&[("receiver", JsValue::from_str(&to)), ("data", data)]);
            let message = object(&[("Signal", signal)]);
            if let Some(text) = JSON::stringify(&message).ok().and_then(|t| t.as_string()) {
                with_shell(|shell| shell.send_to_server(&text));
            }
        }
        Task::Open { conn, offer } => {
            let opened = with_shell(|shell| {
                let made = open_conn(conn, &shell.rtc_config);
                let made = made.map(|c| {
                    if offer {
                        make_offer(&c.pc, conn);
                    }
                    shell.conns.push(c);
                });
                made.is_some()
            });
            if opened == Some(false) {
                feed(Input::NoWebRtc);
            }
        }
        Task::Answer { conn, offer } => {
            with_shell(|shell| {
                if let Some(c) = shell.conns.iter().find(|c| c.id == conn) {
                    answer(&c.pc, conn, &offer);
                }
            });
        }
        Task::Accept { conn, answer } => {
            with_shell(|shell| {
                if let Some(c) = shell.conns.iter().find(|c| c.id == conn) {
                    let description = RtcSessionDescriptionInit::new(RtcSdpType::Answer);
                    description.set_sdp(&answer);
                    let promise = c.pc.set_remote_description(&description);
                    on_settled(&promise, move |_| feed(Input::RemoteSet { conn }), move || failed(conn));
                }
            });
        }
        Task::AddCandidate { conn, candidate } => {
            with_shell(|shell| {
                let Some(c) = shell.conns.iter().find(|c| c.id == conn) else { return };
                let Ok(init) = JSON::parse(&candidate) else { return };
                if !init.is_object() {
                    return;
                }
                let promise = c.pc.add_ice_candidate_with_opt_rtc_ice_candidate_init(Some(
                    init.unchecked_ref::<RtcIceCandidateInit>(),
                ));
                if let Ok(catch) = Reflect::get(&promise, &JsValue::from_str("catch"))
                    && let Some(catch) = catch.dyn_ref::<Function>()
                {
                    let _ = catch.call1(&promise, shell.ignore.as_ref());
                }
            });
        }
        Task::Send { conn, text } => {
            with_shell(|shell| {
                if let Some(c) = shell.conns.iter().find(|c| c.id == conn)
                    && c.dc.ready_state() == RtcDataChannelState::Open
                {
                    let _ = c.dc.send_with_str(&text);
                }
            });
        }
        Task::Close { conn } => {
            with_shell(|shell| {
                if let Some(at) = shell.conns.iter().position(|c| c.id == conn) {
                    shell.conns.remove(at).close();
                }
            });
        }
    }
}

impl Shell {
    fn send_to_server(&self, text: &str) {
        if let Some(socket) = &self.socket
            && socket.ws.ready_state() == WebSocket::OPEN
        {
            let _ = socket.ws.send_with_str(text);
        }
    }
}

fn object(fields: &[(&str, JsValue)]) -> JsValue {
    let object = Object::new();
    for (key, value) in fields {
        let _ = Reflect::set(&object, &JsValue::from_str(key), value);
    }
    object.into()
}

fn handler(f: impl FnMut(JsValue) + 'static) -> Handler {
    Closure::wrap(Box::new(f) as Box<dyn FnMut(JsValue)>)
}

fn open_socket(url: &str) -> Option<Socket> {
    let Ok(ws) = WebSocket::new(url) else {
        // A bad URL, or one the page's Content-Security-Policy forbids: as if it closed.
        feed(Input::SocketClosed);
        return None;
    };
    let opened = handler(|_| feed(Input::SocketOpened));
    let closed = handler(|_| feed(Input::SocketClosed));
    let message = handler(|event: JsValue| {
        let text = event.dyn_ref::<MessageEvent>().and_then(|e| e.data().as_string());
        if let Some(message) = text.as_deref().and_then(read_server) {
            feed(Input::Server(message));
        }
    });
    ws.set_onopen(Some(opened.as_ref().unchecked_ref()));
    ws.set_onclose(Some(closed.as_ref().unchecked_ref()));
    ws.set_onerror(Some(closed.as_ref().unchecked_ref()));
    ws.set_onmessage(Some(message.as_ref().unchecked_ref()));
    Some(Socket { ws, _handlers: vec![opened, closed, message] })
}

fn text_field(value: &JsValue, key: &str) -> Option<String> {
    Reflect::get(value, &JsValue::from_str(key)).ok().and_then(|v| v.as_string())
}

/// The server's JSON, read with the browser's parser: anything unexpected is ignored.
fn read_server(text: &str) -> Option<FromServer> {
    let value = JSON::parse(text).ok().filter(JsValue::is_object)?;
    if let Some(id) = text_field(&value, "IdAssigned") {
        return Some(FromServer::IdAssigned(id));
    }
    if let Some(id) = text_field(&value, "NewPeer") {
        return Some(FromServer::NewPeer(id));
    }
    if let Some(id) = text_field(&value, "PeerLeft") {
        return Some(FromServer::PeerLeft(id));
    }
    let signal = Reflect::get(&value, &JsValue::from_str("Signal")).ok().filter(JsValue::is_object)?;
    let sender = text_field(&signal, "sender")?;
    let data = Reflect::get(&signal, &JsValue::from_str("data")).ok().filter(JsValue::is_object)?;
    let signal = if let Some(sdp) = text_field(&data, "Offer") {
        PeerSignal::Offer(sdp)
    } else if let Some(sdp) = text_field(&data, "Answer") {
        PeerSignal::Answer(sdp)
    } else {
        PeerSignal::Candidate(text_field(&data, "IceCandidate")?)
    };
    Some(FromServer::Signal { sender, signal })
}

fn failed(conn: ConnId) {
    feed(Input::ConnectionFailed { conn });
}

/// A peer connection with the game's channel: negotiated (both sides make it, id 0), ordered
/// and reliable (the defaults), carrying text.
fn open_conn(id: ConnId, rtc_config: &JsValue) -> Option<Conn> {
    let pc = RtcPeerConnection::new_with_configuration(rtc_config.unchecked_ref::<RtcConfiguration>()).ok()?;
    let init = RtcDataChannelInit::new();
    init.set_negotiated(true);
    init.set_id(CHANNEL_ID);
    init.set_ordered(true);
    let dc = pc.create_data_channel_with_data_channel_dict("onitama", &init);
    let candidate = handler(move |event: JsValue| {
        let candidate = event.dyn_ref::<RtcPeerConnectionIceEvent>().and_then(RtcPeerConnectionIceEvent::candidate);
        let json = match candidate {
            Some(c) => JSON::stringify(&c.to_json()).ok().and_then(|t| t.as_string()),
            None => Some("null".to_string()),
        };
        if let Some(json) = json {
            feed(Input::Described { conn: id, signal: PeerSignal::Candidate(json) });
        }
    });
    let pc_state = pc.clone();
    let state = handler(move |_| {
        if matches!(pc_state.connection_state(), RtcPeerConnectionState::Failed | RtcPeerConnectionState::Closed) {
            failed(id);
        }
    });
    let opened = handler(move |_| feed(Input::ChannelOpened { conn: id }));
    let closed = handler(move |_| feed(Input::ChannelClosed { conn: id }));
    let message = handler(move |event: JsValue| {
        // Anything but text is not a message of the protocol: handed in as an empty line, refused.
        let text = event.dyn_ref::<MessageEvent>().and_then(|e| e.data().as_string()).unwrap_or_default();
        feed(Input::ChannelText { conn: id, text });
    });
    pc.set_onicecandidate(Some(candidate.as_ref().unchecked_ref()));
    pc.set_onconnectionstatechange(Some(state.as_ref().unchecked_ref()));
    dc.set_onopen(Some(opened.as_ref().unchecked_ref()));
    dc.set_onclose(Some(closed.as_ref().unchecked_ref()));
    dc.set_onmessage(Some(message.as_ref().unchecked_ref()));
    Some(Conn { id, pc, dc, _handlers: vec![candidate, state, opened, closed, message] })
}

/// Calls `ok` with the promise's value, or `failed` if it is rejected (or not a promise).
fn on_settled(promise: &JsValue, ok: impl FnOnce(JsValue) + 'static, failed: impl FnOnce() + 'static) {
    let then = Reflect::get(promise, &JsValue::from_str("then")).ok().and_then(|f| f.dyn_into::<Function>().ok());
    let Some(then) = then else {
        failed();
        return;
    };
    let generation = GENERATION.with(Cell::get);
    let current = move || GENERATION.with(Cell::get) == generation;
    let ok = Closure::once_into_js(move |value: JsValue| {
        if current() {
            ok(value);
        }
    });
    let failed = Closure::once_into_js(move |_: JsValue| {
        if current() {
            failed();
        }
    });
    let _ = then.call2(promise, &ok, &failed);
}

/// The description's SDP, once set as the local one.
fn described(pc: &RtcPeerConnection, conn: ConnId, description: JsValue, signal: fn(String) -> PeerSignal) {
    let promise = pc.set_local_description(description.unchecked_ref::<RtcSessionDescriptionInit>());
    let pc = pc.clone();
    on_settled(
        &promise,
        move |_| match pc.local_description() {
            Some(local) => feed(Input::Described { conn, signal: signal(local.sdp()) }),
            None => failed(conn),
        },
        move || failed(conn),
    );
}

fn make_offer(pc: &RtcPeerConnection, conn: ConnId) {
    let pc2 = pc.clone();
    on_settled(&pc.create_offer(), move |offer| described(&pc2, conn, offer, PeerSignal::Offer), move || failed(conn));
}

fn answer(pc: &RtcPeerConnection, conn: ConnId, offer: &str) {
    let description = RtcSessionDescriptionInit::new(RtcSdpType::Offer);
    description.set_sdp(offer);
    let promise = pc.set_remote_description(&description);
    let pc = pc.clone();
    on_settled(
        &promise,
        move |_| {
            feed(Input::RemoteSet { conn });
            let pc2 = pc.clone();
            on_settled(
                &pc.create_answer(),
                move |answer| described(&pc2, conn, answer, PeerSignal::Answer),
                move || failed(conn),
            );
        },
        move || failed(conn),
    );
}

/// The build's configuration, from the page's `<meta name="onitama-online">` (its content is
/// JSON: `{"signaling": "wss://…" or null, "ice": [RTCIceServer…]}`), then `options` over it.
/// `{ host: true, lang }` from the page: it hears its own lines, in its language.
fn page_host(options: &JsValue) -> Option<Host> {
    let field = |key: &str| Reflect::get(options, &JsValue::from_str(key)).ok().filter(|_| options.is_object());
    let hosted = field("host").and_then(|v| v.as_bool()).unwrap_or(false);
    let lang = field("lang").and_then(|v| v.as_string()).and_then(|code| Lang::from_code(&code)).unwrap_or_default();
    hosted.then(|| Host::new(lang))
}

fn configuration(options: &JsValue) -> (Option<String>, JsValue) {
    let built = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.query_selector("meta[name=\"onitama-online\"]").ok().flatten())
        .and_then(|meta| meta.get_attribute("content"))
        .and_then(|content| JSON::parse(&content).ok())
        .filter(JsValue::is_object)
        .unwrap_or_else(|| Object::new().into());
    let field = |key: &str| {
        let given = if options.is_object() { Reflect::get(options, &JsValue::from_str(key)).ok() } else { None };
        match given.filter(|v| !v.is_undefined()) {
            Some(value) => value,
            None => Reflect::get(&built, &JsValue::from_str(key)).unwrap_or(JsValue::UNDEFINED),
        }
    };
    let server = field("signaling").as_string();
    let ice = field("ice");
    let ice = if Array::is_array(&ice) { ice } else { Array::new().into() };
    (server, object(&[("iceServers", ice)]))
}

/// Starts the module: `on_event` hears every event line; `options` may give `signaling` (the
/// server's URL, or null for none) and `ice` (RTCIceServer objects) instead of the build's. A
/// second start replaces the first (its game is left).
#[wasm_bindgen]
pub fn start(on_event: Function, options: JsValue) -> Result<(), JsValue> {
    if BUSY.with(Cell::get) {
        return Err(JsValue::from_str("start() from inside an event: call it afterwards"));
    }
    stop();
    let (server, rtc_config) = configuration(&options);
    let entropy = Box::new(|| {
        let mut bytes = [0u8; 16];
        // The browser's crypto.getRandomValues: it does not fail where WebRTC exists.
        let _ = getrandom::fill(&mut bytes);
        bytes
    });
    let tick = Closure::wrap(Box::new(|| feed(Input::Tick)) as Box<dyn FnMut()>);
    let window = web_sys::window().ok_or_else(|| JsValue::from_str("no window"))?;
    let tick_id =
        window.set_interval_with_callback_and_timeout_and_arguments_0(tick.as_ref().unchecked_ref(), TICK_MS)?;
    let shell = Shell {
        netplay: Netplay::new(server, entropy),
        on_event,
        rtc_config,
        socket: None,
        conns: Vec::new(),
        tick_id,
        _tick: tick,
        ignore: handler(|_| {}),
        host: page_host(&options),
    };
    SHELL.with(|s| s.try_borrow_mut().map(|mut slot| *slot = Some(shell)).map_err(|_| JsValue::from_str("busy")))
}

/// Calls the page with each line, outside the shell's borrow: the page may send a command from it.
fn tell(callback: &Function, lines: &[String]) {
    for line in lines {
        let _ = callback.call1(&JsValue::NULL, &JsValue::from_str(line));
    }
}

/// One command line (see the bridge); a line that does not read is answered `denied <code>`.
#[wasm_bindgen]
pub fn command(line: &str) {
    match Command::decode(line) {
        // The words are the host's: the page hears its panel again in the new language.
        Ok(Command::Lang(lang)) => {
            let told = with_shell(|shell| {
                let lines = shell.host.as_mut().map(|host| host.set_lang(lang)).unwrap_or_default();
                (shell.on_event.clone(), lines.iter().map(ToPage::encode).collect::<Vec<_>>())
            });
            if let Some((callback, lines)) = told {
                tell(&callback, &lines);
            }
        }
        Ok(command) => {
            with_shell(|shell| shell.host.as_mut().map(|host| host.command(&command)));
            feed(Input::Command(command))
        }
        Err(refusal) => feed(Input::BadCommand(refusal)),
    }
}

/// Ends the module's game and connections (the page keeps its own record).
#[wasm_bindgen]
pub fn stop() {
    if BUSY.with(Cell::get) {
        return;
    }
    GENERATION.with(|g| g.set(g.get().wrapping_add(1)));
    let shell = SHELL.with(|s| s.try_borrow_mut().ok().and_then(|mut slot| slot.take()));
    if let Some(shell) = shell {
        if let Some(window) = web_sys::window() {
            window.clear_interval_with_handle(shell.tick_id);
        }
        if let Some(socket) = shell.socket {
            socket.close();
        }
        for conn in shell.conns {
            conn.close();
        }
    }
    QUEUE.with(|q| q.borrow_mut().clear());
}
