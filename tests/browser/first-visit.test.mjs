// A first visit: the page loads the game alone (first-visit.js and its wasm), at most 150 KB
// gzipped, and plays it, the AI included. Opening review, puzzles, the tutorial or online play,
// or a script calling the page's functions, loads the whole page, which takes over the same game
// and does what was asked (src/ui/features.rs).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { axeViolations, dist, launch, logWorkers, openMenu, screenshot, serve } from './harness.mjs';

let browser;
const servers = [];
/** The requests the current test's server heard (a server of its own: a request of an earlier
 * test's browser, late on a busy machine, is not counted). */
let fetched = [];
before(async () => {
  browser = await launch([], { firstVisit: true });
});
after(async () => {
  await browser?.close();
  await Promise.all(servers.map((server) => server.close()));
});

/** A server of the test's own, whose requests `fetched` lists. */
async function ownServer() {
  const heard = [];
  const server = await serve('/', dist, { onRequest: (method, path) => heard.push(path) });
  servers.push(server);
  fetched = heard;
  return server;
}

const BUDGET = 150 * 1024;
/** The file a request is for (the folder's address is its index.html). */
const fileOf = (path) => (path.split('?')[0] === '/' ? '/index.html' : path.split('?')[0]);
const gzipped = (file) => gzipSync(readFileSync(join(dist, file.slice(1))), { level: 9 }).length;
const whole = () => fetched.some((path) => path === '/onitama_bg.wasm');

/** A fresh browser's first visit, with the requests it made until the page is idle. */
async function firstVisit(options = {}) {
  const server = await ownServer();
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, ...options });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  await page.goto(server.url);
  await page.waitForFunction(() => window.wasmBindings !== undefined);
  await page.waitForLoadState('networkidle');
  return { context, page, errors };
}

/** Rows of the move list, as the panel shows them. */
const moveRows = (page) => page.evaluate(() => [...document.querySelectorAll('#moves li')].map((li) => li.textContent));

/** Waits until the whole page has taken over (its scripts' functions answer at once). */
async function wholePage(page) {
  await page.waitForFunction(() => typeof window.wasmBindings?.game_state === 'function'
    && !(window.wasmBindings.game_state() instanceof Promise), null, { timeout: 30000 });
}

/** Starts the AI playing itself from the New game dialog, and waits for two of its moves. */
async function watchTwoMoves(page) {
  await page.click('#new-game');
  await page.selectOption('#setup-mode', 'watch');
  await page.click('#setup-start');
  await page.waitForFunction(() => document.querySelectorAll('#moves li').length >= 2, null, { timeout: 30000 });
}

for (const locale of ['en-US', 'fa-IR']) {
  test(`a first visit (${locale}) downloads the game alone, at most 150 KB gzipped, and the AI plays in it`, async () => {
    const { context, page, errors } = await firstVisit({ locale });
    // Each file once: a static host's caching headers let the service worker's copy come from the
    // browser's cache.
    const files = [...new Set(fetched.map(fileOf))];
    const total = files.reduce((sum, path) => sum + gzipped(path), 0);
    assert.ok(files.includes('/first-visit_bg.wasm'), files.join(' '));
    assert.ok(!whole(), `the whole page is not fetched: ${files.join(' ')}`);
    assert.ok(total <= BUDGET, `${(total / 1024).toFixed(1)} KB gzipped: ${files.join(' ')}`);
    // No scripts' function is in the first visit's page: each stands in for the whole page's.
    assert.equal(await page.evaluate(() => window.wasmBindings.game_state.constructor.name), 'AsyncFunction');
    await watchTwoMoves(page);
    assert.ok(fetched.includes('/first-visit_bg.wasm') && !whole(), 'the AI worker loads the first visit\'s wasm too');
    await screenshot(page, `first-visit-${locale}`);
    assert.deepEqual(errors, []);
    await context.close();
  });
}

