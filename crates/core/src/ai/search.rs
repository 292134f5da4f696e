//! Negamax alpha-beta with iterative deepening, principal variation search, aspiration windows,
//! a transposition table, killer and history move ordering, late move reductions, internal
//! iterative reduction, futility pruning, threat and singular extensions, repetition awareness and a
//! quiescence search over captures and master threats.

use super::eval::evaluate_with;
use super::limits::{Info, Limits, MAX_DEPTH, Options, SearchResult};
use super::ordering::{KILLER, MoveOrder, pick_next};
use super::score::{INFINITY, MAX_PLY, Score, WIN, WIN_BOUND, from_table, to_table};
use super::table::{Bound, Table};
use super::zobrist::Keys;
use crate::rules::{Move, MoveList, Position};

/// The most plies of captures and threat answers the quiescence search may add.
const MAX_QUIESCENCE: i32 = 12;

pub struct Engine {
    table: Table,
    options: Options,
    clock: fn() -> f64,
    pub(super) order: MoveOrder,
    pv: [[Option<Move>; MAX_PLY]; MAX_PLY],
    pv_len: [usize; MAX_PLY],
    /// The move a singular-extension search at each ply leaves out.
    excluded: [Option<Move>; MAX_PLY],
    /// The root moves a search of the best lines leaves out (those already found at this depth).
    root_excluded: MoveList,
    zobrist: Keys,
    /// Keys of the game so far and of the current search path.
    keys: Vec<u64>,
    nodes: u64,
    started: f64,
    deadline: f64,
    node_limit: u64,
    stopped: bool,
}

/// How a search path got to a node: which earlier positions it may repeat.
#[derive(Clone, Copy)]
pub(super) struct Node {
    ply: usize,
    /// Index in `keys` of the first position after the last capture: nothing earlier can recur.
    reversible_from: usize,
}

impl Engine {
    /// An engine with a transposition table of `table_mb` MiB; `clock` gives milliseconds.
    pub fn new(table_mb: usize, clock: fn() -> f64) -> Engine {
        Engine::with_options(table_mb, clock, Options::default())
    }

    pub fn with_options(table_mb: usize, clock: fn() -> f64, options: Options) -> Engine {
        Engine {
            table: Table::new(if options.transposition_table { table_mb } else { 1 }),
            options,
            clock,
            order: MoveOrder::new(options.killers_and_history),
            excluded: [None; MAX_PLY],
            root_excluded: MoveList::new(),
            pv: [[None; MAX_PLY]; MAX_PLY],
            pv_len: [0; MAX_PLY],
            zobrist: Keys::new(),
            keys: Vec::with_capacity(512),
            nodes: 0,
            started: 0.0,
            deadline: f64::INFINITY,
            node_limit: u64::MAX,
            stopped: false,
        }
    }

    /// Whether the search extends singular moves (see `Options::singular_extension`).
    pub fn singular_extension(&self) -> bool {
        self.options.singular_extension
    }

    pub fn set_singular_extension(&mut self, on: bool) {
        self.options.singular_extension = on;
    }

    /// Forgets everything learned (for a new game, or to make runs repeatable).
    pub fn clear(&mut self) {
        self.table.clear();
        self.order.clear();
    }

