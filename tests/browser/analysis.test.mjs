// The analysis board in Chromium: opened from the menu on the game shown (the game waits aside),
// the engine's three best lines deepening live, a line's move played by a click, the engine
// stopped, a reload, and back to the game; opened by scripts on any position, in Persian on a
// phone and in French, with the exact tables' value in an ending; no axe-core violation.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { axeViolations, openContext, openMenu, quietMove, screenshot, servedGame, still } from './harness.mjs';

const game = servedGame({ before, after });
const state = (page) => page.evaluate(() => window.wasmBindings.game_state());

/** page.waitForFunction, failing with what was awaited and the analysis as it stands. */
async function until(page, what, fn, arg = null, timeout = 30000) {
  await page.waitForFunction(fn, arg, { timeout }).catch(async (error) => {
    const { analysis, thinking_for: thinking, moves } = await state(page);
    throw new Error(`${what}: ${error.message}: ${JSON.stringify({ analysis, thinking, moves })}`);
  });
}

/** Waits until the analysis shows `count` lines at `depth` or deeper. */
async function linesAt(page, depth, count = 3) {
  await page.waitForFunction(([depth, count]) => {
    const analysis = window.wasmBindings.game_state().analysis;
    return analysis && analysis.depth >= depth && analysis.lines.length === count;
  }, [depth, count], { timeout: 30000 }).catch(async (error) => {
    const { analysis, thinking_for: thinking } = await state(page);
    throw new Error(`${error.message}: ${JSON.stringify({ analysis, thinking })}`);
  });
  return (await state(page)).analysis;
}

test('from the menu: the game waits aside, three lines deepen, a line is played, the engine stops by its key, a reload, and back', { timeout: 120000 }, async () => {
  const { context, page, errors } = await openContext(game.browser, game.server.url);
  await page.evaluate(() => window.wasmBindings.game_new({ mode: 'ai', level: 0, cards: ['tiger', 'crab', 'monkey', 'crane', 'boar'] }));
  await page.evaluate((m) => window.wasmBindings.game_play(m), await quietMove(page));
  await until(page, 'the AI\'s answer', () => window.wasmBindings.game_state().moves.length === 2);
  await still(page);
  const before = await state(page);
  await openMenu(page);
  await page.click('#menu-analysis');
  let analysis = await linesAt(page, 4);
  const opened = await state(page);
  assert.equal(analysis.position, before.position, 'the position shown');
  assert.equal(opened.mode, 'two', 'both sides are the player\'s');
  assert.equal(opened.controls.mode_line, 'Analysis board');
  for (const line of analysis.lines) {
    assert.ok(before.legal_moves.includes(line.moves[0]), `${line.moves[0]} is legal`);
    assert.ok(['value', 'win', 'loss'].includes(line.score.kind), JSON.stringify(line.score));
  }
  assert.equal(new Set(analysis.lines.map((l) => l.moves[0])).size, 3, 'three different moves');
  assert.ok(await page.isVisible('#analysis-line-2'));
  assert.match(await page.textContent('#analysis-status'), /^Depth \d+$/);
  assert.ok(await page.isVisible('#eval'), 'the bar shows on the analysis board');
  assert.deepEqual(await axeViolations(page, ['#analysis']), []);
  await screenshot(page, 'analysis-desktop-light');

  // Stopped by its key (l, as on lichess): it says so, nothing is searched, and the lines stay.
  assert.equal(await page.getAttribute('#analysis-toggle', 'aria-keyshortcuts'), 'l');
  await page.keyboard.press('l');
  await until(page, 'stopped', () => !window.wasmBindings.game_state().analysis.running);
  assert.equal(await page.textContent('#analysis-status'), 'The engine is stopped');
  assert.equal(await page.textContent('#analysis-toggle'), 'Analyse');
  assert.equal((await state(page)).thinking, false);
  // With the board's focus too: its key is heard once (twice, it started and stopped again).
  await page.focus('#board');
  await page.keyboard.press('l');
  await until(page, 'started by l on the board', () => window.wasmBindings.game_state().analysis.running);
  await page.keyboard.press('l');
  await until(page, 'stopped again', () => !window.wasmBindings.game_state().analysis.running);

  // The second line's move, played by a click; started again, the new position is searched.
  const second = (await state(page)).analysis.lines[1].moves[0];
  await page.click('#analysis-line-1');
  await until(page, 'the second line played', (m) => window.wasmBindings.game_state().moves.at(-1) === m, second);
  await page.click('#analysis-toggle');
  analysis = await linesAt(page, 2, Math.min(3, (await state(page)).legal_moves.length));
  assert.equal(analysis.position, (await state(page)).position);

  // A reload keeps the line explored on the analysis board, and the game aside.
  await page.reload();
  await until(page, 'lines after the reload', () => window.wasmBindings?.game_state?.().analysis?.lines.length > 0);
  assert.equal((await state(page)).moves.at(-1), second);

  // Close: the game comes back as it was.
  await page.click('#analysis-close');
  await until(page, 'closed', () => window.wasmBindings.game_state().analysis === null);
  const back = await state(page);
  assert.equal(back.mode, 'ai');
  assert.deepEqual(back.moves, before.moves);
  assert.ok(await page.isHidden('#analysis'));
  assert.deepEqual(errors, []);
  await context.close();
});

