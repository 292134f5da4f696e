// The page's endgame worker: the AI worker's script started a second time and asked in the
// endgame dialect (src/engine_protocol/worker.rs) for exact values and best moves, which it
// answers from the deal's tables, kept between requests. Checked against the engine module.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { openContext, openGame, screenshot, servedGame, still } from './harness.mjs';

const game = servedGame({ before, after });

const RR_B = '5/2B2/5/4r/R4 ox,boar horse,elephant crab r';
const R_BB = 'b4/2B2/5/5/R4 ox,boar horse,elephant crab b';
const START = 'bbBbb/5/5/5/rrRrr ox,boar horse,elephant crab r';
const OVER = '5/2R2/5/5/r4 ox,crab boar,elephant horse b';

/** Starts `ai-worker.js` (with `search`, e.g. '?first-visit'), asks each line in turn, returns the reports. */
async function askWorker(page, search, lines) {
  return page.evaluate(async ([search, lines]) => {
    const worker = await new Promise((resolve, reject) => {
      const w = new Worker(`./ai-worker.js${search}`, { type: 'module' });
      w.onerror = (e) => reject(new Error(`worker failed: ${e.message}`));
      w.onmessage = (e) => { if (e.data === 'ready') resolve(w); };
      setTimeout(() => reject(new Error('worker not ready after 10 s')), 10000);
    });
    const reports = [];
    for (const line of lines) {
      const started = performance.now();
      const report = await new Promise((resolve) => {
        worker.onmessage = (e) => resolve(e.data);
        worker.postMessage(line);
      });
      reports.push({ report, ms: performance.now() - started });
    }
    worker.terminate();
    return reports;
  }, [search, lines]);
}

test('the endgame worker answers exact values and best moves, keeping the deal\'s tables', { timeout: 120000 }, async () => {
  const { page, errors } = await openGame(game.browser, game.server.url);
  const replies = await askWorker(page, '', [
    `endgame 1 pieces 3 position ${RR_B}`,
    `endgame 2 pieces 3 position ${R_BB} earlier ${RR_B}`,
    `endgame 3 pieces 3 position ${START}`,
    `endgame 4 pieces 3 position ${OVER}`,
    'endgame 5 pieces 3 position nonsense',
  ]);
  const [first, second, many, over, bad] = replies.map((r) => r.report);
  // Each value and best move as the engine module sees them: a win in N moves to a loss in
  // N - 1, a loss in N to a win in N - 1.
  const check = await page.evaluate(async ([replies, positions]) => {
    const engine = await window.wasmBindings.engine();
    return replies.map((line, i) => {
      const [, , kind, plies, , best] = line.split(' ');
      const after = engine.play_move(positions[i], best);
      return {
        value: engine.endgame(positions[i]),
        said: `${kind} in ${plies}`,
        after: engine.legal_moves(after).length === 0 ? 'over' : engine.endgame(after),
        wanted: kind === 'win' ? (plies === '1' ? 'over' : `loss in ${plies - 1}`) : `win in ${plies - 1}`,
      };
    });
  }, [[first, second], [RR_B, R_BB]]);
  // Then the best lines of perfect play, the first the best move's, each with its value.
  assert.match(first, /^exact 1 win (\d+) best (\S+) line win \1 \2( \S+)*( line (win \d+|loss \d+|draw)( \S+)+)*$/);
  assert.match(second, /^exact 2 (win|loss) (\d+) best (\S+) line \1 \2 \3( \S+)*( line (win \d+|loss \d+|draw)( \S+)+)*$/);
  for (const { value, said, after, wanted } of check) {
    assert.equal(said, value, 'the worker and the engine module agree');
    assert.equal(after, wanted, 'the best move keeps the value one ply on');
  }
  assert.equal(many, 'exact 3 none pieces 10 limit 3');
  assert.equal(over, 'exact 4 none over');
  assert.match(bad, /^exact 5 none refused bad position "nonsense"/);
  // The second position of the deal was answered from the tables kept (its material, R-Bb, is
  // another one: built beside them); a third of the same materials answers without building.
  const again = await askWorker(page, '', [`endgame 6 pieces 3 position ${RR_B}`, `endgame 7 pieces 3 position ${RR_B}`]);
  assert.equal(again[1].report, first.replace('exact 1', 'exact 7'));
  assert.ok(again[1].ms < again[0].ms, `kept tables answer sooner (${again[1].ms} ms, built in ${again[0].ms} ms)`);
  assert.deepEqual(errors, []);
  await page.close();
});

