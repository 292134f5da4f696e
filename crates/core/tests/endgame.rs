//! The exact endgame tables: checked against their own look-ahead, the colour swap and the
//! puzzles' exact search; the best move played from them, by itself and by the strongest levels;
//! hard puzzles drawn from them.
//! Only tables of at most 4 pieces are built, for two deals.

use onitama_core::ai::endgame::{Exact, Material, Tablebase, deal_of, materials_up_to, solve};
use onitama_core::ai::exact::{TableCache, Uncovered};
use onitama_core::ai::puzzle::{
    Puzzle, TablePlan, cards_of, colour_mirror, from_tables, generate_from_tables, puzzle_plies, solution,
    winning_moves, wins_within,
};
use onitama_core::ai::{Engine, Level, LevelPlayer};
use onitama_core::rules::{Card, Deal, Move, Pack, Position, SplitMix64};
use std::sync::OnceLock;

/// The base game's opening deal, and a second one (perft's second line in RULES.md).
const OPENING: &str = "bbBbb/5/5/5/rrRrr ox,boar horse,elephant crab r";
const SECOND: [Card; 5] = [Card::Rooster, Card::Tiger, Card::Rabbit, Card::Cobra, Card::Frog];

fn opening() -> &'static Tablebase {
    static TABLES: OnceLock<Tablebase> = OnceLock::new();
    TABLES.get_or_init(|| Tablebase::build(&deal_of(&OPENING.parse().unwrap()), 4))
}

fn second() -> &'static Tablebase {
    static TABLES: OnceLock<Tablebase> = OnceLock::new();
    TABLES.get_or_init(|| Tablebase::build(&Deal::new(SECOND).unwrap(), 4))
}

fn both() -> [&'static Tablebase; 2] {
    [opening(), second()]
}

/// How good a value is for the side to move: the higher the better.
fn rank(exact: Exact) -> (u8, i64) {
    match exact {
        Exact::Win(n) => (2, -i64::from(n)),
        Exact::Draw => (1, 0),
        Exact::Loss(n) => (0, i64::from(n)),
    }
}

/// The value of the best move, from the table's values one ply on.
fn look_ahead(tables: &Tablebase, position: &Position) -> Exact {
    let moves = position.legal_moves();
    assert!(!moves.is_empty(), "a position of the table has a move: {position}");
    moves
        .iter()
        .map(|&m| {
            if position.is_winning(m) {
                return Exact::Win(1);
            }
            let next = position.play(m).unwrap();
            tables.probe(&next).unwrap_or_else(|| panic!("{next} (after {m} in {position}) has a value")).before()
        })
        .max_by_key(|&exact| rank(exact))
        .unwrap()
}

/// Every position of the smallest material, and a sample of the others.
fn sample(tables: &Tablebase, material: Material, count: u64, seed: u64) -> Vec<(Position, Exact)> {
    if material.pieces() == 2 {
        return tables.positions(material).collect();
    }
    let mut dice = SplitMix64(seed);
    (0..count).filter_map(|_| tables.nth(material, dice.next_u64())).collect()
}

#[test]
fn every_value_agrees_with_one_ply_of_look_ahead_in_the_table() {
    for (deal, tables) in both().into_iter().enumerate() {
        let mut checked = 0;
        for material in tables.materials() {
            for (position, exact) in sample(tables, material, 20_000, 7 + deal as u64) {
                assert_eq!(look_ahead(tables, &position), exact, "{position}");
                assert_eq!(tables.probe(&position), Some(exact), "{position}");
                checked += 1;
            }
        }
        assert!(checked > 100_000, "{checked}");
        eprintln!("deal {deal}: {checked} positions agree with their look-ahead");
    }
}

