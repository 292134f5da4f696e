// The move list on a phone: one tap on the bar's "Moves" opens it as a sheet (a labelled dialog,
// the focus in it), rows and keys step back through the game with the board showing the earlier
// position, the sheet never covers the board's squares, and Escape closes it with the focus back.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { screenshot, servedGame, openContext, still } from './harness.mjs';

const game = servedGame({ before, after });

const state = (page) => page.evaluate(() => window.wasmBindings.game_state());

/** Plays `plies` fixed moves (a small LCG picks among the legal ones) in a two-player game; returns the positions. */
async function playFixed(page, plies) {
  return page.evaluate((plies) => {
    const w = window.wasmBindings;
    w.game_new({ mode: 'two', turn_board: false, cards: ['tiger', 'crab', 'monkey', 'crane', 'boar'] });
    let seed = 11;
    const positions = [w.game_state().position];
    for (let i = 0; i < plies; i++) {
      const legal = w.game_state().legal_moves;
      seed = (seed * 1103515245 + 12345) % 2147483648;
      w.game_play(legal[seed % legal.length]);
      positions.push(w.game_state().position);
    }
    return positions;
  }, plies);
}

/** The sheet's rectangle overlaps none of the board's 25 squares. */
const coversBoard = (page) => page.evaluate(() => {
  const sheet = document.getElementById('moves-sheet').getBoundingClientRect();
  const w = window.wasmBindings;
  const covered = [];
  for (const file of 'abcde') {
    for (const rank of '12345') {
      const r = w.square_rect(file + rank);
      const apart = r.x + r.width <= sheet.left + 0.5 || r.x >= sheet.right - 0.5 || r.y + r.height <= sheet.top + 0.5 || r.y >= sheet.bottom - 0.5;
      if (!apart) covered.push(file + rank);
    }
  }
  return covered;
});

const focusInSheet = (page) => page.evaluate(() => document.getElementById('moves-sheet').contains(document.activeElement) && document.activeElement.id);

for (const { lang, width, height } of [
  { lang: 'fa', width: 360, height: 640 },
  { lang: 'fr', width: 390, height: 844 },
  { lang: 'es', width: 640, height: 360 },
]) {
  test(`${width}x${height} ${lang}: the move list opens in one tap and steps back with taps and keys`, { timeout: 60000 }, async () => {
    const { context, page, errors } = await openContext(game.browser, game.server.url,
      { viewport: { width, height }, hasTouch: true, isMobile: true });
    await page.evaluate((lang) => window.wasmBindings.game_settings({ language: lang }), lang);
    const positions = await playFixed(page, 6);
    await still(page);
    const name = (what) => `moves-sheet-${what}-${lang}-${width}x${height}`;
    assert.equal(await page.isVisible('#moves-button'), true, 'the bar offers the move list');
    const bar = await page.locator('#moves-button').boundingBox();
    assert.ok(bar.width >= 44 && bar.height >= 44, `the button is ${bar.width}×${bar.height}`);
    await page.tap('#moves-button');
    assert.equal(await page.evaluate(() => document.getElementById('moves-sheet').open), true);
    assert.equal(await page.evaluate(() => document.getElementById('moves-sheet').matches(':modal')), true);
    const label = await page.evaluate(() => {
      const sheet = document.getElementById('moves-sheet');
      return document.getElementById(sheet.getAttribute('aria-labelledby'))?.textContent;
    });
    assert.ok(label && label.length > 0, 'the sheet is labelled');
    assert.equal(await focusInSheet(page), 'sheet-moves', 'the focus is in the list');
    // Every row and the close button are targets for a finger.
    const small = await page.evaluate(() => [...document.querySelectorAll('#sheet-moves li, #moves-sheet-close')]
      .map((e) => e.getBoundingClientRect()).filter((r) => r.width < 44 || r.height < 44).length);
    assert.equal(small, 0);
    assert.deepEqual(await coversBoard(page), [], 'the sheet leaves the board in sight');
    const current = await page.evaluate(() => document.querySelector('#sheet-moves li[aria-current]')?.dataset.ply);
    assert.equal(current, '6');
    await screenshot(page, name('open'));
    // Two taps: back one move, then back another.
    for (const ply of [5, 4]) {
      await page.locator(`#sheet-moves li[data-ply="${ply}"]`).scrollIntoViewIfNeeded();
      await page.tap(`#sheet-moves li[data-ply="${ply}"]`);
      await still(page);
      const s = await state(page);
      assert.equal(s.moves.length, ply);
      assert.equal(s.viewing, 6, 'looking back at the game of 6 moves');
      assert.equal(s.position, positions[ply], `the board shows the position after move ${ply}`);
    }
    assert.equal(await page.getAttribute('#sheet-moves li[data-ply="4"]', 'aria-current'), 'step');
    assert.deepEqual(await coversBoard(page), []);
    await screenshot(page, name('tapped-back'));
    // The keys: End comes back to the game, then two steps back, Home to the start.
    await page.focus('#sheet-moves');
    await page.keyboard.press('End');
    await still(page);
    assert.equal((await state(page)).viewing, null);
    await page.keyboard.press('ArrowUp');
    await still(page);
    await page.keyboard.press('ArrowUp');
    await still(page);
    let s = await state(page);
    assert.equal(s.moves.length, 4);
    assert.equal(s.position, positions[4]);
    await screenshot(page, name('keys-back'));
    await page.keyboard.press('Home');
    await still(page);
    s = await state(page);
    assert.equal(s.moves.length, 0);
    assert.equal(s.position, positions[0]);
    // Escape closes the sheet and the focus goes back to the bar's button.
    await page.keyboard.press('Escape');
    assert.equal(await page.evaluate(() => document.getElementById('moves-sheet').open), false);
    assert.equal(await page.evaluate(() => document.activeElement?.id), 'moves-button');
    assert.equal((await state(page)).moves.length, 0, 'closing the sheet keeps the position shown');
    await screenshot(page, name('closed'));
    // The close button closes it too.
    await page.tap('#moves-button');
    await page.tap('#moves-sheet-close');
    assert.equal(await page.evaluate(() => document.getElementById('moves-sheet').open), false);
    assert.deepEqual(errors, []);
    await context.close();
  });
}

