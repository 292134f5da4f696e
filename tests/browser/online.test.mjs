// Online play through the online module (peer.js), between Chromium contexts, through a real
// matchbox_server on a free port of 127.0.0.1 that these tests start and stop themselves.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { serve, dist } from './harness.mjs';
import {
  startSignaling, freePort, launchForWebRtc, openModule, command, events, waitEvent, status, game, playOne,
} from './online-helpers.mjs';

const shared = {};
before(async () => {
  shared.signaling = await startSignaling();
  shared.requests = [];
  shared.server = await serve('/', dist, {
    signaling: shared.signaling.url,
    onRequest: (method, path) => shared.requests.push(path),
  });
  shared.browser = await launchForWebRtc();
});
after(async () => {
  await shared.browser?.close();
  await shared.server?.close();
  await shared.signaling?.stop();
});

/** A page of the game in a context of its own, the online module imported. */
async function player(url = shared.server.url, options = {}) {
  const context = await shared.browser.newContext({ viewport: { width: 800, height: 700 } });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(url);
  await page.waitForFunction(() => window.wasmBindings !== undefined);
  await openModule(page, options);
  return { context, page, errors };
}

// Red boar and ox, Blue elephant and horse, crab beside: Blue moves first.
const CARDS = 'boar,ox,elephant,horse,crab';

/** A friend's game: `a` creates (Red), `b` opens the link; both playing. */
async function friends(url, watchers = '') {
  const a = await player(url);
  const b = await player(url);
  await command(a.page, `create ${CARDS} red 60${watchers}`);
  const room = (await waitEvent(a.page, /^room /)).slice('room '.length);
  assert.ok(room.length >= 16, room);
  await waitEvent(a.page, /^status waiting$/);
  const started = Date.now();
  await command(b.page, `join https://example.org/onitama/#online=${room}`);
  await waitEvent(b.page, /^status playing$/);
  await waitEvent(a.page, /^status playing$/);
  return { a, b, room, connectMs: Date.now() - started };
}

async function close(...players) {
  for (const p of players) await p.context.close();
}

test('two pages play a whole game to the end through the module, and a rematch deals again', async () => {
  const { a, b, connectMs } = await friends();
  console.log(`connected on loopback in ${connectMs} ms`);
  assert.equal((await game(a.page)).you, 'red');
  assert.equal((await game(b.page)).you, 'blue');
  for (let i = 0; i < 200 && !(await game(a.page)).outcome; i += 1) await playOne(a.page, b.page);
  const [ga, gb] = [await game(a.page), await game(b.page)];
  assert.ok(ga.outcome, 'the game ended');
  assert.equal(ga.outcome, gb.outcome);
  assert.equal(ga.position, gb.position);
  assert.equal(ga.plies, gb.plies);
  assert.equal(await status(a.page), 'ended');
  assert.equal(await status(b.page), 'ended');
  // Rematch: colours change sides.
  const from = (await events(b.page)).length;
  await command(a.page, 'rematch-offer');
  await waitEvent(b.page, /^offers - red$/, { from });
  await command(b.page, 'rematch-accept');
  await waitEvent(b.page, /^started red 60 /, { from });
  await a.page.waitForFunction(() => window.onlineGame.you === 'blue' && window.onlineGame.plies === 0);
  assert.equal(await status(a.page), 'playing');
  assert.deepEqual([...a.errors, ...b.errors], []);
  await close(a, b);
});

