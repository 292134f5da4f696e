// The page's speed in headless Chromium, against the release build in dist/:
// time to the first drawn board, the longest frame while cards and pieces move and while the AI
// thinks, and what a game downloads (gzipped). Run: node scripts/bench-page.mjs
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { join } from 'node:path';
import { serve, launch, dist as builtDist } from '../tests/browser/harness.mjs';

// Another build can be measured: BENCH_DIST=/path/to/dist node scripts/bench-page.mjs
const dist = process.env.BENCH_DIST ?? builtDist;

const server = await serve('/', dist);
const browser = await launch();
const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });

const drawn = [];
for (let run = 0; run < 5; run += 1) {
  await page.goto(`${server.url}?run=${run}`);
  await page.waitForFunction(() => performance.getEntriesByName('board-drawn').length > 0);
  drawn.push(await page.evaluate(() => performance.getEntriesByName('board-drawn')[0].startTime));
}

// Frames while the AI (master level, 1 s a move) plays itself: every move animates.
const frames = await page.evaluate(async () => {
  window.wasmBindings.game_new({ mode: 'watch', level: 11, cards: ['tiger', 'crab', 'monkey', 'crane', 'boar'] });
  const gaps = [];
  let last = performance.now();
  let running = true;
  const tick = (now) => { gaps.push(now - last); last = now; if (running) requestAnimationFrame(tick); };
  requestAnimationFrame(tick);
  await new Promise((resolve) => setTimeout(resolve, 8000));
  running = false;
  const moves = window.wasmBindings.game_state().moves.length;
  gaps.sort((a, b) => a - b);
  return { count: gaps.length, longest: gaps.at(-1), p99: gaps[Math.floor(gaps.length * 0.99)], moves };
});

// Frames at 1920×1080 in pass and play: each move turns the whole board (the heaviest animation).
await page.setViewportSize({ width: 1920, height: 1080 });
const turning = await page.evaluate(async () => {
  window.wasmBindings.game_new({ mode: 'two', turn_board: true, cards: ['tiger', 'crab', 'monkey', 'crane', 'boar'] });
  window.wasmBindings.game_settings({ coordinates: true });
  // The new size and setting draw the board afresh once; measure the moves after that.
  await new Promise((resolve) => setTimeout(resolve, 500));
  const gaps = [];
  let last = performance.now();
  let running = true;
  const tick = (now) => { gaps.push(now - last); last = now; if (running) requestAnimationFrame(tick); };
  requestAnimationFrame(tick);
  for (let i = 0; i < 8; i += 1) {
    const s = window.wasmBindings.game_state();
    if (s.outcome) break;
    window.wasmBindings.game_play(s.legal_moves[i % s.legal_moves.length]);
    await new Promise((resolve) => setTimeout(resolve, 600));
  }
  running = false;
  gaps.sort((a, b) => a - b);
  return { count: gaps.length, longest: gaps.at(-1), p99: gaps[Math.floor(gaps.length * 0.99)] };
});

// What a first visit downloads: the files a fresh browser fetches (each once: a static host's
// caching headers let the service worker's copy come from the browser's cache), in English and in
// each other language. Fetched only when asked for, and not counted: the whole page (when a feature
// opens), the rules, the puzzle set, error texts, the tutorial's texts, the expansion's emblems,
// online play and the engine module for scripts; the largest of each is listed.
const gz = (file) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const firstVisitBrowser = await launch([], { firstVisit: true });
async function firstVisit(locale) {
  const paths = new Set();
  const visitServer = await serve('/', dist, { onRequest: (method, path) => paths.add(path.split('?')[0]) });
  const context = await firstVisitBrowser.newContext({ locale });
  const visit = await context.newPage();
  await visit.goto(visitServer.url);
  await visit.waitForFunction(() => window.wasmBindings !== undefined);
  await visit.waitForLoadState('networkidle');
  await context.close();
  await visitServer.close();
  return [...new Set([...paths].map((path) => (path === '/' ? 'index.html' : path.slice(1))))].sort();
}
const english = await firstVisit('en-US');
const total = english.reduce((sum, file) => sum + gz(file), 0);
const others = [];
for (const locale of ['fa-IR', 'es-ES', 'fr-FR']) {
  const files = await firstVisit(locale);
  others.push([locale, files.reduce((sum, file) => sum + gz(file), 0)]);
}
await firstVisitBrowser.close();
const lazy = ['onitama.js', 'onitama_bg.wasm', 'RULES.md', 'puzzles.txt', 'rules/fa.txt', 'errors/fa.txt',
  'tutorial/fa.txt', 'emblems/expansion.txt', 'online.js', 'peer.js', 'peer_bg.wasm', 'engine.js', 'engine_bg.wasm'];

drawn.sort((a, b) => a - b);
console.log(`board drawn after navigation: median ${drawn[2].toFixed(0)} ms (runs: ${drawn.map((d) => d.toFixed(0)).join(', ')})`);
console.log(`frames in 8 s of AI-vs-AI play (${frames.moves} moves animated): ${frames.count}, longest ${frames.longest.toFixed(1)} ms, 99th percentile ${frames.p99.toFixed(1)} ms`);
console.log(`frames at 1920x1080 while the board turns in pass and play (8 moves): ${turning.count}, longest ${turning.longest.toFixed(1)} ms, 99th percentile ${turning.p99.toFixed(1)} ms`);
console.log(`a first visit downloads, gzipped: ${english.map((f) => `${f} ${kb(gz(f))}`).join('; ')}; total ${kb(total)}`);
console.log(`in another language: ${others.map(([locale, bytes]) => `${locale} ${kb(bytes)}`).join('; ')}`);
console.log(`fetched on demand, gzipped (not counted): ${lazy.map((f) => `${f} ${kb(gz(f))}`).join('; ')}`);
await browser.close();
await server.close();
