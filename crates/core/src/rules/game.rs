//! A game: the start, the moves played, taking the last one back, the repetition count, and an
//! outcome the players declare (a resignation, an agreed draw, a win on time). Moves taken back
//! are not kept to be replayed: that is for a game's viewer (the page keeps its line of moves).

use super::{Color, Deal, Move, MoveError, MoveList, Outcome, Position};

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    /// `positions[0]` is the start; `positions[i + 1]` follows `moves[i]`.
    positions: Vec<Position>,
    moves: Vec<Move>,
    /// An outcome declared in the last position (a resignation, an agreed draw, a win on time):
    /// no move follows it, and taking back the move before it forgets it.
    declared: Option<Outcome>,
}

impl Game {
    /// A game from any legal position.
    pub fn new(start: Position) -> Game {
        Game { positions: vec![start], moves: Vec::new(), declared: None }
    }

    /// A game from a deal: the starting layout, and the side card's stamp decides who starts.
    pub fn from_deal(deal: &Deal) -> Game {
        Game::new(deal.position())
    }

    pub fn start(&self) -> &Position {
        &self.positions[0]
    }

    pub fn position(&self) -> &Position {
        self.positions.last().unwrap_or(&self.positions[0])
    }

    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// Every position so far, the start first.
    pub fn positions(&self) -> &[Position] {
        &self.positions
    }

    /// How often the current position has occurred in this game (at least 1).
    pub fn repetitions(&self) -> usize {
        let current = self.position();
        self.positions.iter().filter(|p| *p == current).count()
    }

    /// A win, the draw when the current position has occurred for the third time, or the outcome
    /// declared in this position.
    pub fn outcome(&self) -> Option<Outcome> {
        self.position()
            .outcome()
            .or_else(|| (self.repetitions() >= 3).then_some(Outcome::DrawByRepetition))
            .or(self.declared)
    }

    /// `by` gives the game up (either side may, whoever is to move). A game already over cannot
    /// be resigned.
    ///
    /// ```
    /// use onitama_core::rules::{Color, Game, Outcome, Position};
    /// let mut game = Game::new("bbBbb/5/5/5/rrRrr boar,ox elephant,horse crab r".parse::<Position>().unwrap());
    /// assert_eq!(game.resign(Color::Red), Ok(Outcome::Resigned { by: Color::Red }));
    /// assert!(game.legal_moves().is_empty());
    /// assert!(game.resign(Color::Blue).is_err());
    /// ```
    pub fn resign(&mut self, by: Color) -> Result<Outcome, MoveError> {
        self.declare(Outcome::Resigned { by })
    }

    /// The players agree to a draw; a game already over cannot end again.
    ///
    /// ```
    /// use onitama_core::rules::{Game, Outcome, Position};
    /// let mut game = Game::new("bbBbb/5/5/5/rrRrr boar,ox elephant,horse crab r".parse::<Position>().unwrap());
    /// assert_eq!(game.agree_draw(), Ok(Outcome::DrawAgreed));
    /// assert_eq!(game.outcome(), Some(Outcome::DrawAgreed));
    /// ```
    pub fn agree_draw(&mut self) -> Result<Outcome, MoveError> {
        self.declare(Outcome::DrawAgreed)
    }

    /// `winner` takes the game on time: the opponent was away, or did not move, past the limit.
    /// Who may claim, and when, is for the caller to decide (the rules keep no clock).
    pub fn win_on_time(&mut self, winner: Color) -> Result<Outcome, MoveError> {
        self.declare(Outcome::WonOnTime { winner })
    }

    /// Ends the game with a declared outcome (one of [`Outcome::DECLARED`]).
    pub(super) fn declare(&mut self, outcome: Outcome) -> Result<Outcome, MoveError> {
        debug_assert!(outcome.is_declared(), "{outcome:?} is shown by the board, not declared");
        if let Some(outcome) = self.outcome() {
            return Err(MoveError::GameOver(outcome));
        }
        self.declared = Some(outcome);
        Ok(outcome)
    }

    /// The moves the side to move may make; none once the game is over.
    pub fn legal_moves(&self) -> MoveList {
        if self.outcome().is_some() { MoveList::new() } else { self.position().legal_moves() }
    }

    /// Plays a move if it is legal.
    pub fn play(&mut self, m: Move) -> Result<Option<Outcome>, MoveError> {
        if let Some(outcome) = self.outcome() {
            return Err(MoveError::GameOver(outcome));
        }
        let next = self.position().play(m)?;
        self.positions.push(next);
        self.moves.push(m);
        Ok(self.outcome())
    }

    /// Takes the last move back (and an outcome declared after it); returns it, or `None` at the
    /// start.
    pub fn undo(&mut self) -> Option<Move> {
        let m = self.moves.pop()?;
        self.positions.pop();
        self.declared = None;
        Some(m)
    }
}
