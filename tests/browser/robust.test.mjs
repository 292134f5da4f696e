// The page keeps playing whatever happens: resizes mid-move, the evaluation bar in every mode,
// moves and hints while the AI searches, the dialogs, the result banner, reloads and damaged
// saves in other languages, and the time caps of searches and counts started from the page.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { openContext, screenshot, servedGame, openMenu, still, engineCall, logWorkers } from './harness.mjs';

const game = servedGame({ before, after });

const state = (page) => page.evaluate(() => window.wasmBindings.game_state());
const call = (page, name, ...args) => page.evaluate(([n, a]) => window.wasmBindings[n](...a), [name, args]);
const CARDS = ['ox', 'boar', 'horse', 'elephant', 'crab'];

function fresh(viewport = { width: 1280, height: 800 }, locale = 'en-US') {
  return openContext(game.browser, game.server.url, { viewport, locale });
}

test('resizing the window while the move slides does not stall the AI (5 times)', { timeout: 120000 }, async () => {
  // One page, a new game and the first size for each time.
  const { context, page, errors } = await fresh();
  for (const delay of [60, 120, 180, 240, 300]) {
    await page.setViewportSize({ width: 1280, height: 800 });
    await call(page, 'game_new', { mode: 'ai', human: 'red', level: 0, cards: CARDS });
    await page.waitForFunction(() => {
      const s = window.wasmBindings.game_state();
      return s.to_move === 'red' && !s.animating;
    }, null, { timeout: 20000 });
    const before = await state(page);
    // The move, then `delay` ms of the page's frames into its 450 ms slide (the page's frame
    // comes first: the slide starts at that frame's time), where it still slides.
    const { elapsed, animating } = await page.evaluate(([move, delay]) => {
      window.wasmBindings.game_play(move);
      return new Promise((done) => requestAnimationFrame((start) => {
        const frame = (now) => (now - start >= delay
          ? done({ elapsed: now - start, animating: window.wasmBindings.game_state().animating })
          : requestAnimationFrame(frame));
        requestAnimationFrame(frame);
      }));
    }, [before.legal_moves[0], delay]);
    // (A frame late by more than the rest of the slide, on a loaded machine, finds it over.)
    assert.ok(animating || elapsed >= 450, `the move still slides ${Math.round(elapsed)} ms in`);
    await page.setViewportSize({ width: 800, height: 1100 });
    await page.waitForFunction((n) => {
      const s = window.wasmBindings.game_state();
      return s.moves.length >= n + 2 && s.to_move === 'red' && !s.animating;
    }, before.moves.length, { timeout: 20000 });
    if (delay === 300) await screenshot(page, 'resized-mid-move-800x1100');
    assert.deepEqual(errors, []);
  }
  await context.close();
});

test('watch mode with Evaluation on: the bar follows the game', { timeout: 60000 }, async () => {
  const { context, page, errors } = await fresh();
  await call(page, 'game_settings', { evaluation: true });
  await call(page, 'game_new', { mode: 'watch', level: 0, cards: CARDS });
  // The bar's text and the score, read together, for three positions of the game.
  const seen = new Map();
  while (seen.size < 3) {
    const shown = await (await page.waitForFunction((known) => {
      const s = window.wasmBindings.game_state();
      const text = document.getElementById('eval-text').textContent;
      return s.evaluation != null && text !== '…' && !known.includes(s.position) && { position: s.position, text };
    }, [...seen.keys()], { timeout: 20000 })).jsonValue();
    seen.set(shown.position, shown.text);
  }
  assert.equal((await state(page)).mode, 'watch');
  await call(page, 'game_settings', { evaluation: false });
  assert.equal((await state(page)).evaluation, null, 'no bar, no evaluation');
  assert.deepEqual(errors, []);
  await context.close();
});

