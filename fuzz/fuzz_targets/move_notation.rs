//! Any text given as a move, tried in a few positions: an error, or a legal move that plays.
#![no_main]

use libfuzzer_sys::fuzz_target;
use onitama::rules::{Move, Position};

const POSITIONS: [&str; 3] = [
    "bbBbb/5/5/5/rrRrr ox,boar horse,elephant crab r",
    "Rrrrr/5/5/5/B4 elephant,crab tiger,ox boar r",
    "5/2B2/2r2/5/R4 ox,boar crab,tiger horse r",
];

fuzz_target!(|text: &str| {
    let Ok(m) = text.parse::<Move>() else { return };
    assert_eq!(m.to_string().parse::<Move>().expect("a printed move reads back"), m);
    for fen in POSITIONS {
        let position: Position = fen.parse().expect("a valid position");
        match position.play(m) {
            Ok(_) => assert!(position.legal_moves().contains(&m)),
            Err(_) => assert!(!position.legal_moves().contains(&m)),
        }
    }
});
