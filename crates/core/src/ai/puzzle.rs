//! Puzzles: positions where the side to move forces a win in exactly 3, 5 or 7 plies with one
//! first move only. An exact solver (plain AND/OR search to a fixed depth), the set's text
//! format, the daily pick, a generator that mines self-play games for puzzles, and one that draws
//! hard puzzles from exact endgame tables.
//!
//! Repetition is ignored: a puzzle starts afresh, and a position cannot recur 2 plies later (the
//! card beside the board then came from the hand of the player who just moved, so it differs), so
//! a third occurrence needs at least 8 plies, more than the 7 searched.

use super::endgame::{Exact, Material, Tablebase};
use super::{Engine, Level, LevelPlayer};
use crate::rules::{ByColor, CardSet, Color, Deal, Game, Move, MoveList, Pack, Piece, Position, Setup, SplitMix64};
use std::fmt;

/// The lengths a puzzle may have, easiest first.
pub const PLIES: [u32; 3] = [3, 5, 7];

/// Whether the side to move can force a win within `plies` plies (its own moves are plies 1, 3, …).
///
/// ```
/// use onitama_core::ai::puzzle::wins_within;
/// // Red's student on c3 takes Blue's master on c4 with ox.
/// let p = "5/2B2/2r2/5/R4 ox,boar crab,tiger horse r".parse().unwrap();
/// assert!(wins_within(&p, 1));
/// assert!(!wins_within(&p, 0));
/// ```
pub fn wins_within(position: &Position, plies: u32) -> bool {
    position.outcome().is_none() && attacker_wins(position, plies)
}

/// The first moves that force a win within `plies` plies, in move generation order.
pub fn winning_moves(position: &Position, plies: u32) -> Vec<Move> {
    if plies == 0 {
        return Vec::new();
    }
    position.legal_moves().iter().copied().filter(|&m| move_wins_within(position, m, plies)).collect()
}

/// The move of the side to move when its opponent is trying to win within `plies` plies counted
/// from here (6 after the first move of a 7-ply puzzle): a move that wins at once if there is
/// one, else a move after which the opponent has no forced win within `plies - 1`, else the move
/// that puts the loss off longest. `None` only when the game is over (a side that cannot jump
/// still has its passes).
pub fn defence(position: &Position, plies: u32) -> Option<Move> {
    let moves = position.legal_moves();
    if moves.is_empty() {
        return None;
    }
    if let Some(win) = position.winning_move() {
        return Some(win);
    }
    // The longest loss found so far: (plies the opponent needs, move).
    let mut longest: Option<(u32, Move)> = None;
    for &m in &moves {
        let next = after(position, m);
        match (1..plies).step_by(2).find(|&needed| attacker_wins(&next, needed)) {
            None => return Some(m),
            Some(needed) if longest.is_none_or(|(most, _)| needed > most) => longest = Some((needed, m)),
            Some(_) => {}
        }
    }
    longest.map(|(_, m)| m)
}

/// The winning line from a position where the side to move forces a win within `plies` plies, as
/// a puzzle's solution shows it: the winner plays a move that wins at once if there is one, else
/// the first move that still forces the win within the plies left; the opponent answers with its
/// [`defence`]. The line ends with the winning move; it is empty when there is no forced win.
///
/// ```
/// use onitama_core::ai::puzzle::solution;
/// let p = "5/2B2/2r2/5/R4 ox,boar crab,tiger horse r".parse().unwrap();
/// // Red takes the master at once, with either card that steps forward.
/// let line: Vec<String> = solution(&p, 3).iter().map(|m| m.to_string()).collect();
/// assert!(line == ["boar:c3c4"] || line == ["ox:c3c4"], "{line:?}");
/// ```
pub fn solution(position: &Position, plies: u32) -> Vec<Move> {
    let winner = position.to_move();
    let (mut position, mut line) = (*position, Vec::new());
    while position.outcome().is_none() && (line.len() as u32) < plies {
        let left = plies - line.len() as u32;
        let next = if position.to_move() == winner {
            position
                .winning_move()
                .or_else(|| position.legal_moves().iter().copied().find(|&m| move_wins_within(&position, m, left)))
        } else {
            defence(&position, left)
        };
        let Some(m) = next else { break };
        position.play_unchecked(m);
        line.push(m);
    }
    let won = matches!(position.outcome(), Some(crate::rules::Outcome::Win { winner: w, .. }) if w == winner);
    if won { line } else { Vec::new() }
}

