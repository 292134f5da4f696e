// Starts the game: loads the wasm module (the page draws itself from Rust) and offers its
// functions to scripts as window.wasmBindings. A file of its own, so that the page's
// Content-Security-Policy allows no inline script.
import init, * as bindings from './onitama.js';

// Only English is built into the wasm: the reader's language (as saved, else the browser's) is
// asked for now, beside the wasm. A hint only: the page decides its language, and fetches it if
// this guess was wrong.
try {
  const saved = /^language (\w+)$/m.exec(localStorage.getItem('onitama.settings') ?? '')?.[1];
  const lang = (saved ?? navigator.language).split(/[-_]/)[0].toLowerCase();
  if (['fa', 'es', 'fr'].includes(lang)) {
    const link = Object.assign(document.createElement('link'), { rel: 'preload', as: 'fetch', href: `texts/${lang}.txt` });
    link.crossOrigin = 'anonymous';
    document.head.append(link);
  }
} catch {
  // No storage (a private window): the page fetches its texts itself.
}

// Online play's module is a download of its own, fetched when online play opens.
globalThis.onitamaOnline = () => import('./peer.js');

await init({ module_or_path: './onitama_bg.wasm' });
await bindings.page_shown();
window.wasmBindings = bindings;

// Offline play after the first visit (sw.js); a browser without service workers just plays online.
if ('serviceWorker' in navigator) {
  navigator.serviceWorker.register('./sw.js').catch(() => {});
}
