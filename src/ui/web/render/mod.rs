//! Draws the picture the session made of its state (`scene::Picture`) at a frame's time: a wooden
//! board with its temples, the pieces, the cards, the marks, the lines by each player's row, and a
//! celebration. Nothing else draws; nothing here reads or changes the state.

use super::super::anim::lerp_rect;
use super::super::keyboard::focus_rect;
use super::super::layout::{CardPlace, FRAME, Layout, Rect};
use super::super::scene::{Marks, Picture};
use super::super::state::BoardFocus;
use super::super::text::Lang;
use super::super::theme::{Palette, TypeScale};
use crate::rules::{Color, Piece, Role, Square};
use std::f64::consts::PI;
use wasm_bindgen::{JsCast, JsValue};
use web_sys::{CanvasRenderingContext2d as Context, HtmlCanvasElement};

mod card;
mod pen;

pub use card::draw_card_alone;
use card::{CardLook, draw_card};
use pen::{Drawn, font};

/// A small deterministic hash, for the wood's grain and the confetti.
fn noise(seed: u32) -> f64 {
    let mut x = seed.wrapping_mul(0x9E37_79B9) ^ 0x85EB_CA6B;
    x ^= x >> 15;
    x = x.wrapping_mul(0x2C1B_3C6D);
    x ^= x >> 12;
    f64::from(x % 10_000) / 10_000.0
}

/// The wooden board, drawn once per size, theme, side and coordinates setting; both sides are
/// kept, since in pass and play the board turns after every move.
#[derive(Default)]
pub struct BoardCache {
    boards: Vec<(BoardKey, HtmlCanvasElement)>,
}

/// What the wooden board depends on: layout, dark colours, coordinates (in which language), pixel ratio.
type BoardKey = (Layout, bool, Option<Lang>, u32);

impl BoardCache {
    fn draw(&mut self, ctx: &Context, p: &Palette, scale: TypeScale, picture: &Picture, ratio: f64) -> Drawn {
        let layout = &picture.layout;
        let key = |layout: &Layout| (layout.clone(), picture.dark, picture.coordinates, (ratio * 100.0).round() as u32);
        let current = key(layout);
        let drawn = self.prepare(current.clone(), p, scale, ratio)?;
        if drawn && picture.turns_board {
            // The board will turn to the other side after this move: have that side ready, so
            // that no frame of the turn waits for it.
            let other = layout.facing(layout.bottom.other());
            self.prepare(key(&other), p, scale, ratio)?;
        }
        if let Some((_, canvas)) = self.boards.iter().find(|(k, _)| *k == current) {
            let area = wood_area(layout);
            ctx.draw_image_with_html_canvas_element_and_dw_and_dh(canvas, area.x, area.y, area.w, area.h)?;
        }
        Ok(())
    }

    /// Draws the board for `key` unless it is kept already; says whether it drew.
    fn prepare(&mut self, key: BoardKey, p: &Palette, scale: TypeScale, ratio: f64) -> Result<bool, JsValue> {
        if self.boards.iter().any(|(k, _)| *k == key) {
            return Ok(false);
        }
        let document = web_sys::window().and_then(|w| w.document()).ok_or("no document")?;
        // Keep the other side's board; replace the oldest.
        let canvas: HtmlCanvasElement = if self.boards.len() >= 2 {
            self.boards.remove(0).1
        } else {
            document.create_element("canvas")?.dyn_into()?
        };
        // Only the board and its shadow: copying less is faster, above all while it turns.
        let layout = &key.0;
        let area = wood_area(layout);
        canvas.set_width((area.w * ratio).round() as u32);
        canvas.set_height((area.h * ratio).round() as u32);
        let wood: Context = canvas.get_context("2d")?.ok_or("no 2d context")?.dyn_into()?;
        wood.set_transform(ratio, 0.0, 0.0, ratio, -area.x * ratio, -area.y * ratio)?;
        draw_wood(&wood, p, scale, layout, key.2)?;
        self.boards.push((key, canvas));
        Ok(true)
    }
}

/// The board with its frame and shadow.
fn wood_area(layout: &Layout) -> Rect {
    let b = layout.board;
    let pad = layout.cell * 0.45;
    Rect { x: b.x - pad, y: b.y - pad, w: b.w + 2.0 * pad, h: b.h + 2.0 * pad }
}

