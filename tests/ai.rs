//! The engine against answers derived by exhaustive search, and its contracts: always a legal
//! move, deterministic at a fixed depth, aware of repetitions.

use onitama::ai::puzzle::{colour_mirror, parse_set, winning_moves};
use onitama::ai::{Engine, Level, LevelPlayer, Limits, LinesInfo, Options, Score, evaluate, features, is_quiet};
use onitama::rules::{Deal, Game, Move, MoveList, Position, SplitMix64};
use std::num::NonZeroUsize;

fn clock() -> f64 {
    onitama::ai::system_clock()
}

fn moves_of(position: &Position) -> MoveList {
    let mut list = MoveList::new();
    position.generate(&mut list);
    list
}

/// Whether the side to move can force a win within `plies` plies (odd), by plain exhaustive search.
fn wins_within(position: &Position, plies: u32) -> bool {
    if position.winning_move().is_some() {
        return true;
    }
    plies >= 3 && moves_of(position).iter().any(|&m| loses_within(&position.play(m).unwrap(), plies - 1))
}

/// Whether every move of the side to move lets the opponent win within `plies - 1` more plies.
fn loses_within(position: &Position, plies: u32) -> bool {
    position.winning_move().is_none()
        && moves_of(position).iter().all(|&m| {
            let next = position.play(m).unwrap();
            next.outcome().is_none() && wins_within(&next, plies - 1)
        })
}

/// Positions from random games (fixed seeds), the side to move not yet won.
fn sample_positions(count: usize) -> Vec<Position> {
    let mut dice = SplitMix64(42);
    let mut found = Vec::new();
    let mut seed = 0;
    while found.len() < count {
        seed += 1;
        let mut game = Game::from_deal(&Deal::from_seed(seed));
        let plies = 4 + dice.next_u64() % 24;
        for _ in 0..plies {
            let moves = game.legal_moves();
            if moves.is_empty() {
                break;
            }
            let m = moves[(dice.next_u64() % moves.len() as u64) as usize];
            if game.position().is_winning(m) {
                break;
            }
            game.play(m).unwrap();
        }
        if game.outcome().is_none() {
            found.push(*game.position());
        }
    }
    found
}

fn search(position: &Position, depth: u32) -> (Move, Score) {
    let mut engine = Engine::new(8, clock);
    let result = engine.search(position, &[], Limits { depth: Some(depth), ..Limits::default() }, &mut |_| {});
    (result.best.expect("a move"), result.info.score)
}

/// Finds positions whose shortest forced win is exactly `plies`, and checks the engine finds it.
fn check_forced_wins(plies: u32, wanted: usize) {
    let mut checked = 0;
    for position in sample_positions(4000) {
        if checked == wanted {
            break;
        }
        if (plies > 1 && wins_within(&position, plies - 2)) || !wins_within(&position, plies) {
            continue;
        }
        let (best, score) = search(&position, plies + 1);
        assert_eq!(score, Score::Win(plies), "{position}");
        let next = position.play(best).unwrap();
        assert!(
            next.outcome().is_some() || loses_within(&next, plies - 1),
            "{position}: {best} does not force the win"
        );
        checked += 1;
    }
    assert_eq!(checked, wanted, "not enough positions with a win in exactly {plies}");
}

#[test]
fn finds_every_win_in_one() {
    check_forced_wins(1, 10);
}

#[test]
fn finds_forced_wins_in_three() {
    check_forced_wins(3, 10);
}

#[test]
fn finds_forced_wins_in_five() {
    check_forced_wins(5, 5);
}

/// Positions where only one or two moves avoid a loss within 4 plies: the engine plays one of them.
#[test]
fn finds_the_only_moves_that_save_the_game() {
    let mut checked = 0;
    for position in sample_positions(3000) {
        if checked == 6 {
            break;
        }
        if position.winning_move().is_some() {
            continue;
        }
        let moves = moves_of(&position);
        if moves.len() < 4 {
            continue;
        }
        let saving: Vec<Move> =
            moves.iter().copied().filter(|&m| !wins_within(&position.play(m).unwrap(), 3)).collect();
        if saving.is_empty() || saving.len() > 2 {
            continue;
        }
        let (best, score) = search(&position, 6);
        assert!(saving.contains(&best), "{position}: played {best}, saving moves {saving:?}");
        assert!(!matches!(score, Score::Loss(plies) if plies <= 4), "{position}: {score}");
        checked += 1;
    }
    assert_eq!(checked, 6, "not enough positions with only one or two saving moves");
}

