//! Properties over random games from random deals.

use onitama::rules::{Deal, Game, Move, MoveError, Outcome, Position, Setup, SplitMix64, Way, perft};
use proptest::prelude::*;

/// Checks that a won position prints, reads back the same and is still over.
fn check_finished(won: &Position) -> Result<Outcome, TestCaseError> {
    let outcome = won.outcome().ok_or_else(|| TestCaseError::fail(format!("{won} is not won")))?;
    let text = won.to_string();
    let back: Position = text.parse().map_err(|e| TestCaseError::fail(format!("{text}: {e}")))?;
    prop_assert_eq!(back, *won);
    prop_assert_eq!(back.to_string(), text.clone());
    prop_assert_eq!(back.outcome(), Some(outcome));
    prop_assert!(back.legal_moves().is_empty());
    prop_assert_eq!(perft(&back, 0), 1);
    prop_assert_eq!(perft(&back, 1), 0);
    prop_assert_eq!(perft(&back, 2), 0);
    let game = Game::new(back);
    prop_assert_eq!(game.outcome(), Some(outcome));
    let pass = Move::Pass { card: back.side_card() };
    prop_assert_eq!(back.check(pass), Err(MoveError::GameOver(outcome)));
    Ok(outcome)
}

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
            let text = position.to_string();
            let back: Position = text.parse().unwrap();
            prop_assert_eq!(back, *position);
            prop_assert_eq!(back.to_string(), text);
        }
    }

    #[test]
    fn winning_moves_lead_to_positions_that_read_back_finished(seed in any::<u64>(), choices in prop::collection::vec(any::<usize>(), 0..60)) {
        let game = random_game(seed, &choices);
        for position in game.positions() {
            for &m in &position.legal_moves() {
                if position.is_winning(m) {
                    let outcome = check_finished(&position.play(m).unwrap())?;
                    prop_assert_eq!(outcome.winner(), Some(position.to_move()));
                }
            }
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
        if game.position().outcome().is_some() {
            check_finished(game.position())?;
            // The final position starts a game that is already over.
            let record = format!("start {}\n", game.position());
            prop_assert_eq!(Game::from_record(&record).unwrap().outcome(), game.outcome());
        }
    }
}

/// Every winning move of many random games, by both ways: the position it leads to reads back as finished.
#[test]
fn winning_moves_of_many_games_read_back_finished() {
    let mut dice = SplitMix64(7);
    let (mut stone, mut stream) = (0, 0);
    for seed in 0..400 {
        let mut game = Game::from_deal(&Deal::from_seed(seed));
        while game.outcome().is_none() && game.moves().len() < 200 {
            let moves = game.legal_moves();
            for &m in &moves {
                if game.position().is_winning(m) {
                    let won = game.position().play(m).unwrap();
                    match check_finished(&won).unwrap_or_else(|e| panic!("{} then {m}: {e}", game.position())) {
                        Outcome::Win { way: Way::Stone, .. } => stone += 1,
                        Outcome::Win { way: Way::Stream, .. } => stream += 1,
                        other => unreachable!("a position alone does not end as {other:?}"),
                    }
                }
            }
            let m = moves[(dice.next_u64() % moves.len() as u64) as usize];
            game.play(m).unwrap();
        }
    }
    assert!(stone > 1000 && stream > 100, "found {stone} wins by the stone and {stream} by the stream");
}

/// Through many random games, `winning_move` is the first legal move that wins at once, and
/// `threat` is the other side's `winning_move` were it its turn.
#[test]
fn winning_move_and_threat_agree_with_the_moves_that_win() {
    let mut dice = SplitMix64(11);
    let (mut wins, mut threats) = (0, 0);
    for seed in 0..200 {
        let mut game = Game::from_deal(&Deal::from_seed(seed));
        while game.outcome().is_none() && game.moves().len() < 200 {
            let position = *game.position();
            let moves = position.legal_moves();
            let first_win = moves.iter().copied().find(|&m| position.is_winning(m));
            assert_eq!(position.winning_move(), first_win, "{position}");
            let other_to_move =
                Position::try_from(Setup { to_move: position.to_move().other(), ..position.setup() }).unwrap();
            assert_eq!(position.threat(), other_to_move.winning_move(), "{position}");
            wins += usize::from(first_win.is_some());
            threats += usize::from(position.threat().is_some());
            let m = moves[(dice.next_u64() % moves.len() as u64) as usize];
            game.play(m).unwrap();
        }
    }
    assert!(wins > 100 && threats > 100, "found {wins} wins at once and {threats} threats");
}