/// Draws the page's canvas, of `pixel_ratio` screen pixels per CSS pixel, at `now_ms`.
pub fn draw(ctx: &Context, cache: &mut BoardCache, picture: &Picture, pixel_ratio: f64, now_ms: f64) -> Drawn {
    let layout = &picture.layout;
    let p = Palette::of(picture.dark);
    let scale = TypeScale::for_cell(layout.cell);
    ctx.set_fill_style_str(p.background);
    ctx.fill_rect(0.0, 0.0, layout.width, layout.height);
    let still = &picture.still;
    let anim = picture.anim.as_ref().filter(|_| picture.sliding(now_ms));
    let t = anim.map_or(1.0, |a| a.progress(now_ms));

    ctx.save();
    if anim.is_some_and(|a| a.turn) {
        // The whole picture turns half a turn as one piece, to face the next player, drawing back
        // as it turns so that a tall picture stays on a narrow screen.
        let (cx, cy) = (layout.width / 2.0, layout.height / 2.0);
        let fit = layout.width.min(layout.height) / layout.width.max(layout.height);
        let scale = 1.0 - (1.0 - fit) * js_sys::Math::sin(PI * t);
        ctx.translate(cx, cy)?;
        ctx.rotate(PI * (1.0 - t))?;
        ctx.scale(scale, scale)?;
        ctx.translate(-cx, -cy)?;
    }
    let mover = picture.mover;
    let marks = picture.marks_at(now_ms);
    if let Some((color, strong)) = marks.lit_hand {
        draw_lit_hand(ctx, p, layout, color, strong)?;
    }
    cache.draw(ctx, p, scale, picture, pixel_ratio)?;
    draw_marks(ctx, p, &marks, layout)?;
    let dragged = marks.dragged.map(|(from, ..)| from);
    for &(square, piece, rect) in &still.pieces {
        if anim.is_some_and(|a| a.covered.contains(&square)) || dragged == Some(square) {
            continue;
        }
        draw_piece(ctx, p, piece, rect, 1.0)?;
    }
    if let Some(anim) = anim {
        for piece in &anim.pieces {
            let alpha = piece.alpha.0 + (piece.alpha.1 - piece.alpha.0) * t;
            draw_piece(ctx, p, piece.piece, lerp_rect(piece.from, piece.to, t), alpha)?;
        }
    }
    draw_lines(ctx, p, &marks, layout)?;

    // The grid faces its holder; the name and the animal face the bottom seat, unless a person
    // sits at each end of the table.
    let words_turn = picture.words_turn;
    let look = |card| {
        let face = picture.card(card)?;
        Some(CardLook {
            palette: p,
            scale,
            name: &face.name,
            rtl: picture.rtl,
            owner: face.owner,
            emphasis: picture.emphasis_at(face, now_ms),
            expansion: face.expansion.as_deref(),
        })
    };
    for &(card, rect, turned) in &still.cards {
        if anim.is_some_and(|a| a.cards.iter().any(|c| c.card == card)) {
            continue;
        }
        let Some(look) = look(card) else { continue };
        let angle = if turned { PI } else { 0.0 };
        draw_card(ctx, &look, card, rect, angle, if words_turn { angle } else { 0.0 })?;
    }
    if let Some(anim) = anim {
        for c in &anim.cards {
            let angle = |turned: bool| if turned { PI } else { 0.0 };
            // Always turn the same way round, so a card flips rather than spins back.
            let (a0, mut a1) = (angle(c.turned.0), angle(c.turned.1));
            if a1 < a0 {
                a1 += 2.0 * PI;
            }
            let Some(look) = look(c.card) else { continue };
            if c.fade {
                // Out where it was, then in where it goes: nothing crosses the board.
                let (rect, angle, alpha) =
                    if t < 0.5 { (c.from, a0, 1.0 - 2.0 * t) } else { (c.to, a1, 2.0 * t - 1.0) };
                ctx.save();
                ctx.set_global_alpha(alpha);
                draw_card(ctx, &look, c.card, rect, angle, if words_turn { angle } else { 0.0 })?;
                ctx.restore();
            } else {
                let angle = a0 + (a1 - a0) * t;
                draw_card(ctx, &look, c.card, lerp_rect(c.from, c.to, t), angle, if words_turn { angle } else { 0.0 })?;
            }
        }
    }
    ctx.restore();

    // The piece carried (from the position being set up, while one is).
    if let (Some((from, x, y)), Some(piece)) = (marks.dragged, picture.dragged) {
        draw_piece(ctx, p, piece, layout.square(from).centred_at(x, y), 0.9)?;
    }
    // A piece carried from the editor's tray.
    if let Some((piece, x, y)) = picture.carried {
        let square = Rect { x: 0.0, y: 0.0, w: layout.cell, h: layout.cell };
        draw_piece(ctx, p, piece, square.centred_at(x, y), 0.9)?;
    }
    if let Some(focus) = picture.focus {
        draw_focus(ctx, p, focus, layout, mover)?;
    }
    if marks.show_labels {
        draw_labels(ctx, p, scale, picture)?;
    }
    if let Some(celebration) = picture.celebration {
        draw_confetti(ctx, p, layout, celebration.progress(now_ms))?;
    }
    Ok(())
}

