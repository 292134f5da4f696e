// Puzzles on the page: the set for scripts, one solved against the engine's defence, one failed
// with its refutation on the board, the daily puzzle, and progress remembered.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { screenshot, servedGame, openGame, openContext, openMenu, still } from './harness.mjs';

const game = servedGame({ before, after });

const state = (page) => page.evaluate(() => window.wasmBindings.game_state());

/** The first moves that win within `plies` plies, by brute force through the page's own API. */
async function winningMoves(page, position, plies) {
  return page.evaluate(async ([position, plies]) => {
    const w = await window.wasmBindings.engine();
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
  const setCame = fresh.page.waitForResponse('**/puzzles.txt');
  await fresh.page.click('#puzzle-easy');
  await fresh.page.evaluate(() => window.wasmBindings.game_new({ mode: 'two' }));
  // The set has come, and the page has had it for two frames: a puzzle it still meant to start
  // would be on the board.
  await (await setCame).finished();
  await fresh.page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  const s = await fresh.page.evaluate(() => window.wasmBindings.game_state());
  assert.equal(s.puzzle, null);
  assert.equal(s.mode, 'two');
  assert.deepEqual(errors, []);
  assert.deepEqual(fresh.errors, []);
  await page.close();
  await fresh.page.close();
});

/** Taps the element and waits a frame. */
async function tap(page, selector) {
  await page.tap(selector);
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(r)));
}

/** Where the list of puzzles lies and how its parts measure, on the page as it stands. */
async function listGeometry(page) {
  return page.evaluate(() => {
    const rect = (e) => e.getBoundingClientRect();
    const dialog = document.getElementById('puzzle-list-dialog');
    const rows = document.getElementById('puzzle-rows');
    const targets = [...dialog.querySelectorAll('button')].map((b) => { const r = rect(b); return { w: r.width, h: r.height, text: b.textContent }; });
    const d = rect(dialog);
    return {
      open: dialog.open,
      dialog: { top: d.top, left: d.left, bottom: d.bottom, right: d.right },
      rowsScroll: { scrollHeight: rows.scrollHeight, clientHeight: rows.clientHeight },
      pageScrolls: document.documentElement.scrollHeight > innerHeight || document.documentElement.scrollWidth > innerWidth,
      smallest: targets.reduce((m, t) => Math.min(m, t.w, t.h), Infinity),
      buttons: [...rows.querySelectorAll('button')].map((b) => ({ id: Number(b.dataset.id), text: b.textContent, label: b.getAttribute('aria-label'), solved: b.classList.contains('solved') })),
      pressed: [...dialog.querySelectorAll('[aria-pressed="true"]')].map((b) => b.dataset.d),
    };
  });
}

