//! The page (wasm32 only). For now it draws a freshly dealt start position on the canvas;
//! every rule decision comes from `crate::rules`.

mod render;

use crate::rules::{Deal, Position};
use wasm_bindgen::prelude::*;

/// Draws a new deal and redraws it whenever the window changes size.
pub fn start() {
    if let Err(error) = try_start() {
        web_sys::console::error_1(&error);
    }
}

fn try_start() -> Result<(), JsValue> {
    let position = Deal::random().position();
    draw(&position)?;
    let window = web_sys::window().ok_or("no window")?;
    let on_resize = Closure::<dyn Fn()>::new(move || {
        if let Err(error) = draw(&position) {
            web_sys::console::error_1(&error);
        }
    });
    window.add_event_listener_with_callback("resize", on_resize.as_ref().unchecked_ref())?;
    // The listener lives as long as the page.
    on_resize.forget();
    Ok(())
}

fn draw(position: &Position) -> Result<(), JsValue> {
    let window = web_sys::window().ok_or("no window")?;
    let document = window.document().ok_or("no document")?;
    let canvas: web_sys::HtmlCanvasElement = document
        .get_element_by_id("board")
        .ok_or("no #board canvas")?
        .dyn_into()?;
    let css_width = window.inner_width()?.as_f64().unwrap_or(360.0);
    let css_height = window.inner_height()?.as_f64().unwrap_or(640.0);
    let ratio = window.device_pixel_ratio();
    canvas.set_width((css_width * ratio).round() as u32);
    canvas.set_height((css_height * ratio).round() as u32);
    let style = canvas.style();
    style.set_property("width", &format!("{css_width}px"))?;
    style.set_property("height", &format!("{css_height}px"))?;
    let context: web_sys::CanvasRenderingContext2d = canvas
        .get_context("2d")?
        .ok_or("no 2d context")?
        .dyn_into()?;
    context.set_transform(ratio, 0.0, 0.0, ratio, 0.0, 0.0)?;
    render::draw_position(&context, position, css_width, css_height)
}
