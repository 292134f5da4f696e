// The cards dealt from: the new-game dialog's set and card switches (the five-card rule, what the
// choosers offer, a reload), the dialog on a phone in the four languages, a game of expansion cards
// played by taps, the expansion emblems in both themes, and an accessibility audit of the dialog.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { screenshot, servedGame, openContext, still, axeViolations } from './harness.mjs';

const game = servedGame({ before, after });
const state = (page) => page.evaluate(() => window.wasmBindings.game_state());
const settings = (page, patch = {}) => page.evaluate((p) => window.wasmBindings.game_settings(p), patch);
const SENSEI = ['bear', 'panda', 'dog', 'fox', 'giraffe', 'kirin', 'mouse', 'rat', 'sable', 'otter', 'sea-snake',
  'viper', 'tanuki', 'iguana', 'phoenix', 'turtle'];

/** The dialog's switches as they read: each set's (on, mixed) and the cards that are on. */
const switches = (page) => page.evaluate(() => {
  const inputs = [...document.querySelectorAll('#deck input')];
  return {
    packs: inputs.slice(0, 3).map((i) => (i.indeterminate ? 'mixed' : i.checked ? 'on' : 'off')),
    on: inputs.slice(3).filter((i) => i.checked).map((i) => i.value),
    offered: [...document.querySelectorAll('#setup-red-1 option')].map((o) => o.value),
    message: document.getElementById('deck-message').textContent,
  };
});

/** Clicks a set's switch (by its code) or a card's (by its name) as a player does, on its label. */
const toggle = (page, code) => page.click(`#deck label:has(input[value="${code}"])`);

test('the dialog switches sets and cards, refuses to leave fewer than five, deals from them, and a reload keeps them', async () => {
  const { context, page, errors } = await openContext(game.browser, game.server.url);
  await still(page);
  assert.equal((await state(page)).cards_enabled.length, 16, 'the base set unless chosen');
  await page.click('#new-game');
  let shown = await switches(page);
  assert.deepEqual(shown.packs, ['on', 'off', 'off']);
  assert.equal(shown.on.length, 16);
  assert.equal(shown.offered.length, 16);
  assert.equal(shown.message, '16 of 34 cards on');

  await toggle(page, 'senseis-path');
  await toggle(page, 'base');
  shown = await switches(page);
  assert.deepEqual(shown.packs, ['off', 'on', 'off']);
  assert.deepEqual(shown.on, SENSEI);
  assert.deepEqual(shown.offered, SENSEI, 'the choosers offer only the cards on');
  const chosen = await page.evaluate(() => ['setup-red-1', 'setup-red-2', 'setup-blue-1', 'setup-blue-2', 'setup-side']
    .map((id) => document.getElementById(id).value));
  assert.ok(chosen.every((card) => SENSEI.includes(card)), `the chosen cards gave way to cards on: ${chosen}`);
  assert.equal(new Set(chosen).size, 5);

  for (const card of SENSEI.slice(5)) await toggle(page, card);
  shown = await switches(page);
  assert.deepEqual(shown.on, SENSEI.slice(0, 5));
  assert.deepEqual(shown.packs, ['off', 'mixed', 'off']);
  // A sixth card off would leave four: refused, with the reason, and the switch stays on.
  await toggle(page, 'bear');
  shown = await switches(page);
  assert.deepEqual(shown.on, SENSEI.slice(0, 5), 'the refused switch went back');
  assert.equal(shown.message, 'At least five cards stay on: a game deals five.');
  assert.equal(await page.getAttribute('#deck-message', 'class'), 'refused');
  await screenshot(page, 'deck-refused-desktop');
  await toggle(page, 'promo');
  shown = await switches(page);
  const seven = [...SENSEI.slice(0, 5), 'sheep', 'goat'];
  assert.deepEqual(shown.on, seven);
  assert.equal(shown.message, '7 of 34 cards on');
  assert.deepEqual((await state(page)).cards_enabled, seven);

  // A random deal draws from the seven.
  await page.click('#setup-start');
  await still(page);
  const cards = (await state(page)).position.split(' ').slice(1, 4).join(',').split(',');
  assert.ok(cards.every((card) => seven.includes(card)), `dealt ${cards}`);

  await page.reload();
  await page.waitForFunction(() => window.wasmBindings !== undefined);
  await still(page);
  assert.deepEqual((await settings(page)).cards_enabled, seven, 'a reload keeps the deck');
  await page.click('#new-game');
  shown = await switches(page);
  assert.deepEqual(shown.on, seven);
  assert.deepEqual(shown.packs, ['off', 'mixed', 'on']);
  // A mixed set's switch turns all its cards on.
  await toggle(page, 'senseis-path');
  assert.equal((await switches(page)).on.length, 18);

  // Scripts: five names at least, known ones only; the switches follow.
  const refused = await page.evaluate(() => {
    try { window.wasmBindings.game_settings({ cards_enabled: ['tiger', 'goat'] }); } catch (e) { return e.message; }
    return null;
  });
  assert.match(refused, /at least five/);
  const unknown = await page.evaluate(() => {
    try { window.wasmBindings.game_settings({ cards_enabled: ['tiger', 'crab', 'ox', 'goat', 'wolf'] }); } catch (e) { return e.message; }
    return null;
  });
  assert.match(unknown, /unknown card 'wolf'/);
  const five = ['tiger', 'crab', 'kirin', 'sheep', 'goat'];
  assert.deepEqual((await settings(page, { cards_enabled: five })).cards_enabled, five);
  shown = await switches(page);
  assert.deepEqual(shown.on, five);
  assert.deepEqual(shown.offered, five);
  assert.deepEqual(errors, []);
  await context.close();
});

