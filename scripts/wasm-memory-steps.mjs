// How the allocator reuses a freed large block: the engine module's wasm memory before and after
// each of eight searches on the page thread (each `best_move` makes a 16 MB transposition table and
// frees it). A memory that grows by a second table means the freed one was not reused.
// Run: node scripts/wasm-memory-steps.mjs   (another build: BENCH_DIST=/path/to/dist)
import { serve, launch, dist as builtDist } from '../tests/browser/harness.mjs';

const server = await serve('/', process.env.BENCH_DIST ?? builtDist);
const browser = await launch();
const page = await browser.newPage();
await page.goto(server.url);
await page.waitForFunction(() => window.wasmBindings !== undefined);
const steps = await page.evaluate(async () => {
  const engine = await import('./engine.js');
  const { memory } = await engine.default({ module_or_path: './engine_bg.wasm' });
  const position = 'bbBbb/5/5/5/rrRrr tiger,crab monkey,crane boar r';
  const sizes = [memory.buffer.byteLength];
  for (let i = 0; i < 8; i += 1) {
    engine.best_move(position, { nodes: 20000 });
    sizes.push(memory.buffer.byteLength);
  }
  return sizes.map((bytes) => (bytes / 2 ** 20).toFixed(2));
});
console.log(`engine module's wasm memory (MB) before and after each of 8 searches: ${steps.join(' ')}`);
await browser.close();
await server.close();
