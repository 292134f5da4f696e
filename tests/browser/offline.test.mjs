// Offline after the first visit, AI included; and the same build served from a sub-path.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve, launch, screenshot, dist, openMenu } from './harness.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

const CARDS = ['tiger', 'crab', 'monkey', 'crane', 'boar'];

async function clickSquareThenCard(page, move) {
  const [card, squares] = move.split(':');
  for (const [kind, name] of [['card', card], ['square', squares.slice(0, 2)], ['square', squares.slice(2)]]) {
    const r = await page.evaluate(([k, n]) => window.wasmBindings[k === 'card' ? 'card_rect' : 'square_rect'](n), [kind, name]);
    await page.mouse.click(r.x + r.width / 2, r.y + r.height / 2);
  }
}

/** A first visit: the page loads, its service worker installs, and a reload puts it in control. */
async function firstVisit(page, url) {
  await page.goto(url);
  await page.waitForFunction(() => window.wasmBindings !== undefined);
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.reload(); // now under the service worker's control
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await page.waitForFunction(() => window.wasmBindings !== undefined);
}

/** Plays one move with the mouse against the AI and waits for the AI's answer. */
async function playAgainstAi(page) {
  await page.evaluate((cards) => window.wasmBindings.game_new({ mode: 'ai', human: 'red', level: 2, cards }), CARDS);
  await clickSquareThenCard(page, 'crab:c1c2');
  await page.waitForFunction(() => window.wasmBindings.game_state().moves.length === 2, null, { timeout: 30000 });
}

test('after one visit the game loads and plays against the AI offline', { timeout: 90000 }, async () => {
  const server = await serve();
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  try {
    await firstVisit(page, server.url);
    await context.setOffline(true);
    await page.reload();
    await page.waitForFunction(() => window.wasmBindings !== undefined);
    assert.equal(await page.evaluate(() => navigator.onLine), false);
    await playAgainstAi(page);
    await screenshot(page, 'offline');
  } finally {
    await context.close();
    await server.close();
  }
});

test('puzzles opened once online are there offline', { timeout: 90000 }, async () => {
  const server = await serve();
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  try {
    await firstVisit(page, server.url);
    const online = await page.evaluate(() => window.wasmBindings.puzzles());
    await context.setOffline(true);
    await page.reload();
    await page.waitForFunction(() => window.wasmBindings !== undefined);
    const offline = await page.evaluate(() => window.wasmBindings.puzzles());
    assert.equal(offline.length, online.length);
    await page.click('#menu-button');
    await page.click('#puzzle-hard');
    await page.waitForFunction(() => window.wasmBindings.game_state().puzzle?.plies === 7);
  } finally {
    await context.close();
    await server.close();
  }
});

test('a first visit fetches only the game; from the next one, all the rest is kept for offline', { timeout: 90000 }, async () => {
  const asked = [];
  const server = await serve('/', dist, { onRequest: (method, path) => asked.push(path) });
  const firstVisitBrowser = await launch([], { firstVisit: true });
  const context = await firstVisitBrowser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-US' });
  const page = await context.newPage();
  const kept = () => page.evaluate(async () => (await (await caches.open('onitama')).keys()).map((r) => new URL(r.url).pathname));
  // Every file the page fetches only when needed, as the build has them.
  const later = ['/onitama.js', '/onitama_bg.wasm', '/whole-page.css', '/puzzles.txt', '/RULES.md', ...['texts', 'errors', 'rules', 'tutorial', 'emblems']
    .flatMap((folder) => readdirSync(join(dist, folder)).map((file) => `/${folder}/${file}`))];
  assert.ok(later.length >= 16, later.join(' '));
  try {
    await page.goto(server.url);
    await page.waitForFunction(() => window.wasmBindings !== undefined);
    // The service worker installed (it keeps only the game: sw.js) and the page loaded and then
    // idle: what a first visit fetches, it has asked for by then.
    await page.evaluate(() => navigator.serviceWorker.ready);
    await page.waitForFunction(() => document.readyState === 'complete');
    await page.evaluate(() => new Promise((done) => requestIdleCallback(done)));
    assert.deepEqual(later.filter((path) => asked.includes(path)), [], 'the first visit fetched none of them');
    const keptFirst = await kept();
    assert.deepEqual(later.filter((path) => keptFirst.includes(path)), [], 'nor kept any');
    await page.reload(); // a later visit, under the service worker
    await page.waitForFunction(() => window.wasmBindings !== undefined);
    // Kept once each answers from the cache (Chromium lists an entry in keys() before its body is
    // written, so match() is the question).
    await page.waitForFunction(async (later) => {
      const cache = await caches.open('onitama');
      return (await Promise.all(later.map((path) => cache.match(path)))).every(Boolean);
    }, later, { timeout: 20000 });
    // The service worker's own work for the page's request to keep them (its `waitUntil`),
    // heard from inside it.
    const [worker] = context.serviceWorkers();
    await worker.evaluate(() => {
      const { waitUntil } = ExtendableEvent.prototype;
      let heard;
      self.keptForOffline = new Promise((done) => { heard = done; });
      ExtendableEvent.prototype.waitUntil = function (promise) {
        if (this.type === 'message' && this.data === 'keep-for-offline') heard(promise.then(() => 'kept'));
        return waitUntil.call(this, promise);
      };
    });
    await page.reload(); // already kept: not fetched again
    await page.waitForFunction(() => window.wasmBindings !== undefined);
    assert.equal(await worker.evaluate(() => self.keptForOffline), 'kept', 'the later visit asks to keep them, and that is done');
    // Counted over the three visits (the server may hear the last of the second visit's requests
    // after the cache already answers for them).
    const times = (path) => asked.filter((p) => p === path).length;
    assert.deepEqual(later.filter((path) => times(path) !== 1), [], 'each file is fetched once, not on every visit');
    await context.setOffline(true);
    await page.reload();
    await page.waitForFunction(() => window.wasmBindings !== undefined);
    // A script's call loads the whole page, from the cache too.
    const puzzles = await page.evaluate(() => window.wasmBindings.puzzles());
    assert.ok(puzzles.length >= 360, `${puzzles.length} puzzles offline, never opened before`);
    await openMenu(page);
    await page.selectOption('#language', 'fr');
    await page.waitForFunction(() => document.querySelector('#undo').textContent === 'Annuler');
    assert.ok((await kept()).includes('/tutorial/fr.txt'));
  } finally {
    await firstVisitBrowser.close();
    await server.close();
  }
});