    /// Searches `position`, reached after the positions in `earlier` (oldest first, for
    /// repetitions), until a limit is met; `on_info` hears of every finished depth.
    pub fn search(
        &mut self,
        position: &Position,
        earlier: &[Position],
        limits: Limits,
        on_info: &mut dyn FnMut(&Info),
    ) -> SearchResult {
        let root = self.begin(position, earlier, limits);
        let root_moves = position.legal_moves();
        let mut best = root_moves.first().copied();
        let mut info = Info { depth: 0, score: Score::Value(0), nodes: 0, elapsed_ms: 0.0, pv: Vec::new() };
        if best.is_none() {
            return SearchResult { best, info };
        }
        let max_depth = limits.depth.unwrap_or(MAX_DEPTH).clamp(1, MAX_DEPTH);
        let key = self.zobrist.hash(position);
        let mut previous = 0;
        for depth in 1..=max_depth {
            let score = self.aspirate(position, key, depth as i32, previous, root);
            if self.stopped && depth > 1 {
                // An unfinished depth still improves the move if its first line was searched.
                if let Some(m) = self.pv[0][0].filter(|_| self.pv_len[0] > 0) {
                    best = Some(m);
                }
                break;
            }
            previous = score;
            if self.pv_len[0] > 0 {
                best = self.pv[0][0];
            }
            info = Info {
                depth,
                score: Score::from_internal(score),
                nodes: self.nodes,
                elapsed_ms: (self.clock)() - self.started,
                pv: self.pv[0][..self.pv_len[0]].iter().flatten().copied().collect(),
            };
            on_info(&info);
            // A movetime is spent in full: an unfinished depth still improves the move.
            if self.stopped || is_forced(score, depth) {
                break;
            }
        }
        info.nodes = self.nodes;
        info.elapsed_ms = (self.clock)() - self.started;
        SearchResult { best, info }
    }

    /// Starts a search of `position` within `limits`: the clock, the budget, the table's age and
    /// the game so far (for repetitions). Returns the root node.
    pub(super) fn begin(&mut self, position: &Position, earlier: &[Position], limits: Limits) -> Node {
        self.started = (self.clock)();
        self.deadline = limits.movetime_ms.map_or(f64::INFINITY, |ms| self.started + ms);
        self.node_limit = limits.nodes.unwrap_or(u64::MAX);
        self.nodes = 0;
        self.stopped = false;
        self.table.new_search();
        self.order.new_search();
        let reversible_from = self.load_history(earlier, position);
        Node { ply: 0, reversible_from }
    }

    /// Searches the root `depth` plies deep, its moves in `excluded` left out (at least one move
    /// must be left), with an aspiration window around `previous`: the score, or `None` if a
    /// limit stopped it. The principal variation is then in [`Engine::root_pv`].
    pub(super) fn search_root(
        &mut self,
        position: &Position,
        root: Node,
        depth: u32,
        previous: i32,
        excluded: &[Move],
    ) -> Option<i32> {
        self.root_excluded = MoveList::new();
        for &m in excluded {
            self.root_excluded.push(m);
        }
        let key = self.zobrist.hash(position);
        let score = self.aspirate(position, key, depth as i32, previous, root);
        self.root_excluded = MoveList::new();
        (!self.stopped).then_some(score)
    }

