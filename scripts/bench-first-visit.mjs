// A first visit on a slow phone: the release build in dist/ served gzipped (as a static host does)
// on 127.0.0.1, opened in headless Chromium as a phone (360×640, 2× pixels, touch) with an empty
// cache, on DevTools' "Fast 3G" network (562.5 ms latency, 1.44 Mb/s down, 675 kb/s up) and a CPU
// slowed 4×. Prints when the board is drawn (the page's `board-drawn` mark, from navigation
// start) in each load and the median, the bytes the page downloaded, and how often each file
// reached the server (each once: a preload whose mode differs from the real fetch downloads twice).
//
// Also printed: the time from the wasm's last byte to the board (the page's own start-up, which
// varies less from load to load than the network's part).
//
// Run: node scripts/bench-first-visit.mjs [--runs 3] [--verbose]   (--verbose: each file's timing)
// Another build: BENCH_DIST=/path/to/dist node scripts/bench-first-visit.mjs
// Two builds in turns, load for load (the machine's load then weighs on both alike):
//   node scripts/bench-first-visit.mjs --runs 9 --against /path/to/other/dist
import { cpus, loadavg } from 'node:os';
import { serve, launch, dist as builtDist } from '../tests/browser/harness.mjs';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const at = args.indexOf(`--${name}`);
  return at >= 0 ? args[at + 1] : fallback;
};
const runs = Number(option('runs', 3));
const verbose = args.includes('--verbose');
const dist = process.env.BENCH_DIST ?? builtDist;
const against = option('against', null);