#[test]
fn the_colour_swap_gives_the_same_value() {
    // Solved on their own, not copied from their mirrors.
    let deal = Deal::new(SECOND).unwrap();
    let each = Tablebase::build_solving_each(&deal, &materials_up_to(3));
    let copied = Tablebase::build(&deal, 3);
    assert_eq!(each.counts(), copied.counts());
    for material in each.materials() {
        for (position, exact) in each.positions(material) {
            assert_eq!(each.probe(&colour_mirror(&position)), Some(exact), "{position}");
            assert_eq!(copied.probe(&position), Some(exact), "{position}");
        }
    }
    // Rr-Bb is its own mirror: solved whole.
    for tables in both() {
        for (position, exact) in sample(tables, Material { red: 1, blue: 1 }, 30_000, 3) {
            assert_eq!(tables.probe(&colour_mirror(&position)), Some(exact), "{position}");
        }
    }
}

/// The longest win the puzzles' search is asked to find.
const HORIZON: u32 = 7;

#[test]
fn agrees_with_the_puzzles_exact_search_on_random_positions() {
    let (mut compared, mut beyond) = (0, 0);
    for (deal, tables) in both().into_iter().enumerate() {
        let mut dice = SplitMix64(2024 + deal as u64);
        let materials = tables.materials();
        let mut tried = 0;
        while tried < 700 {
            let material = materials[(dice.next_u64() % materials.len() as u64) as usize];
            let Some((p, exact)) = tables.nth(material, dice.next_u64()) else { continue };
            tried += 1;
            let after = |m| p.play(m).unwrap();
            let moves = p.legal_moves();
            match exact {
                Exact::Win(n) if n <= HORIZON => {
                    assert!(wins_within(&p, n) && (n < 3 || !wins_within(&p, n - 2)), "{p}: {exact}");
                    compared += 1;
                }
                Exact::Loss(n) if n <= HORIZON + 1 => {
                    assert!(!wins_within(&p, HORIZON), "{p}: {exact}");
                    assert!(moves.iter().all(|&m| wins_within(&after(m), n - 1)), "{p}: {exact}");
                    assert!(n < 4 || moves.iter().any(|&m| !wins_within(&after(m), n - 3)), "{p}: {exact}");
                    compared += 1;
                }
                // Beyond the search's horizon: no win it can see, and a move out of every
                // loss it can see.
                Exact::Win(_) | Exact::Loss(_) | Exact::Draw => {
                    let win = matches!(exact, Exact::Win(_));
                    assert!(!wins_within(&p, HORIZON), "{p}: {exact}");
                    assert!(win || moves.iter().any(|&m| !wins_within(&after(m), HORIZON)), "{p}: {exact}");
                    beyond += 1;
                }
            }
        }
    }
    eprintln!("compared exactly: {compared}, beyond {HORIZON} plies: {beyond}");
    assert!(compared >= 1000, "{compared} compared, {beyond} beyond the horizon");
}

#[test]
fn known_positions() {
    // Red's student on c3 takes Blue's master on c4.
    let p: Position = "5/2B2/2r2/5/R4 ox,boar crab,tiger horse r".parse().unwrap();
    assert_eq!(solve(&p), Some(Exact::Win(1)));
    // Blue to move there takes the student first (crab c4c3) and wins in 3.
    let p: Position = "5/2B2/2r2/5/R4 ox,boar crab,tiger horse b".parse().unwrap();
    assert_eq!(solve(&p), Some(Exact::Win(3)));
    assert!(wins_within(&p, 3) && !wins_within(&p, 1));
    // Red's master steps onto Blue's temple.
    let p: Position = "1B3/2R2/5/5/5 ox,tiger crab,boar horse r".parse().unwrap();
    assert_eq!(solve(&p), Some(Exact::Win(1)));
}

#[test]
fn probing_refuses_what_is_not_in_the_table() {
    let tables = opening();
    // Too many pieces.
    assert_eq!(tables.probe(&OPENING.parse().unwrap()), None);
    // Another deal's cards.
    assert_eq!(tables.probe(&"5/2B2/2r2/5/R4 ox,boar crab,tiger horse r".parse().unwrap()), None);
    // A finished game.
    assert_eq!(tables.probe(&"5/2R2/5/5/r4 ox,crab boar,elephant horse b".parse().unwrap()), None);
    assert_eq!(solve(&"5/2R2/5/5/r4 ox,crab boar,elephant horse b".parse().unwrap()), None);
}