/// The hand of the player to move, lit from behind.
fn draw_lit_hand(ctx: &Context, p: &Palette, layout: &Layout, mover: Color, strong: bool) -> Drawn {
    let slots = [layout.card(CardPlace::Hand(mover, 0), mover), layout.card(CardPlace::Hand(mover, 1), mover)];
    let (mut x0, mut y0, mut x1, mut y1) = (f64::MAX, f64::MAX, f64::MIN, f64::MIN);
    for r in slots {
        x0 = x0.min(r.x);
        y0 = y0.min(r.y);
        x1 = x1.max(r.x + r.w);
        y1 = y1.max(r.y + r.h);
    }
    let pad = layout.cell * 0.1;
    ctx.save();
    ctx.set_global_alpha(if strong { 0.9 } else { 0.55 });
    ctx.set_fill_style_str(p.pale(mover));
    ctx.begin_path();
    ctx.round_rect_with_f64(x0 - pad, y0 - pad, x1 - x0 + 2.0 * pad, y1 - y0 + 2.0 * pad, pad * 1.5)?;
    ctx.fill();
    ctx.restore();
    Ok(())
}

/// The keyboard focus: a thick dark frame with a light edge, visible on every ground.
fn draw_focus(ctx: &Context, p: &Palette, focus: BoardFocus, layout: &Layout, mover: Color) -> Drawn {
    let r = focus_rect(focus, layout, mover);
    let inset = layout.cell * 0.04;
    ctx.set_line_width(layout.cell * 0.07);
    ctx.set_stroke_style_str(p.background);
    ctx.stroke_rect(r.x + inset, r.y + inset, r.w - 2.0 * inset, r.h - 2.0 * inset);
    ctx.set_line_width(layout.cell * 0.04);
    ctx.set_stroke_style_str(p.ink);
    ctx.set_line_dash(&js_sys::Array::of2(&JsValue::from(layout.cell * 0.12), &JsValue::from(layout.cell * 0.06)))?;
    ctx.stroke_rect(r.x + inset, r.y + inset, r.w - 2.0 * inset, r.h - 2.0 * inset);
    ctx.set_line_dash(&js_sys::Array::new())?;
    Ok(())
}

