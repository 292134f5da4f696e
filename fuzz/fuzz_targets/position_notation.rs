//! Any text given as a position: a typed error or a position that prints and reads back the same
//! (a finished one included: no move, perft 0).
#![no_main]

use libfuzzer_sys::fuzz_target;
use onitama::rules::{Position, perft};

fuzz_target!(|text: &str| {
    if let Ok(position) = text.parse::<Position>() {
        let printed = position.to_string();
        let again: Position = printed.parse().expect("a printed position reads back");
        assert_eq!(again, position);
        assert_eq!(again.to_string(), printed);
        let moves = position.legal_moves();
        if position.outcome().is_some() {
            // A finished game read back: over, with nothing to count.
            assert!(moves.is_empty());
            assert_eq!(perft(&position, 1), 0);
        }
    }
});