test('a move played on the AI\'s turn replaces its search: the stale answer is never played', { timeout: 60000 }, async () => {
  const { context, page, errors } = await openContext(game.browser, game.server.url, { locale: 'en-US' }, logWorkers);
  // Blue starts (crab has a blue stamp); the master level thinks for a second.
  await call(page, 'game_new', { mode: 'ai', human: 'red', level: 11, cards: CARDS });
  // The search has reached its worker (the request waits until the worker is ready).
  const searching = await (await page.waitForFunction(() => window.wasmBindings.game_state().thinking_for === 'move'
    && window.workerLog.findLastIndex((w) => !w.ended && w.sent.some((line) => /^move /.test(line))) + 1)).jsonValue() - 1;
  const s = await state(page);
  await call(page, 'game_play', s.legal_moves[0]);
  // Its worker ended, or its answer heard: either way no answer of it is still to come.
  await page.waitForFunction((i) => {
    const worker = window.workerLog[i];
    return worker.ended || worker.heard.some((line) => /^done /.test(line));
  }, searching, { timeout: 20000 });
  const after = await state(page);
  assert.equal(after.moves.length, 1, 'only the move played by the script');
  assert.equal(after.to_move, 'red');
  assert.equal(after.thinking, false);
  assert.deepEqual(errors, []);
  await context.close();
});

/** The RGBA pixels of the canvas under a card. */
async function cardPixels(page, card) {
  const rect = await call(page, 'card_rect', card);
  return page.evaluate((r) => {
    const canvas = document.getElementById('board');
    const origin = canvas.getBoundingClientRect();
    const ratio = canvas.width / origin.width;
    const data = canvas.getContext('2d').getImageData(
      Math.floor((r.x - origin.x - 4) * ratio), Math.floor((r.y - origin.y - 4) * ratio),
      Math.ceil((r.width + 8) * ratio), Math.ceil((r.height + 8) * ratio)).data;
    return Array.from(data);
  }, rect);
}

/** How many pixels have the hint's purple (#7a3fb0). */
function hintPixels(rgba) {
  let count = 0;
  for (let i = 0; i < rgba.length; i += 4) {
    if (Math.abs(rgba[i] - 0x7a) < 24 && Math.abs(rgba[i + 1] - 0x3f) < 24 && Math.abs(rgba[i + 2] - 0xb0) < 24) count += 1;
  }
  return count;
}

test('a hint asked while the evaluation runs is searched, and marks its card', { timeout: 60000 }, async () => {
  const { context, page, errors } = await fresh();
  await call(page, 'game_new', { mode: 'two', cards: ['tiger', 'crab', 'monkey', 'crane', 'boar'] });
  await call(page, 'game_settings', { evaluation: true });
  assert.equal((await state(page)).thinking_for, 'evaluate');
  await call(page, 'game_hint');
  assert.equal((await state(page)).thinking_for, 'hint');
  await page.waitForFunction(() => window.wasmBindings.game_state().hint != null, null, { timeout: 20000 });
  const s = await state(page);
  assert.ok(s.legal_moves.includes(s.hint));
  await still(page);
  // The hinted card is framed in the hint's colour; the other card of that hand is not.
  const card = s.hint.split(':')[0];
  const other = ['tiger', 'crab'].find((c) => c !== card);
  assert.ok(hintPixels(await cardPixels(page, card)) > 40, 'the hinted card is framed');
  assert.equal(hintPixels(await cardPixels(page, other)), 0, 'the other card is not');
  await screenshot(page, 'hint-with-card');
  assert.ok(s.evaluation != null, 'the hint\'s score serves the bar');
  assert.deepEqual(errors, []);
  await context.close();
});

