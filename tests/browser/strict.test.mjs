// A strict page: a Content-Security-Policy without inline script or eval that the game works
// under, no request to anyone but the page's own host, and a panic shown to the player with
// the game record instead of a frozen canvas.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serve, openGame, screenshot, panicDist, servedGame } from './harness.mjs';

const game = servedGame({ before, after });

test('the page declares a strict Content-Security-Policy and has no inline script', async () => {
  const page = await game.browser.newPage();
  await page.goto(game.server.url);
  const found = await page.evaluate(() => ({
    policy: document.querySelector('meta[http-equiv="Content-Security-Policy"]')?.content,
    scripts: [...document.scripts].map((script) => ({ src: script.getAttribute('src'), body: script.textContent.trim() })),
  }));
  assert.ok(found.policy, 'a CSP meta tag');
  assert.match(found.policy, /script-src 'self' 'wasm-unsafe-eval'/);
  assert.doesNotMatch(found.policy, /unsafe-inline|'unsafe-eval'/);
  assert.ok(found.scripts.length > 0);
  for (const script of found.scripts) {
    assert.ok(script.src, 'scripts come from files');
    assert.equal(script.body, '', 'no inline script');
  }
  await page.close();
});

test('the game plays under the policy and asks nothing of any other host', { timeout: 60000 }, async () => {
  const page = await game.browser.newPage({ viewport: { width: 1280, height: 800 } });
  const requests = [];
  const violations = [];
  page.on('request', (request) => requests.push(request.url()));
  page.on('console', (message) => { if (/Content.Security.Policy|Refused/i.test(message.text())) violations.push(message.text()); });
  await page.goto(game.server.url);
  await page.waitForFunction(() => window.wasmBindings !== undefined);
  // The AI worker, a hint and a few moves: everything the page loads on the way.
  await page.evaluate(() => window.wasmBindings.game_new({ mode: 'watch', level: 2, cards: ['tiger', 'crab', 'monkey', 'crane', 'boar'] }));
  await page.waitForFunction(() => window.wasmBindings.game_state().moves.length >= 4, null, { timeout: 30000 });
  assert.deepEqual(violations, []);
  const origin = new URL(game.server.url).origin;
  const foreign = requests.filter((url) => !url.startsWith(origin) && !url.startsWith('data:'));
  assert.deepEqual(foreign, [], 'no third-party request');
  assert.ok(requests.some((url) => url.endsWith('/ai-worker.js')), 'the worker came from the page itself');
  await page.close();
});

test('a panic shows the player a message and the game record, not a frozen canvas', async () => {
  const panicServer = await serve('/', panicDist);
  try {
    const { page } = await openGame(game.browser, panicServer.url);
    await page.evaluate(() => window.wasmBindings.game_new({ mode: 'two', cards: ['tiger', 'crab', 'monkey', 'crane', 'boar'] }));
    await page.evaluate(() => window.wasmBindings.game_play('crab:c1c2'));
    assert.ok(await page.isHidden('#crash'));
    const thrown = await page.evaluate(() => { try { window.wasmBindings.debug_panic(); return null; } catch (e) { return String(e); } });
    assert.ok(thrown, 'the panic reaches JavaScript as an error');
    await page.waitForSelector('#crash:not([hidden])');
    const record = await page.inputValue('#crash-record');
    assert.match(record, /^start bbBbb\/5\/5\/5\/rrRrr tiger,crab monkey,crane boar r\nmoves crab:c1c2\n/);
    assert.match(await page.textContent('#crash-detail'), /a panic forced by the test build/);
    assert.match(await page.getAttribute('#crash-save', 'href'), /^data:text\/plain;charset=utf-8,start%20/);
    await screenshot(page, 'crash-panel');
    await page.close();
  } finally {
    await panicServer.close();
  }
});
