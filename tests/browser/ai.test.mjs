// The AI in the browser: its Web Worker searches off the page's thread, reports progress, can be
// cancelled; best_move is there for scripts.
import { test, before, after } from 'node:test';
// Each test has a time limit so that a silent worker fails the test instead of hanging the run.
import assert from 'node:assert/strict';
import { openGame, servedGame } from './harness.mjs';

const game = servedGame({ before, after });

const START = 'bbBbb/5/5/5/rrRrr crab,dragon monkey,tiger mantis r';

/**
 * Defines window.startWorker(): a worker that has said it is ready, and window.readReport(line):
 * a report line of the worker's protocol (`info 7 depth 5 score cp 31 nodes 900 pv …`) as
 * `{ kind, id, depth, best, message }`.
 */
async function withWorkerStarter(page) {
  await page.evaluate(() => {
    window.startWorker = () => new Promise((resolve, reject) => {
      const worker = new Worker('./ai-worker.js', { type: 'module' });
      worker.onerror = (e) => reject(new Error(`worker failed: ${e.message}`));
      worker.onmessage = (e) => { if (e.data === 'ready') resolve(worker); };
      setTimeout(() => reject(new Error('worker not ready after 10 s')), 10000);
    });
    window.readReport = (line) => {
      const words = line.split(' ');
      const after = (word) => { const at = words.indexOf(word); return at > 0 ? words[at + 1] : undefined; };
      const report = { kind: words[0], id: Number(words[1]), best: after('best') };
      if (report.kind === 'info') report.depth = Number(after('depth'));
      if (report.kind === 'failed') report.message = words.slice(2).join(' ');
      return report;
    };
  });
}

test('the worker searches, reports each depth and answers with a legal move while the page keeps drawing', { timeout: 60000 }, async () => {
  const { page, errors } = await openGame(game.browser, game.server.url);
  await withWorkerStarter(page);
  const result = await page.evaluate(async (start) => {
    const worker = await startWorker();
    let frames = 0;
    let counting = true;
    const tick = () => { frames += 1; if (counting) requestAnimationFrame(tick); };
    requestAnimationFrame(tick);
    const reports = await new Promise((resolve) => {
      const seen = [];
      worker.onmessage = (event) => {
        const report = readReport(event.data);
        seen.push(report);
        if (report.kind !== 'info') resolve(seen);
      };
      worker.postMessage(`search 7 movetime 800 position ${start}`);
    });
    counting = false;
    worker.terminate();
    return { reports, frames, legal: (await window.wasmBindings.engine()).legal_moves(start) };
  }, START);
  const done = result.reports.at(-1);
  assert.equal(done.kind, 'done');
  assert.equal(done.id, 7);
  assert.ok(result.legal.includes(done.best), `${done.best} is legal`);
  const infos = result.reports.filter((r) => r.kind === 'info');
  assert.ok(infos.length >= 5, 'progress after each depth');
  assert.deepEqual(infos.map((r) => r.depth), infos.map((_, i) => i + 1));
  assert.ok(infos.at(-1).depth >= 8, `depth ${infos.at(-1).depth} in 800 ms`);
  // The page drew frames while the worker searched (about 48 at 60 Hz; any steady count shows it was not blocked).
  assert.ok(result.frames >= 10, `${result.frames} frames during the search`);
  assert.deepEqual(errors, []);
  await page.close();
});

test('a search can be cancelled and a new worker answers at once', { timeout: 60000 }, async () => {
  const { page, errors } = await openGame(game.browser, game.server.url);
  await withWorkerStarter(page);
  const answer = await page.evaluate(async (start) => {
    const first = await startWorker();
    first.postMessage(`search 1 movetime 60000 position ${start}`);
    await new Promise((resolve) => { first.onmessage = (e) => { if (readReport(e.data).depth >= 3) resolve(); }; });
    first.terminate();
    const second = await startWorker();
    return new Promise((resolve) => {
      const seen = [];
      second.onmessage = (e) => {
        seen.push(readReport(e.data));
        if (seen.at(-1).kind !== 'info') { second.terminate(); resolve(seen); }
      };
      second.postMessage(`search 2 depth 4 position ${start}`);
    });
  }, START);
  const done = answer.at(-1);
  assert.equal(done.kind, 'done');
  assert.equal(done.id, 2);
  assert.equal(answer.at(-2).depth, 4, 'the last depth searched');
  assert.deepEqual(errors, []);
  await page.close();
});