test('each page reloaded mid-game in turn restores its saved game, the two reconcile and play goes on; a draw is agreed', async () => {
  const { a, b } = await friends();
  for (let i = 0; i < 4; i += 1) await playOne(a.page, b.page);
  const saved = await b.page.evaluate(() => localStorage.getItem('online-test-saved'));
  assert.match(saved, /^online guest /);
  await b.page.reload();
  await b.page.waitForFunction(() => window.wasmBindings !== undefined);
  await waitEvent(a.page, /^opponent away$/);
  await openModule(b.page);
  const started = Date.now();
  await command(b.page, `restore ${await b.page.evaluate(() => localStorage.getItem('online-test-saved'))}`);
  await waitEvent(b.page, /^status playing$/);
  console.log(`back in the game after a reload in ${Date.now() - started} ms`);
  const [ga, gb] = [await game(a.page), await game(b.page)];
  assert.equal(gb.plies, 4);
  assert.equal(gb.position, ga.position);
  await playOne(a.page, b.page);
  await playOne(a.page, b.page);
  assert.equal((await game(b.page)).plies, 6);
  assert.equal((await game(a.page)).position, (await game(b.page)).position);
  // Now the host reloads, and is back before the guest may have noticed it went: the new
  // connection shows the host's secret and takes over from the old one.
  await a.page.reload();
  await a.page.waitForFunction(() => window.wasmBindings !== undefined);
  await openModule(a.page);
  const restored = Date.now();
  await command(a.page, `restore ${await a.page.evaluate(() => localStorage.getItem('online-test-saved'))}`);
  await waitEvent(a.page, /^status playing$/);
  console.log(`the host back in the game after a reload in ${Date.now() - restored} ms`);
  assert.equal((await game(a.page)).plies, 6);
  assert.equal((await game(a.page)).you, 'red');
  await playOne(a.page, b.page);
  assert.equal((await game(b.page)).plies, 7);
  assert.equal((await game(a.page)).position, (await game(b.page)).position);
  // A draw offered by one, accepted by the other.
  await command(a.page, 'draw-offer');
  await waitEvent(b.page, /^offers red -$/);
  await command(b.page, 'draw-accept');
  await waitEvent(a.page, /^outcome draw-agreed$/);
  assert.equal(await status(b.page), 'ended');
  assert.deepEqual([...a.errors, ...b.errors], []);
  await close(a, b);
});

test('two strangers are paired through the ?next=2 room and dealt opposite colours', async () => {
  const c = await player();
  const d = await player();
  await command(c.page, 'find base');
  await waitEvent(c.page, /^status waiting$/);
  await command(d.page, 'find base');
  await waitEvent(c.page, /^status playing$/);
  await waitEvent(d.page, /^status playing$/);
  const [gc, gd] = [await game(c.page), await game(d.page)];
  assert.notEqual(gc.you, gd.you);
  assert.equal(gc.position, gd.position);
  const roomC = (await events(c.page)).find((l) => l.startsWith('room '));
  const roomD = (await events(d.page)).find((l) => l.startsWith('room '));
  assert.ok(roomC && roomC === roomD, `${roomC} ${roomD}`);
  await playOne(c.page, d.page);
  assert.equal((await game(d.page)).plies, 1);
  await close(c, d);
});

test('a third page with the link watches; with watching off it is refused the seat; the game goes on', async () => {
  const { a, b, room } = await friends();
  await playOne(a.page, b.page);
  const w = await player();
  await command(w.page, `join ${room}`);
  await waitEvent(w.page, /^status watching$/, { timeout: 15000 });
  await waitEvent(w.page, /^record /);
  await waitEvent(a.page, /^watchers 1$/);
  await waitEvent(b.page, /^watchers 1$/);
  await playOne(a.page, b.page);
  await waitEvent(w.page, /^move red 1 /);
  await close(a, b, w);

  const closed = await friends(undefined, ' no-watchers');
  await playOne(closed.a.page, closed.b.page);
  const e = await player();
  await command(e.page, `join ${closed.room}`);
  await waitEvent(e.page, /^status error seat-taken$/, { timeout: 15000 });
  assert.equal((await game(e.page)).position, null, 'the third page was dealt nothing');
  assert.equal(await status(closed.a.page), 'playing');
  assert.equal(await status(closed.b.page), 'playing');
  await playOne(closed.a.page, closed.b.page);
  assert.equal((await game(closed.b.page)).plies, 2);
  await close(closed.a, closed.b, e);
});

