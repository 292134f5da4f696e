// A long session, measured: the release build in dist/ in headless Chromium, the AI playing itself
// (watch mode, level 0) with its animations, a new game when one ends, and every fifth game a
// review of the finished game through the result banner's Review button (the player's path: its
// own worker, 200 ms a move). Once a minute it samples the page's wasm memory, the AI worker's wasm
// memory, the JS heaps after a forced garbage collection, and the frame gaps of the page's own
// animation frames (from one frame the page asked for to the next it asked for within it, so only
// while something moves). The search speed of a fixed search (200 000 nodes from a fixed position)
// is taken on the page thread and in the AI worker at the start and at the end, and in a fresh
// browser at the end, in turns with the soaked one, so that machine load is comparable (after three
// warm-up searches each). Ends with a table and a verdict.
//
// Run: node scripts/soak.mjs [--minutes 30] [--review-every 5] [--json out.json]
// Another build: SOAK_DIST=/path/to/dist node scripts/soak.mjs
import { writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { serve, launch, dist as builtDist } from '../tests/browser/harness.mjs';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const at = args.indexOf(`--${name}`);
  return at >= 0 ? args[at + 1] : fallback;
};
const minutes = Number(option('minutes', 30));
const jsonPath = option('json', null);
const dist = process.env.SOAK_DIST ?? builtDist;
const CARDS = ['tiger', 'crab', 'monkey', 'crane', 'boar'];
const NODES = 200000;
const REVIEW_EVERY = Number(option('review-every', 5));
const GAME_LIMIT_MS = 5 * 60 * 1000;

const MB = (bytes) => (bytes / 2 ** 20).toFixed(2);
const load = () => loadavg()[0].toFixed(2);
const sleep = (ms) => new Promise((ok) => setTimeout(ok, ms));
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const percentile = (sorted, p) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] : NaN);
const log = (line) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${line}`);

/**
 * Wraps requestAnimationFrame before the page's script runs: a frame the page asks for from inside
 * one of its own frames continues an animation, and the gap between the two frames is kept.
 */
function recordFrames() {
  const raf = window.requestAnimationFrame.bind(window);
  const frames = { gaps: [], last: null, inFrame: false };
  window.__soakFrames = frames;
  window.requestAnimationFrame = (callback) => {
    const chained = frames.inFrame;
    return raf((time) => {
      if (chained && frames.last !== null) frames.gaps.push(time - frames.last);
      frames.last = time;
      frames.inFrame = true;
      try { return callback(time); } finally { frames.inFrame = false; }
    });
  };
}

/** A DevTools-protocol client for the workers (dedicated workers have no page to attach to). */
async function workerProbe(browser) {
  const cdp = await browser.newBrowserCDPSession();
  const sessions = new Map();
  const pending = new Map();
  let nextId = 1;
  cdp.on('Target.receivedMessageFromTarget', ({ message }) => {
    const reply = JSON.parse(message);
    const done = pending.get(reply.id);
    if (done) { pending.delete(reply.id); done(reply); }
  });
  cdp.on('Target.detachedFromTarget', ({ targetId }) => sessions.delete(targetId));
  const send = async (sessionId, method, params = {}) => {
    const id = nextId;
    nextId += 1;
    const reply = new Promise((ok) => pending.set(id, ok));
    await cdp.send('Target.sendMessageToTarget', { sessionId, message: JSON.stringify({ id, method, params }) });
    const { result, error } = await reply;
    if (error) throw new Error(`${method}: ${error.message}`);
    return result;
  };
  return {
    /** Each worker of the page: its target id, wasm memory (bytes) and JS heap after a GC. */
    async sample() {
      const { targetInfos } = await cdp.send('Target.getTargets');
      const out = [];
      for (const { targetId, type, url } of targetInfos) {
        if (type !== 'worker' || !url.endsWith('ai-worker.js')) continue;
        try {
          if (!sessions.has(targetId)) {
            const { sessionId } = await cdp.send('Target.attachToTarget', { targetId, flatten: false });
            sessions.set(targetId, sessionId);
          }
          const s = sessions.get(targetId);
          const group = { objectGroup: 'soak' };
          await send(s, 'Runtime.evaluate', { expression: 'gc()' });
          const proto = await send(s, 'Runtime.evaluate', { expression: 'WebAssembly.Memory.prototype', ...group });
          const found = await send(s, 'Runtime.queryObjects', { prototypeObjectId: proto.result.objectId, ...group });
          const sizes = await send(s, 'Runtime.callFunctionOn', {
            objectId: found.objects.objectId,
            functionDeclaration: 'function () { return this.map((m) => m.buffer.byteLength); }',
            returnByValue: true,
          });
          const heap = await send(s, 'Runtime.getHeapUsage');
          await send(s, 'Runtime.releaseObjectGroup', group);
          out.push({ targetId, wasm: sizes.result.value.reduce((a, b) => a + b, 0), heap: heap.usedSize });
        } catch (error) {
          out.push({ targetId, error: String(error.message ?? error) });
        }
      }
      return out;
    },
  };
}

/** The page's nodes per second for the fixed search, on its own thread (one search, in the engine module). */
const pageNps = (page, position) =>
  page.evaluate(async ([p, nodes]) => (await window.wasmBindings.engine()).best_move(p, { nodes }).nps, [position, NODES]);

/**
 * The AI worker's nodes per second for the fixed search: a request handed to the worker's own
 * handler between two of its searches, its reports kept from the page (one search). A report comes
 * as each depth is done, and the search stops within a depth it will not report: its last report's
 * nodes are measured over the time until that report, not until the search's end.
 */
async function workerNps(page, position) {
  // The oldest worker is the AI's (a review's worker is closed by then; a closed one may linger
  // in the list for a moment).
  const workers = page.workers().filter((w) => w.url().endsWith('ai-worker.js'));
  for (const worker of workers) {
    const nps = await searchIn(worker, position).catch(() => NaN);
    if (!Number.isNaN(nps)) return nps;
  }
  return NaN;
}

function searchIn(worker, position) {
  return worker.evaluate(([p, nodes]) => {
      // The worker's line protocol (src/engine_protocol/worker.rs): `search <id> nodes <n>
      // position <p>` in; `info <id> … nodes <n> …` and `done <id> …` out. The search runs within
      // the handler, and reports as it goes.
      const ID = 4000000000;
      let done = false;
      let searched = 0;
      let reported = 0;
      // On a global object postMessage is an own property: put the very same function back.
      const real = self.postMessage;
      self.postMessage = (message) => {
        const words = String(message).split(' ');
        if (words[1] !== String(ID)) return real.call(self, message);
        if (words[0] === 'info' && words.includes('nodes')) {
          searched = Number(words[words.indexOf('nodes') + 1]);
          reported = performance.now();
        }
        if (words[0] === 'done') done = true;
      };
      const start = performance.now();
      try {
        self.onmessage(new MessageEvent('message', { data: `search ${ID} nodes ${nodes} position ${p}` }));
      } finally {
        self.postMessage = real;
      }
      const seconds = (reported - start) / 1000;
      return done && searched > 0 && seconds > 0 ? searched / seconds : NaN;
  }, [position, NODES]);
}

