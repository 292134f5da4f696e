// Puzzles on the page: the set for scripts, one solved against the engine's defence, one failed
// with its refutation on the board, the daily puzzle, and progress remembered.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { screenshot, servedGame, openGame, openMenu, still } from './harness.mjs';

const game = servedGame({ before, after });

const state = (page) => page.evaluate(() => window.wasmBindings.game_state());

/** The first moves that win within `plies` plies, by brute force through the page's own API. */
async function winningMoves(page, position, plies) {
  return page.evaluate(([position, plies]) => {
    const w = window.wasmBindings;
    const over = (p) => w.legal_moves(p).length === 0;
    const wins = (p, left) => {
      if (left <= 0) return false;
      return w.legal_moves(p).some((m) => {
        const next = w.play_move(p, m);
        if (over(next)) return true;
        if (left < 3) return false;
        return w.legal_moves(next).every((reply) => {
          const back = w.play_move(next, reply);
          return !over(back) && wins(back, left - 2);
        });
      });
    };
    return w.legal_moves(position).filter((m) => {
      const next = w.play_move(position, m);
      if (over(next)) return true;
      return plies >= 3 && w.legal_moves(next).every((reply) => {
        const back = w.play_move(next, reply);
        return !over(back) && wins(back, plies - 2);
      });
    });
  }, [position, plies]);
}

/** Waits for the defence to be played and the page to be still. */
async function defended(page, moves) {
  await page.waitForFunction((n) => window.wasmBindings.game_state().moves.length >= n, moves, { timeout: 30000 });
  await still(page);
}

test('puzzles() gives the whole set: at least 300, in three difficulties', async () => {
  const { page, errors } = await openGame(game.browser, game.server.url);
  const set = await page.evaluate(() => window.wasmBindings.puzzles());
  assert.ok(set.length >= 300, `${set.length} puzzles`);
  for (const difficulty of ['easy', 'medium', 'hard']) {
    assert.ok(set.filter((p) => p.difficulty === difficulty).length >= 100, difficulty);
  }
  assert.deepEqual(Object.keys(set[0]).sort(), ['difficulty', 'id', 'plies', 'position']);
  assert.equal(new Set(set.map((p) => p.id)).size, set.length);
  assert.deepEqual(errors, []);
  await page.close();
});

test('an easy puzzle is solved against the engine\'s defence and remembered', async () => {
  const { page, errors } = await openGame(game.browser, game.server.url, { width: 390, height: 844 });
  await openMenu(page);
  await page.click('#puzzle-easy');
  await page.waitForFunction(() => window.wasmBindings.game_state().puzzle !== null);
  let s = await state(page);
  assert.equal(s.puzzle.plies, 3);
  assert.match(await page.textContent('#mode-line'), new RegExp(`Puzzle ${s.puzzle.id} · easy · (Red|Blue) wins in 2 moves`));
  await screenshot(page, 'puzzle-easy-start-phone');
  const [first] = await winningMoves(page, s.position, 3);
  await page.evaluate((m) => window.wasmBindings.game_play(m), first);
  await defended(page, 2);
  s = await state(page);
  assert.equal(s.puzzle.status, 'playing');
  const [last] = await winningMoves(page, s.position, 1);
  await page.evaluate((m) => window.wasmBindings.game_play(m), last);
  await still(page);
  s = await state(page);
  assert.equal(s.puzzle.status, 'solved');
  assert.match(await page.textContent('#puzzle-text'), /^Solved!/);
  assert.equal(await page.isVisible('#result'), false, 'the puzzle has its own ending');
  await screenshot(page, 'puzzle-solved-phone');
  const solved = await page.evaluate(() => localStorage.getItem('onitama.puzzles.solved'));
  assert.equal(solved, String(s.puzzle.id));
  // The next easy puzzle is another one.
  await page.click('#puzzle-next');
  await page.waitForFunction((id) => window.wasmBindings.game_state().puzzle?.id !== id, s.puzzle.id);
  const next = await state(page);
  assert.equal(next.puzzle.plies, 3);
  assert.equal(next.puzzle.status, 'playing');
  assert.deepEqual(errors, []);
  await page.close();
});

