// The first-game tutorial in the browser: played through by taps on a phone in Persian and in
// French, its panel audited by axe, and the board's rectangle fixed while its texts come and go.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { screenshot, servedGame, openContext, openMenu, still, axeViolations } from './harness.mjs';

const game = servedGame({ before, after });

const state = (page) => page.evaluate(() => window.wasmBindings.game_state());

/** Waits until the tutorial's texts have come and the page is still. */
async function ready(page) {
  await page.waitForFunction(() => {
    const t = window.wasmBindings.game_state().controls.tutorial;
    return t !== null && t.text !== '…';
  }, null, { timeout: 30000 });
  await still(page);
}

async function tapAt(page, rect) {
  await page.touchscreen.tap(rect.x + rect.width / 2, rect.y + rect.height / 2);
}

/** Plays `move` ("tiger:b1b3" or "tiger:pass") by taps: the card, then the piece and its square. */
async function tapMove(page, move) {
  const [card, squares] = move.split(':');
  await tapAt(page, await page.evaluate((c) => window.wasmBindings.card_rect(c), card));
  if (squares !== 'pass') {
    for (const square of [squares.slice(0, 2), squares.slice(2)]) {
      await tapAt(page, await page.evaluate((s) => window.wasmBindings.square_rect(s), square));
    }
  }
  await still(page);
}

/** What the panel shows, as the page wrote it. */
async function panel(page) {
  return page.evaluate(() => ({
    text: document.getElementById('tutorial-text').textContent,
    title: document.getElementById('tutorial-title').textContent,
    next: document.getElementById('tutorial-next').textContent,
    nextDisabled: document.getElementById('tutorial-next').disabled,
    hidden: document.getElementById('tutorial').hidden,
  }));
}

for (const [locale, lang, fromMenu] of [['fa-IR', 'fa', false], ['fr-FR', 'fr', true]]) {
  test(`the tutorial is played through in ${lang} by taps on a 360x640 phone`, async () => {
    const { context, page, errors } = await openContext(game.browser, game.server.url, { viewport: { width: 360, height: 640 }, locale, hasTouch: true });
    await still(page);
    assert.equal((await state(page)).language, lang);
    assert.ok(await page.isVisible('#tutorial-offer'), 'offered on the first visit');
    let mine = [];
    if (fromMenu) {
      // A game in progress first: the tutorial must not lose it.
      await page.evaluate(() => window.wasmBindings.game_new({ mode: 'ai', level: 0, cards: ['tiger', 'crab', 'monkey', 'crane', 'boar'] }));
      await page.evaluate(() => window.wasmBindings.game_play('crab:c1c2'));
      await page.waitForFunction(() => window.wasmBindings.game_state().moves.length === 2, null, { timeout: 30000 });
      await still(page);
      mine = (await state(page)).moves;
      assert.ok(await page.isHidden('#tutorial-offer'), 'once playing, it is in the menu');
      await page.tap('#menu-button');
      await page.tap('#menu-tutorial');
    } else {
      await page.tap('#tutorial-offer');
    }
    await ready(page);
    const steps = (await state(page)).tutorial.steps;
    assert.equal(steps, 6);
    for (let step = 1; step <= steps; step += 1) {
      const s = await state(page);
      assert.equal(s.tutorial.step, step);
      assert.equal(s.tutorial.done, false);
      let shown = await panel(page);
      assert.equal(shown.hidden, false);
      assert.equal(shown.text, s.controls.tutorial.text);
      assert.ok(shown.nextDisabled, 'Next waits for the move');
      if (step === 1) {
        await screenshot(page, `tutorial-${lang}-360x640-step1`);
        // A legal move the step does not ask for: refused, the board stays.
        await tapMove(page, 'ox:a1a2');
        const refused = await state(page);
        assert.equal(refused.moves.length, 0);
        assert.equal(refused.tutorial.wrong, true);
        // Why, in the title row: the task keeps its words and the board its size.
        const told = await panel(page);
        assert.equal(told.text, shown.text, 'the task stays');
        assert.notEqual(told.title, shown.title, 'the title row says why');
        assert.equal(told.title, refused.controls.tutorial.title);
        await screenshot(page, `tutorial-${lang}-360x640-wrong`);
      }
      await tapMove(page, s.tutorial.expects[0]);
      const after = await state(page);
      assert.equal(after.tutorial.done, true, `step ${step}: ${s.tutorial.expects[0]}`);
      assert.equal(after.moves[0], s.tutorial.expects[0]);
      if (step === 4) assert.equal(after.outcome, 'red-stone');
      if (step === 5) assert.equal(after.outcome, 'red-stream');
      shown = await panel(page);
      assert.equal(shown.text, after.controls.tutorial.text);
      assert.equal(shown.nextDisabled, false);
      if ([3, 5, 6].includes(step)) await screenshot(page, `tutorial-${lang}-360x640-step${step}-done`);
      await page.tap('#tutorial-next');
      await still(page);
    }
    const end = await state(page);
    assert.equal(end.tutorial, null);
    assert.equal(end.tutorial_done, true);
    if (fromMenu) assert.deepEqual(end.moves, mine, 'back to the game put aside');
    // Without a game aside, a new deal: the AI may have opened it, if its card says Blue starts.
    else { assert.ok(end.moves.length <= 1, end.record); mine = end.moves; }
    assert.ok(await page.isHidden('#tutorial'));
    await screenshot(page, `tutorial-${lang}-360x640-after`);
    assert.equal(await page.evaluate(() => localStorage.getItem('onitama.tutorial')), 'done');
    await page.reload();
    await page.waitForFunction(() => window.wasmBindings !== undefined);
    await still(page);
    assert.ok(await page.isHidden('#tutorial-offer'), 'remembered as done');
    assert.deepEqual((await state(page)).moves, mine);
    assert.deepEqual(errors, []);
    await context.close();
  });
}

