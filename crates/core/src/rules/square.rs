//! The 25 squares, named from Red's seat: files `a`–`e`, ranks `1`–`5`.

use super::Color;

/// A square of the 5×5 board; its index is `rank * 5 + file`, counted from `a1`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct Square(u8);

impl Square {
    pub const COUNT: usize = 25;

    /// The square at `file` (0 = `a`) and `rank` (0 = rank 1), or `None` off the board.
    pub const fn new(file: i32, rank: i32) -> Option<Square> {
        if file >= 0 && file < 5 && rank >= 0 && rank < 5 { Some(Square((rank * 5 + file) as u8)) } else { None }
    }

    /// The square with this index (0–24).
    pub const fn from_index(index: usize) -> Option<Square> {
        if index < Self::COUNT { Some(Square(index as u8)) } else { None }
    }

    /// Callers guarantee `index < 25` (bitboard iteration).
    pub(crate) const fn from_index_unchecked(index: u32) -> Square {
        Square(index as u8)
    }

    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// 0 for file `a` … 4 for file `e`.
    pub const fn file(self) -> i32 {
        (self.0 % 5) as i32
    }

    /// 0 for rank 1 … 4 for rank 5.
    pub const fn rank(self) -> i32 {
        (self.0 / 5) as i32
    }

    /// A side's temple: its master's starting square (`c1` for Red, `c5` for Blue).
    ///
    /// ```
    /// use onitama_core::rules::{Color, Square};
    /// assert_eq!(Square::temple(Color::Blue).to_string(), "c5");
    /// ```
    pub const fn temple(color: Color) -> Square {
        match color {
            Color::Red => Square(2),
            Color::Blue => Square(22),
        }
    }

    /// The square moved by `(dx, dy)` in Red's coordinates, if it stays on the board.
    pub const fn offset(self, dx: i32, dy: i32) -> Option<Square> {
        Square::new(self.file() + dx, self.rank() + dy)
    }

    /// Every square, from `a1` to `e5`.
    pub fn all() -> impl Iterator<Item = Square> {
        (0..Self::COUNT as u8).map(Square)
    }
}

impl std::fmt::Display for Square {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let file = (b'a' + self.file() as u8) as char;
        write!(f, "{file}{}", self.rank() + 1)
    }
}

impl std::str::FromStr for Square {
    type Err = ();

    /// Parses `a1` … `e5`.
    fn from_str(text: &str) -> Result<Square, ()> {
        match text.as_bytes() {
            [file @ b'a'..=b'e', rank @ b'1'..=b'5'] => {
                Square::new((file - b'a') as i32, (rank - b'1') as i32).ok_or(())
            }
            _ => Err(()),
        }
    }
}
