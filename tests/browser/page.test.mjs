// The page in real headless Chromium: it loads cleanly, draws the board, and its API checks input.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { openGame, screenshot, servedGame } from './harness.mjs';

const game = servedGame({ before, after });

const START = 'bbBbb/5/5/5/rrRrr ox,boar horse,elephant crab r';

/** Waits until the page has drawn its first board (its `board-drawn` mark), and a frame more. */
async function drawn(page) {
  await page.waitForFunction(() => performance.getEntriesByName('board-drawn').length > 0);
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
}

/** How many distinct colours a canvas shows in a coarse sample: a blank canvas has one. */
async function canvasColours(page) {
  return page.evaluate(() => {
    const canvas = document.getElementById('board');
    const context = canvas.getContext('2d');
    const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
    const colours = new Set();
    for (let i = 0; i < data.length; i += 4 * 97) colours.add(`${data[i]},${data[i + 1]},${data[i + 2]}`);
    return colours.size;
  });
}

test('the page loads with no console error and draws the board', async () => {
  const { page, errors } = await openGame(game.browser, game.server.url);
  await drawn(page);
  assert.ok(await canvasColours(page) > 10, 'the canvas shows a drawing');
  await screenshot(page, 'start-1280x800');
  assert.deepEqual(errors, []);
  await page.close();
});

test('a phone-sized viewport draws the board too', async () => {
  const { page, errors } = await openGame(game.browser, game.server.url, { width: 360, height: 640 });
  await drawn(page);
  assert.ok(await canvasColours(page) > 10);
  await screenshot(page, 'start-360x640');
  assert.deepEqual(errors, []);
  await page.close();
});

test('the engine module answers scripts on the page and throws clear errors; a visit does not fetch it', async () => {
  const { page } = await openGame(game.browser, game.server.url);
  const fetched = () => page.evaluate(() => performance.getEntriesByType('resource').some((r) => r.name.endsWith('/engine_bg.wasm')));
  assert.equal(await fetched(), false, 'the page alone does not download the engine module');
  const result = await page.evaluate(async (start) => {
    const api = await window.wasmBindings.engine();
    const caught = (f) => { try { f(); return null; } catch (e) { return e instanceof Error ? e.message : String(e); } };
    return {
      moves: api.legal_moves(start).length,
      perft: api.perft(start, 3),
      next: api.play_move(start, 'boar:c1c2'),
      badCard: caught(() => api.legal_moves(start.replace('ox', 'tigre'))),
      illegal: caught(() => api.play_move(start, 'boar:c1c4')),
      badMove: caught(() => api.play_move(start, 'nonsense')),
    };
  }, START);
  assert.equal(result.moves, 10);
  assert.equal(result.perft, 1989);
  assert.equal(result.next, 'bbBbb/5/5/2R2/rr1rr crab,ox elephant,horse boar b');
  assert.match(result.badCard, /unknown card 'tigre'/);
  assert.match(result.illegal, /boar does not reach c4 from c1/);
  assert.match(result.badMove, /is not a move/);
  assert.equal(await fetched(), true);
  await page.close();
});

test('a 1920x1080 desktop, and a phone turned from portrait to landscape, lay the board out again', async () => {
  const { page, errors } = await openGame(game.browser, game.server.url, { width: 1920, height: 1080 });
  await drawn(page);
  const big = await page.evaluate(() => window.wasmBindings.square_rect('c3'));
  await screenshot(page, 'start-1920x1080');
  await page.setViewportSize({ width: 640, height: 360 });
  await page.waitForFunction((width) => window.wasmBindings.square_rect('c3').width !== width, big.width);
  const small = await page.evaluate(() => window.wasmBindings.square_rect('c3'));
  assert.ok(big.width > small.width * 1.5, `squares follow the window: ${big.width} then ${small.width}`);
  // The whole board stays inside the window.
  const corners = await page.evaluate(() => ['a1', 'e5'].map((s) => window.wasmBindings.square_rect(s)));
  for (const r of corners) assert.ok(r.x >= 0 && r.y >= 0 && r.x + r.width <= 640 && r.y + r.height <= 360, JSON.stringify(r));
  await screenshot(page, 'phone-landscape-640x360');
  assert.deepEqual(errors, []);
  await page.close();
});