/// The board as it stands without pieces or marks: drawn once into an offscreen canvas for each
/// size, theme and side, then copied every frame (its shadow, grain and temples are many shapes).
fn draw_wood(ctx: &Context, p: &Palette, scale: TypeScale, layout: &Layout, coordinates: Option<Lang>) -> Drawn {
    let b = layout.board;
    let cell = layout.cell;
    // The frame: a raised wooden border with a shadow under it.
    let m = cell * FRAME;
    draw_frame_shadow(ctx, p, b, m, cell)?;
    ctx.set_fill_style_str(p.frame);
    ctx.begin_path();
    ctx.round_rect_with_f64(b.x - m, b.y - m, b.w + 2.0 * m, b.h + 2.0 * m, m)?;
    ctx.fill();
    ctx.set_stroke_style_str(p.frame_edge);
    ctx.set_line_width(cell * 0.02);
    ctx.stroke();

    for square in Square::all() {
        let r = layout.square(square);
        let light = (square.file() + square.rank()) % 2 != 0;
        ctx.set_fill_style_str(if light { p.square_light } else { p.square_dark });
        ctx.fill_rect(r.x, r.y, r.w, r.h);
    }
    draw_grain(ctx, p, layout)?;
    for color in Color::ALL {
        draw_temple(ctx, p, color, layout.square(Square::temple(color)))?;
    }
    // Light falls from the top left: the board's face catches it.
    let shine = ctx.create_linear_gradient(b.x, b.y, b.x + b.w, b.y + b.h);
    shine.add_color_stop(0.0, "rgba(255, 255, 255, 0.12)")?;
    shine.add_color_stop(1.0, "rgba(0, 0, 0, 0.10)")?;
    ctx.set_fill_style_canvas_gradient(&shine);
    ctx.fill_rect(b.x, b.y, b.w, b.h);
    ctx.set_stroke_style_str(p.grid_line);
    ctx.set_line_width(1.0);
    for i in 1..5 {
        let offset = f64::from(i) * cell;
        line(ctx, b.x + offset, b.y, b.x + offset, b.y + b.h);
        line(ctx, b.x, b.y + offset, b.x + b.w, b.y + offset);
    }
    if let Some(lang) = coordinates {
        draw_coordinates(ctx, p, scale, layout, lang)?;
    }
    Ok(())
}

/// A soft shadow under the frame, falling a little down: layers of the shadow's colour, each a
/// little larger and the stack thinning outwards. It looks like a blurred shadow, which the
/// browser rasterises far more slowly (a phone's first frame waited tens of milliseconds for it).
fn draw_frame_shadow(ctx: &Context, p: &Palette, board: Rect, m: f64, cell: f64) -> Drawn {
    const LAYERS: u32 = 8;
    let spread = cell * 0.16;
    let drop = cell * 0.06;
    // A third of the shadow's strength at the frame's edge: 1 - (1 - a)^(LAYERS - 1) = 1/3.
    let alpha = 1.0 - (2.0f64 / 3.0).powf(1.0 / f64::from(LAYERS - 1));
    ctx.save();
    ctx.set_fill_style_str(p.shadow);
    ctx.set_global_alpha(alpha);
    for layer in 0..LAYERS {
        let grow = spread * f64::from(layer) / f64::from(LAYERS);
        let (x, y) = (board.x - m - grow, board.y - m - grow + drop);
        let (w, h) = (board.w + 2.0 * (m + grow), board.h + 2.0 * (m + grow));
        ctx.begin_path();
        ctx.round_rect_with_f64(x, y, w, h, m + grow)?;
        // Only the ring around the board: the frame and the board cover the rest.
        ctx.rect(board.x, board.y, board.w, board.h);
        ctx.fill_with_canvas_winding_rule(web_sys::CanvasWindingRule::Evenodd);
    }
    ctx.restore();
    Ok(())
}

fn draw_marks(ctx: &Context, p: &Palette, marks: &Marks, layout: &Layout) -> Drawn {
    let cell = layout.cell;
    if let Some((from, to)) = marks.last_move {
        ctx.set_fill_style_str(p.last_move);
        for square in [from, to] {
            let r = layout.square(square);
            ctx.fill_rect(r.x, r.y, r.w, r.h);
        }
    }
    if let Some((from, to)) = marks.arrow {
        draw_arrow(ctx, p.arrow, layout.square(from).centre(), layout.square(to).centre(), cell)?;
    }
    if let Some((from, to)) = marks.hint {
        for square in [from, to] {
            ring(ctx, layout.square(square), p.hint, 0.07, 0.42)?;
        }
    }
    if let Some((color, targets)) = marks.preview {
        ctx.set_line_dash(&js_sys::Array::of2(&JsValue::from(cell * 0.08), &JsValue::from(cell * 0.06)))?;
        for square in targets {
            ring(ctx, layout.square(square), p.side(color), 0.05, 0.3)?;
        }
        ctx.set_line_dash(&js_sys::Array::new())?;
    }
    for square in marks.movable {
        ring(ctx, layout.square(square), p.selected, 0.035, 0.45)?;
    }
    if let Some(square) = marks.selected {
        let r = layout.square(square);
        ctx.set_fill_style_str(p.selected_fill);
        ctx.fill_rect(r.x, r.y, r.w, r.h);
    }
    for target in &marks.targets {
        let r = layout.square(target.square);
        let (cx, cy) = r.centre();
        ctx.begin_path();
        if target.capture {
            ctx.set_stroke_style_str(p.selected);
            ctx.set_line_width(cell * 0.07);
            ctx.arc(cx, cy, cell * 0.43, 0.0, 2.0 * PI)?;
            ctx.stroke();
        } else {
            ctx.set_fill_style_str(p.selected);
            ctx.arc(cx, cy, cell * if target.by_both { 0.17 } else { 0.13 }, 0.0, 2.0 * PI)?;
            ctx.fill();
        }
        if target.asked {
            ring(ctx, r, p.selected, 0.06, 0.45)?;
        }
    }
    Ok(())
}

