// Watching online: a French desktop invites a Persian phone to a 3+2 game, and two more browsers
// open the host's link (an English phone and a Spanish desktop): they watch, read-only, each move
// as it comes, the clocks and the result; one reloads mid-game and comes back watching, and the
// guest reloads once; the players read how many watch. A game invited with watching off refuses
// a third browser. Through a real matchbox_server of the tests' own.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { screenshot, still, openContext, axeViolations } from './harness.mjs';
import { servedOnline } from './online-helpers.mjs';

const shared = servedOnline({ before, after });

const DEAL = ['tiger', 'crab', 'monkey', 'crane', 'horse'];
const phone = { viewport: { width: 360, height: 640 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true };
const desktop = { viewport: { width: 1280, height: 800 } };

const state = (page) => page.evaluate(() => window.wasmBindings.game_state());
const online = (page) => page.evaluate(() => window.wasmBindings.game_state().online);
const waitStatus = (page, status, timeout = 20000) =>
  page.waitForFunction((s) => window.wasmBindings?.game_state?.().online?.status === s, status, { timeout, polling: 100 });
const waitMoves = (page, n, timeout = 15000) =>
  page.waitForFunction((n) => window.wasmBindings.game_state().moves.length >= n, n, { timeout, polling: 50 });
const waitWatchers = (page, n, timeout = 20000) =>
  page.waitForFunction((n) => window.wasmBindings.game_state().online?.watchers === n, n, { timeout, polling: 100 });

/**
 * The mover's page plays the engine's move (deeper for the host, so that the game ends); both
 * players' pages have it before the next move is chosen from the host's state (the host read
 * before the guest's move reached it would have the guest move twice).
 */
async function playOne(host, guest) {
  const s = await state(host.page);
  const mover = s.online.you === s.to_move ? host : guest;
  const depth = mover === host ? 3 : 1;
  await still(mover.page);
  await mover.page.evaluate(async (depth) => {
    const b = window.wasmBindings;
    const best = (await b.engine()).best_move(b.game_state().position, { depth }).best;
    b.game_play(best);
  }, depth);
  for (const side of [host, guest]) await waitMoves(side.page, s.moves.length + 1);
  return s.moves.length + 1;
}

test('two watchers follow a 3+2 game read-only, one reloads and catches up; the players see two watching', async () => {
  const host = await openContext(shared.browser, shared.server.url, { ...desktop, locale: 'fr-FR' });
  await assert.rejects(host.page.evaluate(() => window.wasmBindings.online_create({ watchers: 'yes' })), /watchers must be true or false/);
  const { link } = await host.page.evaluate((cards) =>
    window.wasmBindings.online_create({ cards, color: 'red', clock: { minutes: 3, increment_s: 2 } }), DEAL);
  const guest = await openContext(shared.browser, link, { ...phone, locale: 'fa-IR' });
  for (const side of [host, guest]) await waitStatus(side.page, 'playing');
  const watchers = [
    await openContext(shared.browser, link, { ...phone, locale: 'en-GB' }),
    await openContext(shared.browser, link, { ...desktop, locale: 'es-ES' }),
  ];
  for (const w of watchers) await waitStatus(w.page, 'watching');
  for (const page of [host.page, guest.page, ...watchers.map((w) => w.page)]) await waitWatchers(page, 2);
  for (const w of watchers) {
    const s = await state(w.page);
    assert.equal(s.online.you, null);
    assert.equal(s.human, null);
    assert.equal(s.bottom, 'red', 'a watcher sees the board from Red\'s side');
    assert.deepEqual(s.online.clock, { red_ms: 180000, blue_ms: 180000, running: null, increment_ms: 2000 });
    assert.equal(s.moves.length, 0);
    // Read-only: a move refused, nothing selected by a click on Red's side, no Undo or Resign.
    await assert.rejects(w.page.evaluate(() => window.wasmBindings.game_play(window.wasmBindings.game_state().legal_moves[0])));
    assert.equal(await w.page.evaluate(() => window.wasmBindings.game_resign()), false);
    assert.equal(await w.page.isDisabled('#undo'), true);
    assert.equal(await w.page.isDisabled('#hint'), true);
    assert.equal(await w.page.isVisible('#resign'), false);
    assert.deepEqual(await w.page.evaluate(() =>
      [...document.querySelectorAll('#online-buttons button')].map((b) => b.dataset.command)), ['leave']);
  }
  assert.equal((await online(host.page)).watchers, 2);
  assert.equal((await online(guest.page)).watchers, 2);
  const [phoneWatcher, deskWatcher] = watchers;
  assert.match(await phoneWatcher.page.textContent('#online-text'), /You are watching this game.*2 watching/s);
  const box = await phoneWatcher.page.locator('#board').boundingBox();
  await phoneWatcher.page.mouse.click(box.x + box.width * 0.1, box.y + box.height * 0.9);
  assert.equal((await state(phoneWatcher.page)).selected_piece, null);

  let plies = 0;
  const followed = async () => {
    const moves = (await state(host.page)).moves;
    for (const w of watchers) {
      await waitMoves(w.page, moves.length);
      assert.deepEqual((await state(w.page)).moves, moves, 'the watcher sees the players\' moves');
    }
  };
  for (; plies < 4; ) plies = await playOne(host, guest);
  await followed();
  // Both clocks by their rows, the mover's running, on the watchers' pages too.
  const mover = (await state(host.page)).to_move;
  for (const w of watchers) {
    // Counted down on the watcher's page too.
    await w.page.waitForFunction((m) => {
      const c = window.wasmBindings.game_state().online.clock;
      return c?.running === m && c[`${m}_ms`] < 179000;
    }, mover, { timeout: 10000 });
    // The host's clocks, as it told them (the way between the pages aside).
    const [mine, theirs] = [(await online(host.page)).clock, (await online(w.page)).clock];
    for (const side of ['red_ms', 'blue_ms']) {
      assert.ok(Math.abs(mine[side] - theirs[side]) < 2500, `${side}: host ${mine[side]}, watcher ${theirs[side]}`);
    }
  }
  await still(phoneWatcher.page);
  await screenshot(phoneWatcher.page, 'online-watch-en-phone');
  await screenshot(deskWatcher.page, 'online-watch-es-desktop');
  // A player's bar says how many watch (the Persian phone's, in its words and digits).
  await still(guest.page);
  await screenshot(guest.page, 'online-watch-fa-phone-player');
  assert.deepEqual(await axeViolations(phoneWatcher.page), []);

  // A watcher reloads: it comes back watching, and catches up with a move made meanwhile.
  await phoneWatcher.page.reload();
  plies = await playOne(host, guest);
  await waitStatus(phoneWatcher.page, 'watching');
  await followed();
  assert.equal((await online(phoneWatcher.page)).you, null);
  // The guest reloads once, and plays on.
  await guest.page.reload();
  await waitStatus(guest.page, 'playing');
  await host.page.waitForFunction(() => window.wasmBindings.game_state().online.opponent_connected, null, { timeout: 20000 });
  for (const page of [host.page, guest.page]) await waitWatchers(page, 2);

  // The game to its end.
  while (!(await state(host.page)).outcome && plies < 120) {
    plies = await playOne(host, guest);
    if (plies % 10 === 0) await followed();
  }
  if (!(await state(host.page)).outcome) await guest.page.evaluate(() => window.wasmBindings.game_resign());
  const outcome = (await state(host.page).then(async (s) => s.outcome ?? (await host.page.waitForFunction(() =>
    window.wasmBindings.game_state().outcome)).jsonValue()));
  for (const w of watchers) {
    await w.page.waitForFunction((o) => window.wasmBindings.game_state().outcome === o, outcome, { timeout: 15000 });
  }
  await followed();
  await still(phoneWatcher.page);
  const result = (await state(phoneWatcher.page)).result;
  assert.ok(result && !/you|opponent/i.test(result), `a watcher's result says who won: ${result}`);
  assert.match(result, /Red|Blue|Draw/);
  await screenshot(phoneWatcher.page, 'online-watch-en-phone-over');
  await screenshot(deskWatcher.page, 'online-watch-es-desktop-over');
  assert.deepEqual(await axeViolations(deskWatcher.page), []);
  // (The watchers' refused resignation above is logged.)
  const refused = (e) => e.includes('resigning is not offered now');
  assert.deepEqual([...host.errors, ...guest.errors, ...watchers.flatMap((w) => w.errors)].filter((e) => !refused(e)), []);
  for (const side of [host, guest, ...watchers]) await side.context.close();
});

test('watching turned off in the New game dialog: a third browser is refused', async () => {
  const host = await openContext(shared.browser, shared.server.url, { ...desktop, locale: 'en-GB' });
  await host.page.evaluate(() => window.wasmBindings.game_new({ mode: 'two' }));
  await still(host.page);
  await host.page.click('#new-game');
  await host.page.waitForFunction(() => document.getElementById('setup').open);
  assert.equal(await host.page.isHidden('#setup-watchers'), true, 'not for a game here');
  await host.page.selectOption('#setup-mode', 'online');
  assert.equal(await host.page.isChecked('#setup-watchers'), true, 'on unless turned off');
  await host.page.uncheck('#setup-watchers');
  assert.deepEqual(await axeViolations(host.page, ['#setup']), []);
  await screenshot(host.page, 'online-watch-dialog');
  await host.page.click('#setup-start');
  await host.page.waitForFunction(() => document.getElementById('online-link')?.value.includes('#online='), null, { timeout: 20000 });
  const link = await host.page.evaluate(() => document.getElementById('online-link').value);
  const guest = await openContext(shared.browser, link, { ...phone, locale: 'en-GB' });
  for (const side of [host, guest]) await waitStatus(side.page, 'playing');
  // The switch reached the host's module: its saved game says watching is off.
  await host.page.waitForFunction(() => /^online .* no-watchers/m.test(localStorage.getItem('onitama.save')), null, { timeout: 10000 });
  await playOne(host, guest);
  const third = await openContext(shared.browser, link, { ...phone, locale: 'en-GB' });
  await third.page.waitForFunction(() => /already has two players/.test(document.getElementById('online-text')?.textContent ?? ''),
    null, { timeout: 20000 }).catch(async (e) => {
    const seen = await third.page.evaluate(() => [document.getElementById('online-text')?.textContent, window.wasmBindings.game_state().online]);
    throw new Error(`${e.message}: ${JSON.stringify(seen)}`);
  });
  assert.notEqual((await online(third.page))?.status, 'watching');
  assert.equal((await online(host.page)).watchers, 0);
  await screenshot(third.page, 'online-watch-refused-phone');
  for (const side of [host, guest, third]) await side.context.close();
});