// DevTools' Fast 3G, in the units CDP wants: milliseconds and bytes per second. (DevTools itself
// also takes 10% off both rates for packet overhead; these are the nominal rates.)
const FAST_3G = { offline: false, latency: 562.5, downloadThroughput: 1.44e6 / 8, uploadThroughput: 675e3 / 8 };
const CPU_SLOWDOWN = 4;
const PHONE = { viewport: { width: 360, height: 640 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true };

let requests = [];
// By path and query: the AI's worker `ai-worker.js?first-visit` and the service worker's copy of
// `ai-worker.js` are two files.
const onRequest = (method, path, headers, search) => requests.push({ method, path: path + search, at: performance.now() });
const builds = [dist, ...(against ? [against] : [])];
const servers = await Promise.all(builds.map((directory) => serve('/', directory, { compress: true, onRequest })));
const browser = await launch([], { firstVisit: true });

const resultsOf = builds.map(() => []);
for (let run = 0; run < runs; run += 1) {
  for (const [build, server] of servers.entries()) {
    resultsOf[build].push(await load(server, run));
  }
}

/** One first visit of the build that `server` serves. */
async function load(server, run) {
  // A fresh context each time: empty HTTP cache, no service worker, no storage.
  const context = await browser.newContext(PHONE);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', FAST_3G);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  let encoded = 0;
  cdp.on('Network.loadingFinished', (event) => { encoded += event.encodedDataLength; });
  const warnings = [];
  page.on('console', (message) => {
    if (['error', 'warning'].includes(message.type())) warnings.push(message.text());
  });

  // Nothing of the bench's runs in the page before its wasm has come (a script evaluated early,
  // like playwright's own, takes the throttled main thread from the page while it parses).
  let wasmRequest = null;
  const wasmLoaded = new Promise((ok) => {
    cdp.on('Network.requestWillBeSent', (event) => {
      if (event.request.url.endsWith('.wasm')) wasmRequest ??= event.requestId;
    });
    cdp.on('Network.loadingFinished', (event) => { if (event.requestId === wasmRequest) ok(); });
  });

  requests = [];
  const started = performance.now();
  await page.goto(server.url, { waitUntil: 'commit' });
  await wasmLoaded;
  await page.waitForFunction(() => performance.getEntriesByName('board-drawn').length > 0, null,
    { timeout: 120000, polling: 250 });
  const timing = await page.evaluate(() => {
    const drawn = performance.getEntriesByName('board-drawn')[0].startTime;
    const nav = performance.getEntriesByType('navigation')[0];
    const files = [nav, ...performance.getEntriesByType('resource')].map((e) => ({
      name: e.name.replace(/^https?:\/\/[^/]+\//, '/'),
      by: e.initiatorType,
      start: e.startTime,
      firstByte: e.responseStart,
      end: e.responseEnd,
      bytes: e.transferSize,
    }));
    const marks = performance.getEntriesByType('mark').map((m) => `${m.name} ${m.startTime.toFixed(0)}`);
    return { drawn, files, marks, domInteractive: nav.domInteractive, dcl: nav.domContentLoadedEventStart };
  });
  const beforeDrawn = encoded;
  // The rest of the first visit: the service worker installs and caches the game's files.
  await page.evaluate(() => navigator.serviceWorker?.ready);
  await page.waitForTimeout(3000);
  const counts = new Map();
  for (const r of requests) counts.set(r.path, (counts.get(r.path) ?? 0) + 1);
  const wasmEnd = Math.max(...timing.files.filter((f) => f.name.endsWith('.wasm')).map((f) => f.end));
  const afterWasm = timing.drawn - wasmEnd;
  if (verbose) {
    console.log(`run ${run + 1}: board drawn at ${timing.drawn.toFixed(0)} ms; DOM interactive ${timing.domInteractive.toFixed(0)} ms`);
    for (const f of timing.files.sort((a, b) => a.start - b.start)) {
      console.log(`  ${f.name.padEnd(24)} ${f.by.padEnd(11)} start ${f.start.toFixed(0).padStart(5)}  first byte ${f.firstByte.toFixed(0).padStart(5)}  end ${f.end.toFixed(0).padStart(5)} ms  ${(f.bytes / 1024).toFixed(1).padStart(6)} KB`);
    }
    console.log(`  marks (ms): ${timing.marks.join(', ')}`);
    const atServer = requests.map((r) => `${r.method} ${r.path} @${(r.at - started).toFixed(0)}`).join(', ');
    console.log(`  reached the server (ms after goto): ${atServer}`);
  }
  await context.close();
  return { drawn: timing.drawn, afterWasm, beforeDrawn, total: encoded, counts, timing, warnings, started };
}
await browser.close();
await Promise.all(servers.map((server) => server.close()));

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const list = (values) => values.map((d) => d.toFixed(0)).join(', ');
console.log(`first visit, phone on Fast 3G (${FAST_3G.latency} ms, ${FAST_3G.downloadThroughput * 8 / 1e6} Mb/s down), CPU ${CPU_SLOWDOWN}x slower, gzip:`);
for (const [build, results] of resultsOf.entries()) {
  if (against) console.log(`${builds[build]}:`);
  const ms = results.map((r) => r.drawn);
  const after = results.map((r) => r.afterWasm);
  console.log(`board drawn after navigation: median ${median(ms).toFixed(0)} ms (runs: ${list(ms)})`);
  console.log(`from the wasm's last byte to the board: median ${median(after).toFixed(0)} ms (runs: ${list(after)})`);
  console.log(`page's transfer (headers included): ${kb(results[0].beforeDrawn)} until the board is drawn, ${kb(results[0].total)} with the service worker installed`);
  const twice = [...results[0].counts].filter(([, n]) => n > 1);
  console.log(`requests that reached the server in the first load: ${[...results[0].counts].map(([p, n]) => `${p}×${n}`).join(' ')}`);
  console.log(twice.length ? `FETCHED MORE THAN ONCE: ${twice.map(([p]) => p).join(', ')}` : 'each file fetched once');
  const warned = [...new Set(results.flatMap((r) => r.warnings))];
  if (warned.length) console.log(`console warnings and errors: ${warned.join(' | ')}`);
}
console.log(`machine: ${cpus().length} cores, load average ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
