//! Game review: every move of a game searched, and classed by what it lost against the engine's
//! best move (best, good, inaccuracy, mistake, blunder). Forced results count first: a move that
//! turns a forced win into anything less, or walks into a forced loss, is a blunder. Where exact
//! endgame tables are given, the positions they cover are judged by them instead of a search.

use super::endgame::{Exact, Material};
use super::exact::TableCache;
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

    /// The annotation players know: `?!`, `?` and `??` for what lost something worth a mark.
    pub fn mark(self) -> Option<&'static str> {
        match self {
            MoveClass::Best | MoveClass::Good => None,
            MoveClass::Inaccuracy => Some("?!"),
            MoveClass::Mistake => Some("?"),
            MoveClass::Blunder => Some("??"),
        }
    }

    pub fn from_code(code: &str) -> Option<MoveClass> {
        [MoveClass::Best, MoveClass::Good, MoveClass::Inaccuracy, MoveClass::Mistake, MoveClass::Blunder]
            .into_iter()
            .find(|class| class.code() == code)
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
    /// The position after the move was judged by the exact tables: `score_after` is its value.
    pub exact: bool,
}

/// Exact tables for a review: the positions of at most `pieces` pieces are judged by them.
pub struct ReviewTables<'a> {
    pub tables: &'a mut TableCache,
    pub pieces: u32,
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

/// What a position is worth to its side to move with best play, the move and line to it, and
/// whether the exact tables said so.
type Judged = (Score, Option<Move>, Vec<Move>, bool);

/// The score for the side to move in `positions[i]` with best play (what it is, for a finished
/// one): from the tables where they cover it, else a search.
fn score_to_move(
    engine: &mut Engine,
    tables: &mut Option<ReviewTables>,
    positions: &[Position],
    i: usize,
    limits: Limits,
) -> Judged {
    let covered = tables.as_mut().filter(|t| Material::of(&positions[i]).pieces() <= t.pieces);
    if let Some(ReviewTables { tables, pieces }) = covered
        && positions[i].outcome().is_none()
        && let Ok(lines) = tables.lines(&positions[i], &positions[..i], *pieces, (1, EXACT_LINE_PLIES))
        && let Some(line) = lines.into_iter().next()
    {
        let score = match line.value {
            Exact::Win(plies) => Score::Win(plies),
            Exact::Loss(plies) => Score::Loss(plies),
            Exact::Draw => Score::Value(0),
        };
        let best = line.moves.first().copied();
        return (score, best, line.moves.get(1..).unwrap_or_default().to_vec(), true);
    }
    let (score, best, line) = searched(engine, positions, i, limits);
    (score, best, line, false)
}

/// The longest line of perfect play a review keeps from the tables.
const EXACT_LINE_PLIES: usize = 12;

fn searched(engine: &mut Engine, positions: &[Position], i: usize, limits: Limits) -> (Score, Option<Move>, Vec<Move>) {
    match positions[i].outcome() {
        // The side to move has just lost.
        Some(Outcome::Win { .. }) => (Score::Loss(0), None, Vec::new()),
        // A position alone is never drawn nor resigned (the game's record says so): searched on.
        Some(
            Outcome::DrawByRepetition | Outcome::Resigned { .. } | Outcome::DrawAgreed | Outcome::WonOnTime { .. },
        )
        | None => {
            // A repetition draw depends on the game so far: each search sees every position before.
            let found = engine.search(&positions[i], &positions[..i], limits, &mut |_| {});
            (found.info.score, found.best, found.info.pv)
        }
    }
}

/// Reviews every move of `game` with one search of `limits` per position (or the exact `tables`
/// where they cover it): the score after a move is the next position's score, seen from the other
/// side. Each move's review goes to `on_move` with the number of moves in all as soon as it is
/// known; the review stops early when `on_move` returns false.
pub fn review(
    game: &Game,
    engine: &mut Engine,
    limits: Limits,
    mut tables: Option<ReviewTables>,
    on_move: &mut dyn FnMut(&PlyReview, usize) -> bool,
) -> Vec<PlyReview> {
    let positions = game.positions();
    let moves = game.moves();
    let mut reviews = Vec::with_capacity(moves.len());
    let mut before = score_to_move(engine, &mut tables, positions, 0, limits);
    for (i, &played) in moves.iter().enumerate() {
        let after = score_to_move(engine, &mut tables, positions, i + 1, limits);
        let (score_before, best, line, _) = before;
        let score_after = match after.0 {
            // The mover won with this very move.
            Score::Loss(0) => Score::Win(1),
            score => score.negate(),
        };
        let entry = PlyReview {
            ply: i + 1,
            played,
            best,
            line,
            score_before,
            score_after,
            class: classify(score_before, score_after, best == Some(played)),
            exact: after.3,
        };
        let go_on = on_move(&entry, moves.len());
        reviews.push(entry);
        if !go_on {
            break;
        }
        before = after;
    }
    reviews
}
