//! One test per rule of rules.md.

use onitama::rules::{
    Card, CardSet, Color, Deal, DealError, Game, IllegalReason, Move, MoveError, Outcome, Pack, Piece, Position, Role,
    Square, Way, divide, perft,
};
use std::collections::{HashMap, VecDeque};

fn pos(text: &str) -> Position {
    text.parse().unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn mv(text: &str) -> Move {
    text.parse().unwrap()
}

fn sq(text: &str) -> Square {
    text.parse().unwrap()
}

fn legal(position: &Position) -> Vec<String> {
    position.legal_moves().iter().map(|m| m.to_string()).collect()
}

/// A row of the card table: name, stamp, offsets, Persian name.
type CardRow = (&'static str, Color, &'static [(i8, i8)], &'static str);

/// The base game's cards, as rules.md lists them; their place here is their index.
const BASE: [CardRow; 16] = [
    ("tiger", Color::Blue, &[(0, 2), (0, -1)], "ببر"),
    ("crab", Color::Blue, &[(0, 1), (-2, 0), (2, 0)], "خرچنگ"),
    ("monkey", Color::Blue, &[(-1, 1), (1, 1), (-1, -1), (1, -1)], "میمون"),
    ("crane", Color::Blue, &[(0, 1), (-1, -1), (1, -1)], "درنا"),
    ("dragon", Color::Red, &[(-2, 1), (2, 1), (-1, -1), (1, -1)], "اژدها"),
    ("elephant", Color::Red, &[(-1, 1), (1, 1), (-1, 0), (1, 0)], "فیل"),
    ("mantis", Color::Red, &[(-1, 1), (1, 1), (0, -1)], "آخوندک"),
    ("boar", Color::Red, &[(0, 1), (-1, 0), (1, 0)], "گراز"),
    ("frog", Color::Red, &[(-2, 0), (-1, 1), (1, -1)], "قورباغه"),
    ("rabbit", Color::Blue, &[(2, 0), (1, 1), (-1, -1)], "خرگوش"),
    ("goose", Color::Blue, &[(-1, 1), (-1, 0), (1, 0), (1, -1)], "غاز"),
    ("rooster", Color::Red, &[(1, 1), (-1, 0), (1, 0), (-1, -1)], "خروس"),
    ("horse", Color::Red, &[(0, 1), (-1, 0), (0, -1)], "اسب"),
    ("ox", Color::Blue, &[(0, 1), (1, 0), (0, -1)], "گاو"),
    ("eel", Color::Blue, &[(-1, 1), (-1, -1), (1, 0)], "مارماهی"),
    ("cobra", Color::Red, &[(-1, 0), (1, 1), (1, -1)], "کبرا"),
];

/// A row of the expansion's table: name, stamp, offsets.
type ExpansionRow = (&'static str, Color, &'static [(i8, i8)]);

/// Sensei's Path and the two promos, as the expansion's table gives them.
const EXPANSION: [ExpansionRow; 18] = [
    ("bear", Color::Blue, &[(-1, 1), (0, 1), (1, -1)]),
    ("panda", Color::Red, &[(0, 1), (1, 1), (-1, -1)]),
    ("dog", Color::Blue, &[(-1, 1), (-1, 0), (-1, -1)]),
    ("fox", Color::Red, &[(1, 1), (1, 0), (1, -1)]),
    ("giraffe", Color::Blue, &[(-2, 1), (2, 1), (0, -1)]),
    ("kirin", Color::Red, &[(-1, 2), (1, 2), (0, -2)]),
    ("mouse", Color::Blue, &[(0, 1), (1, 0), (-1, -1)]),
    ("rat", Color::Red, &[(0, 1), (-1, 0), (1, -1)]),
    ("sable", Color::Blue, &[(-2, 0), (-1, -1), (1, 1)]),
    ("otter", Color::Red, &[(-1, 1), (1, -1), (2, 0)]),
    ("sea-snake", Color::Blue, &[(0, 1), (2, 0), (-1, -1)]),
    ("viper", Color::Red, &[(0, 1), (-2, 0), (1, -1)]),
    ("tanuki", Color::Blue, &[(0, 1), (2, 1), (-1, -1)]),
    ("iguana", Color::Red, &[(-2, 1), (0, 1), (1, -1)]),
    ("phoenix", Color::Blue, &[(-2, 0), (2, 0), (-1, 1), (1, 1)]),
    ("turtle", Color::Red, &[(-2, 0), (2, 0), (-1, -1), (1, -1)]),
    ("sheep", Color::Blue, &[(1, 0), (0, -1), (-1, 1)]),
    ("goat", Color::Red, &[(-1, 0), (0, -1), (1, 1)]),
];

fn card(name: &str) -> Card {
    Card::from_name(name).unwrap_or_else(|| panic!("no card {name}"))
}

fn sorted(offsets: &[(i8, i8)]) -> Vec<(i8, i8)> {
    let mut offsets = offsets.to_vec();
    offsets.sort();
    offsets
}

/// Left and right swapped.
fn mirrored(offsets: &[(i8, i8)]) -> Vec<(i8, i8)> {
    sorted(&offsets.iter().map(|&(x, y)| (-x, y)).collect::<Vec<_>>())
}

#[test]
fn the_sixteen_base_cards_match_the_table_and_keep_their_indices() {
    for (index, (name, stamp, offsets, persian)) in BASE.into_iter().enumerate() {
        let card = card(name);
        assert_eq!((card.name(), card.stamp(), card.offsets(), card.persian_name()), (name, stamp, offsets, persian));
        assert_eq!(card.index(), index, "{name}: saved positions and seeded deals rely on its index");
        assert_eq!(card.pack(), Pack::Base, "{name}");
    }
    // Mirror pairs: the offsets of one are the other's with left and right swapped.
    for (a, b) in [("frog", "rabbit"), ("goose", "rooster"), ("eel", "cobra"), ("horse", "ox")] {
        assert_eq!(mirrored(card(a).offsets()), sorted(card(b).offsets()), "{a}/{b}");
    }
}

#[test]
fn the_eighteen_expansion_cards_match_their_table() {
    assert_eq!(Card::ALL.len(), 34);
    for (index, (name, stamp, offsets)) in EXPANSION.into_iter().enumerate() {
        let card = card(name);
        assert_eq!((card.name(), card.stamp()), (name, stamp));
        assert_eq!(sorted(card.offsets()), sorted(offsets), "{name}");
        // After the base cards, in the table's order.
        assert_eq!(card.index(), 16 + index, "{name}");
        assert_eq!(Card::ALL[card.index()], card);
        assert!(!card.persian_name().is_empty(), "{name}");
    }
}

#[test]
fn the_expansion_mirror_pairs_are_mirrored_and_the_others_symmetric() {
    let pairs = [
        ("bear", "panda"),
        ("dog", "fox"),
        ("mouse", "rat"),
        ("sable", "otter"),
        ("sea-snake", "viper"),
        ("tanuki", "iguana"),
        ("sheep", "goat"),
    ];
    for (a, b) in pairs {
        assert_eq!(mirrored(card(a).offsets()), sorted(card(b).offsets()), "{a}/{b}");
        assert_ne!(mirrored(card(a).offsets()), sorted(card(a).offsets()), "{a} is not its own mirror");
        // As in the base game, the two of a pair carry different stamps.
        assert_ne!(card(a).stamp(), card(b).stamp(), "{a}/{b}");
    }
    for name in ["giraffe", "kirin", "phoenix", "turtle"] {
        assert_eq!(mirrored(card(name).offsets()), sorted(card(name).offsets()), "{name}");
    }
    // Every expansion card is in a pair or symmetric.
    let named: usize = pairs.len() * 2 + 4;
    assert_eq!(named, EXPANSION.len());
}

#[test]
fn each_card_belongs_to_one_pack() {
    let names = |pack: Pack| pack.cards().map(|card| card.name()).collect::<Vec<_>>();
    assert_eq!(names(Pack::Base), BASE.map(|row| row.0));
    assert_eq!(names(Pack::SenseisPath), EXPANSION[..16].iter().map(|row| row.0).collect::<Vec<_>>());
    assert_eq!(names(Pack::Promo), ["sheep", "goat"]);
    for card in Card::ALL {
        assert!(card.pack().cards().contains(card), "{card}");
        assert_eq!(Pack::ALL.iter().filter(|pack| pack.cards().contains(card)).count(), 1, "{card}");
    }
    assert_eq!(Pack::ALL.map(|pack| Pack::from_code(pack.code())), Pack::ALL.map(Some));
    assert_eq!(CardSet::ALL.len(), 34);
}

#[test]
fn expansion_cards_move_as_their_offsets_say_for_both_sides() {
    // Red's kirin from c2: (−1,+2) (+1,+2) (0,−2) → b4, d4 (c0 is off the board).
    let red = pos("4B/5/5/2R2/5 kirin,phoenix sheep,goat dog r");
    let mut from_c2: Vec<String> = legal(&red).into_iter().filter(|m| m.starts_with("kirin:")).collect();
    from_c2.sort();
    assert_eq!(from_c2, ["kirin:c2b4", "kirin:c2d4"]);
    // Blue's sea-snake from c3, turned: (0,−1) (−2,0) (+1,+1) in Red's coordinates → c2, a3, d4.
    let blue = pos("R4/5/2B2/5/5 kirin,phoenix sea-snake,goat dog b");
    let mut from_c3: Vec<String> = legal(&blue).into_iter().filter(|m| m.starts_with("sea-snake:")).collect();
    from_c3.sort();
    assert_eq!(from_c3, ["sea-snake:c3a3", "sea-snake:c3c2", "sea-snake:c3d4"]);
}

#[test]
fn red_reads_offsets_as_right_and_forward() {
    // Red's rabbit: (+2,0) (+1,+1) (−1,−1) from c3 → e3, d4, b2.
    let position = pos("B4/5/2R2/5/5 rabbit,tiger crab,boar ox r");
    let mut from_c3: Vec<String> = legal(&position).into_iter().filter(|m| m.starts_with("rabbit:c3")).collect();
    from_c3.sort();
    assert_eq!(from_c3, ["rabbit:c3b2", "rabbit:c3d4", "rabbit:c3e3"]);
}

#[test]
fn blue_reads_its_cards_turned_180_degrees() {
    // Blue's rabbit from c3: (−2,0) (−1,−1) (+1,+1) in Red's coordinates → a3, b2, d4.
    let position = pos("5/5/2B2/5/R4 crab,boar rabbit,tiger ox b");
    let mut from_c3: Vec<String> = legal(&position).into_iter().filter(|m| m.starts_with("rabbit:c3")).collect();
    from_c3.sort();
    assert_eq!(from_c3, ["rabbit:c3a3", "rabbit:c3b2", "rabbit:c3d4"]);
    // Blue's tiger jumps two squares toward rank 1.
    assert!(legal(&position).contains(&"tiger:c3c1".to_string()));
}

#[test]
fn pieces_jump_over_others() {
    // Tiger from c1 to c3 jumps over the Blue student on c2.
    let position = pos("B4/5/5/2b2/rrRrr tiger,ox crab,boar horse r");
    let next = position.play(mv("tiger:c1c3")).unwrap();
    assert_eq!(next.piece_at(sq("c3")), Some(Piece { color: Color::Red, role: Role::Master }));
    assert_eq!(next.piece_at(sq("c2")), Some(Piece { color: Color::Blue, role: Role::Student }));
}

#[test]
fn no_landing_on_your_own_piece() {
    let position = pos("B4/5/5/5/rrRrr boar,ox crab,tiger horse r");
    // Boar's sideways steps from b1 land on a1 and c1: both Red.
    assert!(position.play(mv("boar:b1a1")).is_err());
    assert!(position.play(mv("boar:b1c1")).is_err());
    assert!(legal(&position).iter().all(|m| !m.ends_with("a1") && !m.ends_with("c1")));
}

#[test]
fn no_move_leaves_the_board() {
    // Ox: forward, right, back. From e1 only the forward step stays on the board.
    let position = pos("B4/5/5/5/4R ox,tiger crab,boar horse r");
    let from_e1: Vec<String> = legal(&position).into_iter().filter(|m| m.starts_with("ox:")).collect();
    assert_eq!(from_e1, ["ox:e1e2"]);
    // Every generated target is a real square: Square parsing rejects anything else.
    assert!("ox:e1f1".parse::<Move>().is_err());
}

#[test]
fn capture_only_by_landing() {
    // Tiger from c1 to c3 passes over the Blue student on c2 (kept) and takes the one on c3.
    let position = pos("B4/5/2b2/2b2/2R2 tiger,ox crab,boar horse r");
    let next = position.play(mv("tiger:c1c3")).unwrap();
    assert_eq!(next.pieces(Color::Blue).count(), 2);
    assert!(next.pieces(Color::Blue).contains(sq("c2")));
    assert!(!next.pieces(Color::Blue).contains(sq("c3")));
    assert_eq!(next.piece_at(sq("c3")).map(|p| p.color), Some(Color::Red));
}

#[test]
fn the_stamp_decides_who_starts() {
    for side in Card::ALL {
        let others: Vec<Card> = Card::ALL.into_iter().filter(|&c| c != side).take(4).collect();
        let deal = Deal::new([others[0], others[1], others[2], others[3], side]).unwrap();
        let game = Game::from_deal(&deal);
        assert_eq!(game.position().to_move(), side.stamp(), "side card {side}");
        assert_eq!(deal.first_player(), side.stamp());
    }
}

#[test]
fn a_deal_gives_five_different_cards() {
    for seed in 0..500 {
        let deal = Deal::from_seed(seed);
        let mut cards = vec![deal.red()[0], deal.red()[1], deal.blue()[0], deal.blue()[1], deal.side()];
        cards.sort();
        cards.dedup();
        assert_eq!(cards.len(), 5, "seed {seed}");
        assert_eq!(deal.position().to_move(), deal.side().stamp());
    }
    assert!(Deal::new([Card::Ox, Card::Ox, Card::Boar, Card::Crab, Card::Tiger]).is_err());
    // Over many deals every card appears, in every place.
    let mut seen_as_side = std::collections::HashSet::new();
    for seed in 0..2000 {
        seen_as_side.insert(Deal::from_seed(seed).side());
    }
    assert_eq!(seen_as_side.len(), 16);
}

/// Deals computed before the expansion cards existed: a seed must keep dealing them.
#[test]
fn seeded_base_deals_are_unchanged() {
    use Card::*;
    let recorded = [
        (0, [Cobra, Crab, Rooster, Tiger, Monkey]),
        (1, [Crab, Elephant, Goose, Mantis, Ox]),
        (7, [Boar, Goose, Monkey, Rooster, Eel]),
        (42, [Elephant, Monkey, Crab, Mantis, Eel]),
        (1234, [Rooster, Cobra, Dragon, Monkey, Ox]),
        (99999, [Mantis, Crane, Rooster, Crab, Tiger]),
        (u64::MAX, [Tiger, Goose, Rabbit, Crab, Crane]),
    ];
    for (seed, cards) in recorded {
        assert_eq!(Deal::from_seed(seed).cards(), cards, "seed {seed}");
        assert_eq!(Deal::from_seed_in(seed, Pack::Base.cards()).unwrap().cards(), cards, "seed {seed}");
    }
    // Seeds 0 to 9999, each deal's five card indices in order, hashed (FNV-1a) before the change.
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for seed in 0..10_000 {
        for card in Deal::from_seed_in(seed, Pack::Base.cards()).unwrap().cards() {
            hash = (hash ^ card.index() as u64).wrapping_mul(0x0100_0000_01b3);
        }
    }
    assert_eq!(hash, 0xafd8_1d14_d223_5f74);
}

#[test]
fn a_deal_draws_from_the_enabled_cards_only() {
    let expansion = Pack::SenseisPath.cards().union(Pack::Promo.cards());
    let pools = [
        CardSet::ALL,
        expansion,
        Pack::Base.cards().without(Card::Tiger).with(Card::Goat),
        CardSet::of(&[Card::Ox, Card::Kirin, Card::Sheep, Card::Goat, Card::Turtle]),
    ];
    for pool in pools {
        let mut seen = CardSet::EMPTY;
        for seed in 0..2000 {
            let deal = Deal::from_seed_in(seed, pool).unwrap();
            let cards = deal.cards();
            assert!(cards.iter().all(|&card| pool.contains(card)), "seed {seed}: {cards:?}");
            assert_eq!(CardSet::of(&cards).len(), 5, "seed {seed}: {cards:?}");
            assert_eq!(deal.position().to_move(), deal.side().stamp());
            seen = seen.union(CardSet::of(&cards));
        }
        // Every enabled card gets dealt.
        assert_eq!(seen, pool);
    }
    for too_few in [CardSet::EMPTY, Pack::Promo.cards(), CardSet::of(&[Card::Ox, Card::Bear, Card::Dog, Card::Fox])] {
        assert_eq!(Deal::from_seed_in(3, too_few), Err(DealError::TooFewCards(too_few.len())));
    }
    assert_eq!(DealError::TooFewCards(4).to_string(), "a deal needs at least 5 cards to draw from, 4 are enabled");
    // The whole deck: the expansion gets dealt with the base game.
    let mixed = (0..200).filter(|&seed| {
        Deal::from_seed_in(seed, CardSet::ALL).unwrap().cards().iter().any(|card| card.pack() != Pack::Base)
    });
    assert!(mixed.count() > 150);
}

#[test]
fn the_pass_only_without_any_legal_move() {
    // All Red pieces on rank 5 with elephant and crab: every step leaves the board or lands on Red.
    let blocked = pos("Rrrrr/5/5/5/B4 elephant,crab tiger,ox boar r");
    let mut moves = legal(&blocked);
    moves.sort();
    assert_eq!(moves, ["crab:pass", "elephant:pass"]);
    // With a legal move, a pass is refused.
    let start = pos("bbBbb/5/5/5/rrRrr ox,boar horse,elephant crab r");
    assert!(start.play(mv("ox:pass")).is_err());
    assert!(!legal(&start).iter().any(|m| m.ends_with("pass")));
}

#[test]
fn an_illegal_move_says_why() {
    use IllegalReason::*;
    let (red, blue) = (Color::Red, Color::Blue);
    let red_to_move = pos("bbBbb/5/5/5/rrRrr ox,boar horse,elephant crab r");
    let blue_to_move = pos("bbBbb/5/5/5/rrRrr ox,boar horse,elephant crab b");
    let cases = [
        (red_to_move, "tiger:c1c3", CardNotHeld { color: red, card: Card::Tiger }, "Red does not hold tiger"),
        // The side card and the other side's cards are not held either.
        (blue_to_move, "ox:c5c4", CardNotHeld { color: blue, card: Card::Ox }, "Blue does not hold ox"),
        (
            red_to_move,
            "ox:pass",
            PassWhileAbleToMove { color: red },
            "Red can move, and a pass is only allowed when no piece can",
        ),
        (red_to_move, "ox:c3c4", NoPieceOnFrom { color: red, from: sq("c3") }, "no Red piece on c3"),
        // An enemy piece on the from-square is not the mover's.
        (red_to_move, "boar:c5c4", NoPieceOnFrom { color: red, from: sq("c5") }, "no Red piece on c5"),
        (
            red_to_move,
            "ox:c1c3",
            OutOfReach { card: Card::Ox, from: sq("c1"), to: sq("c3"), color: red },
            "ox does not reach c3 from c1 for Red",
        ),
        (blue_to_move, "elephant:c4b3", NoPieceOnFrom { color: blue, from: sq("c4") }, "no Blue piece on c4"),
        (
            blue_to_move,
            "horse:c5c3",
            OutOfReach { card: Card::Horse, from: sq("c5"), to: sq("c3"), color: blue },
            "horse does not reach c3 from c5 for Blue",
        ),
        (red_to_move, "boar:b1c1", OwnPieceOnTarget { color: red, to: sq("c1") }, "c1 holds a Red piece"),
        (blue_to_move, "elephant:c5b5", OwnPieceOnTarget { color: blue, to: sq("b5") }, "b5 holds a Blue piece"),
    ];
    let mut seen = [false; 5];
    for (position, text, reason, english) in cases {
        let error = position.check(mv(text)).expect_err(text);
        assert_eq!(error, MoveError::Illegal { mv: text.to_string(), reason }, "{text}");
        assert_eq!(reason.to_string(), english);
        assert_eq!(error.to_string(), format!("{text} is not legal here: {english}"));
        assert_eq!(position.play(mv(text)), Err(error), "{text}");
        seen[match reason {
            CardNotHeld { .. } => 0,
            PassWhileAbleToMove { .. } => 1,
            NoPieceOnFrom { .. } => 2,
            OutOfReach { .. } => 3,
            OwnPieceOnTarget { .. } => 4,
        }] = true;
    }
    assert_eq!(seen, [true; 5], "every reason is produced by some move");
}

#[test]
fn in_a_pass_the_player_chooses_the_card_to_give() {
    let blocked = pos("Rrrrr/5/5/5/B4 elephant,crab tiger,ox boar r");
    let gave_elephant = blocked.play(mv("elephant:pass")).unwrap();
    let gave_crab = blocked.play(mv("crab:pass")).unwrap();
    assert_eq!(gave_elephant.side_card(), Card::Elephant);
    assert!(gave_elephant.hand(Color::Red).contains(Card::Boar) && gave_elephant.hand(Color::Red).contains(Card::Crab));
    assert_eq!(gave_crab.side_card(), Card::Crab);
    assert_eq!(gave_elephant.board(), blocked.board(), "a pass moves no piece");
    assert_eq!(gave_elephant.to_move(), Color::Blue);
}

#[test]
fn the_used_card_goes_beside_the_board_and_the_side_card_comes_to_hand() {
    let start = pos("bbBbb/5/5/5/rrRrr ox,boar horse,elephant crab r");
    let next = start.play(mv("boar:c1c2")).unwrap();
    assert_eq!(next.side_card(), Card::Boar);
    assert!(next.hand(Color::Red).contains(Card::Crab) && next.hand(Color::Red).contains(Card::Ox));
    assert_eq!(next.hand(Color::Blue), start.hand(Color::Blue));
    assert_eq!(next.to_move(), Color::Blue);
    // Blue now reads boar turned: after Blue's move it is Blue's card, stepping toward rank 1.
    let after_blue = next.play(mv("horse:c5c4")).unwrap();
    let after_red = after_blue.play(mv("crab:a1a2")).unwrap();
    assert!(after_red.hand(Color::Blue).contains(Card::Boar));
    assert!(legal(&after_red).contains(&"boar:c4c3".to_string()));
}

#[test]
fn a_student_on_the_enemy_temple_wins_nothing() {
    let position = pos("B4/2r2/5/5/2R2 ox,boar crab,tiger horse r");
    let mut game = Game::new(position);
    assert_eq!(game.play(mv("ox:c4c5")).unwrap(), None);
    assert!(!game.legal_moves().is_empty());
}

#[test]
fn way_of_the_stone_capturing_the_master_wins() {
    let position = pos("5/2B2/2r2/5/R4 ox,boar crab,tiger horse r");
    let mut game = Game::new(position);
    let outcome = game.play(mv("ox:c3c4")).unwrap();
    assert_eq!(outcome, Some(Outcome::Win { winner: Color::Red, way: Way::Stone }));
    assert!(game.legal_moves().is_empty());
    assert!(game.play(mv("crab:a5a4")).is_err());
}

#[test]
fn way_of_the_stream_own_master_on_the_enemy_temple_wins() {
    let red = pos("B4/2R2/5/5/5 ox,boar crab,tiger horse r");
    assert_eq!(red.play(mv("ox:c4c5")).unwrap().outcome(), Some(Outcome::Win { winner: Color::Red, way: Way::Stream }));
    // Blue's master onto c1 wins for Blue; onto another square of rank 1 it does not.
    let blue = pos("4R/5/5/2B2/5 tiger,boar ox,crab horse b");
    assert_eq!(
        blue.play(mv("ox:c2c1")).unwrap().outcome(),
        Some(Outcome::Win { winner: Color::Blue, way: Way::Stream })
    );
    let beside = pos("4R/5/5/1B3/5 tiger,boar ox,crab horse b");
    assert_eq!(beside.play(mv("ox:b2b1")).unwrap().outcome(), None);
}

#[test]
fn a_won_position_read_back_allows_no_move() {
    let stone = "5/2r2/5/5/R4 crab,boar tiger,ox horse b";
    let stream = "bbRbb/5/5/B4/rrrr1 boar,ox elephant,horse crab b";
    for (text, way) in [(stone, Way::Stone), (stream, Way::Stream)] {
        let position = pos(text);
        let outcome = Outcome::Win { winner: Color::Red, way };
        assert_eq!(position.outcome(), Some(outcome));
        assert!(position.legal_moves().is_empty());
        // A move that would be legal if play went on, and a pass: both refused, naming the end.
        for text in ["tiger:a5a4", "ox:c5c4", "ox:pass", "tiger:pass"] {
            assert_eq!(position.check(mv(text)), Err(MoveError::GameOver(outcome)), "{text}");
            assert_eq!(position.play(mv(text)), Err(MoveError::GameOver(outcome)), "{text}");
        }
        assert_eq!(perft(&position, 0), 1);
        for depth in 1..4 {
            assert_eq!(perft(&position, depth), 0, "{text} depth {depth}");
        }
        assert!(divide(&position, 2).is_empty());
        let mut game = Game::new(position);
        assert_eq!(game.outcome(), Some(outcome));
        assert!(game.legal_moves().is_empty());
        assert_eq!(game.play(mv("tiger:pass")), Err(MoveError::GameOver(outcome)));
        assert_eq!(game.moves().len(), 0);
        assert_eq!(game.undo(), None);
    }
}

#[test]
fn a_drawn_game_refuses_moves_naming_the_draw() {
    let start = pos("2B2/5/5/5/2R2 ox,horse crane,boar tiger r");
    let mut game = Game::new(start);
    let cycle = shortest_cycle(&start);
    for _ in 0..2 {
        for &m in &cycle {
            game.play(m).unwrap();
        }
    }
    assert_eq!(game.outcome(), Some(Outcome::DrawByRepetition));
    let next = start.legal_moves()[0];
    assert_eq!(game.play(next), Err(MoveError::GameOver(Outcome::DrawByRepetition)));
    assert_eq!(game.play(next).unwrap_err().to_string(), "the game is over: draw by repetition");
}

/// The shortest sequence of moves that leads from `start` back to it (breadth-first search).
fn shortest_cycle(start: &Position) -> Vec<Move> {
    let mut came_from: HashMap<Position, (Position, Move)> = HashMap::new();
    let mut queue = VecDeque::from([*start]);
    while let Some(position) = queue.pop_front() {
        for &m in &position.legal_moves() {
            let next = position.play(m).unwrap();
            if next == *start {
                let mut path = vec![m];
                let mut at = position;
                while at != *start {
                    let (previous, step) = came_from[&at];
                    path.push(step);
                    at = previous;
                }
                path.reverse();
                return path;
            }
            if next.outcome().is_none() && !came_from.contains_key(&next) {
                came_from.insert(next, (position, m));
                queue.push_back(next);
            }
        }
    }
    panic!("no cycle back to the start");
}

#[test]
fn the_third_occurrence_draws_and_the_second_does_not() {
    let start = pos("2B2/5/5/5/2R2 ox,horse crane,boar tiger r");
    let cycle = shortest_cycle(&start);
    let mut game = Game::new(start);
    for &m in &cycle {
        assert_eq!(game.play(m).unwrap(), None);
    }
    assert_eq!(game.repetitions(), 2);
    assert_eq!(game.outcome(), None, "the second occurrence does not draw");
    for (i, &m) in cycle.iter().enumerate() {
        let outcome = game.play(m).unwrap();
        if i + 1 < cycle.len() {
            assert_eq!(outcome, None);
        } else {
            assert_eq!(outcome, Some(Outcome::DrawByRepetition));
        }
    }
    assert_eq!(game.repetitions(), 3);
    assert!(game.legal_moves().is_empty());
    // Undo takes the draw back.
    game.undo();
    assert_eq!(game.outcome(), None);
}

#[test]
fn a_position_repeats_only_with_the_same_cards_and_side_to_move() {
    let a = pos("2B2/5/5/5/2R2 ox,horse crane,boar tiger r");
    assert_eq!(a, pos("2B2/5/5/5/2R2 horse,ox boar,crane tiger r"), "order within a hand does not matter");
    assert_ne!(a, pos("2B2/5/5/5/2R2 ox,horse crane,boar tiger b"));
    assert_ne!(a, pos("2B2/5/5/5/2R2 ox,tiger crane,boar horse r"));
}

#[test]
fn undo_takes_the_moves_back_one_by_one() {
    let mut game = Game::new(pos("bbBbb/5/5/5/rrRrr ox,boar horse,elephant crab r"));
    let first = *game.position();
    game.play(mv("boar:c1c2")).unwrap();
    let second = *game.position();
    game.play(mv("horse:c5c4")).unwrap();
    assert_eq!(game.undo(), Some(mv("horse:c5c4")));
    assert_eq!(*game.position(), second);
    assert_eq!(game.undo(), Some(mv("boar:c1c2")));
    assert_eq!(*game.position(), first);
    assert_eq!(game.undo(), None);
    game.play(mv("boar:c1c2")).unwrap();
    assert_eq!(*game.position(), second);
    assert_eq!(game.moves(), [mv("boar:c1c2")], "nothing taken back is kept: the page keeps its line");
}

// Resigning: either player may give the game up at any time while it goes on.

const START: &str = "bbBbb/5/5/5/rrRrr boar,ox elephant,horse crab r";

#[test]
fn a_resigned_game_is_won_by_the_other_side_and_has_no_legal_moves() {
    let mut game = Game::new(pos(START));
    game.play(mv("boar:c1c2")).unwrap();
    assert_eq!(game.resign(Color::Blue), Ok(Outcome::Resigned { by: Color::Blue }));
    let outcome = Outcome::Resigned { by: Color::Blue };
    assert_eq!(game.outcome(), Some(outcome));
    assert_eq!(outcome.winner(), Some(Color::Red));
    assert!(game.legal_moves().is_empty());
    assert_eq!(game.play(mv("horse:c5c4")), Err(MoveError::GameOver(outcome)));
    assert_eq!(game.play(mv("horse:c5c4")).unwrap_err().to_string(), "the game is over: Blue resigns: Red wins");
}

#[test]
fn a_finished_game_cannot_be_resigned() {
    let mut won = Game::new(pos("5/2B2/2r2/5/R4 ox,boar crab,tiger horse r"));
    won.play(mv("ox:c3c4")).unwrap();
    let outcome = won.outcome().unwrap();
    assert_eq!(won.resign(Color::Blue), Err(MoveError::GameOver(outcome)));
    let mut resigned = Game::new(pos(START));
    resigned.resign(Color::Red).unwrap();
    assert_eq!(resigned.resign(Color::Blue), Err(MoveError::GameOver(Outcome::Resigned { by: Color::Red })));
}

#[test]
fn a_resignation_belongs_to_its_position_and_undo_steps_back_past_it() {
    let mut game = Game::new(pos(START));
    game.play(mv("boar:c1c2")).unwrap();
    game.play(mv("horse:c5c4")).unwrap();
    game.resign(Color::Red).unwrap();
    assert_eq!(game.undo(), Some(mv("horse:c5c4")));
    assert_eq!(game.outcome(), None);
    assert!(!game.legal_moves().is_empty());
}

#[test]
fn the_same_move_played_again_by_hand_after_undo_does_not_resign() {
    // Red resigns while Blue is to move; Red takes its move back and plays it again.
    let mut game = Game::new(pos(START));
    game.play(mv("boar:c1c2")).unwrap();
    game.resign(Color::Red).unwrap();
    game.undo();
    assert_eq!(game.play(mv("boar:c1c2")), Ok(None), "playing on is not resigning");
    assert_eq!(game.outcome(), None);
    assert!(!game.legal_moves().is_empty());
}

#[test]
fn a_record_carries_a_resignation_and_reads_it_back() {
    let mut game = Game::new(pos(START));
    game.play(mv("boar:c1c2")).unwrap();
    game.resign(Color::Blue).unwrap();
    let record = game.to_record();
    assert_eq!(record, format!("start {START}\nmoves boar:c1c2\nresult blue-resigns\n"));
    let back = Game::from_record(&record).unwrap();
    assert_eq!(back, game);
    assert_eq!(back.outcome(), Some(Outcome::Resigned { by: Color::Blue }));
    assert_eq!(back.to_record(), record);
    // At the start, before any move.
    let at_start = Game::from_record(&format!("start {START}\nresult red-resigns\n")).unwrap();
    assert_eq!(at_start.outcome(), Some(Outcome::Resigned { by: Color::Red }));
}

#[test]
fn a_record_cannot_resign_a_finished_game_nor_play_on_after_a_resignation() {
    let won = "start 5/2B2/2r2/5/R4 ox,boar crab,tiger horse r\nmoves ox:c3c4\nresult blue-resigns\n";
    let message = Game::from_record(won).unwrap_err().to_string();
    assert!(message.contains("the record says 'blue-resigns' but the moves give 'red-stone'"), "{message}");
    let on = format!("start {START}\nresult red-resigns\nmoves boar:c1c2\n");
    let message = Game::from_record(&on).unwrap_err().to_string();
    assert!(message.contains("the game is over: Red resigns: Blue wins"), "{message}");
}

#[test]
fn records_without_a_resignation_read_and_write_as_before() {
    let unfinished = format!("start {START}\nmoves boar:c1c2 horse:c5c4\n");
    assert_eq!(Game::from_record(&unfinished).unwrap().to_record(), unfinished);
    assert_eq!(Game::from_record(&unfinished).unwrap().outcome(), None);
    let won = "start 5/2B2/2r2/5/R4 boar,ox tiger,crab horse r\nmoves ox:c3c4\nresult red-stone\n";
    assert_eq!(Game::from_record(won).unwrap().to_record(), won);
    let message = Game::from_record(&format!("{unfinished}result *\n")).map(|g| g.to_record());
    assert_eq!(message.unwrap(), unfinished);
}

// An agreed draw and a win on time: outcomes the players declare, like a resignation.

#[test]
fn an_agreed_draw_ends_the_game_with_no_winner() {
    let mut game = Game::new(pos(START));
    game.play(mv("boar:c1c2")).unwrap();
    assert_eq!(game.agree_draw(), Ok(Outcome::DrawAgreed));
    assert_eq!(game.outcome(), Some(Outcome::DrawAgreed));
    assert_eq!(Outcome::DrawAgreed.winner(), None);
    assert!(game.legal_moves().is_empty());
    assert_eq!(game.play(mv("horse:c5c4")), Err(MoveError::GameOver(Outcome::DrawAgreed)));
    assert_eq!(game.resign(Color::Blue), Err(MoveError::GameOver(Outcome::DrawAgreed)));
}

#[test]
fn a_win_on_time_goes_to_the_claimant_and_ends_the_game() {
    let mut game = Game::new(pos(START));
    game.play(mv("boar:c1c2")).unwrap();
    // Blue is to move and did not: Red takes the game on time.
    let outcome = Outcome::WonOnTime { winner: Color::Red };
    assert_eq!(game.win_on_time(Color::Red), Ok(outcome));
    assert_eq!(game.outcome(), Some(outcome));
    assert_eq!(outcome.winner(), Some(Color::Red));
    assert!(game.legal_moves().is_empty());
    assert_eq!(game.play(mv("horse:c5c4")).unwrap_err().to_string(), "the game is over: Red wins on time");
}

#[test]
fn a_game_already_over_cannot_be_drawn_nor_won_on_time() {
    let mut won = Game::new(pos("5/2B2/2r2/5/R4 ox,boar crab,tiger horse r"));
    won.play(mv("ox:c3c4")).unwrap();
    let outcome = won.outcome().unwrap();
    assert_eq!(won.agree_draw(), Err(MoveError::GameOver(outcome)));
    assert_eq!(won.win_on_time(Color::Blue), Err(MoveError::GameOver(outcome)));
    let mut resigned = Game::new(pos(START));
    resigned.resign(Color::Red).unwrap();
    assert_eq!(resigned.agree_draw(), Err(MoveError::GameOver(Outcome::Resigned { by: Color::Red })));
    assert_eq!(resigned.win_on_time(Color::Red), Err(MoveError::GameOver(Outcome::Resigned { by: Color::Red })));
}

#[test]
fn an_agreed_draw_and_a_win_on_time_belong_to_their_position_like_a_resignation() {
    for declared in [Outcome::DrawAgreed, Outcome::WonOnTime { winner: Color::Blue }] {
        let mut game = Game::new(pos(START));
        game.play(mv("boar:c1c2")).unwrap();
        match declared {
            Outcome::DrawAgreed => game.agree_draw().unwrap(),
            _ => game.win_on_time(Color::Blue).unwrap(),
        };
        assert_eq!(game.outcome(), Some(declared));
        assert_eq!(game.undo(), Some(mv("boar:c1c2")));
        assert_eq!(game.outcome(), None);
    }
}

#[test]
fn every_declared_outcome_has_its_own_code_and_reads_back_from_it() {
    let codes: Vec<&str> = Outcome::DECLARED.iter().map(|o| o.code()).collect();
    assert_eq!(codes, ["red-resigns", "blue-resigns", "draw-agreed", "red-wins-on-time", "blue-wins-on-time"]);
    for outcome in Outcome::DECLARED {
        assert!(outcome.is_declared());
        assert_eq!(Outcome::declared_from_code(outcome.code()), Some(outcome));
    }
    for shown in ["red-stone", "blue-stream", "draw", "*", "draw-agreed ", "red-wins"] {
        assert_eq!(Outcome::declared_from_code(shown), None, "{shown}");
    }
    assert!(!Outcome::DrawByRepetition.is_declared());
}

#[test]
fn a_record_carries_an_agreed_draw_and_a_win_on_time_and_reads_them_back() {
    for (outcome, code) in [
        (Outcome::DrawAgreed, "draw-agreed"),
        (Outcome::WonOnTime { winner: Color::Red }, "red-wins-on-time"),
        (Outcome::WonOnTime { winner: Color::Blue }, "blue-wins-on-time"),
    ] {
        let mut game = Game::new(pos(START));
        game.play(mv("boar:c1c2")).unwrap();
        match outcome {
            Outcome::DrawAgreed => game.agree_draw(),
            Outcome::WonOnTime { winner } => game.win_on_time(winner),
            _ => unreachable!(),
        }
        .unwrap();
        let record = game.to_record();
        assert_eq!(record, format!("start {START}\nmoves boar:c1c2\nresult {code}\n"));
        let back = Game::from_record(&record).unwrap();
        assert_eq!(back, game);
        assert_eq!(back.outcome(), Some(outcome));
    }
}

#[test]
fn a_record_cannot_draw_or_time_out_a_finished_game_nor_play_on_after_it() {
    let won = "start 5/2B2/2r2/5/R4 ox,boar crab,tiger horse r\nmoves ox:c3c4\nresult draw-agreed\n";
    let message = Game::from_record(won).unwrap_err().to_string();
    assert!(message.contains("the record says 'draw-agreed' but the moves give 'red-stone'"), "{message}");
    let on = format!("start {START}\nresult blue-wins-on-time\nmoves boar:c1c2\n");
    let message = Game::from_record(&on).unwrap_err().to_string();
    assert!(message.contains("the game is over: Blue wins on time"), "{message}");
}