/// A few wavy lines of grain across each square, different on every square: one path for the
/// whole board (stroked once, it is far quicker to rasterise than a stroke per line).
fn draw_grain(ctx: &Context, p: &Palette, layout: &Layout) -> Drawn {
    ctx.set_stroke_style_str(p.grain);
    ctx.set_line_width((layout.cell * 0.018).max(1.0));
    ctx.begin_path();
    for square in Square::all() {
        let r = layout.square(square);
        for i in 0..5 {
            let k = square.index() as u32 * 7 + i;
            let y = r.y + r.h * (0.1 + 0.8 * (f64::from(i) + noise(k)) / 5.0);
            let bend = r.h * 0.08 * (noise(k + 100) - 0.5);
            ctx.move_to(r.x, y);
            ctx.bezier_curve_to(r.x + r.w * 0.35, y + bend, r.x + r.w * 0.65, y - bend, r.x + r.w, y + bend * 0.5);
        }
    }
    ctx.stroke();
    Ok(())
}

/// Files along the bottom, ranks up the side, inside the edge squares.
/// In Persian the ranks are written in Persian digits, as in the move list.
fn draw_coordinates(ctx: &Context, p: &Palette, scale: TypeScale, layout: &Layout, lang: Lang) -> Drawn {
    font(ctx, "700", scale.small * 0.9);
    ctx.set_fill_style_str(p.ink);
    let pad = layout.cell * 0.06;
    for square in Square::all() {
        let r = layout.square(square);
        let (bottom_row, left_column) =
            (r.y + r.h >= layout.board.y + layout.board.h - 1.0, r.x <= layout.board.x + 1.0);
        if bottom_row {
            ctx.set_text_align("right");
            ctx.set_text_baseline("bottom");
            let file = char::from(b'a' + square.file() as u8).to_string();
            ctx.fill_text(&file, r.x + r.w - pad, r.y + r.h - pad)?;
        }
        if left_column {
            ctx.set_text_align("left");
            ctx.set_text_baseline("top");
            ctx.fill_text(&lang.digits(&(square.rank() + 1).to_string()), r.x + pad, r.y + pad)?;
        }
    }
    Ok(())
}

/// The engine's lines as arrows over the pieces (a capture's head would hide under its piece),
/// the best one strongest and drawn last, so that it lies on top.
fn draw_lines(ctx: &Context, p: &Palette, marks: &Marks, layout: &Layout) -> Drawn {
    // Only the analysis board has lines (and the first visit's build leaves this code out).
    if crate::ui::features::Features::here().is_none() {
        return Ok(());
    }
    for (place, &(from, to)) in marks.lines.iter().enumerate().rev() {
        ctx.set_global_alpha([0.8, 0.5, 0.32].get(place).copied().unwrap_or(0.25));
        draw_arrow(ctx, p.hint, layout.square(from).centre(), layout.square(to).centre(), layout.cell)?;
    }
    ctx.set_global_alpha(1.0);
    Ok(())
}

