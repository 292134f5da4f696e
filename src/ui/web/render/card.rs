//! A card: its name, its animal, its stamp and its grid, on the board or alone in the New game dialog.

use super::pen::{Drawn, font};
use crate::rules::{Card, Color};
use crate::ui::emblems::{PathCommand, emblem};
use crate::ui::layout::Rect;
use crate::ui::scene::{CardPicture, Emphasis};
use crate::ui::theme::{Palette, TypeScale};
use wasm_bindgen::JsCast;
use web_sys::CanvasRenderingContext2d as Context;

/// How a card is drawn: the colours, the text sizes, the language, whose grid it shows.
pub(super) struct CardLook<'a> {
    pub(super) palette: &'a Palette,
    pub(super) scale: TypeScale,
    pub(super) name: &'a str,
    /// The name reads right to left.
    pub(super) rtl: bool,
    pub(super) owner: Color,
    pub(super) emphasis: Emphasis,
    /// An expansion card's animal, once its file has come (until then, none is drawn).
    pub(super) expansion: Option<&'a str>,
}

/// A card: its name on top at a fixed size, its animal, its stamp, and its 5×5 grid in its
/// holder's colour, read from its holder's seat (`angle` turns it); the name and the animal are
/// turned `words` on the screen, each about its own centre.
pub(super) fn draw_card(ctx: &Context, look: &CardLook, card: Card, r: Rect, angle: f64, words: f64) -> Drawn {
    let p = look.palette;
    let (w, h) = (r.w, r.h);
    ctx.save();
    let (cx, cy) = r.centre();
    ctx.translate(cx, cy)?;
    ctx.rotate(angle)?;
    let (left, top) = (-w / 2.0, -h / 2.0);
    // A shadow without blur (blurred shadows are slow to draw every frame).
    ctx.save();
    ctx.set_global_alpha(0.5);
    ctx.set_fill_style_str(p.shadow);
    ctx.begin_path();
    ctx.round_rect_with_f64(left + h * 0.02, top + h * 0.04, w, h, h * 0.08)?;
    ctx.fill();
    ctx.restore();
    ctx.set_fill_style_str(p.card);
    ctx.begin_path();
    ctx.round_rect_with_f64(left, top, w, h, h * 0.08)?;
    ctx.fill();
    let (border, width) = match look.emphasis {
        Emphasis::Plain => (p.card_edge, 1.0),
        Emphasis::Playable => (p.ink, 2.0),
        Emphasis::Chosen => (p.selected, (h * 0.05).max(3.0)),
        Emphasis::Hinted => (p.hint, (h * 0.05).max(3.0)),
        Emphasis::Previewed => (p.side(look.owner), (h * 0.04).max(2.5)),
    };
    ctx.set_stroke_style_str(border);
    ctx.set_line_width(width);
    ctx.stroke();

    let face = crate::ui::layout::CardFace::new(w, h, look.scale.body);
    let (pad, stamp, room) = (face.pad, face.stamp, face.title_room);
    // The name on one line: smaller when long, then narrowed to its room, never over the grid.
    font(ctx, "700", face.title);
    let name = look.name;
    let size = face.title_size(ctx.measure_text(name)?.width());
    font(ctx, "700", size);
    ctx.set_fill_style_str(p.card_ink);
    ctx.set_text_baseline("middle");
    let rtl = look.rtl;
    ctx.set_text_align(if rtl { "right" } else { "left" });
    let text_x = if rtl { left + w - pad } else { left + pad };
    let band_x = if rtl { left + w - pad - room } else { left + pad };
    let title_y = top + pad + face.title * 0.55;
    ctx.save();
    turn_about(ctx, band_x + room / 2.0, title_y, words - angle)?;
    ctx.fill_text_with_max_width(name, text_x, title_y, room)?;
    ctx.restore();
    // The stamp: a seal in the corner, solid for red and hollow for blue (not colour alone).
    let (sx, sy) = (if rtl { left + pad } else { left + w - pad - stamp }, top + pad);
    if card.stamp() == Color::Red {
        ctx.set_fill_style_str(p.red);
        ctx.fill_rect(sx, sy, stamp, stamp);
    } else {
        ctx.set_stroke_style_str(p.blue);
        ctx.set_line_width(stamp * 0.22);
        ctx.stroke_rect(sx + stamp * 0.11, sy + stamp * 0.11, stamp * 0.78, stamp * 0.78);
    }
    let (body_top, body_h, grid) = (top + face.body_top, face.body_height, face.cell);
    let gx = left + w - pad - grid * 5.0;
    let gy = body_top + (body_h - grid * 5.0) / 2.0;
    for row in 0..5 {
        for col in 0..5 {
            let offset = (col - 2, 2 - row);
            let reached = card.offsets().iter().any(|&(x, y)| (i32::from(x), i32::from(y)) == offset);
            ctx.set_fill_style_str(if offset == (0, 0) {
                p.grid_centre
            } else if reached {
                p.side(look.owner)
            } else {
                p.grid_empty
            });
            let gap = (grid * 0.1).max(0.5);
            ctx.fill_rect(
                gx + f64::from(col) * grid + gap / 2.0,
                gy + f64::from(row) * grid + gap / 2.0,
                grid - gap,
                grid - gap,
            );
        }
    }
    // The animal, left of the grid.
    let emblem = body_h.min(gx - left - pad * 2.0);
    if emblem > 6.0 {
        let (ex, ey) = (left + pad + (gx - left - pad - emblem) / 2.0, body_top + (body_h - emblem) / 2.0);
        ctx.save();
        turn_about(ctx, ex + emblem / 2.0, ey + emblem / 2.0, words - angle)?;
        match look.expansion {
            Some(path) => draw_path(ctx, path, ex, ey, emblem, p.card_ink)?,
            None => draw_emblem(ctx, card, ex, ey, emblem, p.card_ink)?,
        }
        ctx.restore();
    }
    ctx.restore();
    Ok(())
}

