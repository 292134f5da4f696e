//! Any text as a line of either dialect of the engine protocol (src/engine_protocol/): as a message
//! to or from the AI's worker (and its endgame worker), and as a request to or a report from an engine on the command line.
//! Refused with a reason, or read into a message that writes back to a line reading the same.
#![no_main]

use libfuzzer_sys::fuzz_target;
use onitama::engine_protocol::cli::{Report, Request};
use onitama::engine_protocol::worker::{EndgameReport, EndgameRequest, EngineReport, EngineRequest};

fuzz_target!(|text: &str| {
    if let Ok(request) = EngineRequest::decode(text) {
        let line = request.encode();
        assert_eq!(EngineRequest::decode(&line).as_ref(), Ok(&request), "{line}");
    }
    if let Ok(report) = EngineReport::decode(text) {
        let line = report.encode();
        assert_eq!(EngineReport::decode(&line).as_ref(), Ok(&report), "{line}");
    }
    if let Ok(request) = EndgameRequest::decode(text) {
        let line = request.encode();
        assert_eq!(EndgameRequest::decode(&line).as_ref(), Ok(&request), "{line}");
    }
    if let Ok(report) = EndgameReport::decode(text) {
        let line = report.encode();
        assert_eq!(EndgameReport::decode(&line).as_ref(), Ok(&report), "{line}");
    }
    if let Ok(Some(request)) = Request::decode(text) {
        let line = request.encode();
        assert_eq!(Request::decode(&line), Ok(Some(request)), "{line}");
    }
    if let Ok(report) = Report::decode(text) {
        let line = report.encode();
        assert_eq!(Report::decode(&line).as_ref(), Ok(&report), "{line}");
    }
});
