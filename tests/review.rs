//! Game review: each move classed by what it lost against the engine's best move.

use onitama::ai::review::{MoveClass, classify, review};
use onitama::ai::{Engine, Limits, Score};
use onitama::rules::{Deal, Game, SplitMix64};

fn engine() -> Engine {
    Engine::new(16, onitama::ai::system_clock)
}

fn depth(d: u32) -> Limits {
    Limits { depth: Some(d), ..Limits::default() }
}

#[test]
fn classes_follow_what_a_move_lost() {
    assert_eq!(classify(Score::Value(40), Score::Value(40), true), MoveClass::Best);
    assert_eq!(classify(Score::Value(40), Score::Value(10), false), MoveClass::Good);
    assert_eq!(classify(Score::Value(40), Score::Value(-40), false), MoveClass::Inaccuracy);
    assert_eq!(classify(Score::Value(40), Score::Value(-200), false), MoveClass::Mistake);
    assert_eq!(classify(Score::Value(40), Score::Value(-400), false), MoveClass::Blunder);
    // Forced results first.
    assert_eq!(classify(Score::Win(3), Score::Value(900), false), MoveClass::Blunder, "a forced win thrown away");
    assert_eq!(classify(Score::Value(0), Score::Loss(4), false), MoveClass::Blunder, "a forced loss walked into");
    assert_eq!(classify(Score::Win(3), Score::Win(5), false), MoveClass::Good, "a forced win kept is no mistake");
    assert_eq!(classify(Score::Loss(2), Score::Loss(2), false), MoveClass::Good);
}

#[test]
fn a_move_that_throws_away_a_win_at_once_is_a_blunder_and_the_win_is_shown() {
    let record = "start 5/5/2B2/2R2/5 crab,boar horse,elephant ox r\nmoves boar:c2b2 elephant:c3b2\n";
    let game = Game::from_record(record).unwrap();
    let reviews = review(&game, &mut engine(), depth(6), None, &mut |_, _| true);
    assert_eq!(reviews.len(), 2);
    assert_eq!(reviews[0].class, MoveClass::Blunder);
    assert_eq!(reviews[0].best.map(|m| m.to_string()).as_deref(), Some("crab:c2c3"));
    assert_eq!(reviews[0].score_before, Score::Win(1));
    assert_eq!(reviews[1].class, MoveClass::Best, "taking the master is the best move");
}

/// Plays seeded random games until the side to move has a forced win in exactly 3 plies and a
/// move that does not keep a forced win: the position, a winning first move, a move that is not.
fn forced_win_in_three() -> (Game, String, String) {
    let mut engine = engine();
    for seed in 0..400u64 {
        let mut game = Game::from_deal(&Deal::from_seed(seed));
        let mut dice = SplitMix64(seed ^ 0xABCD);
        for _ in 0..40 {
            if game.outcome().is_some() {
                break;
            }
            let position = *game.position();
            let found = engine.search(&position, game.positions(), depth(5), &mut |_| {});
            if found.info.score == Score::Win(3) {
                let winning = found.best.unwrap();
                for m in game.legal_moves().iter().copied().filter(|&m| m != winning) {
                    let mut after = game.clone();
                    after.play(m).unwrap();
                    if after.outcome().is_none() {
                        let reply = engine.search(after.position(), after.positions(), depth(5), &mut |_| {});
                        if !matches!(reply.info.score, Score::Loss(_)) {
                            return (game, winning.to_string(), m.to_string());
                        }
                    }
                }
            }
            let legal = game.legal_moves();
            let m = legal[(dice.next_u64() % legal.len() as u64) as usize];
            game.play(m).unwrap();
        }
    }
    panic!("no forced win in 3 found in 400 seeded games");
}

#[test]
fn a_move_that_turns_a_forced_win_in_three_into_less_is_a_blunder_and_keeping_it_is_not() {
    let (game, winning, other) = forced_win_in_three();
    let start = game.to_record();
    let with = |m: &str| Game::from_record(&format!("{start}moves {m}\n")).unwrap();
    let last = |game: &Game| review(game, &mut engine(), depth(5), None, &mut |_, _| true).pop().unwrap();
    let thrown = last(&with(&other));
    assert_eq!(thrown.class, MoveClass::Blunder, "{other} from a forced win in 3");
    assert_eq!(thrown.score_before, Score::Win(3));
    assert_eq!(thrown.best.map(|m| m.to_string()), Some(winning.clone()), "the winning move is shown");
    let kept = last(&with(&winning));
    assert!(matches!(kept.class, MoveClass::Best | MoveClass::Good), "{winning}: {:?}", kept.class);
}

#[test]
fn a_review_can_be_stopped() {
    let game = Game::from_record(
        "start bbBbb/5/5/5/rrRrr ox,boar horse,elephant crab b\nmoves horse:c5c4 ox:c1c2 elephant:b5a4\n",
    )
    .unwrap();
    let mut seen = Vec::new();
    let reviews = review(&game, &mut engine(), depth(3), None, &mut |entry, all| {
        seen.push((entry.ply, all));
        entry.ply < 2
    });
    assert_eq!(reviews.len(), 2);
    assert_eq!(seen, [(1, 3), (2, 3)]);
}