test('a reload mid-tutorial comes back at its step; leaving it with the keyboard brings the game back', async () => {
  const { context, page, errors } = await openContext(game.browser, game.server.url, { viewport: { width: 1280, height: 800 }, locale: 'en-GB' });
  await page.evaluate(() => window.wasmBindings.game_new({ mode: 'two', cards: ['tiger', 'crab', 'monkey', 'crane', 'boar'] }));
  await page.evaluate(() => window.wasmBindings.game_play('crab:c1c2'));
  await still(page);
  const mine = (await state(page)).moves;
  await openMenu(page);
  await page.focus('#menu-tutorial');
  await page.keyboard.press('Enter');
  await ready(page);
  assert.equal(await page.evaluate(() => document.getElementById('menu').open), false);
  assert.ok(await page.isVisible('#back-to-my-game'));
  await page.evaluate((m) => window.wasmBindings.game_play(m), (await state(page)).tutorial.expects[0]);
  await still(page);
  await page.focus('#tutorial-next');
  await page.keyboard.press('Enter');
  await still(page);
  assert.equal((await state(page)).tutorial.step, 2);
  // Next is disabled until the step's move: the keyboard goes on from the step's words.
  assert.equal(await page.evaluate(() => document.activeElement.id), 'tutorial-text');
  // A reload in the tutorial comes back at the same step, the player's game still aside.
  await page.reload();
  await page.waitForFunction(() => window.wasmBindings !== undefined);
  await ready(page);
  assert.equal((await state(page)).tutorial.step, 2);
  assert.deepEqual((await state(page)).moves, []);
  assert.ok(await page.isVisible('#back-to-my-game'));
  await screenshot(page, 'tutorial-en-1280x800');
  await page.focus('#tutorial-leave');
  await page.keyboard.press('Enter');
  await still(page);
  // Leave went with the panel: the focus goes to the board, not back to the page's start.
  assert.equal(await page.evaluate(() => document.activeElement.id), 'board');
  const back = await state(page);
  assert.equal(back.tutorial, null);
  assert.deepEqual(back.moves, mine);
  assert.equal(back.mode, 'two');
  assert.deepEqual(errors, []);
  await context.close();
});