test('the first visit\'s build has no endgame solver: its worker refuses the line', { timeout: 60000 }, async () => {
  const { page } = await openGame(game.browser, game.server.url);
  const [{ report }] = await askWorker(page, '?first-visit', [`endgame 8 pieces 3 position ${RR_B}`]);
  assert.equal(report, "failed 8 bad request: unknown message 'endgame'");
  await page.close();
});

/** Run before the page's scripts: every line the page posts to a worker is kept in `window.posted`. */
function recordWorkerLines() {
  window.posted = [];
  const post = Worker.prototype.postMessage;
  Worker.prototype.postMessage = function (message, ...rest) {
    if (typeof message === 'string') window.posted.push(message);
    return post.call(this, message, ...rest);
  };
}

// Blue to move takes Red's student first (crab c4c3) and wins in 3.
const BLUE_WINS = '5/2B2/2r2/5/R4 ox,boar crab,tiger horse b';

test('the page\'s two strongest levels play few pieces from the endgame worker, the others search', { timeout: 120000 }, async () => {
  for (const [level, exact] of [[11, true], [10, true], [9, false]]) {
    const { context, page, errors } = await openContext(game.browser, game.server.url, {}, recordWorkerLines);
    await page.evaluate(([position, level]) => window.wasmBindings.game_new({ mode: 'ai', human: 'red', level, position }), [BLUE_WINS, level]);
    await page.waitForFunction(() => window.wasmBindings.game_state().moves.length === 1, null, { timeout: 60000 });
    await still(page);
    const { moves } = await page.evaluate(() => window.wasmBindings.game_state());
    // What the page asked once the ending was on the board (the opening deal's AI may come first).
    const all = await page.evaluate(() => window.posted);
    const posted = all.slice(all.findIndex((line) => line.includes(' position 5/2B2/2r2/5/R4 ')));
    const asked = posted.filter((line) => line.startsWith('endgame '));
    if (exact) {
      assert.equal(moves[0], 'crab:c4c3', `level ${level} plays the tables' shortest win`);
      assert.equal(asked.length, 1, `level ${level}: ${posted}`);
      assert.match(asked[0], /^endgame \d+ pieces 3 position 5\/2B2\/2r2\/5\/R4 /, 'the board\'s position');
      assert.ok(!posted.some((line) => line.startsWith('move ')), `level ${level} does not search: ${posted}`);
    } else {
      assert.deepEqual(asked, [], `level ${level} keeps its character`);
      assert.ok(posted.some((line) => line.startsWith('move ')), `level ${level} searches: ${posted}`);
    }
    if (level === 11) await screenshot(page, 'endgame-master-played');
    assert.deepEqual(errors, []);
    await context.close();
  }
});

test('the evaluation bar says the exact result, on a phone in Persian and a desktop in French', { timeout: 120000 }, async () => {
  for (const [language, viewport, colorScheme, words] of [
    ['fa', { width: 360, height: 640 }, 'light', 'آبی: برد در ۲ (دقیق)'],
    ['fr', { width: 1280, height: 800 }, 'dark', 'Bleu gagne en 2 (exact)'],
  ]) {
    const { context, page, errors } = await openContext(game.browser, game.server.url, { viewport, colorScheme }, recordWorkerLines);
    await page.evaluate(async ([position, language]) => {
      await window.wasmBindings.game_settings({ evaluation: true, language });
      window.wasmBindings.game_new({ mode: 'two', position });
    }, [BLUE_WINS, language]);
    await page.waitForFunction((words) => window.wasmBindings.game_state().controls.evaluation?.label === words, words, { timeout: 30000 });
    const posted = await page.evaluate(() => window.posted);
    // What the page asked once the endgame was on the board (the opening game's AI came before).
    const since = posted.slice(posted.findIndex((line) => line.includes(' position 5/2B2/2r2/5/R4 ')));
    assert.match(since[0] ?? '', /^endgame /, 'asked of the tables');
    assert.ok(!since.some((line) => line.startsWith('search ')), `no search for the bar: ${since}`);
    // The bar slides to its share: the picture once it is there.
    await page.waitForFunction(() => document.getElementById('eval-fill').getAnimations().length === 0);
    const share = await page.evaluate(() => window.wasmBindings.game_state().controls.evaluation.red_permille);
    assert.ok(share < 100, `Blue's win fills the bar with blue (${share}‰ red)`);
    await screenshot(page, `endgame-exact-bar-${language}-${viewport.width}x${viewport.height}`);
    assert.deepEqual(errors, []);
    await context.close();
  }
});