/**
 * A bad peer: test code in a page that joins the room itself (raw WebSocket and
 * RTCPeerConnection, matchbox's protocol by hand), says hello and takes the guest's seat with a
 * secret of its own, and then sends what it is told to. Returns a handle in the page: window.bad.
 */
async function badPeer(page, serverUrl, room) {
  await page.evaluate(async ({ serverUrl, room }) => {
    const bad = { received: [], closed: false, open: false };
    window.bad = bad;
    const ws = new WebSocket(`${serverUrl}/${room}`);
    const pc = new RTCPeerConnection({ iceServers: [] });
    const dc = pc.createDataChannel('x', { negotiated: true, id: 0 });
    bad.dc = dc;
    let host = null;
    const signal = (data) => ws.send(JSON.stringify({ Signal: { receiver: host, data } }));
    pc.onicecandidate = (e) => { if (host) signal({ IceCandidate: e.candidate ? JSON.stringify(e.candidate.toJSON()) : 'null' }); };
    dc.onopen = () => { bad.open = true; dc.send('hello - badnonce000000000000 4'); dc.send('seat badsecret0000000000'); };
    dc.onmessage = (e) => bad.received.push(e.data);
    dc.onclose = () => { bad.closed = true; };
    ws.onmessage = async (e) => {
      const m = JSON.parse(e.data);
      if (!m.Signal) return;
      host = m.Signal.sender;
      const data = m.Signal.data;
      if (data.Offer) {
        await pc.setRemoteDescription({ type: 'offer', sdp: data.Offer });
        const answer = await pc.createAnswer();
        await pc.setLocalDescription(answer);
        signal({ Answer: pc.localDescription.sdp });
      } else if (data.IceCandidate && data.IceCandidate !== 'null') {
        await pc.addIceCandidate(JSON.parse(data.IceCandidate)).catch(() => {});
      }
    };
  }, { serverUrl, room });
  await page.waitForFunction(() => window.bad.open && window.bad.received.some((t) => t.startsWith('start ')), null, { timeout: 15000 });
}

test('a bad peer: garbage, an oversized line and an illegal move are refused, the game unchanged; a flood drops it', async () => {
  const a = await player();
  await command(a.page, `create ${CARDS} red 60`);
  const room = (await waitEvent(a.page, /^room /)).slice('room '.length);
  const start = (await game(a.page)).position;
  const raw = await shared.browser.newContext();
  const rawPage = await raw.newPage();
  await rawPage.goto(shared.server.url);
  await rawPage.waitForFunction(() => window.wasmBindings !== undefined);
  await badPeer(rawPage, shared.signaling.url, room);
  await waitEvent(a.page, /^status playing$/);
  const gameId = (await rawPage.evaluate(() => window.bad.received.find((t) => t.startsWith('start ')))).split(' ')[1];
  // Blue (the bad peer) is to move; a move with a card it does not hold, and one out of order.
  const legal = await rawPage.evaluate(async (p) => (await window.wasmBindings.engine()).legal_moves(p), start);
  const illegal = legal[0].replace(/^[a-z]+:/, 'tiger:');
  const after = await rawPage.evaluate(async ({ p, m }) => (await window.wasmBindings.engine()).play_move(p, m), { p: start, m: legal[0] });
  const lines = ['nonsense', 'x'.repeat(20000), `move ${gameId} 0 ${illegal} ${after}`, `move ${gameId} 0 ${legal[0]} ${start}`];
  for (const line of lines) {
    await rawPage.evaluate((l) => window.bad.dc.send(l), line);
  }
  await waitEvent(a.page, /^refused wrong-position$/);
  const refused = (await events(a.page)).filter((l) => l.startsWith('refused '));
  assert.deepEqual(refused, ['refused malformed', 'refused too-long', 'refused illegal-move', 'refused wrong-position']);
  const told = await rawPage.evaluate(() => window.bad.received.filter((t) => t.startsWith('refused ')));
  assert.deepEqual(told, ['refused malformed', 'refused too-long', 'refused illegal-move', 'refused wrong-position']);
  assert.equal((await game(a.page)).position, start, 'the game is unchanged');
  assert.equal((await game(a.page)).plies, 0);
  // A flood: far more than 20 messages in a second.
  await rawPage.evaluate((id) => { for (let i = 0; i < 60; i += 1) window.bad.dc.send(`draw-decline ${id} 0`); }, gameId);
  await waitEvent(a.page, /^dropped flood$/);
  await rawPage.waitForFunction(() => window.bad.closed, null, { timeout: 10000 });
  assert.ok((await events(a.page)).includes('refused flood'));
  assert.equal((await game(a.page)).position, start);
  assert.equal(await status(a.page), 'reconnecting opponent-away');
  assert.deepEqual(a.errors, []);
  await close(a);
  await raw.close();
});

