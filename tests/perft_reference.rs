//! A second move generator, written from rules.md alone and kept deliberately simple (a board
//! of 25 squares, cards by name, no bitboards and nothing from the engine), counts perft on
//! starts and random positions that deal expansion cards; the engine's perft must agree.

use onitama::rules::{Position, perft};
use proptest::prelude::*;

/// A card: name, stamp (true for red), offsets `(right, forward)` from the holder's seat.
type SimpleCard = (&'static str, bool, &'static [(i32, i32)]);

/// Every card, from rules.md and the expansion's table.
const CARDS: [SimpleCard; 34] = [
    ("tiger", false, &[(0, 2), (0, -1)]),
    ("crab", false, &[(0, 1), (-2, 0), (2, 0)]),
    ("monkey", false, &[(-1, 1), (1, 1), (-1, -1), (1, -1)]),
    ("crane", false, &[(0, 1), (-1, -1), (1, -1)]),
    ("dragon", true, &[(-2, 1), (2, 1), (-1, -1), (1, -1)]),
    ("elephant", true, &[(-1, 1), (1, 1), (-1, 0), (1, 0)]),
    ("mantis", true, &[(-1, 1), (1, 1), (0, -1)]),
    ("boar", true, &[(0, 1), (-1, 0), (1, 0)]),
    ("frog", true, &[(-2, 0), (-1, 1), (1, -1)]),
    ("rabbit", false, &[(2, 0), (1, 1), (-1, -1)]),
    ("goose", false, &[(-1, 1), (-1, 0), (1, 0), (1, -1)]),
    ("rooster", true, &[(1, 1), (-1, 0), (1, 0), (-1, -1)]),
    ("horse", true, &[(0, 1), (-1, 0), (0, -1)]),
    ("ox", false, &[(0, 1), (1, 0), (0, -1)]),
    ("eel", false, &[(-1, 1), (-1, -1), (1, 0)]),
    ("cobra", true, &[(-1, 0), (1, 1), (1, -1)]),
    ("bear", false, &[(-1, 1), (0, 1), (1, -1)]),
    ("panda", true, &[(0, 1), (1, 1), (-1, -1)]),
    ("dog", false, &[(-1, 1), (-1, 0), (-1, -1)]),
    ("fox", true, &[(1, 1), (1, 0), (1, -1)]),
    ("giraffe", false, &[(-2, 1), (2, 1), (0, -1)]),
    ("kirin", true, &[(-1, 2), (1, 2), (0, -2)]),
    ("mouse", false, &[(0, 1), (1, 0), (-1, -1)]),
    ("rat", true, &[(0, 1), (-1, 0), (1, -1)]),
    ("sable", false, &[(-2, 0), (-1, -1), (1, 1)]),
    ("otter", true, &[(-1, 1), (1, -1), (2, 0)]),
    ("sea-snake", false, &[(0, 1), (2, 0), (-1, -1)]),
    ("viper", true, &[(0, 1), (-2, 0), (1, -1)]),
    ("tanuki", false, &[(0, 1), (2, 1), (-1, -1)]),
    ("iguana", true, &[(-2, 1), (0, 1), (1, -1)]),
    ("phoenix", false, &[(-2, 0), (2, 0), (-1, 1), (1, 1)]),
    ("turtle", true, &[(-2, 0), (2, 0), (-1, -1), (1, -1)]),
    ("sheep", false, &[(1, 0), (0, -1), (-1, 1)]),
    ("goat", true, &[(-1, 0), (0, -1), (1, 1)]),
];
const BASE_CARDS: usize = 16;

#[derive(Clone, Copy, PartialEq)]
struct Piece {
    red: bool,
    master: bool,
}

/// Squares `file + 5 * rank`, a1 first; cards as indices into `CARDS`; `hands[0]` is Red's.
#[derive(Clone)]
struct Simple {
    board: [Option<Piece>; 25],
    hands: [[usize; 2]; 2],
    side: usize,
    red_to_move: bool,
}

#[derive(Clone, Copy)]
enum Turn {
    Jump { card: usize, from: usize, to: usize },
    Pass { card: usize },
}

impl Simple {
    fn mover(&self) -> usize {
        if self.red_to_move { 0 } else { 1 }
    }

