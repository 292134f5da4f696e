// Shared by the online play tests: a matchbox_server of their own on a free port of 127.0.0.1
// (started and stopped by pid), the page served with it, and the online module driven through
// its bridge lines from the page.
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { homedir } from 'node:os';
import { launch } from './harness.mjs';

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
  const deadline = Date.now() + 10000;
  for (;;) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/health`)).ok) break;
    } catch { /* not yet */ }
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`matchbox_server did not start: ${log}`);
    await new Promise((ok) => setTimeout(ok, 100));
  }
  return {
    url: `ws://127.0.0.1:${port}`,
    port,
    pid: child.pid,
    async stop() {
      if (child.exitCode === null) process.kill(child.pid, 'SIGTERM');
      await exited;
    },
  };
}

/** Chromium as the online tests need it: WebRTC host candidates with real addresses, not mDNS names. */
export const launchForWebRtc = () => launch(['--disable-features=WebRtcHideLocalIpsWithMdns']);

/**
 * Imports the online module into the page (as the page will, with import()) and starts it;
 * its event lines are kept in window.onlineEvents. `options` go to start() as they are.
 */
export async function openModule(page, options = {}) {
  await page.evaluate(async (options) => {
    const peer = await import('./peer.js');
    await peer.default();
    window.onlineEvents = [];
    window.peer = peer;
    peer.start((line) => window.onlineEvents.push(line), options);
  }, options);
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
