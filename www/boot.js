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

// Online play is a download of its own (online.js, then the module), fetched when it opens: the
// page's lines wait for it in order. Offline before it was ever fetched, the page is told, and the
// next line tries again.
let online;
globalThis.onitamaOnline = (line) => {
  if (online?.send) return online.send(line);
  if (online) return online.push(line);
  online = [line];
  import('./online.js').then((module) => {
    const waiting = online;
    online = module;
    for (const line of waiting) module.send(line);
  }, (error) => {
    console.error(error);
    online = undefined;
    bindings.online_unavailable();
  });
};

/** Invites a friend online; resolves to `{ room, link }` once the room is made. */
function online_create(options) {
  bindings.online_create(options);
  return new Promise((resolve, reject) => {
    const poll = setInterval(() => {
      const { online } = bindings.game_state();
      const settle = (done, value) => { clearInterval(poll); done(value); };
      if (!online) settle(reject, new Error('online play was left'));
      // The friend's link is the page's address with the room (the strip shows it once the
      // server has the room; a script has it at once).
      else if (online.room) settle(resolve, { room: online.room, link: `${location.href.split('#')[0]}#online=${online.room}` });
      else if (online.status === 'error' && online.error) settle(reject, new Error(online.error));
    }, 50);
  });
}

/** The rules and the AI on plain strings (legal_moves, perft, best_move, …): a module of its own,
 * fetched the first time a script asks. Resolves to the module. */
let engineModule;
function engine() {
  engineModule ??= import('./engine.js').then(async (module) => {
    await module.default({ module_or_path: './engine_bg.wasm' });
    return module;
  });
  return engineModule;
}

await init({ module_or_path: './onitama_bg.wasm' });
await bindings.page_shown();
window.wasmBindings = { ...bindings, online_create, engine };

// Offline play after the first visit (sw.js); a browser without service workers just plays online.
// Under the worker already (a later visit), it keeps what the page fetches only when needed too.
if ('serviceWorker' in navigator) {
  navigator.serviceWorker.controller?.postMessage('keep-for-offline');
  navigator.serviceWorker.register('./sw.js').catch(() => {});
}
