// Saved games, records and links: the game survives a reload; a damaged save, record or link is
// explained, starts nothing wrong and loses nothing.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { screenshot, servedGame, openMenu } from './harness.mjs';

const game = servedGame({ before, after });

const CARDS = ['tiger', 'crab', 'monkey', 'crane', 'boar'];
const state = (page) => page.evaluate(() => window.wasmBindings.game_state());

async function fresh(url = game.server.url) {
  const context = await game.browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(url);
  await page.waitForFunction(() => window.wasmBindings !== undefined);
  return { context, page, errors };
}

async function reload(page) {
  await page.reload();
  await page.waitForFunction(() => window.wasmBindings !== undefined);
}

test('the game and the settings come back after a reload', async () => {
  const { context, page, errors } = await fresh();
  await page.evaluate((cards) => window.wasmBindings.game_new({ mode: 'two', turn_board: false, cards }), CARDS);
  await page.evaluate(() => { window.wasmBindings.game_play('crab:c1c2'); window.wasmBindings.game_play('monkey:b5a4'); });
  await openMenu(page);
  await page.click('#show-eval');
  const before = await state(page);
  await reload(page);
  const after = await state(page);
  assert.equal(after.position, before.position);
  assert.deepEqual(after.moves, ['crab:c1c2', 'monkey:b5a4']);
  assert.equal(after.bottom, 'red', 'pass and play without turning the board, as saved');
  assert.ok(await page.isChecked('#show-eval'), 'the evaluation setting came back');
  assert.equal(await page.textContent('#notice'), '');
  assert.deepEqual(errors, []);
  await context.close();
});

const DAMAGED = [
  ['cut short', 'onitama-save 1\nmode two turn\nevaluation off\nstart bbBbb/5/5', /game record is broken/],
  ['an older format', '{"format":1,"record":"start bbBbb/5/5/5/rrRrr tiger,crab monkey,crane boar r"}', /not an Onitama save/],
  ['a newer format', 'onitama-save 7\nmode two turn\n', /save format 7/],
  ['a broken record', 'onitama-save 1\nmode two turn\nevaluation off\nstart bbBbb/5/5/5/rrRrr tiger,crab monkey,crane boar r\nmoves crab:c1c5\n', /game record is broken: line 2, move 1/],
  ['wrong fields', 'onitama-save 1\nmode chess\n', /unknown way to play 'chess'/],
];

for (const [what, text, reason] of DAMAGED) {
  test(`a save that is ${what} is explained, a new game starts and the text is kept`, async () => {
    const { context, page, errors } = await fresh();
    // No AI to move (and save) between writing the damaged text and the reload.
    await page.evaluate((cards) => window.wasmBindings.game_new({ mode: 'two', cards }), CARDS);
    await page.evaluate((t) => localStorage.setItem('onitama.save', t), text);
    await reload(page);
    const notice = await page.textContent('#notice');
    assert.match(notice, /saved game could not be read/);
    assert.match(notice, reason);
    const s = await state(page);
    // A new deal against the AI, which may already have made the first move.
    assert.match(s.record, /^start bbBbb\/5\/5\/5\/rrRrr /);
    assert.ok(s.moves.length <= 1, 'a new game');
    assert.equal(await page.evaluate(() => localStorage.getItem('onitama.unreadable')), text);
    await openMenu(page);
    await page.click('#records');
    const href = await page.getAttribute('#record-unreadable', 'href');
    assert.equal(decodeURIComponent(href.replace('data:text/plain;charset=utf-8,', '')), text);
    assert.ok(await page.isVisible('#record-unreadable'));
    if (what === 'cut short') await screenshot(page, 'damaged-save');
    assert.deepEqual(errors, []);
    await context.close();
  });
}

test('a record is exported and imported; a broken one changes nothing', async () => {
  const { context, page } = await fresh();
  await page.evaluate((cards) => window.wasmBindings.game_new({ mode: 'two', cards }), CARDS);
  await page.evaluate(() => window.wasmBindings.game_play('crab:c1c2'));
  await openMenu(page);
  await page.click('#records');
  const exported = await page.inputValue('#record-text');
  assert.equal(exported, (await state(page)).record);
  assert.equal(await page.isVisible('#record-unreadable'), false, 'no unreadable save to offer');
  const saved = decodeURIComponent((await page.getAttribute('#record-save', 'href')).split(',')[1]);
  assert.equal(saved, exported);
  // Import a longer game.
  const longer = `${exported.trimEnd()} monkey:b5a4\n`;
  await page.fill('#record-text', longer);
  await page.click('#record-open');
  assert.deepEqual((await state(page)).moves, ['crab:c1c2', 'monkey:b5a4']);
  // A broken record is refused with the reason.
  await openMenu(page);
  await page.click('#records');
  await page.fill('#record-text', longer.replace('monkey:b5a4', 'monkey:b5b1'));
  await page.click('#record-open');
  assert.match(await page.textContent('#records-message'), /could not be opened: line 2, move 2: monkey:b5b1 is not legal/);
  assert.deepEqual((await state(page)).moves, ['crab:c1c2', 'monkey:b5a4']);
  await context.close();
});