    /// The principal variation of the last root search, as the search tracked it (unchecked).
    pub(super) fn root_pv(&self) -> impl Iterator<Item = Move> + '_ {
        self.pv[0][..self.pv_len[0]].iter().flatten().copied()
    }

    /// Nodes searched and milliseconds spent since [`Engine::begin`].
    pub(super) fn progress(&self) -> (u64, f64) {
        (self.nodes, (self.clock)() - self.started)
    }

    /// Puts the game's earlier positions in `keys`; returns where repetitions can start.
    fn load_history(&mut self, earlier: &[Position], position: &Position) -> usize {
        self.keys.clear();
        let mut reversible_from = 0;
        let all = earlier.iter().chain(std::iter::once(position));
        let mut last_count = None;
        for (index, p) in all.enumerate() {
            let count = p.occupied().count();
            if last_count.is_some_and(|last| last != count) {
                reversible_from = index;
            }
            last_count = Some(count);
            self.keys.push(self.zobrist.hash(p));
        }
        reversible_from
    }

    fn aspirate(&mut self, position: &Position, key: u64, depth: i32, previous: i32, root: Node) -> i32 {
        if !self.options.aspiration || depth < 4 || previous.abs() >= WIN_BOUND {
            return self.negamax(position, key, depth, -INFINITY, INFINITY, root);
        }
        let mut window = 30;
        loop {
            let (alpha, beta) = (previous - window, previous + window);
            let score = self.negamax(position, key, depth, alpha, beta, root);
            if self.stopped || (score > alpha && score < beta) {
                return score;
            }
            window *= 4;
            if window > 1000 {
                return self.negamax(position, key, depth, -INFINITY, INFINITY, root);
            }
        }
    }

    fn out_of_budget(&mut self) -> bool {
        if self.nodes & 1023 == 0 && ((self.clock)() >= self.deadline || self.nodes >= self.node_limit) {
            self.stopped = true;
        }
        self.stopped
    }

    fn is_repetition(&self, node: Node) -> bool {
        let current = self.keys.len() - 1;
        let key = self.keys[current];
        let mut index = current;
        while index >= node.reversible_from + 2 {
            index -= 2;
            if self.keys[index] == key {
                return true;
            }
        }
        false
    }

    fn negamax(&mut self, position: &Position, key: u64, mut depth: i32, mut alpha: i32, beta: i32, node: Node) -> i32 {
        let ply = node.ply;
        self.pv_len[ply] = 0;
        // A repeated position ends the game before anyone moves again.
        if ply > 0 && self.is_repetition(node) {
            return 0;
        }
        // A search of the best lines leaves out root moves already found.
        let root_excluding = ply == 0 && !self.root_excluded.is_empty();
        if let Some(m) = position.winning_move() {
            // Left out at the root: another winning move, or none (and the rest is searched).
            let win = if root_excluding { self.winning_move_left(position) } else { Some(m) };
            if let Some(m) = win {
                self.pv[ply][0] = Some(m);
                self.pv_len[ply] = 1;
                return WIN - (ply as i32 + 1);
            }
        }
        let us = position.to_move();
        let threatened = position.threat().is_some();
        // Extended only while the path is short beside the depth left, so that a chain of
        // threats cannot run away with the search.
        if threatened && self.options.threat_extension && ply < 2 * depth.max(1) as usize + 8 {
            depth += 1;
        }
        if depth <= 0 || ply + 2 >= MAX_PLY {
            return self.quiescence(position, alpha, beta, ply, 0);
        }
        self.nodes += 1;
        if self.out_of_budget() {
            return 0;
        }
        let is_pv = beta - alpha > 1;
        let excluded = self.excluded[ply];
        let mut table_move = None;
        let mut table_entry = None;
        if self.options.transposition_table
            && let Some(entry) = self.table.probe(key)
        {
            table_move = entry.mv;
            let score = from_table(entry.score, ply);
            table_entry = Some((score, entry.depth, entry.bound));
            if !is_pv && entry.depth >= depth && excluded.is_none() && !root_excluding {
                let cut = match entry.bound {
                    Bound::Exact => true,
                    Bound::Lower => score >= beta,
                    Bound::Upper => score <= alpha,
                };
                if cut {
                    return score;
                }
            }
        }

        // No move from the table to try first: ordering is poor here, so the node is searched a ply
        // shallower (a node that matters is searched again and then finds its table move).
        if self.options.internal_reduction && self.options.transposition_table && depth >= 4 && table_move.is_none() {
            depth -= 1;
        }
        let mut static_eval = None;
        if !is_pv && !threatened && beta.abs() < WIN_BOUND {
            let evaluation = evaluate_with(position, &self.options.weights);
            static_eval = Some(evaluation);
            if self.options.futility && depth <= FUTILITY_DEPTH && evaluation - FUTILITY_MARGIN * depth >= beta {
                return evaluation - FUTILITY_MARGIN * depth;
            }
        }

        // A table move much better than every other (a search without it, half as deep, falls
        // short of its score by a margin) is searched a ply deeper: the *singular extension*.
        let mut singular = None;
        if self.options.singular_extension
            && excluded.is_none()
            && ply > 0
            && depth >= SINGULAR_DEPTH
            && let (Some(m), Some((score, entry_depth, bound))) = (table_move, table_entry)
            && entry_depth >= depth - 3
            && bound != Bound::Upper
            && score.abs() < WIN_BOUND
        {
            let singular_beta = score - SINGULAR_MARGIN * depth;
            self.excluded[ply] = Some(m);
            let value = self.negamax(position, key, (depth - 1) / 2, singular_beta - 1, singular_beta, node);
            self.excluded[ply] = None;
            self.pv_len[ply] = 0;
            if self.stopped {
                return 0;
            }
            if value < singular_beta {
                singular = Some(m);
            }
        }
        let mut moves = MoveList::new();
        position.generate(&mut moves);
        if root_excluding {
            moves = self.left_at_root(&moves);
        }
        let mut order = [0i32; MoveList::CAPACITY];
        for (i, &m) in moves.iter().enumerate() {
            order[i] = self.order.score(position, m, table_move, ply, us);
            // Each child probes the table first thing: start loading its slot now.
            self.table.prefetch(self.zobrist.after(position, key, m));
        }
        let original_alpha = alpha;
        let mut best_score = -INFINITY;
        let mut best_move = None;
        let mut quiets_tried = MoveList::new();
        for index in 0..moves.len() {
            let m = pick_next(moves.as_mut_slice(), &mut order, index);
            if Some(m) == excluded {
                continue;
            }
            let extension = i32::from(Some(m) == singular);
            let next_key = self.zobrist.after(position, key, m);
            let mut next = *position;
            next.play_unchecked(m);
            let capture = is_capture(position, m);
            // A quiet move at depth 1 or 2 that cannot lift a hopeless static evaluation to alpha is
            // skipped, unless it threatens to win next.
            if let Some(evaluation) = static_eval
                && self.options.futility
                && depth <= 2
                && evaluation + QUIET_FUTILITY_MARGIN * depth <= alpha
                && index > 0
                && !capture
                && order[index] < KILLER
                && best_score > -WIN_BOUND
                && next.threat().is_none()
            {
                continue;
            }
            let child =
                Node { ply: ply + 1, reversible_from: if capture { self.keys.len() } else { node.reversible_from } };
            self.keys.push(next_key);
            let score = if index == 0 || !self.options.principal_variation {
                -self.negamax(&next, next_key, depth - 1 + extension, -beta, -alpha, child)
            } else {
                // A late quiet move is searched shallower first, a ply more if it is very late, and
                // another if its history is negative (tried before other moves' cut-offs).
                let reducible = self.options.late_move_reductions
                    && depth >= 3
                    && index >= 3
                    && !capture
                    && !threatened
                    && order[index] < KILLER;
                let reduction = if reducible {
                    1 + i32::from(index >= 8 && depth >= 5) + i32::from(order[index] < 0 && depth >= 4)
                } else {
                    0
                };
                let mut score =
                    -self.negamax(&next, next_key, depth - 1 + extension - reduction, -alpha - 1, -alpha, child);
                if score > alpha && reduction > 0 {
                    score = -self.negamax(&next, next_key, depth - 1 + extension, -alpha - 1, -alpha, child);
                }
                if score > alpha && score < beta {
                    score = -self.negamax(&next, next_key, depth - 1 + extension, -beta, -alpha, child);
                }
                score
            };
            self.keys.pop();
            if self.stopped {
                return 0;
            }
            if score > best_score {
                best_score = score;
                best_move = Some(m);
                if score > alpha {
                    alpha = score;
                    self.pv[ply][0] = Some(m);
                    let (head, tail) = self.pv.split_at_mut(ply + 1);
                    let below = self.pv_len[ply + 1];
                    head[ply][1..=below].copy_from_slice(&tail[0][..below]);
                    self.pv_len[ply] = below + 1;
                }
            }
            if alpha >= beta {
                if !capture && self.options.killers_and_history {
                    self.order.remember_quiet_cut(m, ply, us, depth);
                    for &tried in quiets_tried.iter() {
                        self.order.punish_quiet(tried, us, depth);
                    }
                }
                break;
            }
            if !capture && self.options.killers_and_history {
                quiets_tried.push(m);
            }
        }
        // A search without some moves knows nothing sure about the node.
        if self.options.transposition_table && excluded.is_none() && !root_excluding {
            let bound = if best_score >= beta {
                Bound::Lower
            } else if best_score > original_alpha {
                Bound::Exact
            } else {
                Bound::Upper
            };
            self.table.store(key, best_move, to_table(best_score, ply), depth, bound);
        }
        best_score
    }

    /// The root's winning move that the best lines' search has not left out, if any.
    fn winning_move_left(&self, position: &Position) -> Option<Move> {
        let mut moves = MoveList::new();
        position.generate(&mut moves);
        moves.iter().copied().find(|&m| position.is_winning(m) && !self.root_excluded.contains(&m))
    }

    /// `moves` without the root moves the best lines' search leaves out.
    fn left_at_root(&self, moves: &MoveList) -> MoveList {
        let mut left = MoveList::new();
        for &m in moves.iter().filter(|m| !self.root_excluded.contains(m)) {
            left.push(m);
        }
        left
    }

    /// Captures, and every answer when the enemy threatens to win at once; otherwise the
    /// side to move may stand on the static evaluation.
    fn quiescence(&mut self, position: &Position, mut alpha: i32, beta: i32, ply: usize, qdepth: i32) -> i32 {
        self.nodes += 1;
        if position.winning_move().is_some() {
            return WIN - (ply as i32 + 1);
        }
        let us = position.to_move();
        let evaluation = evaluate_with(position, &self.options.weights);
        if !self.options.quiescence || qdepth >= MAX_QUIESCENCE || ply + 2 >= MAX_PLY {
            return evaluation;
        }
        let threatened = position.threat().is_some();
        let mut best = -INFINITY;
        if !threatened {
            best = evaluation;
            if best >= beta {
                return best;
            }
            alpha = alpha.max(best);
        }
        let mut moves = MoveList::new();
        position.generate(&mut moves);
        let enemies = position.pieces(us.other());
        for &m in moves.iter() {
            let capture = matches!(m, Move::Step { to, .. } if enemies.contains(to));
            if !threatened && !capture {
                continue;
            }
            let mut next = *position;
            next.play_unchecked(m);
            let score = -self.quiescence(&next, -beta, -alpha, ply + 1, qdepth + 1);
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        best
    }
}

/// Singular extensions act this far from the leaves, with this margin a ply below the table's
/// score.
const SINGULAR_DEPTH: i32 = 6;
const SINGULAR_MARGIN: i32 = 2;

/// Reverse futility pruning acts this close to the leaves, with this margin a ply.
const FUTILITY_DEPTH: i32 = 3;
const FUTILITY_MARGIN: i32 = 90;

/// Futility pruning skips a quiet move at depth 1 or 2 whose static evaluation stands this far a
/// ply below alpha.
const QUIET_FUTILITY_MARGIN: i32 = 100;

/// Whether a score is a win or loss the search has seen to its end within `depth` plies: no
/// deeper search can change it.
pub(super) fn is_forced(score: i32, depth: u32) -> bool {
    score.abs() >= WIN_BOUND && (WIN - score.abs()) as u32 <= depth
}

fn is_capture(position: &Position, m: Move) -> bool {
    matches!(m, Move::Step { to, .. } if position.pieces(position.to_move().other()).contains(to))
}

/// Whether neither side could win with its next move: the evaluation alone judges such a position.
pub fn is_quiet(position: &Position) -> bool {
    position.winning_move().is_none() && position.threat().is_none()
}
