//! perft: the number of move paths of a given length, the first test of the move generator.
//!
//! A winning move is a leaf and is not followed; a position without a jump has its two passes.

use super::{Move, Position};

/// Counts the move paths of length `depth` from `position`.
///
/// ```
/// use onitama_core::rules::{perft, Position};
/// let p: Position = "bbBbb/5/5/5/rrRrr ox,boar horse,elephant crab r".parse().unwrap();
/// assert_eq!(perft(&p, 2), 130);
/// ```
pub fn perft(position: &Position, depth: u32) -> u64 {
    match depth {
        0 => 1,
        _ if position.outcome().is_some() => 0,
        _ => count(position, depth),
    }
}

/// How long, in milliseconds, counting to `depth` would take, judged from the counts already
/// made: `counts[d]` is the count to depth `d` (from 0), and the deepest of them took `last_ms`.
/// Each further ply multiplies the time by the branching factor, taken as the larger of the last
/// two growths (they alternate with the side to move) and 15 % more (the tree widens as the
/// pieces come out), so that the guess errs long rather than short.
///
/// ```
/// use onitama_core::rules::perft_estimate_ms;
/// // The start's counts to depth 4, the last taking 2 ms: depth 10 is out of the question.
/// assert!(perft_estimate_ms(&[1, 10, 130, 1989, 28509], 2.0, 10) > 1e6);
/// ```
pub fn perft_estimate_ms(counts: &[u64], last_ms: f64, depth: u32) -> f64 {
    let low = counts.len().saturating_sub(1);
    let Some(plies) = (depth as usize).checked_sub(low).filter(|&p| p > 0) else {
        return last_ms;
    };
    let growth = |i: usize| match (counts.get(i.wrapping_sub(1)), counts.get(i)) {
        (Some(&before), Some(&after)) if before > 0 => after as f64 / before as f64,
        _ => 0.0,
    };
    let branching = growth(low).max(growth(low.wrapping_sub(1))) * 1.15;
    last_ms * branching.powi(plies as i32)
}

/// Each legal move with the perft count below it (depth − 1 more plies).
pub fn divide(position: &Position, depth: u32) -> Vec<(Move, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    position
        .legal_moves()
        .iter()
        .map(|&m| {
            let nodes = if position.is_winning(m) {
                1
            } else {
                let mut next = *position;
                next.play_unchecked(m);
                perft(&next, depth - 1)
            };
            (m, nodes)
        })
        .collect()
}

fn count(position: &Position, depth: u32) -> u64 {
    if depth == 1 {
        return position.count_moves();
    }
    let us = position.to_move();
    let own = position.pieces(us);
    let mut total = 0;
    let mut any_step = false;
    for card in position.cards(us) {
        for from in own {
            let targets = card.targets(us, from) & !own;
            any_step |= targets.any();
            let wins = position.winning_squares(us, from);
            total += u64::from((targets & wins).count());
            for to in targets & !wins {
                let mut next = *position;
                next.play_unchecked(Move::Step { card, from, to });
                total += count(&next, depth - 1);
            }
        }
    }
    if !any_step {
        for card in position.cards(us) {
            let mut next = *position;
            next.play_unchecked(Move::Pass { card });
            total += count(&next, depth - 1);
        }
    }
    total
}
