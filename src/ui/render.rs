//! Draws a position: the board with both temples, the pieces, and the five cards.

use crate::rules::{Card, Color, Position, Role, Square};
use std::f64::consts::PI;
use wasm_bindgen::JsValue;
use web_sys::CanvasRenderingContext2d as Context;

const BACKGROUND: &str = "#f4efe6";
const BOARD_LIGHT: &str = "#e8d5b0";
const BOARD_DARK: &str = "#dcc499";
const INK: &str = "#2b2118";

fn side_colors(color: Color) -> (&'static str, &'static str) {
    match color {
        Color::Red => ("#b3261e", "#f9dedc"),
        Color::Blue => ("#1f4e99", "#dbe6f7"),
    }
}

/// Lays out and draws everything in a `width` × `height` CSS-pixel area.
pub fn draw_position(
    ctx: &Context,
    position: &Position,
    width: f64,
    height: f64,
) -> Result<(), JsValue> {
    ctx.set_fill_style_str(BACKGROUND);
    ctx.fill_rect(0.0, 0.0, width, height);
    // Height holds 5 board cells and two rows of cards (each about 1.6 cells tall); width holds the
    // board and the side card beside it.
    let cell = (width / 7.2).min(height / 9.2).min(110.0);
    let board_size = cell * 5.0;
    let board_x = (width - board_size - cell * 1.9) / 2.0;
    let board_y = (height - board_size) / 2.0;
    draw_board(ctx, position, board_x, board_y, cell)?;
    let card_w = cell * 2.2;
    let card_h = cell * 1.45;
    let gap = cell * 0.3;
    for color in Color::ALL {
        let y = match color {
            Color::Blue => board_y - card_h - gap,
            Color::Red => board_y + board_size + gap,
        };
        let [first, second] = position.hand(color).pair();
        let x0 = width / 2.0 - card_w - gap / 2.0;
        for (i, card) in [first, second].into_iter().enumerate() {
            draw_card(
                ctx,
                card,
                color,
                x0 + i as f64 * (card_w + gap),
                y,
                card_w,
                card_h,
            )?;
        }
    }
    // The side card waits beside the board, turned toward the player who will receive it.
    let side_x = board_x + board_size + cell * 0.2;
    let side_w = cell * 1.7;
    let side_h = side_w * card_h / card_w;
    draw_card(
        ctx,
        position.side_card(),
        position.to_move(),
        side_x,
        height / 2.0 - side_h / 2.0,
        side_w,
        side_h,
    )?;
    draw_turn(ctx, position.to_move(), width, board_y, board_size, cell)
}

fn draw_board(
    ctx: &Context,
    position: &Position,
    x: f64,
    y: f64,
    cell: f64,
) -> Result<(), JsValue> {
    for square in Square::all() {
        let sx = x + square.file() as f64 * cell;
        let sy = y + (4 - square.rank()) as f64 * cell;
        let dark = (square.file() + square.rank()) % 2 == 0;
        ctx.set_fill_style_str(if dark { BOARD_DARK } else { BOARD_LIGHT });
        ctx.fill_rect(sx, sy, cell, cell);
        for color in Color::ALL {
            if square == Square::temple(color) {
                draw_temple(ctx, color, sx, sy, cell)?;
            }
        }
        if let Some(piece) = position.piece_at(square) {
            draw_piece(
                ctx,
                piece.color,
                piece.role,
                sx + cell / 2.0,
                sy + cell / 2.0,
                cell,
            )?;
        }
    }
    ctx.set_stroke_style_str(INK);
    ctx.set_line_width(2.0);
    ctx.stroke_rect(x, y, cell * 5.0, cell * 5.0);
    ctx.set_line_width(0.5);
    for i in 1..5 {
        let offset = i as f64 * cell;
        line(ctx, x + offset, y, x + offset, y + cell * 5.0);
        line(ctx, x, y + offset, x + cell * 5.0, y + offset);
    }
    Ok(())
}

fn line(ctx: &Context, x0: f64, y0: f64, x1: f64, y1: f64) {
    ctx.begin_path();
    ctx.move_to(x0, y0);
    ctx.line_to(x1, y1);
    ctx.stroke();
}

