// The build step that writes the online configuration into the page (scripts/online-config.mjs),
// run on a copy of the built index.html with each kind of value.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { root } from './harness.mjs';

// The page's index.html as trunk leaves it before the step (the CSP allowing only 'self').
const source = readFileSync(join(root, 'www/index.html'), 'utf8');

function build(env, before = []) {
  const dir = mkdtempSync(join(tmpdir(), 'online-config-'));
  writeFileSync(join(dir, 'index.html'), source);
  const step = (env) => spawnSync(process.execPath, [join(root, 'scripts/online-config.mjs'), dir], {
    env: { PATH: process.env.PATH, ...env }, encoding: 'utf8',
  });
  for (const earlier of before) assert.equal(step(earlier).status, 0);
  const run = step(env);
  const html = readFileSync(join(dir, 'index.html'), 'utf8');
  assert.ok(html.split('name="onitama-online"').length <= 2, 'one configuration at most');
  const meta = /<meta name="onitama-online" content="([^"]*)">/.exec(html);
  return {
    status: run.status,
    stderr: run.stderr,
    connect: /connect-src ([^;"]*)/.exec(html)[1].trim(),
    config: meta && JSON.parse(meta[1].replaceAll('&quot;', '"').replaceAll('&amp;', '&')),
  };
}

test('by default the local server: in connect-src and in the configuration', () => {
  const out = build({});
  assert.equal(out.status, 0, out.stderr);
  assert.equal(out.connect, "'self' ws://127.0.0.1:3536");
  assert.deepEqual(out.config, { signaling: 'ws://127.0.0.1:3536', ice: [] });
});

test('a production server and ICE servers', () => {
  const ice = [{ urls: 'stun:stun.example.org:3478' }, { urls: ['turn:turn.example.org:3478'], username: 'u', credential: 'p&"q' }];
  const out = build({ ONITAMA_SIGNALING_URL: 'wss://signal.example.org/rooms', ONITAMA_ICE_SERVERS: JSON.stringify(ice) });
  assert.equal(out.status, 0, out.stderr);
  assert.equal(out.connect, "'self' wss://signal.example.org");
  assert.deepEqual(out.config, { signaling: 'wss://signal.example.org/rooms', ice });
});

test('none: the policy allows only the page itself and the module is told there is no server', () => {
  const out = build({ ONITAMA_SIGNALING_URL: '' });
  assert.equal(out.status, 0, out.stderr);
  assert.equal(out.connect, "'self'");
  assert.deepEqual(out.config, { signaling: null, ice: [] });
});

test('a value that is not what it should be fails the build and changes nothing', () => {
  for (const env of [
    { ONITAMA_SIGNALING_URL: 'https://signal.example.org' },
    { ONITAMA_SIGNALING_URL: "wss://x/';script-src *" },
    { ONITAMA_SIGNALING_URL: 'wss://user:pw@x' },
    { ONITAMA_SIGNALING_URL: 'not a url' },
    { ONITAMA_ICE_SERVERS: '{"urls":"stun:x"}' },
    { ONITAMA_ICE_SERVERS: '[{"urls":"https://x"}]' },
    { ONITAMA_ICE_SERVERS: '[{"urls":"stun:x","extra":1}]' },
    { ONITAMA_ICE_SERVERS: 'nonsense' },
  ]) {
    const out = build(env);
    assert.equal(out.status, 1, JSON.stringify(env));
    assert.equal(out.connect, "'self'", JSON.stringify(env));
    assert.equal(out.config, null, JSON.stringify(env));
  }
});

test('run again on a page it configured, it replaces the configuration and the origin', () => {
  const out = build({ ONITAMA_SIGNALING_URL: 'wss://signal.example.org' }, [{}, { ONITAMA_SIGNALING_URL: 'ws://10.0.0.1:3536' }]);
  assert.equal(out.status, 0, out.stderr);
  assert.equal(out.connect, "'self' wss://signal.example.org");
  assert.deepEqual(out.config, { signaling: 'wss://signal.example.org', ice: [] });
  const none = build({ ONITAMA_SIGNALING_URL: '' }, [{}]);
  assert.equal(none.connect, "'self'");
  assert.deepEqual(none.config, { signaling: null, ice: [] });
});
