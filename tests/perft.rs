//! Move generation checked against the published perft figures of rules.md.

use onitama::rules::{Position, divide, perft, perft_estimate_ms};

/// (position, figures for depth 1, 2, …) — the rows of rules.md, the first side listed to move.
const ROWS: [(&str, &[u64]); 4] = [
    (
        "bbBbb/5/5/5/rrRrr ox,boar horse,elephant crab r",
        &[10, 130, 1989, 28509, 487780, 7748422, 137281607, 2353802670],
    ),
    ("bbBbb/5/5/5/rrRrr rooster,tiger rabbit,cobra frog r", &[9, 72, 880, 10374, 138879, 1781181, 24489752, 324013378]),
    (
        "bbBbb/5/5/5/rrRrr goose,dragon mantis,eel crane r",
        &[10, 120, 1272, 16445, 211643, 2793554, 39359208, 537916817],
    ),
    (
        "bbBbb/5/5/5/rrRrr crab,dragon monkey,tiger mantis r",
        &[11, 143, 1807, 23949, 325011, 4619275, 64873385, 949933361, 13734198945],
    ),
];

fn check_rows(max_depth: usize, min_depth: usize) {
    for (text, figures) in ROWS {
        let position: Position = text.parse().unwrap();
        for (depth, &expected) in figures.iter().enumerate().map(|(i, f)| (i + 1, f)) {
            if (min_depth..=max_depth).contains(&depth) {
                assert_eq!(perft(&position, depth as u32), expected, "{text} depth {depth}");
            }
        }
    }
}

#[test]
fn published_figures_to_depth_7() {
    check_rows(7, 1);
}

/// Depth 8 takes several seconds: `cargo test --release --test perft -- --ignored`
/// (the CLI's `perft` prints the same figures with timings).
#[test]
#[ignore]
fn published_figures_at_depth_8() {
    check_rows(8, 8);
}

/// Blue moving first from the mirrored deal sees the same tree as Red: the start is symmetric.
#[test]
fn blue_to_move_from_the_start_matches_red() {
    for (text, figures) in ROWS {
        let fields: Vec<&str> = text.split(' ').collect();
        let mirrored = format!("{} {} {} {} b", fields[0], fields[2], fields[1], fields[3]);
        let position: Position = mirrored.parse().unwrap();
        for depth in 1..=5 {
            assert_eq!(perft(&position, depth), figures[depth as usize - 1], "{mirrored} depth {depth}");
        }
    }
}

#[test]
fn divide_adds_up_to_perft() {
    for (text, _) in ROWS {
        let position: Position = text.parse().unwrap();
        let total: u64 = divide(&position, 4).iter().map(|(_, n)| n).sum();
        assert_eq!(total, perft(&position, 4));
        assert_eq!(divide(&position, 4).len(), position.legal_moves().len());
    }
}

/// The same from→to with two cards is two moves (ox and horse both step forward).
#[test]
fn same_jump_with_two_cards_counts_twice() {
    let position: Position = "4B/5/5/5/R4 ox,horse crab,boar tiger r".parse().unwrap();
    let moves: Vec<String> = position.legal_moves().iter().map(|m| m.to_string()).collect();
    assert!(moves.contains(&"ox:a1a2".to_string()) && moves.contains(&"horse:a1a2".to_string()));
    assert_eq!(perft(&position, 1), moves.len() as u64);
}

/// A position without a legal jump has exactly two moves: the passes.
#[test]
fn a_blocked_position_has_two_moves() {
    let position: Position = "Rrrrr/5/5/5/B4 elephant,crab tiger,ox boar r".parse().unwrap();
    assert_eq!(perft(&position, 1), 2);
    let below: u64 = position.legal_moves().iter().map(|&m| perft(&position.play(m).unwrap(), 2)).sum();
    assert_eq!(perft(&position, 3), below);
}

/// A winning move is a leaf: it is counted and not followed.
#[test]
fn winning_moves_are_leaves() {
    // Red's master one step from the Blue temple; ox steps forward.
    let position: Position = "b3B/2R2/5/5/5 ox,horse crab,boar tiger r".parse().unwrap();
    let winning = position.legal_moves().iter().filter(|&&m| position.is_winning(m)).count();
    assert_eq!(winning, 2);
    let expected: u64 = position
        .legal_moves()
        .iter()
        .map(|&m| if position.is_winning(m) { 1 } else { perft(&position.play(m).unwrap(), 1) })
        .sum();
    assert_eq!(perft(&position, 2), expected);
}

/// The page refuses a count that would pass its cap from a guess made at depth 4: the guess must
/// never fall short of the real growth (time goes with the count), nor overshoot wildly.
#[test]
fn the_guess_from_depth_4_errs_long_but_not_far() {
    for (text, figures) in ROWS {
        let counts: Vec<u64> = std::iter::once(1).chain(figures[..4].iter().copied()).collect();
        for depth in 5..=figures.len() {
            let guessed = perft_estimate_ms(&counts, 1.0, depth as u32);
            let real = figures[depth - 1] as f64 / figures[3] as f64;
            assert!(guessed >= real && guessed < 3.0 * real, "{text} depth {depth}: guessed {guessed}, real {real}");
        }
    }
    let start = [1, 10, 130, 1989, 28509];
    // A few milliseconds at depth 4: depth 10 is refused at once, depth 5 is made.
    assert!(perft_estimate_ms(&start, 3.0, 10) > 10_000.0);
    assert!(perft_estimate_ms(&start, 3.0, 5) < 10_000.0);
    assert_eq!(perft_estimate_ms(&start, 3.0, 4), 3.0, "the depth timed takes what it took");
    assert_eq!(perft_estimate_ms(&[1, 0], 3.0, 8), 0.0, "no moves, nothing to count");
}
