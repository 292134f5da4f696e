//! Onitama's rules core and AI, pure Rust with no web code. A crate of its own so that the page's
//! wasm can build it for speed while the rest is built for size (see the root Cargo.toml).

pub mod ai;
pub mod rules;
