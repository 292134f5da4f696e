// axe-core's WCAG 2.1 A and AA rules on the page and on every dialog and panel a player opens, in
// the four languages, light and dark. Zero violations is the bar.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { screenshot, servedGame, openContext, openMenu, still, axeViolations } from './harness.mjs';

const game = servedGame({ before, after });
const RECORD = 'start 5/5/2B2/2R2/5 crab,boar horse,elephant ox r\nmoves boar:c2b2 elephant:c3b2\n';

/** The violations axe finds in the page as it stands, one line each. */
async function audit(page, where) {
  return (await axeViolations(page)).map((v) => `${where}: ${v}`);
}

async function closeDialogs(page) {
  await page.evaluate(() => document.querySelectorAll('dialog[open]').forEach((d) => d.close()));
}

for (const [locale, colorScheme, viewport] of [
  ['en-GB', 'light', { width: 1280, height: 800 }],
  ['fa-IR', 'dark', { width: 360, height: 640 }],
  ['fr-FR', 'light', { width: 390, height: 844 }],
  ['es-ES', 'dark', { width: 640, height: 360 }],
]) {
  test(`no WCAG A or AA violation in ${locale}, ${colorScheme}, ${viewport.width}x${viewport.height}: the board, every dialog, a review, a result`, async () => {
    // The audit's script is injected by the test, past the page's Content-Security-Policy.
    const { context, page } = await openContext(game.browser, game.server.url, { viewport, locale, colorScheme, bypassCSP: true });
    const found = [];
    await still(page);
    found.push(...await audit(page, 'the board'));
    await openMenu(page);
    found.push(...await audit(page, 'the menu'));
    await closeDialogs(page);
    await page.click('#new-game');
    found.push(...await audit(page, 'the new-game dialog'));
    await closeDialogs(page);
    await openMenu(page);
    await page.click('#rules');
    await page.waitForFunction(() => document.querySelector('#rules-content .rules-text p') !== null);
    found.push(...await audit(page, 'the rules'));
    await closeDialogs(page);
    await openMenu(page);
    await page.click('#records');
    found.push(...await audit(page, 'the records'));
    await page.fill('#record-text', RECORD);
    await page.click('#record-review');
    await page.waitForFunction(() => window.wasmBindings.game_state().review?.running === false, null, { timeout: 60000 });
    found.push(...await audit(page, 'a review'));
    await page.evaluate(() => window.wasmBindings.game_new({ mode: 'ai', human: 'red', level: 0, position: '5/5/2B2/2R2/5 crab,boar horse,elephant ox r' }));
    await page.evaluate(() => window.wasmBindings.game_play('crab:c2c3'));
    await still(page);
    found.push(...await audit(page, 'the result'));
    await page.evaluate(() => window.wasmBindings.game_new({ mode: 'two', cards: ['tiger', 'crab', 'monkey', 'crane', 'boar'] }));
    await page.evaluate(() => window.wasmBindings.game_play('crab:c1c2'));
    await openMenu(page);
    await page.click('#puzzle-daily');
    await page.waitForFunction(() => window.wasmBindings.game_state().puzzle !== null, null, { timeout: 30000 });
    await still(page);
    found.push(...await audit(page, 'a puzzle, the game in progress aside'));
    await openMenu(page);
    await page.click('#puzzle-list');
    await page.waitForFunction(() => document.querySelectorAll('#puzzle-rows button[aria-current]').length === 1);
    found.push(...await audit(page, 'the list of puzzles'));
    // An easy one: its solution (3 plies) shows the same panel as a hard one's 7, in less time.
    await page.click('#puzzle-tabs [data-d="easy"]');
    await page.click('#puzzle-rows button');
    await page.waitForFunction(() => window.wasmBindings.game_state().puzzle?.plies === 3);
    await page.click('#show-solution');
    await page.waitForFunction(() => { const s = window.wasmBindings.game_state(); return s.outcome !== null && !s.animating; }, null, { timeout: 60000 });
    found.push(...await audit(page, 'a puzzle\'s solution shown'));
    assert.deepEqual(found, []);
    await context.close();
  });
}

test('three wins in a row offer the next level, and the records list the player against each level', async () => {
  const { context, page } = await openContext(game.browser, game.server.url, { viewport: { width: 360, height: 640 }, locale: 'fr-FR', bypassCSP: true });
  const found = [];
  for (let round = 0; round < 3; round++) {
    await page.evaluate(() => window.wasmBindings.game_new({ mode: 'ai', human: 'red', level: 1, position: '5/5/2B2/2R2/5 crab,boar horse,elephant ox r' }));
    await page.evaluate(() => window.wasmBindings.game_play('crab:c2c3'));
    await still(page);
  }
  assert.ok(await page.isVisible('#play-next-level'), 'the next level is offered');
  assert.equal(await page.textContent('#next-level'), 'Niveau 3');
  assert.match(await page.getAttribute('#play-next-level', 'aria-label'), /Trois victoires de suite/);
  await screenshot(page, 'next-level-fr-360x640');
  found.push(...await audit(page, 'the next level offered'));
  await page.click('#play-next-level');
  await still(page);
  assert.equal(await page.evaluate(() => window.wasmBindings.game_state().level), 2);
  await openMenu(page);
  await page.click('#records');
  assert.ok(await page.isVisible('#standings'));
  assert.match(await page.textContent('#standings tbody'), /3–0–0/);
  await screenshot(page, 'standings-fr-360x640');
  found.push(...await audit(page, 'the record against each level'));
  assert.deepEqual(found, []);
  await context.close();
});
