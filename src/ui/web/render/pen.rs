//! What every drawing shares: its result and the font it writes in.

use wasm_bindgen::JsValue;
use web_sys::CanvasRenderingContext2d as Context;

pub(super) type Drawn = Result<(), JsValue>;

pub(super) fn font(ctx: &Context, weight: &str, size: f64) {
    // Whole pixels: no float formatting in the wasm.
    ctx.set_font(&format!("{weight} {}px system-ui, sans-serif", size.round().max(6.0) as i32));
}