test('on a wide screen the move list is beside the board and the bar has no button for it', async () => {
  const { context, page, errors } = await openContext(game.browser, game.server.url);
  assert.equal(await page.isVisible('#moves-button'), false);
  assert.equal(await page.isVisible('#panel'), true);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a tap on the dimmed page around the menu closes it, as around the move list', async () => {
  const { context, page, errors } = await openContext(game.browser, game.server.url,
    { viewport: { width: 360, height: 640 }, hasTouch: true, isMobile: true, locale: 'fa-IR' });
  const open = (id) => page.evaluate((id) => document.getElementById(id).open, id);
  for (const [button, id] of [['#menu-button', 'menu'], ['#moves-button', 'moves-sheet']]) {
    await page.tap(button);
    assert.equal(await open(id), true, `${id} opened`);
    // The dimmed page beside the menu's box (at the screen's left edge), or above the sheet's.
    const box = await page.locator(`#${id}`).boundingBox();
    const [x, y] = box.x >= 4 ? [2, box.y + box.height / 2] : [box.x + box.width / 2, box.y - 20];
    assert.ok(y >= 0, `${id} leaves some page beside it`);
    await page.touchscreen.tap(x, y);
    await page.waitForFunction((id) => !document.getElementById(id).open, id);
    await screenshot(page, `dimmed-tap-closes-${id}`);
    // Closed for the page too: it stays closed.
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    assert.equal(await open(id), false, `${id} stays closed`);
  }
  assert.deepEqual(errors, []);
  await context.close();
});

for (const { lang, locale } of [{ lang: 'fr', locale: 'fr-FR' }, { lang: 'fa', locale: 'fa-IR' }]) {
  test(`on a wide screen in ${lang} the panel's step buttons and move list show their whole focus ring`, async () => {
    const { context, page, errors } = await openContext(game.browser, game.server.url,
      { viewport: { width: 1280, height: 800 }, locale });
    await playFixed(page, 4);
    // Two moves back: both buttons step.
    await page.click('#step-back');
    await page.click('#step-back');
    await page.waitForFunction(() => !document.getElementById('step-on').disabled);
    for (const [from, to, key] of [['#step-back', '#step-on', 'Tab'], ['#step-on', '#step-back', 'Shift+Tab'], ['#step-on', '#moves', 'Tab']]) {
      // Reached by the keyboard, as a player reaches it: the ring shows.
      await page.focus(from);
      await page.keyboard.press(key);
      const ring = await page.evaluate((to) => {
        const button = document.querySelector(to);
        const style = getComputedStyle(button);
        const out = parseFloat(style.outlineWidth) + parseFloat(style.outlineOffset);
        const r = button.getBoundingClientRect();
        // The panel scrolls: what lies outside its padding box is cut off.
        const panel = document.getElementById('panel');
        const p = panel.getBoundingClientRect();
        const left = p.left + panel.clientLeft;
        return { focused: document.activeElement === button && button.matches(':focus-visible'), out,
          leftSpare: r.left - out - left, rightSpare: left + panel.clientWidth - (r.right + out) };
      }, to);
      assert.ok(ring.focused, `${to} has the keyboard's focus ring`);
      assert.ok(ring.leftSpare >= -0.5 && ring.rightSpare >= -0.5, `${to}'s ring shows whole: ${JSON.stringify(ring)}`);
      await screenshot(page, `panel-step-ring-${lang}-${to.slice(1)}`);
    }
    assert.deepEqual(errors, []);
    await context.close();
  });
}
