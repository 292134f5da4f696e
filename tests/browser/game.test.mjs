// Playing on the page with the mouse and touch: a whole game against the AI, a pass, undo and
// redo, pass and play, drag and drop, phone and desktop viewports. The API sets positions up and
// reads the state back; the moves themselves are made with the pointer.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { openGame, screenshot, servedGame, openMenu, engineCall } from './harness.mjs';

const game = servedGame({ before, after });

const state = (page) => page.evaluate(() => window.wasmBindings.game_state());
const call = (page, name, ...args) => page.evaluate(([n, a]) => window.wasmBindings[n](...a), [name, args]);

async function centre(page, kind, name) {
  const r = await call(page, kind === 'square' ? 'square_rect' : 'card_rect', name);
  return { x: r.x + r.width / 2, y: r.y + r.height / 2 };
}

async function clickAt(page, kind, name) {
  const { x, y } = await centre(page, kind, name);
  await page.mouse.click(x, y);
}

/** Waits until the page is still: no animation, no search. */
async function settle(page) {
  await page.waitForFunction(() => {
    const s = window.wasmBindings.game_state();
    return !s.animating && !s.thinking;
  }, null, { timeout: 30000 });
}

/** Plays `move` (card:fromto) with clicks: the card, the piece, the destination. */
async function clickMove(page, move) {
  const [card, squares] = move.split(':');
  await clickAt(page, 'card', card);
  await clickAt(page, 'square', squares.slice(0, 2));
  await clickAt(page, 'square', squares.slice(2, 4));
}

test('a whole game against the AI, played with mouse clicks, reaches a result', { timeout: 180000 }, async () => {
  // Motion reduced: the moves do not slide, the game goes at the clicks' and the AI's pace.
  const { page, errors } = await openGame(game.browser, game.server.url, undefined, { reducedMotion: 'reduce' });
  await call(page, 'game_new', { mode: 'ai', human: 'red', level: 0, cards: ['tiger', 'crab', 'monkey', 'crane', 'boar'] });
  await settle(page);
  let s = await state(page);
  for (let turn = 0; turn < 100 && !s.outcome; turn += 1) {
    assert.equal(s.to_move, 'red', 'the AI answered');
    // The player's move: the engine's choice at a small depth, so that the game ends.
    const { best } = await engineCall(page, 'best_move', s.position, { depth: 3 }, []);
    const before = s.moves.length;
    if (best.endsWith(':pass')) await clickAt(page, 'card', best.split(':')[0]);
    else await clickMove(page, best);
    await page.waitForFunction((n) => window.wasmBindings.game_state().moves.length > n, before);
    if (turn === 1) await screenshot(page, 'game-vs-ai-1280x800');
    await settle(page);
    s = await state(page);
  }
  assert.ok(s.outcome, `the game ended: ${s.outcome}`);
  await page.waitForSelector('#result:not([hidden])');
  assert.match(await page.textContent('#result-text'), /^(You win|The AI wins|Draw)/);
  await screenshot(page, 'game-result');
  await page.click('#rematch');
  await settle(page);
  assert.equal((await state(page)).moves.length, 0, 'a rematch starts the same deal again');
  assert.deepEqual(errors, []);
  await page.close();
});

test('clicks that mean nothing change nothing', async () => {
  const { page, errors } = await openGame(game.browser, game.server.url);
  await call(page, 'game_new', { mode: 'two', cards: ['tiger', 'crab', 'monkey', 'crane', 'boar'] });
  const start = await state(page);
  await clickAt(page, 'square', 'c3'); // an empty square
  await clickAt(page, 'card', 'monkey'); // the opponent's card
  await clickAt(page, 'square', 'a5'); // an enemy piece
  await page.mouse.click(3, 3); // outside the board
  const after = await state(page);
  assert.equal(after.position, start.position);
  assert.equal(after.moves.length, 0);
  assert.deepEqual(errors, []);
  await page.close();
});

