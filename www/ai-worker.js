// The AI's Web Worker: it loads the page's own module (one wasm file for both) and starts
// listening; its first message is the line "ready" (src/worker_protocol.rs has the rest).
import init, { worker_start } from './onitama.js';

await init({ module_or_path: './onitama_bg.wasm' });
worker_start();
