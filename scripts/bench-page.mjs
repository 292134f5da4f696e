// The page's speed in headless Chromium, against the release build in dist/:
// time to the first drawn board, the longest frame while cards and pieces move and while the AI
// thinks, and what a game downloads (gzipped). Run: node scripts/bench-page.mjs
import { readdirSync, readFileSync } from 'node:fs';
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

let total = 0;
// Fetched only when asked for, not part of a game's download: the rules (RULES.md, and the
// rules dialog's paragraphs in rules/), the puzzle set, and the error texts of a language other
// than English (errors/, when an error is to be shown), the tutorial's texts (tutorial/, when it
// starts), the expansion cards' emblems (emblems/, the first time one is on the board). The
// largest of each is listed. The page's texts in a language other than English (texts/) are part
// of a first visit in that language.
// Online play (online.js, then the module, peer.js and peer_bg.wasm) is imported when it opens,
// the engine module (engine.js, engine_bg.wasm) only by scripts that ask for it.
const lazy = ['RULES.md', 'puzzles.txt', 'rules/fa.txt', 'errors/fa.txt', 'tutorial/fa.txt', 'emblems/expansion.txt',
  'online.js', 'peer.js', 'peer_bg.wasm', 'engine.js', 'engine_bg.wasm'];
const folders = ['rules', 'errors', 'tutorial', 'texts', 'emblems'];
const files = readdirSync(dist).filter((f) => !f.endsWith('.map') && !lazy.includes(f) && !folders.includes(f));
const sizes = files.map((f) => {
  const gz = gzipSync(readFileSync(join(dist, f)), { level: 9 }).length;
  total += gz;
  return `${f} ${(gz / 1024).toFixed(1)} KB`;
});

drawn.sort((a, b) => a - b);
console.log(`board drawn after navigation: median ${drawn[2].toFixed(0)} ms (runs: ${drawn.map((d) => d.toFixed(0)).join(', ')})`);
console.log(`frames in 8 s of AI-vs-AI play (${frames.moves} moves animated): ${frames.count}, longest ${frames.longest.toFixed(1)} ms, 99th percentile ${frames.p99.toFixed(1)} ms`);
console.log(`frames at 1920x1080 while the board turns in pass and play (8 moves): ${turning.count}, longest ${turning.longest.toFixed(1)} ms, 99th percentile ${turning.p99.toFixed(1)} ms`);
console.log(`download, gzipped: ${sizes.join('; ')}; total ${(total / 1024).toFixed(1)} KB`);
const texts = readdirSync(join(dist, 'texts')).map((f) => [f, gzipSync(readFileSync(join(dist, 'texts', f)), { level: 9 }).length]);
const largest = texts.reduce((a, b) => (b[1] > a[1] ? b : a));
console.log(`a first visit in another language adds its texts: ${texts.map(([f, gz]) => `texts/${f} ${(gz / 1024).toFixed(1)} KB`).join('; ')}; total at most ${((total + largest[1]) / 1024).toFixed(1)} KB`);
const lazySizes = lazy.map((f) => `${f} ${(gzipSync(readFileSync(join(dist, f)), { level: 9 }).length / 1024).toFixed(1)} KB`);
console.log(`fetched on demand, gzipped (not counted): ${lazySizes.join('; ')}`);
await browser.close();
await server.close();
