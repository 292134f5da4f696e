// The service worker: the game works offline after the first visit. Network first, so that a new
// version is used as soon as it is online (no page stuck on an old build); the cache answers when
// the network cannot. Only the game's own files (same origin, inside this folder) are cached.
const CACHE = 'onitama';
const FILES = ['./', './index.html', './boot.js', './onitama.js', './onitama_bg.wasm', './ai-worker.js',
  './style.css', './icon.svg', './manifest.webmanifest'];

self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(FILES)).then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
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
