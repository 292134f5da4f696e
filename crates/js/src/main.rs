//! The engine module: the rules core and the AI on plain strings, a wasm of its own that scripts
//! import (the page's own wasm does not carry these functions).
//!
//! ```js
//! const engine = await import('./engine.js');
//! await engine.default();                          // fetches engine_bg.wasm beside it
//! engine.legal_moves('bbBbb/5/5/5/rrRrr ox,boar horse,elephant crab r');
//! ```
//! On a page, `await window.wasmBindings.engine()` does both.

// The library's exported functions make the module; this links them in.
use onitama_js as _;

// SAFETY: the wasm32 build has no threads.
#[cfg(target_arch = "wasm32")]
#[global_allocator]
static ALLOCATOR: lol_alloc::AssumeSingleThreaded<lol_alloc::FreeListAllocator> =
    unsafe { lol_alloc::AssumeSingleThreaded::new(lol_alloc::FreeListAllocator::new()) };

fn main() {}