test('the same build works unchanged from a sub-path', { timeout: 60000 }, async () => {
  const server = await serve('/games/onitama/');
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const failed = [];
  page.on('response', (r) => { if (r.status() >= 400) failed.push(`${r.status()} ${r.url()}`); });
  try {
    await page.goto(server.url);
    await page.waitForFunction(() => window.wasmBindings !== undefined);
    await playAgainstAi(page);
    const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
    assert.ok(scope.endsWith('/games/onitama/'), scope);
    assert.deepEqual(failed, []);
  } finally {
    await context.close();
    await server.close();
  }
});

test('a new version replaces the old one at the next load', { timeout: 60000 }, async () => {
  // A copy of the build that can be "deployed" again with a change.
  const folder = mkdtempSync(join(tmpdir(), 'onitama-deploy-'));
  cpSync(dist, folder, { recursive: true });
  const server = await serve('/', folder);
  const context = await browser.newContext();
  const page = await context.newPage();
  try {
    await page.goto(server.url);
    await page.evaluate(() => navigator.serviceWorker.ready);
    await page.reload();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    assert.equal(await page.title(), 'Onitama');
    const index = join(folder, 'index.html');
    writeFileSync(index, readFileSync(index, 'utf8').replace('<title>Onitama</title>', '<title>Onitama v2</title>'));
    await page.reload();
    assert.equal(await page.title(), 'Onitama v2', 'the service worker did not keep the old page');
    await page.waitForFunction(() => window.wasmBindings !== undefined);
  } finally {
    await context.close();
    await server.close();
  }
});

test('offline, an error whose language file never came stays in English and is not asked again and again', { timeout: 60000 }, async () => {
  const server = await serve();
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const asked = [];
  page.on('request', (r) => { if (r.url().includes('/errors/')) asked.push(r.url()); });
  const failed = page.waitForEvent('requestfailed', { predicate: (r) => r.url().includes('/errors/'), timeout: 20000 });
  try {
    await page.goto(server.url);
    await page.waitForFunction(() => window.wasmBindings !== undefined);
    await page.evaluate(() => window.wasmBindings.game_settings({ language: 'es' }));
    await context.setOffline(true);
    await page.evaluate(() => localStorage.setItem('onitama.save', 'onitama-save 1\nmode chess\n'));
    await page.evaluate(() => { try { window.wasmBindings.game_load('nonsense'); } catch {} });
    await page.click('#menu-button');
    await page.click('#records');
    await page.fill('#record-text', 'nonsense');
    await page.click('#record-open');
    await page.waitForFunction(() => document.querySelector('#records-message').textContent !== '');
    // The sentence is Spanish (in the page), the detail English (its file never came).
    assert.match(await page.textContent('#records-message'), /^No se pudo abrir ese registro: line 1: unknown line/);
    // The file's try has failed, and the page has heard so (its fetch fails in the task that
    // reports the failure); then another error to show, and a frame for the page to draw it.
    await failed;
    await page.fill('#record-text', 'nonsense again');
    await page.click('#record-open');
    await page.waitForFunction(() => document.querySelector('#records-message').textContent.includes('again'));
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    assert.ok(asked.length <= 2, `asked ${asked.length} times`);
  } finally {
    await context.close();
    await server.close();
  }
});
