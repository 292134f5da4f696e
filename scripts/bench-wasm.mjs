// perft in the wasm build under Node; argv: position, depth, native M leaves/s (for the ratio).
import { createRequire } from 'node:module';
const require = createRequire(import.meta.url);
const { perft } = require('../target/wasm-node/onitama.js');

const [position, depth, native] = process.argv.slice(2);
const started = performance.now();
const leaves = perft(position, Number(depth));
const seconds = (performance.now() - started) / 1000;
const wasm = leaves / seconds / 1e6;
console.log(`wasm perft ${depth}: ${leaves} leaves in ${seconds.toFixed(3)} s (${wasm.toFixed(1)} M leaves/s)`);
console.log(`native: ${Number(native).toFixed(1)} M leaves/s; native/wasm = ${(Number(native) / wasm).toFixed(2)}`);
