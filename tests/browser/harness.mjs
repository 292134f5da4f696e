// Shared by the browser tests: serves the release build (dist/) on 127.0.0.1 and drives
// Debian's headless Chromium with playwright-core. No test is skipped: without Chromium they fail.
import { createServer } from 'node:http';
import { readFile, mkdir } from 'node:fs/promises';
import { gzipSync } from 'node:zlib';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { extname, join, normalize, resolve } from 'node:path';
import { chromium } from 'playwright-core';

export const root = resolve(import.meta.dirname, '../..');
export const dist = join(root, 'dist');
export const artifacts = join(root, 'tests/browser/artifacts');
/** The build with the `panic-test` feature (scripts/test.sh makes it). */
export const panicDist = join(root, 'target/dist-panic-test');

const TYPES = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.wasm': 'application/wasm',
  '.css': 'text/css', '.json': 'application/json', '.webmanifest': 'application/manifest+json',
  '.png': 'image/png', '.svg': 'image/svg+xml',
};

/**
 * Serves a build (dist/ unless told) under `prefix` (e.g. '/' or '/games/onitama/') on a free port of 127.0.0.1.
 * Options: `compress: true` answers as a static host does (gzip, level 9, when the browser accepts it;
 * an ETag and `cache-control: max-age=600`, like GitHub Pages); `onRequest(method, path, headers, search)`
 * hears every request that reaches the server (its decoded path, its headers, and its query string: '?…'
 * or ''). `signaling: 'ws://127.0.0.1:<port>'` puts
 * another signalling server in index.html than the build's (in its Content-Security-Policy and
 * the online module's configuration, where scripts/online-config.mjs wrote it), so a test can
 * run its own server on a free port.
 */
export async function serve(prefix = '/', directory = dist, { compress = false, onRequest, signaling } = {}) {
  if (!existsSync(join(directory, 'index.html'))) {
    throw new Error('dist/index.html is missing: run `trunk build --release` first (scripts/test.sh does)');
  }
  const gzipped = new Map();
  const server = createServer(async (request, response) => {
    const url = new URL(request.url, 'http://x');
    const path = decodeURIComponent(url.pathname);
    onRequest?.(request.method, path, request.headers, url.search);
    if (!path.startsWith(prefix)) { response.writeHead(404).end(); return; }
    let file = normalize(join(directory, path.slice(prefix.length)));
    if (!file.startsWith(directory)) { response.writeHead(403).end(); return; }
    if (path.endsWith('/')) file = join(file, 'index.html');
    let body;
    try {
      body = await readFile(file);
    } catch {
      response.writeHead(404).end();
      return;
    }
    if (signaling !== undefined && file.endsWith('index.html')) body = Buffer.from(withSignaling(String(body), signaling));
    const headers = { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' };
    if (compress) {
      const etag = `"${createHash('sha1').update(body).digest('hex').slice(0, 16)}"`;
      Object.assign(headers, { etag, 'cache-control': 'max-age=600', vary: 'accept-encoding' });
      if (request.headers['if-none-match'] === etag) { response.writeHead(304, headers).end(); return; }
      if (/\bgzip\b/.test(request.headers['accept-encoding'] ?? '')) {
        if (!gzipped.has(file)) gzipped.set(file, gzipSync(body, { level: 9 }));
        body = gzipped.get(file);
        headers['content-encoding'] = 'gzip';
      }
    }
    response.writeHead(200, headers).end(body);
  });
  await new Promise((ok) => server.listen(0, '127.0.0.1', ok));
  const url = `http://127.0.0.1:${server.address().port}${prefix}`;
  return { url, close: () => new Promise((ok) => server.close(ok)) };
}

/** index.html with `url` as its signalling server instead of the build's. */
export function withSignaling(html, url) {
  const meta = /<meta name="onitama-online" content="([^"]*)">/.exec(html);
  if (!meta) throw new Error('index.html has no online configuration: is it built by trunk?');
  const built = JSON.parse(meta[1].replaceAll('&quot;', '"').replaceAll('&amp;', '&')).signaling;
  if (!built) throw new Error('this build has no signalling server to replace');
  return html.replaceAll(built, url).replaceAll(new URL(built).host, new URL(url).host);
}

const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium';

/**
 * Launches headless Chromium; `extraArgs` are added to its command line (e.g. '--js-flags=--expose-gc'). Its pages load the whole page (boot.js reads that an earlier visit kept it),
 * which every test but a first visit's drives; `{ firstVisit: true }` leaves them as a first
 * visit finds them: the game alone, until a feature or a script loads the whole page
 * (src/ui/features.rs; first-visit.test.mjs).
 */
export async function launch(extraArgs = [], { firstVisit = false } = {}) {
  const browser = await launchChromium(extraArgs);
  if (firstVisit) return browser;
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext(options);
    await context.addInitScript(keepWholePage);
    return context;
  };
  // A page of its own context, closed with it, as Playwright's own newPage.
  browser.newPage = async (options) => {
    const context = await browser.newContext(options);
    const page = await context.newPage();
    page.on('close', () => context.close().catch(() => {}));
    return page;
  };
  return browser;
}

/** Run in each page before its scripts: what a visit after the whole page was loaded finds. */
function keepWholePage() {
  try {
    localStorage.setItem('onitama.whole-page', 'yes');
  } catch {
    // about:blank has no storage.
  }
}

async function launchChromium(extraArgs) {
  if (!existsSync(CHROMIUM)) {
    throw new Error(`Chromium not found at ${CHROMIUM}: run scripts/setup.sh --browser`);
  }
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync', ...extraArgs,
    ], // playwright gives each launch a fresh temporary profile
  });
}