async function openPage(browser, url) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.addInitScript(recordFrames);
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  await page.goto(url);
  await page.waitForFunction(() => window.wasmBindings !== undefined);
  // The fixed position: the start of a game with known cards.
  const position = await page.evaluate((cards) => {
    window.wasmBindings.game_new({ mode: 'two', cards });
    return window.wasmBindings.game_state().position;
  }, CARDS);
  return { context, page, errors, position };
}

const watch = (page) => page.evaluate(() => window.wasmBindings.game_new({ mode: 'watch', level: 0 }));
/** Waits until the AI worker exists (it starts with the first search) and listens. */
async function aiWorker(page) {
  for (let i = 0; i < 200; i += 1) {
    const worker = page.workers().find((w) => w.url().endsWith('ai-worker.js'));
    if (worker && await worker.evaluate(() => typeof self.onmessage === 'function').catch(() => false)) return;
    await sleep(100);
  }
  throw new Error('the AI worker did not start');
}

const server = await serve('/', dist);
const launchArgs = ['--js-flags=--expose-gc'];
const browser = await launch(launchArgs);
const probe = await workerProbe(browser);
const { page, errors, position } = await openPage(browser, server.url);
const cdp = await page.context().newCDPSession(page);
const pageHeap = async () => {
  await page.evaluate(() => gc());
  return (await cdp.send('Runtime.getHeapUsage')).usedSize;
};

log(`soak for ${minutes} min on ${cpus().length} cores, load ${load()}`);
/** The median of `rounds` measures of each of `measures`, taken in turns (so each sees the same load). */
async function inTurns(rounds, measures) {
  // Warm-up searches first: V8 compiles the wasm quickly at first and optimises its hot functions
  // later, so a fresh page's first searches are slower for reasons that are not the allocator's.
  for (let i = 0; i < 3; i += 1) for (const measure of measures) await measure();
  const got = measures.map(() => []);
  for (let i = 0; i < rounds; i += 1) {
    for (const [k, measure] of measures.entries()) got[k].push(await measure());
  }
  return got.map(median);
}
const [startNps] = await inTurns(5, [() => pageNps(page, position)]);
await watch(page);
await aiWorker(page);
// The worker's searches share its table with the game's, so they spread more: more of them.
const [startWorkerNps] = await inTurns(15, [() => workerNps(page, position)]);
log(`search speed at the start: page ${Math.round(startNps)} nodes/s, worker ${Math.round(startWorkerNps)} nodes/s`);

