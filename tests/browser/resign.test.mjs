// Resigning on the page: the Resign button asks first in a real dialog (focus inside, Escape
// cancels), the result banner says who resigned, the records list keeps the game, a reload keeps
// it, and once the banner is closed Rematch, New game and Review stay in the strip.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { openContext, screenshot, servedGame, openMenu, still } from './harness.mjs';

const game = servedGame({ before, after });
const state = (page) => page.evaluate(() => window.wasmBindings.game_state());
const call = (page, name, ...args) => page.evaluate(([n, a]) => window.wasmBindings[n](...a), [name, args]);
const CARDS = ['ox', 'boar', 'horse', 'elephant', 'crab'];
const focusInDialog = (page, id) =>
  page.evaluate((id) => document.activeElement?.closest('dialog')?.id === id, id);

async function resignAndCheck(page, { name, expected, finishedText }) {
  assert.ok(await page.isVisible('#resign'), 'Resign is one tap away');
  // Asked, then cancelled with Escape: nothing changes.
  await page.click('#resign');
  assert.ok(await page.evaluate(() => document.getElementById('resign-dialog').open));
  assert.ok(await focusInDialog(page, 'resign-dialog'), 'the focus moves into the question');
  assert.ok((await page.textContent('#resign-title')).length > 0, 'the dialog has a heading');
  await screenshot(page, `resign-question-${name}`);
  await page.keyboard.press('Escape');
  assert.ok(!(await page.evaluate(() => document.getElementById('resign-dialog').open)), 'Escape cancels');
  assert.equal((await state(page)).outcome, null, 'the game goes on');
  // Asked again and confirmed.
  await page.click('#resign');
  await page.click('#resign-confirm');
  await page.waitForSelector('#result:not([hidden])');
  assert.equal(await page.textContent('#result-text'), expected);
  assert.ok(await page.isHidden('#resign'), 'not offered once the game is over');
  await still(page);
  await screenshot(page, `resign-result-${name}`);
  // The records dialog lists it among the finished games.
  await openMenu(page);
  await page.click('#records');
  const options = await page.$$eval('#finished option', (os) => os.map((o) => o.textContent));
  assert.ok(options[0].includes(finishedText), JSON.stringify(options));
  await screenshot(page, `resign-records-${name}`);
  await page.click('#records-close');
}

async function closeAndFindTheEndActions(page, name) {
  await page.click('#result-close');
  assert.ok(await page.isHidden('#result'));
  for (const id of ['#over-rematch', '#over-new-game', '#over-review']) {
    assert.ok(await page.isVisible(id), `${id} stays at hand`);
  }
  await screenshot(page, `resign-closed-${name}`);
}

test('resigning against the AI at 360×640 in French: asked, confirmed, listed, kept by a reload', { timeout: 60000 }, async () => {
  const { context, page, errors } = await openContext(game.browser, game.server.url, { viewport: { width: 360, height: 640 } });
  await call(page, 'game_settings', { language: 'fr' });
  await call(page, 'game_new', { mode: 'ai', human: 'red', level: 0, cards: CARDS });
  await still(page);
  const expected = "Vous abandonnez — l'IA gagne";
  await resignAndCheck(page, { name: 'fr-360x640', expected, finishedText: expected });
  await page.reload();
  await page.waitForFunction(() => window.wasmBindings !== undefined);
  const reloaded = await state(page);
  assert.equal(reloaded.outcome, 'red-resigns', 'the save keeps the resignation');
  assert.equal(await page.textContent('#result-text'), expected);
  await closeAndFindTheEndActions(page, 'fr-360x640');
  await page.click('#over-rematch');
  await still(page);
  assert.equal((await state(page)).outcome, null, 'Rematch starts the same deal again');
  assert.ok(await page.isHidden('#game-over'));
  assert.ok(await page.isVisible('#resign'));
  assert.deepEqual(errors, []);
  await context.close();
});

test('resigning in pass and play at 1280×800 in English: the side to move resigns', { timeout: 60000 }, async () => {
  const { context, page, errors } = await openContext(game.browser, game.server.url, { viewport: { width: 1280, height: 800 } });
  await call(page, 'game_new', { mode: 'two', cards: CARDS });
  const first = await state(page);
  await call(page, 'game_play', first.legal_moves[0]);
  await still(page);
  assert.equal((await state(page)).to_move, 'red');
  await resignAndCheck(page, { name: 'en-1280x800', expected: 'Red resigns — Blue wins', finishedText: 'Red resigns — Blue wins' });
  await page.reload();
  await page.waitForFunction(() => window.wasmBindings !== undefined);
  assert.equal((await state(page)).outcome, 'red-resigns');
  await closeAndFindTheEndActions(page, 'en-1280x800');
  await page.click('#over-review');
  await page.waitForSelector('#review:not([hidden])');
  assert.ok(await page.isHidden('#game-over'), 'the review has its own close');
  assert.deepEqual(errors, []);
  await context.close();
});

test('after any end, the end actions stay once the banner is closed (not only after a resignation)', async () => {
  const { context, page, errors } = await openContext(game.browser, game.server.url);
  await call(page, 'game_new', { mode: 'ai', human: 'red', level: 0, position: '5/5/2B2/2R2/5 crab,boar horse,elephant ox r' });
  await call(page, 'game_play', 'crab:c2c3');
  await page.waitForSelector('#result:not([hidden])');
  await page.keyboard.press('Escape');
  assert.ok(await page.isHidden('#result'));
  assert.ok(await page.isVisible('#over-new-game'), 'New game is still there');
  await page.click('#over-new-game');
  assert.ok(await page.evaluate(() => document.getElementById('setup').open), 'it opens the new-game dialog');
  assert.deepEqual(errors, []);
  await context.close();
});

test('game_resign says whether it ended the game: once, not again', async () => {
  const { context, page, errors } = await openContext(game.browser, game.server.url, { viewport: { width: 1280, height: 800 } });
  await call(page, 'game_new', { mode: 'two', cards: CARDS });
  assert.equal(await call(page, 'game_resign'), true, 'the side to move resigns');
  const over = await state(page);
  assert.match(over.outcome, /resigns/);
  assert.equal(await call(page, 'game_resign'), false, 'a finished game cannot be resigned again');
  assert.deepEqual(await state(page), over, 'and nothing changed');
  assert.deepEqual(errors, ['resigning is not offered now'], 'the refusal is told in the console');
  await context.close();
});
