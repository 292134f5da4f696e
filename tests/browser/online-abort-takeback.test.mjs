// Abort and takeback in an online game, through the page, a 360×640 phone in Persian against a
// desktop in French: an abort before the first moves ends the game on both pages with no result
// and no record kept (Records and the finished games stay empty); a takeback asked with Undo and
// accepted takes both boards back together, one declined leaves them as they were and the asker
// waits for a move before asking again; screenshots of the request on the phone and the desktop,
// and axe-core's WCAG A/AA audit of the new buttons. Through a real matchbox_server of the
// tests' own.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { screenshot, still, openContext, axeViolations, openMenu } from './harness.mjs';
import { servedOnline } from './online-helpers.mjs';

const shared = servedOnline({ before, after });

const DEAL = ['tiger', 'crab', 'monkey', 'crane', 'horse'];
const phone = { viewport: { width: 360, height: 640 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true, locale: 'fa-IR' };
const desktop = { viewport: { width: 1280, height: 800 }, locale: 'fr-FR' };

const state = (page) => page.evaluate(() => window.wasmBindings.game_state());
const text = (page) => page.evaluate(() => document.getElementById('online-text').textContent);
const buttonSel = (command) => `#online-buttons button[data-command="${command}"]`;
const waitButton = (page, command) => page.waitForSelector(buttonSel(command), { timeout: 20000 });
const waitText = (page, words, timeout = 20000) =>
  page.waitForFunction((w) => document.getElementById('online-text').textContent.includes(w), words, { timeout });
const commands = (page) => page.evaluate(() => window.wasmBindings.game_state().controls.online?.buttons.map(([c]) => c) ?? []);

/** A friend's game: the desktop (Red) invites, the phone opens the link; each in its language. */
async function friends(languages = { phone: 'fa-IR', desktop: 'fr-FR' }) {
  const host = await openContext(shared.browser, shared.server.url, { ...desktop, locale: languages.desktop });
  const { link } = await host.page.evaluate((cards) => window.wasmBindings.online_create({ cards, color: 'red', move_limit_s: null }), DEAL);
  const guest = await openContext(shared.browser, link, { ...phone, locale: languages.phone });
  await waitButton(guest.page, 'draw-offer');
  await waitButton(host.page, 'draw-offer');
  return { host, guest };
}

/** Whoever is to move plays their first legal move on their own page; both pages see it. */
async function playFirst(host, guest) {
  const now = await state(host.page);
  const mover = now.to_move === 'red' ? host : guest;
  await still(mover.page);
  await mover.page.evaluate(() => window.wasmBindings.game_play(window.wasmBindings.game_state().legal_moves[0]));
  for (const side of [host, guest]) {
    await side.page.waitForFunction((n) => window.wasmBindings.game_state().moves.length > n, now.moves.length, { timeout: 10000 });
  }
  return mover;
}

/** Both pages show the same game: its moves, position and outcome. */
async function assertSameGame(host, guest, why) {
  const [a, b] = [await state(host.page), await state(guest.page)];
  assert.deepEqual(b.moves, a.moves, why);
  assert.equal(b.position, a.position, why);
  assert.equal(b.outcome, a.outcome, why);
  return a;
}

test('an abort before the first moves ends the game on both pages with no result and keeps no record', async () => {
  // This time a French phone and a Persian desktop.
  const { host, guest } = await friends({ phone: 'fr-FR', desktop: 'fa-IR' });
  for (const side of [host, guest]) await waitButton(side.page, 'abort');
  for (const side of [host, guest]) await still(side.page);
  await screenshot(guest.page, 'online-abort-offered-fr-phone');
  await screenshot(host.page, 'online-abort-offered-fa-desktop');
  assert.deepEqual(await axeViolations(host.page, ['#online', '#strip']), []);
  assert.deepEqual(await axeViolations(guest.page, ['#online', '#strip']), []);
  // The first move played: each side may still abort until both have moved.
  await playFirst(host, guest);
  assert.ok((await commands(host.page)).includes('abort') && (await commands(guest.page)).includes('abort'));
  // The phone aborts, by touch.
  await still(guest.page);
  await guest.page.tap(buttonSel('abort'));
  await waitText(host.page, 'بازی لغو شد: نتیجه‌ای ندارد');
  await waitText(guest.page, 'La partie a été annulée\u00a0: elle n\'a pas de résultat');
  for (const side of [host, guest]) {
    await side.page.waitForFunction(() => window.wasmBindings.game_state().online.status === 'ended', null, { timeout: 10000 });
    const now = await state(side.page);
    assert.equal(now.outcome, null, 'no result');
    assert.equal(now.moves.length, 1);
    assert.equal(now.controls.result, null, 'no result banner');
    assert.ok((await commands(side.page)).includes('rematch-offer'), 'a rematch, as after any end');
    assert.ok(!(await commands(side.page)).includes('abort'));
    assert.equal(await side.page.evaluate(() => localStorage.getItem('onitama.finished')), null, 'no finished game kept');
  }
  await screenshot(guest.page, 'online-abort-fr-phone');
  await screenshot(host.page, 'online-abort-fa-desktop');
  // Too late for a script now.
  await host.page.evaluate(() => window.wasmBindings.online_abort());
  await host.page.waitForFunction(() => window.wasmBindings.game_state().online.error === 'game-over', null, { timeout: 5000 });
  // Records has no finished game.
  await openMenu(host.page);
  await host.page.click('#records');
  assert.ok(await host.page.isVisible('#finished-none'), 'Records keeps no aborted game');
  await host.page.keyboard.press('Escape');
  // A reload keeps it aborted.
  await guest.page.reload();
  await guest.page.waitForFunction(() => window.wasmBindings?.game_state?.().online?.status === 'ended', null, { timeout: 20000 });
  await waitText(guest.page, 'La partie a été annulée');
  assert.equal((await state(guest.page)).outcome, null);
  // And a rematch follows.
  await waitButton(guest.page, 'rematch-offer');
  await guest.page.tap(buttonSel('rematch-offer'));
  await waitButton(host.page, 'rematch-accept');
  await host.page.click(buttonSel('rematch-accept'));
  for (const side of [host, guest]) {
    await side.page.waitForFunction(() => window.wasmBindings.game_state().online.status === 'playing'
      && window.wasmBindings.game_state().moves.length === 0, null, { timeout: 20000 });
    await waitButton(side.page, 'abort');
  }
  assert.deepEqual([...host.errors, ...guest.errors], []);
  for (const side of [host, guest]) await side.context.close();
});

test('a takeback asked with Undo is accepted on both boards, and one declined leaves them as they were', async () => {
  const { host, guest } = await friends();
  await playFirst(host, guest);
  await playFirst(host, guest);
  await playFirst(host, guest);
  const three = await assertSameGame(host, guest, 'three moves');
  // The side that moved last asks with Undo (the button, online the request).
  const asker = three.to_move === 'red' ? guest : host;
  const asked = asker === host ? guest : host;
  await asker.page.waitForFunction(() => window.wasmBindings.game_state().controls.undo, null, { timeout: 10000 });
  await still(asker.page);
  await asker.page.click('#undo');
  await waitButton(asked.page, 'takeback-accept');
  assert.equal((await state(asker.page)).moves.length, 3, 'nothing taken back before the answer');
  assert.equal(await asker.page.evaluate(() => window.wasmBindings.game_state().controls.undo), false, 'one request at a time');
  // The request as each side sees it: the phone in Persian, the desktop in French.
  for (const side of [host, guest]) await still(side.page);
  const words = { [host === asked ? 'host' : 'guest']: 'asked' };
  await screenshot(guest.page, `online-takeback-fa-phone-${words.guest ?? 'asker'}`);
  await screenshot(host.page, `online-takeback-fr-desktop-${words.host ?? 'asker'}`);
  for (const side of [host, guest]) {
    assert.deepEqual(await axeViolations(side.page, ['#online', '#strip']), []);
  }
  const request = asked === host ? 'Votre adversaire demande à reprendre son coup' : 'حریف شما می‌خواهد حرکتش را پس بگیرد';
  assert.ok((await text(asked.page)).includes(request), await text(asked.page));
  // Targets on the phone: 44 px or more, on its screen.
  const targets = await guest.page.evaluate(() => [...document.querySelectorAll('#online-buttons button')].map((b) => {
    const r = b.getBoundingClientRect();
    return { text: b.textContent, w: r.width, h: r.height, left: r.left, right: r.right };
  }));
  for (const t of targets) {
    assert.ok(t.h >= 44 && t.w >= 44, `a target under 44 px: ${JSON.stringify(t)}`);
    assert.ok(t.left >= 0 && t.right <= 360, `off the phone's screen: ${JSON.stringify(t)}`);
  }
  // Accepted: the asker's move goes back on both boards (only its own: the reply was not made).
  await still(asked.page);
  if (asked === guest) await guest.page.tap(buttonSel('takeback-accept'));
  else await host.page.click(buttonSel('takeback-accept'));
  for (const side of [host, guest]) {
    await side.page.waitForFunction(() => window.wasmBindings.game_state().moves.length === 2, null, { timeout: 10000 });
  }
  const back = await assertSameGame(host, guest, 'taken back');
  assert.deepEqual(back.moves, three.moves.slice(0, 2));
  await waitText(host.page, 'Les coups ont été repris');
  // The same side plays again, and the other asks this time, with the script's call; declined.
  const again = await playFirst(host, guest);
  assert.equal(again, asker);
  await asked.page.evaluate(() => window.wasmBindings.online_takeback());
  await waitButton(asker.page, 'takeback-decline');
  // The other way round: the request on the first asker's page, light and dark.
  await still(asker.page);
  const name = asker === host ? 'fr-desktop' : 'fa-phone';
  await screenshot(asker.page, `online-takeback-${name}-asked`);
  await asker.page.evaluate(() => window.wasmBindings.game_settings({ theme: 'dark' }));
  await still(asker.page);
  await screenshot(asker.page, `online-takeback-${name}-asked-dark`);
  assert.deepEqual(await axeViolations(asker.page, ['#online', '#strip']), []);
  await asker.page.evaluate(() => window.wasmBindings.online_takeback_answer(false));
  const declined = asked === host ? 'Votre demande de reprise a été refusée' : 'درخواست پس گرفتن شما پذیرفته نشد';
  await waitText(asked.page, declined);
  const kept = await assertSameGame(host, guest, 'declined');
  assert.equal(kept.moves.length, 3);
  // Asked again at once: refused here, until the game has moved on.
  assert.equal(await asked.page.evaluate(() => window.wasmBindings.game_state().controls.undo), false);
  await asked.page.evaluate(() => window.wasmBindings.online_takeback());
  await asked.page.waitForFunction(() => window.wasmBindings.game_state().online.error === 'no-takeback', null, { timeout: 5000 });
  await playFirst(host, guest);
  await asked.page.waitForFunction(() => window.wasmBindings.game_state().controls.undo, null, { timeout: 10000 });
  await assertSameGame(host, guest, 'played on');
  assert.deepEqual([...host.errors, ...guest.errors], []);
  for (const side of [host, guest]) await side.context.close();
});