#[test]
fn counts_add_up_and_mirrors_agree() {
    for tables in both() {
        let counts = tables.counts();
        assert_eq!(counts.len(), materials_up_to(4).len());
        for c in &counts {
            assert_eq!(c.positions, c.wins + c.losses + c.draws);
            assert!(c.positions < c.material.table_size());
            let mirror = Material { red: c.material.blue, blue: c.material.red };
            let m = counts.iter().find(|m| m.material == mirror).unwrap();
            assert_eq!((m.positions, m.wins, m.losses, m.draws), (c.positions, c.wins, c.losses, c.draws));
            if let Some((plies, position)) = &c.longest_win {
                assert_eq!(tables.probe(position), Some(Exact::Win(*plies)));
            }
        }
        let bytes = counts.iter().map(|c| c.material.table_size()).sum::<u64>();
        assert!((bytes..bytes + 10_000).contains(&(tables.memory_bytes() as u64)), "{}", tables.memory_bytes());
    }
}

/// The value of each legal move, for the side that plays it, from the table one ply on (not the
/// tables' own `value_of_move`); a move whose position is in `drawn` counts as a draw.
fn move_values(tables: &Tablebase, p: &Position, drawn: Option<&Position>) -> Vec<(Move, Exact)> {
    p.legal_moves()
        .iter()
        .map(|&m| {
            if p.is_winning(m) {
                return (m, Exact::Win(1));
            }
            let next = p.play(m).unwrap();
            if drawn == Some(&next) {
                return (m, Exact::Draw);
            }
            (m, tables.probe(&next).unwrap().before())
        })
        .collect()
}

/// Checks the best move of `p`, whose table value is `exact`: it is legal, keeps the value one
/// ply on (a win in N to a loss in N − 1 or the winning move, a draw to a draw, a loss in N to
/// a win in N − 1), and is the first legal move that does.
fn check_best_move(tables: &Tablebase, p: &Position, exact: Exact) {
    let (best, value) = tables.best_move(p, &[]).unwrap_or_else(|| panic!("{p}: no best move"));
    assert_eq!(value, exact, "{p}");
    let values = move_values(tables, p, None);
    let (_, after) = values.iter().find(|(m, _)| *m == best).unwrap_or_else(|| panic!("{p}: {best} is not legal"));
    match exact {
        Exact::Win(1) => assert!(p.is_winning(best), "{p}: {best}"),
        Exact::Win(n) => assert_eq!(tables.probe(&p.play(best).unwrap()), Some(Exact::Loss(n - 1)), "{p}: {best}"),
        Exact::Loss(n) => assert_eq!(tables.probe(&p.play(best).unwrap()), Some(Exact::Win(n - 1)), "{p}: {best}"),
        Exact::Draw => assert_eq!(tables.probe(&p.play(best).unwrap()), Some(Exact::Draw), "{p}: {best}"),
    }
    assert_eq!(*after, exact, "{p}: {best}");
    let first = values.iter().find(|(_, v)| *v == exact).map(|(m, _)| *m);
    assert_eq!(first, Some(best), "{p}: the first move of that value");
}

