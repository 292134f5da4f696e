//! Fetching a text file beside the page (the puzzle set, the rules' paragraphs), for the shell.

use wasm_bindgen::prelude::*;

/// Calls `then` with the file at `url` (relative to the page), or why it could not be had; never
/// while the caller runs.
pub fn text(url: &str, then: impl FnOnce(Result<String, String>) + 'static) {
    fetch(url, Box::new(then));
}

/// One copy of the fetching code, whatever the caller's closure.
fn fetch(url: &str, then: Box<dyn FnOnce(Result<String, String>)>) {
    let then = std::rc::Rc::new(std::cell::Cell::new(Some(then)));
    let finish = move |result: Result<String, String>| {
        if let Some(then) = then.take() {
            then(result);
        }
    };
    let failed = {
        let finish = finish.clone();
        move || {
            let finish = finish.clone();
            Closure::<dyn FnMut(JsValue)>::new(move |error: JsValue| finish(Err(describe(&error))))
        }
    };
    let parse = {
        let finish = finish.clone();
        Closure::<dyn FnMut(JsValue)>::new(move |text: JsValue| finish(Ok(text.as_string().unwrap_or_default())))
    };
    let text_failed = failed();
    let name = url.to_string();
    let read = {
        let finish = finish.clone();
        Closure::<dyn FnMut(JsValue)>::new(move |response: JsValue| {
            let text = response.dyn_into::<web_sys::Response>().and_then(|response| match response.ok() {
                true => response.text(),
                false => Err(format!("{name}: HTTP {}", response.status()).into()),
            });
            match text {
                Ok(text) => {
                    let _ = text.then2(&parse, &text_failed);
                }
                Err(error) => finish(Err(describe(&error))),
            }
        })
    };
    let fetch_failed = failed();
    match web_sys::window() {
        Some(window) => {
            let _ = window.fetch_with_str(url).then2(&read, &fetch_failed);
        }
        None => finish(Err("no window".to_string())),
    }
    // Once a file: the handlers live as long as the page.
    read.forget();
    fetch_failed.forget();
}

fn describe(error: &JsValue) -> String {
    error
        .dyn_ref::<js_sys::Error>()
        .map(|e| String::from(e.message()))
        .or_else(|| error.as_string())
        .unwrap_or_else(|| "no answer".to_string())
}