/// Whether `m` (legal in `position`) wins at once or forces a win within `plies` plies.
fn move_wins_within(position: &Position, m: Move, plies: u32) -> bool {
    if position.is_winning(m) {
        return true;
    }
    defender_loses(&after(position, m), plies - 1)
}

/// The OR node: some move of the side to move wins within `plies`. The position is not finished.
fn attacker_wins(position: &Position, plies: u32) -> bool {
    if plies == 0 {
        return false;
    }
    if position.winning_move().is_some() {
        return true;
    }
    if plies < 3 {
        return false;
    }
    // A move that threatens to win at once is the likeliest to force the win.
    let moves = ordered(position, |next, capture| 2 * u8::from(next.threat().is_some()) + u8::from(capture));
    moves.iter().any(|&m| defender_loses(&after(position, m), plies - 1))
}

/// The AND node: every move of the side to move lets the opponent win within `plies - 1`.
/// The position is not finished.
fn defender_loses(position: &Position, plies: u32) -> bool {
    if plies < 2 || position.winning_move().is_some() {
        return false;
    }
    // A move that leaves no win at once is the likeliest to hold; a capture more so.
    let moves = ordered(position, |next, capture| 2 * u8::from(next.winning_move().is_none()) + u8::from(capture));
    moves.iter().all(|&m| attacker_wins(&after(position, m), plies - 1))
}

fn after(position: &Position, m: Move) -> Position {
    let mut next = *position;
    next.play_unchecked(m);
    next
}

/// The legal moves of an unfinished position, highest `priority` (of the position after the
/// move, and whether it captures) first. Ordering only saves time: every move is still tried.
fn ordered(position: &Position, priority: impl Fn(&Position, bool) -> u8) -> MoveList {
    let mut moves = MoveList::new();
    position.generate(&mut moves);
    let enemies = position.pieces(position.to_move().other());
    let mut priorities = [0; MoveList::CAPACITY];
    for (index, &m) in moves.iter().enumerate() {
        let capture = matches!(m, Move::Step { to, .. } if enemies.contains(to));
        priorities[index] = priority(&after(position, m), capture);
    }
    // An insertion sort: a few dozen moves, and the library's sort would add kilobytes to the
    // page's wasm.
    let moves_slice = moves.as_mut_slice();
    for i in 1..moves_slice.len() {
        let mut j = i;
        while j > 0 && priorities[j - 1] < priorities[j] {
            moves_slice.swap(j - 1, j);
            priorities.swap(j - 1, j);
            j -= 1;
        }
    }
    moves
}

/// One puzzle of the set.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Puzzle {
    /// 1 for the set's first puzzle; an id never changes once the set is published.
    pub id: u32,
    pub position: Position,
    /// The win takes exactly this many plies: 3, 5 or 7.
    pub plies: u32,
}

impl Puzzle {
    pub fn difficulty(&self) -> Difficulty {
        Difficulty::of_plies(self.plies)
    }

    /// Its five cards: both hands and the side card.
    pub fn cards(&self) -> CardSet {
        cards_of(&self.position)
    }

    /// Whether it can be offered to a player whose deck holds `enabled`: all five of its cards are
    /// enabled.
    ///
    /// ```
    /// use onitama_core::ai::puzzle::Puzzle;
    /// use onitama_core::rules::{Card, Pack};
    /// let position = "5/2B2/5/2r2/R4 ox,boar crab,tiger goat r".parse().unwrap();
    /// let puzzle = Puzzle { id: 1, position, plies: 3 };
    /// assert!(!puzzle.offered_in(Pack::Base.cards()));
    /// assert!(puzzle.offered_in(Pack::Base.cards().with(Card::Goat)));
    /// ```
    pub fn offered_in(&self, enabled: CardSet) -> bool {
        self.cards().0 & !enabled.0 == 0
    }