#[test]
fn a_fixed_depth_search_is_deterministic() {
    for position in sample_positions(5) {
        let limits = Limits { depth: Some(7), ..Limits::default() };
        let first = Engine::new(8, clock).search(&position, &[], limits, &mut |_| {});
        let second = Engine::new(8, clock).search(&position, &[], limits, &mut |_| {});
        assert_eq!(first.best, second.best);
        assert_eq!(first.info.nodes, second.info.nodes);
        assert_eq!(first.info.pv, second.info.pv);
    }
}

#[test]
fn always_returns_a_legal_move_under_any_limit() {
    let limits = [
        Limits { nodes: Some(1), ..Limits::default() },
        Limits { movetime_ms: Some(0.0), ..Limits::default() },
        Limits { depth: Some(1), ..Limits::default() },
        Limits { movetime_ms: Some(5.0), ..Limits::default() },
    ];
    let blocked: Position = "Rrrrr/5/5/5/B4 elephant,crab tiger,ox boar r".parse().unwrap();
    for position in sample_positions(20).into_iter().chain([blocked]) {
        for limit in limits {
            let result = Engine::new(1, clock).search(&position, &[], limit, &mut |_| {});
            let best = result.best.expect("a move");
            assert!(position.legal_moves().contains(&best), "{position}: {best} under {limit:?}");
        }
    }
    let mut game = Game::new("5/2B2/2r2/5/R4 ox,boar crab,tiger horse r".parse().unwrap());
    game.play("ox:c3c4".parse().unwrap()).unwrap();
    let over = Engine::new(1, clock).search(game.position(), &[], limits[2], &mut |_| {});
    assert_eq!(over.best, None, "no move once the game is over");
}

/// Finished positions read from notation, where the side to move could still "capture" the
/// enemy master or reach its temple: nothing panics, and no move comes back.
#[test]
fn a_finished_position_gets_no_move_and_no_panic() {
    let finished = [
        // Blue's master captured; Blue's student on b5 could take Red's master on b3 with tiger.
        ("1b3/5/1R3/5/5 crab,boar tiger,ox horse b", true),
        // Blue has nothing left.
        ("5/5/5/5/R4 crab,boar tiger,ox horse b", false),
        // Red's master on c5; Blue's on c4 could capture it with ox.
        ("2R2/2B2/5/5/5 crab,boar tiger,ox horse b", true),
        // Blue's master on c1 beside Red's: Red to move could capture it with boar.
        ("5/5/5/5/1RB2 boar,cobra tiger,ox horse r", true),
    ];
    let limits = [
        Limits { depth: Some(1), ..Limits::default() },
        Limits { depth: Some(6), ..Limits::default() },
        Limits { nodes: Some(1), ..Limits::default() },
        Limits { movetime_ms: Some(5.0), ..Limits::default() },
    ];
    for (text, could_win) in finished {
        let position: Position = text.parse().unwrap_or_else(|e| panic!("{text}: {e}"));
        assert!(position.outcome().is_some(), "{text}");
        assert_eq!(position.winning_move().is_some(), could_win, "{text}");
        for limit in limits {
            let mut calls = 0;
            let result = Engine::new(1, clock).search(&position, &[position], limit, &mut |_| calls += 1);
            assert_eq!(result.best, None, "{text} under {limit:?}");
            assert_eq!(calls, 0, "no depth is searched");
        }
        for level in Level::ALL.into_iter().filter(|level| level.movetime_ms.is_none()) {
            let mut player = LevelPlayer::new(level, Engine::new(1, clock), 1);
            assert_eq!(player.choose(&position, &[]), None, "{text} at {}", level.name);
        }
        // The pieces of the evaluation stay finite and answer for a finished game.
        assert!(evaluate(&position).abs() <= 5000);
        assert_eq!(features(&position).is_none(), position.master(position.to_move()).is_none());
        // A position with a win at once is never quiet; the one without (Blue has nothing left)
        // threatens nothing either.
        assert_eq!(is_quiet(&position), !could_win, "{text}");
    }
}

