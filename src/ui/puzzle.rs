//! A puzzle being played on the page: the player plays the winning side, the worker defends
//! with the best defence (`ai::puzzle::defence`) and says whether the win is still forced.

use super::features::Features;
use super::text::{self, Texts};
use crate::ai::puzzle::{Difficulty, Puzzle};
use crate::rules::{CardSet, Color, Game, Move, Outcome};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    Playing,
    Solved,
    /// The move that let the win go, and the defence that shows it (played on the board).
    Failed {
        wrong: Move,
        refutation: Option<Move>,
        at: usize,
    },
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PuzzleRun {
    /// Only a build with the features makes one.
    pub features: crate::ui::features::Features,
    pub puzzle: Puzzle,
    /// Chosen by the date.
    pub daily: bool,
    pub status: Status,
    /// The solution is played out on the board (or was): the player does not move, and the win
    /// does not count as solved.
    pub shown: bool,
    /// A hint was asked for, or a try failed: a win then is a solve with help, not ticked.
    pub helped: bool,
}

impl PuzzleRun {
    pub fn new(puzzle: Puzzle, daily: bool) -> PuzzleRun {
        PuzzleRun { features: Features::present(), puzzle, daily, status: Status::Playing, shown: false, helped: false }
    }

    /// The same puzzle from its start, to try again: help had so far stays counted (a failed try
    /// and a solution shown are help too).
    pub fn retry(&self) -> PuzzleRun {
        PuzzleRun { helped: self.helped || self.shown, ..PuzzleRun::new(self.puzzle, self.daily) }
    }

    /// Solved by the player alone: no hint asked for, no failed try before.
    pub fn solved_cleanly(&self) -> bool {
        self.status == Status::Solved && !self.helped && !self.shown
    }

    pub fn failed(&self) -> bool {
        matches!(self.status, Status::Failed { .. })
    }

    /// The same puzzle from its start, its solution to be played out on the board.
    pub fn showing_solution(puzzle: Puzzle, daily: bool) -> PuzzleRun {
        PuzzleRun { shown: true, helped: true, ..PuzzleRun::new(puzzle, daily) }
    }

    /// Whether "Show the solution" is offered: while the puzzle is played and once it is failed,
    /// not while it is shown or once solved.
    pub fn offers_solution(&self) -> bool {
        !self.shown && self.status != Status::Solved
    }

    /// The next move of the solution shown, while `game` follows it: the exact search's line from
    /// the puzzle's start (`ai::puzzle::solution`, a few milliseconds at most). `None` when no
    /// solution is shown, the game is over or has left the line.
    pub fn next_shown_move(&self, game: &Game) -> Option<Move> {
        if !self.shown || game.outcome().is_some() || game.start() != &self.puzzle.position {
            return None;
        }
        let line = crate::ai::puzzle::solution(&self.puzzle.position, self.puzzle.plies);
        let played = game.moves();
        line.get(played.len()).copied().filter(|_| line.starts_with(played))
    }

    /// The puzzle as it stands after `game` (read back from a save, or after Undo or Redo): solved if the solver has
    /// won; failed if, on the solver's turn, no forced win is left within the plies left (the
    /// defender's last move then being the refutation).
    pub fn resume(puzzle: Puzzle, daily: bool, game: &Game) -> PuzzleRun {
        let mut run = PuzzleRun::new(puzzle, daily);
        run.after_move(game);
        let played = game.moves().len();
        let solver_to_move = game.position().to_move() == run.solver();
        // The exact search only where it can tell: on the solver's turn, after a defence.
        let lost = || match game.outcome() {
            Some(outcome) => outcome.winner() != Some(run.solver()),
            None => !crate::ai::puzzle::wins_within(game.position(), run.plies_left(played)),
        };
        if run.status == Status::Playing && (solver_to_move || game.outcome().is_some()) && played >= 2 && lost() {
            let (wrong, refutation) = (game.moves()[played - 2], game.moves()[played - 1]);
            let out_of_moves = run.plies_left(played - 1) == 0;
            run.status = Status::Failed { wrong, refutation: (!out_of_moves).then_some(refutation), at: played - 1 };
            run.helped = true;
        }
        run
    }

    /// The side that has the win.
    pub fn solver(&self) -> Color {
        self.puzzle.position.to_move()
    }

    /// The plies left to win in, the defender's next one included, after `played` plies.
    pub fn plies_left(&self, played: usize) -> u32 {
        self.puzzle.plies.saturating_sub(played as u32)
    }

    /// Takes note of where `game` stands after a move: a win by the solver solves the puzzle.
    pub fn after_move(&mut self, game: &Game) {
        if self.status == Status::Playing
            && let Some(Outcome::Win { winner, .. }) = game.outcome()
        {
            self.status = if winner == self.solver() { Status::Solved } else { self.status };
        }
    }

    /// The defence has come back: the win is still forced, or the player's last move let it go.
    pub fn defended(&mut self, game: &Game, refutation: Option<Move>, still_lost: bool) {
        if self.status == Status::Playing && !still_lost {
            let at = game.moves().len();
            if let Some(&wrong) = game.moves().last() {
                self.status = Status::Failed { wrong, refutation, at };
                self.helped = true;
            }
        }
    }

