//! Any text as a saved game or as a game link: a reason, or a game that saves and links the same.
#![no_main]

use libfuzzer_sys::fuzz_target;
use onitama::save;

fuzz_target!(|text: &str| {
    if let Ok(file) = save::decode(text) {
        let again = save::decode(&save::encode(&file)).expect("a written save reads back");
        assert_eq!(again, file);
    }
    let fragment = format!("#game={text}");
    if let Some(Ok(linked)) = save::game_from_fragment(&fragment) {
        let link = save::link_fragment(&linked.game, linked.mode);
        assert_eq!(save::game_from_fragment(&link).expect("a fragment").expect("a game"), linked);
    }
});