/// Quiet means that neither side could win with its next move: not the side to move, nor its
/// opponent were it to move.
#[test]
fn a_win_at_once_on_either_side_is_not_quiet() {
    let start: Position = "bbBbb/5/5/5/rrRrr ox,boar horse,elephant crab r".parse().unwrap();
    assert!(is_quiet(&start));
    // Red's student on c3 can take Blue's master on c4.
    let winning: Position = "5/2B2/2r2/5/R4 ox,boar crab,tiger horse r".parse().unwrap();
    assert!(!is_quiet(&winning));
    // Blue's student on c3 threatens Red's master on c2 with crab; Red has no win of its own.
    let threatened: Position = "B4/5/2b2/2R2/5 ox,boar crab,tiger horse r".parse().unwrap();
    assert_eq!(threatened.winning_move(), None);
    assert!(!is_quiet(&threatened));
}

#[test]
fn info_reports_each_depth_with_a_principal_variation() {
    let position = sample_positions(1)[0];
    let mut depths = Vec::new();
    let limits = Limits { depth: Some(6), ..Limits::default() };
    let result = Engine::new(8, clock).search(&position, &[], limits, &mut |info| {
        assert!(!info.pv.is_empty());
        let mut at = position;
        for &m in &info.pv {
            at = at.play(m).expect("the principal variation is legal");
        }
        depths.push(info.depth);
    });
    assert_eq!(depths, [1, 2, 3, 4, 5, 6]);
    assert_eq!(result.best, Some(result.info.pv[0]));
}

fn search_after(position: &Position, earlier: &[Position], depth: u32) -> (Move, Score) {
    let limits = Limits { depth: Some(depth), ..Limits::default() };
    let result = Engine::new(8, clock).search(position, earlier, limits, &mut |_| {});
    (result.best.expect("a move"), result.info.score)
}

fn quiet_moves(position: &Position) -> Vec<Move> {
    let enemies = position.pieces(position.to_move().other());
    moves_of(position)
        .iter()
        .copied()
        .filter(|m| matches!(m, Move::Step { to, .. } if !enemies.contains(*to)))
        .collect()
}

/// When the position after the engine's favourite move already occurred, a winning engine plays
/// another move (scoring it above a draw) or, if it still plays it, knows it is a draw.
#[test]
fn the_winning_side_walks_into_a_repetition_only_knowingly() {
    let mut avoided = 0;
    for position in sample_positions(400) {
        let (best, score) = search_after(&position, &[], 5);
        if !matches!(score, Score::Value(v) if v > 80) || !quiet_moves(&position).contains(&best) {
            continue;
        }
        let repeated = position.play(best).unwrap();
        let (again, score_again) = search_after(&position, &[repeated], 5);
        if again == best {
            assert_eq!(score_again, Score::Value(0), "{position}: repeats with {best} but scores {score_again}");
        } else {
            assert!(
                !matches!(score_again, Score::Value(v) if v <= 0) && !matches!(score_again, Score::Loss(_)),
                "{position}: avoided the repetition for {again} scoring {score_again}"
            );
            avoided += 1;
        }
    }
    assert!(avoided >= 5, "only {avoided} positions exercised the avoidance");
}

/// A losing engine that can repeat a position takes the draw: its score is never below it.
#[test]
fn the_losing_side_finds_a_saving_repetition() {
    let mut saved = 0;
    for position in sample_positions(400) {
        let (_, score) = search_after(&position, &[], 5);
        if !matches!(score, Score::Value(v) if v < -80) && !matches!(score, Score::Loss(_)) {
            continue;
        }
        let Some(&quiet) = quiet_moves(&position).first() else {
            continue;
        };
        let repeated = position.play(quiet).unwrap();
        let (best, score_now) = search_after(&position, &[repeated], 5);
        assert_eq!(score_now, Score::Value(0), "{position}: {best} scores {score_now} although {quiet} draws");
        saved += 1;
    }
    assert!(saved >= 5, "only {saved} losing positions found");
}

