//! Any text given as a game record: an error saying where, or a game that writes the same record.
#![no_main]

use libfuzzer_sys::fuzz_target;
use onitama::rules::Game;

fuzz_target!(|text: &str| {
    if let Ok(game) = Game::from_record(text) {
        let record = game.to_record();
        let again = Game::from_record(&record).expect("a written record reads back");
        assert_eq!(again, game);
        assert_eq!(again.to_record(), record);
    }
});