test('a link opens the same game elsewhere; a tampered link is explained and loses nothing', async () => {
  const first = await fresh();
  await first.page.evaluate((cards) => window.wasmBindings.game_new({ mode: 'two', cards }), CARDS);
  await first.page.evaluate(() => { window.wasmBindings.game_play('crab:c1c2'); window.wasmBindings.game_play('monkey:b5a4'); });
  await openMenu(first.page);
  await first.page.click('#records');
  await first.context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await first.page.click('#record-copy-link');
  const link = await first.page.inputValue('#record-link');
  assert.match(link, /#game=start%20/);
  const said = () => first.page.textContent('#records-message');
  await first.page.waitForFunction(() => document.getElementById('records-message').textContent !== '');
  assert.equal(await said(), 'Link copied');
  assert.equal(await first.page.evaluate(() => navigator.clipboard.readText()), link);
  // A browser that refuses the clipboard: the player reads so, and the link is selected to copy.
  await first.page.evaluate(() => { navigator.clipboard.writeText = () => Promise.reject(new Error('denied')); });
  await first.page.click('#record-copy-link');
  await first.page.waitForFunction(() => document.getElementById('records-message').textContent !== 'Link copied');
  assert.match(await said(), /could not be copied: it is selected above/);
  const selected = await first.page.evaluate(() => {
    const input = document.getElementById('record-link');
    return input.value.slice(input.selectionStart, input.selectionEnd);
  });
  assert.equal(selected, link);
  assert.equal(await first.page.evaluate(() => document.activeElement.id), 'record-link', 'where the player sees it');
  // A page not served over HTTPS has no clipboard at all: the same, and the page goes on.
  await first.page.evaluate(() => {
    Object.defineProperty(Navigator.prototype, 'clipboard', { get: () => undefined });
    document.getElementById('records-message').textContent = '';
  });
  await first.page.click('#record-copy-link');
  await first.page.waitForFunction(() => document.getElementById('records-message').textContent !== '');
  assert.match(await said(), /could not be copied/);
  const expected = await state(first.page);
  await first.context.close();

  const second = await fresh(link);
  const opened = await state(second.page);
  assert.equal(opened.position, expected.position);
  assert.deepEqual(opened.moves, expected.moves);
  assert.ok(!(await second.page.evaluate(() => location.hash)), 'the link is read once, not at every reload');
  // This device now has a saved game; a tampered link must not replace it.
  const tampered = link.replace('monkey%3Ab5a4', 'monkey%3Ab5b1');
  await second.page.goto(tampered); // the same page: only the fragment changes
  await second.page.waitForFunction(() => document.getElementById('notice').textContent !== '');
  assert.match(await second.page.textContent('#notice'), /link could not be opened: the game in the link is broken: line 2, move 2/);
  assert.deepEqual((await state(second.page)).moves, expected.moves, 'the game is still there');
  await reload(second.page);
  assert.deepEqual((await state(second.page)).moves, expected.moves, 'and it is still saved');
  await second.context.close();
});

test('an online game whose save does not read is told in the strip, and Leave plays it on here', async () => {
  const cases = [
    ['fa', { width: 360, height: 640 }, 'light', 'این بازی آنلاین بازگردانده نشد'],
    ['fr', { width: 1280, height: 800 }, 'dark', 'Cette partie en ligne n\'a pas pu être reprise'],
  ];
  for (const [language, viewport, colorScheme, words] of cases) {
    const context = await game.browser.newContext({ viewport, colorScheme });
    const page = await context.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await page.goto(game.server.url);
    await page.waitForFunction(() => window.wasmBindings !== undefined);
    await page.evaluate(async ([cards, language]) => {
      await window.wasmBindings.game_settings({ language });
      window.wasmBindings.game_new({ mode: 'two', turn_board: false, cards });
      window.wasmBindings.game_play('crab:c1c2');
      window.wasmBindings.game_play('monkey:b5a4');
    }, [CARDS, language]);
    // The save as an online game would leave it, its online part changed by hand.
    await page.evaluate(() => {
      const save = localStorage.getItem('onitama.save')
        .replace(/^mode .*$/m, 'mode online blue')
        .replace(/^(evaluation .*)$/m, '$1\nonline this is not what the online module wrote');
      localStorage.setItem('onitama.save', save);
    });
    await reload(page);
    await page.waitForFunction((words) => document.getElementById('online-text')?.textContent.startsWith(words), words);
    assert.equal((await state(page)).moves.length, 2, 'the game is on the board');
    await screenshot(page, `online-unreadable-${language}-${viewport.width}x${viewport.height}-${colorScheme}`);
    await page.click('#online-buttons button');
    await page.waitForFunction(() => document.getElementById('online').hidden);
    const left = await state(page);
    assert.equal(left.mode, 'two', 'played on as two people\'s game');
    assert.equal(left.moves.length, 2);
    await page.evaluate(() => window.wasmBindings.game_play('tiger:c2c4'));
    assert.equal((await state(page)).moves.length, 3, 'and it can be played');
    await reload(page);
    assert.ok(await page.evaluate(() => document.getElementById('online').hidden), 'a reload does not stop it again');
    assert.equal((await state(page)).moves.length, 3);
    assert.doesNotMatch(await page.evaluate(() => localStorage.getItem('onitama.save')), /^online /m);
    assert.deepEqual(errors, []);
    await context.close();
  }
});
