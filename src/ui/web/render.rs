//! Draws the state: board, temples, last move, highlights, pieces, cards and the turn line.
//! Nothing else draws; nothing here changes the state.

use super::super::anim::lerp_rect;
use super::super::board::{destinations, movable_pieces, must_pass};
use super::super::layout::{CardPlace, Layout, Rect};
use super::super::scene::{hint_card, hint_marks, scene, turn_line};
use super::super::state::{Focus, State};
use super::super::text;
use crate::rules::{Card, Color, Move, Piece, Role, Square};
use std::f64::consts::PI;
use wasm_bindgen::JsValue;
use web_sys::CanvasRenderingContext2d as Context;

const BACKGROUND: &str = "#f4efe6";
const LIGHT: &str = "#ead8b4";
const DARK: &str = "#dcc498";
const INK: &str = "#2b2118";
const LAST_MOVE: &str = "rgba(214, 170, 40, 0.45)";
const SELECTED: &str = "#1b7f5b";
const HINT: &str = "#7a3fb0";

pub fn strong(color: Color) -> &'static str {
    match color {
        Color::Red => "#b3261e",
        Color::Blue => "#1f4e99",
    }
}

fn pale(color: Color) -> &'static str {
    match color {
        Color::Red => "#f6d9d6",
        Color::Blue => "#d8e3f6",
    }
}

pub fn draw(ctx: &Context, state: &State, layout: &Layout, now_ms: f64) -> Result<(), JsValue> {
    ctx.set_fill_style_str(BACKGROUND);
    ctx.fill_rect(0.0, 0.0, layout.width, layout.height);
    let still = scene(state, layout);
    let anim = state.anim.as_ref().filter(|a| !a.is_done(now_ms));
    let t = anim.map_or(1.0, |a| a.progress(now_ms));

    draw_board(ctx, state, layout, anim.is_none())?;
    let dragged = state.drag.filter(|d| d.moved).map(|d| d.from);
    for &(square, piece, rect) in &still.pieces {
        if anim.is_some_and(|a| a.covered.contains(&square)) || dragged == Some(square) {
            continue;
        }
        draw_piece(ctx, piece, rect, 1.0)?;
    }
    if let Some(anim) = anim {
        for p in &anim.pieces {
            let alpha = p.alpha.0 + (p.alpha.1 - p.alpha.0) * t;
            draw_piece(ctx, p.piece, lerp_rect(p.from, p.to, t), alpha)?;
        }
    }

    let mover = state.position().to_move();
    let active = anim.is_none() && state.human_to_move();
    for &(card, rect, turned) in &still.cards {
        if anim.is_some_and(|a| a.cards.iter().any(|c| c.card == card)) {
            continue;
        }
        let holder_moves = state.position().hand(mover).contains(card);
        let emphasis = if !active || !holder_moves {
            Emphasis::Plain
        } else if state.selected_card == Some(card) || state.card_choice.is_some() || must_pass(state) {
            Emphasis::Chosen
        } else if hint_card(state) == Some(card) {
            Emphasis::Hinted
        } else {
            Emphasis::Playable
        };
        draw_card(ctx, state.lang(), card, rect, if turned { PI } else { 0.0 }, emphasis)?;
    }
    if let Some(anim) = anim {
        for c in &anim.cards {
            let angle = |turned: bool| if turned { PI } else { 0.0 };
            // Always turn the same way round, so a card flips rather than spins back.
            let (a0, mut a1) = (angle(c.turned.0), angle(c.turned.1));
            if a1 < a0 {
                a1 += 2.0 * PI;
            }
            draw_card(ctx, state.lang(), c.card, lerp_rect(c.from, c.to, t), a0 + (a1 - a0) * t, Emphasis::Plain)?;
        }
    }
    if let Some(drag) = state.drag.filter(|d| d.moved)
        && let Some(piece) = state.position().piece_at(drag.from)
    {
        draw_piece(ctx, piece, layout.square(drag.from).centred_at(drag.x, drag.y), 0.9)?;
    }
    if let Some(focus) = state.focus {
        draw_focus(ctx, focus, layout, mover)?;
    }
    draw_turn_line(ctx, state, layout)
}

