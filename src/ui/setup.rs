//! Setting up a position on the analysis board: a tray of pieces and an eraser, the five cards and
//! the side to move, edited freely (no masters, a card twice: anything can be written) and checked
//! only when the player asks to analyse it, with the rules core's reason when it is refused.

use super::layout::CardPlace;
use crate::rules::{Card, Color, Outcome, Piece, Position, PositionError, Role, Setup, Square};

/// What the tray holds: a piece to place, or the eraser.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tool {
    Piece(Piece),
    Eraser,
}

impl Tool {
    /// The tray in its order: Red's master and student, Blue's, then the eraser.
    pub const TRAY: [Tool; 5] = [
        Tool::Piece(Piece { color: Color::Red, role: Role::Master }),
        Tool::Piece(Piece { color: Color::Red, role: Role::Student }),
        Tool::Piece(Piece { color: Color::Blue, role: Role::Master }),
        Tool::Piece(Piece { color: Color::Blue, role: Role::Student }),
        Tool::Eraser,
    ];

    /// Its code in the page and for scripts: the piece's letter (`R r B b`), `x` for the eraser.
    pub fn code(self) -> char {
        match self {
            Tool::Piece(piece) => piece.letter(),
            Tool::Eraser => 'x',
        }
    }

    pub fn from_code(code: &str) -> Option<Tool> {
        Tool::TRAY.into_iter().find(|tool| code.chars().eq([tool.code()]))
    }
}

/// What the player does in the editor, from its buttons, the board or a script.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum SetupAction {
    /// Open the editor on the position shown on the analysis board.
    Open,
    /// Take this tool from the tray.
    Choose(Tool),
    /// A tap (or Enter) on a square with the tool taken.
    Square(Square),
    /// The tool taken from the tray carried over the canvas to this point (CSS pixels), or no
    /// longer over it.
    Carry(Option<(f64, f64)>),
    /// The tool taken from the tray dropped on the canvas at this point (CSS pixels).
    DropAt {
        x: f64,
        y: f64,
    },
    Card(CardPlace, Card),
    ToMove(Color),
    /// The board turned, Blue's side at the bottom or back.
    Turn,
    Clear,
    Starting,
    /// Analyse the position set up: the analysis board on it, or the reason it cannot be.
    Analyse,
    /// Back to the analysis board as it was.
    Cancel,
}

/// Why the position set up is not analysed.
#[derive(Clone, Debug, PartialEq)]
pub enum SetupRefusal {
    /// No game reaches it (two masters of a colour, a card twice…).
    Invalid(PositionError),
    /// A game reaches it, but it is over there.
    Over(Outcome),
}

/// The editor: the setup as the player left it, the tool taken, which way the board faces, and
/// why the last Analyse was refused (until the next change).
#[derive(Clone, Debug, PartialEq)]
pub struct SetupEditor {
    pub setup: Setup,
    pub tool: Option<Tool>,
    /// Blue's side at the bottom.
    pub turned: bool,
    pub refusal: Option<SetupRefusal>,
    /// Where the tool taken from the tray is carried over the board, drawn under the pointer.
    pub carried: Option<(f64, f64)>,
}

impl SetupEditor {
    /// The editor on `position`, nothing taken from the tray.
    pub fn new(position: &Position) -> SetupEditor {
        SetupEditor::resume(position.setup())
    }

    /// The editor on a setup kept (a reload while editing).
    pub fn resume(setup: Setup) -> SetupEditor {
        SetupEditor { setup, tool: None, turned: false, refusal: None, carried: None }
    }

    /// The piece carried from the tray and where, to draw it under the pointer.
    pub fn carried_piece(&self) -> Option<(Piece, f64, f64)> {
        match (self.tool?, self.carried?) {
            (Tool::Piece(piece), (x, y)) => Some((piece, x, y)),
            (Tool::Eraser, _) => None,
        }
    }

    pub fn piece_at(&self, square: Square) -> Option<Piece> {
        self.setup.board[square.index()]
    }

    /// The side at the bottom of the board.
    pub fn bottom(&self) -> Color {
        if self.turned { Color::Blue } else { Color::Red }
    }

    /// A tap on `square` with the tool taken: its piece placed, or taken off where the same piece
    /// stands already; the eraser empties the square. Whether the setup changed.
    pub fn tap(&mut self, square: Square) -> bool {
        let placed = match self.tool {
            None => return false,
            Some(Tool::Piece(piece)) if self.piece_at(square) != Some(piece) => Some(piece),
            Some(_) => None,
        };
        self.put(square, placed)
    }

    /// The tool taken dropped on `square` (off the board: nothing): its piece stays there, even
    /// over the same piece; the eraser empties the square.
    pub fn drop_tool(&mut self, square: Option<Square>) -> bool {
        self.carried = None;
        match (self.tool, square) {
            (Some(Tool::Piece(piece)), Some(square)) => self.put(square, Some(piece)),
            (Some(Tool::Eraser), Some(square)) => self.put(square, None),
            _ => false,
        }
    }

    /// A piece dragged from `from` to `to`; dropped off the board, it leaves it.
    pub fn carry(&mut self, from: Square, to: Option<Square>) -> bool {
        let Some(piece) = self.piece_at(from) else { return false };
        if to == Some(from) {
            return false;
        }
        self.put(from, None);
        if let Some(to) = to {
            self.put(to, Some(piece));
        }
        true
    }

    pub fn set_card(&mut self, place: CardPlace, card: Card) -> bool {
        let slot = match place {
            CardPlace::Hand(Color::Red, slot) => &mut self.setup.red[slot.min(1)],
            CardPlace::Hand(Color::Blue, slot) => &mut self.setup.blue[slot.min(1)],
            CardPlace::Side => &mut self.setup.side,
        };
        let changed = std::mem::replace(slot, card) != card;
        self.changed(changed)
    }

    pub fn set_to_move(&mut self, color: Color) -> bool {
        let changed = std::mem::replace(&mut self.setup.to_move, color) != color;
        self.changed(changed)
    }

    /// An empty board; the cards stay.
    pub fn clear(&mut self) -> bool {
        let changed = std::mem::take(&mut self.setup.board) != [None; 25];
        self.changed(changed)
    }

    /// The pieces on their home rows, the cards as chosen, the side card's stamp to move.
    pub fn starting(&mut self) -> bool {
        let board = std::array::from_fn(|index| {
            let square = Square::from_index(index)?;
            let color = match square.rank() {
                0 => Color::Red,
                4 => Color::Blue,
                _ => return None,
            };
            let role = if square.file() == 2 { Role::Master } else { Role::Student };
            Some(Piece { color, role })
        });
        let start = Setup { board, to_move: self.setup.side.stamp(), ..self.setup };
        let changed = std::mem::replace(&mut self.setup, start) != start;
        self.changed(changed)
    }

    /// The position set up, or why it is not one to analyse.
    pub fn position(&self) -> Result<Position, SetupRefusal> {
        let position = Position::try_from(self.setup).map_err(SetupRefusal::Invalid)?;
        match position.outcome() {
            Some(outcome) => Err(SetupRefusal::Over(outcome)),
            None => Ok(position),
        }
    }

    fn put(&mut self, square: Square, piece: Option<Piece>) -> bool {
        let changed = std::mem::replace(&mut self.setup.board[square.index()], piece) != piece;
        self.changed(changed)
    }

    /// A change makes the last refusal's reason stale.
    fn changed(&mut self, changed: bool) -> bool {
        if changed {
            self.refusal = None;
        }
        changed
    }
}