/// Every shipped puzzle is a forced win in exactly `plies` with one winning first move (checked
/// exactly in tests/puzzles.rs): the engine, pruning, reducing and extending as it plays, must find
/// that win and that move two plies past the puzzle's length (late move reductions may hide a win
/// at its exact depth). With futility pruning or internal iterative reduction off it must still see
/// a forced win within that depth (one puzzle's win in 7 then shows as a win in 9). So for the base
/// game's puzzles, every one; of those with the expansions' cards a few hide their win two
/// plies deeper (3 of 360 when they were added: 629 and 690 with every switch on, 462 with
/// futility off; since singular extensions, 407, 462, 629 and 690 with every switch on), at most
/// 2 in 100 of them, and those show a forced win within the puzzle's length and two plies at a
/// search two plies deeper.
#[test]
fn the_pruned_search_finds_every_puzzle_win() {
    let set = onitama::ai::puzzle::parse_set(include_str!("../www/puzzles.txt")).unwrap();
    assert!(set.len() >= 300);
    let search = |options: Options, extra: u32| {
        let mut engine = Engine::with_options(8, clock, options);
        move |puzzle: &onitama::ai::puzzle::Puzzle| {
            engine.clear();
            let limits = Limits { depth: Some(puzzle.plies + extra), ..Limits::default() };
            engine.search(&puzzle.position, &[], limits, &mut |_| {})
        }
    };
    let within = |score: Score, plies: u32| matches!(score, Score::Win(n) if n <= plies);
    let without_futility = Options { futility: false, ..Options::default() };
    let without_internal_reduction = Options { internal_reduction: false, ..Options::default() };
    for (name, options) in [
        ("every switch on", Options::default()),
        ("futility off", without_futility),
        ("no internal reduction", without_internal_reduction),
    ] {
        let (mut at_two, mut at_four) = (search(options, 2), search(options, 4));
        let mut hidden = Vec::new();
        for puzzle in &set {
            let result = at_two(puzzle);
            let found = if options == Options::default() {
                let winning = onitama::ai::puzzle::winning_moves(&puzzle.position, puzzle.plies);
                result.info.score == Score::Win(puzzle.plies) && winning == vec![result.best.unwrap()]
            } else {
                within(result.info.score, puzzle.plies + 2)
            };
            if found {
                continue;
            }
            assert!(
                onitama::ai::puzzle::uses_expansion(puzzle),
                "{name}: puzzle {}: {} scored {} ({:?})",
                puzzle.id,
                puzzle.position,
                result.info.score,
                result.best
            );
            let deeper = at_four(puzzle).info.score;
            assert!(within(deeper, puzzle.plies + 2), "{name}: puzzle {} scored {deeper} two plies deeper", puzzle.id);
            hidden.push(puzzle.id);
        }
        let expansion = set.iter().filter(|p| onitama::ai::puzzle::uses_expansion(p)).count();
        println!("{name}: wins hidden at two plies past the puzzle: {hidden:?} of {expansion} with expansion cards");
        assert!(hidden.len() * 50 <= expansion, "{name}: {hidden:?}");
    }
}

/// Positions from random games dealt from all 34 cards, each with an expansion card in play.
fn expansion_positions(count: usize) -> Vec<Position> {
    use onitama::rules::{CardSet, Color, Pack};
    let mut dice = SplitMix64(23);
    let mut found = Vec::new();
    let mut seed = 0;
    while found.len() < count {
        seed += 1;
        let mut game = Game::from_deal(&Deal::from_seed_in(seed, CardSet::ALL).unwrap());
        let plies = dice.next_u64() % 20;
        for _ in 0..plies {
            let moves = game.legal_moves();
            let m = moves[(dice.next_u64() % moves.len() as u64) as usize];
            if game.position().is_winning(m) {
                break;
            }
            game.play(m).unwrap();
        }
        let position = *game.position();
        let cards = Color::ALL.into_iter().flat_map(|color| position.hand(color)).chain([position.side_card()]);
        if game.outcome().is_none() && cards.into_iter().any(|card| card.pack() != Pack::Base) {
            found.push(position);
        }
    }
    found
}