test('opening the list of puzzles from the menu loads the whole page, which keeps the game and opens it', async () => {
  const { context, page, errors } = await firstVisit();
  await watchTwoMoves(page);
  const before = await moveRows(page);
  await openMenu(page);
  await page.click('#puzzle-list');
  await wholePage(page);
  assert.ok(whole());
  await page.waitForFunction(() => document.getElementById('puzzle-list-dialog').open);
  const state = await page.evaluate(() => window.wasmBindings.game_state());
  assert.equal(state.controls.puzzle_list.shows, 'easy');
  assert.equal(state.mode, 'watch', 'the game set up on the first visit\'s page goes on');
  // The same moves (watching goes on after a new start, as after a reload: it may have moved since).
  assert.deepEqual((await moveRows(page)).slice(0, before.length), before);
  assert.deepEqual(await axeViolations(page), []);
  await screenshot(page, 'first-visit-puzzles');
  // The next visit loads the whole page at once.
  fetched.length = 0;
  await page.reload();
  await wholePage(page);
  assert.ok(whole());
  assert.deepEqual(errors, []);
  await context.close();
});

test('Records on a first visit load the whole page, which opens them with the game kept', async () => {
  const { context, page, errors } = await firstVisit({ locale: 'fa-IR' });
  const moves = (await page.evaluate(() => window.wasmBindings.game_state())).moves;
  await openMenu(page);
  await page.click('#records');
  await wholePage(page);
  assert.ok(whole());
  await page.waitForFunction(() => document.getElementById('records-dialog').open);
  assert.ok((await page.inputValue('#record-text')).length > 0, 'the game\'s record is in it');
  assert.deepEqual((await page.evaluate(() => window.wasmBindings.game_state())).moves.slice(0, moves.length), moves);
  assert.deepEqual(await axeViolations(page, ['#records-dialog']), []);
  await screenshot(page, 'first-visit-records-fa');
  assert.deepEqual(errors, []);
  await context.close();
});

test('the tutorial offered on a first visit starts in the whole page, in French', async () => {
  const { context, page, errors } = await firstVisit({ locale: 'fr-FR' });
  await page.waitForSelector('#tutorial-offer:not([hidden])');
  await page.click('#tutorial-offer');
  await wholePage(page);
  await page.waitForSelector('#tutorial:not([hidden])');
  const state = await page.evaluate(() => window.wasmBindings.game_state());
  assert.equal(state.tutorial?.step, 1, JSON.stringify(state.tutorial));
  assert.match(await page.textContent('#tutorial-text'), /\S/);
  await screenshot(page, 'first-visit-tutorial-fr');
  assert.deepEqual(errors, []);
  await context.close();
});