test('the tutorial panel has no WCAG A or AA violation (Persian dark 360x640, French light 1280x800)', async () => {
  for (const [locale, colorScheme, viewport] of [['fa-IR', 'dark', { width: 360, height: 640 }], ['fr-FR', 'light', { width: 1280, height: 800 }]]) {
    const { context, page } = await openContext(game.browser, game.server.url, { viewport, locale, colorScheme, bypassCSP: true });
    await still(page);
    const audit = async (where) => (await axeViolations(page)).map((v) => `${locale} ${where}: ${v}`);
    const found = [...await audit('the offer')];
    await page.click('#tutorial-offer');
    await ready(page);
    found.push(...await audit('a step'));
    await page.evaluate(() => window.wasmBindings.game_play('ox:a1a2'));
    found.push(...await audit('a refused move'));
    await page.evaluate(() => window.wasmBindings.game_play('tiger:b1b3'));
    await still(page);
    found.push(...await audit('a step done'));
    // The targets are 44 px high at least.
    for (const id of ['tutorial-next', 'tutorial-leave']) {
      const box = await page.locator(`#${id}`).boundingBox();
      assert.ok(box.height >= 44, `${id} ${box.height}`);
    }
    assert.deepEqual(found, []);
    await context.close();
  }
});

/** Waits two frames: a panel that changed height has resized the canvas and the board is laid out again. */
const settled = (page) => page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));

/** Whether the step's words show whole (nothing left to scroll to) and the board is whole, below the panel. */
async function wholeText(page, viewport) {
  return page.evaluate(({ width, height }) => {
    const text = document.getElementById('tutorial-text');
    const panel = document.getElementById('tutorial').getBoundingClientRect();
    const canvas = document.getElementById('board').getBoundingClientRect();
    const [a, e] = [window.wasmBindings.square_rect('a1'), window.wasmBindings.square_rect('e5')];
    const inside = (r) => r.x >= canvas.left - 0.5 && r.y >= canvas.top - 0.5 && r.x + r.width <= canvas.right + 0.5
      && r.y + r.height <= canvas.bottom + 0.5 && r.x >= 0 && r.y >= 0 && r.x + r.width <= width && r.y + r.height <= height;
    const problems = [];
    if (text.scrollHeight > text.clientHeight + 1) problems.push(`text ${text.scrollHeight} > ${text.clientHeight}`);
    if (panel.bottom > canvas.top + 0.5) problems.push(`panel ends at ${panel.bottom}, board begins at ${canvas.top}`);
    if (!inside(a) || !inside(e)) problems.push(`board ${JSON.stringify([a, e])} not whole in ${JSON.stringify(canvas)}`);
    return problems.join('; ');
  }, viewport);
}

