//! Two records of one game, compared after a reconnect or a gap: the longer must extend the
//! shorter, else the game has diverged. An outcome the players declare (a resignation, an agreed
//! draw, a win on time) is not a move: a move made at the same ply by the side to move, sent
//! before the declaration arrived, stands and the declaration lapses; two declarations at the same
//! ply are settled the same way on both sides (the first in [`Outcome::DECLARED`] stands).

use onitama_core::rules::{Color, Game, Outcome};

/// What comparing my record with theirs says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reconciled {
    /// The same moves and the same end.
    Same,
    /// Their record extends mine (or its end stands over mine): this is the game now.
    Theirs(Game),
    /// Mine extends theirs: they are behind and must be sent mine.
    Mine,
    /// Their record ends with an outcome I do not accept (one I never declared nor agreed to).
    Refused(Outcome),
    /// The records disagree from ply `at` on.
    Diverged { at: usize },
}

/// The declared outcome ending `game`, if any.
pub fn declared_end(game: &Game) -> Option<Outcome> {
    game.outcome().filter(|o| o.is_declared())
}

/// The side that made a declaration alone: who resigned, who claimed on time (an agreed draw is
/// both sides').
pub fn actor(outcome: Outcome) -> Option<Color> {
    match outcome {
        Outcome::Resigned { by } => Some(by),
        Outcome::WonOnTime { winner } => Some(winner),
        _ => None,
    }
}

/// Which of two declarations made at the same ply stands: the same on both sides.
pub fn first_of(a: Outcome, b: Outcome) -> Outcome {
    let rank = |o: Outcome| Outcome::DECLARED.iter().position(|&d| d == o).unwrap_or(usize::MAX);
    if rank(b) < rank(a) { b } else { a }
}

/// The game without its declared end (its moves replayed from the start).
pub fn without_declared_end(game: &Game) -> Game {
    let mut bare = Game::new(*game.start());
    for &m in game.moves() {
        // Cannot fail: the same moves were legal in `game`.
        let _ = bare.play(m);
    }
    bare
}

/// Compares `mine` with `theirs`. `accepts` says whether I accept a declared end of theirs that
/// my record lacks, at its ply (their own resignation always; a claim on time only if my clock
/// agrees; an agreed draw only if I offered it).
pub fn reconcile(mine: &Game, theirs: &Game, accepts: impl Fn(Outcome, usize) -> bool) -> Reconciled {
    if mine.start() != theirs.start() {
        return Reconciled::Diverged { at: 0 };
    }
    let (a, b) = (mine.moves(), theirs.moves());
    let common = a.iter().zip(b).take_while(|(x, y)| x == y).count();
    if common < a.len().min(b.len()) {
        return Reconciled::Diverged { at: common };
    }
    let (my_end, their_end) = (declared_end(mine), declared_end(theirs));
    let adopt = |outcome: Outcome, ply: usize| {
        if accepts(outcome, ply) { Reconciled::Theirs(theirs.clone()) } else { Reconciled::Refused(outcome) }
    };
    use std::cmp::Ordering::*;
    match a.len().cmp(&b.len()) {
        Equal => match (my_end, their_end) {
            (None, None) => Reconciled::Same,
            (Some(_), None) => Reconciled::Mine,
            (None, Some(theirs_end)) => adopt(theirs_end, a.len()),
            (Some(m), Some(t)) if m == t => Reconciled::Same,
            (Some(m), Some(t)) => {
                if first_of(m, t) == m {
                    Reconciled::Mine
                } else {
                    adopt(t, a.len())
                }
            }
        },
        Less => {
            // Their move at my last ply stands over my declaration there, unless I was the side
            // to move: then I both declared and moved, which cannot be.
            let mover = mine.position().to_move();
            match my_end {
                Some(end) if actor(end) == Some(mover) => Reconciled::Diverged { at: a.len() },
                _ => match their_end {
                    Some(end) => adopt(end, b.len()),
                    None => Reconciled::Theirs(theirs.clone()),
                },
            }
        }
        Greater => {
            let mover = theirs.position().to_move();
            match their_end {
                Some(end) if actor(end) == Some(mover) => Reconciled::Diverged { at: b.len() },
                _ => Reconciled::Mine,
            }
        }
    }
}
