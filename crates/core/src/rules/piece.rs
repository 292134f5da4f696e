//! A piece: its colour and whether it is a master or a student.

use super::Color;

/// What a piece is.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Role {
    Master,
    Student,
}

#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Piece {
    pub color: Color,
    pub role: Role,
}

impl Piece {
    /// The letter of the position notation: `R r B b`.
    pub const fn letter(self) -> char {
        match (self.color, self.role) {
            (Color::Red, Role::Master) => 'R',
            (Color::Red, Role::Student) => 'r',
            (Color::Blue, Role::Master) => 'B',
            (Color::Blue, Role::Student) => 'b',
        }
    }

    pub const fn from_letter(letter: char) -> Option<Piece> {
        let (color, role) = match letter {
            'R' => (Color::Red, Role::Master),
            'r' => (Color::Red, Role::Student),
            'B' => (Color::Blue, Role::Master),
            'b' => (Color::Blue, Role::Student),
            _ => return None,
        };
        Some(Piece { color, role })
    }
}
