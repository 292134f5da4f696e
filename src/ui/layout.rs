//! Where everything goes on the canvas, in CSS pixels: the board's squares and the card slots.
//! Render, hit-testing and the API's rectangles all read it, so they always agree.

use crate::rules::{Color, Square};

#[derive(Clone, Copy, Debug, PartialEq, Default)]
pub struct Rect {
    pub x: f64,
    pub y: f64,
    pub w: f64,
    pub h: f64,
}

impl Rect {
    pub fn contains(&self, x: f64, y: f64) -> bool {
        x >= self.x && x < self.x + self.w && y >= self.y && y < self.y + self.h
    }

    pub fn centre(&self) -> (f64, f64) {
        (self.x + self.w / 2.0, self.y + self.h / 2.0)
    }

    /// The rectangle of the same size centred on `(x, y)`.
    pub fn centred_at(&self, x: f64, y: f64) -> Rect {
        Rect { x: x - self.w / 2.0, y: y - self.h / 2.0, ..*self }
    }
}

/// The canvas's place on the page: its size in CSS pixels, and the screen's pixels per CSS pixel.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CanvasSize {
    pub width: f64,
    pub height: f64,
    pub pixel_ratio: f64,
}

impl CanvasSize {
    /// The canvas's own pixels, one per screen pixel so that the board stays sharp.
    pub fn pixels(&self) -> (u32, u32) {
        ((self.width * self.pixel_ratio).round() as u32, (self.height * self.pixel_ratio).round() as u32)
    }
}

/// A place a card can lie: in a player's hand (slot 0 or 1), or beside the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CardPlace {
    Hand(Color, usize),
    Side,
}

/// The room between the board and the cards above and below it, in cells: the board's frame
/// and the line naming whose turn it is.
const BESIDE: f64 = 0.5;

/// The same room without that line: the tutorial's panel says whose turn it is, and on a phone
/// the board keeps a game's size below the panel's words.
const BESIDE_UNLABELLED: f64 = 0.13;

/// The width of the board's wooden frame, in cells.
pub const FRAME: f64 = 0.12;

#[derive(Clone, Copy, Debug, PartialEq)]
enum Arrangement {
    Portrait,
    Landscape,
    Wide,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Layout {
    pub width: f64,
    pub height: f64,
    pub cell: f64,
    pub board: Rect,
    /// The colour whose home row is drawn at the bottom.
    pub bottom: Color,
    hands: [[Rect; 2]; 2],
    /// Beside the board in landscape; in portrait, a third slot in the row of the player to move.
    side: [Rect; 2],
    /// The line of text naming whose turn it is, by each player's row.
    pub banner: [Rect; 2],
    /// Whether there is room for that line (not in the tutorial).
    pub labelled: bool,
}

impl Layout {
    /// The layout of a canvas `width` × `height` with `bottom`'s home row at the bottom, with room
    /// for the lines by each player's row when `labelled`.
    pub fn new(width: f64, height: f64, bottom: Color, labelled: bool) -> Layout {
        let (beside, margin) = if labelled { (BESIDE, 0.3) } else { (BESIDE_UNLABELLED, 0.02) };
        // Portrait: three smaller cards share each player's row, the side card in the mover's row.
        // Landscape: two cards above and below the board, the side card beside it. Wide and short
        // (a phone on its side): each player's cards in a column beside the board.
        let arrangement = if width < height * 1.05 {
            Arrangement::Portrait
        } else if width >= height * 1.55 {
            Arrangement::Wide
        } else {
            Arrangement::Landscape
        };
        let (card_w_cells, card_h_cells, gap_cells) = match arrangement {
            Arrangement::Portrait => (1.62, 1.1, 0.12),
            Arrangement::Landscape => (2.2, 1.45, 0.3),
            Arrangement::Wide => (2.0, 1.3, 0.2),
        };
        let (rows, cols) = match arrangement {
            Arrangement::Portrait => (5.0 + 2.0 * (card_h_cells + gap_cells + beside) + margin, 5.3),
            Arrangement::Landscape => {
                (5.0 + 2.0 * (card_h_cells + gap_cells + beside) + margin, 5.0 + 2.0 * (card_w_cells + 0.35))
            }
            Arrangement::Wide => (5.0 + 2.0 * beside + 0.2, 5.0 + 2.0 * (card_w_cells + 0.5)),
        };
        let cell = (width / cols).min(height / rows).floor().max(8.0);
        let board_size = cell * 5.0;
        let board = Rect {
            x: ((width - board_size) / 2.0).round(),
            y: ((height - board_size) / 2.0).round(),
            w: board_size,
            h: board_size,
        };
        let card_w = cell * card_w_cells;
        let card_h = cell * card_h_cells;
        let gap = cell * gap_cells;
        let top_y = board.y - gap - card_h - cell * beside;
        let bottom_y = board.y + board.h + gap + cell * beside;
        let row_y = |color: Color| if color == bottom { bottom_y } else { top_y };
        let mut hands = [[Rect::default(); 2]; 2];
        let mut side = [Rect::default(); 2];
        for color in Color::ALL {
            let y = row_y(color);
            match arrangement {
                Arrangement::Portrait => {
                    let spacing = (board.w - 3.0 * card_w) / 2.0;
                    let slot = |i: f64| Rect { x: board.x + i * (card_w + spacing), y, w: card_w, h: card_h };
                    // The bottom player reads left to right; the top player sits opposite, so mirror.
                    let (a, b, s) = if color == bottom { (0.0, 1.0, 2.0) } else { (2.0, 1.0, 0.0) };
                    hands[color.index()] = [slot(a), slot(b)];
                    side[color.index()] = slot(s);
                }
                Arrangement::Landscape => {
                    let x0 = width / 2.0 - card_w - gap / 2.0;
                    let slot = |i: f64| Rect { x: x0 + i * (card_w + gap), y, w: card_w, h: card_h };
                    hands[color.index()] =
                        if color == bottom { [slot(0.0), slot(1.0)] } else { [slot(1.0), slot(0.0)] };
                    let side_y = board.y + board.h / 2.0 - card_h / 2.0;
                    side[color.index()] = Rect { x: board.x + board.w + cell * 0.35, y: side_y, w: card_w, h: card_h };
                }
                Arrangement::Wide => {
                    // The top player's column on the left, from the top; the bottom player's on the
                    // right, from the bottom; the side card ends the mover's column.
                    let slot = |i: f64| {
                        if color == bottom {
                            let x = board.x + board.w + cell * 0.4;
                            Rect { x, y: board.y + board.h - card_h - i * (card_h + gap), w: card_w, h: card_h }
                        } else {
                            let x = board.x - cell * 0.4 - card_w;
                            Rect { x, y: board.y + i * (card_h + gap), w: card_w, h: card_h }
                        }
                    };
                    hands[color.index()] = [slot(0.0), slot(1.0)];
                    side[color.index()] = slot(2.0);
                }
            }
        }
        // The line of text sits just outside the board's wooden frame.
        let banner_h = cell * 0.34;
        let banner = [Color::Red, Color::Blue].map(|color| {
            let y = if color == bottom { board.y + board.h + cell * 0.14 } else { board.y - cell * 0.14 - banner_h };
            Rect { x: board.x, y, w: board.w, h: banner_h }
        });
        Layout { width, height, cell, board, bottom, hands, side, banner, labelled }
    }

