// The exact endgame tables in WebAssembly: how long the engine module (dist/engine_bg.wasm, as
// the page ships it) takes to build the tables a position needs, and the wasm memory it then
// holds, for each material of up to 4 pieces of the base game's opening deal. Each material is
// measured from a fresh module (what a first question about a deal costs): in Node, in headless
// Chromium, and in Chromium with the CPU slowed 4× as scripts/bench-first-visit.mjs's slow phone.
// Natively the same positions are `onitama-cli endgame <position>` (its stderr times them).
//
// Run after `trunk build --release`: node scripts/bench-endgame.mjs [--runs N] [--skip-slow]
// The module solves at most 3 pieces (ENDGAME_PIECES in crates/js/src/exports.rs): the 4-piece
// rows say "refused" unless it is raised to 4 for the measurement and the module rebuilt.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { dist, serve, launch } from '../tests/browser/harness.mjs';

/** One position of each material, the opening deal's cards (ox, boar, horse, elephant, crab). */
export const POSITIONS = [
  ['R-B', '5/2B2/5/5/R4 ox,boar horse,elephant crab r'],
  ['R-Bb', 'b4/2B2/5/5/R4 ox,boar horse,elephant crab r'],
  ['Rr-B', '5/2B2/5/4r/R4 ox,boar horse,elephant crab r'],
  ['R-Bbb', 'b3b/2B2/5/5/R4 ox,boar horse,elephant crab r'],
  ['Rr-Bb', 'b4/2B2/5/4r/R4 ox,boar horse,elephant crab r'],
  ['Rrr-B', '5/2B2/5/r3r/R4 ox,boar horse,elephant crab r'],
];

const args = process.argv.slice(2);

// A child process measuring one position in Node: a fresh module each time.
if (args[0] === '--one') {
  const engine = await import(pathToFileURL(join(dist, 'engine.js')).href);
  const exports = await engine.default({ module_or_path: readFileSync(join(dist, 'engine_bg.wasm')) });
  const started = performance.now();
  let value;
  try {
    value = engine.endgame(args[1]);
  } catch (error) {
    console.log(JSON.stringify({ refused: error.message }));
    process.exit(0);
  }
  const ms = performance.now() - started;
  const again = performance.now();
  engine.endgame(args[1]);
  const cached = performance.now() - again;
  console.log(JSON.stringify({ value, ms, cached, memory: exports.memory.buffer.byteLength }));
  process.exit(0);
}

const runs = Number(args[args.indexOf('--runs') + 1] ?? 1) || 1;
const median = (values) => values.toSorted((a, b) => a - b)[Math.floor(values.length / 2)];
const mb = (bytes) => (bytes / 2 ** 20).toFixed(0);

const refused = (list) => list.some((r) => r.refused);
const rows = new Map(POSITIONS.map(([material]) => [material, { node: [], chromium: [], slow: [] }]));

for (const [material, position] of POSITIONS) {
  for (let run = 0; run < runs; run += 1) {
    const out = execFileSync(process.execPath, [import.meta.filename, '--one', position], {
      encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'],
    });
    rows.get(material).node.push(JSON.parse(out));
    if (refused(rows.get(material).node)) break;
  }
}

const server = await serve('/');
const browser = await launch();
for (const slow of args.includes('--skip-slow') ? [false] : [false, true]) {
  for (const [material, position] of POSITIONS) {
    if (refused(rows.get(material).node)) continue;
    for (let run = 0; run < runs; run += 1) {
      const page = await browser.newPage();
      await page.goto(`${server.url}manifest.webmanifest`);
      if (slow) {
        const cdp = await page.context().newCDPSession(page);
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      }
      const found = await page.evaluate(async (p) => {
        const engine = await import('/engine.js');
        const exports = await engine.default();
        const started = performance.now();
        let value;
        try {
          value = engine.endgame(p);
        } catch (error) {
          return { refused: error.message };
        }
        const ms = performance.now() - started;
        return { value, ms, memory: exports.memory.buffer.byteLength };
      }, position);
      rows.get(material)[slow ? 'slow' : 'chromium'].push(found);
      await page.close();
    }
  }
}
await browser.close();
server.close();

console.log(`exact tables of one position's material and the smaller ones, from a fresh engine module; median of ${runs}`);
console.log('| material | position | value | Node | Chromium | Chromium, CPU 4× slower | wasm memory after |');
console.log('|---|---|---|---:|---:|---:|---:|');
for (const [material, position] of POSITIONS) {
  const { node, chromium, slow } = rows.get(material);
  if (node[0].refused) {
    console.log(`| ${material} | \`${position}\` | refused: ${node[0].refused} | | | | |`);
    continue;
  }
  const cell = (list) => (list.length ? `${(median(list.map((r) => r.ms)) / 1000).toFixed(2)} s` : '–');
  console.log(
    `| ${material} | \`${position}\` | ${node[0].value} | ${cell(node)} | ${cell(chromium)} | ${cell(slow)} | ${mb(node[0].memory)} MB |`,
  );
}
