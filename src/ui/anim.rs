//! Animations: a plan computed by comparing what was drawn before a change with what is drawn
//! after it, then eased over a fixed time. A moved piece slides, a captured one fades, and each
//! card that changed place travels there, turning half a turn when it changes sides.

use super::layout::Rect;
use crate::rules::{Card, Piece, Square};

/// How long a move takes to show, in milliseconds.
pub const DURATION_MS: f64 = 450.0;

/// What is drawn where: the pieces by square, the cards with their rectangles and facing.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Scene {
    pub pieces: Vec<(Square, Piece, Rect)>,
    /// A card, its rectangle, and whether it is drawn turned half a turn.
    pub cards: Vec<(Card, Rect, bool)>,
}

impl Scene {
    /// The same scene turned half a turn about `(cx, cy)`: how the last picture looks from the
    /// other side of the table, so that a board that turns can start from it.
    pub fn turned_about(&self, cx: f64, cy: f64) -> Scene {
        let turn = |r: Rect| Rect { x: 2.0 * cx - r.x - r.w, y: 2.0 * cy - r.y - r.h, ..r };
        Scene {
            pieces: self.pieces.iter().map(|&(square, piece, rect)| (square, piece, turn(rect))).collect(),
            cards: self.cards.iter().map(|&(card, rect, turned)| (card, turn(rect), !turned)).collect(),
        }
    }

    fn piece_at(&self, square: Square) -> Option<(Piece, Rect)> {
        self.pieces.iter().find(|(s, ..)| *s == square).map(|&(_, piece, rect)| (piece, rect))
    }
}

#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PieceAnim {
    pub piece: Piece,
    pub from: Rect,
    pub to: Rect,
    /// Opacity at the start and at the end (a capture fades 1 → 0, an undone capture 0 → 1).
    pub alpha: (f64, f64),
}

#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CardAnim {
    pub card: Card,
    pub from: Rect,
    pub to: Rect,
    /// Turned half a turn before and after.
    pub turned: (bool, bool),
    /// Fades out where it was and in where it goes, instead of travelling there.
    pub fade: bool,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Anim {
    /// Set by the first frame that shows it: time enters the page only with frames.
    pub start_ms: Option<f64>,
    pub duration_ms: f64,
    pub pieces: Vec<PieceAnim>,
    pub cards: Vec<CardAnim>,
    /// Squares whose piece is drawn by the animation rather than in place.
    pub covered: Vec<Square>,
    /// The whole picture turns half a turn as one piece (pass and play, the board facing the
    /// next player), while the pieces and cards move within it.
    pub turn: bool,
}

/// A short shower of confetti when the player wins.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Celebration {
    pub start_ms: Option<f64>,
}

impl Celebration {
    pub const DURATION_MS: f64 = 1800.0;

    /// 0 → 1 over the celebration (0 before its first frame).
    pub fn progress(&self, now_ms: f64) -> f64 {
        self.start_ms.map_or(0.0, |start| ((now_ms - start) / Self::DURATION_MS).clamp(0.0, 1.0))
    }
}

impl Anim {
    /// The plan from `before` to `after`, where the piece now on `slide.1` came from `slide.0`.
    pub fn plan(before: &Scene, after: &Scene, slide: Option<(Square, Square)>) -> Anim {
        let mut pieces = Vec::new();
        let mut covered = Vec::new();
        for square in Square::all() {
            let old = before.piece_at(square);
            let new = after.piece_at(square);
            match slide {
                Some((src, dst)) if square == dst => {
                    if let (Some((piece, to)), Some((_, from))) = (new, before.piece_at(src)) {
                        pieces.push(PieceAnim { piece, from, to, alpha: (1.0, 1.0) });
                    }
                    if let Some((piece, rect)) = old.filter(|_| src != dst) {
                        pieces.push(PieceAnim { piece, from: rect, to: rect, alpha: (1.0, 0.0) });
                    }
                    covered.push(square);
                }
                Some((src, _)) if square == src => {
                    if let Some((piece, rect)) = new {
                        pieces.push(PieceAnim { piece, from: rect, to: rect, alpha: (0.0, 1.0) });
                        covered.push(square);
                    }
                }
                _ if old.map(|(p, _)| p) != new.map(|(p, _)| p) => {
                    if let Some((piece, rect)) = old {
                        pieces.push(PieceAnim { piece, from: rect, to: rect, alpha: (1.0, 0.0) });
                    }
                    if let Some((piece, rect)) = new {
                        pieces.push(PieceAnim { piece, from: rect, to: rect, alpha: (0.0, 1.0) });
                        covered.push(square);
                    }
                }
                _ => {}
            }
        }
        let cards = after
            .cards
            .iter()
            .filter_map(|&(card, to, turned_after)| {
                let &(_, from, turned_before) = before.cards.iter().find(|(c, ..)| *c == card)?;
                (from != to || turned_before != turned_after).then_some(CardAnim {
                    card,
                    from,
                    to,
                    turned: (turned_before, turned_after),
                    fade: false,
                })
            })
            .collect();
        Anim { start_ms: None, duration_ms: DURATION_MS, pieces, cards, covered, turn: false }
    }

    /// Cards that would travel further than `reach` up or down (across the board and the turn
    /// line) fade out and in instead.
    pub fn fade_far_cards(&mut self, reach: f64) {
        for card in &mut self.cards {
            card.fade = (card.from.y - card.to.y).abs() > reach;
        }
    }

    /// Eased progress 0 → 1 at `now_ms` (0 before the first frame).
    pub fn progress(&self, now_ms: f64) -> f64 {
        let Some(start_ms) = self.start_ms else { return 0.0 };
        if self.duration_ms <= 0.0 {
            return 1.0;
        }
        let t = ((now_ms - start_ms) / self.duration_ms).clamp(0.0, 1.0);
        // Ease in and out (cubic).
        if t < 0.5 { 4.0 * t * t * t } else { 1.0 - (-2.0 * t + 2.0).powi(3) / 2.0 }
    }

    pub fn is_done(&self, now_ms: f64) -> bool {
        self.start_ms.is_some_and(|start_ms| now_ms >= start_ms + self.duration_ms)
    }

    pub fn is_empty(&self) -> bool {
        self.pieces.is_empty() && self.cards.is_empty()
    }
}

/// The rectangle part way from `from` to `to`.
pub fn lerp_rect(from: Rect, to: Rect, t: f64) -> Rect {
    let mix = |a: f64, b: f64| a + (b - a) * t;
    Rect { x: mix(from.x, to.x), y: mix(from.y, to.y), w: mix(from.w, to.w), h: mix(from.h, to.h) }
}
