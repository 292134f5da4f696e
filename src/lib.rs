//! Onitama: the rules core and the AI (pure Rust) and, on wasm32, the API for JavaScript and the
//! canvas page.

pub mod ai;
pub mod rules;
pub mod save;

#[cfg(target_arch = "wasm32")]
pub mod api;
#[cfg(target_arch = "wasm32")]
pub mod ui;
#[cfg(target_arch = "wasm32")]
pub mod worker;
