// The service worker: the game works offline after the first visit. Network first, so that a new
// version is used as soon as it is online (no page stuck on an old build); the cache answers when
// the network cannot. Only the game's own files (same origin, inside this folder) are cached.
const CACHE = 'onitama';
const FILES = ['./', './index.html', './boot.js', './first-visit.js', './first-visit_bg.wasm', './ai-worker.js',
  './style.css', './icon.svg', './manifest.webmanifest'];
// What the page fetches only when it is needed: the whole page (review, puzzles, the tutorial,
// online play and scripts' functions), the puzzles, the full rules, the expansion's emblems, and
// each language's texts, error texts, rules dialog and tutorial. Not on a first visit,
// which stays small: on a later one (the page asks, once it finds itself under this worker), those
// not yet kept are fetched, so that all of it works offline. Online play and the engine module for
// scripts need no keeping.
const WHOLE_PAGE = ['./onitama.js', './onitama_bg.wasm', './whole-page.css'];
const LATER = [...WHOLE_PAGE, './puzzles.txt', './RULES.md', './emblems/expansion.txt',
  ...['fa', 'es', 'fr'].flatMap((lang) => [`./texts/${lang}.txt`, `./errors/${lang}.txt`]),
  ...['en', 'fa', 'es', 'fr'].flatMap((lang) => [`./rules/${lang}.txt`, `./tutorial/${lang}.txt`])];

self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(FILES)).then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});

// Kept on a later visit, or (the whole page) as soon as it runs: the page asks.
const KEEP = { 'keep-for-offline': LATER, 'keep-whole-page': WHOLE_PAGE };

self.addEventListener('message', (event) => {
  const files = KEEP[event.data];
  if (!files) return;
  event.waitUntil(caches.open(CACHE).then((cache) => Promise.all(files.map((file) => cache.match(file)
    .then((kept) => kept ?? cache.add(file)).catch(() => {})))));
});

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET' || !request.url.startsWith(self.registration.scope)) return;
  event.respondWith(
    fetch(request)
      .then((response) => {
        if (response.ok) {
          const copy = response.clone();
          event.waitUntil(caches.open(CACHE).then((cache) => cache.put(request, copy)));
        }
        return response;
      })
      .catch(() => caches.match(request, { ignoreSearch: true })
        .then((cached) => cached ?? Response.error())),
  );
});