    /// Re-verifies the puzzle by exact search: the side to move can move (not only pass), no
    /// move wins within `plies - 2` plies, and exactly one first move wins within `plies`.
    pub fn check(&self) -> Result<(), String> {
        let fail = |why: String| Err(format!("puzzle {} ({} plies): {why}", self.id, self.plies));
        if !PLIES.contains(&self.plies) {
            return fail("a puzzle has 3, 5 or 7 plies".to_string());
        }
        if let Some(outcome) = self.position.outcome() {
            return fail(format!("the game is over: {outcome}"));
        }
        if self.position.legal_moves()[0].is_pass() {
            return fail("the side to move can only pass".to_string());
        }
        if wins_within(&self.position, self.plies - 2) {
            return fail(format!("the side to move already wins within {} plies", self.plies - 2));
        }
        match winning_moves(&self.position, self.plies)[..] {
            [_] => Ok(()),
            [] => fail("no first move forces the win".to_string()),
            ref several => {
                let names: Vec<String> = several.iter().map(Move::to_string).collect();
                fail(format!("{} first moves win: {}", several.len(), names.join(" ")))
            }
        }
    }
}

/// A line of the set: `<id> <plies> <position>`.
impl fmt::Display for Puzzle {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {} {}", self.id, self.plies, self.position)
    }
}

/// How hard a puzzle is: how long its forced win takes.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Difficulty {
    Easy,
    Medium,
    Hard,
}

impl Difficulty {
    pub const ALL: [Difficulty; 3] = [Difficulty::Easy, Difficulty::Medium, Difficulty::Hard];

    /// Easy for 3 plies, medium for 5, hard for 7 (and longer).
    ///
    /// ```
    /// use onitama_core::ai::puzzle::{Difficulty, PLIES};
    /// assert_eq!(PLIES.map(Difficulty::of_plies), Difficulty::ALL);
    /// assert_eq!(Difficulty::of_plies(9), Difficulty::Hard);
    /// ```
    pub const fn of_plies(plies: u32) -> Difficulty {
        match plies {
            0..=3 => Difficulty::Easy,
            4..=5 => Difficulty::Medium,
            _ => Difficulty::Hard,
        }
    }

    /// `"easy"`, `"medium"` or `"hard"`: the word the page's API and texts use.
    pub const fn code(self) -> &'static str {
        match self {
            Difficulty::Easy => "easy",
            Difficulty::Medium => "medium",
            Difficulty::Hard => "hard",
        }
    }

    /// The difficulty of a `code()` word; `None` for any other text.
    ///
    /// ```
    /// use onitama_core::ai::puzzle::Difficulty;
    /// assert_eq!(Difficulty::from_code("medium"), Some(Difficulty::Medium));
    /// assert_eq!(Difficulty::ALL.map(|d| Difficulty::from_code(d.code())), Difficulty::ALL.map(Some));
    /// assert_eq!(Difficulty::from_code("Hard"), None);
    /// ```
    pub fn from_code(code: &str) -> Option<Difficulty> {
        Difficulty::ALL.into_iter().find(|difficulty| difficulty.code() == code)
    }
}

/// Reads a set: one puzzle a line, `<id> <plies> <position>`; blank lines and lines starting
/// with `#` are skipped. Errors name the line. It checks the form, not the puzzle rule (`check`).
///
/// ```
/// use onitama_core::ai::puzzle::{Difficulty, parse_set};
/// let set = parse_set("# made by hand\n1 3 5/2B2/5/2r2/R4 ox,boar crab,tiger horse r\n").unwrap();
/// assert_eq!((set[0].id, set[0].plies, set[0].difficulty()), (1, 3, Difficulty::Easy));
/// assert_eq!(parse_set("1 4 x").unwrap_err(), "line 1: plies must be 3, 5 or 7, not \"4\"");
/// ```
pub fn parse_set(text: &str) -> Result<Vec<Puzzle>, String> {
    let mut puzzles = Vec::new();
    for (index, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let error = |why: String| format!("line {}: {why}", index + 1);
        let mut fields = line.splitn(3, ' ');
        let (Some(id), Some(plies), Some(position)) = (fields.next(), fields.next(), fields.next()) else {
            return Err(error(format!("expected \"<id> <plies> <position>\", found \"{line}\"")));
        };
        let id: u32 = id.parse().map_err(|_| error(format!("bad id \"{id}\"")))?;
        let plies = match plies.parse() {
            Ok(plies) if PLIES.contains(&plies) => plies,
            _ => return Err(error(format!("plies must be 3, 5 or 7, not \"{plies}\""))),
        };
        let position = position.parse().map_err(|e| error(format!("bad position \"{position}\": {e}")))?;
        puzzles.push(Puzzle { id, position, plies });
    }
    Ok(puzzles)
}

