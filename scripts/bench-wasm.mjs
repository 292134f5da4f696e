// The wasm build under Node beside the native CLI: perft, and the search bench's positions.
// argv: perft position, perft depth, native perft M leaves/s, native bench output file.
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
const require = createRequire(import.meta.url);
const { perft, best_move } = require('../target/wasm-node/engine.js');

const [position, depth, native, benchFile] = process.argv.slice(2);
let started = performance.now();
const leaves = perft(position, Number(depth));
let seconds = (performance.now() - started) / 1000;
const wasm = leaves / seconds / 1e6;
console.log(`wasm perft ${depth}: ${leaves} leaves in ${seconds.toFixed(3)} s (${wasm.toFixed(1)} M leaves/s)`);
console.log(`native perft: ${Number(native).toFixed(1)} M leaves/s; native/wasm = ${(Number(native) / wasm).toFixed(2)}`);

// The bench: the same positions and depth as `onitama-cli bench`, each with a fresh engine.
const lines = readFileSync(benchFile, 'utf8').trim().split('\n');
const [, nativeNodes, nativeNps] = lines.at(-1).match(/bench: (\d+) nodes (\d+) nps/);
const benchDepth = Number(process.env.BENCH_DEPTH ?? 11);
let nodes = 0;
started = performance.now();
for (const line of lines.slice(0, -1)) {
  const fen = line.trim().split(/\s+/).slice(1, 6).join(' ');
  nodes += best_move(fen, { depth: benchDepth }).nodes;
}
seconds = (performance.now() - started) / 1000;
const nps = nodes / seconds;
console.log(`wasm bench: ${nodes} nodes ${Math.round(nps)} nps (native: ${nativeNodes} nodes ${nativeNps} nps); native/wasm = ${(Number(nativeNps) / nps).toFixed(2)}`);
