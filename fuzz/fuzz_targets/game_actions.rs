//! Random sequences of what the page's API does to a game's history: new games, legal and illegal
//! moves, undo, redo, looking back, loading positions, resigning. Nothing panics, an illegal move
//! changes nothing, undo and redo walk the line exactly, and the game shown always starts the line.
#![no_main]

use libfuzzer_sys::fuzz_target;
use onitama::rules::{Color, Deal, Game, Move, Outcome, Position};
use onitama::ui::history::History;

fuzz_target!(|data: &[u8]| {
    let mut history = History::new(Game::from_deal(&Deal::from_seed(0)));
    let mut bytes = data.iter().copied();
    while let Some(action) = bytes.next() {
        let argument = bytes.next().unwrap_or(0);
        match action % 8 {
            0 => history = History::new(Game::from_deal(&Deal::from_seed(u64::from(argument)))),
            1 => {
                let moves = history.game().legal_moves();
                if let Some(&m) = moves.get(usize::from(argument) % moves.len().max(1)) {
                    let before = history.game().position().to_owned();
                    history.play(m).expect("a legal move plays");
                    assert_eq!(history.back(), Some(m));
                    assert_eq!(*history.game().position(), before);
                    assert_eq!(history.forward(), Some(m));
                }
            }
            2 => {
                // A move built from raw bytes: legal or refused with nothing changed.
                let text = format!("{}:{}{}", ["tiger", "ox", "crab", "boar"][usize::from(argument % 4)], square(argument), square(argument.rotate_left(3)));
                if let Ok(m) = text.parse::<Move>() {
                    let before = history.clone();
                    if history.play(m).is_err() {
                        assert_eq!(history, before);
                    }
                }
            }
            3 => {
                history.back();
            }
            4 => {
                history.forward();
            }
            5 => history.look_at(usize::from(argument)),
            6 => {
                // Either side, any time the game goes on; the record carries it back.
                let by = if argument % 2 == 0 { Color::Red } else { Color::Blue };
                let over = history.played().outcome();
                match history.resign(by) {
                    Ok(outcome) => {
                        let game = history.played();
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
                    history = History::new(Game::new(position));
                }
            }
        }
        let game = history.game();
        assert!(game.outcome().is_some() || !game.legal_moves().is_empty());
        assert!(history.whole().moves().starts_with(game.moves()));
    }
});

fn square(byte: u8) -> String {
    let index = byte % 25;
    format!("{}{}", char::from(b'a' + index % 5), index / 5 + 1)
}
