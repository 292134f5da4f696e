// Shared by the online play tests: a matchbox_server of their own on a free port of 127.0.0.1
// (started and stopped by pid), the page served with it, and the online module driven through
// its bridge lines from the page.
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { homedir } from 'node:os';
import assert from 'node:assert/strict';
import { launch, serve, dist, still } from './harness.mjs';

const MATCHBOX = process.env.MATCHBOX_SERVER
  ?? [join(homedir(), '.cargo/bin/matchbox_server')].find(existsSync) ?? 'matchbox_server';

export async function freePort() {
  const server = createServer();
  await new Promise((ok) => server.listen(0, '127.0.0.1', ok));
  const { port } = server.address();
  await new Promise((ok) => server.close(ok));
  return port;
}

/** Starts matchbox_server on 127.0.0.1:`port` (a free one unless told) and waits for /health. */
export async function startSignaling(port) {
  port ??= await freePort();
  const child = spawn(MATCHBOX, [`127.0.0.1:${port}`], { stdio: ['ignore', 'ignore', 'pipe'] });
  let log = '';
  child.stderr.on('data', (d) => { log += d; });
  const exited = new Promise((ok) => child.once('exit', ok));
  await waitHealthy(port, () => child.exitCode !== null, () => log);
  return {
    url: `ws://127.0.0.1:${port}`,
    port,
    pid: child.pid,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) process.kill(child.pid, "SIGTERM");
      await exited;
    },
  };
}

async function waitHealthy(port, exited, log) {
  const deadline = Date.now() + 10000;
  for (;;) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/health`)).ok) return;
    } catch { /* not yet */ }
    if (exited() || Date.now() > deadline) throw new Error(`matchbox_server on port ${port} did not start: ${log()}`);
    await new Promise((ok) => setTimeout(ok, 100));
  }
}

/** Chromium as the online tests need it: WebRTC host candidates with real addresses, not mDNS names. */
export const launchForWebRtc = () => launch(['--disable-features=WebRtcHideLocalIpsWithMdns']);

/**
 * A signalling server, the built game served with it and Chromium for WebRTC, started before a
 * file's tests and stopped after them. Returns an object whose `signaling`, `server` and
 * `browser` are set by then.
 */
export function servedOnline(hooks) {
  const shared = {};
  hooks.before(async () => {
    // A server of the file's own: strangers of two files run at once are never paired.
    shared.signaling = await startSignaling();
    shared.server = await serve('/', dist, { signaling: shared.signaling.url });
    shared.browser = await launchForWebRtc();
  });
  hooks.after(async () => {
    await shared.browser?.close();
    await shared.server?.close();
    await shared.signaling?.stop();
  });
  return shared;
}

/** The board's rectangle once laid out again (two frames after the canvas was resized). */
export const boardRect = (page) => page.evaluate(async () => {
  await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
  const { x, y, width, height } = document.getElementById('board').getBoundingClientRect();
  return { x, y, width, height };
});

/** The online bar's height. */
export const barHeight = (page) => page.evaluate(() => document.getElementById('online').getBoundingClientRect().height);

/** Fails unless the board is where it was (to half a pixel), saying in which state it moved. */
export async function assertBoardStill(page, was, state) {
  const now = await boardRect(page);
  for (const key of Object.keys(was)) {
    assert.ok(Math.abs(now[key] - was[key]) <= 0.5, `${state}: the board's ${key} is ${now[key]}, was ${was[key]}`);
  }
}

/**
 * Imports the online module into the page (as the page will, with import()) and starts it;
 * its event lines are kept in window.onlineEvents. `options` go to start() as they are.
 */