test('a game in progress on the first visit\'s page is put aside by the daily puzzle, in French, and comes back', async () => {
  const { context, page, errors } = await firstVisit({ locale: 'fr-FR' });
  await watchTwoMoves(page);
  const before = await moveRows(page);
  await openMenu(page);
  await page.click('#puzzle-daily');
  await wholePage(page);
  await page.waitForFunction(() => window.wasmBindings.game_state().puzzle !== null);
  assert.equal((await page.evaluate(() => window.wasmBindings.game_state())).controls.back_to_my_game, true);
  await screenshot(page, 'first-visit-daily-puzzle-fr');
  await page.click('#back-to-my-game');
  await page.waitForFunction(() => window.wasmBindings.game_state().puzzle === null);
  const state = await page.evaluate(() => window.wasmBindings.game_state());
  assert.equal(state.mode, 'watch');
  // The same moves (the AI playing itself may have gone on since).
  assert.deepEqual((await moveRows(page)).slice(0, before.length), before);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a game finished on the first visit\'s page is reviewed from its result in the whole page', { timeout: 180000 }, async () => {
  // Motion reduced: no slide and no rest between moves, so the game goes at the AI's pace.
  const { context, page, errors } = await firstVisit({ reducedMotion: 'reduce' });
  // The AI against itself, weakest and fastest, to the end.
  await page.click('#new-game');
  await page.selectOption('#setup-mode', 'watch');
  await page.selectOption('#setup-level', 'novice');
  await page.click('#setup-start');
  await page.selectOption('#watch-speed', 'fast');
  await page.waitForSelector('#result:not([hidden])', { timeout: 150000 });
  const moves = await moveRows(page);
  assert.ok(!whole(), `a whole game on the first visit's page: ${fetched.join(' ')}`);
  await page.click('#result-review');
  await wholePage(page);
  await page.waitForFunction(() => window.wasmBindings.game_state().review?.reviewed > 0, null, { timeout: 30000 });
  const state = await page.evaluate(() => window.wasmBindings.game_state());
  assert.equal(state.moves.length, moves.length, 'the same game is reviewed');
  await page.waitForSelector('#review:not([hidden])');
  await screenshot(page, 'first-visit-review');
  assert.deepEqual(errors, []);
  await context.close();
});

test('a game left in a puzzle opens in the whole page, even when the first visit\'s page starts', async () => {
  const { context, page } = await firstVisit();
  await openMenu(page);
  await page.click('#puzzle-daily');
  await wholePage(page);
  await page.waitForFunction(() => window.wasmBindings.game_state().puzzle !== null);
  const puzzle = (await page.evaluate(() => window.wasmBindings.game_state())).puzzle;
  // As if the whole page had never been kept (another browser's storage, say).
  await page.evaluate(() => localStorage.removeItem('onitama.whole-page'));
  fetched.length = 0;
  await page.reload();
  await wholePage(page);
  assert.ok(fetched.includes('/first-visit_bg.wasm') && whole(), fetched.join(' '));
  assert.deepEqual((await page.evaluate(() => window.wasmBindings.game_state())).puzzle, puzzle);
  await context.close();
});

test('a script on a first visit gets the whole page: each function loads it first', async () => {
  const { context, page, errors } = await firstVisit();
  const standIns = await page.evaluate(() => Object.keys(window.wasmBindings));
  const state = await page.evaluate(() => window.wasmBindings.game_state());
  // Every function the whole page offers scripts has its stand-in on a first visit.
  const offered = await page.evaluate(() => Object.keys(window.wasmBindings));
  const internal = ['default', 'initSync', 'page_shown', 'worker_start', 'online_heard', 'online_unavailable'];
  assert.deepEqual(offered.filter((name) => !internal.includes(name) && !standIns.includes(name)), []);
  assert.match(state.position, /^[bBrR1-5/]+ [a-z_-]+,[a-z_-]+ [a-z_-]+,[a-z_-]+ [a-z_-]+ [rb]$/);
  assert.ok(whole());
  await page.evaluate(() => window.wasmBindings.game_new({ mode: 'two', cards: ['tiger', 'crab', 'monkey', 'crane', 'boar'] }));
  assert.equal(await page.evaluate(() => window.wasmBindings.game_state().legal_moves.length) > 0, true);
  assert.deepEqual(errors, []);
  await context.close();
});

test('offline before the whole page was ever kept, a feature says so and the game goes on', async () => {
  const { context, page } = await firstVisit({ locale: 'fa-IR' });
  await context.route('**/onitama_bg.wasm', (route) => route.abort('internetdisconnected'));
  await openMenu(page);
  await page.click('#puzzle-list');
  await page.waitForFunction(() => /دریافت نشد/.test(document.getElementById('notice').textContent), null, { timeout: 10000 });
  await page.keyboard.press('Escape');
  assert.ok(!(await page.evaluate(() => document.getElementById('puzzle-list-dialog').open)));
  assert.deepEqual(await axeViolations(page), []);
  await screenshot(page, 'first-visit-unavailable-fa');
  // Still the first visit's page, and it still plays.
  await watchTwoMoves(page);
  // Online again: the feature opens.
  await context.unroute('**/onitama_bg.wasm');
  await openMenu(page);
  await page.click('#puzzle-list');
  await wholePage(page);
  await page.waitForFunction(() => document.getElementById('puzzle-list-dialog').open);
  await context.close();
});

test('a friend\'s online link on a first visit opens online play in the whole page at once', async () => {
  const server = await ownServer();
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(`${server.url}#online=abcdefgh`);
  await wholePage(page);
  await page.waitForFunction(() => window.wasmBindings.game_state().online !== null);
  await page.waitForSelector('#online:not([hidden])');
  assert.ok(fetched.includes('/first-visit_bg.wasm') && whole());
  // The choosers the first visit's page filled are filled once, by the whole page.
  for (const id of ['setup-level', 'language', 'watch-speed']) {
    const values = await page.evaluate((id) => [...document.getElementById(id).options].map((o) => o.value), id);
    assert.ok(values.length > 1 && new Set(values).size === values.length, `${id}: ${values}`);
  }
  assert.deepEqual(errors, []);
  await context.close();
});

test('online chosen in the New game dialog of a first visit is started by the whole page, with the choices made', async () => {
  const { context, page, errors } = await firstVisit();
  assert.ok(!whole());
  await page.click('#new-game');
  await page.selectOption('#setup-mode', 'online');
  await page.click('#setup-start');
  // The whole page takes over with the dialog open, goes on with its fields, and invites a friend.
  await wholePage(page);
  // Opened afresh, the dialog would have started a game against the AI: online is the choice made.
  await page.waitForFunction(() => window.wasmBindings.game_state().online !== null, null, { timeout: 30000 });
  assert.equal(await page.evaluate(() => document.getElementById('setup').open), false, 'the dialog closed');
  await screenshot(page, 'first-visit-invite-whole-page');
  assert.deepEqual(errors.filter((e) => !/WebSocket|signalling|ERR_CONNECTION/i.test(e)), []);
  await context.close();
});

test('offline, a game saved in a puzzle waits while the whole page cannot be had, then opens in it', async () => {
  const { context, page } = await firstVisit();
  await page.evaluate(() => navigator.serviceWorker.ready);
  await openMenu(page);
  await page.click('#puzzle-daily');
  await wholePage(page);
  await page.waitForFunction(() => window.wasmBindings.game_state().puzzle !== null);
  const puzzle = (await page.evaluate(() => window.wasmBindings.game_state())).puzzle;
  // As in a browser that never kept the whole page: offline, the first visit's page is all there is.
  await page.evaluate(async () => {
    localStorage.removeItem('onitama.whole-page');
    const cache = await caches.open('onitama');
    for (const request of await cache.keys()) {
      if (/\/onitama(_bg\.wasm|\.js)/.test(request.url)) await cache.delete(request);
    }
  });
  const saved = await page.evaluate(() => localStorage.getItem('onitama.save'));
  // From the reload on, the page's writes of the save are counted, and its workers logged.
  await context.addInitScript(() => {
    window.saveWrites = 0;
    const { setItem } = Storage.prototype;
    Storage.prototype.setItem = function (key, value) {
      if (key === 'onitama.save') window.saveWrites += 1;
      return setItem.call(this, key, value);
    };
  });
  await context.addInitScript(logWorkers);
  await context.setOffline(true);
  await page.reload();
  await page.waitForFunction(() => /could not be fetched/.test(document.getElementById('notice')?.textContent ?? ''), null, { timeout: 15000 });
  // The page drawn and no search of the AI's on its way, two frames on: nothing is left to
  // move the game, and so to save it.
  await page.waitForFunction(() => performance.getEntriesByName('board-drawn').length > 0
    && window.workerLog.every((w) => w.ended || (w.heard.includes('ready') // (a request waits for it)
      && w.sent.filter((line) => /^(move|search) /.test(line)).length <= w.heard.filter((line) => /^done /.test(line)).length)),
  null, { timeout: 20000 });
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  assert.equal(await page.evaluate(() => window.saveWrites), 0, 'the save is not written');
  assert.equal(await page.evaluate(() => localStorage.getItem('onitama.save')), saved, 'the save is not written over');
  await screenshot(page, 'first-visit-offline-puzzle-saved');
  // Online again, a feature opens the whole page, and with it the puzzle.
  await context.setOffline(false);
  await openMenu(page);
  await page.click('#puzzle-list');
  await wholePage(page);
  assert.deepEqual((await page.evaluate(() => window.wasmBindings.game_state())).puzzle, puzzle);
  await page.waitForFunction(() => document.getElementById('puzzle-list-dialog').open);
  await context.close();
});
