// The browser tests, two files at a time, the slowest files started first so that none of them is
// left running alone at the end; any other file (a new one too) follows in alphabetical order.
// `node --test` sorts the files it is given, whatever their order: this starts them through
// node:test's run() instead, with the spec reporter, and exits with 1 if any test failed.
// Usage: node scripts/browser-tests.mjs
import { run } from 'node:test';
import { spec } from 'node:test/reporters';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

const dir = join(import.meta.dirname, '../tests/browser');
// The slowest, longest first (each file's time: docs/performance.md, the test command).
const SLOW = ['tutorial', 'layout', 'looks', 'robust', 'accessibility', 'first-visit'];

const all = readdirSync(dir).filter((f) => f.endsWith('.test.mjs')).sort();
const first = SLOW.map((name) => `${name}.test.mjs`).filter((f) => all.includes(f));
const files = [...first, ...all.filter((f) => !first.includes(f))].map((f) => join(dir, f));

const stream = run({ files, concurrency: 2 });
stream.on('test:fail', () => { process.exitCode = 1; });
stream.compose(spec).pipe(process.stdout);
