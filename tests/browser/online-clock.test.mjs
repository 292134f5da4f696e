// Game clocks online: a French desktop invites a Persian phone to a 3+2 game; both clocks show by
// their players' rows, none runs before each side has moved once, then the mover's runs and a
// move adds the increment; a reload of each page keeps them. A short clock of one's own (chosen
// in the New game dialog) runs out, goes red under ten seconds, and the other page claims the
// win at once. Through a real matchbox_server of the tests' own.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { screenshot, still, openContext, axeViolations } from './harness.mjs';
import { servedOnline, playFirst } from './online-helpers.mjs';

const shared = servedOnline({ before, after });

const DEAL = ['tiger', 'crab', 'monkey', 'crane', 'horse'];
const phone = { viewport: { width: 360, height: 640 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true, locale: 'fa-IR' };
const desktop = { viewport: { width: 1280, height: 800 }, locale: 'fr-FR' };

const clock = (page) => page.evaluate(() => window.wasmBindings.game_state().online?.clock ?? null);
const waitButton = (page, command) =>
  page.waitForSelector(`#online-buttons button[data-command="${command}"]`, { timeout: 20000 });


/**
 * Waits until the page's clocks run for `running` (if given; null for none) with `color`'s time
 * under `below` ms and over `above` ms (each if given).
 */
const waitClock = (page, { running, color, below, above }, timeout = 10000) =>
  page.waitForFunction(({ running, color, below, above }) => {
    const c = window.wasmBindings.game_state().online?.clock;
    if (!c || (running !== undefined && c.running !== running)) return false;
    const ms = color && c[`${color}_ms`];
    return (below === undefined || ms < below) && (above === undefined || ms > above);
  }, { running, color, below, above }, { timeout, polling: 100 });

test('a 3+2 clock: both clocks by their rows, none before each side has moved, the increment, kept through reloads', async () => {
  const host = await openContext(shared.browser, shared.server.url, desktop);
  // A limit and a clock together are refused.
  await assert.rejects(host.page.evaluate(() => window.wasmBindings.online_create({ move_limit_s: 60, clock: { minutes: 3 } })), /not both/);
  await assert.rejects(host.page.evaluate(() => window.wasmBindings.online_create({ clock: { minutes: 0.2, increment_s: 2 } })), /0.25 to 180/);
  const { link } = await host.page.evaluate((cards) =>
    window.wasmBindings.online_create({ cards, color: 'red', clock: { minutes: 3, increment_s: 2 } }), DEAL);
  const guest = await openContext(shared.browser, link, phone);
  for (const side of [host, guest]) await waitButton(side.page, 'draw-offer');
  for (const side of [host, guest]) {
    assert.deepEqual(await clock(side.page), { red_ms: 180000, blue_ms: 180000, running: null, increment_ms: 2000 });
  }
  await screenshot(guest.page, 'online-clock-fa-phone-start');

  // Each side's first move costs nothing.
  const first = await playFirst(host, guest);
  for (const side of [host, guest]) {
    assert.deepEqual(await clock(side.page), { red_ms: 180000, blue_ms: 180000, running: null, increment_ms: 2000 },
      'no clock before each side has moved once');
  }
  const second = await playFirst(host, guest);
  assert.notEqual(first, second);
  // Now the mover's clock runs, on both pages.
  const mover = first;
  for (const side of [host, guest]) await waitClock(side.page, { running: mover, color: mover, below: 178001 }, 8000);
  // The second side's time is whole: its clock did not run while it thought over its first move
  // (had it run, the move would have left it short of 180 s, or over it by the increment).
  const other = mover === 'red' ? 'blue' : 'red';
  for (const side of [host, guest]) assert.equal((await clock(side.page))[`${other}_ms`], 180000);
  await screenshot(guest.page, 'online-clock-fa-phone-running');
  await screenshot(host.page, 'online-clock-fr-desktop-running');
  // The phone turned, and in dark colours: each clock still by its row, clear of the words.
  await guest.page.setViewportSize({ width: 640, height: 360 });
  await guest.page.evaluate(() => window.wasmBindings.game_settings({ theme: 'dark' }));
  await still(guest.page);
  await screenshot(guest.page, 'online-clock-fa-phone-landscape-dark');
  await guest.page.setViewportSize({ width: 360, height: 640 });
  await guest.page.evaluate(() => window.wasmBindings.game_settings({ theme: 'light' }));
  // Its move adds the increment: more than it had when it moved, less than the whole time and 2 s.
  const before = (await clock(host.page))[`${mover}_ms`];
  await playFirst(host, guest);
  for (const side of [host, guest]) {
    await waitClock(side.page, { running: other });
    const after = (await clock(side.page))[`${mover}_ms`];
    assert.ok(after > before && after <= 182000, `${before} then ${after} with the increment`);
  }

  // A reload of each kind keeps the clocks (the phone's, then the desktop's).
  for (const side of [guest, host]) {
    const was = await clock(side.page);
    // Once the page has saved the last move (the time of the side that made it is in the save).
    await side.page.waitForFunction((ms) => /clocks=\S*/.exec(localStorage.getItem('onitama.save'))?.[0].includes(String(ms)),
      was[`${mover}_ms`], { timeout: 5000 });
    await side.page.reload();
    await side.page.waitForFunction(() => window.wasmBindings?.game_state?.().online?.status === 'playing', null, { timeout: 20000 });
    await waitClock(side.page, { running: other }, 20000);
    const now = await clock(side.page);
    assert.equal(now[`${mover}_ms`], was[`${mover}_ms`], 'the clock that waits is kept to the millisecond');
    // The page to move goes on from where its clock stood, its absence charged to itself; the
    // waiting page never charges the opponent with its own absence: it times the turn again
    // from its start (the opponent's next move says the time it has, which is taken).
    const most = side === guest ? was[`${other}_ms`] : 180000;
    assert.ok(now[`${other}_ms`] <= most && now[`${other}_ms`] > 150000, JSON.stringify({ was, now }));
  }
  assert.deepEqual([...host.errors, ...guest.errors], []);
  for (const side of [host, guest]) await side.context.close();
});

test('a clock of one\'s own from the dialog runs out: red under ten seconds, and the other page claims the win', async () => {
  const host = await openContext(shared.browser, shared.server.url, { ...desktop, locale: 'en-GB' });
  await host.page.evaluate(() => window.wasmBindings.game_new({ mode: 'two' }));
  await still(host.page);
  await host.page.click('#new-game');
  await host.page.waitForFunction(() => document.getElementById('setup').open);
  await host.page.selectOption('#setup-mode', 'online');
  assert.equal(await host.page.isHidden('#setup-clock'), true, 'the clock of one\'s own waits to be chosen');
  await host.page.selectOption('#setup-limit', 'custom');
  assert.equal(await host.page.isVisible('#setup-clock'), true);
  // The numbers shown are the ones Start reads (the model's, written by the page).
  const shown = await host.page.evaluate(() => ['minutes', 'increment'].map((f) => document.getElementById(`setup-clock-${f}`).value));
  assert.deepEqual(shown, ['5', '3']);
  await host.page.fill('#setup-clock-minutes', '0.1');
  // A Persian zero, as a Persian keyboard types it: read as 0.
  await host.page.fill('#setup-clock-increment', '۰');
  await host.page.click('#setup-start');
  await host.page.waitForFunction(() => /15 seconds to 3 hours/.test(document.getElementById('setup-error').textContent));
  assert.equal(await host.page.evaluate(() => document.activeElement.id), 'setup-clock-minutes', 'the keyboard goes to the minutes');
  assert.deepEqual(await axeViolations(host.page, ['#setup']), []);
  await screenshot(host.page, 'online-clock-custom-dialog');
  // A decimal comma, as French writes it, is read as a point.
  await host.page.fill('#setup-clock-minutes', '0,25');
  await host.page.click('#setup-start');
  await host.page.waitForFunction(() => document.getElementById('online-link')?.value.includes('#online='), null, { timeout: 20000 });
  const link = await host.page.evaluate(() => document.getElementById('online-link').value);
  const guest = await openContext(shared.browser, link, phone);
  for (const side of [host, guest]) await waitButton(side.page, 'draw-offer');
  assert.deepEqual(await clock(guest.page), { red_ms: 15000, blue_ms: 15000, running: null, increment_ms: 0 });
  const first = await playFirst(host, guest);
  await playFirst(host, guest);
  // The side that moved first is to move again, and does not: under ten seconds its clock is red.
  const flagged = first;
  const winner = flagged === 'red' ? 'blue' : 'red';
  await waitClock(guest.page, { color: flagged, below: 8000, above: 3000 }, 15000);
  await screenshot(guest.page, 'online-clock-fa-phone-low');
  await screenshot(host.page, 'online-clock-en-desktop-low');
  await guest.page.waitForFunction((w) => window.wasmBindings.game_state().outcome === `${w}-wins-on-time`, winner, { timeout: 20000 });
  await still(guest.page);
  await screenshot(guest.page, 'online-clock-fa-phone-flag');
  for (const side of [host, guest]) {
    await side.page.waitForFunction((w) => window.wasmBindings.game_state().outcome === `${w}-wins-on-time`, winner, { timeout: 20000 });
    const c = await clock(side.page);
    assert.equal(c.running, null, 'no clock runs once the game is over');
    assert.equal(c[`${flagged}_ms`], 0, 'the loser\'s clock shows it ran out');
  }
  // The flagged page's own move no longer goes.
  assert.deepEqual([...host.errors, ...guest.errors], []);
  for (const side of [host, guest]) await side.context.close();
});
