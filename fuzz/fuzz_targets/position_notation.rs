//! Any text given as a position: a typed error or a position that prints and reads back the same.
#![no_main]

use libfuzzer_sys::fuzz_target;
use onitama::rules::Position;

fuzz_target!(|text: &str| {
    if let Ok(position) = text.parse::<Position>() {
        let printed = position.to_string();
        let again: Position = printed.parse().expect("a printed position reads back");
        assert_eq!(again, position);
        assert_eq!(again.to_string(), printed);
        let _ = position.legal_moves();
    }
});