test('the worker plays a level and reports bad requests as errors', { timeout: 60000 }, async () => {
  const { page } = await openGame(game.browser, game.server.url);
  await withWorkerStarter(page);
  const replies = await page.evaluate(async (start) => {
    const worker = await startWorker();
    const ask = (request) => new Promise((resolve) => {
      worker.onmessage = (e) => { const report = readReport(e.data); if (report.kind !== 'info') resolve(report); };
      worker.postMessage(request);
    });
    const level = await ask(`move 3 level beginner seed 5 position ${start}`);
    const badPosition = await ask('search 4 movetime 100 position nonsense');
    const badLevel = await ask(`move 5 level godlike seed 1 position ${start}`);
    const notText = await ask({ id: 6, position: start });
    worker.terminate();
    return { level, badPosition, badLevel, notText, legal: (await window.wasmBindings.engine()).legal_moves(start) };
  }, START);
  assert.equal(replies.level.kind, 'done');
  assert.ok(replies.legal.includes(replies.level.best));
  assert.equal(replies.badPosition.kind, 'failed');
  assert.equal(replies.badPosition.id, 4, 'a request that does not read is answered under its id');
  assert.match(replies.badPosition.message, /expected 5 fields/);
  assert.match(replies.badLevel.message, /unknown level 'godlike'/);
  assert.equal(replies.notText.kind, 'failed');
  assert.match(replies.notText.message, /a line of text/);
  await page.close();
});

test('best_move answers scripts on the page and rejects bad input', { timeout: 60000 }, async () => {
  const { page } = await openGame(game.browser, game.server.url);
  const result = await page.evaluate(async (start) => {
    const api = await window.wasmBindings.engine();
    const caught = (f) => { try { f(); return null; } catch (e) { return e.message; } };
    const winInOne = '5/2B2/2r2/5/R4 ox,boar crab,tiger horse r';
    return {
      found: api.best_move(start, { depth: 6 }),
      win: api.best_move(winInOne, { depth: 3 }),
      badLimits: caught(() => api.best_move(start, { depth: 'deep' })),
      badPosition: caught(() => api.best_move('bbBbb/5/5/5/rrRrr ox,ox horse,elephant crab r', {})),
    };
  }, START);
  assert.equal(result.found.depth, 6);
  assert.ok(result.found.pv.length >= 1);
  assert.ok(['ox:c3c4', 'boar:c3c4'].includes(result.win.best), result.win.best); // both step onto the master
  assert.deepEqual(result.win.score, { kind: 'win', value: 1 });
  assert.match(result.badLimits, /bad limits/);
  assert.match(result.badPosition, /the same card twice/);
  await page.close();
});

test('a worker message that does not read stops the AI with the reason, not a crash', { timeout: 60000 }, async () => {
  // A stand-in for the AI's worker, from before the page starts (a real worker started by the
  // opening deal would answer instead): it says it is ready, then answers with a broken line.
  const page = await game.browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.addInitScript(() => {
    window.Worker = class {
      constructor() { setTimeout(() => this.onmessage({ data: 'ready' }), 0); }
      postMessage(line) { setTimeout(() => this.onmessage({ data: `done ${line.split(' ')[1]} best tiger:z9` }), 0); }
      terminate() {}
    };
  });
  await page.goto(game.server.url);
  await page.waitForFunction(() => window.wasmBindings !== undefined);
  await page.evaluate(() => window.wasmBindings.game_new({ mode: 'watch', level: 0 }));
  const notice = await (await page.waitForFunction(() => window.wasmBindings.game_state().notice, null, { timeout: 5000 })).jsonValue();
  assert.match(notice, /does not read: bad move 'tiger:z9'/);
  assert.equal(await page.evaluate(() => window.wasmBindings.game_state().thinking), false);
  await page.close();
});

test('a worker that cannot start says so on the page, not only in its state', { timeout: 60000 }, async () => {
  // The browser refuses the worker at once: the failure is heard while the update that asked for
  // it is still being carried out, and what the page shows is the state after it.
  const page = await game.browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.addInitScript(() => {
    window.Worker = class { constructor() { throw new Error('no workers here'); } };
  });
  await page.goto(game.server.url);
  await page.waitForFunction(() => window.wasmBindings !== undefined);
  await page.evaluate(() => window.wasmBindings.game_new({ mode: 'watch', level: 0 }));
  await page.waitForFunction(() => /The AI stopped/.test(document.getElementById('notice')?.textContent ?? ''), null, { timeout: 5000 });
  assert.equal(await page.isHidden('#notice'), false);
  await page.close();
});

