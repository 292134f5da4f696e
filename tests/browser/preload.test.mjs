// The HTML preloads the glue and the wasm of a first visit's page: each reaches the server once (a preload whose mode or
// credentials differ from the real request's is thrown away and the file downloaded again), and
// Chromium reports no unused preload. (PRELOAD_DIST=<dist> checks another build.)
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { serve, launch, dist } from './harness.mjs';
const DIST = process.env.PRELOAD_DIST;

let browser;
before(async () => { browser = await launch([], { firstVisit: true }); });
after(async () => { await browser?.close(); });

test('the preloaded glue and wasm are downloaded once each, and used', { timeout: 60000 }, async () => {
  const paths = [];
  // No cache headers: a second download of a file would reach the server.
  const server = await serve('/', DIST, { onRequest: (_, path, headers) => {
    // The page's own requests: the AI's worker (ai-worker.js?first-visit) and the service worker
    // load their own copies.
    if (!/(ai-worker|sw)\.js(\?|$)/.test(headers.referer ?? '')) paths.push(path);
  } });
  const context = await browser.newContext();
  const page = await context.newPage();
  const warnings = [];
  page.on('console', (m) => { if (/preload/i.test(m.text())) warnings.push(m.text()); });
  try {
    await page.goto(server.url);
    await page.waitForFunction(() => performance.getEntriesByName('board-drawn').length > 0);
    const preloads = await page.evaluate(() => [...document.querySelectorAll('link[rel$=preload]')].map((l) => l.getAttribute('href')));
    // The wasm first: the longest download, it keeps the slow link busy from its first byte.
    assert.deepEqual(preloads, ['first-visit_bg.wasm', 'first-visit.js']);
    const drawn = [...paths];
    for (const file of ['/first-visit.js', '/first-visit_bg.wasm', '/boot.js']) {
      const times = drawn.filter((p) => p === file).length;
      assert.equal(times, 1, `${file} reached the server ${times} times from the page`);
    }
    // A sleep: nothing tells that Chromium has looked. It warns of an unused preload 3 s after the load event.
    await page.waitForTimeout(3500);
    assert.deepEqual(warnings, []);
  } finally {
    await context.close();
    await server.close();
  }
});

test("both pages' glues carry V8's compile hint, so that their functions compile while the wasm downloads", () => {
  for (const file of ['first-visit.js', 'onitama.js']) {
    const glue = readFileSync(join(DIST ?? dist, file), 'utf8');
    assert.match(glue, /^\/\/# allFunctionsCalledOnLoad\n/, file);
  }
});