test('the signalling server stopped mid-game: the game goes on over the open channel', async () => {
  const signaling = await startSignaling();
  const server = await serve('/', dist, { signaling: signaling.url });
  try {
    const { a, b } = await friends(server.url);
    await playOne(a.page, b.page);
    // Each page's next websocket is the module trying the server again once it has lost it (a
    // second after); once that try has failed, the module has heard the server is gone.
    const retried = [a, b].map(({ page }) => page.waitForEvent('websocket', { timeout: 10000 })
      .then((ws) => ws.isClosed() || new Promise((done) => { ws.on('socketerror', done); ws.on('close', done); })));
    await signaling.stop();
    await Promise.all(retried);
    for (const p of [a, b]) assert.equal(await status(p.page), 'playing');
    for (let i = 0; i < 4; i += 1) await playOne(a.page, b.page);
    assert.equal((await game(a.page)).plies, (await game(b.page)).plies);
    assert.ok((await game(b.page)).plies >= 5 || (await game(b.page)).outcome);
    assert.equal((await game(a.page)).position, (await game(b.page)).position);
    assert.match(await status(a.page), /^(playing|ended)$/);
    assert.deepEqual([...a.errors, ...b.errors], []);
    await close(a, b);
  } finally {
    await server.close();
    await signaling.stop();
  }
});

test('no server at the start: an error within about 5 s; none configured: at once', async () => {
  const port = await freePort();
  const server = await serve('/', dist, { signaling: `ws://127.0.0.1:${port}` });
  try {
    const a = await player(server.url);
    const started = Date.now();
    await command(a.page, 'create random random 180');
    await waitEvent(a.page, /^status error unreachable$/, { timeout: 6000 });
    const ms = Date.now() - started;
    console.log(`unreachable server reported in ${ms} ms`);
    assert.ok(ms < 6000);
    const b = await player(server.url, { signaling: null });
    await command(b.page, 'find base');
    await waitEvent(b.page, /^status error no-server$/, { timeout: 1000 });
    // The module goes on answering: a bad command line is denied, not a crash.
    await command(b.page, 'play e2e4');
    await waitEvent(b.page, /^denied malformed$/);
    assert.deepEqual([...a.errors, ...b.errors], []);
    await close(a, b);
  } finally {
    await server.close();
  }
});

test('a server that takes the connection and never answers: an error after 5 s', async () => {
  const silent = createServer(() => {});
  await new Promise((ok) => silent.listen(0, '127.0.0.1', ok));
  const server = await serve('/', dist, { signaling: `ws://127.0.0.1:${silent.address().port}` });
  try {
    const a = await player(server.url);
    const started = Date.now();
    await command(a.page, 'create random random 180');
    await waitEvent(a.page, /^status connecting$/);
    await waitEvent(a.page, /^status error unreachable$/, { timeout: 8000 });
    const ms = Date.now() - started;
    console.log(`a silent server reported in ${ms} ms`);
    assert.ok(ms >= 4500 && ms < 7000, `${ms} ms`);
    await close(a);
  } finally {
    await server.close();
    silent.closeAllConnections?.();
    await new Promise((ok) => silent.close(ok));
  }
});