test('scripts open it on any position: in Persian on a phone, dark; in French with an exact ending; bad input throws', { timeout: 120000 }, async () => {
  const middle = '1b1B1/2r2/b4/3R1/r1r2 tiger,ox crab,boar horse b';
  const { context, page, errors } = await openContext(game.browser, game.server.url,
    { viewport: { width: 360, height: 640 }, colorScheme: 'dark', hasTouch: true });
  await page.evaluate(async (position) => {
    await window.wasmBindings.game_settings({ language: 'fa' });
    window.wasmBindings.analysis_open(position);
  }, middle);
  const analysis = await linesAt(page, 4);
  assert.equal(analysis.position, middle);
  assert.match(await page.textContent('#analysis-status'), /^عمق [۰-۹]+$/, 'Persian words and digits');
  assert.deepEqual(await axeViolations(page, ['#analysis']), []);
  await screenshot(page, 'analysis-phone-dark-fa');
  // Every line of this position is decided: the engine rests by itself, Analyse offered again.
  await until(page, 'resting', () => !window.wasmBindings.game_state().thinking);
  assert.equal(await page.textContent('#analysis-toggle'), 'تحلیل');
  // A tap on a line plays its move.
  const best = (await state(page)).analysis.lines[0].moves[0];
  await page.tap('#analysis-line-0');
  await until(page, 'the tapped line played', (m) => window.wasmBindings.game_state().moves[0] === m, best);

  // The phone on its side: the panel takes one row, nothing leaves the screen.
  await page.setViewportSize({ width: 640, height: 360 });
  await linesAt(page, 2, 3);
  assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= 640), 'no sideways scrolling');
  const board = await page.evaluate(() => document.getElementById('board').getBoundingClientRect().height);
  assert.ok(board >= 200, `the board keeps its room (${board} px high)`);
  await screenshot(page, 'analysis-phone-landscape-dark-fa');
  await page.setViewportSize({ width: 360, height: 640 });

  // Bad input changes nothing.
  const thrown = await page.evaluate(() => {
    try { window.wasmBindings.analysis_open('nonsense'); return null; } catch (e) { return e.message; }
  });
  assert.match(thrown, /bad position "nonsense"/);
  assert.equal((await state(page)).moves.length, 1);

  // An ending the tables know: the exact value, on a desktop in French.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.evaluate(async () => {
    await window.wasmBindings.game_settings({ language: 'fr' });
    window.wasmBindings.analysis_open('5/2B2/2r2/5/R4 ox,boar crab,tiger horse b');
  });
  await until(page, 'the exact value', () => window.wasmBindings.game_state().analysis?.exact === 'win in 3');
  // The tables' own lines, each said exact; nothing to search, so no toggle.
  await linesAt(page, 0, 3);
  const exactLines = (await state(page)).controls.analysis.lines;
  assert.ok(exactLines.every((line) => line.score.endsWith('(exact)')), JSON.stringify(exactLines));
  assert.equal(await page.textContent('#analysis-status'), 'Exact\u00a0: les tables de finales');
  assert.ok(await page.isHidden('#analysis-toggle'));
  await until(page, 'the exact bar', () => window.wasmBindings.game_state().controls.evaluation?.label === 'Bleu gagne en 2 (exact)');
  await until(page, 'the bar still', () => document.getElementById('eval-fill').getAnimations().length === 0);
  await screenshot(page, 'analysis-desktop-dark-fr-exact');
  // The same in Spanish: the panel's words follow the language.
  await page.evaluate(() => window.wasmBindings.game_settings({ language: 'es' }));
  await until(page, 'Spanish', () => document.getElementById('analysis-status').textContent === 'Exacto: las tablas de finales');
  assert.equal(await page.textContent('#analysis-play'), 'Jugar aquí');
  assert.equal(await page.getAttribute('#analysis-close', 'aria-label'), 'Cerrar');
  await still(page);
  await screenshot(page, 'analysis-desktop-dark-es-exact');
  assert.equal(await page.evaluate(() => window.wasmBindings.analysis_close()), true);
  assert.equal(await page.evaluate(() => window.wasmBindings.analysis_close()), false, 'none open any more');
  assert.deepEqual(errors, []);
  await context.close();
});

