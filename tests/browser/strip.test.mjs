// The words of the strip above the board, and the review's, on phones: the opening line beside the
// tutorial's offer and Resign, the daily puzzle's line, a failed puzzle's verdict beside its three
// buttons, the engine's best line. Each shows whole (nothing to scroll to, no ellipsis, no clamp,
// no box cutting it), is not squeezed beside its buttons, the buttons' words do not wrap more than
// twice, and the board below is whole.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { screenshot, servedGame, openContext, openMenu, still, losingPuzzleMove } from './harness.mjs';

const game = servedGame({ before, after });

// Red can take Blue's master at once (crab:c2c3) but plays boar:c2b2; Blue then takes Red's.
const BLUNDER = 'start 5/5/2B2/2R2/5 crab,boar horse,elephant ox r\nmoves boar:c2b2 elephant:c3b2\n';

/** What is cut, squeezed or over the board among the strip's and the review's words and buttons. */
const cut = (page) => page.evaluate(async () => {
  const found = [];
  // The board is laid out again once the canvas has been resized: two frames on.
  await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
  const canvas = document.getElementById('board').getBoundingClientRect();
  const lines = (el) => {
    const range = document.createRange();
    range.selectNodeContents(el);
    return new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top))).size;
  };
  for (const el of document.querySelectorAll('#strip p, #strip button, #review-text, .review-row button')) {
    const r = el.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) continue;
    const name = `#${el.id}`;
    const style = getComputedStyle(el);
    if (el.scrollHeight > el.clientHeight + 1) found.push(`${name} is cut (${el.scrollHeight} > ${el.clientHeight}): ${el.textContent.slice(0, 50)}`);
    if (el.scrollWidth > el.clientWidth + 1) found.push(`${name} is cut at its side (${el.scrollWidth} > ${el.clientWidth})`);
    if (style.textOverflow === 'ellipsis' || (style.webkitLineClamp ?? 'none') !== 'none') found.push(`${name} is clamped`);
    for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
      const s = getComputedStyle(a);
      if (s.overflowX === 'visible' && s.overflowY === 'visible') continue;
      const b = a.getBoundingClientRect();
      if (r.top < b.top - 1 || r.bottom > b.bottom + 1 || r.left < b.left - 1 || r.right > b.right + 1) {
        found.push(`${name} is cut by #${a.id || a.tagName}`);
        break;
      }
    }
    if (r.left < -1 || r.right > innerWidth + 1 || r.top < -1) found.push(`${name} is off screen`);
    if (r.bottom > canvas.top + 0.5) found.push(`${name} lies over the board (${Math.round(r.bottom)} > ${Math.round(canvas.top)})`);
    if (el.matches('p') && el.textContent.length > 60 && r.width < 160) found.push(`${name} is squeezed to ${Math.round(r.width)} px`);
    if (el.matches('button:not(.tool)') && lines(el) > 2) found.push(`${name} wraps to ${lines(el)} lines`);
  }
  const inside = (s) => s.x >= canvas.left - 0.5 && s.y >= canvas.top - 0.5 && s.x + s.width <= canvas.right + 0.5
    && s.y + s.height <= canvas.bottom + 0.5 && s.y + s.height <= innerHeight + 0.5;
  for (const square of ['a1', 'e5', 'a5', 'e1']) {
    if (!inside(window.wasmBindings.square_rect(square))) found.push(`square ${square} is not whole on screen`);
  }
  return found;
});

const state = (page) => page.evaluate(() => window.wasmBindings.game_state());

for (const [width, height, locale, lang] of [[360, 640, 'fa-IR', 'fa'], [640, 360, 'fa-IR', 'fa'], [390, 844, 'fr-FR', 'fr']]) {
  const size = `${width}x${height}`;
  const open = () => openContext(game.browser, game.server.url, { viewport: { width, height }, locale, hasTouch: true });

  test(`${size} ${lang}: the opening line beside the tutorial's offer and Resign shows whole`, async () => {
    const { context, page, errors } = await open();
    await still(page);
    await page.waitForSelector('#tutorial-offer', { state: 'visible' });
    await screenshot(page, `strip-${lang}-${size}-opening`);
    assert.deepEqual(await cut(page), []);
    assert.deepEqual(errors, []);
    await context.close();
  });

  test(`${size} ${lang}: the daily puzzle's line and a failed puzzle's verdict show whole beside their buttons`, async () => {
    const { context, page, errors } = await open();
    await still(page);
    // A game in progress: it waits aside, and the way back to it is offered.
    await page.evaluate(() => window.wasmBindings.game_new({ mode: 'ai', level: 0, cards: ['tiger', 'crab', 'monkey', 'crane', 'boar'] }));
    await page.evaluate(() => window.wasmBindings.game_play('crab:c1c2'));
    await page.waitForFunction(() => window.wasmBindings.game_state().moves.length === 2, null, { timeout: 30000 });
    await still(page);
    await openMenu(page);
    await page.tap('#puzzle-daily');
    await page.waitForFunction(() => window.wasmBindings.game_state().puzzle !== null, null, { timeout: 30000 });
    await still(page);
    await screenshot(page, `strip-${lang}-${size}-daily`);
    assert.deepEqual(await cut(page), []);
    // A wrong first move: the defence answers and the puzzle is lost.
    const wrong = await losingPuzzleMove(page);
    await page.evaluate((m) => window.wasmBindings.game_play(m), wrong);
    await page.waitForFunction(() => window.wasmBindings.game_state().puzzle?.status === 'failed', null, { timeout: 30000 });
    await still(page);
    await screenshot(page, `strip-${lang}-${size}-puzzle-failed`);
    // The way back to the game aside is offered beside the ending, not only in the menu.
    assert.ok(await page.isVisible('#back-to-my-game'), 'Back to my game is in the strip');
    assert.ok((await page.textContent('#puzzle-text')).length > 40);
    assert.deepEqual(await cut(page), []);
    assert.deepEqual(errors, []);
    await context.close();
  });

  test(`${size} ${lang}: the review's best line shows whole`, async () => {
    const { context, page, errors } = await open();
    await still(page);
    await openMenu(page);
    await page.tap('#records');
    await page.fill('#record-text', BLUNDER);
    await page.tap('#record-review');
    await page.waitForFunction(() => window.wasmBindings.game_state().review?.running === false, null, { timeout: 60000 });
    await page.evaluate(() => window.wasmBindings.game_undo());
    await still(page);
    await page.tap('#review-best');
    await still(page);
    assert.ok((await state(page)).controls.review.text.length > 40);
    assert.deepEqual(await cut(page), []);
    // A longer line, as a game's engine finds: 10 moves, from the page's own words.
    await page.evaluate(() => {
      const text = document.getElementById('review-text');
      const s = window.wasmBindings.game_state();
      const move = s.controls.moves[0].text.replace(/\u00a0/g, ' ');
      const words = s.controls.review.text;
      const at = words.lastIndexOf(move);
      text.textContent = words.slice(0, at) + Array.from({ length: 10 }, () => move).join(document.documentElement.dir === 'rtl' ? ' ← ' : ' → ');
    });
    await screenshot(page, `strip-${lang}-${size}-best-line`);
    assert.deepEqual(await cut(page), []);
    assert.deepEqual(errors, []);
    await context.close();
  });
}