#[test]
fn plays_legal_moves_on_expansion_deals() {
    let limits = [
        Limits { depth: Some(5), ..Limits::default() },
        Limits { nodes: Some(2000), ..Limits::default() },
        Limits { movetime_ms: Some(5.0), ..Limits::default() },
    ];
    let mut engine = Engine::new(8, clock);
    for position in expansion_positions(30) {
        for limit in limits {
            let best = engine.search(&position, &[], limit, &mut |_| {}).best.expect("a move");
            assert!(position.legal_moves().contains(&best), "{position}: {best} under {limit:?}");
        }
        // A win on the spot is found, whatever card gives it.
        if position.winning_move().is_some() {
            let best = search(&position, 1).0;
            assert!(position.is_winning(best), "{position}: {best} does not win");
        }
    }
}

#[test]
fn the_evaluation_reads_every_card_s_weights() {
    let weights = onitama::ai::WEIGHTS;
    for position in expansion_positions(200) {
        let sum: i32 = features(&position)
            .unwrap()
            .iter()
            .map(|&(feature, count)| i32::from(weights.0[feature as usize]) * i32::from(count))
            .sum();
        assert_eq!(sum, evaluate(&position), "{position}");
    }
    // Each card's tables are its own: the side card's weights change with the side card.
    let a: Position = "bbBbb/5/5/5/rrRrr bear,kirin fox,phoenix viper r".parse().unwrap();
    let b: Position = "bbBbb/5/5/5/rrRrr bear,kirin fox,phoenix goat r".parse().unwrap();
    assert_ne!(features(&a), features(&b));
}

#[test]
fn a_level_player_finishes_games_dealt_from_all_cards() {
    use onitama::rules::CardSet;
    for seed in 0..2 {
        let mut game = Game::from_deal(&Deal::from_seed_in(100 + seed, CardSet::ALL).unwrap());
        let mut player = LevelPlayer::new(Level::by_name("casual").unwrap(), Engine::new(1, clock), seed);
        while game.outcome().is_none() && game.moves().len() < 120 {
            let m = player.choose(game.position(), game.positions()).expect("a move");
            game.play(m).unwrap_or_else(|e| panic!("{}: {m}: {e}", game.position()));
        }
    }
}

// The best lines (multi-PV).

fn lines_of(options: Options, position: &Position, earlier: &[Position], depth: u32, count: usize) -> LinesInfo {
    let limits = Limits { depth: Some(depth), ..Limits::default() };
    let count = NonZeroUsize::new(count).unwrap();
    let found = Engine::with_options(8, clock, options).search_lines(position, earlier, limits, count, &mut |_| {});
    found.expect("lines")
}

fn scores(info: &LinesInfo) -> Vec<Score> {
    info.lines.iter().map(|line| line.score).collect()
}

/// The search without what makes a score depend on what earlier searches left behind (the table,
/// and the reductions and prunings that read the history): at a fixed depth its score is the
/// exact value of the tree it searches, whatever the order it tries the moves in.
fn exact_options() -> Options {
    Options {
        transposition_table: false,
        late_move_reductions: false,
        futility: false,
        singular_extension: false,
        internal_reduction: false,
        ..Options::default()
    }
}

/// One line is the plain search, node for node, depth by depth.
#[test]
fn one_line_is_the_plain_search() {
    for position in sample_positions(6) {
        let limits = Limits { depth: Some(6), ..Limits::default() };
        let mut infos = Vec::new();
        let plain = Engine::new(8, clock).search(&position, &[], limits, &mut |info| infos.push(info.clone()));
        let mut reports = Vec::new();
        let one = NonZeroUsize::new(1).unwrap();
        let lines = Engine::new(8, clock).search_lines(&position, &[], limits, one, &mut |info| {
            reports.push(info.clone());
        });
        assert_eq!(lines.as_ref(), reports.last(), "{position}");
        assert_eq!(reports.len(), infos.len(), "{position}");
        for (report, info) in reports.iter().zip(&infos) {
            let [line] = &report.lines[..] else { panic!("{position}: {} lines", report.lines.len()) };
            assert_eq!((report.depth, report.nodes), (info.depth, info.nodes), "{position}");
            assert_eq!(line.score, info.score, "{position} depth {}", info.depth);
            assert_eq!(line.moves().collect::<Vec<_>>(), info.pv, "{position} depth {}", info.depth);
        }
        assert_eq!(plain.best, Some(reports.last().unwrap().lines[0].first));
    }
}

