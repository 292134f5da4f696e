// Without a mouse: the keyboard moves a visible focus over squares and cards, Enter chooses,
// Escape cancels; a screen reader hears the position and each move.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { openGame, screenshot, servedGame } from './harness.mjs';

const game = servedGame({ before, after });

const state = (page) => page.evaluate(() => window.wasmBindings.game_state());

test('a game is played with the keyboard alone', async () => {
  const { page, errors } = await openGame(game.browser, game.server.url);
  await page.evaluate(() => window.wasmBindings.game_new({ mode: 'two', turn_board: false, cards: ['tiger', 'crab', 'monkey', 'crane', 'boar'] }));
  // Tab through the buttons to the board.
  await page.focus('#new-game');
  for (let i = 0; i < 12 && !(await page.evaluate(() => document.activeElement?.id === 'board')); i += 1) {
    await page.keyboard.press('Tab');
  }
  assert.equal(await page.evaluate(() => document.activeElement.id), 'board');
  await page.keyboard.press('Enter'); // the focus appears on the mover's master
  await page.keyboard.press('Enter'); // and picks it up
  assert.equal((await state(page)).selected_piece, 'c1');
  await page.keyboard.press('Escape');
  assert.equal((await state(page)).selected_piece, null, 'Escape cancels');
  // Red's cards lie below the board or, on a wide screen, to its right: go there and choose one,
  // then the piece, then the square.
  for (const key of ['ArrowDown', 'ArrowRight', 'ArrowRight', 'ArrowRight', 'ArrowDown']) {
    if ((await state(page)).focus?.startsWith('red:')) break;
    await page.keyboard.press(key);
  }
  assert.match((await state(page)).focus, /^red:/);
  await page.keyboard.press('Enter');
  const card = (await state(page)).selected_card;
  assert.ok(['tiger', 'crab'].includes(card), `a card is chosen: ${card}`);
  await screenshot(page, 'keyboard-focus-card');
  await page.keyboard.press('Escape');
  for (let i = 0; i < 4 && !/^[a-e][1-5]$/.test((await state(page)).focus); i += 1) {
    await page.keyboard.press('ArrowLeft'); // back on the board
  }
  await page.keyboard.press('Enter');
  const piece = (await state(page)).selected_piece;
  assert.ok(piece, 'a piece is picked up');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('Enter');
  const s = await state(page);
  assert.equal(s.moves.length, 1, `one move played: ${JSON.stringify(s.moves)} from ${piece}`);
  assert.match(s.moves[0], new RegExp(`^crab:${piece}`));
  assert.match(await page.textContent('#announce'), /^Red plays crab: [a-e][1-5] to [a-e][1-5]\.$/);
  assert.match(await page.textContent('#board-description'), /^Blue to move\. Red: master on c1; students on/);
  assert.deepEqual(errors, []);
  await page.close();
});

test('the result is announced', async () => {
  const { page } = await openGame(game.browser, game.server.url);
  await page.evaluate(() => window.wasmBindings.game_new({ mode: 'two', position: '5/2B2/2r2/5/R4 ox,boar crab,tiger horse r' }));
  await page.evaluate(() => window.wasmBindings.game_play('ox:c3c4'));
  assert.equal(await page.textContent('#announce'),
    'Red plays ox: c3 to c4, capturing. Red wins by the Way of the Stone: the master is captured');
  await page.close();
});

// Contrast is checked in both themes by looks.test.mjs (the page) and tests/theme.rs (the canvas).

test('Escape ends looking back wherever the focus is, and the board hears its keys once', async () => {
  const { page, errors } = await openGame(game.browser, game.server.url);
  await page.evaluate(() => window.wasmBindings.game_new({ mode: 'two', turn_board: false, cards: ['tiger', 'crab', 'monkey', 'crane', 'boar'] }));
  await page.evaluate(() => window.wasmBindings.game_play('crab:c1c2'));
  await page.evaluate(() => window.wasmBindings.game_play('monkey:b5a4'));
  await page.waitForFunction(() => !window.wasmBindings.game_state().animating);
  // ◀ clicked: the focus stays on it, and Escape still goes back to the game.
  await page.click('#step-back');
  await page.waitForSelector('#viewing:not([hidden])');
  await page.keyboard.press('Escape');
  await page.waitForSelector('#viewing[hidden]', { state: 'attached' });
  assert.equal((await state(page)).moves.length, 2);
  // On the board too.
  await page.click('#step-back');
  await page.waitForSelector('#viewing:not([hidden])');
  await page.focus('#board');
  await page.keyboard.press('Escape');
  await page.waitForSelector('#viewing[hidden]', { state: 'attached' });
  assert.deepEqual(errors, []);
  await page.close();
});
