//! The fixed positions of `onitama-cli bench`: varied deals, from the opening to the middle game.

use crate::rules::{Deal, Game, Position, SplitMix64};

/// 24 positions: deals with a few plies played by a fixed sequence of choices, leaving out those
/// where the side to move wins at once (nothing to search there).
pub fn positions() -> Vec<Position> {
    (0..)
        .map(|i: u64| {
            let mut game = Game::from_deal(&Deal::from_seed(1000 + i));
            let mut dice = SplitMix64(i);
            for _ in 0..(i % 6) * 2 {
                let moves = game.legal_moves();
                let Some(&m) = moves.get((dice.next_u64() % moves.len().max(1) as u64) as usize) else {
                    break;
                };
                if game.position().is_winning(m) {
                    break;
                }
                let _ = game.play(m);
            }
            *game.position()
        })
        .filter(|position| position.outcome().is_none() && position.winning_move().is_none())
        .take(24)
        .collect()
}