test('explore: a branch under the move it replaces, a click into it, kept by a reload; Analyse at a game\'s end; Play from here', { timeout: 120000 }, async () => {
  const { context, page, errors } = await openContext(game.browser, game.server.url);
  // A game won in one move (the tiger takes Blue's master), against the AI.
  await page.evaluate(() => window.wasmBindings.game_new({ mode: 'ai', human: 'red', level: 0, position: 'bb1bb/5/2B2/5/rrRrr tiger,ox crab,boar horse r' }));
  await page.evaluate(() => window.wasmBindings.game_play('tiger:c1c3'));
  await page.waitForSelector('#result-analyse', { state: 'visible' });
  await page.click('#result-analyse');
  await until(page, 'the board on the game\'s end', () => window.wasmBindings.game_state().analysis !== null);
  assert.equal((await state(page)).moves.length, 1, 'the game\'s line, at its end');
  assert.ok(await page.isHidden('#analysis-toggle'), 'nothing to analyse after the end');

  // One move back the engine studies the start.
  await page.click('#step-back');
  await linesAt(page, 2, 3);
  // Another first move: a branch, written under the move it replaces.
  const other = (await state(page)).legal_moves.find((m) => m !== 'tiger:c1c3' && m.startsWith('ox'));
  await page.evaluate((m) => window.wasmBindings.game_play(m), other);
  await until(page, 'the branch', () => window.wasmBindings.game_state().controls.moves[0].variations.length === 1);
  const variation = page.locator('#moves li').first().locator('button.variation');
  assert.match(await variation.textContent(), /^tiger c1→c3\s×\s★$/);
  await linesAt(page, 2, Math.min(3, (await state(page)).legal_moves.length));
  // Every line here is decided: the engine rests, the lines still.
  await until(page, 'resting', () => !window.wasmBindings.game_state().thinking);
  await still(page);
  await screenshot(page, 'analysis-branch-desktop-light');

  // A click goes into the branch; a reload keeps both lines and the place.
  await variation.click();
  await until(page, 'into the branch', () => window.wasmBindings.game_state().moves[0] === 'tiger:c1c3');
  await page.reload();
  await until(page, 'the branch after the reload',
    (m) => window.wasmBindings?.game_state?.().controls.moves[0]?.variations.length === 1, other);
  assert.equal((await state(page)).moves[0], 'tiger:c1c3');

  // Play from here, on a French phone: the New game dialog, titled so, without the cards; a
  // game against the AI from the position shown.
  await page.setViewportSize({ width: 360, height: 640 });
  await page.evaluate(() => window.wasmBindings.game_settings({ language: 'fr' }));
  await page.click('#undo');
  await until(page, 'back at the start', () => window.wasmBindings.game_state().moves.length === 0);
  await until(page, 'resting', () => !window.wasmBindings.game_state().thinking);
  await still(page);
  assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= 360), 'no sideways scrolling');
  await screenshot(page, 'analysis-phone-fr');
  // The phone's sheet of moves: the variation follows its move on its row, inside the screen (a
  // finger's screen makes it 44 px high: the first test's phone).
  await page.click('#moves-button');
  const chip = page.locator('#sheet-moves button.variation').first();
  await chip.waitFor();
  const box = await chip.boundingBox();
  assert.ok(box.x >= 0 && box.x + box.width <= 360, JSON.stringify(box));
  await screenshot(page, 'analysis-phone-fr-sheet');
  await page.click('#moves-sheet-close');
  const start = (await state(page)).position;
  await page.click('#analysis-play');
  await page.waitForSelector('#setup[open]');
  assert.equal(await page.textContent('#setup-heading'), 'Jouer d\'ici');
  assert.ok(await page.isHidden('#setup-choose-cards'), 'the position has its cards');
  assert.deepEqual(await axeViolations(page, ['#setup']), []);
  await page.click('#setup-start');
  await until(page, 'a game from here', () => window.wasmBindings.game_state().analysis === null);
  const played = await state(page);
  assert.equal(played.mode, 'ai');
  assert.equal(played.position, start);
  // The New game dialog is the usual one again.
  await page.click('#new-game');
  await page.waitForSelector('#setup[open]');
  assert.equal(await page.textContent('#setup-heading'), 'Nouvelle partie');
  assert.ok(await page.isVisible('#setup-choose-cards'));
  assert.deepEqual(errors, []);
  await context.close();
});