    /// Every jump of the side to move; the two passes if there is none.
    fn turns(&self) -> Vec<Turn> {
        let mut turns = Vec::new();
        // Blue reads its cards turned 180°.
        let sign = if self.red_to_move { 1 } else { -1 };
        for card in self.hands[self.mover()] {
            for from in 0..25 {
                match self.board[from] {
                    Some(piece) if piece.red == self.red_to_move => {}
                    _ => continue,
                }
                for &(right, forward) in CARDS[card].2 {
                    let (file, rank) = ((from % 5) as i32 + sign * right, (from / 5) as i32 + sign * forward);
                    if !(0..5).contains(&file) || !(0..5).contains(&rank) {
                        continue;
                    }
                    let to = (file + 5 * rank) as usize;
                    if self.board[to].is_some_and(|piece| piece.red == self.red_to_move) {
                        continue;
                    }
                    turns.push(Turn::Jump { card, from, to });
                }
            }
        }
        if turns.is_empty() {
            turns = self.hands[self.mover()].iter().map(|&card| Turn::Pass { card }).collect();
        }
        turns
    }

    /// Captures the enemy master, or takes the mover's master onto the enemy temple.
    fn wins(&self, turn: Turn) -> bool {
        let Turn::Jump { from, to, .. } = turn else { return false };
        let enemy_temple = if self.red_to_move { 22 } else { 2 };
        self.board[to].is_some_and(|piece| piece.master)
            || (self.board[from].is_some_and(|piece| piece.master) && to == enemy_temple)
    }

    fn play(&self, turn: Turn) -> Simple {
        let mut next = self.clone();
        let card = match turn {
            Turn::Jump { card, from, to } => {
                next.board[to] = next.board[from].take();
                card
            }
            Turn::Pass { card } => card,
        };
        let hand = &mut next.hands[self.mover()];
        let slot = hand.iter().position(|&held| held == card).unwrap();
        hand[slot] = self.side;
        next.side = card;
        next.red_to_move = !self.red_to_move;
        next
    }

    fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        self.turns().into_iter().map(|turn| if self.wins(turn) { 1 } else { self.play(turn).perft(depth - 1) }).sum()
    }

    /// In the position notation of rules.md.
    fn notation(&self) -> String {
        let ranks: Vec<String> = (0..5)
            .rev()
            .map(|rank| {
                let mut text = String::new();
                let mut empty = 0;
                for file in 0..5 {
                    match self.board[file + 5 * rank] {
                        None => empty += 1,
                        Some(piece) => {
                            if empty > 0 {
                                text.push_str(&empty.to_string());
                                empty = 0;
                            }
                            text.push(match (piece.red, piece.master) {
                                (true, true) => 'R',
                                (true, false) => 'r',
                                (false, true) => 'B',
                                (false, false) => 'b',
                            });
                        }
                    }
                }
                if empty > 0 {
                    text.push_str(&empty.to_string());
                }
                text
            })
            .collect();
        let hand = |cards: [usize; 2]| format!("{},{}", CARDS[cards[0]].0, CARDS[cards[1]].0);
        format!(
            "{} {} {} {} {}",
            ranks.join("/"),
            hand(self.hands[0]),
            hand(self.hands[1]),
            CARDS[self.side].0,
            if self.red_to_move { "r" } else { "b" }
        )
    }

    /// The starting layout with these five cards (Red, Red, Blue, Blue, side); the side card's
    /// stamp moves first.
    fn start(cards: [usize; 5]) -> Simple {
        let mut board = [None; 25];
        for file in 0..5 {
            board[file] = Some(Piece { red: true, master: file == 2 });
            board[20 + file] = Some(Piece { red: false, master: file == 2 });
        }
        Simple {
            board,
            hands: [[cards[0], cards[1]], [cards[2], cards[3]]],
            side: cards[4],
            red_to_move: CARDS[cards[4]].1,
        }
    }
}

fn engine_perft(position: &Simple, depth: u32) -> u64 {
    let text = position.notation();
    let parsed: Position = text.parse().unwrap_or_else(|e| panic!("{text}: {e}"));
    perft(&parsed, depth)
}

fn index(name: &str) -> usize {
    CARDS.iter().position(|card| card.0 == name).unwrap()
}