test('with no legal move the player gives up a card by clicking it', async () => {
  const { page, errors } = await openGame(game.browser, game.server.url);
  await call(page, 'game_new', { mode: 'two', position: 'Rrrrr/5/5/5/B4 elephant,crab tiger,ox boar r' });
  await settle(page);
  assert.deepEqual((await state(page)).legal_moves.sort(), ['crab:pass', 'elephant:pass']);
  await screenshot(page, 'pass');
  await clickAt(page, 'card', 'crab');
  await page.waitForFunction(() => window.wasmBindings.game_state().moves.length === 1);
  const s = await state(page);
  assert.deepEqual(s.moves, ['crab:pass']);
  assert.match(s.position, / crab b$/);
  assert.deepEqual(errors, []);
  await page.close();
});

test('undo and redo with the buttons', async () => {
  const { page, errors } = await openGame(game.browser, game.server.url);
  await call(page, 'game_new', { mode: 'two', turn_board: false, cards: ['tiger', 'crab', 'monkey', 'crane', 'boar'] });
  await clickMove(page, 'crab:c1c2');
  await settle(page);
  await clickMove(page, 'monkey:b5a4');
  await settle(page);
  const two = await state(page);
  assert.deepEqual(two.moves, ['crab:c1c2', 'monkey:b5a4']);
  await page.click('#undo');
  await settle(page);
  assert.deepEqual((await state(page)).moves, ['crab:c1c2']);
  await page.click('#undo');
  await settle(page);
  assert.deepEqual((await state(page)).moves, []);
  assert.ok(await page.isDisabled('#undo'));
  await page.click('#redo');
  await settle(page);
  await page.click('#redo');
  await settle(page);
  assert.equal((await state(page)).position, two.position);
  assert.ok(await page.isDisabled('#redo'));
  assert.deepEqual(errors, []);
  await page.close();
});

test('against the AI, undo goes back to the player\'s own turn', { timeout: 60000 }, async () => {
  const { page } = await openGame(game.browser, game.server.url);
  await call(page, 'game_new', { mode: 'ai', human: 'red', level: 1, cards: ['tiger', 'crab', 'monkey', 'crane', 'boar'] });
  await settle(page);
  await clickMove(page, 'crab:c1c2');
  await page.waitForFunction(() => window.wasmBindings.game_state().moves.length === 2, null, { timeout: 30000 });
  await settle(page);
  await page.click('#undo');
  await settle(page);
  const s = await state(page);
  assert.deepEqual(s.moves, []);
  assert.equal(s.to_move, 'red');
  await page.close();
});

test('pass and play turns the board to face whoever moves', async () => {
  const { page, errors } = await openGame(game.browser, game.server.url);
  await call(page, 'game_new', { mode: 'two', turn_board: true, cards: ['tiger', 'crab', 'monkey', 'crane', 'boar'] });
  assert.equal((await state(page)).bottom, 'red');
  await clickMove(page, 'crab:c1c2');
  await settle(page);
  const s = await state(page);
  assert.equal(s.to_move, 'blue');
  assert.equal(s.bottom, 'blue');
  // Blue's home row is now at the bottom of the screen.
  const c5 = await call(page, 'square_rect', 'c5');
  const c1 = await call(page, 'square_rect', 'c1');
  assert.ok(c5.y > c1.y);
  await screenshot(page, 'pass-and-play-blue');
  await clickMove(page, 'monkey:b5a4');
  await settle(page);
  assert.equal((await state(page)).bottom, 'red');
  assert.deepEqual(errors, []);
  await page.close();
});

test('a piece is dragged and dropped, and two cards reaching one square ask which to give up', async () => {
  const { page, errors } = await openGame(game.browser, game.server.url);
  // Ox and horse both step forward.
  await call(page, 'game_new', { mode: 'two', turn_board: false, position: '4B/5/5/5/R4 ox,horse crab,boar tiger r' });
  const from = await centre(page, 'square', 'a1');
  const to = await centre(page, 'square', 'a2');
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move((from.x + to.x) / 2, (from.y + to.y) / 2, { steps: 4 });
  await page.mouse.move(to.x, to.y, { steps: 4 });
  await screenshot(page, 'drag');
  await page.mouse.up();
  assert.equal((await state(page)).moves.length, 0, 'both cards reach a2: the player must choose');
  await screenshot(page, 'choose-card');
  await clickAt(page, 'card', 'horse');
  await settle(page);
  assert.deepEqual((await state(page)).moves, ['horse:a1a2']);
  // A drop on a square the piece cannot reach does nothing.
  const e5 = await centre(page, 'square', 'e5');
  const a5 = await centre(page, 'square', 'a5');
  await page.mouse.move(e5.x, e5.y);
  await page.mouse.down();
  await page.mouse.move(a5.x, a5.y, { steps: 5 });
  await page.mouse.up();
  assert.deepEqual((await state(page)).moves, ['horse:a1a2']);
  assert.deepEqual(errors, []);
  await page.close();
});

