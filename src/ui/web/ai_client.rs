//! The page's side of the AI's Web Worker, the one place that talks to it: starting it, sending
//! [`EngineRequest`]s (held until the worker is ready), reading its messages as
//! [`EngineReport`]s, and cancelling by ending it.

use crate::engine_protocol::worker::{EngineReport, EngineRequest};
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

impl AiWorker {
    /// Starts a worker whose reports (all but `Ready`) go to `on_report`; its failure, or a
    /// message from it that does not read, goes to `on_failure`.
    pub fn start(
        on_report: impl Fn(EngineReport) + 'static,
        on_failure: impl Fn(String) + 'static,
    ) -> Result<AiWorker, JsValue> {
        // One copy of the client whatever the callers' closures are.
        AiWorker::start_with(Box::new(on_report), Rc::new(on_failure))
    }

    fn start_with(on_report: Box<dyn Fn(EngineReport)>, on_failure: Rc<dyn Fn(String)>) -> Result<AiWorker, JsValue> {
        let options = WorkerOptions::new();
        options.set_type(WorkerType::Module);
        let worker = Worker::new_with_options(WORKER, &options)?;
        let link = Rc::new(RefCell::new(Link::default()));
        let (sender, waiting, failed) = (worker.clone(), link.clone(), on_failure.clone());
        let on_message = Closure::<dyn FnMut(MessageEvent)>::new(move |event: MessageEvent| {
            receive(event.data(), &sender, &waiting, &*on_report, &*failed);
        });
        worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
        let on_error = Closure::<dyn FnMut(ErrorEvent)>::new(move |event: ErrorEvent| on_failure(event.message()));
        worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
        Ok(AiWorker { worker, link, _on_message: on_message, _on_error: on_error })
    }

    pub fn send(&self, request: &EngineRequest) -> Result<(), JsValue> {
        let text = request.encode();
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

/// One message from the worker: `Ready` sends what waited for it, a report goes on, and anything
/// that does not read is the worker's failure.
fn receive(
    data: JsValue,
    worker: &Worker,
    link: &RefCell<Link>,
    on_report: &dyn Fn(EngineReport),
    on_failure: &dyn Fn(String),
) {
    let Some(text) = data.as_string() else {
        return on_failure("the AI's worker sent something other than a line of text".to_string());
    };
    match EngineReport::decode(&text) {
        Ok(EngineReport::Ready) => {
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
        Ok(report) => on_report(report),
        Err(error) => on_failure(format!("the AI's worker sent a message that does not read: {error}")),
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