/// The expansion starts of RULES.md's perft table, to depth 4.
#[test]
fn the_expansion_starts_of_rules_md_agree() {
    let starts = [
        ["bear", "kirin", "fox", "phoenix", "viper"],
        ["ox", "sea-snake", "tiger", "turtle", "goat"],
        ["crab", "giraffe", "dragon", "mouse", "sheep"],
        ["tanuki", "iguana", "sable", "otter", "dog"],
    ];
    let in_rules_md = include_str!("../RULES.md");
    for names in starts {
        let start = Simple::start(names.map(index));
        assert!(
            in_rules_md.contains(&format!("| `{}` |", start.notation())),
            "{} is not in RULES.md",
            start.notation()
        );
        for depth in 1..=4 {
            assert_eq!(engine_perft(&start, depth), start.perft(depth), "{} depth {depth}", start.notation());
        }
    }
    // The simple generator agrees with the published figures too (it is not the engine in disguise).
    // rules.md's figures put the first side listed (Red) to move, whatever the stamp.
    let published =
        Simple { red_to_move: true, ..Simple::start(["ox", "boar", "horse", "elephant", "crab"].map(index)) };
    assert_eq!((1..=4).map(|depth| published.perft(depth)).collect::<Vec<_>>(), [10, 130, 1989, 28509]);
}

#[test]
fn a_blocked_expansion_position_has_its_two_passes() {
    // Red on rank 5 with crab and phoenix: every jump leaves the board or lands on Red.
    let mut board = [None; 25];
    for file in 0..5 {
        board[20 + file] = Some(Piece { red: true, master: file == 0 });
    }
    board[0] = Some(Piece { red: false, master: true });
    let blocked = Simple {
        board,
        hands: [[index("crab"), index("phoenix")], [index("tiger"), index("goat")]],
        side: index("kirin"),
        red_to_move: true,
    };
    assert!(matches!(blocked.turns()[..], [Turn::Pass { .. }, Turn::Pass { .. }]));
    for depth in 1..=4 {
        assert_eq!(engine_perft(&blocked, depth), blocked.perft(depth), "{} depth {depth}", blocked.notation());
    }
}

/// A small generator of its own for the random choices (xorshift).
struct Dice(u64);

impl Dice {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

/// Five different cards, at least one from the expansion.
fn deal(dice: &mut Dice) -> [usize; 5] {
    loop {
        let mut cards = [0; 5];
        for i in 0..5 {
            cards[i] = loop {
                let card = dice.below(CARDS.len());
                if !cards[..i].contains(&card) {
                    break card;
                }
            };
        }
        if cards.iter().any(|&card| card >= BASE_CARDS) {
            return cards;
        }
    }
}

/// A position reached by random play from a random start, never through a win.
fn played(dice: &mut Dice, plies: usize) -> Simple {
    let mut position = Simple::start(deal(dice));
    for _ in 0..plies {
        let quiet: Vec<Turn> = position.turns().into_iter().filter(|&turn| !position.wins(turn)).collect();
        if quiet.is_empty() {
            break;
        }
        position = position.play(quiet[dice.below(quiet.len())]);
    }
    position
}

/// Masters and a few students on random squares, the game not yet won.
fn scattered(dice: &mut Dice) -> Simple {
    let cards = deal(dice);
    let red_to_move = dice.below(2) == 0;
    loop {
        let mut board = [None; 25];
        for (red, students) in [(true, dice.below(5)), (false, dice.below(5))] {
            for n in 0..=students {
                let square = loop {
                    let square = dice.below(25);
                    if board[square].is_none() {
                        break square;
                    }
                };
                board[square] = Some(Piece { red, master: n == 0 });
            }
        }
        // A master already on the enemy temple would have won.
        let won = board[22] == Some(Piece { red: true, master: true })
            || board[2] == Some(Piece { red: false, master: true });
        if !won {
            return Simple { board, hands: [[cards[0], cards[1]], [cards[2], cards[3]]], side: cards[4], red_to_move };
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn random_expansion_positions_agree(seed in 1u64.., plies in 0usize..16, spread in any::<bool>()) {
        let mut dice = Dice(seed);
        let position = if spread { scattered(&mut dice) } else { played(&mut dice, plies) };
        for depth in 1..=4 {
            prop_assert_eq!(engine_perft(&position, depth), position.perft(depth), "{} depth {}", position.notation(), depth);
        }
    }
}