test('touch on a phone: tap a card, a piece and a square', async () => {
  const context = await game.browser.newContext({ viewport: { width: 360, height: 640 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(game.server.url);
  await page.waitForFunction(() => window.wasmBindings !== undefined);
  await call(page, 'game_new', { mode: 'two', turn_board: false, cards: ['tiger', 'crab', 'monkey', 'crane', 'boar'] });
  for (const [kind, name] of [['card', 'crab'], ['square', 'c1'], ['square', 'c2']]) {
    const { x, y } = await centre(page, kind, name);
    await page.touchscreen.tap(x, y);
  }
  await settle(page);
  assert.deepEqual((await state(page)).moves, ['crab:c1c2']);
  await screenshot(page, 'phone-360x640');
  assert.deepEqual(errors, []);
  await context.close();
});

test('bad input through the API throws and changes nothing', async () => {
  const { page } = await openGame(game.browser, game.server.url);
  await call(page, 'game_new', { mode: 'two', cards: ['tiger', 'crab', 'monkey', 'crane', 'boar'] });
  const before = await state(page);
  const failures = await page.evaluate(() => {
    const api = window.wasmBindings;
    const caught = (f) => { try { f(); return null; } catch (e) { return e.message; } };
    return [
      caught(() => api.game_play('monkey:b1a2')),
      caught(() => api.game_play('crab:c1c4')),
      caught(() => api.game_play('')),
      caught(() => api.game_load('bbBbb/5/5/5/rrRrr ox,ox horse,elephant crab r')),
      caught(() => api.game_new({ mode: 'chess' })),
      caught(() => api.game_new({ cards: ['tiger'] })),
      caught(() => api.square_rect('z9')),
      caught(() => api.card_rect('ox')),
    ];
  });
  assert.ok(failures.every((f) => typeof f === 'string' && f.length > 10), JSON.stringify(failures));
  assert.match(failures[0], /Red does not hold monkey/);
  assert.match(failures[3], /the same card twice/);
  assert.match(failures[7], /not in this game/);
  const after = await state(page);
  assert.equal(after.position, before.position);
  assert.deepEqual(after.moves, before.moves);
  await page.close();
});

test('a hint marks a legal move, and the evaluation bar shows who stands better', { timeout: 60000 }, async () => {
  const { page, errors } = await openGame(game.browser, game.server.url);
  await call(page, 'game_new', { mode: 'two', turn_board: false, cards: ['tiger', 'crab', 'monkey', 'crane', 'boar'] });
  await page.click('#hint');
  await page.waitForFunction(() => window.wasmBindings.game_state().hint != null, null, { timeout: 20000 });
  const s = await state(page);
  assert.ok(s.legal_moves.includes(s.hint), `hint ${s.hint} is legal`);
  await openMenu(page);
  await page.click('#show-eval');
  await page.waitForFunction(() => !['', '…'].includes(document.getElementById('eval-text').textContent), null, { timeout: 20000 });
  assert.match(await page.textContent('#eval-text'), /^(Even|Red \+|Blue \+|Red wins|Blue wins)/);
  await screenshot(page, 'hint-and-evaluation');
  // A position where Red captures the master at once: the bar says Red wins.
  await call(page, 'game_load', '5/2B2/2r2/5/R4 ox,boar crab,tiger horse r');
  await page.waitForFunction(() => /Red wins in 1/.test(document.getElementById('eval-text').textContent), null, { timeout: 20000 });
  assert.deepEqual(errors, []);
  await page.close();
});