/// Writes a set as `parse_set` reads it, each line of `header` as a `#` comment first.
pub fn format_set(header: &str, puzzles: &[Puzzle]) -> String {
    let mut text = String::new();
    for line in header.lines() {
        text.push_str(&format!("# {line}\n"));
    }
    for puzzle in puzzles {
        text.push_str(&format!("{puzzle}\n"));
    }
    text
}

/// The index (below `count`) of the puzzle for a day, counted from 1970-01-01 (negative before).
/// Consecutive days step through the set by about 0.618 of its length, so neighbouring days get
/// far-apart puzzles, and every puzzle comes once in `count` days. `count` must not be 0.
///
/// ```
/// use onitama_core::ai::puzzle::daily;
/// assert_eq!(daily(360, 20_000), daily(360, 20_000));
/// assert!(daily(360, -5) < 360);
/// ```
pub fn daily(count: usize, days_since_epoch: i64) -> usize {
    assert!(count > 0, "the puzzle set is empty");
    // Sets are far smaller than 2^32, so the products below fit in a u64.
    let count = count as u64;
    // A stride coprime with the count makes the days of one cycle a permutation of the set.
    let mut stride = (count * 618 / 1000).max(1);
    while gcd(stride, count) != 1 {
        stride += 1;
    }
    let place = days_since_epoch.rem_euclid(count as i64) as u64;
    (place * stride % count) as usize
}

fn gcd(mut a: u64, mut b: u64) -> u64 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

/// The same position with the colours swapped: the board turned round, the hands exchanged.
/// A puzzle and its mirror are the same puzzle.
pub fn colour_mirror(position: &Position) -> Position {
    let mut board = [None; 25];
    for (index, piece) in position.board().into_iter().enumerate() {
        board[24 - index] = piece.map(|piece: Piece| Piece { color: piece.color.other(), ..piece });
    }
    let Setup { red, blue, side, to_move, .. } = position.setup();
    Position::try_from(Setup { board, red: blue, blue: red, side, to_move: to_move.other() })
        .unwrap_or_else(|_| unreachable!("turning a valid position round keeps it valid"))
}

/// The length of the puzzle `position` is, if it is one: its shortest forced win (3, 5 or 7
/// plies) has exactly one first move, and the side to move is not reduced to passing.
pub fn puzzle_plies(position: &Position) -> Option<u32> {
    let moves = position.legal_moves();
    if moves.is_empty() || moves[0].is_pass() || position.winning_move().is_some() {
        return None;
    }
    let plies = PLIES.into_iter().find(|&plies| attacker_wins(position, plies))?;
    let mut winning = moves.iter().filter(|&&m| move_wins_within(position, m, plies));
    (winning.next().is_some() && winning.next().is_none()).then_some(plies)
}

/// How far `generate` has got.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Progress {
    pub games: usize,
    pub positions: usize,
    /// Puzzles kept so far: easy, medium, hard.
    pub found: [usize; 3],
}

/// Plies after which a self-play game is abandoned.
const MAX_GAME_PLIES: usize = 120;

/// What `generate` makes: how many puzzles of each length, from which deals, numbered from where.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Plan {
    pub per_difficulty: usize,
    /// Seed of the self-play games: the same plan makes the same puzzles.
    pub seed: u64,
    /// The cards the games are dealt from (`Deal::from_seed_in`: from the base set alone, the
    /// deals of `Deal::from_seed`). At least five.
    pub pool: CardSet,
    /// A game is played only if one of its five cards is among these.
    pub needs: CardSet,
    /// The id of the first puzzle made.
    pub first_id: u32,
}