    /// The strip's line while the puzzle is on: what to find, then, after a right move, how far
    /// the win still is.
    pub fn line(&self, t: &Texts, game: &Game) -> String {
        let played = game.moves().len();
        let mut blanks = self.blanks(t);
        let key = match played {
            _ if self.shown => "solution-line",
            0 if self.daily => "daily-line",
            0 => "puzzle-line",
            _ if game.position().to_move() == self.solver() => {
                blanks.push(("left", self.plies_left(played).div_ceil(2).to_string()));
                "puzzle-going"
            }
            _ => "puzzle-waiting",
        };
        text::page_text(t, key, &blanks)
    }

    /// What happened, once it is over.
    pub fn verdict(&self, t: &Texts, game: &Game) -> Option<String> {
        let mut blanks = self.blanks(t);
        let key = match self.status {
            Status::Playing => return None,
            Status::Solved if self.shown => "solution-shown",
            Status::Solved if self.helped => "puzzle-solved-helped",
            Status::Solved => "puzzle-solved",
            Status::Failed { wrong, refutation, at } => {
                let before = game.positions().get(at - 1).unwrap_or(&self.puzzle.position);
                blanks.push(("wrong", text::move_text(t, before, wrong, None)));
                blanks.push(("defender", text::color_name(t, self.solver().other()).to_string()));
                match refutation {
                    Some(refutation) => {
                        let position = game.positions().get(at).unwrap_or(before);
                        let wins = position.is_winning(refutation);
                        blanks.push(("refutation", text::move_text(t, position, refutation, None)));
                        if wins { "puzzle-failed-win" } else { "puzzle-failed" }
                    }
                    None => "puzzle-out-of-moves",
                }
            }
        };
        Some(text::page_text(t, key, &blanks))
    }

    fn blanks(&self, t: &Texts) -> Vec<(&'static str, String)> {
        let difficulty = text::page_text(t, self.puzzle.difficulty().code(), &[]);
        vec![
            ("id", self.puzzle.id.to_string()),
            ("difficulty", difficulty),
            ("color", text::color_name(t, self.solver()).to_string()),
            ("n", self.puzzle.plies.div_ceil(2).to_string()),
        ]
    }
}

/// The next puzzle to offer: the first unsolved one of `difficulty` after `after` (by id, round
/// the set), or the first of that difficulty when all are solved.
pub fn next_puzzle(set: &[Puzzle], solved: &[u32], difficulty: Difficulty, after: u32) -> Option<Puzzle> {
    let of_kind: Vec<&Puzzle> = set.iter().filter(|p| p.difficulty() == difficulty).collect();
    let start = of_kind.iter().position(|p| p.id > after).unwrap_or(0);
    let round = of_kind[start..].iter().chain(&of_kind[..start]);
    round.clone().find(|p| !solved.contains(&p.id)).or_else(|| round.clone().next()).map(|p| **p)
}

/// Solved puzzles as the browser keeps them: ids apart by spaces (anything else is skipped).
pub fn parse_solved(text: &str) -> Vec<u32> {
    text.split_whitespace().filter_map(|id| id.parse().ok()).collect()
}

/// The solved list with `id` added once.
pub fn add_solved(text: &str, id: u32) -> String {
    let mut solved = parse_solved(text);
    if !solved.contains(&id) {
        solved.push(id);
    }
    solved.iter().map(u32::to_string).collect::<Vec<_>>().join(" ")
}

/// What the player asked for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Choice {
    /// The puzzle of the day among those offered (days since 1970 in the player's time zone).
    Daily(i64),
    /// The next unsolved one of a difficulty.
    Difficulty(Difficulty),
    /// The next one of the same difficulty as the puzzle just played.
    Next,
    /// This one, by its id (as the list of puzzles offers it).
    Id(u32),
}

/// The puzzles offered to a player whose deck holds `enabled`: those with all five cards enabled,
/// in the set's order. With the base cards alone (the default deck) they are the base game's, so
/// the daily puzzle of a date is the one it was before the expansions.
pub fn offered(set: &[Puzzle], enabled: CardSet) -> Vec<Puzzle> {
    set.iter().filter(|puzzle| puzzle.offered_in(enabled)).copied().collect()
}

/// The puzzle to play for `choice` among those offered with the `enabled` cards, and whether it
/// is the daily one (drawn from the offered puzzles). `None` when none is offered, or the id is
/// not.
pub fn choose(
    set: &[Puzzle],
    enabled: CardSet,
    solved: &[u32],
    choice: Choice,
    current: Option<&PuzzleRun>,
) -> Option<(Puzzle, bool)> {
    let set = offered(set, enabled);
    match choice {
        Choice::Daily(day) => (!set.is_empty()).then(|| (set[crate::ai::puzzle::daily(set.len(), day)], true)),
        Choice::Difficulty(difficulty) => next_puzzle(&set, solved, difficulty, 0).map(|p| (p, false)),
        Choice::Next => {
            let (difficulty, after) =
                current.map_or((Difficulty::Easy, 0), |run| (run.puzzle.difficulty(), run.puzzle.id));
            next_puzzle(&set, solved, difficulty, after).map(|p| (p, false))
        }
        Choice::Id(id) => set.iter().find(|p| p.id == id).map(|&p| (p, false)),
    }
}
