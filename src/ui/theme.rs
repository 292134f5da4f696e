//! The page's colours in a light and a dark theme, and one type scale that follows the board.
//! The canvas draws with these; `www/style.css` carries the same colours for the HTML around it.

use crate::rules::Color;

/// Every colour the canvas uses (CSS colour strings).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Palette {
    pub background: &'static str,
    /// The wooden board: its frame, its two square tones and the grain drawn over them.
    pub frame: &'static str,
    pub frame_edge: &'static str,
    pub square_light: &'static str,
    pub square_dark: &'static str,
    pub grain: &'static str,
    pub grid_line: &'static str,
    /// Text and lines on the page's ground.
    pub ink: &'static str,
    pub muted: &'static str,
    /// Red's and Blue's pieces and texts, and their pale grounds (temples, lit hands).
    pub red: &'static str,
    pub blue: &'static str,
    pub red_text: &'static str,
    pub blue_text: &'static str,
    pub red_pale: &'static str,
    pub blue_pale: &'static str,
    /// A piece's rim and marks.
    pub piece_rim: &'static str,
    /// Cards: face, edge, title ink, the empty cells of the move grid, the piece's cell.
    pub card: &'static str,
    pub card_edge: &'static str,
    pub card_ink: &'static str,
    pub grid_empty: &'static str,
    pub grid_centre: &'static str,
    pub selected: &'static str,
    pub selected_fill: &'static str,
    pub hint: &'static str,
    pub last_move: &'static str,
    pub arrow: &'static str,
    pub shadow: &'static str,
    /// A game clock under ten seconds, and the text on it.
    pub low_time: &'static str,
    pub low_time_ink: &'static str,
}

pub const LIGHT: Palette = Palette {
    background: "#f3ecdf",
    frame: "#6e4b2a",
    frame_edge: "#4a3019",
    square_light: "#e8cf9f",
    square_dark: "#d6b47c",
    grain: "rgba(110, 72, 30, 0.13)",
    grid_line: "rgba(74, 48, 25, 0.55)",
    ink: "#2b2118",
    muted: "#5f5142",
    red: "#b3261e",
    blue: "#1f4e99",
    red_text: "#a8231c",
    blue_text: "#1f4e99",
    red_pale: "#f4d3cf",
    blue_pale: "#d3dff4",
    piece_rim: "#fff8ec",
    card: "#fdf8ee",
    card_edge: "rgba(43, 33, 24, 0.35)",
    card_ink: "#2b2118",
    grid_empty: "#ece2d0",
    grid_centre: "#2b2118",
    selected: "#17734f",
    selected_fill: "rgba(23, 115, 79, 0.25)",
    hint: "#7a3fb0",
    last_move: "rgba(230, 178, 30, 0.42)",
    arrow: "rgba(43, 33, 24, 0.55)",
    shadow: "rgba(40, 24, 8, 0.35)",
    low_time: "#b3261e",
    low_time_ink: "#ffffff",
};

pub const DARK: Palette = Palette {
    background: "#17140f",
    frame: "#3a2918",
    frame_edge: "#0e0a06",
    square_light: "#6b5437",
    square_dark: "#574329",
    grain: "rgba(0, 0, 0, 0.16)",
    grid_line: "rgba(0, 0, 0, 0.5)",
    ink: "#efe5d3",
    muted: "#c2b49d",
    red: "#d2463c",
    blue: "#4a7fd6",
    red_text: "#ff8a80",
    blue_text: "#8fb5ff",
    red_pale: "#5c2a26",
    blue_pale: "#25385c",
    piece_rim: "#f7ecd8",
    card: "#2a241d",
    card_edge: "rgba(239, 229, 211, 0.3)",
    card_ink: "#efe5d3",
    grid_empty: "#3b332a",
    grid_centre: "#efe5d3",
    selected: "#3ccf92",
    selected_fill: "rgba(60, 207, 146, 0.22)",
    hint: "#c393f0",
    last_move: "rgba(240, 196, 70, 0.32)",
    arrow: "rgba(239, 229, 211, 0.6)",
    shadow: "rgba(0, 0, 0, 0.55)",
    low_time: "#ffb4ab",
    low_time_ink: "#690005",
};

impl Palette {
    pub fn of(dark: bool) -> &'static Palette {
        if dark { &DARK } else { &LIGHT }
    }

    pub fn side(&self, color: Color) -> &'static str {
        match color {
            Color::Red => self.red,
            Color::Blue => self.blue,
        }
    }

    /// A side's colour for text on the page's ground.
    pub fn side_text(&self, color: Color) -> &'static str {
        match color {
            Color::Red => self.red_text,
            Color::Blue => self.blue_text,
        }
    }

    pub fn pale(&self, color: Color) -> &'static str {
        match color {
            Color::Red => self.red_pale,
            Color::Blue => self.blue_pale,
        }
    }

    /// Every text drawn on the canvas with its ground, for the contrast checks.
    pub fn text_pairs(&self) -> [(&'static str, &'static str, &'static str); 6] {
        [
            ("turn line, Red", self.red_text, self.background),
            ("turn line, Blue", self.blue_text, self.background),
            ("labels", self.muted, self.background),
            ("card title", self.card_ink, self.card),
            ("coordinates on light squares", self.ink, self.square_light),
            ("coordinates on dark squares", self.ink, self.square_dark),
        ]
    }
}

/// One type scale for the canvas, in CSS pixels, following the board's cell: the body size
/// grows with the board and stays readable on a phone.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TypeScale {
    pub body: f64,
    pub small: f64,
}

impl TypeScale {
    pub fn for_cell(cell: f64) -> TypeScale {
        let body = (cell * 0.2).clamp(12.0, 24.0).round();
        TypeScale { body, small: (body * 0.85).round().max(11.0) }
    }
}

/// The WCAG contrast ratio of two `#rrggbb` colours.
pub fn contrast(a: &str, b: &str) -> Option<f64> {
    let luminance = |hex: &str| -> Option<f64> {
        let hex = hex.strip_prefix('#').filter(|h| h.len() == 6)?;
        let channel = |i: usize| -> Option<f64> {
            let c = f64::from(u8::from_str_radix(&hex[i..i + 2], 16).ok()?) / 255.0;
            Some(if c <= 0.03928 { c / 12.92 } else { ((c + 0.055) / 1.055).powf(2.4) })
        };
        Some(0.2126 * channel(0)? + 0.7152 * channel(2)? + 0.0722 * channel(4)?)
    };
    let (la, lb) = (luminance(a)?, luminance(b)?);
    let (hi, lo) = if la > lb { (la, lb) } else { (lb, la) };
    Some((hi + 0.05) / (lo + 0.05))
}
