// Game review on the page: from Records or the result banner to the graph, classes in the move
// list, the graph clickable, the engine's best line on the board; and review_game for scripts.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { screenshot, servedGame, openGame, openMenu, still } from './harness.mjs';

const game = servedGame({ before, after });

// Red can take Blue's master at once (crab:c2c3) but plays boar:c2b2; Blue then takes Red's.
const BLUNDER = 'start 5/5/2B2/2R2/5 crab,boar horse,elephant ox r\nmoves boar:c2b2 elephant:c3b2\n';

/** A game of random-looking but fixed moves (a small LCG picks among the legal moves). */
async function fixedGame(page, plies) {
  return page.evaluate(async (plies) => {
    const w = await window.wasmBindings.engine();
    const start = 'bbBbb/5/5/5/rrRrr tiger,crab monkey,crane boar r';
    let position = start;
    let seed = 7;
    const moves = [];
    for (let i = 0; i < plies; i++) {
      const legal = w.legal_moves(position);
      if (legal.length === 0) break;
      seed = (seed * 1103515245 + 12345) % 2147483648;
      const m = legal[seed % legal.length];
      moves.push(m);
      position = w.play_move(position, m);
    }
    return `start ${start}\nmoves ${moves.join(' ')}\n`;
  }, plies);
}

async function reviewRecord(page, record) {
  await openMenu(page);
  await page.click('#records');
  await page.fill('#record-text', record);
  await page.click('#record-review');
  await page.waitForFunction(() => window.wasmBindings.game_state().review?.running === false, null, { timeout: 60000 });
}

test('a record with a thrown-away win is reviewed from Records: blunder marked, best line on the board', async () => {
  const { page, errors } = await openGame(game.browser, game.server.url);
  await reviewRecord(page, BLUNDER);
  const s = await page.evaluate(() => window.wasmBindings.game_state());
  assert.deepEqual(s.review.classes.slice(0, 1), ['blunder']);
  assert.equal(s.review.total, 2);
  assert.equal(await page.getAttribute('#moves li[data-ply="1"]', 'data-class'), 'blunder');
  assert.equal(await page.locator('#review-graph path.blunder').count(), 1);
  // The graph: a click at its left edge shows the start, then the verdict of move 1 is readable.
  const box = await page.locator('#review-graph').boundingBox();
  await page.mouse.click(box.x + 2, box.y + box.height / 2);
  await still(page);
  assert.equal((await page.evaluate(() => window.wasmBindings.game_state())).moves.length, 0);
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  await still(page);
  assert.equal((await page.evaluate(() => window.wasmBindings.game_state())).moves.length, 1);
  assert.match(await page.textContent('#review-text'), /blunder · best was crab c2-c3|blunder.*crab/i);
  // The engine's line in place of the blunder: its first move is the winning capture.
  await page.click('#review-best');
  await still(page);
  const line = await page.evaluate(() => window.wasmBindings.game_state());
  assert.equal(line.review.variation, 1);
  assert.deepEqual(line.moves, ['crab:c2c3']);
  assert.equal(line.outcome, 'red-stone');
  assert.equal(await page.isVisible('#review-continue'), true);
  await screenshot(page, 'review-best-line');
  // Back on the graph: the reviewed game again, whole.
  await page.mouse.click(box.x + box.width - 2, box.y + box.height / 2);
  await still(page);
  const back = await page.evaluate(() => window.wasmBindings.game_state());
  assert.deepEqual(back.moves, ['boar:c2b2', 'elephant:c3b2']);
  assert.equal(back.review.variation, null);
  assert.deepEqual(errors, []);
  await page.close();
});

// The same with expansion cards: Red's mouse or rat takes Blue's master, rat steps aside instead;
// Blue's panda then takes Red's.
const EXPANSION_BLUNDER = 'start 5/5/2B2/2R2/5 mouse,rat panda,dog giraffe r\nmoves rat:c2b2 panda:c3b2\n';

test('a record with expansion cards is reviewed from Records: the blunder marked, the best line on the board with their emblems', async () => {
  const { page, errors } = await openGame(game.browser, game.server.url);
  const emblems = page.waitForResponse((r) => r.url().endsWith('emblems/expansion.txt'));
  await reviewRecord(page, EXPANSION_BLUNDER);
  assert.equal((await emblems).status(), 200);
  const s = await page.evaluate(() => window.wasmBindings.game_state());
  assert.equal(s.review.total, 2);
  assert.deepEqual(s.review.classes, ['blunder', 'best']);
  assert.equal(await page.getAttribute('#moves li[data-ply="1"]', 'data-class'), 'blunder');
  await page.click('#moves li[data-ply="1"]');
  await still(page);
  assert.match(await page.textContent('#review-text'), /rat c2.b2: blunder · best was (mouse|rat) c2.c3/);
  await page.click('#review-best');
  await still(page);
  const line = await page.evaluate(() => window.wasmBindings.game_state());
  assert.equal(line.review.variation, 1);
  assert.ok(['mouse:c2c3', 'rat:c2c3'].includes(line.moves[0]), line.moves.join(' '));
  assert.equal(line.outcome, 'red-stone');
  await page.evaluate(() => new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(ok))));
  await screenshot(page, 'review-expansion-best-line');
  assert.deepEqual(errors, []);
  await page.close();
});

