//! The page's state: the game, how it is played, what the player has selected, and what is
//! moving. Everything drawn is derived from it; every rule question goes to `crate::rules`.

use super::anim::Anim;
use super::keyboard::Focus;
use super::text::Lang;
use crate::ai::Score;
use crate::rules::{Card, Color, Game, Move, Position, Square};

pub use crate::save::Mode;

/// A piece being dragged: where it came from and where the pointer is (CSS pixels).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Drag {
    pub from: Square,
    pub x: f64,
    pub y: f64,
    /// Set once the pointer has travelled far enough to be a drag rather than a click.
    pub moved: bool,
}

/// The AI's search in progress.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Thinking {
    pub request: u32,
    /// What the search is for: the AI's own move or a hint for the player.
    pub purpose: Purpose,
    pub depth: u32,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Purpose {
    Move,
    Hint,
    /// Only the score, for the evaluation bar.
    Evaluate,
}

pub struct State {
    pub game: Game,
    pub mode: Mode,
    pub selected_card: Option<Card>,
    pub selected_piece: Option<Square>,
    /// A jump two cards both make: the player picks which card to give up.
    pub card_choice: Option<(Square, Square)>,
    pub drag: Option<Drag>,
    /// Where the keyboard focus is, once the keyboard has been used.
    pub focus: Option<Focus>,
    pub hint: Option<Move>,
    pub thinking: Option<Thinking>,
    /// The AI's latest view of a position: the score for that position's side to move.
    pub evaluation: Option<(Position, Score)>,
    /// Whether the evaluation bar is shown (the AI then evaluates every position).
    pub show_evaluation: bool,
    pub lang: Lang,
    pub anim: Option<Anim>,
    pub reduced_motion: bool,
    /// The seed for the AI's dice, advanced every request.
    pub seed: u64,
}

impl State {
    pub fn new(game: Game, mode: Mode, reduced_motion: bool, seed: u64) -> State {
        State {
            game,
            mode,
            selected_card: None,
            selected_piece: None,
            card_choice: None,
            drag: None,
            focus: None,
            hint: None,
            thinking: None,
            evaluation: None,
            show_evaluation: false,
            lang: Lang::En,
            anim: None,
            reduced_motion,
            seed,
        }
    }

    pub fn position(&self) -> &Position {
        self.game.position()
    }

    /// The colour drawn at the bottom.
    pub fn bottom(&self) -> Color {
        match self.mode {
            Mode::VsAi { human, .. } => human,
            Mode::PassAndPlay { turn_board: true } => self.position().to_move(),
            Mode::PassAndPlay { turn_board: false } | Mode::Watch { .. } => Color::Red,
        }
    }

    /// Whether a person is to move now (and the game is on).
    pub fn human_to_move(&self) -> bool {
        self.game.outcome().is_none() && self.mode.is_human(self.position().to_move())
    }

    /// Whether the AI should be searching for its move now.
    pub fn ai_to_move(&self) -> bool {
        self.game.outcome().is_none() && !self.mode.is_human(self.position().to_move())
    }

    /// The last move played, to keep it marked.
    pub fn last_move(&self) -> Option<Move> {
        self.game.moves().last().copied()
    }

    /// Which card lies in which hand slot: a card taken in fills the slot of the card given up,
    /// so cards keep their places as they rotate.
    pub fn hand_slots(&self) -> [[Card; 2]; 2] {
        hand_slots(&self.game)
    }

    /// The current position's evaluation as Red sees it, if the AI has given one.
    pub fn evaluation_for_red(&self) -> Option<Score> {
        let (position, score) = self.evaluation.filter(|(p, _)| p == self.position())?;
        Some(if position.to_move() == Color::Red {
            score
        } else {
            match score {
                Score::Value(v) => Score::Value(-v),
                Score::Win(plies) => Score::Loss(plies),
                Score::Loss(plies) => Score::Win(plies),
            }
        })
    }

    pub fn clear_selection(&mut self) {
        self.selected_card = None;
        self.selected_piece = None;
        self.card_choice = None;
        self.drag = None;
    }
}

pub fn hand_slots(game: &Game) -> [[Card; 2]; 2] {
    let start = game.start();
    let mut slots = [start.hand(Color::Red).pair(), start.hand(Color::Blue).pair()];
    for (position, m) in game.positions().iter().zip(game.moves()) {
        let hand = &mut slots[position.to_move().index()];
        if let Some(slot) = hand.iter_mut().find(|card| **card == m.card()) {
            *slot = position.side_card();
        }
    }
    slots
}