const samples = [];
let games = 0;
let reviews = 0;
let plies = 0;
let gameStarted = Date.now();
let aiTarget = null;
let workersSeen = new Set();

async function sample(label) {
  const frames = await page.evaluate(() => {
    const gaps = window.__soakFrames.gaps.splice(0);
    window.__soakFrames.last = null;
    return gaps;
  });
  frames.sort((a, b) => a - b);
  const wasm = await page.evaluate(() => window.wasmBindings.wasm_memory_bytes());
  const heap = await pageHeap();
  const workers = await probe.sample();
  for (const w of workers) workersSeen.add(w.targetId);
  // The AI worker is the one alive between games (a review's worker is closed before we sample).
  const ai = workers.find((w) => !w.error) ?? workers[0];
  if (ai && aiTarget && ai.targetId !== aiTarget) log('the AI worker was replaced');
  aiTarget = ai?.targetId ?? aiTarget;
  // The gaps of the GC and the sampling itself are not the page's.
  await page.evaluate(() => { window.__soakFrames.gaps.length = 0; window.__soakFrames.last = null; });
  const row = {
    label, minute: (Date.now() - t0) / 60000, games, reviews, plies,
    pageWasm: wasm, workerId: ai?.targetId, workerWasm: ai?.wasm ?? NaN, workerHeap: ai?.heap ?? NaN, heap,
    frames: frames.length, p50: percentile(frames, 0.5), p99: percentile(frames, 0.99), longest: frames.at(-1) ?? NaN,
    load: loadavg()[0], workers: workers.length,
  };
  samples.push(row);
  log(`${label}: games ${games}, page wasm ${MB(wasm)} MB, worker wasm ${MB(row.workerWasm)} MB, JS heap ${MB(heap)} MB, `
    + `worker JS heap ${MB(row.workerHeap)} MB, frames ${frames.length} p50 ${row.p50?.toFixed(1)} p99 ${row.p99?.toFixed(1)} ms, load ${load()}`);
  return row;
}

const t0 = Date.now();
let nextSample = t0 + 60000;
let baseline = null;
// The page's JS heap takes one step at the first review: a baseline after it tells that step from growth.
let afterReview = null;
while (Date.now() - t0 < minutes * 60000) {
  await sleep(500);
  const s = await page.evaluate(() => {
    const st = window.wasmBindings.game_state();
    return { outcome: st.outcome, plies: st.moves.length, record: st.record, result: st.result };
  });
  const overdue = Date.now() - gameStarted > GAME_LIMIT_MS;
  if (s.outcome || overdue) {
    games += 1;
    plies += s.plies;
    if (overdue) log(`game ${games} stopped after ${s.plies} plies (over ${GAME_LIMIT_MS / 60000} min)`);
    if (s.outcome && games % REVIEW_EVERY === 0) {
      // The banner's Review button, as a player would: the review runs in a worker of its own.
      await page.click('#result-review', { timeout: 10000 });
      await page.waitForFunction(() => {
        const r = window.wasmBindings.game_state().review;
        return r && !r.running && r.reviewed === r.total;
      }, null, { timeout: 180000, polling: 500 });
      reviews += 1;
      await page.click('#review-close');
      if (reviews === 1) afterReview = await sample('after review 1');
    }
    if (baseline === null) baseline = await sample('after game 1');
    await watch(page);
    gameStarted = Date.now();
  }
  if (Date.now() >= nextSample) {
    nextSample += 60000;
    await sample(`minute ${Math.round((Date.now() - t0) / 60000)}`);
  }
}
const last = await sample('end');
const leftErrors = [...errors];

// A fresh browser beside the soaked one: both searches in turns, so the machine's load is the
// same for both (both pages go on watching their games meanwhile).
const fresh = await launch(launchArgs);
const freshPage = await openPage(fresh, server.url);
const freshWasm = await freshPage.page.evaluate(() => window.wasmBindings.wasm_memory_bytes());
const [endNps, freshNps] = await inTurns(7, [() => pageNps(page, position), () => pageNps(freshPage.page, freshPage.position)]);
await watch(freshPage.page);
await aiWorker(freshPage.page);
const [endWorkerNps, freshWorkerNps] = await inTurns(15, [() => workerNps(page, position), () => workerNps(freshPage.page, freshPage.position)]);
await browser.close();
// The fresh page's frames over a minute of watching, alone: what this machine gives a new page.
await freshPage.page.evaluate(() => { window.__soakFrames.gaps.length = 0; window.__soakFrames.last = null; });
await sleep(60000);
const freshFrames = (await freshPage.page.evaluate(() => window.__soakFrames.gaps.splice(0))).sort((a, b) => a - b);
const freshP99 = percentile(freshFrames, 0.99);
const freshP50 = percentile(freshFrames, 0.5);
await fresh.close();
await server.close();