test('after a reload the New game dialog opens on the game being played, and the level is shown', async () => {
  const { context, page, errors } = await fresh();
  await call(page, 'game_new', { mode: 'ai', human: 'blue', level: 2, cards: CARDS });
  await still(page);
  await page.reload();
  await page.waitForFunction(() => window.wasmBindings !== undefined);
  const s = await state(page);
  assert.equal(s.mode, 'ai');
  assert.equal(s.level, 2);
  assert.equal(s.human, 'blue');
  assert.match(await page.textContent('#mode-line'), /level 3, casual/);
  await page.click('#new-game');
  assert.equal(await page.inputValue('#setup-level'), 'casual');
  assert.equal(await page.inputValue('#setup-colour'), 'blue');
  assert.equal(await page.inputValue('#setup-mode'), 'ai');
  await page.click('#setup-start');
  const started = await state(page);
  assert.equal(started.level, 2, 'Start keeps the level');
  assert.equal(started.human, 'blue');
  assert.deepEqual(errors, []);
  await context.close();
});

test('five cards with a repeat keep the dialog open with the error beside the cards', async () => {
  const { context, page, errors } = await fresh();
  // Two players: nothing moves by itself while the dialog is open.
  await call(page, 'game_new', { mode: 'two', cards: ['tiger', 'crab', 'monkey', 'crane', 'boar'] });
  const before = await state(page);
  await page.click('#new-game');
  await page.check('#setup-choose-cards');
  for (const [id, card] of [['#setup-red-1', 'ox'], ['#setup-red-2', 'boar'], ['#setup-blue-1', 'ox'], ['#setup-blue-2', 'horse'], ['#setup-side', 'crab']]) {
    await page.selectOption(id, card);
  }
  await page.click('#setup-start');
  assert.ok(await page.evaluate(() => document.getElementById('setup').open), 'the dialog stays open');
  assert.match(await page.textContent('#setup-error'), /ox is chosen 2 times/);
  assert.equal(await page.inputValue('#setup-blue-1'), 'ox', 'the choice is kept');
  assert.equal((await state(page)).position, before.position, 'no game started');
  await screenshot(page, 'setup-duplicate-card');
  await page.selectOption('#setup-blue-1', 'elephant');
  await page.click('#setup-start');
  assert.ok(!(await page.evaluate(() => document.getElementById('setup').open)));
  assert.match((await state(page)).position, / boar,ox elephant,horse crab /);
  assert.deepEqual(errors, []);
  await context.close();
});

