// Four languages, chosen from the browser's language and switchable in the page; Persian right to
// left. The texts drawn on the canvas follow the language too.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { screenshot, servedGame, openMenu } from './harness.mjs';

const game = servedGame({ before, after });

const CARDS = ['tiger', 'crab', 'monkey', 'crane', 'boar'];
const CASES = [
  ['en-GB', 'en', 'ltr', 'New game', /^Red to move$/],
  ['fa-IR', 'fa', 'rtl', 'بازی تازه', /^نوبت قرمز$/],
  ['es-ES', 'es', 'ltr', 'Partida nueva', /^Mueve Rojo$/],
  ['fr-FR', 'fr', 'ltr', 'Nouvelle partie', /^Au tour de Rouge$/],
];

for (const [locale, code, dir, newGame, turnLine] of CASES) {
  test(`a browser in ${locale} gets the page in ${code}`, async () => {
    const context = await game.browser.newContext({ locale, viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await page.goto(game.server.url);
    await page.waitForFunction(() => window.wasmBindings !== undefined);
    await page.evaluate((cards) => window.wasmBindings.game_new({ mode: 'two', turn_board: false, cards }), CARDS);
    await page.evaluate(() => window.wasmBindings.game_play('crab:c1c2'));
    await page.evaluate(() => window.wasmBindings.game_play('monkey:b5a4'));
    await page.waitForFunction(() => !window.wasmBindings.game_state().animating);
    assert.equal(await page.getAttribute('html', 'lang'), code);
    assert.equal(await page.getAttribute('html', 'dir'), dir);
    assert.equal(await page.textContent('#new-game'), newGame);
    const s = await page.evaluate(() => window.wasmBindings.game_state());
    assert.equal(s.language, code);
    assert.match(s.turn_line, turnLine);
    await screenshot(page, `language-${code}`);
    assert.deepEqual(errors, []);
    await context.close();
  });
}

test('the language can be switched in the page and is remembered', async () => {
  const context = await game.browser.newContext({ locale: 'en-US', viewport: { width: 800, height: 600 } });
  const page = await context.newPage();
  await page.goto(game.server.url);
  await page.waitForFunction(() => window.wasmBindings !== undefined);
  await openMenu(page);
  await page.selectOption('#language', 'fr');
  // The French texts are fetched first; the page changes once they are here.
  await page.waitForFunction(() => document.querySelector('#undo').textContent === 'Annuler');
  assert.equal(await page.getAttribute('html', 'lang'), 'fr');
  await page.reload();
  await page.waitForFunction(() => window.wasmBindings !== undefined);
  assert.equal(await page.getAttribute('html', 'lang'), 'fr');
  assert.equal(await page.inputValue('#language'), 'fr');
  // Level names follow the language; Persian numbers them with Persian digits.
  await openMenu(page);
  await page.selectOption('#language', 'fa');
  await page.waitForFunction(() => document.documentElement.lang === 'fa');
  const level = await page.textContent('#setup-level option[value="novice"]');
  assert.equal(level, '۱ – نوآموز');
  await context.close();
});

for (const [locale, title] of [['en-US', 'How to play'], ['fa-IR', 'شیوهٔ بازی'], ['es-ES', 'Cómo se juega'], ['fr-FR', 'Comment jouer']]) {
  test(`the rules page in ${locale} draws the sixteen cards`, async () => {
    const context = await game.browser.newContext({ locale, viewport: { width: 1000, height: 900 } });
    const page = await context.newPage();
    await page.goto(game.server.url);
    await page.waitForFunction(() => window.wasmBindings !== undefined);
    await openMenu(page);
    await page.click('#rules');
    await page.waitForSelector('#rules-dialog[open]');
    assert.equal(await page.textContent('#rules-content h2'), title);
    assert.equal(await page.locator('#rules-content .rule-card').count(), 16);
    // The paragraphs come from their own file, fetched when the rules open.
    await page.waitForFunction(() => document.querySelectorAll('#rules-content p').length >= 5);
    // Tiger reaches two squares: forward two and back one.
    const tiger = page.locator('#rules-content .rule-card').first();
    assert.equal(await tiger.locator('.cell.reach').count(), 2);
    if (locale === 'en-US' || locale === 'fa-IR') await screenshot(page, `rules-${locale.slice(0, 2)}`);
    await context.close();
  });
}

test('rules that could not be fetched say so, and come at the next opening; Escape closes them', async () => {
  // The service worker would fetch behind the test's back: the browser's own fetch fails here.
  const context = await game.browser.newContext({ locale: 'fr-FR', viewport: { width: 1000, height: 900 }, serviceWorkers: 'block' });
  const page = await context.newPage();
  let offline = true;
  await page.route('**/rules/fr.txt', (route) => (offline ? route.abort('internetdisconnected') : route.continue()));
  await page.goto(game.server.url);
  await page.waitForFunction(() => window.wasmBindings !== undefined);
  await openMenu(page);
  await page.click('#rules');
  await page.waitForFunction(() => /hors ligne/.test(document.querySelector('#rules-content .rules-text')?.textContent ?? ''));
  assert.equal(await page.locator('#rules-content .rules-text p').count(), 1);
  await page.keyboard.press('Escape');
  await page.waitForSelector('#rules-dialog:not([open])', { state: 'attached' });
  offline = false;
  await openMenu(page);
  await page.click('#rules');
  await page.waitForFunction(() => document.querySelectorAll('#rules-content .rules-text p').length >= 5);
  assert.equal(await page.textContent('#rules-content h2'), 'Comment jouer');
  await page.click('#rules-close');
  await page.waitForSelector('#rules-dialog:not([open])', { state: 'attached' });
  await context.close();
});

test('only English is built in: a visit in French fetches the French texts once, an English one none', async () => {
  for (const [locale, expected] of [['fr-FR', ['texts/fr.txt']], ['en-US', []]]) {
    const context = await game.browser.newContext({ locale, viewport: { width: 800, height: 600 } });
    const page = await context.newPage();
    const asked = [];
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (path.includes('/texts/')) asked.push(path.slice(path.indexOf('texts/')));
    });
    await page.goto(game.server.url);
    await page.waitForFunction(() => window.wasmBindings !== undefined);
    assert.deepEqual(asked, expected, locale);
    // The board was drawn in the page's language, not in English first.
    assert.equal(await page.getAttribute('html', 'lang'), locale.slice(0, 2));
    await context.close();
  }
});

