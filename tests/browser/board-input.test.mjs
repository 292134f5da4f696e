// Nothing a player does is lost or ignored, in the browser: the page's description in the
// player's language, the opponent's cards readable from the player's seat (screenshots at a
// desktop and a phone, English and Persian), the side card under the keyboard, the keyboard's
// frame giving way to the mouse, and a jump back to the game shown at once.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { openContext, screenshot, servedGame, still } from './harness.mjs';

const game = servedGame({ before, after });
const START = 'bbBbb/5/5/5/rrRrr ox,boar horse,elephant crab r';
const state = (page) => page.evaluate(() => window.wasmBindings.game_state());

test('the page describes itself in the player\'s language', async () => {
  for (const [locale, words] of [['fr-FR', /jeu de plateau/], ['fa-IR', /اونیتاما/], ['en-US', /board game/]]) {
    const { context, page, errors } = await openContext(game.browser, game.server.url, { locale });
    const description = await page.getAttribute('meta[name=description]', 'content');
    assert.match(description, words, `${locale}: ${description}`);
    assert.deepEqual(errors, []);
    await context.close();
  }
});

test('the opponent\'s card names and animals read from the player\'s seat', async () => {
  for (const viewport of [{ width: 1280, height: 800 }, { width: 360, height: 640 }]) {
    for (const locale of ['en-US', 'fa-IR']) {
      const { context, page, errors } = await openContext(game.browser, game.server.url, { viewport, locale });
      await page.evaluate((position) => window.wasmBindings.game_new({ mode: 'ai', human: 'red', level: 0, position }), START);
      await still(page);
      await screenshot(page, `cards-facing-${locale}-${viewport.width}x${viewport.height}`);
      assert.deepEqual(errors, []);
      await context.close();
    }
  }
});

test('the arrows reach the side card, and the frame goes with the mouse', async () => {
  const { context, page, errors } = await openContext(game.browser, game.server.url);
  await page.evaluate((position) => window.wasmBindings.game_new({ mode: 'two', turn_board: false, position }), START);
  await page.focus('#board');
  // The side card ends the mover's column, right of the board (1280×800 is wide).
  for (const key of ['ArrowUp', 'ArrowRight', 'ArrowRight', 'ArrowRight', 'ArrowUp', 'ArrowUp']) {
    if ((await state(page)).focus === 'side') break;
    await page.keyboard.press(key);
  }
  assert.equal((await state(page)).focus, 'side');
  await page.keyboard.press('Enter');
  await screenshot(page, 'keyboard-side-card');
  const box = await page.locator('#board').boundingBox();
  await page.mouse.click(box.x + 5, box.y + 5);
  assert.equal((await state(page)).focus, null, 'no frame once the mouse is used');
  await screenshot(page, 'keyboard-frame-gone');
  await page.keyboard.press('ArrowUp');
  assert.notEqual((await state(page)).focus, null, 'the next arrow brings it back');
  assert.deepEqual(errors, []);
  await context.close();
});

test('back to the game from an early move shows it at once; one move back slides', async () => {
  const { context, page, errors } = await openContext(game.browser, game.server.url);
  await page.evaluate((position) => window.wasmBindings.game_new({ mode: 'two', turn_board: false, position }), START);
  for (const m of ['ox:c1c2', 'horse:c5c4', 'boar:b1b2', 'elephant:d5e4']) {
    await page.evaluate((mv) => window.wasmBindings.game_play(mv), m);
    await still(page);
  }
  await page.click('#moves li[data-ply="1"]');
  assert.equal((await state(page)).animating, false, 'a jump to the first move is shown at once');
  await page.click('#back-to-game');
  assert.equal((await state(page)).animating, false, 'and back to the game too');
  await screenshot(page, 'back-to-the-game');
  await page.focus('#moves');
  // The key and the look at the state in one task: on a slow machine a frame between them could
  // already end the slide.
  const slides = await page.evaluate(() => {
    document.getElementById('moves').dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowUp', bubbles: true }));
    return window.wasmBindings.game_state().animating;
  });
  assert.equal(slides, true, 'one move back slides');
  await still(page);
  await page.keyboard.press('Escape');
  await still(page);
  const s = await state(page);
  assert.equal(s.moves.length, 4, 'Escape on the move list goes back to the game');
  assert.deepEqual(errors, []);
  await context.close();
});

test('perft far out of reach is refused at once, not after counting the shallower depths', async () => {
  const { context, page } = await openContext(game.browser, game.server.url);
  const { refused, ms } = await page.evaluate(async (p) => {
    const engine = await window.wasmBindings.engine();
    const t0 = performance.now();
    try { engine.perft(p, 10); return { refused: null, ms: performance.now() - t0 }; } catch (e) {
      return { refused: String(e), ms: performance.now() - t0 };
    }
  }, START);
  assert.match(refused, /would take about \d+ s, more than the page's 10 s/);
  assert.ok(ms < 1000, `refused after ${Math.round(ms)} ms`);
  await context.close();
});
