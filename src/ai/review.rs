//! Game review: every move of a game searched, and classed by what it lost against the engine's
//! best move (best, good, inaccuracy, mistake, blunder). Forced results count first: a move that
//! turns a forced win into anything less, or walks into a forced loss, is a blunder.

use super::{Engine, Limits, Score};
use crate::rules::{Game, Move, Outcome, Position};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoveClass {
    Best,
    Good,
    Inaccuracy,
    Mistake,
    Blunder,
}

impl MoveClass {
    pub fn code(self) -> &'static str {
        match self {
            MoveClass::Best => "best",
            MoveClass::Good => "good",
            MoveClass::Inaccuracy => "inaccuracy",
            MoveClass::Mistake => "mistake",
            MoveClass::Blunder => "blunder",
        }
    }
}

/// One move of a game, reviewed.
#[derive(Clone, Debug, PartialEq)]
pub struct PlyReview {
    /// 1 for the game's first move.
    pub ply: usize,
    pub played: Move,
    /// The engine's choice, and the line it expects after it.
    pub best: Option<Move>,
    pub line: Vec<Move>,
    /// The position before the move with the best play, and after the move played, both for
    /// the side that moved.
    pub score_before: Score,
    pub score_after: Score,
    pub class: MoveClass,
}

/// A score on one line, for comparing: a forced win beats any value, sooner is better.
fn rank(score: Score) -> i64 {
    match score {
        Score::Win(plies) => 1_000_000 - i64::from(plies),
        Score::Loss(plies) => -1_000_000 + i64::from(plies),
        Score::Value(v) => i64::from(v),
    }
}

/// The class of a move from the mover's scores before it (best play) and after it.
pub fn classify(before: Score, after: Score, played_best: bool) -> MoveClass {
    let thrown_win = matches!(before, Score::Win(_)) && !matches!(after, Score::Win(_));
    let walked_into_loss = !matches!(before, Score::Loss(_)) && matches!(after, Score::Loss(_));
    if thrown_win || walked_into_loss {
        return MoveClass::Blunder;
    }
    if played_best {
        return MoveClass::Best;
    }
    // A forced win kept (perhaps a little slower) is a good move.
    if matches!((before, after), (Score::Win(_), Score::Win(_)) | (Score::Loss(_), Score::Loss(_))) {
        return MoveClass::Good;
    }
    // Hundredths of a student lost.
    match (rank(before) - rank(after)).max(0) {
        0..=15 => MoveClass::Best,
        16..=50 => MoveClass::Good,
        51..=120 => MoveClass::Inaccuracy,
        121..=300 => MoveClass::Mistake,
        _ => MoveClass::Blunder,
    }
}

/// The score for the side that just moved into `position` (the side not to move there).
fn score_for_mover(engine: &mut Engine, position: &Position, earlier: &[Position], limits: Limits) -> Score {
    match position.outcome() {
        Some(Outcome::Win { .. }) => Score::Win(1),
        Some(Outcome::DrawByRepetition) => Score::Value(0),
        None => engine.search(position, earlier, limits, &mut |_| {}).info.score.negate(),
    }
}

/// Reviews every move of `game` with searches of `limits` each, calling `progress` after each
/// move (plies done, plies in all); it stops early when `progress` returns false.
pub fn review(
    game: &Game,
    engine: &mut Engine,
    limits: Limits,
    progress: &mut dyn FnMut(usize, usize) -> bool,
) -> Vec<PlyReview> {
    let positions = game.positions();
    let moves = game.moves();
    let mut reviews = Vec::with_capacity(moves.len());
    for (i, &played) in moves.iter().enumerate() {
        let before = &positions[i];
        let found = engine.search(before, &positions[..i], limits, &mut |_| {});
        let score_before = found.info.score;
        // A repetition draw depends on the game so far: the position after sees all before it.
        let score_after = score_for_mover(engine, &positions[i + 1], &positions[..=i], limits);
        let played_best = found.best == Some(played);
        reviews.push(PlyReview {
            ply: i + 1,
            played,
            best: found.best,
            line: found.info.pv.clone(),
            score_before,
            score_after,
            class: classify(score_before, score_after, played_best),
        });
        if !progress(i + 1, moves.len()) {
            break;
        }
    }
    reviews
}
