//! Named playing levels. The lower ones choose among their candidate moves by chance, weighted by
//! a shallow search's scores, so they make the mistakes a person makes (missing what lies deeper)
//! rather than random ones.

use super::eval::evaluate;
use super::exact::TableCache;
use super::{Engine, Limits, SearchResult, WIN};
use crate::rules::{Move, Position, SplitMix64};

#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Level {
    pub name: &'static str,
    /// Plies searched; ignored when `movetime_ms` is set.
    pub depth: u32,
    pub movetime_ms: Option<f64>,
    /// Spread of the choice, in hundredths of a student: 0 always plays the best move found.
    pub temperature: f64,
    /// Whether its searches extend singular moves (when the engine's options allow): not at the
    /// fixed depths, whose steps and times per move were measured without them (they make a depth
    /// cost about 1.3 to 1.5 times the nodes).
    pub singular_extension: bool,
}

impl Level {
    /// Weakest first. Measured with `onitama-cli match` (docs/engine.md, The levels).
    pub const ALL: [Level; 12] = [
        Level::fixed("novice", 1, 50.0),
        Level::fixed("beginner", 2, 100.0),
        Level::fixed("casual", 2, 52.0),
        Level::fixed("apprentice", 2, 35.0),
        Level::fixed("student", 3, 25.0),
        Level::fixed("scholar", 3, 7.0),
        Level::fixed("adept", 4, 4.0),
        Level::fixed("expert", 5, 0.0),
        Level::fixed("sensei", 7, 2.0),
        Level::fixed("champion", 9, 4.0),
        Level::fixed("elite", 11, 0.0),
        Level { name: "master", depth: 64, movetime_ms: Some(1000.0), temperature: 0.0, singular_extension: true },
    ];

    /// The level a new player meets first (an index into `ALL`): student.
    pub const DEFAULT: usize = 4;

    const fn fixed(name: &'static str, depth: u32, temperature: f64) -> Level {
        Level { name, depth, movetime_ms: None, temperature, singular_extension: false }
    }

    /// Whether the level plays positions of few pieces perfectly from the exact endgame tables
    /// when it is given them ([`LevelPlayer::choose_exact`]): the two strongest levels. The
    /// others keep their character there too.
    pub fn plays_exact_endgames(&self) -> bool {
        Level::ALL[Level::ALL.len() - 2..].iter().any(|strong| strong.name == self.name)
    }

    pub fn by_name(name: &str) -> Option<Level> {
        Level::ALL.into_iter().find(|level| level.name == name)
    }

    pub fn limits(&self) -> Limits {
        match self.movetime_ms {
            Some(ms) => Limits { movetime_ms: Some(ms), ..Limits::default() },
            None => Limits { depth: Some(self.depth), ..Limits::default() },
        }
    }
}

/// A level with its engine and its dice.
pub struct LevelPlayer {
    pub level: Level,
    pub engine: Engine,
    rng: SplitMix64,
}

impl LevelPlayer {
    pub fn new(level: Level, engine: Engine, seed: u64) -> LevelPlayer {
        LevelPlayer { level, engine, rng: SplitMix64(seed) }
    }

    /// The perfect move from the exact tables, when the level plays from them
    /// ([`Level::plays_exact_endgames`]) and the position has at most `max_pieces` pieces (both
    /// masters included); the tables of its deal are built in `tables` if they are not there yet
    /// (building costs time and memory, docs/engine.md, Exact endgames: the limit is the caller's
    /// choice). `None` otherwise: the search decides.
    pub fn exact_move(
        &self,
        tables: &mut TableCache,
        max_pieces: u32,
        position: &Position,
        earlier: &[Position],
    ) -> Option<Move> {
        if !self.level.plays_exact_endgames() {
            return None;
        }
        tables.best_move(position, earlier, max_pieces).ok().map(|(best, _)| best)
    }

    /// As [`LevelPlayer::choose`], but from the exact tables where [`LevelPlayer::exact_move`]
    /// gives a move. A build that never calls this carries none of the solver.
    pub fn choose_exact(
        &mut self,
        tables: &mut TableCache,
        max_pieces: u32,
        position: &Position,
        earlier: &[Position],
    ) -> Option<Move> {
        self.exact_move(tables, max_pieces, position, earlier).or_else(|| self.choose(position, earlier))
    }

    /// A search as the level makes it (with or without singular extensions).
    pub fn search(&mut self, position: &Position, earlier: &[Position], limits: Limits) -> SearchResult {
        let own = self.engine.singular_extension();
        self.engine.set_singular_extension(own && self.level.singular_extension);
        let found = self.engine.search(position, earlier, limits, &mut |_| {});
        self.engine.set_singular_extension(own);
        found
    }

    /// The level's move in `position` (reached after `earlier`), or `None` if the game is over.
    pub fn choose(&mut self, position: &Position, earlier: &[Position]) -> Option<Move> {
        if self.level.temperature <= 0.0 {
            return self.search(position, earlier, self.level.limits()).best;
        }
        let moves = position.legal_moves();
        if moves.is_empty() {
            // A finished game: the side to move may still reach the enemy master, but the game is over.
            return None;
        }
        if let Some(win) = position.winning_move() {
            return Some(win);
        }
        let mut history = earlier.to_vec();
        history.push(*position);
        let scores: Vec<f64> = moves
            .iter()
            .map(|&m| {
                let mut next = *position;
                next.play_unchecked(m);
                let score = if self.level.depth <= 1 {
                    if next.winning_move().is_some() { -WIN } else { -evaluate(&next) }
                } else {
                    let limits = Limits { depth: Some(self.level.depth - 1), ..Limits::default() };
                    let found = self.search(&next, &history, limits);
                    -found.info.score.to_internal()
                };
                f64::from(score)
            })
            .collect();
        let top = scores.iter().copied().fold(f64::MIN, f64::max);
        let weights: Vec<f64> = scores.iter().map(|s| ((s - top) / self.level.temperature).exp()).collect();
        let total: f64 = weights.iter().sum();
        let mut pick = (self.rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64 * total;
        for (m, w) in moves.iter().zip(&weights) {
            if pick < *w {
                return Some(*m);
            }
            pick -= w;
        }
        moves.last().copied()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::Options;

    fn clock() -> f64 {
        0.0
    }

    #[test]
    fn fixed_depth_levels_search_without_singular_extensions() {
        let position: Position = "bbBbb/5/5/5/rrRrr crab,dragon tiger,ox boar r".parse().unwrap();
        let limits = Limits { depth: Some(8), ..Limits::default() };
        let nodes =
            |options: Options| Engine::with_options(1, clock, options).search(&position, &[], limits, &mut |_| {});
        let with = nodes(Options::default()).info.nodes;
        let without = nodes(Options { singular_extension: false, ..Options::default() }).info.nodes;
        assert_ne!(with, without);
        for level in Level::ALL {
            let level = Level { depth: 8, movetime_ms: None, temperature: 0.0, ..level };
            let mut player = LevelPlayer::new(level, Engine::new(1, clock), 1);
            let searched = player.search(&position, &[], limits).info.nodes;
            assert_eq!(searched, if level.name == "master" { with } else { without }, "{}", level.name);
            assert!(player.engine.singular_extension(), "the engine's own switch is restored");
        }
    }
}