/// A temple: a gate mark in the owner's colour.
fn draw_temple(ctx: &Context, color: Color, x: f64, y: f64, cell: f64) -> Result<(), JsValue> {
    let (strong, light) = side_colors(color);
    ctx.set_fill_style_str(light);
    ctx.fill_rect(x + 2.0, y + 2.0, cell - 4.0, cell - 4.0);
    ctx.set_stroke_style_str(strong);
    ctx.set_line_width(cell * 0.04);
    let (l, r, t, b) = (
        x + cell * 0.18,
        x + cell * 0.82,
        y + cell * 0.2,
        y + cell * 0.85,
    );
    line(ctx, l, t, r, t);
    line(ctx, l + cell * 0.1, t, l + cell * 0.1, b);
    line(ctx, r - cell * 0.1, t, r - cell * 0.1, b);
    line(
        ctx,
        l + cell * 0.05,
        t + cell * 0.12,
        r - cell * 0.05,
        t + cell * 0.12,
    );
    Ok(())
}

/// Masters are large discs with a crown; students are small squares: told apart by shape as well as colour.
fn draw_piece(
    ctx: &Context,
    color: Color,
    role: Role,
    cx: f64,
    cy: f64,
    cell: f64,
) -> Result<(), JsValue> {
    let (strong, _) = side_colors(color);
    ctx.set_fill_style_str(strong);
    ctx.set_stroke_style_str("#ffffff");
    ctx.set_line_width(cell * 0.04);
    ctx.begin_path();
    match role {
        Role::Master => {
            ctx.arc(cx, cy, cell * 0.36, 0.0, 2.0 * PI)?;
            ctx.fill();
            ctx.stroke();
            // A three-pointed crown.
            let w = cell * 0.34;
            let h = cell * 0.22;
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
            let s = cell * 0.44;
            ctx.rect(cx - s / 2.0, cy - s / 2.0, s, s);
            ctx.fill();
            ctx.stroke();
        }
    }
    Ok(())
}

/// A card: name, stamp, and its 5×5 move grid read from `holder`'s seat (Blue's turned 180°).
fn draw_card(
    ctx: &Context,
    card: Card,
    holder: Color,
    x: f64,
    y: f64,
    w: f64,
    h: f64,
) -> Result<(), JsValue> {
    ctx.save();
    ctx.translate(x + w / 2.0, y + h / 2.0)?;
    if holder == Color::Blue {
        ctx.rotate(PI)?;
    }
    let (left, top) = (-w / 2.0, -h / 2.0);
    ctx.set_fill_style_str("#fffdf8");
    ctx.set_stroke_style_str(INK);
    ctx.set_line_width(1.0);
    ctx.begin_path();
    ctx.round_rect_with_f64(left, top, w, h, h * 0.08)?;
    ctx.fill();
    ctx.stroke();
    let (stamp, _) = side_colors(card.stamp());
    ctx.set_fill_style_str(stamp);
    ctx.fill_rect(left + w * 0.06, top + h * 0.12, w * 0.05, h * 0.76);
    ctx.set_fill_style_str(INK);
    ctx.set_font(&format!(
        "600 {}px system-ui, sans-serif",
        (h * 0.16).round()
    ));
    ctx.set_text_baseline("middle");
    ctx.fill_text(card.name(), left + w * 0.15, 0.0)?;
    let grid = h * 0.16;
    let gx = left + w - grid * 5.0 - w * 0.05;
    let gy = -grid * 2.5;
    for row in 0..5 {
        for col in 0..5 {
            let (dx, dy) = (col - 2, 2 - row);
            let reached = card
                .offsets()
                .iter()
                .any(|&(r, f)| (r as i32, f as i32) == (dx, dy));
            let fill = if (dx, dy) == (0, 0) {
                INK
            } else if reached {
                stamp
            } else {
                "#efe8dc"
            };
            ctx.set_fill_style_str(fill);
            ctx.fill_rect(
                gx + col as f64 * grid + 0.5,
                gy + row as f64 * grid + 0.5,
                grid - 1.0,
                grid - 1.0,
            );
        }
    }
    ctx.restore();
    Ok(())
}

fn draw_turn(
    ctx: &Context,
    to_move: Color,
    width: f64,
    board_y: f64,
    board_size: f64,
    cell: f64,
) -> Result<(), JsValue> {
    let (strong, _) = side_colors(to_move);
    ctx.set_fill_style_str(strong);
    ctx.set_font(&format!(
        "700 {}px system-ui, sans-serif",
        (cell * 0.28).round()
    ));
    ctx.set_text_baseline("middle");
    let text = format!("{} to move", to_move.name());
    let text_width = ctx.measure_text(&text)?.width();
    let y = match to_move {
        Color::Red => board_y + board_size + cell * 0.15,
        Color::Blue => board_y - cell * 0.15,
    };
    ctx.fill_text(&text, (width - text_width) / 2.0, y)?;
    Ok(())
}
