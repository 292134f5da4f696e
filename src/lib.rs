//! Onitama: the rules core, the AI and the page's session (pure Rust) and, on wasm32, the API for
//! JavaScript, the AI's worker and the canvas shell.

pub use onitama_core::{ai, rules};
pub mod save;

#[cfg(target_arch = "wasm32")]
pub mod api;
#[cfg(target_arch = "wasm32")]
mod js_fields;
pub mod ui;
#[cfg(target_arch = "wasm32")]
pub mod worker;
