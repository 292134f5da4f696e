// The engine module (crates/js: engine.js, engine_bg.wasm) works without the page: imported in
// Node from the built dist/, as docs/api.md says a script elsewhere may use it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { dist, root } from './harness.mjs';

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

// Exact values of positions with few pieces, as `onitama-cli endgame` prints them (tests/cli.rs
// checks the CLI against the same file).
const ENDGAME = readFileSync(join(root, 'tests/common/endgames.txt'), 'utf8')
  .split('\n')
  .filter((line) => line.trim() && !line.startsWith('#'))
  .map((line) => line.split(' | '));

test('endgame() gives the CLI\'s exact values, one ply consistent, and refuses what it cannot solve', async () => {
  const engine = await import(pathToFileURL(join(dist, 'engine.js')).href);
  await engine.default({ module_or_path: readFileSync(join(dist, 'engine_bg.wasm')) });
  assert.equal(ENDGAME.length, 5);
  for (const [position, value] of ENDGAME) {
    assert.equal(engine.endgame(position), value, position);
  }
  // One ply on, by the module itself: a win in N has a move to a loss in N − 1 (or wins at
  // once) and none quicker; a loss in N has every move lead to a win in at most N − 1, one exactly.
  const plies = (words) => Number(words.split(' ').at(-1));
  let checked = 0;
  for (const [position] of ENDGAME) {
    const value = engine.endgame(position);
    const after = engine.legal_moves(position).map((m) => {
      const next = engine.play_move(position, m);
      return engine.legal_moves(next).length === 0 ? 'loss in 0' : engine.endgame(next);
    });
    if (value.startsWith('win')) {
      const losses = after.filter((v) => v.startsWith('loss')).map(plies);
      assert.equal(Math.min(...losses), plies(value) - 1, `${position}: ${value}`);
      checked += 1;
    } else if (value.startsWith('loss')) {
      assert.ok(after.every((v) => v.startsWith('win')), `${position}: ${after}`);
      assert.equal(Math.max(...after.map(plies)), plies(value) - 1, `${position}: ${value}`);
      checked += 1;
    }
  }
  assert.ok(checked >= 4, `${checked} wins and losses checked`);
  assert.throws(() => engine.endgame('nonsense'), /bad position "nonsense"/);
  assert.throws(() => engine.endgame('5/2R2/5/5/r4 ox,crab boar,elephant horse b'), /the game is over/);
  assert.throws(() => engine.endgame('b4/2B2/5/4r/R4 ox,boar horse,elephant crab r'), /4 pieces: endgame solves at most 3 here/);
  assert.throws(() => engine.endgame(START), /10 pieces: endgame solves at most 3/);
});
