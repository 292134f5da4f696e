//! The page's side of the AI's Web Worker: starting it, asking it, cancelling by replacing it.

use wasm_bindgen::prelude::*;
use web_sys::{ErrorEvent, MessageEvent, Worker, WorkerOptions, WorkerType};

pub struct AiWorker {
    worker: Worker,
    ready: bool,
    /// A request made before the worker was ready; sent when it is.
    queued: Option<JsValue>,
    // Kept alive as long as the worker: they deliver the worker's reports and failures.
    _on_message: Closure<dyn FnMut(MessageEvent)>,
    _on_error: Closure<dyn FnMut(ErrorEvent)>,
}

impl AiWorker {
    /// Starts a worker whose reports go to `on_report` and whose failure goes to `on_failure`.
    pub fn start(
        on_report: impl Fn(JsValue) + 'static,
        on_failure: impl Fn(String) + 'static,
    ) -> Result<AiWorker, JsValue> {
        let options = WorkerOptions::new();
        options.set_type(WorkerType::Module);
        let worker = Worker::new_with_options("./ai-worker.js", &options)?;
        let on_message = Closure::<dyn FnMut(MessageEvent)>::new(move |event: MessageEvent| on_report(event.data()));
        worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
        let on_error = Closure::<dyn FnMut(ErrorEvent)>::new(move |event: ErrorEvent| on_failure(event.message()));
        worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
        Ok(AiWorker { worker, ready: false, queued: None, _on_message: on_message, _on_error: on_error })
    }

    pub fn mark_ready(&mut self) -> Result<(), JsValue> {
        self.ready = true;
        match self.queued.take() {
            Some(request) => self.worker.post_message(&request),
            None => Ok(()),
        }
    }

    pub fn send(&mut self, request: JsValue) -> Result<(), JsValue> {
        if self.ready {
            self.worker.post_message(&request)
        } else {
            self.queued = Some(request);
            Ok(())
        }
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
