// Online play from the page itself, as players use it: Menu → Invite a friend on a desktop in
// English, the friend's link opened on a 360×640 phone in Persian, moves by taps and clicks, a draw
// offered and declined, a reload, a resignation and its result on both screens; through a real
// matchbox_server of the tests' own.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { openMenu, screenshot, still, axeViolations, quietMove } from './harness.mjs';
import { servedOnline } from './online-helpers.mjs';

const shared = servedOnline({ before, after });

async function open(url, options) {
  const context = await shared.browser.newContext(options);
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(url);
  await page.waitForFunction(() => window.wasmBindings !== undefined);
  return { context, page, errors };
}

/** axe-core's WCAG 2.1 A and AA violations in the online strip. */
const audit = (page) => axeViolations(page, ['#online']);

const online = (page) => page.evaluate(() => window.wasmBindings.game_state().online);
/** Waits until the game's state has `status` online (and, with `here`, the opponent connected). */
const waitOnline = (page, status, here = false, timeout = 20000) =>
  page.waitForFunction(([status, here]) => {
    const online = window.wasmBindings.game_state().online;
    return online?.status === status && (!here || online.opponent_connected);
  }, [status, here], { timeout });
const waitEnd = (page, outcome) =>
  page.waitForFunction((o) => window.wasmBindings.game_state().outcome === o, outcome, { timeout: 20000 });

/** Plays `move` on the board with the pointer: the card, the piece, then its square. */
async function playByPointer(page, move, touch) {
  const [card, squares] = move.split(':');
  const rect = (r) => ({ x: r.x + r.width / 2, y: r.y + r.height / 2 });
  // The page gives where things are from the viewport's corner.
  const at = async (r) => {
    const { x, y } = rect(r);
    if (touch) await page.touchscreen.tap(x, y);
    else await page.mouse.click(x, y);
  };
  await at(await page.evaluate((c) => window.wasmBindings.card_rect(c), card));
  await at(await page.evaluate((s) => window.wasmBindings.square_rect(s), squares.slice(0, 2)));
  await at(await page.evaluate((s) => window.wasmBindings.square_rect(s), squares.slice(2, 4)));
}

/** A move of whoever is to move on `page` that does not end the game, played there by the pointer. */
async function playOne(page, touch) {
  await still(page);
  const before = (await page.evaluate(() => window.wasmBindings.game_state())).moves.length;
  const move = await quietMove(page);
  await playByPointer(page, move, touch);
  await page.waitForFunction((n) => window.wasmBindings.game_state().moves.length > n, before, { timeout: 10000 });
  return move;
}

