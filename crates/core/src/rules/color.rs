//! The two players.

use std::ops::{Index, IndexMut, Not};

/// A player. Red sits at ranks 1–2 and Blue at ranks 4–5 at the start.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum Color {
    Red = 0,
    Blue = 1,
}

impl Color {
    pub const ALL: [Color; 2] = [Color::Red, Color::Blue];

    /// The opponent.
    ///
    /// ```
    /// use onitama_core::rules::Color;
    /// assert_eq!(Color::Red.other(), Color::Blue);
    /// ```
    pub const fn other(self) -> Color {
        match self {
            Color::Red => Color::Blue,
            Color::Blue => Color::Red,
        }
    }

    pub const fn index(self) -> usize {
        self as usize
    }

    /// `"Red"` or `"Blue"`.
    pub const fn name(self) -> &'static str {
        match self {
            Color::Red => "Red",
            Color::Blue => "Blue",
        }
    }

    /// `"red"` or `"blue"`: the word used in saves, links and the page's API.
    pub const fn code(self) -> &'static str {
        match self {
            Color::Red => "red",
            Color::Blue => "blue",
        }
    }

    /// The colour `code` names, if any.
    ///
    /// ```
    /// use onitama_core::rules::Color;
    /// assert_eq!(Color::from_code("blue"), Some(Color::Blue));
    /// assert_eq!(Color::from_code("Blue"), None);
    /// ```
    pub fn from_code(code: &str) -> Option<Color> {
        Color::ALL.into_iter().find(|color| color.code() == code)
    }

    /// The to-move letter of the position notation.
    pub const fn letter(self) -> char {
        match self {
            Color::Red => 'r',
            Color::Blue => 'b',
        }
    }
}

impl Not for Color {
    type Output = Color;
    fn not(self) -> Color {
        self.other()
    }
}

impl std::fmt::Display for Color {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// One value for each player, indexed by `Color`.
///
/// ```
/// use onitama_core::rules::{ByColor, Color};
/// let mut students = ByColor::new(4, 3);
/// students[Color::Blue] -= 1;
/// assert_eq!(students[Color::Red], 4);
/// assert_eq!(students.map(|count| count * 10), ByColor::new(40, 20));
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct ByColor<T>([T; 2]);

impl<T> ByColor<T> {
    pub const fn new(red: T, blue: T) -> ByColor<T> {
        ByColor([red, blue])
    }

    /// `color`'s value; `self[color]` outside constant functions.
    #[inline]
    pub const fn get(&self, color: Color) -> &T {
        &self.0[color.index()]
    }

    pub fn map<U>(self, f: impl FnMut(T) -> U) -> ByColor<U> {
        ByColor(self.0.map(f))
    }
}

impl<T> Index<Color> for ByColor<T> {
    type Output = T;
    #[inline]
    fn index(&self, color: Color) -> &T {
        self.get(color)
    }
}

impl<T> IndexMut<Color> for ByColor<T> {
    #[inline]
    fn index_mut(&mut self, color: Color) -> &mut T {
        &mut self.0[color.index()]
    }
}