/// The keyboard focus: a thick dark frame with a light edge, visible on every ground.
fn draw_focus(ctx: &Context, focus: Focus, layout: &Layout, mover: Color) -> Result<(), JsValue> {
    let r = match focus {
        Focus::Square(square) => layout.square(square),
        Focus::Card(color, slot) => layout.card(CardPlace::Hand(color, slot), mover),
    };
    let inset = layout.cell * 0.04;
    ctx.set_line_width(layout.cell * 0.07);
    ctx.set_stroke_style_str("#ffffff");
    ctx.stroke_rect(r.x + inset, r.y + inset, r.w - 2.0 * inset, r.h - 2.0 * inset);
    ctx.set_line_width(layout.cell * 0.04);
    ctx.set_stroke_style_str(INK);
    ctx.set_line_dash(&js_sys::Array::of2(&JsValue::from(layout.cell * 0.12), &JsValue::from(layout.cell * 0.06)))?;
    ctx.stroke_rect(r.x + inset, r.y + inset, r.w - 2.0 * inset, r.h - 2.0 * inset);
    ctx.set_line_dash(&js_sys::Array::new())?;
    Ok(())
}

fn draw_board(ctx: &Context, state: &State, layout: &Layout, show_highlights: bool) -> Result<(), JsValue> {
    let position = state.position();
    for square in Square::all() {
        let r = layout.square(square);
        ctx.set_fill_style_str(if (square.file() + square.rank()) % 2 == 0 { DARK } else { LIGHT });
        ctx.fill_rect(r.x, r.y, r.w, r.h);
        for color in Color::ALL {
            if square == Square::temple(color) {
                draw_temple(ctx, color, r)?;
            }
        }
    }
    if let Some(Move::Step { from, to, .. }) = state.last_move() {
        ctx.set_fill_style_str(LAST_MOVE);
        for square in [from, to] {
            let r = layout.square(square);
            ctx.fill_rect(r.x, r.y, r.w, r.h);
        }
    }
    ctx.set_stroke_style_str(INK);
    ctx.set_line_width(2.0);
    let b = layout.board;
    ctx.stroke_rect(b.x, b.y, b.w, b.h);
    ctx.set_line_width(1.0);
    ctx.set_stroke_style_str("rgba(43, 33, 24, 0.35)");
    for i in 1..5 {
        let offset = i as f64 * layout.cell;
        line(ctx, b.x + offset, b.y, b.x + offset, b.y + b.h);
        line(ctx, b.x, b.y + offset, b.x + b.w, b.y + offset);
    }
    if !show_highlights {
        return Ok(());
    }
    if let Some(hint) = hint_marks(state) {
        for square in [hint.from, hint.to] {
            ring(ctx, layout.square(square), HINT, 0.07, 0.42)?;
        }
    }
    let movable = movable_pieces(state);
    for square in movable {
        if state.selected_piece != Some(square) {
            ring(ctx, layout.square(square), SELECTED, 0.03, 0.44)?;
        }
    }
    if let Some(square) = state.selected_piece {
        let r = layout.square(square);
        ctx.set_fill_style_str("rgba(27, 127, 91, 0.25)");
        ctx.fill_rect(r.x, r.y, r.w, r.h);
    }
    let mover = position.to_move();
    let targets = destinations(state);
    for &(_, square) in &targets {
        let r = layout.square(square);
        let (cx, cy) = r.centre();
        let doubled = targets.iter().filter(|(_, s)| *s == square).count() > 1;
        let capture = position.pieces(mover.other()).contains(square);
        ctx.begin_path();
        if capture {
            ctx.set_stroke_style_str(SELECTED);
            ctx.set_line_width(layout.cell * 0.07);
            ctx.arc(cx, cy, layout.cell * 0.43, 0.0, 2.0 * PI)?;
            ctx.stroke();
        } else {
            ctx.set_fill_style_str(SELECTED);
            ctx.arc(cx, cy, layout.cell * if doubled { 0.17 } else { 0.13 }, 0.0, 2.0 * PI)?;
            ctx.fill();
        }
        if state.card_choice.is_some_and(|(_, to)| to == square) {
            ring(ctx, r, SELECTED, 0.06, 0.45)?;
        }
    }
    Ok(())
}