test('a wrong move in a puzzle is answered by its refutation on the board, explained, and can be tried again', async () => {
  const { page, errors } = await openGame(game.browser, game.server.url);
  await page.evaluate(() => window.wasmBindings.game_settings({ language: 'fr' }));
  await openMenu(page);
  await page.click('#puzzle-medium');
  await page.waitForFunction(() => window.wasmBindings.game_state().puzzle !== null);
  const start = await state(page);
  assert.equal(start.puzzle.plies, 5);
  const winners = await winningMoves(page, start.position, 5);
  assert.equal(winners.length, 1, 'one first move wins');
  const wrong = start.legal_moves.find((m) => m !== winners[0]);
  await page.evaluate((m) => window.wasmBindings.game_play(m), wrong);
  await defended(page, 2);
  const s = await state(page);
  assert.equal(s.puzzle.status, 'failed');
  assert.equal(s.moves[0], wrong);
  assert.equal(s.moves.length, 2, 'the refutation is played on the board');
  assert.match(await page.textContent('#puzzle-text'), /^Pas celui-ci\u00a0: après .* répond .*/);
  assert.equal(s.legal_moves.length > 0 && s.to_move === start.to_move, true);
  await screenshot(page, 'puzzle-failed-fr');
  // A reload keeps the puzzle and where it stands.
  await page.reload();
  await page.waitForFunction(() => window.wasmBindings !== undefined);
  await still(page);
  const reloaded = await state(page);
  assert.equal(reloaded.puzzle.id, start.puzzle.id);
  assert.deepEqual(reloaded.moves, s.moves);
  // Nothing more is played until the player tries again.
  await page.mouse.click(10, 10);
  assert.equal((await state(page)).moves.length, 2);
  await page.click('#puzzle-again');
  await still(page);
  const again = await state(page);
  assert.equal(again.position, start.position);
  assert.equal(again.puzzle.status, 'playing');
  assert.equal(again.puzzle.id, start.puzzle.id);
  assert.deepEqual(errors, []);
  await page.close();
});

test('the daily puzzle comes from the date and says so, in Persian', async () => {
  const { page, errors } = await openGame(game.browser, game.server.url);
  await page.evaluate(() => window.wasmBindings.game_settings({ language: 'fa' }));
  await openMenu(page);
  await page.click('#puzzle-daily');
  await page.waitForFunction(() => window.wasmBindings.game_state().puzzle !== null);
  const first = await state(page);
  assert.equal(first.puzzle.daily, true);
  assert.match(await page.textContent('#mode-line'), /^معمای روز/);
  await screenshot(page, 'puzzle-daily-fa');
  // Asked again the same day, it is the same puzzle.
  await openMenu(page);
  await page.click('#puzzle-daily');
  await still(page);
  assert.equal((await state(page)).puzzle.id, first.puzzle.id);
  // The menu counts what is solved.
  await openMenu(page);
  assert.match(await page.textContent('#puzzles-status'), /۰ از ۳۶۰|از/);
  assert.deepEqual(errors, []);
  await page.close();
});

test('a puzzle asked for while the AI makes its first move still starts once the set has come', async () => {
  const { page, errors } = await openGame(game.browser, game.server.url);
  // Goose's blue stamp: the AI (Blue) moves at once, while the set is fetched.
  await page.evaluate(() => window.wasmBindings.game_new({ mode: 'ai', human: 'red', level: 0, cards: ['tiger', 'crab', 'monkey', 'crane', 'goose'] }));
  await openMenu(page);
  await page.click('#puzzle-hard');
  await page.waitForFunction(() => window.wasmBindings.game_state().puzzle?.plies === 7, null, { timeout: 30000 });
  // A new game started while the set comes is left alone.
  const fresh = await openGame(game.browser, game.server.url);
  await openMenu(fresh.page);
  await fresh.page.route('**/puzzles.txt', async (route) => { await new Promise((r) => setTimeout(r, 500)); await route.continue(); });
  await fresh.page.click('#puzzle-easy');
  await fresh.page.evaluate(() => window.wasmBindings.game_new({ mode: 'two' }));
  await new Promise((r) => setTimeout(r, 1500));
  const s = await fresh.page.evaluate(() => window.wasmBindings.game_state());
  assert.equal(s.puzzle, null);
  assert.equal(s.mode, 'two');
  assert.deepEqual(errors, []);
  assert.deepEqual(fresh.errors, []);
  await page.close();
  await fresh.page.close();
});
