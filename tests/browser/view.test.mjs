// The page writes exactly the view the core computed: game_state().controls is the oracle the
// native tests check, and here the DOM is compared with it after each step of a game, a review
// and a finished game.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { screenshot, servedGame, openGame, openMenu, still } from './harness.mjs';

const game = servedGame({ before, after });

// Red can take Blue's master at once (crab:c2c3) but plays boar:c2b2; Blue then takes Red's.
const BLUNDER = 'start 5/5/2B2/2R2/5 crab,boar horse,elephant ox r\nmoves boar:c2b2 elephant:c3b2\n';

/** What the DOM shows, read back in the view's own terms. */
function readDom() {
  const text = (id) => document.getElementById(id)?.textContent ?? null;
  const hidden = (id) => document.getElementById(id).hidden || document.getElementById(id).hasAttribute('hidden');
  const rows = [...document.querySelectorAll('#moves li')].map((li) => ({
    ply: Number(li.dataset.ply),
    // The move's own words; the lines explored in its place (the analysis board's) are buttons.
    text: li.firstChild?.nodeType === Node.TEXT_NODE ? li.firstChild.textContent : '',
    notation: li.dataset.move,
    side: li.className,
    current: li.getAttribute('aria-current') === 'step',
    mark: li.dataset.mark ? { class: li.dataset.class, mark: li.dataset.mark, title: li.title } : null,
    variations: [...li.querySelectorAll('button.variation')].map((b) => b.textContent),
  }));
  return {
    dark: document.documentElement.dataset.theme === 'dark',
    board_description: text('board-description'),
    mode_line: text('mode-line'),
    notice: text('notice') || null,
    undo: !document.getElementById('undo').disabled,
    redo: !document.getElementById('redo').disabled,
    hint: !document.getElementById('hint').disabled,
    moves: rows,
    evaluation: hidden('eval') ? null : { label: text('eval-text'), percent: parseFloat(document.getElementById('eval-fill').style.width) },
    review: hidden('review') ? null : {
      text: text('review-text'),
      best_line: !hidden('review-best'),
      continue_here: !hidden('review-continue'),
      close_label: text('review-close'),
      marks: [...document.querySelectorAll('#review-graph path')].map((p) => p.getAttribute('class'))
        .filter((c) => !['mid', 'red', 'line', 'now'].includes(c)),
    },
    puzzle_end: hidden('puzzle-end') ? null : text('puzzle-text'),
    viewing: hidden('viewing') ? null : text('viewing-text'),
    result: hidden('result') ? null : {
      text: text('result-text'),
      rematch: !hidden('rematch'),
      change_level: !hidden('result-level'),
      next_level: hidden('play-next-level') ? null : { label: text('next-level'), offer: document.getElementById('play-next-level').getAttribute('aria-label') },
    },
  };
}

/** The core's view, in the same terms as `readDom`. */
function readView() {
  const v = window.wasmBindings.game_state().controls;
  return {
    dark: v.dark,
    board_description: v.board_description,
    mode_line: v.mode_line,
    notice: v.notice,
    undo: v.undo,
    redo: v.redo,
    hint: v.hint,
    moves: v.moves,
    evaluation: v.evaluation && { label: v.evaluation.label, percent: v.evaluation.red_permille / 10 },
    review: v.review && {
      text: v.review.text,
      best_line: v.review.best_line,
      continue_here: v.review.continue_here,
      close_label: v.review.close_label,
      marks: v.review.graph.marks.map((m) => m.class),
    },
    puzzle_end: v.puzzle_end,
    viewing: v.viewing,
    result: v.result,
  };
}

async function assertDomIsTheView(page, step) {
  const [dom, view] = await Promise.all([page.evaluate(readDom), page.evaluate(readView)]);
  assert.deepEqual(dom, view, `after ${step}`);
  return view;
}