/// With three lines the first is the plain search's move and score at the same depth. The full
/// engine's scores depend on what the earlier depths left in the table and the history, and the
/// other lines leave more (a few scores in a hundred then differ by some hundredths), so this is
/// checked on the exact search; where two moves score the same, either may come first.
#[test]
fn the_first_of_three_lines_is_the_plain_search() {
    for position in sample_positions(16) {
        for depth in [4, 5] {
            let limits = Limits { depth: Some(depth), ..Limits::default() };
            let plain = Engine::with_options(8, clock, exact_options()).search(&position, &[], limits, &mut |_| {});
            let found = lines_of(exact_options(), &position, &[], depth, 3);
            let (first, best) = (&found.lines[0], plain.best.unwrap());
            assert_eq!(first.score, plain.info.score, "{position} depth {depth}");
            let tied = found.lines.iter().any(|line| line.first == best && line.score == first.score)
                || found.lines.iter().all(|line| line.score == first.score);
            assert!(first.first == best || tied, "{position} depth {depth}: {} against {best}", first.first);
        }
    }
}

/// Every depth's lines: as many as asked (or as there are moves), distinct first moves, best
/// first, each line legal move by move.
#[test]
fn lines_are_distinct_sorted_and_legal_move_by_move() {
    let two: Position = "5/5/5/5/2R1B tiger,crane dragon,elephant mantis r".parse().unwrap();
    for position in sample_positions(8).into_iter().chain([two]) {
        let legal = position.legal_moves();
        let limits = Limits { depth: Some(6), ..Limits::default() };
        let mut depths = Vec::new();
        let three = NonZeroUsize::new(3).unwrap();
        Engine::new(8, clock).search_lines(&position, &[], limits, three, &mut |info| {
            depths.push(info.depth);
            assert_eq!(info.lines.len(), legal.len().min(3), "{position}");
            let firsts: Vec<Move> = info.lines.iter().map(|line| line.first).collect();
            assert!(firsts.iter().enumerate().all(|(i, m)| !firsts[..i].contains(m)), "{position}: {firsts:?}");
            let values: Vec<i32> = info.lines.iter().map(|line| line.score.to_internal()).collect();
            assert!(values.windows(2).all(|pair| pair[0] >= pair[1]), "{position}: {values:?}");
            for line in &info.lines {
                let mut at = position;
                for m in line.moves() {
                    assert!(at.outcome().is_none(), "{position}: {m} after the game ended");
                    at = at.play(m).unwrap_or_else(|e| panic!("{position}: {m} in {at}: {e}"));
                }
            }
        });
        assert!(depths.iter().copied().eq(1..=depths.len() as u32) && !depths.is_empty(), "{position}: {depths:?}");
    }
}

#[test]
fn a_position_with_two_legal_moves_gives_two_lines() {
    let two: Position = "5/5/5/5/2R1B tiger,crane dragon,elephant mantis r".parse().unwrap();
    assert_eq!(two.legal_moves().len(), 2);
    let found = lines_of(Options::default(), &two, &[], 5, 3);
    let mut firsts: Vec<Move> = found.lines.iter().map(|line| line.first).collect();
    firsts.sort_by_key(|m| m.to_string());
    let mut legal = two.legal_moves().to_vec();
    legal.sort_by_key(|m| m.to_string());
    assert_eq!(firsts, legal);
}

/// Two moves take the enemy master: both lines are wins in one ply, the third is not. A puzzle's
/// one winning first move leads with its win; no other line shows a win as short.
#[test]
fn a_forced_win_shows_as_a_win_score() {
    let position: Position = "5/2B2/2r2/5/R4 ox,boar crab,tiger horse r".parse().unwrap();
    let found = lines_of(Options::default(), &position, &[], 4, 3);
    assert_eq!(&scores(&found)[..2], [Score::Win(1), Score::Win(1)]);
    assert!(!matches!(found.lines[2].score, Score::Win(_)), "{:?}", found.lines[2]);
    let set = parse_set(include_str!("../www/puzzles.txt")).unwrap();
    for puzzle in set.iter().filter(|puzzle| puzzle.plies <= 5).take(12) {
        let found = lines_of(Options::default(), &puzzle.position, &[], puzzle.plies + 2, 3);
        let winning = winning_moves(&puzzle.position, puzzle.plies);
        assert_eq!(found.lines[0].score, Score::Win(puzzle.plies), "puzzle {}", puzzle.id);
        assert_eq!(vec![found.lines[0].first], winning, "puzzle {}", puzzle.id);
        for line in &found.lines[1..] {
            assert!(!matches!(line.score, Score::Win(n) if n <= puzzle.plies), "puzzle {}: {line:?}", puzzle.id);
        }
    }
}

