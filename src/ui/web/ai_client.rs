//! The page's side of the AI's Web Workers, the one place that talks to them: starting one,
//! sending it lines (held until the worker is ready), reading its messages, and cancelling by
//! ending it. The AI's worker speaks [`EngineRequest`] and [`EngineReport`]; the endgame worker
//! (the same script) [`EndgameRequest`] and [`EndgameReport`].

use crate::engine_protocol::worker::{EndgameReport, EndgameRequest, EngineReport, EngineRequest, READY};
use std::cell::RefCell;
use std::rc::Rc;
use wasm_bindgen::prelude::*;
use web_sys::{ErrorEvent, MessageEvent, Worker, WorkerOptions, WorkerType};

/// The worker's script, told which build of the page to load: its own.
const WORKER: &str = if cfg!(feature = "first-visit") { "./ai-worker.js?first-visit" } else { "./ai-worker.js" };

pub struct AiWorker {
    worker: Worker,
    link: Rc<RefCell<Link>>,
    // Kept alive as long as the worker: they deliver the worker's reports and failures.
    _on_message: Closure<dyn FnMut(MessageEvent)>,
    _on_error: Closure<dyn FnMut(ErrorEvent)>,
}

/// Whether the worker has said it is ready, and the request made before it was.
#[derive(Default)]
struct Link {
    ready: bool,
    queued: Option<String>,
}

/// What a worker's line (other than `ready`) is given to; a failure is given to the other handler.
type OnLine = Box<dyn Fn(&str, &dyn Fn(String))>;

impl AiWorker {
    /// Starts a worker whose reports (all but `Ready`) go to `on_report`; its failure, or a
    /// message from it that does not read, goes to `on_failure`.
    pub fn start(
        on_report: impl Fn(EngineReport) + 'static,
        on_failure: impl Fn(String) + 'static,
    ) -> Result<AiWorker, JsValue> {
        let on_line: OnLine = Box::new(move |text, failed| match EngineReport::decode(text) {
            Ok(report) => on_report(report),
            Err(error) => failed(format!("the AI's worker sent a message that does not read: {error}")),
        });
        AiWorker::start_with(on_line, Rc::new(on_failure))
    }

    /// Starts an endgame worker: its answers go to `on_report`, its failure to `on_failure`.
    pub fn start_endgame(
        on_report: impl Fn(EndgameReport) + 'static,
        on_failure: impl Fn(String) + 'static,
    ) -> Result<AiWorker, JsValue> {
        let on_line: OnLine = Box::new(move |text, failed| match EndgameReport::decode(text) {
            Ok(report) => on_report(report),
            Err(error) => failed(format!("the endgame worker sent a message that does not read: {error}")),
        });
        AiWorker::start_with(on_line, Rc::new(on_failure))
    }

    // One copy of the client whatever the callers' closures are.
    fn start_with(on_line: OnLine, on_failure: Rc<dyn Fn(String)>) -> Result<AiWorker, JsValue> {
        let options = WorkerOptions::new();
        options.set_type(WorkerType::Module);
        let worker = Worker::new_with_options(WORKER, &options)?;
        let link = Rc::new(RefCell::new(Link::default()));
        let (sender, waiting, failed) = (worker.clone(), link.clone(), on_failure.clone());
        let on_message = Closure::<dyn FnMut(MessageEvent)>::new(move |event: MessageEvent| {
            receive(event.data(), &sender, &waiting, &on_line, &*failed);
        });
        worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
        let on_error = Closure::<dyn FnMut(ErrorEvent)>::new(move |event: ErrorEvent| on_failure(event.message()));
        worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
        Ok(AiWorker { worker, link, _on_message: on_message, _on_error: on_error })
    }

    pub fn send(&self, request: &EngineRequest) -> Result<(), JsValue> {
        self.send_line(request.encode())
    }

    /// Asks an endgame worker for a position's exact value.
    pub fn ask_exact(&self, request: &EndgameRequest) -> Result<(), JsValue> {
        self.send_line(request.encode())
    }

    fn send_line(&self, text: String) -> Result<(), JsValue> {
        let mut link = self.link.borrow_mut();
        if link.ready {
            drop(link);
            self.worker.post_message(&JsValue::from_str(&text))
        } else {
            link.queued = Some(text);
            Ok(())
        }
    }
}

/// One message from the worker: `ready` sends what waited for it, any other line goes on, and
/// anything that is not a line is the worker's failure.
fn receive(data: JsValue, worker: &Worker, link: &RefCell<Link>, on_line: &OnLine, on_failure: &dyn Fn(String)) {
    let Some(text) = data.as_string() else {
        return on_failure("the AI's worker sent something other than a line of text".to_string());
    };
    if text != READY {
        return on_line(&text, on_failure);
    }
    let queued = {
        let mut link = link.borrow_mut();
        link.ready = true;
        link.queued.take()
    };
    if let Some(request) = queued
        && worker.post_message(&JsValue::from_str(&request)).is_err()
    {
        on_failure("the AI's worker could not be asked".to_string());
    }
}

impl Drop for AiWorker {
    /// Cancelling a search means ending its worker: nothing is left running.
    fn drop(&mut self) {
        self.worker.set_onmessage(None);
        self.worker.set_onerror(None);
        self.worker.terminate();
    }
}
