// The online bar on a 360×640 phone in Persian, a friend's game hosted on a desktop in English:
// the board keeps its rectangle while the bar's words and buttons come and go (a draw offered and
// declined, the game's end, a rematch offered, the link while waiting), the bar's buttons do not
// touch, and Copy link says, on the button and to screen readers, that the link was copied.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { screenshot, still, openContext, axeViolations } from './harness.mjs';
import { servedOnline, boardRect as board, barHeight as bar, assertBoardStill as assertStill, playFirst } from './online-helpers.mjs';

const shared = servedOnline({ before, after });

// One deal for every run: with some deals the Persian turn line's glyphs make the strip 1.7 px
// taller during the game than its result line afterwards, and the board would move by that much.
const DEAL = ['tiger', 'crab', 'monkey', 'crane', 'horse'];

const phone = { viewport: { width: 360, height: 640 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true, locale: 'fa-IR' };
const desktop = { viewport: { width: 1280, height: 800 } };

/** axe-core's WCAG 2.1 A and AA violations in the online bar. */
const audit = (page) => axeViolations(page, ['#online']);

/** The narrowest gap between the online bar's visible buttons that share a row, and which two. */
const buttonGaps = (page) => page.evaluate(() => {
  const buttons = [...document.querySelectorAll('#online button')]
    .map((b) => ({ name: b.textContent.trim(), r: b.getBoundingClientRect() }))
    .filter(({ r }) => r.width > 0);
  const gaps = [];
  for (const a of buttons) {
    for (const b of buttons) {
      if (a === b || a.r.bottom <= b.r.top || b.r.bottom <= a.r.top || a.r.right > b.r.left) continue;
      gaps.push({ between: `${a.name}|${b.name}`, gap: b.r.left - a.r.right });
    }
  }
  return { count: buttons.length, gaps };
});

async function assertGaps(page, state) {
  const { count, gaps } = await buttonGaps(page);
  assert.ok(count >= 2, `${state}: ${count} buttons`);
  assert.ok(gaps.length > 0, `${state}: no two buttons share a row`);
  for (const { between, gap } of gaps) assert.ok(gap >= 6, `${state}: ${between} are ${gap} px apart`);
}

const waitButton = (page, command) =>
  page.waitForSelector(`#online-buttons button[data-command="${command}"]`, { timeout: 20000 });

test('360×640 Persian phone: the board stays put while the online bar changes, its buttons have gaps', async () => {
  const host = await openContext(shared.browser, shared.server.url, desktop);
  const { link } = await host.page.evaluate((cards) => window.wasmBindings.online_create({ cards, color: 'red', move_limit_s: null }), DEAL);
  const guest = await openContext(shared.browser, link, phone);
  await waitButton(guest.page, 'draw-offer');
  await waitButton(host.page, 'draw-offer');
  // Each side moves once: Resign takes the place of Abort.
  await playFirst(host, guest);
  await playFirst(host, guest);
  await still(guest.page);
  const playing = await board(guest.page);
  const hostPlaying = await board(host.page);
  const barPlaying = await bar(guest.page);
  await assertGaps(guest.page, 'playing');
  await screenshot(guest.page, 'online-layout-fa-playing');

  await host.page.click('#online-buttons button[data-command="draw-offer"]');
  await waitButton(guest.page, 'draw-decline');
  await assertStill(guest.page, playing, 'a draw offered');
  await assertStill(host.page, hostPlaying, 'a draw offered, on the desktop');
  await assertGaps(guest.page, 'a draw offered');
  await screenshot(guest.page, 'online-layout-fa-draw-offer');
  assert.deepEqual(await audit(guest.page), []);

  await guest.page.tap('#online-buttons button[data-command="draw-decline"]');
  await waitButton(guest.page, 'draw-offer');
  await assertStill(guest.page, playing, 'the draw declined');

  await host.page.click('#resign');
  await host.page.click('#resign-confirm');
  await waitButton(guest.page, 'rematch-offer');
  await screenshot(guest.page, 'online-layout-fa-over');
  // The result keeps one line on the phone, as high as the strip's line during the game: the board stays.
  await assertStill(guest.page, playing, 'the game over');
  const over = await board(guest.page);
  await assertGaps(guest.page, 'the game over');

  await waitButton(host.page, 'rematch-offer');
  await host.page.click('#online-buttons button[data-command="rematch-offer"]');
  await waitButton(guest.page, 'rematch-accept');
  await assertStill(guest.page, over, 'a rematch offered');
  await assertStill(host.page, hostPlaying, 'a rematch offered, on the desktop');
  await assertGaps(guest.page, 'a rematch offered');
  await screenshot(guest.page, 'online-layout-fa-rematch-offer');
  assert.deepEqual(await audit(guest.page), []);

  // The same phone inviting a friend of its own.
  const waiting = await openContext(shared.browser, shared.server.url, { ...phone, colorScheme: 'dark' });
  await waiting.page.evaluate(() => window.wasmBindings.online_create({ color: 'blue', move_limit_s: null }));
  await waiting.page.waitForSelector('#online-link-row:not([hidden])', { timeout: 20000 });
  await still(waiting.page);
  await screenshot(waiting.page, 'online-layout-fa-waiting-dark');
  // Its strip says other things (the strip's own rule), so the bar is what must keep its height.
  assert.equal(await bar(waiting.page), barPlaying, 'the online bar waiting with the link and during the game');
  await assertGaps(waiting.page, 'waiting with the link');
  assert.deepEqual(await audit(waiting.page), []);
  assert.deepEqual([...host.errors, ...guest.errors, ...waiting.errors], []);
  for (const side of [host, guest, waiting]) await side.context.close();
});

test('360×640 Persian phone: Copy link says the link was copied, on the button and to screen readers', async () => {
  const host = await openContext(shared.browser, shared.server.url, phone);
  await host.context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await host.page.evaluate((cards) => window.wasmBindings.online_create({ cards, color: 'red', move_limit_s: null }), DEAL);
  await host.page.waitForSelector('#online-link-row:not([hidden])', { timeout: 20000 });
  await still(host.page);
  const was = await board(host.page);
  const label = await host.page.evaluate(() => document.getElementById('online-copy').innerText.trim());
  assert.equal(label, 'رونوشت پیوند');
  await host.page.tap('#online-copy');
  await host.page.waitForFunction(() => document.getElementById('announce').textContent === 'پیوند رونوشت شد', null, { timeout: 5000 });
  // The button says it, in the player's language, where its words were.
  assert.equal(await host.page.evaluate(() => document.getElementById('online-copy').innerText.trim()), 'پیوند رونوشت شد');
  await screenshot(host.page, 'online-layout-fa-copied');
  await assertStill(host.page, was, 'the link copied');
  assert.equal(await host.page.evaluate(() => navigator.clipboard.readText()), await host.page.inputValue('#online-link'));
  // Briefly: the button's own words come back.
  await host.page.waitForFunction((label) => document.getElementById('online-copy').innerText.trim() === label, label, { timeout: 5000 });
  await assertStill(host.page, was, 'the button as it was');
  assert.deepEqual(await audit(host.page), []);
  assert.deepEqual(host.errors, []);
  await host.context.close();
});