#[test]
fn the_best_move_keeps_the_exact_value_one_ply_on() {
    let mut draws = 0;
    for (deal, tables) in both().into_iter().enumerate() {
        let mut dice = SplitMix64(77 + deal as u64);
        let materials = tables.materials();
        let (mut wins, mut losses) = (0, 0);
        for _ in 0..4000 {
            let material = materials[(dice.next_u64() % materials.len() as u64) as usize];
            let Some((p, exact)) = tables.nth(material, dice.next_u64()) else { continue };
            check_best_move(tables, &p, exact);
            match exact {
                Exact::Win(_) => wins += 1,
                Exact::Loss(_) => losses += 1,
                Exact::Draw => draws += 1,
            }
        }
        assert!(wins >= 1000 && losses >= 500, "{wins} wins, {losses} losses");
        // Draws are rare (a few hundred in millions): every one of the 3-piece materials.
        for material in [Material { red: 0, blue: 1 }, Material { red: 1, blue: 0 }] {
            for (p, exact) in tables.positions(material).filter(|(_, e)| *e == Exact::Draw) {
                check_best_move(tables, &p, exact);
                draws += 1;
            }
        }
        eprintln!("deal {deal}: best moves of {wins} wins, {losses} losses");
    }
    assert!(draws >= 300, "{draws} draws");
}

#[test]
fn the_best_move_avoids_a_third_repetition() {
    let tables = opening();
    let mut dice = SplitMix64(5);
    let mut checked = 0;
    while checked < 300 {
        let Some((p, exact)) = tables.nth(Material { red: 1, blue: 1 }, dice.next_u64()) else { continue };
        let Exact::Win(n) = exact else { continue };
        if n == 1 {
            continue;
        }
        let (best, _) = tables.best_move(&p, &[]).unwrap();
        let next = p.play(best).unwrap();
        // That position has occurred twice: reaching it again draws the game.
        let (again, value) = tables.best_move(&p, &[next, p, next]).unwrap();
        let values = move_values(tables, &p, Some(&next));
        let best_value = values.iter().map(|(_, v)| *v).max_by_key(|v| rank(*v)).unwrap();
        assert_eq!(value, best_value, "{p}");
        assert!(values.contains(&(again, value)), "{p}: {again}");
        assert!(again != best || value == Exact::Draw, "{p}: {again} repeats");
        checked += 1;
    }
}

#[test]
fn a_table_cache_keeps_one_deal_and_grows_with_the_material() {
    let mut cache = TableCache::new();
    let small: Position = "5/2B2/2r2/5/R4 ox,boar crab,tiger horse b".parse().unwrap();
    let (best, value) = cache.best_move(&small, &[], 3).unwrap();
    assert_eq!((best.to_string().as_str(), value), ("crab:c4c3", Exact::Win(3)));
    assert_eq!(cache.materials().len(), 2);
    // Another material of the same deal (cards in other hands): built beside the ones held.
    let other_material: Position = "b4/2B2/5/5/R4 horse,boar crab,ox tiger r".parse().unwrap();
    let (_, value) = cache.best_move(&other_material, &[], 3).unwrap();
    assert_eq!(Some(value), solve(&other_material));
    assert_eq!(cache.materials().len(), 3, "{:?}", cache.materials());
    // The limit refuses what it does not cover, and a finished game is refused.
    assert_eq!(cache.best_move(&other_material, &[], 2), Err(Uncovered::TooManyPieces { pieces: 3, limit: 2 }));
    let over: Position = "5/2R2/5/5/r4 ox,crab boar,elephant horse b".parse().unwrap();
    assert_eq!(cache.best_move(&over, &[], 4), Err(Uncovered::GameOver));
    assert_eq!(cache.materials().len(), 3, "nothing built for a refusal");
    // Another deal replaces the tables.
    let other: Position = "5/2B2/5/5/R4 ox,boar horse,elephant crab r".parse().unwrap();
    assert_eq!(cache.best_move(&other, &[], 4).map(|(_, v)| v), Ok(solve(&other).unwrap()));
    assert_eq!(cache.materials().len(), 1);
}

