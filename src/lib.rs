//! Onitama: the rules core, the AI and the page's session (pure Rust) and, on wasm32, the API for
//! JavaScript, the AI's worker and the canvas shell.

pub use onitama_core::{ai, rules};
pub use onitama_online as online;
pub mod engine_protocol;
pub mod mode;
pub mod save;

// The page's and the workers' allocator: a free list, smaller than the standard library's dlmalloc.
// SAFETY: the wasm32 build has no threads (each worker has a memory of its own).
#[cfg(target_arch = "wasm32")]
#[global_allocator]
static ALLOCATOR: lol_alloc::AssumeSingleThreaded<lol_alloc::FreeListAllocator> =
    unsafe { lol_alloc::AssumeSingleThreaded::new(lol_alloc::FreeListAllocator::new()) };

#[cfg(target_arch = "wasm32")]
pub mod api;
pub mod ui;
#[cfg(target_arch = "wasm32")]
pub mod worker;