test('a finished game is reviewed from the result banner, in Persian, and the graph covers every move', async () => {
  const { page, errors } = await openGame(game.browser, game.server.url, { width: 1280, height: 800 });
  await page.evaluate(() => window.wasmBindings.game_settings({ language: 'fa' }));
  const record = await fixedGame(page, 24);
  await reviewRecord(page, record);
  // Reviewed games open where they end; its moves are each classed.
  const s = await page.evaluate(() => window.wasmBindings.game_state());
  assert.equal(s.review.reviewed, s.review.total);
  assert.ok(s.review.classes.every((c) => ['best', 'good', 'inaccuracy', 'mistake', 'blunder'].includes(c)));
  assert.ok(s.review.classes.some((c) => c === 'blunder' || c === 'mistake'), 'random moves make mistakes');
  const path = await page.getAttribute('#review-graph path.line', 'd');
  assert.equal(path.split('L').length, s.review.total + 1, 'one point per position');
  assert.match(await page.textContent('#review-close'), /بستن/);
  await screenshot(page, 'review-graph-fa');
  // Closing the review puts the page back as it was.
  await page.click('#review-close');
  assert.equal(await page.isHidden('#review'), true);
  // A game finished on the page: Review on its banner.
  await page.evaluate(() => window.wasmBindings.game_new({ mode: 'two', position: '5/5/2B2/2R2/5 crab,boar horse,elephant ox r' }));
  await page.evaluate(() => window.wasmBindings.game_play('crab:c2c3'));
  await still(page);
  await page.click('#result-review');
  await page.waitForFunction(() => window.wasmBindings.game_state().review?.running === false, null, { timeout: 30000 });
  assert.deepEqual((await page.evaluate(() => window.wasmBindings.game_state())).review.classes, ['best']);
  assert.deepEqual(errors, []);
  await page.close();
});

test('a review shows its progress and can be cancelled while the page answers', async () => {
  const { page, errors } = await openGame(game.browser, game.server.url, { width: 360, height: 640 });
  const record = await fixedGame(page, 30);
  await openMenu(page);
  await page.click('#records');
  await page.fill('#record-text', record);
  await page.click('#record-review');
  await page.waitForFunction(() => window.wasmBindings.game_state().review?.reviewed >= 2);
  // At once, in the page (a quiet machine, and endings judged by the exact tables, finish a
  // review soon): its progress shows, the page still answers (settings change while the worker
  // searches), and Stop keeps what is judged so far.
  const running = await page.evaluate(async () => {
    const shown = window.wasmBindings.game_state().review.running && !document.getElementById('review-progress').hidden;
    const settled = window.wasmBindings.game_settings({ coordinates: true });
    document.getElementById('review-close').click();
    return shown && (await settled).coordinates;
  });
  assert.equal(running, true, 'stopped while it ran, its progress shown');
  await screenshot(page, 'review-running-phone');
  const stopped = await page.evaluate(() => window.wasmBindings.game_state());
  assert.equal(stopped.review.running, false);
  assert.ok(stopped.review.reviewed >= 2);
  assert.equal(await page.textContent('#review-close'), 'Close');
  await page.click('#review-close');
  const s = await page.evaluate(() => window.wasmBindings.game_state());
  assert.equal(s.review, null);
  assert.deepEqual(errors, []);
  await page.close();
});

test('review_game resolves to one entry per move, classes and best moves included', async () => {
  const { page, errors } = await openGame(game.browser, game.server.url);
  const entries = await page.evaluate((record) => window.wasmBindings.review_game(record, { movetime: 100 }), BLUNDER);
  assert.equal(entries.length, 2);
  assert.deepEqual(Object.keys(entries[0]).sort(), ['best', 'class', 'line', 'move', 'ply', 'score_after', 'score_before']);
  assert.equal(entries[0].class, 'blunder');
  assert.equal(entries[0].move, 'boar:c2b2');
  assert.equal(entries[0].best, 'crab:c2c3');
  assert.deepEqual(entries[0].score_before, { kind: 'win', value: 1 });
  assert.equal(entries[1].class, 'best');
  const refused = await page.evaluate(() => {
    try { window.wasmBindings.review_game('start nonsense', {}); return 'accepted'; } catch (e) { return String(e.message); }
  });
  assert.match(refused, /bad record/);
  assert.deepEqual(errors, []);
  await page.close();
});

test('Review pressed with the keyboard on the result banner takes the focus into the review panel (Spanish, desktop)', async () => {
  const { page, errors } = await openGame(game.browser, game.server.url, { width: 1280, height: 800 });
  await page.evaluate(() => window.wasmBindings.game_settings({ language: 'es' }));
  // Red throws the win away and Blue takes Red's master: the game is lost.
  await page.evaluate(() => window.wasmBindings.game_new({ mode: 'two', position: '5/5/2B2/2R2/5 crab,boar horse,elephant ox r' }));
  await page.evaluate(() => window.wasmBindings.game_play('boar:c2b2'));
  await page.evaluate(() => window.wasmBindings.game_play('elephant:c3b2'));
  await still(page);
  assert.ok(await page.isVisible('#result-review'));
  // From the banner's last button back to Review, as a keyboard user goes.
  await page.focus('#result-close');
  for (let i = 0; i < 6 && !(await page.evaluate(() => document.activeElement?.id === 'result-review')); i += 1) {
    await page.keyboard.press('Shift+Tab');
  }
  assert.equal(await page.evaluate(() => document.activeElement.id), 'result-review');
  assert.match(await page.textContent('#result-review'), /Revisar/);
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => !document.getElementById('review').hidden);
  const focused = await page.evaluate(() => ({ id: document.activeElement.id, inPanel: document.getElementById('review').contains(document.activeElement) }));
  assert.ok(focused.inPanel, `the focus is in the review panel, not on ${focused.id || 'the body'}`);
  assert.equal(focused.id, 'review-close');
  await page.waitForFunction(() => window.wasmBindings.game_state().review?.running === false, null, { timeout: 30000 });
  assert.deepEqual(errors, []);
  await page.close();
});
