// The engine module (crates/js: engine.js, engine_bg.wasm) works without the page: imported in
// Node from the built dist/, as docs/api.md says a script elsewhere may use it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { dist } from './harness.mjs';

const START = 'bbBbb/5/5/5/rrRrr ox,boar horse,elephant crab r';

test('the engine module answers in Node, without a page, and throws clear errors', async () => {
  const engine = await import(pathToFileURL(join(dist, 'engine.js')).href);
  await engine.default({ module_or_path: readFileSync(join(dist, 'engine_bg.wasm')) });
  assert.equal(engine.perft(START, 4), 28509);
  const moves = engine.legal_moves(START);
  const { best, depth } = engine.best_move(START, { depth: 4 });
  assert.equal(depth, 4);
  assert.ok(moves.includes(best), `${best} is one of the legal moves`);
  assert.equal(engine.normalize_position(engine.play_move(START, best)), engine.play_move(START, best));
  assert.throws(() => engine.play_move(START, 'boar:c1c4'), /boar does not reach c4 from c1/);
  assert.throws(() => engine.best_move(START, { depht: 4 }), /unknown field 'depht'/);
  assert.throws(() => engine.record_final_position('nonsense'), Error);
});
