// The AI never hangs the page: 200 games in a row — 100 searches cancelled by a new game, half
// before their worker is ready and half once it searches, 100 whole games of the AI against
// itself — leave one worker at most and no growing memory. The figures are printed for the README.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { servedGame, logWorkers } from './harness.mjs';

const game = servedGame({ before, after });

test('200 fast games leave no stray worker and no growing memory', { timeout: 240000 }, async () => {
  const page = await game.browser.newPage({ viewport: { width: 800, height: 600 } });
  await page.context().addInitScript(logWorkers);
  await page.emulateMedia({ reducedMotion: 'reduce' }); // no animation: the games run at the AI's pace
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(game.server.url);
  await page.waitForFunction(() => window.wasmBindings !== undefined);
  const cdp = await page.context().newCDPSession(page);
  const heap = async () => {
    await cdp.send('HeapProfiler.collectGarbage');
    return page.evaluate(() => performance.memory.usedJSHeapSize);
  };
  const sample = async () => ({ heap: await heap(), wasm: await page.evaluate(() => window.wasmBindings.wasm_memory_bytes()) });
  const start = await sample();

  // 100 strong searches cancelled by the next new game: half at once (the request still waits
  // for its worker to be ready), half as soon as the worker has it (read from the log, in the
  // page, so that no round trip lets a search finish first). None of them answers.
  const asked = await page.evaluate(async () => {
    const posted = () => window.workerLog.flatMap((w) => w.sent).filter((l) => /^move /.test(l)).map((l) => l.split(' ')[1]);
    const ids = [];
    for (let i = 0; i < 100; i += 1) {
      const known = posted();
      window.wasmBindings.game_new({ mode: 'watch', level: 11 });
      for (let id; i % 2 === 1 && !id;) {
        await new Promise((done) => setTimeout(done, 5));
        id = posted().find((sent) => !known.includes(sent));
        if (id) ids.push(id);
      }
    }
    return ids;
  });
  // (The last one is cancelled by the first whole game, below.)
  const answered = await page.evaluate((ids) => {
    const heard = window.workerLog.flatMap((w) => w.heard).filter((l) => /^done /.test(l)).map((l) => l.split(' ')[1]);
    window.workerLog = null; // not kept through the whole games, whose memory is measured
    return ids.filter((id) => heard.includes(id));
  }, asked.slice(0, -1));
  assert.equal(asked.length, 50);
  assert.deepEqual(answered, [], 'every search ended by the next game before it answered');
  const afterCancelled = await sample();
  // 100 whole games of the weakest level against itself.
  let plies = 0;
  for (let i = 0; i < 100; i += 1) {
    await page.evaluate(() => window.wasmBindings.game_new({ mode: 'watch', level: 0 }));
    await page.waitForFunction(() => window.wasmBindings.game_state().outcome != null, null, { timeout: 20000, polling: 10 });
    plies += await page.evaluate(() => window.wasmBindings.game_state().moves.length);
  }
  const end = await sample();
  const workers = page.workers().length;
  const mb = (bytes) => (bytes / 1048576).toFixed(1);
  console.log(`stress: ${plies} plies in 100 whole games; workers alive at the end: ${workers}; ` +
    `JS heap ${mb(start.heap)} → ${mb(afterCancelled.heap)} → ${mb(end.heap)} MB; ` +
    `page wasm memory ${mb(start.wasm)} → ${mb(afterCancelled.wasm)} → ${mb(end.wasm)} MB`);
  assert.ok(workers <= 1, `${workers} workers alive`);
  assert.ok(end.heap - start.heap < 10 * 1048576, 'the JS heap does not grow by 10 MB');
  assert.ok(end.wasm - afterCancelled.wasm < 4 * 1048576, 'the page wasm memory stops growing');
  assert.deepEqual(errors, []);
  await page.close();
});