const LANGUAGES = [['en-GB', 'light'], ['fa-IR', 'dark'], ['es-ES', 'light'], ['fr-FR', 'dark']];

test('on a 360x640 phone the dialog fits, its body scrolls as one with every card switch in it, and its targets are 44 px, in four languages', async () => {
  for (const [locale, colorScheme] of LANGUAGES) {
    const { context, page, errors } = await openContext(game.browser, game.server.url,
      { viewport: { width: 360, height: 640 }, locale, colorScheme, hasTouch: true, isMobile: true });
    await still(page);
    await page.tap('#new-game');
    await toggle(page, 'senseis-path');
    const fit = await page.evaluate(() => {
      const dialog = document.getElementById('setup');
      const body = dialog.querySelector('.dialog-body');
      const list = document.getElementById('deck-cards');
      const rect = dialog.getBoundingClientRect();
      const small = [...dialog.querySelectorAll('button, select, #deck label')]
        .filter((e) => e.offsetParent !== null && e.getBoundingClientRect().height < 44)
        .map((e) => `${e.id || e.textContent.trim()}: ${e.getBoundingClientRect().height}`);
      const listRect = list.getBoundingClientRect();
      return {
        inside: rect.top >= 0 && rect.bottom <= innerHeight && rect.left >= 0 && rect.right <= innerWidth,
        page: document.scrollingElement.scrollHeight <= innerHeight,
        body: body.scrollHeight > body.clientHeight + 1,
        form: dialog.scrollHeight <= dialog.clientHeight + 1,
        list: list.scrollHeight <= list.clientHeight + 1,
        listHeight: listRect.height,
        rows: Math.ceil(list.querySelectorAll('label').length / getComputedStyle(list).gridTemplateColumns.split(' ').length),
        small,
        dir: document.documentElement.dir,
      };
    });
    assert.ok(fit.inside, `${locale}: the dialog is on screen`);
    assert.ok(fit.page && fit.form, `${locale}: the page and the dialog's frame do not scroll ${JSON.stringify(fit)}`);
    assert.ok(fit.body && fit.list, `${locale}: the body scrolls as one, not the list in a box of its own ${JSON.stringify(fit)}`);
    assert.ok(fit.listHeight >= fit.rows * 44, `${locale}: every switch at its height ${JSON.stringify(fit)}`);
    assert.deepEqual(fit.small, [], `${locale}: targets under 44 px`);
    assert.equal(fit.dir, locale === 'fa-IR' ? 'rtl' : 'ltr');
    await screenshot(page, `deck-dialog-${locale}-${colorScheme}-360x640`);
    assert.deepEqual(errors, [], locale);
    await context.close();
  }
});

