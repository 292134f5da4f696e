// A game in progress is never lost to a puzzle or a reviewed record: it waits aside, a reload
// keeps it, and "Back to my game" brings it back as it was.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { screenshot, servedGame, openContext, openMenu, still } from './harness.mjs';

const game = servedGame({ before, after });
const RECORD = 'start 5/5/2B2/2R2/5 crab,boar horse,elephant ox r\nmoves boar:c2b2 elephant:c3b2\n';

/** Two moves against the AI: the player's, and the AI's answer. */
async function twoMoves(page) {
  await page.evaluate(() => window.wasmBindings.game_new({ mode: 'ai', human: 'red', level: 0, cards: ['tiger', 'crab', 'monkey', 'crane', 'boar'] }));
  await page.evaluate(() => window.wasmBindings.game_play('crab:c1c2'));
  await page.waitForFunction(() => window.wasmBindings.game_state().moves.length === 2, null, { timeout: 30000 });
  await still(page);
  return page.evaluate(() => window.wasmBindings.game_state().moves);
}

test('a daily puzzle at 390x844 in French keeps the game in progress aside, across a reload', async () => {
  const { context, page, errors } = await openContext(game.browser, game.server.url, { viewport: { width: 390, height: 844 }, locale: 'fr-FR', hasTouch: true });
  const mine = await twoMoves(page);
  assert.ok(await page.isHidden('#back-to-my-game'));
  await openMenu(page);
  await page.click('#puzzle-daily');
  await page.waitForFunction(() => window.wasmBindings.game_state().puzzle !== null, null, { timeout: 30000 });
  await still(page);
  assert.ok(await page.isVisible('#back-to-my-game'));
  assert.equal(await page.textContent('#back-to-my-game'), 'Revenir à ma partie');
  await screenshot(page, 'aside-puzzle-fr-390x844');
  await openMenu(page);
  assert.ok(await page.isVisible('#menu-back-to-my-game'), 'the menu offers the way back too');
  await page.keyboard.press('Escape');
  await page.reload();
  await page.waitForFunction(() => window.wasmBindings !== undefined);
  assert.notEqual(await page.evaluate(() => window.wasmBindings.game_state().puzzle), null, 'the puzzle goes on');
  assert.ok(await page.isVisible('#back-to-my-game'), 'and the game still waits');
  await page.tap('#back-to-my-game');
  await still(page);
  const back = await page.evaluate(() => window.wasmBindings.game_state());
  assert.deepEqual(back.moves, mine);
  assert.equal(back.mode, 'ai');
  assert.equal(back.puzzle, null);
  assert.ok(await page.isHidden('#back-to-my-game'));
  assert.deepEqual(errors, []);
  await context.close();
});

test('reviewing a pasted record at 1280x800 does not touch the game in progress', async () => {
  const { context, page, errors } = await openContext(game.browser, game.server.url);
  const mine = await twoMoves(page);
  await openMenu(page);
  await page.click('#records');
  await page.fill('#record-text', RECORD);
  await page.click('#record-review');
  await page.waitForFunction(() => window.wasmBindings.game_state().review?.running === false, null, { timeout: 60000 });
  await screenshot(page, 'aside-review-record');
  await page.click('#review-close');
  await still(page);
  await page.reload();
  await page.waitForFunction(() => window.wasmBindings !== undefined);
  await still(page);
  const back = await page.evaluate(() => window.wasmBindings.game_state());
  assert.deepEqual(back.moves, mine, 'the own game is back, not the pasted record');
  assert.equal(back.mode, 'ai');
  assert.equal(back.review, null);
  assert.deepEqual(errors, []);
  await context.close();
});
