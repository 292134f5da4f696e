// The engine module (crates/js: engine.js, engine_bg.wasm) works without the page: imported in
// Node from the built dist/, as docs/api.md says a script elsewhere may use it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
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

// The exact value of a position with few pieces, as `onitama-cli endgame` gives it.
const ENDGAME = [
  '5/2B2/5/5/R4 ox,boar horse,elephant crab r', // R-B
  'b4/2B2/5/5/R4 ox,boar horse,elephant crab r', // R-Bb
  '5/2B2/5/4r/R4 ox,boar horse,elephant crab r', // Rr-B
  '5/2B2/2r2/5/R4 ox,boar crab,tiger horse b', // another deal
  '1b3/5/2B2/5/R4 rooster,tiger rabbit,cobra frog b',
];

/** The native CLI's answer (its last line), built in release if it is not yet. */
function cliEndgame(position) {
  const out = execFileSync('cargo', ['run', '--release', '--quiet', '--bin', 'onitama-cli', '--', 'endgame', position], {
    cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'],
  });
  return out.trim().split('\n').at(-1);
}

test('endgame() gives the CLI\'s exact values, one ply consistent, and refuses what it cannot solve', async () => {
  const engine = await import(pathToFileURL(join(dist, 'engine.js')).href);
  await engine.default({ module_or_path: readFileSync(join(dist, 'engine_bg.wasm')) });
  for (const position of ENDGAME) {
    assert.equal(engine.endgame(position), cliEndgame(position), position);
  }
  // One ply on, by the module itself: a win in N has a move to a loss in N − 1 (or wins at
  // once) and none quicker; a loss in N has every move lead to a win in at most N − 1, one exactly.
  const plies = (words) => Number(words.split(' ').at(-1));
  let checked = 0;
  for (const position of ENDGAME) {
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