/** The centre of a square or a card on the page. */
async function centre(page, kind, name) {
  const r = await page.evaluate(([k, n]) => window.wasmBindings[k === 'square' ? 'square_rect' : 'card_rect'](n), [kind, name]);
  return { x: r.x + r.width / 2, y: r.y + r.height / 2 };
}

test('a game of five expansion cards played by taps on a phone, their emblems fetched once', async () => {
  const fetched = [];
  const { context, page, errors } = await openContext(game.browser, game.server.url,
    { viewport: { width: 360, height: 640 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 });
  page.on('request', (request) => { if (request.url().includes('emblems/')) fetched.push(request.url()); });
  await still(page);
  assert.deepEqual(fetched, [], 'base cards: no emblem file');
  const arrived = page.waitForResponse((r) => r.url().endsWith('emblems/expansion.txt'));
  await page.evaluate(() => window.wasmBindings.game_new({ mode: 'two', turn_board: false, cards: ['kirin', 'phoenix', 'sea-snake', 'otter', 'goat'] }));
  assert.equal((await arrived).status(), 200);
  for (let ply = 0; ply < 4; ply += 1) {
    const s = await state(page);
    const [card, squares] = s.legal_moves[0].split(':');
    for (const [kind, name] of [['card', card], ['square', squares.slice(0, 2)], ['square', squares.slice(2)]]) {
      const { x, y } = await centre(page, kind, name);
      await page.touchscreen.tap(x, y);
    }
    await still(page);
    assert.equal((await state(page)).moves.length, ply + 1, `move ${ply + 1} played by taps`);
  }
  await screenshot(page, 'deck-expansion-game-phone');
  assert.equal(fetched.length, 1, 'fetched once');
  assert.deepEqual(errors, []);
  await context.close();
});

test('the expansion emblems in light and dark', async () => {
  const deals = [['bear', 'panda', 'dog', 'fox', 'giraffe'], ['kirin', 'mouse', 'rat', 'sable', 'otter'],
    ['sea-snake', 'viper', 'tanuki', 'iguana', 'phoenix'], ['turtle', 'sheep', 'goat', 'bear', 'kirin']];
  for (const colorScheme of ['light', 'dark']) {
    const { context, page, errors } = await openContext(game.browser, game.server.url, { colorScheme });
    await still(page);
    for (const [i, cards] of deals.entries()) {
      const arrived = i === 0 ? page.waitForResponse((r) => r.url().endsWith('emblems/expansion.txt')) : null;
      await page.evaluate((c) => window.wasmBindings.game_new({ mode: 'two', turn_board: false, cards: c }), cards);
      await arrived;
      await still(page);
      // The frame after the file's arrival draws the emblems.
      await page.evaluate(() => new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(ok))));
      await screenshot(page, `deck-emblems-${colorScheme}-${i + 1}`);
    }
    assert.deepEqual(errors, []);
    await context.close();
  }
});

const audit = (page) => axeViolations(page, ['#setup']);

