//! The online play module: a wasm of its own, imported by the page only when online play opens.
//! It speaks matchbox's signalling protocol over a WebSocket and carries the game on one WebRTC
//! data channel; every decision is in `onitama_online::netplay`, and the page hears it only
//! through the bridge's lines (`onitama_online::bridge`).
//!
//! ```js
//! const peer = await import('./peer.js');
//! await peer.default();                       // fetches peer_bg.wasm beside it
//! peer.start((line) => console.log(line), {}); // options: { signaling, ice } override the build's
//! peer.command('create random random 180');
//! ```

#[cfg(target_arch = "wasm32")]
mod shell;

// SAFETY: the wasm32 build has no threads.
#[cfg(target_arch = "wasm32")]
#[global_allocator]
static ALLOCATOR: lol_alloc::AssumeSingleThreaded<lol_alloc::FreeListAllocator> =
    unsafe { lol_alloc::AssumeSingleThreaded::new(lol_alloc::FreeListAllocator::new()) };

fn main() {}