impl Plan {
    /// The base game's puzzles: deals from its 16 cards, ids from 1.
    pub const fn base(per_difficulty: usize, seed: u64) -> Plan {
        Plan { per_difficulty, seed, pool: Pack::Base.cards(), needs: CardSet::ALL, first_id: 1 }
    }

    /// Puzzles that use the expansions: deals from `pool` (all 34 cards for the shipped set), each
    /// puzzle holding at least one of its cards beyond the base game's, ids from `first_id`.
    pub const fn expansion(per_difficulty: usize, seed: u64, pool: CardSet, first_id: u32) -> Plan {
        let needs = CardSet(pool.0 & !Pack::Base.cards().0);
        Plan { per_difficulty, seed, pool, needs, first_id }
    }
}

/// The five cards of a position: both hands and the side card.
pub fn cards_of(position: &Position) -> CardSet {
    position.hand(Color::Red).union(position.hand(Color::Blue)).with(position.side_card())
}

/// Whether a puzzle holds a card beyond the base game's.
pub fn uses_expansion(puzzle: &Puzzle) -> bool {
    !puzzle.offered_in(Pack::Base.cards())
}

/// Mines self-play games for puzzles until it has `plan.per_difficulty` of each length, and
/// returns them with ids `plan.first_id`, the next, … taken in turn easy, medium, hard (so a
/// larger count keeps the ids of a smaller one). Each game starts from a seeded deal of the
/// plan's pool, both sides play a shallow level with some chance in it, and every position is
/// tried (a deal without a card the plan needs is not played). A game gives at most one puzzle
/// of each length, and a position already kept (or among `earlier`), or its colour mirror, is
/// skipped. The same plan gives the same puzzles. `progress` hears after every game.
pub fn generate(plan: &Plan, earlier: &[Puzzle], progress: &mut dyn FnMut(&Progress)) -> Vec<Puzzle> {
    let per_difficulty = plan.per_difficulty;
    // Shallow levels with chance in them play the tactical, imperfect games puzzles come from.
    let levels = ["casual", "apprentice", "student", "scholar"].map(|name| Level::by_name(name).expect("a level"));
    let mut dice = SplitMix64(plan.seed);
    let mut kept: [Vec<Position>; 3] = Default::default();
    let mut state = Progress::default();
    while kept.iter().any(|found| found.len() < per_difficulty) {
        let mut new_player = || {
            let level = levels[(dice.next_u64() % levels.len() as u64) as usize];
            LevelPlayer::new(level, Engine::new(1, no_clock), dice.next_u64())
        };
        let mut players = ByColor::new(new_player(), new_player());
        let deal = Deal::from_seed_in(dice.next_u64(), plan.pool).expect("a plan deals from five cards or more");
        let mut game = Game::from_deal(&deal);
        let mut found_here = [false; 3];
        // A game keeps its five cards throughout: one without a needed card is not played.
        let wanted = cards_of(game.position()).0 & plan.needs.0 != 0;
        while wanted && game.outcome().is_none() && game.moves().len() < MAX_GAME_PLIES {
            let position = *game.position();
            state.positions += 1;
            if let Some(plies) = puzzle_plies(&position) {
                let slot = PLIES.iter().position(|&p| p == plies).unwrap_or(0);
                let mirror = colour_mirror(&position);
                let before = earlier.iter().map(|puzzle| &puzzle.position);
                let seen = kept.iter().flatten().chain(before).any(|p| *p == position || *p == mirror);
                if !found_here[slot] && kept[slot].len() < per_difficulty && !seen {
                    kept[slot].push(position);
                    found_here[slot] = true;
                }
            }
            let player = &mut players[position.to_move()];
            let Some(m) = player.choose(&position, &game.positions()[..game.positions().len() - 1]) else { break };
            if game.play(m).is_err() {
                break;
            }
        }
        state.games += 1;
        state.found = kept.each_ref().map(Vec::len);
        progress(&state);
    }
    let mut puzzles = Vec::with_capacity(3 * per_difficulty);
    for ((easy, medium), hard) in kept[0].iter().zip(&kept[1]).zip(&kept[2]) {
        for (&position, plies) in [easy, medium, hard].into_iter().zip(PLIES) {
            puzzles.push(Puzzle { id: plan.first_id + puzzles.len() as u32, position, plies });
        }
    }
    puzzles
}