/// Turned round with the colours swapped, a position is the same game: the same scores, line by
/// line (on the exact search: the full engine's pruning depends on the order moves are generated
/// in, which turning the board round changes).
#[test]
fn the_colour_swapped_position_gets_the_same_scores() {
    for position in sample_positions(16) {
        let mirror = colour_mirror(&position);
        let found = lines_of(exact_options(), &position, &[], 5, 3);
        let mirrored = lines_of(exact_options(), &mirror, &[], 5, 3);
        assert_eq!(scores(&found), scores(&mirrored), "{position} and {mirror}");
    }
}

/// Asked for every move, each legal move leads one line; a move that repeats an earlier position
/// of the game scores a draw.
#[test]
fn a_line_that_repeats_the_game_scores_a_draw() {
    let mut checked = 0;
    for position in sample_positions(12) {
        let Some(&quiet) = quiet_moves(&position).first() else { continue };
        let repeated = position.play(quiet).unwrap();
        let found = lines_of(Options::default(), &position, &[repeated], 4, MoveList::CAPACITY);
        let mut firsts: Vec<Move> = found.lines.iter().map(|line| line.first).collect();
        let mut legal = position.legal_moves().to_vec();
        firsts.sort_by_key(|m| m.to_string());
        legal.sort_by_key(|m| m.to_string());
        assert_eq!(firsts, legal, "{position}");
        let line = found.lines.iter().find(|line| line.first == quiet).unwrap();
        assert_eq!(line.score, Score::Value(0), "{position}: {quiet} repeats the game");
        checked += 1;
    }
    assert!(checked >= 8, "only {checked} positions with a quiet move");
}

/// The lines stop at a movetime or a number of nodes, with at least the first depth done; none
/// come back once the game is over.
#[test]
fn lines_respect_the_limits() {
    let three = NonZeroUsize::new(3).unwrap();
    for position in sample_positions(4) {
        let started = clock();
        let limits = Limits { movetime_ms: Some(60.0), ..Limits::default() };
        let found = Engine::new(8, clock).search_lines(&position, &[], limits, three, &mut |_| {}).unwrap();
        assert!(clock() - started < 1000.0, "{position}: {} ms", clock() - started);
        assert!(found.depth >= 1 && found.depth < 64, "{position}: depth {}", found.depth);
        // A number of nodes stops it where a search to a fixed depth passes that number.
        let strip = |info: &LinesInfo| (info.depth, info.nodes, info.lines.clone());
        let mut limited = Vec::new();
        let limits = Limits { nodes: Some(20_000), ..Limits::default() };
        Engine::new(8, clock).search_lines(&position, &[], limits, three, &mut |info| limited.push(strip(info)));
        let mut deeper = Vec::new();
        let limits = Limits { depth: Some(limited.len() as u32 + 1), ..Limits::default() };
        Engine::new(8, clock).search_lines(&position, &[], limits, three, &mut |info| deeper.push(strip(info)));
        assert!(!limited.is_empty() && deeper[..limited.len()] == limited[..], "{position}");
        assert!(deeper.last().unwrap().1 > 20_000, "{position}: {:?}", deeper.last());
    }
    let mut game = Game::new("5/2B2/2r2/5/R4 ox,boar crab,tiger horse r".parse().unwrap());
    game.play("ox:c3c4".parse().unwrap()).unwrap();
    let limits = Limits { depth: Some(3), ..Limits::default() };
    let mut calls = 0;
    let over = Engine::new(1, clock).search_lines(game.position(), &[], limits, three, &mut |_| calls += 1);
    assert_eq!((over, calls), (None, 0), "no lines once the game is over");
}
