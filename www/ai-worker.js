// The AI's Web Worker: it loads the page's own module (the same wasm file as the page;
// `?first-visit` names the first visit's, src/ui/features.rs) and starts listening; its first
// message is the line "ready" (src/engine_protocol/worker.rs has the rest).
const name = self.location.search === '?first-visit' ? 'first-visit' : 'onitama';
const { default: init, worker_start } = await import(`./${name}.js`);

await init({ module_or_path: `./${name}_bg.wasm` });
worker_start();
