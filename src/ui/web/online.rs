//! The online module (peer.js and its wasm), fetched the first time online play is asked for:
//! the session's lines go to it, and its lines come back to the session as events, after the
//! task that caused them (the module may answer while the page is busy with the command).

use super::super::session::Event;
use js_sys::{Function, Promise, Reflect};
use std::cell::RefCell;
use wasm_bindgen::prelude::*;

enum Peer {
    Absent,
    /// Fetching the module; the lines wait.
    Loading(Vec<String>),
    /// The module's `command` function.
    Ready(Function),
}

thread_local! {
    static PEER: RefCell<Peer> = const { RefCell::new(Peer::Absent) };
    /// The module's lines not yet handed to the session.
    static HEARD: RefCell<Vec<String>> = const { RefCell::new(Vec::new()) };
    /// Hands them over, after the task that heard them.
    static FLUSH: Closure<dyn FnMut(JsValue)> = Closure::new(|_: JsValue| {
        for line in HEARD.take() {
            super::dispatch(Event::Online(line));
        }
    });
}

/// Gives `line` to the module, fetching it first if need be.
pub fn send(line: String) {
    let load = PEER.with_borrow_mut(|peer| match peer {
        Peer::Ready(command) => {
            if let Err(error) = command.call1(&JsValue::NULL, &JsValue::from_str(&line)) {
                web_sys::console::error_1(&error);
            }
            false
        }
        Peer::Loading(waiting) => {
            waiting.push(line);
            false
        }
        Peer::Absent => {
            *peer = Peer::Loading(vec![line]);
            true
        }
    });
    if load {
        load_module();
    }
}

/// boot.js offers `onitamaOnline()`, which imports the module (a file beside the page).
fn load_module() {
    let Some(window) = web_sys::window() else { return };
    let loader =
        Reflect::get(&window, &JsValue::from_str("onitamaOnline")).ok().and_then(|f| f.dyn_into::<Function>().ok());
    let imported = loader.and_then(|load| load.call0(&JsValue::NULL).ok()).and_then(|p| p.dyn_into::<Promise>().ok());
    let Some(imported) = imported else {
        return failed(&JsValue::from_str("no online module"));
    };
    let fail = Closure::<dyn FnMut(JsValue)>::new(|error: JsValue| failed(&error));
    let started = Closure::<dyn FnMut(JsValue)>::new(move |module: JsValue| {
        let field = |name: &str| {
            Reflect::get(&module, &JsValue::from_str(name)).ok().and_then(|f| f.dyn_into::<Function>().ok())
        };
        let init = field("default").and_then(|init| init.call0(&JsValue::NULL).ok());
        let init = init.and_then(|p| p.dyn_into::<Promise>().ok());
        let (Some(init), Some(start), Some(command)) = (init, field("start"), field("command")) else {
            return failed(&JsValue::from_str("the online module is not whole"));
        };
        let mut parts = Some((start, command));
        let ready = Closure::<dyn FnMut(JsValue)>::new(move |_: JsValue| {
            let Some((start, command)) = parts.take() else { return };
            let on_event = Closure::<dyn FnMut(String)>::new(heard).into_js_value();
            // The page hosts the module: it hears the module's words in its own language.
            let options = js_sys::Object::new();
            let _ = Reflect::set(&options, &JsValue::from_str("host"), &JsValue::TRUE);
            if let Err(error) = start.call2(&JsValue::NULL, &on_event, &options) {
                return failed(&error);
            }
            let waiting = PEER.with_borrow_mut(|peer| match std::mem::replace(peer, Peer::Ready(command)) {
                Peer::Loading(waiting) => waiting,
                _ => Vec::new(),
            });
            for line in waiting {
                send(line);
            }
        });
        let fail = Closure::<dyn FnMut(JsValue)>::new(|error: JsValue| failed(&error));
        let _ = init.then2(&ready, &fail);
        // Once a page: the handlers live as long as it.
        ready.forget();
        fail.forget();
    });
    let _ = imported.then2(&started, &fail);
    started.forget();
    fail.forget();
}

/// The module could not be had (offline before it was ever fetched): the session says so, and
/// the next attempt fetches it again.
fn failed(error: &JsValue) {
    web_sys::console::error_1(error);
    PEER.set(Peer::Absent);
    super::dispatch(Event::OnlineUnavailable);
}

/// A line from the module, handed to the session once the current task is over.
fn heard(line: String) {
    let first = HEARD.with_borrow_mut(|heard| {
        heard.push(line);
        heard.len() == 1
    });
    if first {
        FLUSH.with(|flush| {
            let _ = Promise::resolve(&JsValue::NULL).then(flush);
        });
    }
}
