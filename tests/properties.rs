//! Properties over random games from random deals.

use onitama::rules::{Deal, Game, Move, Position};
use proptest::prelude::*;

/// Plays up to `plies` moves chosen by `choices` (an index into the legal moves each turn).
fn random_game(seed: u64, choices: &[usize]) -> Game {
    let mut game = Game::from_deal(&Deal::from_seed(seed));
    for &choice in choices {
        let moves = game.legal_moves();
        if moves.is_empty() {
            break;
        }
        game.play(moves[choice % moves.len()]).unwrap();
    }
    game
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn position_notation_round_trips(seed in any::<u64>(), choices in prop::collection::vec(any::<usize>(), 0..60)) {
        let game = random_game(seed, &choices);
        for position in game.positions() {
            if position.outcome().is_some() {
                continue; // a won position has no notation: it cannot be set up
            }
            let text = position.to_string();
            let back: Position = text.parse().unwrap();
            prop_assert_eq!(back, *position);
            prop_assert_eq!(back.to_string(), text);
        }
    }

    #[test]
    fn records_and_moves_round_trip(seed in any::<u64>(), choices in prop::collection::vec(any::<usize>(), 0..80)) {
        let game = random_game(seed, &choices);
        for m in game.moves() {
            prop_assert_eq!(m.to_string().parse::<Move>().unwrap(), *m);
        }
        let record = game.to_record();
        let back = Game::from_record(&record).unwrap();
        prop_assert_eq!(back.to_record(), record);
        prop_assert_eq!(back.position(), game.position());
        prop_assert_eq!(back.outcome(), game.outcome());
    }

    #[test]
    fn no_legal_move_lands_on_an_own_piece_or_off_the_board(seed in any::<u64>(), choices in prop::collection::vec(any::<usize>(), 0..60)) {
        let game = random_game(seed, &choices);
        let position = game.position();
        let us = position.to_move();
        for m in &game.legal_moves() {
            if let Move::Step { card, from, to } = *m {
                prop_assert!(position.pieces(us).contains(from));
                prop_assert!(!position.pieces(us).contains(to));
                prop_assert!(position.hand(us).contains(card));
                // The jump is one of the card's offsets, turned for Blue.
                let sign = if us == onitama::rules::Color::Red { 1 } else { -1 };
                let offset = (sign * (to.file() - from.file()), sign * (to.rank() - from.rank()));
                prop_assert!(card.offsets().iter().any(|&(x, y)| (x as i32, y as i32) == offset));
            }
        }
    }

    #[test]
    fn undo_restores_exactly_the_previous_position(seed in any::<u64>(), choices in prop::collection::vec(any::<usize>(), 1..60)) {
        let mut game = random_game(seed, &choices);
        let positions = game.positions().to_vec();
        for expected in positions.iter().rev().skip(1) {
            game.undo().unwrap();
            prop_assert_eq!(game.position(), expected);
        }
        prop_assert!(game.undo().is_none());
    }

    #[test]
    fn every_game_ends_or_repeats(seed in any::<u64>(), choices in prop::collection::vec(any::<usize>(), 3000)) {
        let game = random_game(seed, &choices);
        // The state space is finite, so a long game must repeat: within 3000 plies random play ends.
        prop_assert!(game.outcome().is_some(), "no end after {} plies", game.moves().len());
        prop_assert!(game.legal_moves().is_empty());
    }
}
