// What a new player hit, on the page: a new game asked for over a game in progress asks first; a
// resignation is final; the phone's move sheet is modal (dimmed, closed by a tap outside) and ◀ ▶
// step through the moves on every screen; a friend's link opens as a record of who played it; the
// bar's labels stay inside their buttons; the desktop's move list keeps a move on one line; the
// New game dialog shows each chosen card and labels every chooser; Records say when no game is
// finished; the menu ends with its settings.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { axeViolations, openContext, openMenu, screenshot, servedGame, still } from './harness.mjs';

const game = servedGame({ before, after });
const state = (page) => page.evaluate(() => window.wasmBindings.game_state());
const call = (page, name, ...args) => page.evaluate(([n, a]) => window.wasmBindings[n](...a), [name, args]);
const isOpen = (page, id) => page.evaluate((id) => document.getElementById(id).open, id);
const CARDS = ['ox', 'boar', 'horse', 'elephant', 'crab'];

/** Plays `plies` legal moves (the first legal one each time) in a two-player game. */
async function playSome(page, plies, options = { mode: 'two', turn_board: false, cards: CARDS }) {
  await call(page, 'game_new', options);
  for (let i = 0; i < plies; i++) {
    await page.evaluate(() => {
      const w = window.wasmBindings;
      w.game_play(w.game_state().legal_moves[0]);
    });
    await still(page);
  }
}

for (const { lang, width, height, start } of [
  { lang: 'fr', width: 360, height: 640, start: 'Laisser cette partie' },
  { lang: 'fa', width: 1280, height: 800, start: 'این بازی را رها می‌کنید؟' },
]) {
  test(`${lang} ${width}x${height}: New game → Start over a game in progress asks first, and Keep playing keeps it`, { timeout: 60000 }, async () => {
    const { context, page, errors } = await openContext(game.browser, game.server.url, { viewport: { width, height } });
    await call(page, 'game_settings', { language: lang });
    await playSome(page, 3);
    const before = (await state(page)).moves;
    await page.click('#new-game');
    await page.click('#setup-start');
    await page.waitForFunction(() => document.getElementById('abandon-dialog').open);
    assert.ok((await page.textContent('#abandon-title')).startsWith(start));
    assert.deepEqual(await axeViolations(page, ['#abandon-dialog']), []);
    await screenshot(page, `abandon-question-${lang}-${width}x${height}`);
    await page.click('#abandon-cancel');
    assert.equal(await isOpen(page, 'abandon-dialog'), false);
    assert.deepEqual((await state(page)).moves, before, 'Keep playing keeps the game');
    // Asked again, and said yes: a new game, the old one not kept.
    await page.click('#new-game');
    await page.click('#setup-start');
    await page.waitForFunction(() => document.getElementById('abandon-dialog').open);
    await page.click('#abandon-confirm');
    await still(page);
    assert.equal(await isOpen(page, 'abandon-dialog'), false);
    assert.ok((await state(page)).moves.length < before.length, 'the new game');
    assert.deepEqual(errors, []);
    await context.close();
  });
}

test('a resignation is final: Undo is refused and game_undo() throws why', { timeout: 60000 }, async () => {
  const { context, page, errors } = await openContext(game.browser, game.server.url);
  await playSome(page, 2);
  await page.click('#resign');
  await page.click('#resign-confirm');
  await page.waitForSelector('#result:not([hidden])');
  assert.equal(await page.isDisabled('#undo'), true);
  const thrown = await page.evaluate(() => { try { window.wasmBindings.game_undo(); return null; } catch (e) { return String(e.message); } });
  assert.match(thrown ?? '', /a resignation is final/);
  const after = await state(page);
  assert.equal(after.moves.length, 2);
  assert.ok(after.outcome, 'still resigned');
  assert.deepEqual(errors, []);
  await context.close();
});

test('360x640 Persian: the moves sheet dims the page, ◀ ▶ step, a tap outside closes it', { timeout: 60000 }, async () => {
  const { context, page, errors } = await openContext(game.browser, game.server.url,
    { viewport: { width: 360, height: 640 }, hasTouch: true, isMobile: true });
  await call(page, 'game_settings', { language: 'fa' });
  await playSome(page, 4);
  await page.tap('#moves-button');
  assert.equal(await isOpen(page, 'moves-sheet'), true);
  const backdrop = await page.evaluate(() => getComputedStyle(document.getElementById('moves-sheet'), '::backdrop').backgroundColor);
  assert.notEqual(backdrop, 'rgba(0, 0, 0, 0)', 'the page behind is dimmed');
  assert.equal(await page.isDisabled('#sheet-step-on'), true, 'nothing after the last move');
  await page.tap('#sheet-step-back');
  await page.tap('#sheet-step-back');
  let now = await state(page);
  assert.equal(now.viewing, 4);
  assert.equal(now.moves.length, 2);
  await page.tap('#sheet-step-on');
  assert.equal((await state(page)).moves.length, 3);
  for (const id of ['#sheet-step-back', '#sheet-step-on']) {
    const box = await page.locator(id).boundingBox();
    assert.ok(box.width >= 44 && box.height >= 44, `${id}: ${box.width}×${box.height}`);
  }
  assert.deepEqual(await axeViolations(page, ['#moves-sheet']), []);
  await screenshot(page, 'moves-sheet-steps-fa-360x640');
  // A tap on the dimmed board closes the sheet and keeps the position looked at.
  await page.touchscreen.tap(180, 250);
  assert.equal(await isOpen(page, 'moves-sheet'), false);
  now = await state(page);
  assert.equal(now.moves.length, 3);
  assert.ok(await page.isVisible('#back-to-game'), 'then Back to the game is one tap away');
  assert.deepEqual(errors, []);
  await context.close();
});