test('Rules opens at its top', async () => {
  for (const viewport of [{ width: 1280, height: 800 }, { width: 360, height: 640 }]) {
    const { context, page, errors } = await fresh(viewport);
    await openMenu(page);
    await page.click('#rules');
    const top = await page.evaluate(() => document.getElementById('rules-dialog').scrollTop);
    assert.equal(top, 0);
    const heading = await page.evaluate(() => document.querySelector('#rules-content h2').getBoundingClientRect().top);
    assert.ok(heading >= 0 && heading < viewport.height / 2, `the title is in view (${heading})`);
    const link = await page.getAttribute('#rules-dialog a[href="RULES.md"]', 'href');
    const rules = await page.evaluate(async (href) => (await fetch(href)).text(), link);
    assert.match(rules, /^# Onitama: the rules/, 'the full rules are served beside the page');
    await page.keyboard.press('Escape');
    assert.deepEqual(errors, []);
    await context.close();
  }
});

/** One move from the end: Red's master on c2 takes Blue's on c3 with the crab. */
const ONE_MOVE_FROM_WIN = '5/5/2B2/2R2/5 crab,boar horse,elephant ox r';

function overlaps(a, b) {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

async function checkBannerLeavesTheGameVisible(page) {
  const banner = await page.evaluate(() => {
    const r = document.getElementById('result').getBoundingClientRect();
    return { x: r.x, y: r.y, width: r.width, height: r.height };
  });
  for (const square of ['a1', 'c3', 'e5', 'a5', 'e1']) {
    assert.ok(!overlaps(banner, await call(page, 'square_rect', square)), `the banner leaves ${square} visible`);
  }
  for (const card of ['crab', 'boar', 'horse', 'elephant', 'ox']) {
    assert.ok(!overlaps(banner, await call(page, 'card_rect', card)), `the banner leaves ${card} visible`);
  }
}

test('the result banner says who won, offers Rematch and New game, closes, and hides nothing', async () => {
  for (const viewport of [{ width: 1280, height: 800 }, { width: 360, height: 640 }]) {
    const { context, page, errors } = await fresh(viewport);
    await call(page, 'game_new', { mode: 'ai', human: 'red', level: 0, position: ONE_MOVE_FROM_WIN });
    await call(page, 'game_play', 'crab:c2c3');
    await page.waitForSelector('#result:not([hidden])');
    assert.equal(await page.textContent('#result-text'), 'You win!');
    assert.match((await state(page)).result, /^You win!/);
    await still(page);
    await checkBannerLeavesTheGameVisible(page);
    await screenshot(page, `result-you-win-${viewport.width}x${viewport.height}`);
    assert.ok(await page.isVisible('#rematch'));
    assert.ok(await page.isVisible('#result-new-game'));
    await page.keyboard.press('Escape');
    assert.ok(await page.isHidden('#result'), 'Escape closes it');
    assert.equal((await state(page)).outcome, 'red-stone', 'the final position stays');
    await call(page, 'game_undo');
    await call(page, 'game_redo');
    await page.waitForSelector('#result:not([hidden])');
    await page.click('#result-close');
    assert.ok(await page.isHidden('#result'), 'the close button closes it');
    await call(page, 'game_undo');
    await call(page, 'game_redo');
    await page.click('#result-new-game');
    assert.ok(await page.evaluate(() => document.getElementById('setup').open), 'New game opens the dialog');
    await page.keyboard.press('Escape');
    assert.deepEqual(errors, []);
    await context.close();
  }
  const { context, page } = await fresh();
  await call(page, 'game_new', { mode: 'ai', human: 'blue', level: 0, position: ONE_MOVE_FROM_WIN });
  await page.waitForSelector('#result:not([hidden])', { timeout: 20000 });
  assert.equal(await page.textContent('#result-text'), 'The AI wins');
  await context.close();
  const two = await fresh();
  await call(two.page, 'game_new', { mode: 'two', position: ONE_MOVE_FROM_WIN });
  await call(two.page, 'game_play', 'crab:c2c3');
  assert.equal(await two.page.textContent('#result-text'), 'Red wins!');
  assert.equal((await state(two.page)).bottom, 'red', 'pass and play: the board does not turn to the loser');
  await still(two.page);
  await screenshot(two.page, 'result-pass-and-play');
  await two.context.close();
});

test('a damaged save keeps the language, and its notice goes with the next move', async () => {
  const { context, page, errors } = await fresh();
  await call(page, 'game_settings', { language: 'fr' });
  await call(page, 'game_new', { mode: 'two', cards: CARDS });
  await page.evaluate(() => localStorage.setItem('onitama.save', 'onitama-save 1\nmode chess\n'));
  await page.reload();
  // The new game may begin with the AI's move: the notice stays for the player to read.
  await page.waitForFunction(() => window.wasmBindings !== undefined);
  const s = await state(page);
  assert.equal(s.language, 'fr');
  assert.equal(await page.getAttribute('html', 'lang'), 'fr');
  // The French error texts are fetched the first time one is needed: English until they come.
  await page.waitForFunction(() => !/could not be read/.test(document.getElementById('notice').textContent));
  const notice = await page.textContent('#notice');
  assert.match(notice, /chess/);
  assert.doesNotMatch(notice, /could not be read|unknown way/, `in French: ${notice}`);
  await call(page, 'game_new', { mode: 'two', cards: CARDS });
  await call(page, 'game_play', (await state(page)).legal_moves[0]);
  assert.equal(await page.textContent('#notice'), '', 'the notice is gone after a move');
  assert.deepEqual(errors, []);
  await context.close();
});

test('Escape cancels a selection made with the mouse; a double-click keeps it', async () => {
  const { context, page, errors } = await fresh();
  await call(page, 'game_new', { mode: 'two', cards: CARDS });
  const centre = async (square) => {
    const r = await call(page, 'square_rect', square);
    return [r.x + r.width / 2, r.y + r.height / 2];
  };
  const [x, y] = await centre('b5');
  await page.mouse.click(x, y);
  assert.equal((await state(page)).selected_piece, 'b5');
  await page.keyboard.press('Escape');
  assert.equal((await state(page)).selected_piece, null, 'Escape cancels');
  await page.mouse.dblclick(x, y);
  assert.equal((await state(page)).selected_piece, 'b5', 'a double-click selects');
  const card = await call(page, 'card_rect', 'horse');
  await page.mouse.dblclick(card.x + card.width / 2, card.y + card.height / 2);
  assert.equal((await state(page)).selected_card, 'horse');
  assert.deepEqual(errors, []);
  await context.close();
});

test('errors and announcements are in the player\'s language', async () => {
  const { context, page, errors } = await fresh();
  await call(page, 'game_new', { mode: 'two', cards: CARDS });
  await call(page, 'game_play', 'horse:c5c4');
  await call(page, 'game_settings', { language: 'fa' });
  const said = await page.textContent('#announce');
  assert.match(said, /اسب/, `the last move said again in Persian: ${said}`);
  await openMenu(page);
  await page.click('#records');
  await page.fill('#record-text', 'nonsense');
  await page.click('#record-open');
  // The Persian error texts are fetched the first time one is needed: until they come, the
  // parser's own words show inside the Persian sentence (a slow fetch, two test files at a time).
  await page.waitForFunction(() => /[\u0600-\u06FF]/.test(document.querySelector('#records-message').textContent)
    && !/line 1|unknown line/.test(document.querySelector('#records-message').textContent));
  const message = await page.textContent('#records-message');
  assert.doesNotMatch(message, /line 1|unknown line|could not be opened/, message);
  assert.match(message, /۱/, `Persian digits: ${message}`);
  await screenshot(page, 'record-error-fa');
  await page.keyboard.press('Escape');
  await call(page, 'game_settings', { language: 'fr' });
  await page.click('#new-game');
  await page.check('#setup-choose-cards');
  for (const id of ['#setup-red-1', '#setup-red-2']) await page.selectOption(id, 'tiger');
  await page.click('#setup-start');
  assert.match(await page.textContent('#setup-error'), /la carte tigre est choisie 2 fois/);
  assert.deepEqual(errors, []);
  await context.close();
});

test('game_settings reads and changes what the controls do', async () => {
  const { context, page, errors } = await fresh();
  // A first visit deals from the base game's 16 cards.
  const cards_enabled = ['tiger', 'crab', 'monkey', 'crane', 'dragon', 'elephant', 'mantis', 'boar', 'frog', 'rabbit', 'goose', 'rooster', 'horse', 'ox', 'eel', 'cobra'];
  assert.deepEqual(await call(page, 'game_settings'), { evaluation: false, language: 'en', sound: true, theme: 'system', coordinates: false, watch_speed: 'normal', cards_enabled });
  assert.deepEqual(await call(page, 'game_settings', { language: 'es', evaluation: true, theme: 'dark' }), { evaluation: true, language: 'es', sound: true, theme: 'dark', coordinates: false, watch_speed: 'normal', cards_enabled });
  assert.equal(await page.getAttribute('html', 'data-theme'), 'dark');
  assert.ok(await page.isChecked('#show-eval'));
  assert.equal(await page.inputValue('#language'), 'es');
  assert.equal(await page.getAttribute('html', 'lang'), 'es');
  await openMenu(page);
  await page.click('#show-eval');
  assert.equal((await call(page, 'game_settings')).evaluation, false);
  for (const bad of [{ language: 'de' }, { evaluation: 'yes' }, { colour: 'red' }, { theme: 'pink' }, { sound: 1 }]) {
    const thrown = await page.evaluate((b) => { try { window.wasmBindings.game_settings(b); return null; } catch (e) { return String(e); } }, bad);
    assert.ok(thrown, `${JSON.stringify(bad)} is refused`);
  }
  assert.deepEqual(await call(page, 'game_settings'), { evaluation: false, language: 'es', sound: true, theme: 'dark', coordinates: false, watch_speed: 'normal', cards_enabled }, 'nothing changed');
  assert.deepEqual(errors, []);
  await context.close();
});

test('what we print we read: a finished position reads back as finished', async () => {
  const { context, page, errors } = await fresh();
  const finished = await engineCall(page, 'play_move', ONE_MOVE_FROM_WIN, 'crab:c2c3');
  assert.deepEqual(await engineCall(page, 'legal_moves', finished), []);
  assert.equal(await engineCall(page, 'normalize_position', finished), finished);
  await call(page, 'game_load', finished);
  const s = await state(page);
  assert.equal(s.outcome, 'red-stone');
  assert.deepEqual(s.legal_moves, []);
  assert.deepEqual(errors, []);
  await context.close();
});

test('searches and counts started from the page are capped at 10 s', { timeout: 90000 }, async () => {
  const { context, page } = await fresh();
  const start = 'bbBbb/5/5/5/rrRrr ox,boar horse,elephant crab r';
  const { depth } = await engineCall(page, 'best_move', start, { depth: 40 });
  assert.ok(depth < 40, `the search stopped at its cap (depth ${depth})`);
  const refused = await page.evaluate(async (p) => { const engine = await window.wasmBindings.engine(); try { engine.perft(p, 10); return null; } catch (e) { return String(e); } }, start);
  assert.match(refused, /would take about \d+ s, more than the page's 10 s/);
  assert.equal(await engineCall(page, 'perft', start, 4), 28509, 'a count within the cap is made');
  await context.close();
});

test('tapping the opponent\'s card or the side card shows where it reaches; Escape hides it', async () => {
  const { context, page, errors } = await fresh({ width: 390, height: 844 });
  await call(page, 'game_new', { mode: 'ai', human: 'red', level: 0, position: 'bbBbb/5/5/5/rrRrr ox,boar horse,elephant crab r' });
  const tap = async (card) => {
    const r = await call(page, 'card_rect', card);
    await page.mouse.click(r.x + r.width / 2, r.y + r.height / 2);
  };
  await tap('horse');
  assert.equal((await state(page)).preview, 'horse');
  await screenshot(page, 'preview-opponent-card');
  await tap('crab');
  assert.equal((await state(page)).preview, 'crab', 'the side card too');
  await page.keyboard.press('Escape');
  assert.equal((await state(page)).preview, null);
  await tap('ox');
  assert.equal((await state(page)).selected_card, 'ox', 'the player\'s own card is chosen, not previewed');
  assert.deepEqual(errors, []);
  await context.close();
});

test('notices, the result and the evaluation bar show whole above the board, which stays whole', async () => {
  const { context, page, errors } = await fresh({ width: 360, height: 640 });
  await call(page, 'game_new', { mode: 'two', position: '5/5/2B2/2R2/5 crab,boar horse,elephant ox r' });
  // The strip grows when its words need it (the board then gets smaller): nothing is cut, nothing
  // lies over the board, the board stays whole on screen.
  const whole = () => page.evaluate(async () => {
    await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
    const found = [];
    const canvas = document.getElementById('board').getBoundingClientRect();
    const strip = document.getElementById('strip').getBoundingClientRect();
    if (strip.bottom > canvas.top + 0.5) found.push('the strip lies over the board');
    for (const el of document.querySelectorAll('#strip p')) {
      if (el.getBoundingClientRect().width > 0 && el.scrollHeight > el.clientHeight + 1) found.push(`#${el.id} is cut`);
    }
    for (const square of ['a1', 'e5']) {
      const q = window.wasmBindings.square_rect(square);
      if (q.y < canvas.top - 0.5 || q.y + q.height > Math.min(canvas.bottom, innerHeight) + 0.5) found.push(`${square} is not whole`);
    }
    return found;
  });
  assert.deepEqual(await whole(), []);
  await call(page, 'game_settings', { evaluation: true });
  assert.deepEqual(await whole(), [], 'the evaluation bar');
  await page.evaluate(() => { location.hash = '#game=%zz'; });
  await page.waitForFunction(() => document.getElementById('notice').textContent !== '');
  assert.deepEqual(await whole(), [], 'a notice');
  await call(page, 'game_play', 'crab:c2c3');
  await page.waitForSelector('#result:not([hidden])');
  assert.deepEqual(await whole(), [], 'the result');
  assert.deepEqual(errors, []);
  await context.close();
});

test('a phone buzzes on a capture and at the end, not when motion is reduced', async () => {
  for (const reducedMotion of ['no-preference', 'reduce']) {
    const context = await game.browser.newContext({ viewport: { width: 360, height: 640 }, reducedMotion });
    await context.addInitScript(() => {
      window.buzzes = [];
      Object.defineProperty(navigator, 'vibrate', { value: (ms) => { window.buzzes.push(ms); return true; } });
    });
    const page = await context.newPage();
    await page.goto(game.server.url);
    await page.waitForFunction(() => window.wasmBindings !== undefined);
    await call(page, 'game_new', { mode: 'two', position: '5/5/2B2/2R2/5 crab,boar horse,elephant ox r' });
    await call(page, 'game_play', 'crab:c2c3');
    const buzzes = await page.evaluate(() => window.buzzes);
    if (reducedMotion === 'reduce') assert.deepEqual(buzzes, []);
    else assert.deepEqual(buzzes, [40, 120], 'a capture, then the end');
    await context.close();
  }
});

test('the move list reads in Persian, and steps back and forth through the game', async () => {
  const { context, page, errors } = await fresh({ width: 1280, height: 800 }, 'fa-IR');
  await call(page, 'game_new', { mode: 'two', turn_board: false, cards: CARDS });
  for (const m of ['horse:c5c4', 'ox:c1c2', 'elephant:b5a4']) await call(page, 'game_play', m);
  const items = await page.$$eval('#moves li', (lis) => lis.map((li) => li.textContent));
  assert.equal(items.length, 3);
  assert.match(items[0], /^اسب \u2068c۵→c۴\u2069$/, `card names and Persian digits: ${items[0]}`);
  const line = (await state(page)).moves;
  await page.click('#moves li[data-ply="1"]');
  let s = await state(page);
  assert.deepEqual(s.moves, line.slice(0, 1), 'the first move\'s position is shown');
  assert.equal(s.viewing, 3);
  assert.ok(await page.isVisible('#continue-here'));
  await page.keyboard.press('ArrowDown');
  assert.equal((await state(page)).moves.length, 2, 'the arrow keys step forward');
  await page.keyboard.press('Home');
  assert.equal((await state(page)).moves.length, 0);
  await page.keyboard.press('End');
  s = await state(page);
  assert.deepEqual(s.moves, line, 'back at the end of the game');
  assert.equal(s.viewing, null);
  await page.click('#moves li[data-ply="2"]');
  await screenshot(page, 'move-list-fa');
  await page.click('#continue-here');
  s = await state(page);
  assert.equal(s.viewing, null);
  assert.deepEqual(s.moves, line.slice(0, 2), 'continuing from here makes it the game, as undo does');
  assert.equal(s.can_redo, true);
  assert.deepEqual(errors, []);
  await context.close();
});
