//! Any text as a line between the page and the online module, or as a saved online game:
//! refused with a reason, or read into a value that writes back to a line reading the same.
#![no_main]

use libfuzzer_sys::fuzz_target;
use onitama_online::Saved;
use onitama_online::bridge::{Command, Report};

fuzz_target!(|text: &str| {
    if let Ok(command) = Command::decode(text) {
        let line = command.encode();
        assert_eq!(Command::decode(&line).as_ref(), Ok(&command), "{line}");
    }
    if let Ok(event) = Report::decode(text) {
        let line = event.encode();
        assert_eq!(Report::decode(&line).as_ref(), Ok(&event), "{line}");
    }
    if let Ok(saved) = Saved::from_text(text) {
        let line = saved.to_text();
        assert_eq!(Saved::from_text(&line).as_ref(), Ok(&saved), "{line}");
    }
});