for (const [locale, colorScheme, viewport] of [['fa-IR', 'dark', { width: 360, height: 640 }], ['fr-FR', 'light', { width: 1280, height: 800 }]]) {
  test(`the dialog's deck passes WCAG A and AA in ${locale}, ${colorScheme}, ${viewport.width}x${viewport.height}`, async () => {
    const { context, page } = await openContext(game.browser, game.server.url, { viewport, locale, colorScheme, bypassCSP: true });
    await still(page);
    await page.click('#new-game');
    await toggle(page, 'promo');
    // With the refusal's words shown too.
    await page.evaluate(() => window.wasmBindings.game_settings({ cards_enabled: ['tiger', 'crab', 'kirin', 'sheep', 'goat'] }));
    await toggle(page, 'goat');
    assert.equal(await page.getAttribute('#deck-message', 'class'), 'refused');
    assert.deepEqual(await audit(page), []);
    await screenshot(page, `deck-audit-${locale}-${colorScheme}`);
    await context.close();
  });
}

test('a dialog opens at its top, and its cards are named in a language chosen while it was closed', async () => {
  const { context, page, errors } = await openContext(game.browser, game.server.url,
    { viewport: { width: 360, height: 640 }, hasTouch: true, isMobile: true });
  await still(page);
  const scrolled = (id) => page.evaluate((id) => {
    const dialog = document.getElementById(id);
    return [dialog, ...dialog.querySelectorAll('.dialog-body')].map((e) => e.scrollTop);
  }, id);
  for (const [id, opener] of [['setup', '#new-game'], ['records-dialog', '#records']]) {
    if (id === 'records-dialog') await page.tap('#menu-button');
    await page.tap(opener);
    await page.waitForFunction((id) => document.getElementById(id).open, id);
    // Scrolled to its end, closed, opened again: at its top.
    await page.evaluate((id) => {
      const dialog = document.getElementById(id);
      for (const e of [dialog, ...dialog.querySelectorAll('.dialog-body')]) e.scrollTop = e.scrollHeight;
    }, id);
    // New game always scrolls on a phone; Records does once games are kept.
    if (id === 'setup') assert.ok((await scrolled(id)).some((top) => top > 0), `${id} scrolls`);
    await page.keyboard.press('Escape');
    await page.waitForFunction((id) => !document.getElementById(id).open, id);
    if (id === 'records-dialog') await page.tap('#menu-button');
    await page.tap(opener);
    await page.waitForFunction((id) => document.getElementById(id).open, id);
    assert.deepEqual((await scrolled(id)).filter((top) => top > 0), [], `${id} opens at its top`);
    await page.keyboard.press('Escape');
    await page.waitForFunction((id) => !document.getElementById(id).open, id);
  }
  await settings(page, { language: 'fr' });
  await page.waitForFunction(() => window.wasmBindings.game_state().language === 'fr');
  await page.tap('#new-game');
  const first = await page.textContent('#deck-cards label');
  assert.match(first, /tigre/, 'the card switches in French');
  assert.deepEqual(errors, []);
  await context.close();
});

test('on a 360x640 phone each switch of New game has its words beside its box, in French and Persian', async () => {
  for (const locale of ['fr-FR', 'fa-IR']) {
    const { context, page, errors } = await openContext(game.browser, game.server.url,
      { viewport: { width: 360, height: 640 }, locale, hasTouch: true, isMobile: true });
    await still(page);
    await page.tap('#new-game');
    for (const mode of ['two', 'online']) {
      await page.selectOption('#setup-mode', mode);
      const apart = await page.evaluate(() => [...document.querySelectorAll('#setup label')]
        .filter((label) => label.offsetParent !== null && label.querySelector(':scope > input[type=checkbox]'))
        .flatMap((label) => {
          const box = label.querySelector(':scope > input').getBoundingClientRect();
          const words = label.querySelector(':scope > span')?.getBoundingClientRect();
          const under = words && words.top >= box.bottom - 1;
          return under || box.width < 21 ? [`${label.textContent.trim()}: box ${box.width}×${box.height}, words at ${words?.top} under ${box.bottom}`] : [];
        }));
      assert.deepEqual(apart, [], `${locale} ${mode}`);
    }
    await screenshot(page, `deck-switches-${locale}-360x640`);
    assert.deepEqual(errors, []);
    await context.close();
  }
});
