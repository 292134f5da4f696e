// Phrases between the two players of an online game, and pages of two versions: a 360×640 phone
// in Persian and a desktop in French each say a phrase and read the other's in their own language
// (announced to screen readers once), the sender's buttons wait, the opponent's phrases turned
// off; a peer that says phrases too fast is refused `too-early` and stays, an unknown code is
// refused and never shown; and an older page (a hello without a version) is told to reload.
// Through a real matchbox_server of the tests' own; the raw peers are test code in a page.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { screenshot, still, openContext, axeViolations } from './harness.mjs';
import { servedOnline, playFirst } from './online-helpers.mjs';

const shared = servedOnline({ before, after });

const DEAL = ['tiger', 'crab', 'monkey', 'crane', 'horse'];
const phone = { viewport: { width: 360, height: 640 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true, locale: 'fa-IR' };
const desktop = { viewport: { width: 1280, height: 800 }, locale: 'fr-FR' };

const text = (page) => page.evaluate(() => document.getElementById('online-text').textContent);
const announced = (page) => page.evaluate(() => document.getElementById('announce').textContent);
const waitText = (page, test, timeout = 15000) =>
  page.waitForFunction((source) => new RegExp(source).test(document.getElementById('online-text').textContent),
    test.source, { timeout, polling: 50 });
const online = (page) => page.evaluate(() => window.wasmBindings.game_state().online);
const phrases = (page) => page.evaluate(() => window.wasmBindings.game_state().controls.online?.phrases ?? null);
const opener = '#online-buttons button[data-command="say"]';

/** Opens the phrases' dialog and waits until it is up. */
async function openPhrases(page) {
  await page.click(opener);
  await page.waitForFunction(() => document.getElementById('say-dialog')?.open, null, { timeout: 5000 });
}

/** Sets the colours and waits for the page to draw with them. */
const theme = (page, theme) => page.evaluate((t) => window.wasmBindings.game_settings({ theme: t }), theme);

/** The board's rectangle, two frames after any relayout. */
const boardRect = (page) => page.evaluate(async () => {
  await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
  const { x, y, width, height } = document.getElementById('board').getBoundingClientRect();
  return { x, y, width, height, bottom: y + height };
});

test('a Persian phone and a French desktop say phrases to each other, each read in its own language', async () => {
  const host = await openContext(shared.browser, shared.server.url, desktop);
  const { link } = await host.page.evaluate((cards) => window.wasmBindings.online_create({ cards, color: 'red', move_limit_s: null }), DEAL);
  const guest = await openContext(shared.browser, link, phone);
  for (const side of [host, guest]) await side.page.waitForSelector(opener, { timeout: 20000 });
  await still(guest.page);
  const before = await boardRect(guest.page);

  // The phone opens its phrases: eight large targets and the switch, the board where it was.
  await openPhrases(guest.page);
  const targets = await guest.page.evaluate(() => [...document.querySelectorAll('#say-dialog button, #say-dialog label')]
    .map((e) => { const r = e.getBoundingClientRect(); return { text: e.textContent, w: r.width, h: r.height, right: r.right, left: r.left }; }));
  assert.equal(targets.filter((t) => t.text).length, 9, JSON.stringify(targets));
  for (const t of targets) {
    assert.ok(t.h >= 44 && t.w >= 44, `a target under 44 px: ${JSON.stringify(t)}`);
    assert.ok(t.left >= 0 && t.right <= 360, `off the phone's screen: ${JSON.stringify(t)}`);
  }
  await screenshot(guest.page, 'online-phrases-fa-phone-light');
  assert.deepEqual(await axeViolations(guest.page, ['#say-dialog', '#online']), []);
  await guest.page.click('#say-phrases button[data-phrase="good-luck"]');
  assert.equal(await guest.page.evaluate(() => document.getElementById('say-dialog').open), false, 'it closes once said');

  // The French desktop reads it in French, and screen readers hear it once.
  const luck = 'Votre adversaire\u00a0: «\u00a0Bonne chance\u00a0!\u00a0»';
  await waitText(host.page, new RegExp(luck));
  assert.equal(await announced(host.page), luck);
  // The phone's buttons wait; a phrase at once is refused here, before it is sent.
  assert.equal((await phrases(guest.page)).wait, true);
  await guest.page.evaluate(() => window.wasmBindings.online_say('thanks'));
  await guest.page.waitForFunction(() => window.wasmBindings.game_state().online.error === 'too-early', null, { timeout: 5000 });
  await openPhrases(guest.page);
  assert.equal(await guest.page.evaluate(() => document.querySelector('#say-phrases button').disabled), true);
  await guest.page.keyboard.press('Escape');
  await guest.page.waitForFunction(() => !window.wasmBindings.game_state().controls.online.phrases.wait, null, { timeout: 5000 });
  await assert.rejects(guest.page.evaluate(() => window.wasmBindings.online_say('free text')), /no phrase/);

  // The desktop answers from its own dialog, with the keyboard; the phone reads it in Persian.
  await still(host.page);
  await host.page.focus(opener);
  await host.page.keyboard.press('Enter');
  await host.page.waitForFunction(() => document.getElementById('say-dialog').open);
  await screenshot(host.page, 'online-phrases-fr-desktop-light');
  assert.deepEqual(await axeViolations(host.page, ['#say-dialog', '#online']), []);
  await host.page.focus('#say-phrases button[data-phrase="well-played"]');
  await host.page.keyboard.press('Enter');
  const played = 'حریف: «خوب بازی کردید!»';
  await waitText(guest.page, new RegExp(played));
  assert.equal(await announced(guest.page), played);
  await screenshot(guest.page, 'online-phrases-fa-phone-heard');
  const after = await boardRect(guest.page);
  assert.ok(after.bottom <= 640, `the board is pushed off the phone: ${JSON.stringify(after)}`);
  assert.ok(Math.abs(after.y - before.y) <= 0.5, `the board moved: ${before.y} → ${after.y}`);

  // Dark colours, both sizes.
  for (const side of [guest, host]) {
    await theme(side.page, 'dark');
    await openPhrases(side.page);
    await screenshot(side.page, side === guest ? 'online-phrases-fa-phone-dark' : 'online-phrases-fr-desktop-dark');
    assert.deepEqual(await axeViolations(side.page, ['#say-dialog']), []);
    await side.page.keyboard.press('Escape');
  }

  // The desktop turns the phone's phrases off: the next one is not shown, nor announced.
  await openPhrases(host.page);
  await host.page.click('#say-shown');
  await host.page.waitForFunction(() => window.wasmBindings.game_state().controls.online.phrases.shown === false);
  await host.page.keyboard.press('Escape');
  await guest.page.waitForFunction(() => !window.wasmBindings.game_state().controls.online.phrases.wait, null, { timeout: 5000 });
  // Every text the desktop's bar and announcer take from now on.
  await host.page.evaluate(() => {
    const ids = ['online-text', 'announce'];
    window.textsSeen = ids.map((id) => document.getElementById(id).textContent);
    const observer = new MutationObserver(() => window.textsSeen.push(...ids.map((id) => document.getElementById(id).textContent)));
    for (const id of ids) observer.observe(document.getElementById(id), { childList: true, characterData: true, subtree: true });
  });
  await guest.page.evaluate(() => window.wasmBindings.online_say('oops'));
  // The phone's first move goes after the phrase on the same ordered channel: once the desktop
  // has the move, it has had the phrase too.
  while (await playFirst(host, guest) !== 'blue');
  const seen = await host.page.evaluate(() => window.textsSeen);
  assert.ok(seen.length > 2, 'the move was shown or announced');
  assert.ok(!seen.some((t) => /Oups/.test(t)), `the phrase was shown: ${seen.join(' | ')}`);
  assert.equal((await online(guest.page)).status, 'playing');
  assert.deepEqual([...host.errors, ...guest.errors], []);
  for (const side of [host, guest]) await side.context.close();
});

/**
 * A raw peer: test code in a page that joins the room itself (WebSocket and RTCPeerConnection,
 * matchbox's protocol by hand) and says its first lines (`hello`, a seat) as it is told; then sends
 * what it is told to.
 */
async function rawPeer(page, serverUrl, room, hello) {
  await page.evaluate(({ serverUrl, room, hello }) => {
    const raw = { received: [], open: false, closed: false };
    window.raw = raw;
    const ws = new WebSocket(`${serverUrl}/${room}`);
    const pc = new RTCPeerConnection({ iceServers: [] });
    const dc = pc.createDataChannel('x', { negotiated: true, id: 0 });
    raw.dc = dc;
    let host = null;
    const signal = (data) => ws.send(JSON.stringify({ Signal: { receiver: host, data } }));
    pc.onicecandidate = (e) => { if (host) signal({ IceCandidate: e.candidate ? JSON.stringify(e.candidate.toJSON()) : 'null' }); };
    dc.onopen = () => { raw.open = true; hello.forEach((line) => dc.send(line)); };
    dc.onmessage = (e) => raw.received.push(e.data);
    dc.onclose = () => { raw.closed = true; };
    ws.onmessage = async (e) => {
      const m = JSON.parse(e.data);
      if (!m.Signal) return;
      host = m.Signal.sender;
      const data = m.Signal.data;
      if (data.Offer) {
        await pc.setRemoteDescription({ type: 'offer', sdp: data.Offer });
        await pc.setLocalDescription(await pc.createAnswer());
        signal({ Answer: pc.localDescription.sdp });
      } else if (data.IceCandidate && data.IceCandidate !== 'null') {
        await pc.addIceCandidate(JSON.parse(data.IceCandidate)).catch(() => {});
      }
    };
  }, { serverUrl, room, hello });
  await page.waitForFunction(() => window.raw.open, null, { timeout: 15000 });
}

const received = (page, word) => page.waitForFunction((w) => window.raw.received.includes(w), word, { timeout: 10000 });

test('a peer that says phrases too fast is refused too-early and stays; an older page is told to reload', async () => {
  const host = await openContext(shared.browser, shared.server.url, desktop);
  const { room } = await host.page.evaluate((cards) => window.wasmBindings.online_create({ cards, color: 'red', move_limit_s: null }), DEAL);
  const rawContext = await shared.browser.newContext();
  const rawPage = await rawContext.newPage();
  await rawPage.goto(shared.server.url);
  await rawPage.waitForFunction(() => window.wasmBindings !== undefined);
  await rawPeer(rawPage, shared.signaling.url, room, ['hello - rawnonce0000000000 4', 'seat rawsecret000000000']);
  await host.page.waitForFunction(() => window.wasmBindings.game_state().online?.opponent_connected, null, { timeout: 15000 });
  await rawPage.evaluate(() => { window.raw.dc.send('say hello'); window.raw.dc.send('say thanks'); });
  await received(rawPage, 'refused too-early');
  await waitText(host.page, /Bonjour\u00a0!/);
  assert.doesNotMatch(await text(host.page), /Merci/, 'the early one is not shown');
  await rawPage.evaluate(() => window.raw.dc.send('say insult-of-the-day'));
  await received(rawPage, 'refused unknown-phrase');
  assert.doesNotMatch(await text(host.page), /insult/);
  // A strike each, the connection stays.
  assert.equal((await online(host.page)).opponent_connected, true);
  assert.equal(await rawPage.evaluate(() => window.raw.closed), false);

  // An older page: its hello has no version. The Persian phone is told to reload.
  const guestless = await openContext(shared.browser, shared.server.url, phone);
  const { room: room2 } = await guestless.page.evaluate((cards) => window.wasmBindings.online_create({ cards, color: 'red', move_limit_s: null }), DEAL);
  const oldContext = await shared.browser.newContext();
  const oldPage = await oldContext.newPage();
  await oldPage.goto(shared.server.url);
  await oldPage.waitForFunction(() => window.wasmBindings !== undefined);
  await rawPeer(oldPage, shared.signaling.url, room2, ['hello - oldsecret000000000']);
  await received(oldPage, 'refused other-version');
  await guestless.page.waitForFunction(() => window.wasmBindings.game_state().online?.error === 'other-version', null, { timeout: 10000 });
  assert.equal((await online(guestless.page)).status, 'error');
  assert.match(await text(guestless.page), /نسخهٔ دیگری از بازی است: برای بازی، هر دو صفحه را دوباره بارگذاری کنید/);
  await still(guestless.page);
  await screenshot(guestless.page, 'online-phrases-fa-phone-other-version');
  assert.deepEqual(await axeViolations(guestless.page, ['#online']), []);
  assert.deepEqual([...host.errors, ...guestless.errors], []);
  for (const context of [host.context, guestless.context, rawContext, oldContext]) await context.close();
});