/// Depth-limited searches never look at the clock.
fn no_clock() -> f64 {
    0.0
}

/// The hard length, the longest a puzzle has: the one drawn from exact tables.
const HARDEST: u32 = PLIES[PLIES.len() - 1];

/// Random positions tried for each puzzle asked of one deal's tables before giving up on them.
/// About one index in fifty of a deal's 4-piece tables is a 7-ply puzzle (7,443 of 400,000 drawn
/// for the opening deal), so this is ample.
const TRIES_PER_PUZZLE: usize = 20_000;

/// Hard puzzles drawn from one deal's exact tables: up to `count` positions whose exact value is
/// a win in 7 plies, the longest length a puzzle has, with one first move only that keeps it
/// (the only move to a loss in 6 for the opponent), where the side to move is not reduced to
/// passing. A win in 7 is a forced win within 7 plies and none within 5, so such a position is
/// exactly a hard puzzle as [`Puzzle::check`] has it, read from the tables instead of searched.
/// The tables know longer wins (up to 59 plies with 4 pieces for the opening deal), but a puzzle stops at 7: its
/// solution and the page's defence are the exact search, which ignores repetition, and that is
/// sound only below 8 plies (see the module's comment).
///
/// Positions are drawn at random from every material the tables hold, each index equally likely
/// (so mostly from the largest materials), by seeded dice: the same tables and seed give the same
/// puzzles. A position among `earlier` or already drawn, or the colour mirror of one, is skipped.
/// Ids run from `first_id`. Fewer than `count` come back when the tables hold too few (the tries
/// are bounded).
///
/// ```
/// use onitama_core::ai::endgame::Tablebase;
/// use onitama_core::ai::puzzle::{from_tables, Puzzle};
/// use onitama_core::rules::Deal;
/// let tables = Tablebase::build(&Deal::from_seed(1), 3);
/// let drawn = from_tables(&tables, 2, 7, &[], 1);
/// assert_eq!(drawn.len(), 2);
/// assert!(drawn.iter().all(|p: &Puzzle| p.plies == 7 && p.check().is_ok()));
/// assert_eq!(drawn, from_tables(&tables, 2, 7, &[], 1));
/// ```
pub fn from_tables(tables: &Tablebase, count: usize, seed: u64, earlier: &[Puzzle], first_id: u32) -> Vec<Puzzle> {
    let materials: Vec<(Material, u64)> = tables.materials().into_iter().map(|m| (m, m.table_size())).collect();
    let total: u64 = materials.iter().map(|&(_, size)| size).sum();
    let mut dice = SplitMix64(seed);
    let mut kept: Vec<Position> = Vec::with_capacity(count);
    for _ in 0..count.saturating_mul(TRIES_PER_PUZZLE) {
        if kept.len() == count || total == 0 {
            break;
        }
        let (material, index) = locate(&materials, dice.next_u64() % total);
        let Some((position, Exact::Win(HARDEST))) = tables.nth(material, index) else { continue };
        if !has_one_way_through(tables, &position) {
            continue;
        }
        let mirror = colour_mirror(&position);
        let before = earlier.iter().map(|puzzle| &puzzle.position);
        if kept.iter().chain(before).any(|p| *p == position || *p == mirror) {
            continue;
        }
        kept.push(position);
    }
    kept.into_iter()
        .enumerate()
        .map(|(n, position)| Puzzle { id: first_id + n as u32, position, plies: HARDEST })
        .collect()
}

/// The material and the index in its table of the `n`-th position of all the tables (`n` below
/// the sum of their sizes), the tables taken in turn.
fn locate(materials: &[(Material, u64)], mut n: u64) -> (Material, u64) {
    for &(material, size) in materials {
        if n < size {
            return (material, n);
        }
        n -= size;
    }
    unreachable!("n is below the tables' total size")
}

