//! Onitama: the rules core and the AI (pure Rust), and on wasm32 the browser API and frontend.

pub mod rules;
