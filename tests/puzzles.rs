//! The puzzle solver against a plain search and hand-made positions, the shipped set
//! re-verified by exact search, the set's format and the daily pick.

use onitama::ai::puzzle::{
    Difficulty, Plan, Puzzle, colour_mirror, daily, defence, format_set, generate, parse_set, puzzle_plies, solution,
    uses_expansion, winning_moves, wins_within,
};
use onitama::rules::{Card, CardSet, Deal, Game, Move, Pack, Position, SplitMix64};
use std::collections::HashSet;

const SHIPPED: &str = include_str!("../www/puzzles.txt");

fn position(text: &str) -> Position {
    text.parse().unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn mv(text: &str) -> Move {
    text.parse().unwrap()
}

/// Whether the side to move forces a win within `plies`, by the rules alone: every move tried,
/// a win read from the position after it, no shortcut and no move ordering.
fn plain_wins(position: &Position, plies: u32) -> bool {
    plies > 0
        && position.legal_moves().iter().any(|&m| {
            let next = position.play(m).unwrap();
            next.outcome().is_some() || plain_loses(&next, plies - 1)
        })
}

/// Whether every move of the side to move lets the opponent win within `plies - 1`.
fn plain_loses(position: &Position, plies: u32) -> bool {
    plies > 0
        && position.legal_moves().iter().all(|&m| {
            let next = position.play(m).unwrap();
            next.outcome().is_none() && plain_wins(&next, plies - 1)
        })
}

/// Positions along games of random moves dealt from `pool`, the start of each game left out.
fn random_positions(games: u64, seed: u64, pool: CardSet) -> Vec<Position> {
    let mut dice = SplitMix64(seed);
    let mut positions = Vec::new();
    for game_seed in 0..games {
        let mut game = Game::from_deal(&Deal::from_seed_in(seed ^ game_seed, pool).unwrap());
        while game.outcome().is_none() && game.moves().len() < 40 {
            let moves = game.legal_moves();
            game.play(moves[(dice.next_u64() % moves.len() as u64) as usize]).unwrap();
            if game.outcome().is_none() {
                positions.push(*game.position());
            }
        }
    }
    positions
}

#[test]
fn the_solver_agrees_with_a_plain_search() {
    // The base game's deals, and a few of all 34 cards.
    let mut positions = random_positions(40, 3, Pack::Base.cards());
    positions.extend(random_positions(12, 8, CardSet::ALL));
    let mut wins = [0; 4];
    for (index, p) in positions.iter().enumerate() {
        for (slot, plies) in [1, 3, 5].into_iter().enumerate() {
            let expected = plain_wins(p, plies);
            assert_eq!(wins_within(p, plies), expected, "{p} within {plies}");
            wins[slot] += usize::from(expected);
            let plain_moves: Vec<Move> = p
                .legal_moves()
                .iter()
                .copied()
                .filter(|&m| {
                    let next = p.play(m).unwrap();
                    next.outcome().is_some() || plain_loses(&next, plies - 1)
                })
                .collect();
            assert_eq!(winning_moves(p, plies), plain_moves, "{p} within {plies}");
        }
        // Seven plies of plain search are slow: every fourth position.
        if index % 4 == 0 {
            let expected = plain_wins(p, 7);
            assert_eq!(wins_within(p, 7), expected, "{p} within 7");
            wins[3] += usize::from(expected);
        }
    }
    // The sample holds both answers at every length.
    assert!(wins.iter().all(|&w| w > 0 && w < positions.len() / 2), "{wins:?} of {}", positions.len());
}

#[test]
fn a_capture_of_the_master_is_a_win_in_one() {
    // Red's student on c3 takes Blue's master on c4 with either card.
    let p = position("5/2B2/2r2/5/R4 ox,boar crab,tiger horse r");
    assert!(wins_within(&p, 1));
    assert_eq!(winning_moves(&p, 1), [mv("boar:c3c4"), mv("ox:c3c4")]);
    assert!(!wins_within(&p, 0));
    assert_eq!(puzzle_plies(&p), None, "a win at once is no puzzle");
    // The game is over once the master is taken: nobody wins any more.
    let over = p.play(mv("ox:c3c4")).unwrap();
    assert!(!wins_within(&over, 7));
    assert_eq!(defence(&over, 7), None);
}

#[test]
fn a_forced_win_in_three_has_its_one_first_move() {
    // Red's master on c2 cannot reach c5 now. Boar to c3 gives Red tiger with the master under
    // c5, and Blue's master on e5 can neither reach c3 nor win; every other move of Red's leaves
    // the master where neither of the next cards reaches c5.
    let p = position("4B/5/5/2R2/5 dragon,boar crab,monkey tiger r");
    assert!(!wins_within(&p, 1));
    assert!(wins_within(&p, 3));
    assert_eq!(winning_moves(&p, 3), [mv("boar:c2c3")]);
    assert_eq!(puzzle_plies(&p), Some(3));
    assert_eq!(Puzzle { id: 1, position: p, plies: 3 }.check(), Ok(()));
    let too_long = Puzzle { id: 2, position: p, plies: 5 }.check().unwrap_err();
    assert_eq!(too_long, "puzzle 2 (5 plies): the side to move already wins within 3 plies");
    // Blue is lost whatever it does, but it still gets a move.
    let lost = p.play(mv("boar:c2c3")).unwrap();
    assert!(defence(&lost, 2).is_some());
}

#[test]
fn several_winning_first_moves_are_no_puzzle() {
    // Tiger comes to Red's hand whatever Red plays, and takes the master from c3 to c5: each of
    // the student's four moves wins in 3, no move of the master does.
    let p = position("4B/5/2R2/5/r4 ox,elephant crab,monkey tiger r");
    assert_eq!(winning_moves(&p, 3), ["elephant:a1b1", "elephant:a1b2", "ox:a1b1", "ox:a1a2"].map(mv));
    assert_eq!(puzzle_plies(&p), None);
    let error = Puzzle { id: 7, position: p, plies: 3 }.check().unwrap_err();
    assert!(error.starts_with("puzzle 7 (3 plies): 4 first moves win: "), "{error}");
}

#[test]
fn a_far_master_has_no_win() {
    // Every card moves forward only straight ahead, one square: Red's master needs four moves
    // forward and two to the side to reach c5, and Blue never has to move its master off e5.
    let p = position("bb2B/5/5/5/R4 boar,ox horse,crab crane r");
    assert!(!wins_within(&p, 7));
    assert!(winning_moves(&p, 7).is_empty());
    let error = Puzzle { id: 3, position: p, plies: 7 }.check().unwrap_err();
    assert_eq!(error, "puzzle 3 (7 plies): no first move forces the win");
}

#[test]
fn defence_wins_at_once_when_it_can_and_escapes_otherwise() {
    // Blue's master on c4 is attacked by Red's student on c3 (ox or boar forward).
    let threatened = position("5/2B2/2r2/5/R4 boar,ox crab,tiger horse b");
    let escape = defence(&threatened, 2).unwrap();
    assert!(!wins_within(&threatened.play(escape).unwrap(), 1), "{escape}");
    // Tiger back to c2 would walk into ox's step back: never chosen.
    assert_ne!(escape, mv("tiger:c4c2"));
    // With Red's master on c3 instead, crab takes it: a win at once comes first.
    let winning = position("5/2B2/2R2/5/5 boar,ox crab,tiger horse b");
    assert_eq!(defence(&winning, 2), Some(mv("crab:c4c3")));
}

#[test]
fn defence_puts_off_a_loss_it_cannot_avoid() {
    // After Red's right first move in a 5-ply puzzle, Blue cannot escape; its defence leaves Red
    // the full three plies to win, never a win sooner.
    let puzzle = parse_set(SHIPPED).unwrap().into_iter().find(|p| p.plies == 5).unwrap();
    let first = winning_moves(&puzzle.position, 5)[0];
    let after = puzzle.position.play(first).unwrap();
    let reply = defence(&after, 4).unwrap();
    let next = after.play(reply).unwrap();
    assert!(wins_within(&next, 3) && !wins_within(&next, 1), "{puzzle}: {first} {reply}");
}

#[test]
fn every_shipped_puzzle_passes_the_exact_check() {
    let started = std::time::Instant::now();
    let puzzles = parse_set(SHIPPED).unwrap();
    let failures: Vec<String> = puzzles.iter().filter_map(|p| p.check().err()).collect();
    assert!(failures.is_empty(), "{failures:#?}");
    eprintln!("checked {} puzzles in {:.2} s", puzzles.len(), started.elapsed().as_secs_f64());
}

#[test]
fn the_shipped_set_is_large_distinct_and_numbered() {
    let puzzles = parse_set(SHIPPED).unwrap();
    assert!(puzzles.len() >= 300, "{}", puzzles.len());
    for difficulty in Difficulty::ALL {
        let count = puzzles.iter().filter(|p| p.difficulty() == difficulty).count();
        assert!(count >= 100, "{count} {difficulty:?} puzzles");
    }
    let ids: Vec<u32> = puzzles.iter().map(|p| p.id).collect();
    assert_eq!(ids, (1..=puzzles.len() as u32).collect::<Vec<_>>());
    let mut seen = HashSet::new();
    for p in &puzzles {
        assert!(seen.insert(p.position), "puzzle {} repeats a position", p.id);
        assert!(!seen.contains(&colour_mirror(&p.position)), "puzzle {} mirrors another", p.id);
    }
    // What the file says is what the formatter writes.
    let body: String = SHIPPED.lines().filter(|l| !l.starts_with('#')).map(|l| format!("{l}\n")).collect();
    assert_eq!(format_set("", &puzzles), body);
}

#[test]
fn parse_set_names_the_bad_line() {
    let good = "1 3 4B/5/5/2R2/5 dragon,boar crab,monkey tiger r";
    let cases = [
        (format!("# set\n{good}\n2 3 4B/5/5/2R2/5 boar,dragon crab,monkey r\n"), "line 3: bad position"),
        (format!("{good}\n\nx 3 {}\n", &good[4..]), "line 3: bad id \"x\""),
        (format!("{good}\n2 9 {}\n", &good[4..]), "line 2: plies must be 3, 5 or 7, not \"9\""),
        ("# only a comment\n1 3\n".to_string(), "line 2: expected \"<id> <plies> <position>\""),
    ];
    for (text, expected) in cases {
        let error = parse_set(&text).unwrap_err();
        assert!(error.starts_with(expected), "{error}");
    }
    let set = parse_set(&format!("# a comment\n\n{good}\n")).unwrap();
    assert_eq!(set.len(), 1);
    assert_eq!(format_set("made by hand", &set), format!("# made by hand\n{good}\n"));
}

#[test]
fn the_daily_puzzle_is_fixed_by_the_date_and_moves_every_day() {
    for count in [1, 2, 3, 120, 360, 361, 1000] {
        let mut seen = HashSet::new();
        for day in -1000..1000 {
            let index = daily(count, day);
            assert!(index < count);
            assert_eq!(index, daily(count, day));
            if count > 1 {
                assert_ne!(index, daily(count, day + 1), "{count} puzzles, day {day}");
            }
            if (0..count as i64).contains(&day) {
                seen.insert(index);
            }
        }
        // Any `count` days in a row show every puzzle once.
        assert_eq!(seen.len(), count);
    }
    // Not simply the next puzzle each day.
    assert!((0..30).any(|day| daily(360, day + 1) != (daily(360, day) + 1) % 360));
    assert!(daily(360, i64::MIN) < 360 && daily(360, i64::MAX) < 360);
}

#[test]
fn the_colour_mirror_is_the_same_puzzle() {
    for puzzle in parse_set(SHIPPED).unwrap().iter().step_by(10) {
        let mirror = colour_mirror(&puzzle.position);
        assert_ne!(mirror.to_move(), puzzle.position.to_move());
        assert_eq!(colour_mirror(&mirror), puzzle.position);
        assert_eq!(puzzle_plies(&mirror), Some(puzzle.plies), "{puzzle}");
    }
}

#[test]
fn generation_is_reproducible_and_keeps_only_puzzles() {
    let first = generate(&Plan::base(2, 11), &[], &mut |_| {});
    assert_eq!(first, generate(&Plan::base(2, 11), &[], &mut |_| {}));
    assert_eq!(first.iter().map(|p| p.plies).collect::<Vec<_>>(), [3, 5, 7, 3, 5, 7]);
    assert_eq!(first.iter().map(|p| p.id).collect::<Vec<_>>(), [1, 2, 3, 4, 5, 6]);
    for puzzle in &first {
        assert_eq!(puzzle.check(), Ok(()));
        assert!(!uses_expansion(puzzle), "{puzzle}: the base game's deals");
    }
    assert_ne!(first, generate(&Plan::base(2, 12), &[], &mut |_| {}));
}

#[test]
fn expansion_puzzles_come_from_the_pool_with_a_card_beyond_the_base_game_numbered_on() {
    let pool = Pack::Base.cards().union(Pack::Promo.cards());
    let plan = Plan::expansion(2, 5, pool, 41);
    assert_eq!(plan.needs, Pack::Promo.cards());
    let made = generate(&plan, &[], &mut |_| {});
    assert_eq!(made, generate(&plan, &[], &mut |_| {}), "the same plan, the same puzzles");
    assert_eq!(made.iter().map(|p| p.id).collect::<Vec<_>>(), [41, 42, 43, 44, 45, 46]);
    assert_eq!(made.iter().map(|p| p.plies).collect::<Vec<_>>(), [3, 5, 7, 3, 5, 7]);
    for puzzle in &made {
        assert_eq!(puzzle.check(), Ok(()));
        assert!(pool.union(puzzle.cards()) == pool, "{puzzle}: dealt from the pool");
        assert!(puzzle.cards().any(|card| card == Card::Goat || card == Card::Sheep), "{puzzle}: a promo card");
    }
    // Given them as earlier puzzles, the same plan finds others (their mirrors skipped as well).
    let again = generate(&plan, &made, &mut |_| {});
    for puzzle in &again {
        let repeats = |earlier: &Puzzle| {
            earlier.position == puzzle.position || earlier.position == colour_mirror(&puzzle.position)
        };
        assert!(!made.iter().any(repeats), "{puzzle} was given as earlier");
    }
}

/// The last id of the base game's puzzles: those after use the expansions.
const LAST_BASE: u32 = 360;

#[test]
fn the_shipped_set_holds_the_base_puzzles_then_those_of_the_expansions() {
    let puzzles = parse_set(SHIPPED).unwrap();
    let (base, expansion): (Vec<&Puzzle>, Vec<&Puzzle>) = puzzles.iter().partition(|p| p.id <= LAST_BASE);
    assert_eq!(base.len(), LAST_BASE as usize);
    assert!(base.iter().all(|p| !uses_expansion(p)), "ids 1 to {LAST_BASE}: base cards only");
    assert!(expansion.iter().all(|p| uses_expansion(p)), "after them: each with a card beyond the base");
    for difficulty in Difficulty::ALL {
        let count = expansion.iter().filter(|p| p.difficulty() == difficulty).count();
        assert!(count >= 40, "{count} {difficulty:?} puzzles with expansion cards");
    }
    // Every card of the expansions is in some puzzle.
    let used = expansion.iter().fold(CardSet::EMPTY, |used, p| used.union(p.cards()));
    for card in Card::ALL.into_iter().filter(|card| card.pack() != Pack::Base) {
        assert!(used.contains(card), "{card:?} is in no puzzle");
    }
    // The header says how to make them again.
    let made_by = "onitama-cli puzzles --extend www/puzzles.txt --after 360 --packs base,senseis-path,promo";
    assert!(SHIPPED.lines().any(|line| line.starts_with("# Extended by: ") && line.contains(made_by)));
}

#[test]
fn every_shipped_puzzle_has_a_solution_line_of_its_plies_against_the_best_defence() {
    let set = parse_set(SHIPPED).unwrap();
    let mut slowest = [0.0f64; 3];
    for puzzle in &set {
        let started = std::time::Instant::now();
        let line = solution(&puzzle.position, puzzle.plies);
        let ms = started.elapsed().as_secs_f64() * 1000.0;
        let slot = &mut slowest[puzzle.plies as usize / 2 - 1];
        *slot = slot.max(ms);
        assert_eq!(line.len() as u32, puzzle.plies, "puzzle {}", puzzle.id);
        assert_eq!(
            line[0],
            winning_moves(&puzzle.position, puzzle.plies)[0],
            "puzzle {}: its one first move",
            puzzle.id
        );
        let mut position = puzzle.position;
        for (played, &m) in line.iter().enumerate() {
            let left = puzzle.plies - played as u32;
            if position.to_move() == puzzle.position.to_move() {
                assert!(winning_moves(&position, left).contains(&m), "puzzle {}: {m} wins within {left}", puzzle.id);
            } else {
                assert_eq!(defence(&position, left), Some(m), "puzzle {}: the best defence", puzzle.id);
            }
            position = position.play(m).unwrap();
        }
        assert_eq!(position.outcome().and_then(|o| o.winner()), Some(puzzle.position.to_move()));
    }
    // How long the page's thread spends on a line (it computes it natively, not in the worker).
    println!("slowest solution line, ms, by 3, 5, 7 plies: {slowest:.2?}");
}

#[test]
fn a_position_without_a_forced_win_has_no_solution() {
    let start = Game::from_deal(&Deal::from_seed(4));
    assert_eq!(solution(start.position(), 7), Vec::<Move>::new());
    let puzzle = parse_set(SHIPPED).unwrap().into_iter().find(|p| p.plies == 5).unwrap();
    assert_eq!(solution(&puzzle.position, 3), Vec::<Move>::new(), "not within fewer plies");
}