fn draw_arrow(ctx: &Context, color: &str, (x0, y0): (f64, f64), (x1, y1): (f64, f64), cell: f64) -> Drawn {
    let (dx, dy) = (x1 - x0, y1 - y0);
    let length = dx.hypot(dy).max(1.0);
    let (ux, uy) = (dx / length, dy / length);
    let head = cell * 0.28;
    let (bx, by) = (x1 - ux * head, y1 - uy * head);
    ctx.set_stroke_style_str(color);
    ctx.set_fill_style_str(color);
    ctx.set_line_width(cell * 0.09);
    ctx.set_line_cap("round");
    line(ctx, x0 + ux * cell * 0.15, y0 + uy * cell * 0.15, bx, by);
    ctx.begin_path();
    ctx.move_to(x1, y1);
    ctx.line_to(bx - uy * head * 0.6, by + ux * head * 0.6);
    ctx.line_to(bx + uy * head * 0.6, by - ux * head * 0.6);
    ctx.close_path();
    ctx.fill();
    ctx.set_line_cap("butt");
    Ok(())
}

fn ring(ctx: &Context, r: Rect, color: &str, width: f64, radius: f64) -> Drawn {
    let (cx, cy) = r.centre();
    ctx.set_stroke_style_str(color);
    ctx.set_line_width(r.w * width);
    ctx.begin_path();
    ctx.arc(cx, cy, r.w * radius, 0.0, 2.0 * PI)?;
    ctx.stroke();
    Ok(())
}

fn line(ctx: &Context, x0: f64, y0: f64, x1: f64, y1: f64) {
    ctx.begin_path();
    ctx.move_to(x0, y0);
    ctx.line_to(x1, y1);
    ctx.stroke();
}

/// A temple: a gate (torii) in its owner's colour over a pale ground, seen from the owner's side.
fn draw_temple(ctx: &Context, p: &Palette, color: Color, r: Rect) -> Drawn {
    let (x, y, w, h) = (r.x, r.y, r.w, r.h);
    ctx.set_fill_style_str(p.pale(color));
    ctx.fill_rect(x + 1.0, y + 1.0, w - 2.0, h - 2.0);
    ctx.save();
    ctx.set_global_alpha(0.85);
    ctx.set_fill_style_str(p.side(color));
    // The top beam, curving up at both ends, and the tie beam under it.
    ctx.begin_path();
    ctx.move_to(x + w * 0.06, y + h * 0.1);
    ctx.quadratic_curve_to(x + w * 0.5, y + h * 0.2, x + w * 0.94, y + h * 0.1);
    ctx.line_to(x + w * 0.9, y + h * 0.2);
    ctx.quadratic_curve_to(x + w * 0.5, y + h * 0.27, x + w * 0.1, y + h * 0.2);
    ctx.close_path();
    ctx.fill();
    ctx.fill_rect(x + w * 0.16, y + h * 0.3, w * 0.68, h * 0.06);
    // Two pillars, and a stone step at their feet.
    ctx.fill_rect(x + w * 0.22, y + h * 0.2, w * 0.08, h * 0.68);
    ctx.fill_rect(x + w * 0.7, y + h * 0.2, w * 0.08, h * 0.68);
    ctx.fill_rect(x + w * 0.14, y + h * 0.86, w * 0.72, h * 0.06);
    ctx.restore();
    Ok(())
}