export async function openModule(page, options = {}) {
  await page.evaluate(async (options) => {
    const peer = await import('./peer.js');
    await peer.default();
    const engine = await window.wasmBindings.engine();
    window.onlineEvents = [];
    window.peer = peer;
    // What the page would keep: the game as the events tell it, and the saved text.
    const game = { you: null, position: null, outcome: null, plies: 0 };
    window.onlineGame = game;
    peer.start((line) => {
      window.onlineEvents.push(line);
      const words = line.split(' ');
      if (words[0] === 'started') {
        Object.assign(game, { you: words[1], position: words.slice(3).join(' '), outcome: null, plies: 0 });
      } else if (words[0] === 'move') {
        Object.assign(game, { position: words.slice(4).join(' '), plies: Number(words[2]) + 1 });
      } else if (words[0] === 'record') {
        const end = words.indexOf('result');
        const moves = words.indexOf('moves') > 0 ? words.slice(words.indexOf('moves') + 1, end > 0 ? end : undefined) : [];
        let position = words.slice(1, 6).join(' ');
        for (const mv of moves) position = engine.play_move(position, mv);
        Object.assign(game, { position, plies: moves.length });
      } else if (words[0] === 'outcome') {
        game.outcome = words[1] === 'none' ? null : words[1];
      } else if (words[0] === 'saved') {
        localStorage.setItem('online-test-saved', line.slice('saved '.length));
      }
    }, options);
  }, options);
}

export const game = (page) => page.evaluate(() => ({ ...window.onlineGame }));

/** The colour to move in a position's text (its last field: r or b). */
export const toMove = (position) => (position.trim().split(' ').at(-1) === 'r' ? 'red' : 'blue');

/** When each page last sent a move through `playOne`. */
const lastMove = new WeakMap();

/**
 * Plays one move on whichever page is to move: the engine's choice at `depth` (1 for `b`, so
 * that games end soon), through the module's `play` command; waits until both pages heard it.
 */
export async function playOne(a, b, depthA = 3) {
  const state = await game(a);
  const mover = state.you === toMove(state.position) ? a : b;
  const depth = mover === a ? depthA : 1;
  const before = state.plies;
  const mv = await mover.evaluate(async ({ depth }) => {
    const g = window.onlineGame;
    return (await window.wasmBindings.engine()).best_move(g.position, { depth }).best;
  }, { depth });
  // Paced below the guard's twenty messages a second, as no person plays faster: a flood is
  // recovered from (tested natively), but slowly, by design. A sleep, as the guard counts by the
  // clock and nothing tells when its second starts: 120 ms since this page's last move, which the
  // other page's move in between has mostly taken already.
  const wait = (lastMove.get(mover) ?? 0) + 120 - Date.now();
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  lastMove.set(mover, Date.now());
  await command(mover, `play ${mv}`);
  for (const page of [a, b]) {
    try {
      await page.waitForFunction((n) => window.onlineGame.plies > n || window.onlineGame.outcome, before, { timeout: 15000 });
    } catch (error) {
      const tail = async (p) => (await events(p)).slice(-8).map((l) => l.slice(0, 120)).join('\n  ');
      throw new Error(`${mv} by ${mover === a ? 'a' : 'b'} at ply ${before} was not heard:\na:\n  ${await tail(a)}\nb:\n  ${await tail(b)}`);
    }
  }
  return mv;
}

export const command = (page, line) => page.evaluate((line) => window.peer.command(line), line);
export const events = (page) => page.evaluate(() => window.onlineEvents.slice());

/** Waits for an event line matching `pattern`, after the first `from` events; returns it. */
export async function waitEvent(page, pattern, { from = 0, timeout = 20000 } = {}) {
  const source = pattern.source;
  const handle = await page.waitForFunction(({ source, from }) => {
    const re = new RegExp(source);
    return window.onlineEvents.slice(from).find((l) => re.test(l)) ?? false;
  }, { source, from }, { timeout, polling: 50 });
  return handle.jsonValue();
}

/** The last status line's phase and reason. */
export async function status(page) {
  const line = (await events(page)).findLast((l) => l.startsWith('status '));
  return line?.slice('status '.length);
}

/**
 * Whoever is to move plays their first legal move on their own page (`game_play`); waits until
 * both pages have it. Resolves to the colour that moved.
 */
export async function playFirst(host, guest) {
  const state = await host.page.evaluate(() => window.wasmBindings.game_state());
  const mover = state.to_move === 'red' ? host : guest;
  await still(mover.page);
  await mover.page.evaluate(() => window.wasmBindings.game_play(window.wasmBindings.game_state().legal_moves[0]));
  for (const side of [host, guest]) {
    await side.page.waitForFunction((n) => window.wasmBindings.game_state().moves.length > n, state.moves.length, { timeout: 10000 });
  }
  return state.to_move;
}