test('a friend invited from the menu plays from their phone: moves, a draw declined, a reload, a resignation', async () => {
  const host = await open(shared.server.url, { viewport: { width: 1280, height: 800 } });
  await openMenu(host.page);
  await host.page.click('#online-invite');
  assert.equal(await host.page.inputValue('#setup-mode'), 'online');
  await host.page.selectOption('#setup-colour', 'red');
  await host.page.selectOption('#setup-limit', '60');
  await host.page.click('#setup-start');
  await host.page.waitForSelector('#online-link-row:not([hidden])', { timeout: 20000 });
  const link = await host.page.inputValue('#online-link');
  assert.match(link, /#online=[A-Za-z0-9_-]{16,}$/);
  assert.match(await host.page.textContent('#online-text'), /Waiting for your friend/);
  // Share shows where the browser can share, Copy everywhere.
  const canShare = await host.page.evaluate(() => 'share' in navigator);
  assert.equal(await host.page.isVisible('#online-share'), canShare);
  assert.ok(await host.page.isVisible('#online-copy'));
  await screenshot(host.page, 'online-page-host-waiting');
  assert.deepEqual(await audit(host.page), []);

  const phone = { viewport: { width: 360, height: 640 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true, locale: 'fa-IR' };
  const guest = await open(link, phone);
  await waitOnline(guest.page, 'playing', true);
  await waitOnline(host.page, 'playing', true);
  assert.equal(await guest.page.evaluate(() => window.wasmBindings.game_state().mode), 'online');
  assert.equal((await online(host.page)).you, 'red');
  assert.equal((await online(guest.page)).you, 'blue');
  assert.equal(await guest.page.evaluate(() => window.wasmBindings.game_state().bottom), 'blue', 'the phone faces its player');
  assert.equal(await guest.page.evaluate(() => window.wasmBindings.game_state().can_undo), false);

  // Four moves, each by the side to move on its own screen.
  for (let i = 0; i < 4; i += 1) {
    const toMove = await host.page.evaluate(() => window.wasmBindings.game_state().to_move);
    const [mover, other] = toMove === 'red' ? [host, guest] : [guest, host];
    const played = await playOne(mover.page, mover === guest);
    await other.page.waitForFunction((m) => window.wasmBindings.game_state().moves.includes(m), played, { timeout: 10000 });
  }
  const record = (p) => p.evaluate(() => window.wasmBindings.game_state().moves.join(' '));
  assert.equal(await record(guest.page), await record(host.page));
  await screenshot(guest.page, 'online-page-guest-fa-360x640');

  // The phone offers a draw with the panel's button; the desktop declines it.
  await guest.page.tap('#online-buttons button[data-command="draw-offer"]');
  await host.page.waitForSelector('#online-buttons button[data-command="draw-decline"]', { timeout: 10000 });
  assert.match(await host.page.textContent('#online-text'), /offers a draw/);
  const offered = await guest.page.textContent('#online-text');
  await host.page.click('#online-buttons button[data-command="draw-decline"]');
  // Declined: the phone's offer goes (its panel says so), and a new one waits a few moves.
  await host.page.waitForSelector('#online-buttons button[data-command="draw-decline"]', { state: 'detached', timeout: 10000 });
  await guest.page.waitForFunction((before) => document.getElementById('online-text').textContent !== before, offered, { timeout: 10000 });
  assert.equal(await guest.page.$('#online-buttons button[data-command="draw-offer"]'), null, 'no new offer at once');

  // A reload on the phone: the same game comes back and goes on.
  const moves = await record(host.page);
  await guest.page.reload();
  await guest.page.waitForFunction(() => window.wasmBindings !== undefined);
  await waitOnline(guest.page, 'playing', true);
  await guest.page.waitForFunction((m) => window.wasmBindings.game_state().moves.join(' ') === m, moves, { timeout: 10000 });
  const toMove = await host.page.evaluate(() => window.wasmBindings.game_state().to_move);
  const mover = toMove === 'red' ? host : guest;
  const other = mover === host ? guest : host;
  const played = await playOne(mover.page, mover === guest);
  await other.page.waitForFunction((m) => window.wasmBindings.game_state().moves.includes(m), played, { timeout: 10000 });

  // The desktop resigns: both screens show the end.
  await host.page.click('#resign');
  await host.page.click('#resign-confirm');
  await waitEnd(guest.page, 'red-resigns');
  await waitEnd(host.page, 'red-resigns');
  const result = await guest.page.evaluate(() => window.wasmBindings.game_state().result);
  assert.ok(result && result.length > 0, result);
  await screenshot(guest.page, 'online-page-guest-fa-result');
  await screenshot(host.page, 'online-page-host-result');
  assert.deepEqual([...host.errors, ...guest.errors], []);
  await host.context.close();
  await guest.context.close();
});

test('scripts invite a friend: online_create resolves to the room and its link, and online_leave leaves', async () => {
  const host = await open(shared.server.url, { viewport: { width: 1280, height: 800 } });
  const made = await host.page.evaluate(() => window.wasmBindings.online_create({ color: 'blue', move_limit_s: null }));
  assert.match(made.room, /^[A-Za-z0-9_-]{16,}$/);
  assert.equal(made.link, `${shared.server.url.split('#')[0]}#online=${made.room}`);
  assert.equal((await online(host.page)).room, made.room);
  await assert.rejects(host.page.evaluate(() => window.wasmBindings.online_create({ cards: ['ox'] })), /five cards/);
  await host.page.evaluate(() => window.wasmBindings.online_leave());
  assert.equal(await online(host.page), null);
  assert.deepEqual(host.errors, []);
  await host.context.close();
});

test('a broken online link is explained in the player\'s language and the game in progress stays; a room nobody is in waits for the inviter', async () => {
  const player = await open(shared.server.url, { locale: 'fr-FR' });
  await player.page.evaluate(() => {
    window.wasmBindings.game_new({ mode: 'two' });
    window.wasmBindings.game_play(window.wasmBindings.game_state().legal_moves[0]);
  });
  const moves = (await player.page.evaluate(() => window.wasmBindings.game_state())).moves;
  assert.equal(moves.length, 1);
  for (const fragment of ['#online=%%%<script>', '#online=']) {
    const page = await player.context.newPage();
    await page.goto(shared.server.url + fragment);
    await page.waitForFunction(() => window.wasmBindings?.game_state().notice?.includes('lien'), null, { timeout: 10000 });
    const state = await page.evaluate(() => window.wasmBindings.game_state());
    assert.equal(state.notice, 'Ce lien de partie en ligne est incomplet ou abîmé\u00a0: demandez à votre ami de vous le renvoyer.');
    assert.match(await page.textContent('#notice'), /lien de partie en ligne/);
    assert.deepEqual(state.moves, moves, `${fragment}: the game stays`);
    assert.equal(state.online, null);
    await page.close();
  }
  await player.context.close();

  // A room id cut short (or a game already left): nobody there, and no link to send.
  const joiner = await open(`${shared.server.url}#online=abcdefabcdef`);
  await waitOnline(joiner.page, 'waiting');
  await joiner.page.waitForFunction(() => /invited you/.test(document.getElementById('online-text').textContent));
  assert.equal(await joiner.page.textContent('#online-text'), 'Waiting for the friend who invited you: if nobody comes, ask them for the link again');
  assert.ok(await joiner.page.isHidden('#online-link-row'));
  assert.deepEqual(joiner.errors, []);
  await joiner.context.close();
});