fn ring(ctx: &Context, r: Rect, color: &str, width: f64, radius: f64) -> Result<(), JsValue> {
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

/// A temple: a gate in its owner's colour on a pale ground.
fn draw_temple(ctx: &Context, color: Color, r: Rect) -> Result<(), JsValue> {
    ctx.set_fill_style_str(pale(color));
    ctx.fill_rect(r.x + 1.0, r.y + 1.0, r.w - 2.0, r.h - 2.0);
    ctx.set_stroke_style_str(strong(color));
    ctx.set_line_width(r.w * 0.035);
    let (l, right, top, bottom) = (r.x + r.w * 0.14, r.x + r.w * 0.86, r.y + r.h * 0.12, r.y + r.h * 0.9);
    line(ctx, l, top, right, top);
    line(ctx, l + r.w * 0.06, top + r.h * 0.1, right - r.w * 0.06, top + r.h * 0.1);
    line(ctx, l + r.w * 0.12, top, l + r.w * 0.12, bottom);
    line(ctx, right - r.w * 0.12, top, right - r.w * 0.12, bottom);
    Ok(())
}

/// Masters are large discs with a crown; students are smaller rounded squares.
fn draw_piece(ctx: &Context, piece: Piece, r: Rect, alpha: f64) -> Result<(), JsValue> {
    let (cx, cy) = r.centre();
    let cell = r.w;
    ctx.save();
    ctx.set_global_alpha(alpha);
    ctx.set_shadow_color("rgba(0, 0, 0, 0.3)");
    ctx.set_shadow_blur(cell * 0.06);
    ctx.set_shadow_offset_y(cell * 0.03);
    ctx.set_fill_style_str(strong(piece.color));
    ctx.set_stroke_style_str("#ffffff");
    ctx.set_line_width(cell * 0.04);
    ctx.begin_path();
    match piece.role {
        Role::Master => {
            ctx.arc(cx, cy, cell * 0.37, 0.0, 2.0 * PI)?;
            ctx.fill();
            ctx.set_shadow_color("transparent");
            ctx.stroke();
            let (w, h) = (cell * 0.36, cell * 0.24);
            ctx.begin_path();
            ctx.move_to(cx - w / 2.0, cy + h / 2.0);
            ctx.line_to(cx - w / 2.0, cy - h / 2.0);
            ctx.line_to(cx - w / 4.0, cy);
            ctx.line_to(cx, cy - h / 2.0);
            ctx.line_to(cx + w / 4.0, cy);
            ctx.line_to(cx + w / 2.0, cy - h / 2.0);
            ctx.line_to(cx + w / 2.0, cy + h / 2.0);
            ctx.close_path();
            ctx.set_fill_style_str("#ffffff");
            ctx.fill();
        }
        Role::Student => {
            let s = cell * 0.46;
            ctx.round_rect_with_f64(cx - s / 2.0, cy - s / 2.0, s, s, s * 0.18)?;
            ctx.fill();
            ctx.set_shadow_color("transparent");
            ctx.stroke();
        }
    }
    // Blue's pieces carry a white ring inside, so the sides differ by more than colour.
    if piece.color == Color::Blue {
        ctx.set_stroke_style_str("#ffffff");
        ctx.set_line_width(cell * 0.03);
        ctx.begin_path();
        let radius = if piece.role == Role::Master { 0.3 } else { 0.15 };
        ctx.arc(cx, cy, cell * radius, 0.0, 2.0 * PI)?;
        ctx.stroke();
    }
    ctx.restore();
    Ok(())
}

#[derive(Clone, Copy, PartialEq)]
enum Emphasis {
    Plain,
    /// A card of the player to move.
    Playable,
    /// Chosen, or waiting to be chosen (a pass, or two cards reaching one square).
    Chosen,
    /// The card the hint plays.
    Hinted,
}

/// A card: its stamp, its name and its 5×5 grid read from its holder's seat (`angle` turns it).
fn draw_card(
    ctx: &Context,
    lang: text::Lang,
    card: Card,
    r: Rect,
    angle: f64,
    emphasis: Emphasis,
) -> Result<(), JsValue> {
    let (w, h) = (r.w, r.h);
    ctx.save();
    let (cx, cy) = r.centre();
    ctx.translate(cx, cy)?;
    ctx.rotate(angle)?;
    let (left, top) = (-w / 2.0, -h / 2.0);
    ctx.set_shadow_color("rgba(0, 0, 0, 0.18)");
    ctx.set_shadow_blur(h * 0.06);
    ctx.set_fill_style_str("#fffdf8");
    ctx.begin_path();
    ctx.round_rect_with_f64(left, top, w, h, h * 0.08)?;
    ctx.fill();
    ctx.set_shadow_color("transparent");
    let (border, width) = match emphasis {
        Emphasis::Plain => ("rgba(43, 33, 24, 0.45)", 1.0),
        Emphasis::Playable => (INK, 2.0),
        Emphasis::Chosen => (SELECTED, (h * 0.05).max(3.0)),
        Emphasis::Hinted => (HINT, (h * 0.05).max(3.0)),
    };
    ctx.set_stroke_style_str(border);
    ctx.set_line_width(width);
    ctx.stroke();
    let stamp = strong(card.stamp());
    // The stamp: a band on the card's left edge, solid for red and hollow for blue (not colour alone).
    let band = (left + w * 0.05, top + h * 0.14, w * 0.045, h * 0.72);
    if card.stamp() == Color::Red {
        ctx.set_fill_style_str(stamp);
        ctx.fill_rect(band.0, band.1, band.2, band.3);
    } else {
        ctx.set_stroke_style_str(stamp);
        ctx.set_line_width(band.2 * 0.35);
        ctx.stroke_rect(band.0, band.1, band.2, band.3);
    }
    let grid = (h * 0.15).min(w * 0.095);
    let gx = left + w - grid * 5.0 - w * 0.05;
    let gy = -grid * 2.5;
    for row in 0..5 {
        for col in 0..5 {
            let offset = (col - 2, 2 - row);
            let reached = card.offsets().iter().any(|&(x, y)| (i32::from(x), i32::from(y)) == offset);
            ctx.set_fill_style_str(if offset == (0, 0) {
                INK
            } else if reached {
                stamp
            } else {
                "#eee6d8"
            });
            ctx.fill_rect(gx + col as f64 * grid + 0.5, gy + row as f64 * grid + 0.5, grid - 1.0, grid - 1.0);
        }
    }
    let text_left = left + w * 0.14;
    let room = gx - text_left - w * 0.03;
    fit_text(ctx, text::card_name(lang, card), (text_left, 0.0), room, h * 0.2, "600", INK)?;
    ctx.restore();
    Ok(())
}

/// Writes `text` left-aligned at `(x, y)` (vertical middle), shrinking the font to fit `room`.
fn fit_text(
    ctx: &Context,
    text: &str,
    (x, y): (f64, f64),
    room: f64,
    size: f64,
    weight: &str,
    color: &str,
) -> Result<(), JsValue> {
    // Whole pixels: no float formatting in the wasm.
    let mut size = size.round().max(6.0) as i32;
    ctx.set_font(&format!("{weight} {size}px system-ui, sans-serif"));
    let natural = ctx.measure_text(text)?.width();
    if natural > room && natural > 0.0 {
        size = (f64::from(size) * room / natural).floor().max(6.0) as i32;
        ctx.set_font(&format!("{weight} {size}px system-ui, sans-serif"));
    }
    ctx.set_fill_style_str(color);
    ctx.set_text_baseline("middle");
    ctx.set_text_align("left");
    ctx.fill_text(text, x, y)?;
    Ok(())
}

fn draw_turn_line(ctx: &Context, state: &State, layout: &Layout) -> Result<(), JsValue> {
    let Some(message) = turn_line(state) else { return Ok(()) };
    let mover = state.position().to_move();
    let r = layout.banner[mover.index()];
    ctx.set_font(&format!("700 {}px system-ui, sans-serif", (r.h * 0.8).round() as i32));
    let width = ctx.measure_text(&message)?.width().min(layout.width - 8.0);
    let x = (layout.width - width) / 2.0;
    fit_text(ctx, &message, (x.max(4.0), r.y + r.h / 2.0), layout.width - 8.0, r.h * 0.8, "700", strong(mover))
}