/// A card alone on a small canvas, filling its CSS size, drawn as on the board (the New game
/// dialog shows each chosen card so).
pub fn draw_card_alone(canvas: &web_sys::HtmlCanvasElement, face: &CardPicture, dark: bool, rtl: bool) -> Drawn {
    let ratio = web_sys::window().map_or(1.0, |w| w.device_pixel_ratio()).max(1.0);
    let (w, h) = (f64::from(canvas.client_width()), f64::from(canvas.client_height()));
    if w < 1.0 || h < 1.0 {
        return Ok(());
    }
    canvas.set_width((w * ratio).round() as u32);
    canvas.set_height((h * ratio).round() as u32);
    let ctx: Context = canvas.get_context("2d")?.ok_or("no 2d context")?.dyn_into()?;
    ctx.scale(ratio, ratio)?;
    let look = CardLook {
        palette: Palette::of(dark),
        scale: TypeScale { body: 13.0, small: 11.0 },
        name: &face.name,
        rtl,
        owner: face.owner,
        emphasis: face.emphasis,
        expansion: face.expansion.as_deref(),
    };
    draw_card(&ctx, &look, face.card, Rect { x: 1.0, y: 1.0, w: w - 3.0, h: h - 4.0 }, 0.0, 0.0)
}

/// Turns what is drawn next by `angle` about `(x, y)`.
fn turn_about(ctx: &Context, x: f64, y: f64, angle: f64) -> Drawn {
    if angle != 0.0 {
        ctx.translate(x, y)?;
        ctx.rotate(angle)?;
        ctx.translate(-x, -y)?;
    }
    Ok(())
}

/// An expansion card's animal from its path data in a 100×100 box, as the canvas reads it.
fn draw_path(ctx: &Context, path: &str, x: f64, y: f64, size: f64, colour: &str) -> Drawn {
    let path = web_sys::Path2d::new_with_path_string(path)?;
    ctx.save();
    ctx.translate(x, y)?;
    ctx.scale(size / 100.0, size / 100.0)?;
    ctx.set_global_alpha(0.85);
    ctx.set_fill_style_str(colour);
    ctx.fill_with_path_2d(&path);
    ctx.restore();
    Ok(())
}

/// The card's animal, from its vector drawing in a unit square.
fn draw_emblem(ctx: &Context, card: Card, x: f64, y: f64, size: f64, colour: &str) -> Drawn {
    let at = |u: f64, v: f64| (x + u * size, y + v * size);
    ctx.begin_path();
    for command in emblem(card) {
        match command {
            PathCommand::Move(u, v) => {
                let (px, py) = at(u, v);
                ctx.move_to(px, py);
            }
            PathCommand::Line(u, v) => {
                let (px, py) = at(u, v);
                ctx.line_to(px, py);
            }
            PathCommand::Quad(cu, cv, u, v) => {
                let ((cx, cy), (px, py)) = (at(cu, cv), at(u, v));
                ctx.quadratic_curve_to(cx, cy, px, py);
            }
            PathCommand::Cubic(au, av, bu, bv, u, v) => {
                let ((ax, ay), (bx, by), (px, py)) = (at(au, av), at(bu, bv), at(u, v));
                ctx.bezier_curve_to(ax, ay, bx, by, px, py);
            }
            PathCommand::Close => ctx.close_path(),
        }
    }
    ctx.save();
    ctx.set_global_alpha(0.85);
    ctx.set_fill_style_str(colour);
    ctx.fill();
    ctx.restore();
    Ok(())
}