test('1280x800 French: ◀ ▶ beside the move list step through the game, and each move keeps one line', { timeout: 60000 }, async () => {
  const { context, page, errors } = await openContext(game.browser, game.server.url);
  await call(page, 'game_settings', { language: 'fr' });
  // Long names: sea snake ("serpent de mer"), elephant.
  await playSome(page, 8, { mode: 'two', turn_board: false, cards: ['sea-snake', 'elephant', 'crab', 'horse', 'ox'] });
  assert.equal(await page.isDisabled('#step-on'), true);
  await page.click('#step-back');
  assert.equal((await state(page)).moves.length, 7);
  await page.click('#step-on');
  const now = await state(page);
  assert.equal(now.moves.length, 8);
  assert.equal(now.viewing, null);
  const tall = await page.$$eval('#moves li', (rows) => rows.map((li) => {
    const r = li.getBoundingClientRect();
    return { text: li.textContent, h: r.height, line: parseFloat(getComputedStyle(li).lineHeight) };
  }).filter((row) => row.h > row.line * 1.5));
  assert.deepEqual(tall, [], 'every move on one line');
  await screenshot(page, 'move-list-steps-fr-1280x800');
  assert.deepEqual(errors, []);
  await context.close();
});

for (const lang of ['fa', 'es', 'fr', 'en']) {
  test(`360x640 ${lang}: each label of the bar is inside its button, with room between`, { timeout: 60000 }, async () => {
    const { context, page, errors } = await openContext(game.browser, game.server.url, { viewport: { width: 360, height: 640 } });
    await call(page, 'game_settings', { language: lang });
    await still(page);
    const boxes = await page.$$eval('.bar .tool', (tools) => tools.filter((t) => t.offsetParent).map((t) => {
      const button = t.getBoundingClientRect();
      const label = t.querySelector('span').getBoundingClientRect();
      return { id: t.id, button: [button.left, button.right], label: [label.left, label.right] };
    }));
    for (const { id, button, label } of boxes) {
      assert.ok(label[0] >= button[0] - 0.5 && label[1] <= button[1] + 0.5, `${id}'s label ${label} is outside ${button}`);
    }
    const labels = boxes.map((b) => b.label).sort((a, b) => a[0] - b[0]);
    for (let i = 1; i < labels.length; i++) {
      assert.ok(labels[i][0] - labels[i - 1][1] >= 4, `labels ${i - 1} and ${i} are ${labels[i][0] - labels[i - 1][1]} px apart`);
    }
    await screenshot(page, `bar-${lang}-360x640`);
    assert.deepEqual(errors, []);
    await context.close();
  });
}

test('a shared link opens as a record of who played it, at its level', { timeout: 60000 }, async () => {
  const record = 'start bbBbb/5/5/5/rrRrr ox,boar horse,elephant crab r\nmoves ox:c1c2\n';
  const url = `${game.server.url}#game=${encodeURIComponent(record)}&mode=${encodeURIComponent('ai red 1')}`;
  const { context, page, errors } = await openContext(game.browser, url);
  await still(page);
  const now = await state(page);
  assert.equal(now.mode, 'two', 'not the friend\'s own game against the AI');
  assert.ok(now.notice.includes('level 2'), now.notice);
  await screenshot(page, 'shared-link-1280x800');
  assert.deepEqual(errors, []);
  await context.close();
});

for (const { lang, width, height } of [{ lang: 'fr', width: 360, height: 640 }, { lang: 'fa', width: 1280, height: 800 }]) {
  test(`${lang} ${width}x${height}: New game shows each chosen card beside its labelled chooser`, { timeout: 60000 }, async () => {
    const { context, page, errors } = await openContext(game.browser, game.server.url, { viewport: { width, height } });
    await call(page, 'game_settings', { language: lang });
    await still(page);
    await page.click('#new-game');
    await page.check('#setup-choose-cards');
    for (const id of ['setup-red-1', 'setup-red-2', 'setup-blue-1', 'setup-blue-2', 'setup-side']) {
      const named = await page.evaluate((id) => document.getElementById(id).labels[0]?.textContent.trim(), id);
      assert.ok(named && named.length > 2, `${id} has a label of its own: ${named}`);
      const inked = await page.evaluate((id) => {
        const canvas = document.getElementById(`${id}-card`);
        const data = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
        let inked = 0;
        for (let i = 3; i < data.length; i += 4) if (data[i] > 0) inked++;
        return inked / (data.length / 4);
      }, id);
      assert.ok(inked > 0.5, `${id}'s card is drawn (${inked})`);
    }
    await page.selectOption('#setup-red-1', 'tiger');
    assert.deepEqual(await axeViolations(page, ['#setup']), []);
    await screenshot(page, `setup-cards-${lang}-${width}x${height}`);
    assert.deepEqual(errors, []);
    await context.close();
  });
}

test('Records with no finished game say so; the menu ends with its settings', { timeout: 60000 }, async () => {
  const { context, page, errors } = await openContext(game.browser, game.server.url, { viewport: { width: 360, height: 640 } });
  await call(page, 'game_settings', { language: 'fr' });
  await openMenu(page);
  const last = await page.evaluate(() => document.querySelector('#menu .menu-grid').lastElementChild.querySelector('select')?.id);
  assert.equal(last, 'language', 'no stray line after the settings');
  assert.equal(await page.evaluate(() => document.getElementById('menu').textContent.includes('commence')), false);
  await page.click('#records');
  assert.ok(await page.isVisible('#finished-none'));
  assert.ok(await page.isHidden('#finished-row'));
  assert.ok((await page.textContent('#finished-none')).startsWith('Aucune partie'));
  await screenshot(page, 'records-none-fr-360x640');
  assert.deepEqual(errors, []);
  await context.close();
});