/// Masters are tall crowned tokens with a broad base; students are round stones. Blue's pieces
/// carry a ring inside, so the sides differ by more than colour.
fn draw_piece(ctx: &Context, p: &Palette, piece: Piece, r: Rect, alpha: f64) -> Drawn {
    let (cx, cy) = r.centre();
    let cell = r.w;
    let colour = p.side(piece.color);
    ctx.save();
    ctx.set_global_alpha(alpha);
    // The shadow on the board.
    ctx.set_fill_style_str(p.shadow);
    ctx.begin_path();
    let foot = if piece.role == Role::Master { 0.36 } else { 0.28 };
    ctx.ellipse(cx + cell * 0.03, cy + cell * 0.1, cell * foot, cell * foot * 0.55, 0.0, 0.0, 2.0 * PI)?;
    ctx.fill();
    let body = ctx.create_radial_gradient(cx - cell * 0.12, cy - cell * 0.14, cell * 0.02, cx, cy, cell * 0.42)?;
    body.add_color_stop(0.0, "rgba(255, 255, 255, 0.55)")?;
    body.add_color_stop(0.35, "rgba(255, 255, 255, 0)")?;
    body.add_color_stop(1.0, "rgba(0, 0, 0, 0.3)")?;
    ctx.set_stroke_style_str(p.piece_rim);
    ctx.set_line_width(cell * 0.035);
    match piece.role {
        Role::Master => {
            // An eight-sided token, larger than a student's stone.
            // The corners of a regular octagon (cos and sin of 22.5° and 67.5°), without the
            // trigonometry code a call to sin would bring into the wasm.
            const CORNERS: [(f64, f64); 8] = [
                (0.924, 0.383),
                (0.383, 0.924),
                (-0.383, 0.924),
                (-0.924, 0.383),
                (-0.924, -0.383),
                (-0.383, -0.924),
                (0.383, -0.924),
                (0.924, -0.383),
            ];
            ctx.begin_path();
            for (i, (u, v)) in CORNERS.into_iter().enumerate() {
                let (px, py) = (cx + cell * 0.39 * u, cy + cell * 0.39 * v);
                if i == 0 { ctx.move_to(px, py) } else { ctx.line_to(px, py) }
            }
            ctx.close_path();
            ctx.set_fill_style_str(colour);
            ctx.fill();
            ctx.set_fill_style_canvas_gradient(&body);
            ctx.fill();
            ctx.stroke();
            // The crown.
            let (w, h) = (cell * 0.4, cell * 0.26);
            ctx.begin_path();
            ctx.move_to(cx - w / 2.0, cy + h / 2.0);
            ctx.line_to(cx - w / 2.0, cy - h / 2.0);
            ctx.line_to(cx - w / 4.0, cy - h * 0.05);
            ctx.line_to(cx, cy - h / 2.0 - cell * 0.03);
            ctx.line_to(cx + w / 4.0, cy - h * 0.05);
            ctx.line_to(cx + w / 2.0, cy - h / 2.0);
            ctx.line_to(cx + w / 2.0, cy + h / 2.0);
            ctx.close_path();
            ctx.set_fill_style_str(p.piece_rim);
            ctx.fill();
        }
        Role::Student => {
            ctx.begin_path();
            ctx.arc(cx, cy, cell * 0.27, 0.0, 2.0 * PI)?;
            ctx.set_fill_style_str(colour);
            ctx.fill();
            ctx.set_fill_style_canvas_gradient(&body);
            ctx.fill();
            ctx.stroke();
        }
    }
    if piece.color == Color::Blue {
        ctx.set_stroke_style_str(p.piece_rim);
        ctx.set_line_width(cell * 0.03);
        ctx.begin_path();
        let radius = if piece.role == Role::Master { 0.31 } else { 0.15 };
        ctx.arc(cx, cy, cell * radius, 0.0, 2.0 * PI)?;
        ctx.stroke();
    }
    ctx.restore();
    Ok(())
}

/// `text` in at most two lines of `room` pixels, broken at spaces.
fn wrap(ctx: &Context, text: &str, room: f64) -> Result<Vec<String>, JsValue> {
    if ctx.measure_text(text)?.width() <= room || !text.contains(' ') {
        return Ok(vec![text.to_string()]);
    }
    let words: Vec<&str> = text.split(' ').collect();
    let mut first = String::new();
    for (i, word) in words.iter().enumerate() {
        let candidate = if first.is_empty() { word.to_string() } else { format!("{first} {word}") };
        if ctx.measure_text(&candidate)?.width() > room && !first.is_empty() {
            return Ok(vec![first, words[i..].join(" ")]);
        }
        first = candidate;
    }
    Ok(vec![first])
}

