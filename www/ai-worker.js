// Starts the AI's Web Worker: loads its wasm, whose start-up posts { kind: "ready" }.
importScripts('./onitama-worker.js');
wasm_bindgen({ module_or_path: './onitama-worker_bg.wasm' });