    /// The same canvas laid out for `bottom`'s side.
    pub fn facing(&self, bottom: Color) -> Layout {
        Layout::new(self.width, self.height, bottom, self.labelled)
    }

    pub fn square(&self, square: Square) -> Rect {
        let (column, row) = match self.bottom {
            Color::Red => (square.file(), 4 - square.rank()),
            Color::Blue => (4 - square.file(), square.rank()),
        };
        Rect {
            x: self.board.x + column as f64 * self.cell,
            y: self.board.y + row as f64 * self.cell,
            w: self.cell,
            h: self.cell,
        }
    }

    pub fn square_at(&self, x: f64, y: f64) -> Option<Square> {
        if !self.board.contains(x, y) {
            return None;
        }
        let column = ((x - self.board.x) / self.cell) as i32;
        let row = ((y - self.board.y) / self.cell) as i32;
        match self.bottom {
            Color::Red => Square::new(column, 4 - row),
            Color::Blue => Square::new(4 - column, row),
        }
    }

    /// A card place; the side card lies by the player to move (`mover`), turned toward them.
    pub fn card(&self, place: CardPlace, mover: Color) -> Rect {
        match place {
            CardPlace::Hand(color, slot) => self.hands[color.index()][slot.min(1)],
            CardPlace::Side => self.side[mover.index()],
        }
    }

    /// The middles of the lines of the label by `color`'s row, `count` lines of type `size` (CSS
    /// pixels): one line sits in the middle of its band; wrapped lines grow away from the board
    /// from the band's near edge, clear of the frame.
    pub fn label_lines(&self, color: Color, count: usize, size: f64) -> Vec<f64> {
        let band = self.banner[color.index()];
        if count <= 1 {
            return vec![band.y + band.h / 2.0];
        }
        let rest = (count - 1) as f64 * size;
        let first = if color == self.bottom { band.y + size / 2.0 } else { band.y + band.h - size / 2.0 - rest };
        (0..count).map(|i| first + i as f64 * size).collect()
    }

    /// Whether cards held by `color` are drawn turned half a turn (they face the top seat).
    pub fn turned(&self, color: Color) -> bool {
        color != self.bottom
    }
}

/// Where a card's parts go, from its top-left corner: one line for the name beside the stamp,
/// then the animal and the 5×5 grid below. The name never takes the grid's room: a name too long
/// for its line is drawn smaller, then narrowed to fit (`CardFace::title_size`), so every card's
/// pattern has the same size.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CardFace {
    pub pad: f64,
    /// The name's size when it fits, and the room for it on its line.
    pub title: f64,
    pub title_room: f64,
    /// The stamp's side, in the corner beside the name.
    pub stamp: f64,
    /// The top of the grid's and the animal's band, and its height.
    pub body_top: f64,
    pub body_height: f64,
    /// One cell of the grid.
    pub cell: f64,
}

/// The smallest a card's name is drawn, as a share of its usual size.
const SMALLEST_TITLE: f64 = 0.7;

impl CardFace {
    /// A card of `w` × `h` whose name is `body` pixels tall at most.
    pub fn new(w: f64, h: f64, body: f64) -> CardFace {
        let pad = (h * 0.08).max(3.0);
        let title = body.min(h * 0.24);
        let stamp = title * 0.8;
        let body_top = pad + title * 1.1 + pad * 0.5;
        let body_height = (h - pad - body_top).max(4.0);
        let cell = (body_height / 5.0).min((w * 0.5 - pad) / 5.0);
        CardFace { pad, title, title_room: w - 3.0 * pad - stamp, stamp, body_top, body_height, cell }
    }

    /// The size to draw a name `width` pixels wide at the usual size: the usual one if it fits,
    /// smaller down to `SMALLEST_TITLE` of it; a name still too wide is narrowed to the room.
    pub fn title_size(&self, width: f64) -> f64 {
        if width <= self.title_room || width <= 0.0 {
            return self.title;
        }
        self.title * (self.title_room / width).max(SMALLEST_TITLE)
    }
}
