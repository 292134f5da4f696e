// Writes the online play configuration into the built page (a trunk hook runs it on the staged
// build): node scripts/online-config.mjs <dir with index.html>
//
//   ONITAMA_SIGNALING_URL  the signalling server, ws:// or wss:// (default ws://127.0.0.1:3536;
//                          empty: none, and online play says so)
//   ONITAMA_ICE_SERVERS    the STUN and TURN servers, RTCIceServer objects in JSON (default [])
//
// The server's origin joins the Content-Security-Policy's connect-src (and nothing else does),
// and both values go into <meta name="onitama-online" content="{…}">, which the online module
// reads. A value that is not what it should be fails the build.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const fail = (message) => { console.error(`online-config: ${message}`); process.exit(1); };

const signaling = process.env.ONITAMA_SIGNALING_URL ?? 'ws://127.0.0.1:3536';
let origin = null;
if (signaling !== '') {
  let url;
  try { url = new URL(signaling); } catch { fail(`ONITAMA_SIGNALING_URL is not a URL: ${signaling}`); }
  if (!['ws:', 'wss:'].includes(url.protocol) || url.username || url.password || url.search || url.hash) {
    fail(`ONITAMA_SIGNALING_URL must be ws://host[:port][/path] or wss://…, got ${signaling}`);
  }
  // Nothing that could end a CSP source or the attribute.
  if (!/^[A-Za-z0-9.:\[\]\/_~-]+$/.test(signaling)) fail(`ONITAMA_SIGNALING_URL has characters a URL here may not: ${signaling}`);
  origin = `${url.protocol}//${url.host}`;
}

let ice;
try { ice = JSON.parse(process.env.ONITAMA_ICE_SERVERS ?? '[]'); } catch { fail('ONITAMA_ICE_SERVERS is not JSON'); }
const iceUrl = /^(stun|turn|turns):[^\s"'<>]+$/;
const okServer = (s) => s && typeof s === 'object' && !Array.isArray(s)
  && (typeof s.urls === 'string' ? iceUrl.test(s.urls) : Array.isArray(s.urls) && s.urls.length > 0 && s.urls.every((u) => typeof u === 'string' && iceUrl.test(u)))
  && Object.keys(s).every((k) => ['urls', 'username', 'credential'].includes(k))
  && ['username', 'credential'].every((k) => s[k] === undefined || typeof s[k] === 'string');
if (!Array.isArray(ice) || !ice.every(okServer)) {
  fail('ONITAMA_ICE_SERVERS must be a JSON array of {"urls": "stun:…"|["turn:…"], "username"?, "credential"?}');
}

const file = join(process.argv[2] ?? fail('usage: online-config.mjs <dir>'), 'index.html');
// A page configured before (the step run again) is configured afresh: its meta and origin go.
let html = readFileSync(file, 'utf8')
  .replace(/<meta name="onitama-online" content="[^"]*">/g, '')
  .replace(/connect-src 'self'[^;"]*/g, "connect-src 'self'");
const csp = "connect-src 'self'";
if (html.split(csp).length !== 2) fail(`index.html must hold "${csp}" once`);
if (origin) html = html.replace(csp, `${csp} ${origin}`);
const escape = (text) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const config = JSON.stringify({ signaling: signaling === '' ? null : signaling, ice });
if (html.split('<title>').length !== 2) fail('index.html must hold one <title>');
html = html.replace('<title>', `<meta name="onitama-online" content="${escape(config)}"><title>`);
writeFileSync(file, html);