/// The lines by each player's row: the turn, the AI and its level, how the game was won; and
/// online under a game clock, each side's clock at the row's end (the words keep clear of it).
fn draw_labels(ctx: &Context, p: &Palette, scale: TypeScale, picture: &Picture) -> Drawn {
    let (clocks, layout) = (&picture.clocks, &picture.layout);
    let shown = crate::ui::features::Features::here().is_some() && !clocks.is_empty();
    let clock_w = if shown { draw_clocks(ctx, p, scale, clocks, layout)? } else { 0.0 };
    for &(color, ref words, lit) in &picture.labels {
        // Centred on the canvas, clear of the clock at the row's end; words too long for that
        // take all the room left of the clock.
        let clock_left = layout.banner[color.index()].x + layout.banner[color.index()].w - clock_w;
        let (mut centre, mut room) = (layout.width / 2.0, layout.width - 8.0);
        if shown {
            room = 2.0 * (clock_left - 4.0 - centre);
        }
        let mut size = scale.body;
        font(ctx, if lit { "700" } else { "600" }, size);
        if shown && ctx.measure_text(words)?.width() > room {
            (centre, room) = (clock_left / 2.0, clock_left - 8.0);
        }
        let mut lines = vec![words.clone()];
        if ctx.measure_text(words)?.width() > room {
            size = scale.small;
            font(ctx, if lit { "700" } else { "600" }, size);
            lines = wrap(ctx, words, room)?;
        }
        ctx.set_fill_style_str(if lit { p.side_text(color) } else { p.muted });
        ctx.set_text_align("center");
        ctx.set_text_baseline("middle");
        for (text_line, y) in lines.iter().zip(layout.label_lines(color, lines.len(), size)) {
            ctx.fill_text(text_line, centre, y)?;
        }
    }
    Ok(())
}

/// Each game clock in a rounded box at the end of its player's row, the running one lit, one
/// under ten seconds red; returns the room a clock takes.
fn draw_clocks(
    ctx: &Context,
    p: &Palette,
    scale: TypeScale,
    clocks: &[crate::ui::scene::ClockFace],
    layout: &Layout,
) -> Result<f64, JsValue> {
    let size = scale.body;
    font(ctx, "700", size);
    let widest = clocks
        .iter()
        .map(|c| ctx.measure_text(&c.text).map(|m| m.width()))
        .max_by(|a, b| a.as_ref().unwrap_or(&0.0).total_cmp(b.as_ref().unwrap_or(&0.0)));
    let w = widest.transpose()?.unwrap_or(0.0) + size;
    let h = size * 1.5;
    ctx.set_text_align("center");
    ctx.set_text_baseline("middle");
    for clock in clocks {
        let band = layout.banner[clock.color.index()];
        let (x, y) = (band.x + band.w - w, band.y + band.h / 2.0 - h / 2.0);
        let (fill, ink) = match (clock.running, clock.low) {
            (true, true) => (Some(p.low_time), p.low_time_ink),
            (true, false) => {
                (Some(if clock.color == Color::Red { p.red_pale } else { p.blue_pale }), p.side_text(clock.color))
            }
            (false, true) => (None, p.low_time),
            (false, false) => (None, p.muted),
        };
        ctx.begin_path();
        ctx.round_rect_with_f64(x, y, w, h, h * 0.3)?;
        if let Some(fill) = fill {
            ctx.set_fill_style_str(fill);
            ctx.fill();
        }
        ctx.set_stroke_style_str(if clock.low { p.low_time } else { p.muted });
        ctx.set_line_width(1.0);
        ctx.stroke();
        ctx.set_fill_style_str(ink);
        ctx.fill_text(&clock.text, x + w / 2.0, y + h / 2.0)?;
    }
    Ok(w + 4.0)
}

/// Confetti falling over the board, thinning out as they go.
fn draw_confetti(ctx: &Context, p: &Palette, layout: &Layout, t: f64) -> Drawn {
    if t >= 1.0 {
        return Ok(());
    }
    let colours = [p.red, p.blue, "#e0b43c", "#2f9e6b"];
    ctx.save();
    ctx.set_global_alpha(1.0 - t * t * t);
    let size = layout.cell * 0.12;
    for i in 0..70u32 {
        let x0 = noise(i) * layout.width;
        let y0 = -noise(i + 500) * layout.height * 0.4;
        let fall = layout.height * (0.8 + 0.6 * noise(i + 900));
        let x = x0 + js_sys::Math::sin(t * 9.0 + f64::from(i)) * layout.cell * 0.3;
        let y = y0 + fall * t;
        ctx.save();
        ctx.translate(x, y)?;
        ctx.rotate(t * 12.0 * (noise(i + 77) - 0.5))?;
        ctx.set_fill_style_str(colours[(i % 4) as usize]);
        ctx.fill_rect(-size / 2.0, -size / 4.0, size, size / 2.0);
        ctx.restore();
    }
    ctx.restore();
    Ok(())
}
