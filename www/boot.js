// Starts the game: loads the wasm module (the page draws itself from Rust) and offers its
// functions to scripts as window.wasmBindings. A file of its own, so that the page's
// Content-Security-Policy allows no inline script.
//
// A first visit loads the game alone (first-visit.js: no review, puzzles, tutorial, online play or
// scripts' functions; src/ui/features.rs). Opening one of those loads the whole page
// (onitama.js), which takes over the same board and game; from then on every visit loads it.
const WHOLE_PAGE_KEY = 'onitama.whole-page';
/** The module that runs the page. */
let page;
let wholeKept = false;
try {
  wholeKept = localStorage.getItem(WHOLE_PAGE_KEY) === 'yes';
} catch {
  // No storage (a private window): the first visit's page.
}

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
    page.online_unavailable();
  });
};

/** Invites a friend online; resolves to `{ room, link }` once the room is made. */
function online_create(options) {
  page.online_create(options);
  return new Promise((resolve, reject) => {
    const poll = setInterval(() => {
      const { online } = page.game_state();
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

// The whole page's functions for scripts; on a first visit each stands in, loading it first.
const SCRIPTS = ['game_new', 'game_state', 'game_play', 'game_undo', 'game_redo', 'game_resign', 'game_hint',
  'game_load', 'game_settings', 'game_show_solution', 'game_puzzle_list', 'game_choose_puzzle', 'square_rect',
  'card_rect', 'wasm_memory_bytes', 'review_game', 'puzzles', 'online_create', 'online_join', 'online_find',
  'online_leave', 'online_say', 'online_abort', 'online_takeback', 'online_takeback_answer', 'analysis_open',
  'analysis_close'];

function offer(module) {
  const { features_handover: _handover, features_unavailable: _unavailable, ...functions } = module;
  window.wasmBindings = { ...functions, online_create, engine };
  if (module.game_state) return;
  for (const name of SCRIPTS) {
    window.wasmBindings[name] = async (...args) => {
      if (!(await globalThis.onitamaLoadFeatures())) throw new Error('the whole page could not be fetched');
      return window.wasmBindings[name](...args);
    };
  }
}

// The first visit's page asks for the whole one (with the DOM event that opened a feature, to be
// given to it again). Once it has come, the first visit's page stops and the whole one starts
// from the saved game; if it cannot be had, the game goes on here and the player is told.
let wholeLoading;
let wholeAttempts = 0;
globalThis.onitamaLoadFeatures = (event) => {
  wholeLoading ??= loadWhole(event);
  return wholeLoading;
};

/** Asks the service worker to keep the whole page for offline visits, once it runs here. */
function keepWhole() {
  navigator.serviceWorker?.ready.then((registration) => registration.active?.postMessage('keep-whole-page'));
}

/** Links the whole page's stylesheet (online play, the analysis board: a first visit has none of
 * them) and resolves once it has come, or failed: the whole page never shows them unstyled. */
let wholeStylesLinked;
function wholeStyles() {
  wholeStylesLinked ??= new Promise((done) => {
    const link = Object.assign(document.createElement('link'), { rel: 'stylesheet', href: 'whole-page.css' });
    link.onload = done;
    // Offline before it was kept: the next try links it again.
    link.onerror = () => { link.remove(); wholeStylesLinked = undefined; done(); };
    document.head.append(link);
  });
  return wholeStylesLinked;
}

/** Resolves to true once the whole page has taken over, to false if it could not be had. */
async function loadWhole(event) {
  let module;
  let wasm;
  try {
    // A module that failed to load is remembered as failed by the document: a new try asks anew.
    const retry = wholeAttempts > 0 ? `?try=${wholeAttempts}` : '';
    wholeAttempts += 1;
    let response;
    [module, response] = await Promise.all([import(`./onitama.js${retry}`), fetch('./onitama_bg.wasm'), wholeStyles()]);
    if (!response.ok) throw new Error(`onitama_bg.wasm: ${response.status}`);
    wasm = await WebAssembly.compile(await response.arrayBuffer());
  } catch (error) {
    console.error(error);
    wholeLoading = undefined;
    page.features_unavailable();
    return false;
  }
  page.features_handover();
  try {
    await module.default({ module_or_path: wasm });
    await module.page_shown();
  } catch (error) {
    // The first visit's page has stopped: a reload opens the saved game again.
    console.error(error);
    location.reload();
    return false;
  }
  page = module;
  offer(module);
  try {
    localStorage.setItem(WHOLE_PAGE_KEY, 'yes');
  } catch {
    // No storage: the next visit starts with the first visit's page again.
  }
  keepWhole();
  // The whole page reads the address itself as it starts: a link is not followed twice.
  if (event && event.type !== 'hashchange') event.target.dispatchEvent(new event.constructor(event.type, event));
  return true;
}

/** Imports and starts one build of the page (`onitama` or `first-visit`). */
async function start(name) {
  const [module] = await Promise.all([import(`./${name}.js`), name === 'onitama' && wholeStyles()]);
  await module.default({ module_or_path: `./${name}_bg.wasm` });
  return module;
}

try {
  page = await start(wholeKept ? 'onitama' : 'first-visit');
} catch (error) {
  // Offline, with the whole page not kept yet: the first visit's page is (sw.js keeps it first).
  if (!wholeKept) throw error;
  console.error(error);
  page = await start('first-visit');
}
await page.page_shown();
offer(page);
if (page.game_state) keepWhole();

// Offline play after the first visit (sw.js); a browser without service workers just plays online.
// Under the worker already (a later visit), it keeps what the page fetches only when needed too.
if ('serviceWorker' in navigator) {
  navigator.serviceWorker.controller?.postMessage('keep-for-offline');
  navigator.serviceWorker.register('./sw.js').catch(() => {});
}