// The table and the verdict.
const rows = samples.map((r) => `| ${r.label} | ${r.games} | ${r.reviews} | ${MB(r.pageWasm)} | ${MB(r.workerWasm)} | ${MB(r.heap)} | ${MB(r.workerHeap)} | ${r.frames} | ${r.p50?.toFixed(1)} | ${r.p99?.toFixed(1)} | ${r.longest?.toFixed(1)} | ${r.load.toFixed(2)} |`);
console.log('\n| sample | games | reviews | page wasm MB | AI worker wasm MB | page JS heap MB | worker JS heap MB | frames | p50 ms | p99 ms | longest ms | load |');
console.log('|---|---|---|---|---|---|---|---|---|---|---|---|');
console.log(rows.join('\n'));
const base = baseline ?? samples[0];
const growth = (a, b) => (b - a) / a;
const windows = samples.filter((r) => r.frames > 0);
const worstP99 = Math.max(...windows.map((r) => r.p99));
const allGaps = windows.reduce((n, r) => n + r.frames, 0);
// A cancelled search ends its worker and a new one takes over (a review's end does): a worker is
// measured against its own first sample.
const workerBase = samples.find((r) => r.workerId === last.workerId && r.minute >= base.minute) ?? base;
const since = workerBase === base ? 'its size after the first game' : `its first sample (${workerBase.label}: the AI worker was replaced)`;
const checks = [
  ['page wasm memory within 10% of its size after the first game', growth(base.pageWasm, last.pageWasm), 0.10,
    `${MB(base.pageWasm)} -> ${MB(last.pageWasm)} MB`],
  [`AI worker wasm memory within 10% of ${since}`, growth(workerBase.workerWasm, last.workerWasm), 0.10,
    `${MB(workerBase.workerWasm)} -> ${MB(last.workerWasm)} MB`],
  ['page JS heap within 25%', growth(base.heap, last.heap), 0.25, `${MB(base.heap)} -> ${MB(last.heap)} MB`],
  ...(afterReview ? [['page JS heap within 25% of its size after the first review', growth(afterReview.heap, last.heap), 0.25,
    `${MB(afterReview.heap)} -> ${MB(last.heap)} MB`]] : []),
  [`worker JS heap within 25% of ${since}`, growth(workerBase.workerHeap, last.workerHeap), 0.25,
    `${MB(workerBase.workerHeap)} -> ${MB(last.workerHeap)} MB`],
];
console.log(`\n${games} games (${plies} plies), ${reviews} reviews in ${minutes} min; ${workersSeen.size} worker(s) seen; errors: ${leftErrors.length ? leftErrors.join(' | ') : 'none'}`);
let flat = true;
for (const [what, value, limit, detail] of checks) {
  const ok = Math.abs(value) <= limit;
  flat &&= ok;
  console.log(`${ok ? 'FLAT ' : 'GROWS'}  ${what}: ${detail} (${(value * 100).toFixed(1)}%)`);
}
const framesOk = worstP99 <= 17;
flat &&= framesOk;
console.log(`${framesOk ? 'FLAT ' : 'SLOW '}  99th-percentile frame within 17 ms in every window: worst ${worstP99.toFixed(1)} ms (${allGaps} animation frames); `
  + `first window ${windows[0]?.p99.toFixed(1)} ms, last ${windows.at(-1)?.p99.toFixed(1)} ms; a fresh page alone, over 1 min: p50 ${freshP50?.toFixed(1)}, p99 ${freshP99?.toFixed(1)} ms (${freshFrames.length} frames)`);
for (const [what, end, freshValue, start] of [['page', endNps, freshNps, startNps], ['AI worker', endWorkerNps, freshWorkerNps, startWorkerNps]]) {
  const change = growth(freshValue, end);
  const ok = change >= -0.05;
  flat &&= ok;
  console.log(`${ok ? 'FLAT ' : 'SLOWER'} ${what} nodes/s within 5% of a fresh page's: start ${Math.round(start)}, end ${Math.round(end)}, fresh ${Math.round(freshValue)} (${(change * 100).toFixed(1)}%)`);
}
console.log(`fresh page's wasm memory: ${MB(freshWasm)} MB; machine: ${cpus().length} cores, load average now ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
console.log(`verdict: ${flat ? 'flat' : 'NOT flat'}`);
if (jsonPath) {
  writeFileSync(jsonPath, JSON.stringify({ minutes, games, plies, reviews, samples, startNps, endNps, freshNps, startWorkerNps, endWorkerNps, freshWorkerNps, freshWasm, freshP50, freshP99, flat }, null, 1));
}