test('texts that cannot be fetched leave the page as it was, and say so in its language', async () => {
  // No service worker: its fetches would not be routed.
  const context = await game.browser.newContext({ locale: 'en-US', viewport: { width: 800, height: 600 }, serviceWorkers: 'block' });
  const page = await context.newPage();
  await page.goto(game.server.url);
  await page.waitForFunction(() => window.wasmBindings !== undefined);
  await page.route('**/texts/fr.txt', (route) => route.abort('internetdisconnected'));
  await openMenu(page);
  await page.selectOption('#language', 'fr');
  await page.waitForFunction(() => window.wasmBindings.game_state().notice !== null);
  const state = await page.evaluate(() => window.wasmBindings.game_state());
  assert.match(state.notice, /texts in Français could not be fetched/);
  assert.equal(state.language, 'en');
  assert.equal(await page.textContent('#undo'), 'Undo');
  assert.equal(await page.inputValue('#language'), 'en');
  // Back online, the same choice works.
  await page.unroute('**/texts/fr.txt');
  await page.selectOption('#language', 'fr');
  await page.waitForFunction(() => window.wasmBindings.game_state().language === 'fr');
  assert.equal(await page.textContent('#undo'), 'Annuler');
  await context.close();
});

test('a first visit in Persian whose texts cannot come opens in English and says why', async () => {
  const context = await game.browser.newContext({ locale: 'fa-IR', viewport: { width: 800, height: 600 }, serviceWorkers: 'block' });
  const page = await context.newPage();
  await page.route('**/texts/fa.txt', (route) => route.abort('internetdisconnected'));
  await page.goto(game.server.url);
  await page.waitForFunction(() => window.wasmBindings !== undefined);
  const state = await page.evaluate(() => window.wasmBindings.game_state());
  assert.equal(state.language, 'en');
  assert.match(state.notice, /texts in فارسی could not be fetched/);
  assert.equal(await page.getAttribute('html', 'dir'), 'ltr');
  await screenshot(page, 'texts-unavailable');
  await context.close();
});