test('the controls show exactly the core view through a game, looking back, a review and the end', async () => {
  const { page, errors } = await openGame(game.browser, game.server.url);
  await page.evaluate(() => window.wasmBindings.game_settings({ language: 'fr', evaluation: true }));
  await page.evaluate(() => window.wasmBindings.game_new({ mode: 'two', cards: ['tiger', 'crab', 'monkey', 'crane', 'boar'] }));
  await still(page);
  let view = await assertDomIsTheView(page, 'a new game');
  assert.equal(view.undo, false);
  for (const m of ['crab:c1c2', 'monkey:b5c4', 'tiger:c2c4']) {
    await page.evaluate((m) => window.wasmBindings.game_play(m), m);
    await still(page);
  }
  await page.waitForFunction(() => window.wasmBindings.game_state().controls.evaluation?.label !== '…', null, { timeout: 30000 });
  view = await assertDomIsTheView(page, 'three moves, and the bar with a score');
  assert.equal(view.moves.length, 3);

  // Looking back from the move list, then with its keys.
  await page.click('#moves li[data-ply="1"]');
  await still(page);
  view = await assertDomIsTheView(page, 'a click on the first move');
  assert.ok(view.viewing);
  await page.focus('#moves');
  await page.keyboard.press('End');
  await still(page);
  view = await assertDomIsTheView(page, 'End on the move list');
  assert.equal(view.viewing, null);
  await screenshot(page, 'view-looking-back-fr');

  // A reviewed record: marks in the list and on the graph.
  await openMenu(page);
  await page.click('#records');
  await page.fill('#record-text', BLUNDER);
  await page.click('#record-review');
  await page.waitForFunction(() => window.wasmBindings.game_state().review?.running === false, null, { timeout: 60000 });
  await page.click('#moves li[data-ply="1"]');
  await still(page);
  view = await assertDomIsTheView(page, 'the reviewed blunder');
  assert.equal(view.moves[0].mark?.mark, '??');
  assert.equal(view.review.best_line, true);
  await page.click('#review-close');
  await still(page);
  await assertDomIsTheView(page, 'closing the review');

  // The end of a game: the banner, then closed with Escape.
  await page.evaluate(() => window.wasmBindings.game_new({ mode: 'ai', human: 'red', level: 0, position: '5/5/2B2/2R2/5 crab,boar horse,elephant ox r' }));
  await page.evaluate(() => window.wasmBindings.game_play('crab:c2c3'));
  await still(page);
  view = await assertDomIsTheView(page, 'a win against the AI');
  assert.equal(view.result?.change_level, true);
  await page.keyboard.press('Escape');
  view = await assertDomIsTheView(page, 'Escape on the result');
  assert.equal(view.result, null);
  assert.deepEqual(errors, []);
  await page.close();
});

test('the new-game dialog opens on the game played and starts what it shows', async () => {
  const { page } = await openGame(game.browser, game.server.url);
  await page.evaluate(() => window.wasmBindings.game_new({ mode: 'watch', level: 3 }));
  await page.click('#new-game');
  assert.equal(await page.inputValue('#setup-mode'), 'watch');
  assert.equal(await page.inputValue('#setup-level'), 'apprentice');
  assert.ok(await page.isHidden('#setup-colour'), 'no colour to choose when the AI plays itself');
  await page.selectOption('#setup-mode', 'two');
  assert.ok(await page.isHidden('#setup-level'));
  assert.ok(await page.isVisible('#setup-turn'));
  await page.click('#setup-start');
  await still(page);
  const s = await page.evaluate(() => window.wasmBindings.game_state());
  assert.equal(s.mode, 'two');
  assert.equal(s.level, null);
  await page.close();
});

test('changing a card chooser in the new-game dialog chooses the cards: Start deals them', async () => {
  const { page } = await openGame(game.browser, game.server.url);
  await page.click('#new-game');
  assert.equal(await page.isChecked('#setup-choose-cards'), false);
  const cards = ['tiger', 'crab', 'monkey', 'crane', 'boar'];
  for (const [id, card] of ['setup-red-1', 'setup-red-2', 'setup-blue-1', 'setup-blue-2', 'setup-side'].map((id, i) => [id, cards[i]])) {
    await page.selectOption(`#${id}`, card);
  }
  assert.equal(await page.isChecked('#setup-choose-cards'), true, 'a card chosen ticks the box');
  await page.click('#setup-start');
  await still(page);
  const position = await page.evaluate(() => window.wasmBindings.game_state().position);
  assert.match(position, /^bbBbb\/5\/5\/5\/rrRrr (tiger,crab|crab,tiger) (monkey,crane|crane,monkey) boar r$/);
  await page.close();
});

test('watching the AI play itself can be paused, and its pace is chosen and kept', async () => {
  const page = await game.browser.newPage({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 1 });
  // The page's clock, which runs as the real one until the test moves it on.
  await page.clock.install();
  await page.goto(game.server.url);
  await page.waitForFunction(() => window.wasmBindings !== undefined);
  await page.evaluate(() => window.wasmBindings.game_new({ mode: 'watch', level: 0 }));
  assert.ok(await page.isVisible('#watch'));
  await page.selectOption('#watch-speed', 'fast');
  assert.equal((await page.evaluate(() => window.wasmBindings.game_settings())).watch_speed, 'fast');
  await page.waitForFunction(() => window.wasmBindings.game_state().moves.length >= 2, null, { timeout: 30000 });
  await page.click('#watch-pause');
  assert.equal(await page.evaluate(() => window.wasmBindings.game_state().controls.watch.paused), true);
  await still(page);
  const paused = await page.evaluate(() => window.wasmBindings.game_state().moves.length);
  // Ten seconds later for the page, far past the rest after a move at any pace, and two frames on.
  await page.clock.fastForward(10000);
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  const later = await page.evaluate(() => window.wasmBindings.game_state());
  assert.equal(later.moves.length, paused, 'nothing moves while paused');
  assert.equal(later.thinking, false, 'nor is a move searched');
  await screenshot(page, 'watch-paused-390x844');
  await page.click('#watch-pause');
  await page.waitForFunction((n) => window.wasmBindings.game_state().moves.length > n, paused, { timeout: 30000 });
  await page.reload();
  await page.waitForFunction(() => window.wasmBindings !== undefined);
  assert.equal(await page.inputValue('#watch-speed'), 'fast', 'the pace is kept');
  await page.close();
});
