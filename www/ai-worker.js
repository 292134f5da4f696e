// The AI's Web Worker: it loads the page's own module (one wasm file for both) and starts
// listening; its first message is { kind: "ready" }.
import init, { worker_start } from './onitama.js';

await init({ module_or_path: './onitama_bg.wasm' });
worker_start();