for (const [locale, lang, solvedWord, unsolvedWord, notCounted] of [
  ['fa-IR', 'fa', 'حل شده', 'هنوز حل نشده', /به شمار نمی‌آید/],
  ['fr-FR', 'fr', 'résolu', 'pas encore résolu', /ne compte pas comme résolue/],
]) {
  test(`the list of puzzles on a 360x640 phone by taps in ${lang}: it fits and scrolls in itself, plays the one chosen, shows its solution; a solve after it is one with help, not ticked, and a clean one is ticked`, async () => {
    const { context, page, errors } = await openContext(game.browser, game.server.url, { viewport: { width: 360, height: 640 }, locale, hasTouch: true, isMobile: true });
    await still(page);
    assert.equal((await state(page)).language, lang);
    // A game in progress: it is kept aside while puzzles are played.
    await page.evaluate(() => window.wasmBindings.game_new({ mode: 'two', cards: ['tiger', 'crab', 'monkey', 'crane', 'boar'] }));
    await page.evaluate(() => window.wasmBindings.game_play('crab:c1c2'));
    await still(page);
    await tap(page, '#menu-button');
    await tap(page, '#puzzle-list');
    await page.waitForFunction(() => document.querySelectorAll('#puzzle-rows button').length > 0);
    let g = await listGeometry(page);
    assert.ok(g.open);
    assert.deepEqual(g.pressed, ['easy'], 'the easy ones first');
    assert.equal(g.buttons.length, 120);
    assert.ok(g.dialog.top >= 0 && g.dialog.left >= 0 && g.dialog.bottom <= 640 && g.dialog.right <= 360, JSON.stringify(g.dialog));
    assert.ok(g.rowsScroll.scrollHeight > g.rowsScroll.clientHeight + 100, 'the numbers scroll inside their list');
    assert.equal(g.pageScrolls, false, 'the page itself does not scroll');
    assert.ok(g.smallest >= 44, `every target is at least 44 px: ${g.smallest}`);
    assert.ok(g.buttons.every((b) => b.label.endsWith(unsolvedWord) && !b.solved), 'none solved yet, said in words');
    if (lang === 'fa') {
      assert.equal(await page.getAttribute('html', 'dir'), 'rtl');
      assert.ok(g.buttons.every((b) => /^[۰-۹]+$/.test(b.text)), `Persian digits: ${g.buttons[0].text}`);
    }
    await screenshot(page, `puzzle-list-${lang}-360x640`);
    // Another difficulty by a tap; Escape closes the list.
    await tap(page, '#puzzle-tabs [data-d="hard"]');
    g = await listGeometry(page);
    assert.deepEqual(g.pressed, ['hard']);
    assert.equal((await state(page)).controls.puzzle_list.shows, 'hard');
    await page.keyboard.press('Escape');
    await page.waitForFunction(() => !document.getElementById('puzzle-list-dialog').open);
    // The dialog's close event comes in a task of its own: the page knows it is closed then.
    await page.waitForFunction(() => window.wasmBindings.game_state().controls.puzzle_list === null);
    // Opened again, a medium one is chosen by a tap.
    await tap(page, '#menu-button');
    await tap(page, '#puzzle-list');
    await tap(page, '#puzzle-tabs [data-d="medium"]');
    const chosen = (await listGeometry(page)).buttons[2];
    await tap(page, `#puzzle-rows [data-id="${chosen.id}"]`);
    await page.waitForFunction((id) => window.wasmBindings.game_state().puzzle?.id === id, chosen.id);
    let s = await state(page);
    assert.equal(s.puzzle.plies, 5);
    assert.equal(s.controls.back_to_my_game, true, 'the game in progress waits aside');
    assert.equal(await page.evaluate(() => document.getElementById('puzzle-list-dialog').open), false);
    const solver = s.to_move;
    // Show the solution: the line plays itself out, the defence answering.
    assert.ok(await page.isVisible('#show-solution'));
    await screenshot(page, `puzzle-chosen-${lang}-360x640`);
    await tap(page, '#show-solution');
    await page.waitForFunction(() => window.wasmBindings.game_state().moves.length === 1, null, { timeout: 10000 });
    await screenshot(page, `puzzle-solution-playing-${lang}-360x640`);
    await page.waitForFunction(() => { const s = window.wasmBindings.game_state(); return s.outcome !== null && !s.animating; }, null, { timeout: 30000 });
    s = await state(page);
    assert.equal(s.moves.length, 5, 'the win in its five plies');
    assert.ok(s.outcome.startsWith(solver), `${solver} has won: ${s.outcome}`);
    assert.equal(s.puzzle.status, 'shown');
    assert.match(await page.textContent('#puzzle-text'), notCounted);
    assert.equal(await page.isVisible('#show-solution'), false);
    assert.equal(await page.evaluate(() => localStorage.getItem('onitama.puzzles.solved')), null, 'not counted as solved');
    await screenshot(page, `puzzle-solution-shown-${lang}-360x640`);
    // Try again, and solve it with the line just seen: the defence answers the same, and a solve
    // after watching the solution is one with help, not ticked.
    const line = s.moves;
    await tap(page, '#puzzle-again');
    await still(page);
    for (let ply = 0; ply < line.length; ply += 2) {
      await page.evaluate((m) => window.wasmBindings.game_play(m), line[ply]);
      if (ply + 1 < line.length) await defended(page, ply + 2);
    }
    await still(page);
    s = await state(page);
    assert.equal(s.puzzle.status, 'solved-with-help');
    assert.equal(s.puzzle.helped, true);
    assert.deepEqual(s.moves, line);
    assert.equal(await page.evaluate(() => localStorage.getItem('onitama.puzzles.solved')), null, 'not ticked');
    await screenshot(page, `puzzle-solved-with-help-${lang}-360x640`);
    // Solved cleanly on this device (as kept), the list marks it solved, in words too.
    await page.evaluate((id) => localStorage.setItem('onitama.puzzles.solved', String(id)), chosen.id);
    await page.reload();
    await page.waitForFunction(() => window.wasmBindings !== undefined);
    await still(page);
    await tap(page, '#menu-button');
    await tap(page, '#puzzle-list');
    await page.waitForFunction(() => document.querySelector('#puzzle-rows .solved') !== null);
    g = await listGeometry(page);
    assert.deepEqual(g.pressed, ['medium'], 'at the difficulty of the puzzle on the board');
    const marked = g.buttons.filter((b) => b.solved);
    assert.deepEqual(marked.map((b) => b.id), [chosen.id]);
    assert.ok(marked[0].label.endsWith(solvedWord) && !marked[0].label.includes(unsolvedWord), marked[0].label);
    assert.equal(await page.evaluate(() => getComputedStyle(document.querySelector('#puzzle-rows .solved'), '::after').content), '"✓"');
    await screenshot(page, `puzzle-list-solved-${lang}-360x640`);
    assert.deepEqual(errors, []);
    await context.close();
  });
}