test('the Content-Security-Policy allows the configured server and no other', async () => {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const csp = /http-equiv=Content-Security-Policy|http-equiv="Content-Security-Policy"/.test(html)
    && /content="(default-src[^"]*)"/.exec(html)[1];
  const config = JSON.parse(/<meta name="onitama-online" content="([^"]*)">/.exec(html)[1].replaceAll('&quot;', '"'));
  const connect = /connect-src ([^;]*)/.exec(csp)[1].trim();
  const url = new URL(config.signaling);
  assert.equal(connect, `'self' ${url.protocol}//${url.host}`);
  assert.deepEqual(config.ice, []);
  // A server that runs but is not the configured one: the page may not reach it.
  const other = await startSignaling();
  try {
    const a = await player(shared.server.url, { signaling: other.url });
    await command(a.page, 'create random random 180');
    await waitEvent(a.page, /^status error unreachable$/, { timeout: 6000 });
    await close(a);
  } finally {
    await other.stop();
  }
});

test('the module is fetched only when online play opens, and works from the cache offline', async () => {
  const requests = [];
  const server = await serve('/', dist, { signaling: shared.signaling.url, onRequest: (m, path) => requests.push(path) });
  try {
    const context = await shared.browser.newContext();
    const page = await context.newPage();
    await page.goto(server.url);
    await page.waitForFunction(() => window.wasmBindings !== undefined);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 15000 });
    assert.deepEqual(requests.filter((p) => p.includes('peer') || p.includes('online.js')), [], 'a first visit does not fetch the module');
    await openModule(page);
    assert.deepEqual(requests.filter((p) => p.includes('peer')).sort(), ['/peer.js', '/peer_bg.wasm']);
    // The whole page that runs here is kept for offline visits too.
    await page.waitForFunction(async () => (await caches.open('onitama')).match('onitama_bg.wasm').then(Boolean), null, { timeout: 15000 });
    // Offline: the service worker answers from its cache, and the module starts and says the
    // server cannot be reached.
    await context.setOffline(true);
    await page.reload();
    await page.waitForFunction(() => window.wasmBindings !== undefined);
    await openModule(page);
    await command(page, 'create random random 180');
    await waitEvent(page, /^status error unreachable$/, { timeout: 7000 });
    await context.close();
  } finally {
    await server.close();
  }
});

test('the module is small: its size, gzipped', () => {
  const sizes = ['peer.js', 'peer_bg.wasm'].map((f) => gzipSync(readFileSync(join(dist, f)), { level: 9 }).length);
  console.log(`online module, gzipped: peer.js ${sizes[0]} B, peer_bg.wasm ${sizes[1]} B`);
  assert.ok(sizes[0] + sizes[1] < 80 * 1024, `${sizes}`);
});

test('the module survives a page callback that throws, a command sent from inside it, and a second start', async () => {
  const a = await player();
  const lines = await a.page.evaluate(async () => {
    const seen = [];
    const done = new Promise((resolve) => {
      window.peer.start((line) => {
        seen.push(line);
        // From inside the event: the module takes it after this event.
        if (line === 'status waiting') window.peer.command('leave');
        if (line === 'status ended left') resolve();
        throw new Error('a page bug');
      }, {});
    });
    window.peer.command('create random random 180');
    await done;
    // A second start replaces the first and works.
    const again = [];
    const second = new Promise((resolve) => {
      window.peer.start((line) => { again.push(line); if (line.startsWith('status waiting')) resolve(); }, {});
    });
    window.peer.command('find base');
    await second;
    window.peer.stop();
    return { seen, again };
  });
  assert.ok(lines.seen.includes('status waiting'));
  assert.equal(lines.seen.at(-1), 'status ended left');
  assert.ok(lines.again.includes('status waiting'));
  assert.deepEqual(a.errors, []);
  await close(a);
});