#[test]
fn extended_tables_equal_tables_built_at_once() {
    let deal = deal_of(&"5/2B2/2r2/5/R4 ox,boar crab,tiger horse b".parse().unwrap());
    let (one, other) = (Material { red: 0, blue: 1 }, Material { red: 1, blue: 0 });
    let mut grown = Tablebase::build_with(&deal, &[one], &mut |_| {});
    grown.extend(&[other, one]);
    let at_once = Tablebase::build_with(&deal, &[one, other], &mut |_| {});
    let sorted = |mut counts: Vec<_>| {
        counts.sort_by_key(|c: &onitama_core::ai::endgame::Counts| (c.material.red, c.material.blue));
        counts
    };
    assert_eq!(grown.materials().len(), 3, "R-B, R-Bb and Rr-B, each once: {:?}", grown.materials());
    assert_eq!(sorted(grown.counts()), sorted(at_once.counts()));
}

#[test]
fn the_two_strongest_levels_play_the_tables_best_move() {
    let tables = opening();
    let mut dice = SplitMix64(31);
    let mut players = Level::ALL.map(|level| LevelPlayer::new(level, Engine::new(1, no_clock), 1));
    let mut cache = TableCache::new();
    let mut checked = 0;
    while checked < 50 {
        let Some((p, _)) = tables.nth(Material { red: 0, blue: 1 }, dice.next_u64()) else { continue };
        let (best, _) = tables.best_move(&p, &[]).unwrap();
        for player in &mut players {
            let exact = player.exact_move(&mut cache, 3, &p, &[]);
            if player.level.plays_exact_endgames() {
                assert_eq!(exact, Some(best), "{}: {p}", player.level.name);
                assert_eq!(player.choose_exact(&mut cache, 3, &p, &[]), Some(best), "{}: {p}", player.level.name);
            } else {
                assert_eq!(exact, None, "{} keeps its character", player.level.name);
            }
        }
        checked += 1;
    }
    let strongest: Vec<&str> = Level::ALL.iter().filter(|l| l.plays_exact_endgames()).map(|l| l.name).collect();
    assert_eq!(strongest, ["elite", "master"]);
    // Beyond the limit the search plays.
    let four: Position = "b4/2B2/2r2/5/R4 horse,boar crab,ox elephant r".parse().unwrap();
    assert_eq!(players[11].exact_move(&mut cache, 3, &four, &[]), None);
    assert_eq!(cache.materials().len(), 2, "nothing built beyond the limit");
}

fn no_clock() -> f64 {
    0.0
}

/// A puzzle drawn from the tables, proved by the exact search alone: a forced win of exactly its
/// plies with its one first move, and the solution line the page shows is that long.
fn check_drawn(tables: &Tablebase, puzzle: &Puzzle) {
    let p = &puzzle.position;
    assert_eq!(puzzle.plies, 7, "{puzzle}: drawn puzzles are hard");
    assert_eq!(tables.probe(p), Some(Exact::Win(7)), "{puzzle}");
    assert!(wins_within(p, 7) && !wins_within(p, 5), "{puzzle}: a forced win in exactly 7 plies");
    assert_eq!(puzzle.check(), Ok(()));
    assert_eq!(puzzle_plies(p), Some(7), "{puzzle}");
    let first = winning_moves(p, 7);
    assert_eq!(first.len(), 1, "{puzzle}: one first move");
    let line = solution(p, 7);
    assert_eq!(line.len(), 7, "{puzzle}: {line:?}");
    assert_eq!(line[0], first[0], "{puzzle}");
    let mut end = *p;
    for &m in &line {
        end = end.play(m).unwrap();
    }
    assert_eq!(end.outcome().and_then(|o| o.winner()), Some(p.to_move()), "{puzzle}");
}

