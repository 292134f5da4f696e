// Starts the game: loads the wasm module (the page draws itself from Rust) and offers its
// functions to scripts as window.wasmBindings. A file of its own, so that the page's
// Content-Security-Policy allows no inline script.
import init, * as bindings from './onitama.js';

await init({ module_or_path: './onitama_bg.wasm' });
window.wasmBindings = bindings;

// Offline play after the first visit (sw.js); a browser without service workers just plays online.
if ('serviceWorker' in navigator) {
  navigator.serviceWorker.register('./sw.js').catch(() => {});
}