/**
 * Opens the page and collects console errors and uncaught exceptions; `options` are added to its
 * context's (e.g. `{ reducedMotion: 'reduce' }`, which the page reads as it starts).
 */
export async function openGame(browser, url, viewport = { width: 1280, height: 800 }, options = {}) {
  const page = await browser.newPage({ viewport, deviceScaleFactor: 1, ...options });
  const errors = [];
  page.on('console', (message) => { if (message.type() === 'error') errors.push(message.text()); });
  page.on('pageerror', (error) => errors.push(String(error)));
  page.on('response', (response) => {
    if (response.status() >= 400) errors.push(`${response.status()} ${response.url()}`);
  });
  await page.goto(url);
  await page.waitForFunction(() => window.wasmBindings !== undefined);
  return { page, errors };
}

export async function screenshot(page, name) {
  await mkdir(artifacts, { recursive: true });
  const path = join(artifacts, `${name}.png`);
  await page.screenshot({ path });
  return path;
}

/**
 * The usual set-up of a test file: the release build served and Chromium launched before its
 * tests, both closed after them. Returns an object whose `server` and `browser` are set by then.
 */
export function servedGame(hooks) {
  const shared = {};
  hooks.before(async () => { shared.server = await serve(); shared.browser = await launch(); });
  hooks.after(async () => { await shared.browser?.close(); await shared.server?.close(); });
  return shared;
}

/** Opens the menu (Records, Rules, Evaluation, Sound, Coordinates, Colours, Language) if closed. */
export async function openMenu(page) {
  if (!(await page.evaluate(() => document.getElementById('menu').open))) await page.click('#menu-button');
}

/**
 * Opens the page in a fresh browser context (its own storage), with `options` for the context
 * (viewport, locale, colorScheme, hasTouch…) and an optional script run before the page's own.
 * Collects page errors and console errors.
 */
export async function openContext(browser, url, options = {}, initScript = undefined) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, ...options });
  if (initScript) await context.addInitScript(initScript);
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  await page.goto(url);
  await page.waitForFunction(() => window.wasmBindings !== undefined);
  return { context, page, errors };
}

/**
 * Run in a page before its scripts (`context.addInitScript(logWorkers)`): each Web Worker the
 * page starts is logged in `window.workerLog` as `{ sent, heard, ended }`, the lines posted to it
 * and heard from it (but a search's `info` lines) and whether it was ended, so that a test reads
 * whether a search was asked, answered or cancelled instead of waiting to see. (The AI's requests
 * are `move <id> …`, `search <id> …`; its answers `done <id> …`: src/engine_protocol/worker.rs.)
 * `window.workerLog = null` stops it.
 */
export function logWorkers() {
  const Native = window.Worker;
  const log = [];
  window.workerLog = log;
  window.Worker = class extends Native {
    #entry = { sent: [], heard: [], ended: false };
    constructor(...args) {
      super(...args);
      log.push(this.#entry);
      this.addEventListener('message', (event) => {
        if (window.workerLog && !String(event.data).startsWith('info ')) this.#entry.heard.push(String(event.data));
      });
    }
    postMessage(message, ...rest) {
      if (window.workerLog) this.#entry.sent.push(String(message));
      return super.postMessage(message, ...rest);
    }
    terminate() {
      this.#entry.ended = true;
      return super.terminate();
    }
  };
}

/** Waits until the page is still: no move on its way and no search. */
export async function still(page, timeout = 30000) {
  await page.waitForFunction(() => {
    const s = window.wasmBindings.game_state();
    return !s.animating && !s.thinking;
  }, null, { timeout });
}

/** Calls a function of the engine module (the rules and the AI on plain strings) in the page. */
export const engineCall = (page, name, ...args) =>
  page.evaluate(async ([n, a]) => (await window.wasmBindings.engine())[n](...a), [name, args]);

let axeSource;
/**
 * axe-core's WCAG 2.1 A and AA violations, one line each: in the whole page, or only in the parts
 * that `include`'s selectors name (`['#online', '#strip']`).
 */
export async function axeViolations(page, include = null) {
  axeSource ??= readFile(join(root, 'node_modules/axe-core/axe.min.js'), 'utf8');
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(await axeSource);
  return page.evaluate(async (include) => {
    const context = include ? { include: include.map((selector) => [selector]) } : document;
    const result = await window.axe.run(context, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } });
    return result.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
  }, include);
}

/**
 * The first legal move on the page's board that is not a pass and after which the game goes on:
 * a test that plays "any move" on a random deal must not win by chance.
 */
export function quietMove(page) {
  return page.evaluate(async () => {
    const w = await window.wasmBindings.engine();
    const s = window.wasmBindings.game_state();
    return s.legal_moves.find((m) => !m.includes('pass') && w.legal_moves(w.play_move(s.position, m)).length > 0);
  });
}

/**
 * A first move of the puzzle on the board that loses it: the defence has an answer after which
 * no move wins at once.
 */
export function losingPuzzleMove(page) {
  return page.evaluate(async () => {
    const w = await window.wasmBindings.engine();
    const s = window.wasmBindings.game_state();
    const over = (p) => w.legal_moves(p).length === 0;
    return s.legal_moves.find((m) => {
      const next = w.play_move(s.position, m);
      return !over(next) && w.legal_moves(next).some((reply) => {
        const back = w.play_move(next, reply);
        return !over(back) && !w.legal_moves(back).some((last) => over(w.play_move(back, last)));
      });
    });
  });
}
