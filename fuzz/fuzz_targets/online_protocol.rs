//! Any text as a message from a peer: refused with a reason, or read into a message that writes
//! back to a line reading the same; and handed to a side of a game in play, it never panics and
//! changes the game only by a legal step of it.
#![no_main]

use libfuzzer_sys::fuzz_target;
use onitama_online::{Message, OnlineGame, Invitation, Token};

fuzz_target!(|text: &str| {
    if let Ok(message) = Message::decode(text) {
        let line = message.encode();
        assert_eq!(Message::decode(&line).as_ref(), Ok(&message), "{line}");
    }
    let token = |t: &str| Token::new(t).unwrap();
    let mut host = OnlineGame::host(token("room"), token("host"), Invitation::default(), 1, 0);
    host.connected(0);
    host.receive(0, &format!("hello - nonce {}", onitama_online::protocol::VERSION));
    host.receive(0, "seat guest");
    assert!(host.opponent_connected());
    let before = host.game().cloned().unwrap();
    for (i, line) in text.lines().enumerate() {
        host.receive(i as u64, line);
    }
    let after = host.game().unwrap();
    // Whatever was said, the game only went forward from where it was.
    assert_eq!(after.start(), before.start());
    assert!(after.moves().starts_with(before.moves()));
    // A watcher hearing anything never panics, and holds only records that read.
    let mut watcher = OnlineGame::guest(token("room"), token("watcher"), 0);
    let hello = watcher.connected(0);
    assert!(!hello.is_empty());
    watcher.receive(0, &format!("hello room.1 nonce {}", onitama_online::protocol::VERSION));
    watcher.receive(0, "watchers 1");
    for (i, line) in text.lines().enumerate() {
        watcher.receive(i as u64, line);
    }
    if let Some(game) = watcher.game() {
        assert_eq!(onitama::rules::Game::from_record(&game.to_record()).as_ref(), Ok(game));
    }
});