/// Red's mouse or rat takes Blue's master from c2; rat's step aside throws the win away, and
/// Blue's panda takes Red's master on b2.
const EXPANSION_BLUNDER: &str = "start 5/5/2B2/2R2/5 mouse,rat panda,dog giraffe r\nmoves rat:c2b2 panda:c3b2\n";

#[test]
fn a_game_with_expansion_cards_is_reviewed_like_a_base_one() {
    let game = Game::from_record(EXPANSION_BLUNDER).unwrap();
    let reviews = review(&game, &mut engine(), depth(6), None, &mut |_, _| true);
    assert_eq!(reviews.len(), 2);
    assert_eq!(reviews[0].class, MoveClass::Blunder);
    assert_eq!(reviews[0].score_before, Score::Win(1));
    let best = reviews[0].best.unwrap();
    assert!(game.positions()[0].is_winning(best), "{best} takes the master");
    assert!(["mouse:c2c3", "rat:c2c3"].contains(&best.to_string().as_str()), "{best}");
    assert_eq!(reviews[1].class, MoveClass::Best, "taking the master with panda is the best move");
}

#[test]
fn every_move_of_a_game_dealt_from_all_34_cards_is_reviewed_from_its_record() {
    use onitama::rules::{CardSet, Pack};
    // The first seeded deal of all 34 cards with three of the expansions' cards or more.
    let deal = (0..)
        .map(|seed| Deal::from_seed_in(seed, CardSet::ALL).unwrap())
        .find(|deal| deal.cards().iter().filter(|card| card.pack() != Pack::Base).count() >= 3)
        .unwrap();
    let mut game = Game::from_deal(&deal);
    let mut engine = engine();
    while game.outcome().is_none() && game.moves().len() < 14 {
        let best = engine.search(game.position(), game.positions(), depth(2), &mut |_| {}).best.unwrap();
        game.play(best).unwrap();
    }
    // Written and read back as the Records dialog and review on the page do.
    let read = Game::from_record(&game.to_record()).unwrap();
    assert_eq!(read.moves(), game.moves());
    let reviews = review(&read, &mut engine, depth(3), None, &mut |_, _| true);
    assert_eq!(reviews.len(), game.moves().len());
    for (index, entry) in reviews.iter().enumerate() {
        let before = &game.positions()[index];
        assert_eq!((entry.ply, entry.played), (index + 1, game.moves()[index]));
        let best = entry.best.expect("a best move for every move");
        assert!(before.legal_moves().contains(&best), "ply {}: {best} is legal", entry.ply);
        assert_eq!(entry.line.first(), Some(&best), "ply {}: the line starts with the best move", entry.ply);
        assert_eq!(entry.class, classify(entry.score_before, entry.score_after, entry.played == best));
        if entry.played == best {
            assert_eq!(entry.class, MoveClass::Best, "ply {}", entry.ply);
        }
    }
    // Each move's score after it is the next move's score before, from the other side.
    for pair in reviews.windows(2) {
        assert_eq!(pair[0].score_after, pair[1].score_before.negate(), "ply {}", pair[0].ply);
    }
}

#[test]
fn an_ending_the_tables_know_is_judged_by_them_and_said_exact() {
    use onitama::ai::exact::TableCache;
    use onitama::ai::review::ReviewTables;
    // Blue to move wins in 3 plies by taking the student first; a slower move is judged too.
    let start: onitama::rules::Position = "5/2B2/2r2/5/R4 ox,boar crab,tiger horse b".parse().unwrap();
    let mut game = Game::new(start);
    let mut cache = TableCache::new();
    for _ in 0..3 {
        let Ok((m, _)) = cache.best_move(game.position(), &game.positions()[..game.positions().len() - 1], 3) else {
            break;
        };
        game.play(m).unwrap();
    }
    assert!(game.outcome().is_some(), "perfect play wins");
    let tables = ReviewTables { tables: &mut cache, pieces: 3 };
    let reviews = review(&game, &mut engine(), depth(2), Some(tables), &mut |_, _| true);
    assert_eq!(reviews.len(), 3);
    // The first two moves lead to positions the tables know; the last ends the game.
    assert!(reviews[0].exact && reviews[1].exact && !reviews[2].exact, "{reviews:?}");
    assert_eq!(reviews[0].score_before, Score::Win(3), "the tables' value, not a search's");
    assert_eq!(reviews[0].score_after, Score::Win(2), "a perfect move keeps it (two plies left after it)");
    assert_eq!(reviews[0].best, Some(game.moves()[0]));
    assert!(reviews.iter().all(|r| r.class == onitama::ai::review::MoveClass::Best), "{reviews:?}");
    // Without tables, the same game is searched: nothing is said exact.
    let searched = review(&game, &mut engine(), depth(2), None, &mut |_, _| true);
    assert!(searched.iter().all(|r| !r.exact));
}
