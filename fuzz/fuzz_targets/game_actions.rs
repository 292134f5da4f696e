//! Random sequences of what the page's API does to a game: new games, legal and illegal moves,
//! undo, redo, loading positions, resigning. Nothing panics, an illegal move changes nothing, and undo and
//! redo walk the history exactly.
#![no_main]

use libfuzzer_sys::fuzz_target;
use onitama::rules::{Color, Deal, Game, Move, Outcome, Position};

fuzz_target!(|data: &[u8]| {
    let mut game = Game::from_deal(&Deal::from_seed(0));
    let mut bytes = data.iter().copied();
    while let Some(action) = bytes.next() {
        let argument = bytes.next().unwrap_or(0);
        match action % 7 {
            0 => game = Game::from_deal(&Deal::from_seed(u64::from(argument))),
            1 => {
                let moves = game.legal_moves();
                if let Some(&m) = moves.get(usize::from(argument) % moves.len().max(1)) {
                    let before = game.position().to_owned();
                    game.play(m).expect("a legal move plays");
                    assert_eq!(game.undo(), Some(m));
                    assert_eq!(*game.position(), before);
                    assert_eq!(game.redo(), Some(m));
                }
            }
            2 => {
                // A move built from raw bytes: legal or refused with nothing changed.
                let text = format!("{}:{}{}", ["tiger", "ox", "crab", "boar"][usize::from(argument % 4)], square(argument), square(argument.rotate_left(3)));
                if let Ok(m) = text.parse::<Move>() {
                    let before = game.clone();
                    if game.play(m).is_err() {
                        assert_eq!(game, before);
                    }
                }
            }
            3 => {
                game.undo();
            }
            4 => {
                game.redo();
            }
            6 => {
                // Either side, any time the game goes on; the record carries it back.
                let by = if argument % 2 == 0 { Color::Red } else { Color::Blue };
                let over = game.outcome();
                match game.resign(by) {
                    Ok(outcome) => {
                        assert!(over.is_none() && game.legal_moves().is_empty());
                        assert_eq!(outcome, Outcome::Resigned { by });
                        let back = Game::from_record(&game.to_record()).expect("a resigned game's record reads");
                        assert_eq!(back.outcome(), Some(outcome));
                    }
                    Err(_) => assert!(over.is_some()),
                }
            }
            _ => {
                let text: String = bytes.by_ref().take(usize::from(argument % 64)).map(char::from).collect();
                if let Ok(position) = text.parse::<Position>() {
                    game = Game::new(position);
                }
            }
        }
        assert!(game.outcome().is_some() || !game.legal_moves().is_empty());
    }
});

fn square(byte: u8) -> String {
    let index = byte % 25;
    format!("{}{}", char::from(b'a' + index % 5), index / 5 + 1)
}
