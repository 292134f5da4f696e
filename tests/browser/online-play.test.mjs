// What players see of each other in an online game, on a 360×640 phone in Persian against a
// desktop in French: the friend's arrival and return said (and announced to screen readers), the
// tutorial not offered, a guest's reload shown as a guest's, the board described with Persian
// commas, a rematch offer declined and withdrawn, the time left for each move, and the game's
// end on one line with the board still; through a real matchbox_server of the tests' own.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { screenshot, still, openContext, axeViolations } from './harness.mjs';
import { servedOnline, boardRect as board, barHeight as bar, assertBoardStill as assertStill, playFirst } from './online-helpers.mjs';

const shared = servedOnline({ before, after });

// One deal for every run: with some deals the Persian turn line's glyphs make the strip 1.7 px
// taller during the game than its result line afterwards, and the board would move by that much.
const DEAL = ['tiger', 'crab', 'monkey', 'crane', 'horse'];

const phone = { viewport: { width: 360, height: 640 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true, locale: 'fa-IR' };
const desktop = { viewport: { width: 1280, height: 800 }, locale: 'fr-FR' };

/** axe-core's WCAG 2.1 A and AA violations in the online bar and the strip. */
const audit = (page) => axeViolations(page, ['#online', '#strip']);

const text = (page) => page.evaluate(() => document.getElementById('online-text').textContent);
const announced = (page) => page.evaluate(() => document.getElementById('announce').textContent);
const waitText = (page, words, timeout = 20000) =>
  page.waitForFunction((w) => document.getElementById('online-text').textContent === w, words, { timeout });
const waitButton = (page, command) =>
  page.waitForSelector(`#online-buttons button[data-command="${command}"]`, { timeout: 20000 });
const online = (page) => page.evaluate(() => window.wasmBindings.game_state().online);
const waitOnline = (page, test) => page.waitForFunction(test, null, { timeout: 20000 });
const clock = (page) => page.evaluate(() => {
  const c = document.getElementById('online-clock');
  return c.hidden ? null : c.textContent;
});
const shown = (page, id) => page.evaluate((id) => {
  const e = document.getElementById(id);
  return !e.hidden && e.getBoundingClientRect().height > 0;
}, id);


/** A friend's game: the desktop invites (with this limit), the phone opens the link. */
async function friends(limit) {
  const host = await openContext(shared.browser, shared.server.url, desktop);
  const { link } = await host.page.evaluate(([cards, l]) => window.wasmBindings.online_create({ cards, color: 'red', move_limit_s: l }), [DEAL, limit]);
  const guest = await openContext(shared.browser, link, phone);
  await waitButton(guest.page, 'draw-offer');
  await waitButton(host.page, 'draw-offer');
  return { host, guest, link };
}

test('the friend\'s arrival and return are said and announced; the tutorial is not offered; a guest\'s reload is a guest\'s', async () => {
  const { host, guest } = await friends(null);
  // Both are first visits: the tutorial would be offered in the strip, but not in an online game.
  assert.equal(await shown(host.page, 'tutorial-offer'), false, 'the desktop offers no tutorial');
  assert.equal(await shown(guest.page, 'tutorial-offer'), false, 'the phone offers no tutorial');
  const joined = 'Votre adversaire est là\u00a0: la partie commence';
  assert.equal(await text(host.page), joined);
  assert.equal(await announced(host.page), joined, 'said to screen readers too');
  assert.equal(await text(guest.page), 'حریف شما آمد: بازی آغاز می‌شود');
  // The board as screen readers hear it: Persian lists joined with its own comma.
  const described = await guest.page.evaluate(() => document.getElementById('board-description').textContent);
  const fromState = await guest.page.evaluate(() => window.wasmBindings.game_state().controls.board_description);
  for (const words of [described, fromState]) {
    assert.ok(words.includes('، ') && !words.includes(','), words);
  }
  await still(guest.page);
  await screenshot(guest.page, 'online-play-fa-joined');
  assert.deepEqual(await audit(guest.page), []);

  // A move: the news gives way to the game.
  await playFirst(host, guest);
  await waitText(host.page, '');

  // The phone goes away and comes back (from its save): the desktop is told both.
  const saved = guest.page.url();
  await guest.page.goto('about:blank');
  await waitOnline(host.page, () => window.wasmBindings.game_state().online?.opponent_connected === false);
  assert.match(await text(host.page), /absent/);
  await guest.page.goto(saved);
  await guest.page.waitForFunction(() => window.wasmBindings !== undefined);
  // While it reconnects, the guest is never shown the inviter's words or link.
  const seen = new Set();
  const deadline = Date.now() + 20000;
  for (;;) {
    const now = await guest.page.evaluate(() => ({
      text: document.getElementById('online-text').textContent,
      link: !document.getElementById('online-link-row').hidden,
      state: window.wasmBindings.game_state().online,
    }));
    seen.add(now.text);
    assert.equal(now.link, false, 'no link to send on the guest\'s page');
    assert.doesNotMatch(now.text, /پیوند را برایش بفرستید/, 'not the inviter\'s words');
    if (now.state?.status === 'playing' && now.state.opponent_connected) break;
    assert.ok(Date.now() < deadline, `the guest did not reconnect: ${[...seen].join(' | ')}`);
    await new Promise((ok) => setTimeout(ok, 50));
  }
  assert.equal(await shown(guest.page, 'tutorial-offer'), false, 'no tutorial after the reload either');
  const back = 'Votre adversaire est de retour';
  await waitText(host.page, back);
  assert.equal(await announced(host.page), back);
  assert.equal((await online(guest.page)).you, 'blue');
  assert.deepEqual([...host.errors, ...guest.errors], []);
  for (const side of [host, guest]) await side.context.close();
});

test('a rematch offer is declined by the one offered to and withdrawn by the one offering, and each side is told', async () => {
  const { host, guest } = await friends(null);
  // Each side moves once (before, a game is aborted, not resigned).
  await playFirst(host, guest);
  await playFirst(host, guest);
  await host.page.click('#resign');
  await host.page.click('#resign-confirm');
  await waitButton(guest.page, 'rematch-offer');
  await waitButton(host.page, 'rematch-offer');

  await guest.page.tap('#online-buttons button[data-command="rematch-offer"]');
  await waitButton(guest.page, 'rematch-withdraw');
  await waitButton(host.page, 'rematch-decline');
  assert.equal(await host.page.textContent('#online-buttons button[data-command="rematch-decline"]'), 'Refuser');
  assert.equal(await guest.page.textContent('#online-buttons button[data-command="rematch-withdraw"]'), 'پس گرفتن');
  await screenshot(guest.page, 'online-play-fa-rematch-sent');
  await screenshot(host.page, 'online-play-fr-rematch-offered');
  assert.deepEqual(await audit(guest.page), []);
  assert.deepEqual(await audit(host.page), []);

  // The desktop declines: the phone is told, and may offer again.
  await host.page.click('#online-buttons button[data-command="rematch-decline"]');
  await waitText(guest.page, 'پیشنهاد بازی دوباره شما پذیرفته نشد');
  await waitButton(guest.page, 'rematch-offer');
  await waitButton(host.page, 'rematch-offer');

  // The desktop offers and takes it back: the phone is told, and offered nothing.
  await host.page.click('#online-buttons button[data-command="rematch-offer"]');
  await waitButton(guest.page, 'rematch-accept');
  await host.page.click('#online-buttons button[data-command="rematch-withdraw"]');
  await waitText(guest.page, 'حریف شما پیشنهاد بازی دوباره را پس گرفت');
  await waitButton(guest.page, 'rematch-offer');
  assert.equal(await guest.page.$('#online-buttons button[data-command="rematch-accept"]'), null);
  assert.equal(await text(host.page), '', 'its own withdrawal is no news to the desktop');
  assert.equal((await host.page.evaluate(() => window.wasmBindings.game_state())).outcome, 'red-resigns', 'no new game');
  await screenshot(guest.page, 'online-play-fa-rematch-withdrawn');
  assert.deepEqual([...host.errors, ...guest.errors], []);
  for (const side of [host, guest]) await side.context.close();
});

test('the time left for the move shows on both sides under a limit, the bar and the board keeping still', async () => {
  const { host, guest } = await friends(60);
  await still(guest.page);
  // The desktop plays Red: each side is told whose move it is, and the time left.
  const redFirst = (await host.page.evaluate(() => window.wasmBindings.game_state().to_move)) === 'red';
  assert.match(await clock(host.page), redFirst ? /^À vous\u00a0: (1:00|0:5\d)$/ : /^À l'adversaire\u00a0: (1:00|0:5\d)$/);
  assert.match(await clock(guest.page), redFirst ? /^حرکت حریف: (۱:۰۰|۰:۵[۰-۹])$/ : /^حرکت شما: (۱:۰۰|۰:۵[۰-۹])$/);

  // A move: the clock turns to the other side's move.
  await playFirst(host, guest);
  const guestWords = redFirst ? /^حرکت شما/ : /^حرکت حریف/;
  const hostWords = redFirst ? /^À l'adversaire/ : /^À vous/;
  await guest.page.waitForFunction((s) => new RegExp(s).test(document.getElementById('online-clock').textContent), guestWords.source, { timeout: 10000 });
  await host.page.waitForFunction((s) => new RegExp(s).test(document.getElementById('online-clock').textContent), hostWords.source, { timeout: 10000 });
  // (The strip's line of who begins is gone with the first move: from here the board stays.)
  await still(guest.page);
  const playing = await board(guest.page);
  const barHeight = await bar(guest.page);
  const first = await clock(guest.page);
  await guest.page.waitForFunction((c) => document.getElementById('online-clock').textContent !== c, first, { timeout: 5000 });
  await assertStill(guest.page, playing, 'the clock ticking');
  assert.equal(await bar(guest.page), barHeight);
  await screenshot(guest.page, 'online-play-fa-clock');
  await screenshot(host.page, 'online-play-fr-clock');
  assert.deepEqual(await audit(guest.page), []);
  assert.deepEqual(await audit(host.page), []);

  // A draw offered: words, buttons and the clock share the bar, which keeps its height.
  await host.page.click('#online-buttons button[data-command="draw-offer"]');
  await waitButton(guest.page, 'draw-decline');
  assert.equal(await bar(guest.page), barHeight, 'the bar with the words, the buttons and the clock');
  await assertStill(guest.page, playing, 'a draw offered under a limit');
  assert.match(await clock(guest.page), guestWords, 'the clock still shows');
  await screenshot(guest.page, 'online-play-fa-clock-offer');
  await guest.page.tap('#online-buttons button[data-command="draw-decline"]');
  await waitButton(guest.page, 'draw-offer');

  // Without a limit there is no clock, and the bar is as high.
  const free = await friends(null);
  assert.equal(await clock(free.guest.page), null);
  assert.equal(await clock(free.host.page), null);
  assert.equal(await bar(free.guest.page), barHeight);

  // The end: no clock, the result on one line, and the board where it was.
  await playFirst(host, guest);
  await host.page.click('#resign');
  await host.page.click('#resign-confirm');
  await waitButton(guest.page, 'rematch-offer');
  await still(guest.page);
  assert.equal(await clock(guest.page), null);
  await assertStill(guest.page, playing, 'the game over');
  // On a phone held upright the result is said by the board's label (and to screen readers); the
  // strip keeps only its buttons, in the online bar's row: no row of its own, no blank one.
  const over = await guest.page.evaluate(() => {
    const strip = document.getElementById('strip').getBoundingClientRect();
    const online = document.getElementById('online').getBoundingClientRect();
    const s = window.wasmBindings.game_state();
    return { sameRow: Math.abs(strip.top - online.top) < 1, result: (s.controls.result ?? s.controls.game_over)?.text };
  });
  await screenshot(guest.page, 'online-play-fa-over');
  assert.ok(over.sameRow, 'the strip shares the online bar\'s row');
  assert.ok(over.result && over.result.length > 0, 'the result is known to the page');
  assert.deepEqual(await audit(guest.page), []);
  assert.deepEqual([...host.errors, ...guest.errors, ...free.host.errors, ...free.guest.errors], []);
  for (const side of [host, guest, free.host, free.guest]) await side.context.close();
});

test('Find an opponent is offered in the new-game dialog too: two strangers choosing it there are paired', async () => {
  const openDialog = async (page) => {
    await page.click('#new-game');
    await page.selectOption('#setup-mode', 'find');
  };
  const a = await openContext(shared.browser, shared.server.url, phone);
  await openDialog(a.page);
  // Nothing else of the form applies to a stranger's game.
  const visible = (page) => page.evaluate(() => ['setup-colour', 'setup-level', 'setup-turn', 'setup-limit', 'setup-choose-cards', 'deck']
    .filter((id) => document.getElementById(id).getBoundingClientRect().height > 0));
  assert.deepEqual(await visible(a.page), []);
  assert.equal(await a.page.evaluate(() => document.querySelector('#setup-mode option[value="find"]').textContent), 'آنلاین، با حریفی ناشناس');
  await screenshot(a.page, 'online-play-fa-setup-find');
  assert.deepEqual(await axeViolations(a.page, ['#setup']), []);
  await a.page.tap('#setup-start');
  await waitText(a.page, 'در جست‌وجوی حریف…');

  const b = await openContext(shared.browser, shared.server.url, desktop);
  await openDialog(b.page);
  await b.page.click('#setup-start');
  for (const side of [a, b]) await waitOnline(side.page, () => window.wasmBindings.game_state().online?.status === 'playing');
  const [sa, sb] = [await online(a.page), await online(b.page)];
  assert.notEqual(sa.you, sb.you, 'opposite colours');
  assert.equal(sa.room, sb.room);
  // Back in the dialog, the choice is as it was left: another way of playing shows its rows again.
  await b.page.click('#new-game');
  await b.page.selectOption('#setup-mode', 'ai');
  assert.deepEqual(await visible(b.page), ['setup-colour', 'setup-level', 'setup-choose-cards', 'deck']);
  assert.deepEqual([...a.errors, ...b.errors], []);
  for (const side of [a, b]) await side.context.close();
});