#[test]
fn puzzles_drawn_from_the_tables_are_hard_puzzles_the_search_proves() {
    for (tables, seed) in both().into_iter().zip([3, 4]) {
        let drawn = from_tables(tables, 12, seed, &[], 721);
        assert_eq!(drawn.len(), 12);
        assert!(drawn.iter().map(|p| p.id).eq(721..733), "ids in turn from the first");
        for (index, puzzle) in drawn.iter().enumerate() {
            check_drawn(tables, puzzle);
            let mirror = colour_mirror(&puzzle.position);
            let repeats = |q: &Puzzle| q.position == puzzle.position || q.position == mirror;
            assert!(!drawn[..index].iter().any(repeats), "{puzzle} repeats an earlier one or its mirror");
        }
        // Several materials, not one.
        let materials: Vec<Material> = drawn.iter().map(|p| Material::of(&p.position)).collect();
        assert!(materials.iter().any(|&m| m != materials[0]), "{materials:?}");
        // The same seed draws the same puzzles; another seed others.
        assert_eq!(from_tables(tables, 12, seed, &[], 721), drawn);
        assert_ne!(from_tables(tables, 12, seed + 10, &[], 721), drawn);
        // Puzzles given as earlier, or their colour mirrors, are not drawn again.
        let mirrored: Vec<Puzzle> =
            drawn[6..].iter().map(|p| Puzzle { position: colour_mirror(&p.position), ..*p }).collect();
        let earlier = [&drawn[..6], &mirrored[..]].concat();
        let again = from_tables(tables, 12, seed, &earlier, 1);
        assert_eq!(again.len(), 12);
        for puzzle in &again {
            let mirror = colour_mirror(&puzzle.position);
            assert!(!drawn.iter().any(|q| q.position == puzzle.position || q.position == mirror), "{puzzle}");
        }
    }
}

#[test]
fn puzzles_from_the_tables_of_seeded_deals_are_the_same_for_a_seed() {
    // Tables of 3 pieces: one deal, built in a fraction of a second.
    let plan = TablePlan { per_deal: 3, pieces: 3, ..TablePlan::base(3, 5, 10) };
    let mut deals = 0;
    let drawn = generate_from_tables(&plan, &[], &mut |progress| deals = progress.games);
    assert_eq!((drawn.len(), deals), (3, 1));
    assert!(drawn.iter().map(|p| p.id).eq(10..13));
    let tables = Tablebase::build(&deal_of(&drawn[0].position), 3);
    for puzzle in &drawn {
        assert!(puzzle.offered_in(Pack::Base.cards()), "{puzzle}: the base cards");
        assert_eq!(cards_of(&puzzle.position), cards_of(&drawn[0].position), "one deal");
        check_drawn(&tables, puzzle);
    }
    assert_eq!(generate_from_tables(&plan, &[], &mut |_| {}), drawn);
}

#[test]
fn the_lines_are_every_move_best_first_each_played_on_perfectly() {
    let tables = opening();
    let mut dice = SplitMix64(31);
    for _ in 0..300 {
        let Some((p, exact)) = tables.nth(Material { red: 1, blue: 1 }, dice.next_u64()) else { continue };
        let ranked = tables.ranked_moves(&p, &[]).expect("a covered position");
        assert_eq!(ranked.len(), p.legal_moves().len(), "{p}: every legal move");
        assert_eq!(Some(ranked[0]), tables.best_move(&p, &[]), "{p}: the best first");
        assert!(ranked.windows(2).all(|w| rank(w[0].1) >= rank(w[1].1)), "{p}: best first, {ranked:?}");
        let lines = tables.lines(&p, &[], 3, 12).expect("a covered position");
        assert_eq!(lines.len(), ranked.len().min(3));
        assert_eq!(lines[0].value, exact, "{p}");
        for (line, (first, value)) in lines.iter().zip(&ranked) {
            assert_eq!((line.moves[0], line.value), (*first, *value), "{p}");
            // Legal throughout, and a win in N within the line's plies ends the game in N.
            let mut at = p;
            for (ply, &m) in line.moves.iter().enumerate() {
                assert!(at.legal_moves().contains(&m), "{p}: {m} at ply {ply} of {:?}", line.moves);
                at = at.play(m).unwrap();
            }
            if let Exact::Win(n) = line.value
                && n <= 12
            {
                assert_eq!(line.moves.len(), n as usize, "{p}: {:?}", line.moves);
                assert!(at.outcome().is_some(), "{p}: the win in {n} is played out");
            }
        }
    }
}