for (const viewport of [{ width: 360, height: 640 }, { width: 390, height: 844 }, { width: 640, height: 360 }, { width: 1280, height: 800 }]) {
  test(`at ${viewport.width}x${viewport.height} every text of the tutorial shows whole, the board stays put and whole within a step and keeps near a game's size, in four languages`, async () => {
    // Motion reduced: the moves do not slide (the sizes are measured once the board is still).
    const { context, page, errors } = await openContext(game.browser, game.server.url, { viewport, hasTouch: true, reducedMotion: 'reduce' });
    for (const lang of ['en', 'fa', 'es', 'fr']) {
      await page.evaluate((language) => window.wasmBindings.game_settings({ language }), lang);
      const gameBoard = await page.evaluate(() => window.wasmBindings.square_rect('a1').width * 5);
      await page.evaluate(() => document.getElementById('menu-tutorial').click());
      await ready(page);
      await settled(page);
      // The panel takes the lines its step needs; the bar and the strip give way on a phone.
      const boardSize = () => page.evaluate(() => window.wasmBindings.square_rect('a1').width * 5);
      const nearGame = async (what) => {
        const size = await boardSize();
        assert.ok(size >= gameBoard, `${lang} ${what}: the board is ${size} px, ${gameBoard} px in a game`);
      };
      const measure = () => page.evaluate(() => {
        const canvas = document.getElementById('board').getBoundingClientRect();
        const [a, e] = [window.wasmBindings.square_rect('a1'), window.wasmBindings.square_rect('e5')];
        const panelBox = document.getElementById('tutorial').getBoundingClientRect();
        return JSON.stringify({ canvas: [canvas.x, canvas.y, canvas.width, canvas.height], a1: a, e5: e, panel: panelBox.height });
      });
      let first = await measure();
      assert.equal(await wholeText(page, viewport), '', `${lang} step 1`);
      await nearGame('step 1');
      let longest = '';
      for (let step = 1; step <= 6; step += 1) {
        const s = await state(page);
        const wrong = s.legal_moves.find((m) => !s.tutorial.expects.includes(m));
        if (wrong) {
          await page.evaluate((m) => window.wasmBindings.game_play(m), wrong);
          await still(page);
          assert.equal(await measure(), first, `${lang} step ${step}, refused`);
          assert.equal(await wholeText(page, viewport), '', `${lang} step ${step}, refused`);
        }
        for (const t of [s.controls.tutorial.text, (await state(page)).controls.tutorial.text]) if (t.length > longest.length) longest = t;
        await page.evaluate((m) => window.wasmBindings.game_play(m), s.tutorial.expects[0]);
        await still(page);
        const done = await state(page);
        if (done.controls.tutorial.text.length > longest.length) longest = done.controls.tutorial.text;
        assert.equal(await measure(), first, `${lang} step ${step}, done`);
        assert.equal(await wholeText(page, viewport), '', `${lang} step ${step}, done`);
        if (step < 6) {
          await page.evaluate(() => document.getElementById('tutorial-next').click());
          await still(page);
          await settled(page);
          first = await measure();
          assert.equal(await wholeText(page, viewport), '', `${lang} step ${step + 1}`);
          await nearGame(`step ${step + 1}`);
        }
      }
      // The longest text of all, put in the panel: it shows whole, the board below it.
      await page.evaluate((t) => { document.getElementById('tutorial-text').textContent = t; }, longest);
      assert.equal(await wholeText(page, viewport), '', `${lang}, the longest text`);
      // The buttons stay on screen, whole.
      for (const id of ['tutorial-next', 'tutorial-leave']) {
        const box = await page.locator(`#${id}`).boundingBox();
        assert.ok(box.x >= 0 && box.x + box.width <= viewport.width && box.height >= 44, `${lang} ${id} ${JSON.stringify(box)}`);
      }
      if (lang === 'fr' || lang === 'fa') await screenshot(page, `tutorial-layout-${lang}-${viewport.width}x${viewport.height}`);
      await page.evaluate(() => document.getElementById('tutorial-leave').click());
      await still(page);
    }
    assert.deepEqual(errors, []);
    await context.close();
  });
}

test('a reload at the last step on a Persian phone comes back at that step, the game aside still aside', async () => {
  const { context, page, errors } = await openContext(game.browser, game.server.url, { viewport: { width: 360, height: 640 }, locale: 'fa-IR', hasTouch: true });
  await still(page);
  await page.evaluate(() => window.wasmBindings.game_new({ mode: 'ai', level: 0, cards: ['tiger', 'crab', 'monkey', 'crane', 'boar'] }));
  await page.evaluate(() => window.wasmBindings.game_play('crab:c1c2'));
  await page.waitForFunction(() => window.wasmBindings.game_state().moves.length === 2, null, { timeout: 30000 });
  await still(page);
  const mine = (await state(page)).moves;
  await page.tap('#menu-button');
  await page.tap('#menu-tutorial');
  await ready(page);
  for (let step = 1; step < 6; step += 1) {
    await page.evaluate((m) => window.wasmBindings.game_play(m), (await state(page)).tutorial.expects[0]);
    await still(page);
    await page.tap('#tutorial-next');
    await ready(page);
  }
  assert.equal((await state(page)).tutorial.step, 6);
  const before = await panel(page);
  await page.reload();
  await page.waitForFunction(() => window.wasmBindings !== undefined);
  await ready(page);
  const s = await state(page);
  assert.equal(s.tutorial?.step, 6, 'the same step');
  assert.equal(s.tutorial.done, false);
  assert.deepEqual(await panel(page), before);
  // On a phone the strip gives way to the tutorial: Leave brings the game back (below).
  assert.ok((await state(page)).controls.back_to_my_game, 'the game aside is still aside');
  await screenshot(page, 'tutorial-fa-360x640-reloaded');
  await page.evaluate((m) => window.wasmBindings.game_play(m), s.tutorial.expects[0]);
  await still(page);
  await page.tap('#tutorial-next');
  await still(page);
  const end = await state(page);
  assert.equal(end.tutorial, null);
  assert.deepEqual(end.moves, mine, 'back to the game put aside');
  assert.deepEqual(errors, []);
  await context.close();
});