/// Whether a position the tables value a win in 7 is a puzzle: it has a move other than a pass,
/// and exactly one of its moves leads to a loss in 6 for the opponent.
fn has_one_way_through(tables: &Tablebase, position: &Position) -> bool {
    let moves = position.legal_moves();
    if moves.is_empty() || moves[0].is_pass() {
        return false;
    }
    let keeps_the_win = |&&m: &&Move| tables.probe(&after(position, m)) == Some(Exact::Loss(HARDEST - 1));
    moves.iter().filter(keeps_the_win).take(2).count() == 1
}

/// What [`generate_from_tables`] draws: how many hard puzzles, from which deals' tables.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TablePlan {
    /// Hard puzzles in all.
    pub count: usize,
    /// At most this many from one deal's tables, so that the puzzles spread over deals.
    pub per_deal: usize,
    /// The tables' pieces, both masters included: 4 build in about 8 s natively, 3 in 0.3 s.
    pub pieces: u32,
    /// Seed of the deals and of the draws: the same plan gives the same puzzles.
    pub seed: u64,
    /// The cards the deals are dealt from (`Deal::from_seed_in`).
    pub pool: CardSet,
    /// A deal is used only if one of its five cards is among these.
    pub needs: CardSet,
    /// The id of the first puzzle drawn.
    pub first_id: u32,
}

impl TablePlan {
    /// Puzzles of the base game's cards, 5 a deal from tables of 4 pieces, ids from `first_id`.
    pub const fn base(count: usize, seed: u64, first_id: u32) -> TablePlan {
        let (pool, needs) = (Pack::Base.cards(), CardSet::ALL);
        TablePlan { count, per_deal: 5, pieces: 4, seed, pool, needs, first_id }
    }

    /// Puzzles from deals of `pool`, each holding a card of it beyond the base game's (as
    /// [`Plan::expansion`]), 5 a deal from tables of 4 pieces, ids from `first_id`.
    pub const fn expansion(count: usize, seed: u64, pool: CardSet, first_id: u32) -> TablePlan {
        let needs = CardSet(pool.0 & !Pack::Base.cards().0);
        TablePlan { count, per_deal: 5, pieces: 4, seed, pool, needs, first_id }
    }
}

/// Hard puzzles from exact tables, deal after deal: each seeded deal of the plan's pool (one
/// without a card the plan needs is skipped) has its tables of `plan.pieces` pieces built and
/// gives up to `plan.per_deal` puzzles by [`from_tables`], until `plan.count` are drawn; none is
/// among `earlier` or the colour mirror of one. The same plan gives the same puzzles, with ids
/// from `plan.first_id`. `progress` hears after every deal (`games` counts the deals whose tables
/// were built, `found[2]` the hard puzzles). Stops early, with fewer, after 1,000 deals.
pub fn generate_from_tables(plan: &TablePlan, earlier: &[Puzzle], progress: &mut dyn FnMut(&Progress)) -> Vec<Puzzle> {
    let mut dice = SplitMix64(plan.seed);
    let mut drawn: Vec<Puzzle> = Vec::with_capacity(plan.count);
    let mut state = Progress::default();
    let mut seen = earlier.to_vec();
    for _ in 0..1_000 {
        if drawn.len() >= plan.count || plan.per_deal == 0 {
            break;
        }
        let (deal_seed, draw_seed) = (dice.next_u64(), dice.next_u64());
        let deal = Deal::from_seed_in(deal_seed, plan.pool).expect("a plan deals from five cards or more");
        let cards = deal.cards().iter().fold(CardSet::EMPTY, |set, &card| set.with(card));
        if cards.0 & plan.needs.0 == 0 {
            continue;
        }
        let tables = Tablebase::build(&deal, plan.pieces);
        let wanted = plan.per_deal.min(plan.count - drawn.len());
        let first_id = plan.first_id + drawn.len() as u32;
        let these = from_tables(&tables, wanted, draw_seed, &seen, first_id);
        seen.extend_from_slice(&these);
        drawn.extend(these);
        state.games += 1;
        state.found = [0, 0, drawn.len()];
        progress(&state);
    }
    drawn
}
