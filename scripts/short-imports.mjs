// Shortens the names the wasm imports from its JavaScript glue, and the hashed names of its closures'
// exports, in both files: wasm-bindgen names each import after its web API with a hash
// (`__wbg_set_textContent_0177b2a6d9293c2c`), written once in the wasm and once in the glue, and
// the hashes do not compress. A trunk hook runs this on
// the staged build: node scripts/short-imports.mjs <dir with onitama_bg.wasm and onitama.js> [name]
// (another module's name: `peer` for peer_bg.wasm and peer.js).
// It fails, leaving both files as they were, if a name is not where it expects it.
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const dir = process.argv[2];
const moduleName = process.argv[3] ?? 'onitama';
const wasmPath = join(dir, `${moduleName}_bg.wasm`);
const jsPath = join(dir, `${moduleName}.js`);
const wasm = readFileSync(wasmPath);
let js = readFileSync(jsPath, 'utf8');
const GLUE = `./${moduleName}_bg.js`;
// The glue's module is named after this build's wasm: a glue and a wasm of different builds (the
// service worker caches each file on its own) then fail to link instead of calling the wrong
// functions under the same short names.
const MODULE = `m${createHash('sha256').update(wasm).digest('hex').slice(0, 4)}`;

/** The glue's module gets the name `a`; its imports `a`, `b`, … `Z`, `aa`, `ab`, … */
const LETTERS = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';
const shortName = (i) => (i < LETTERS.length ? LETTERS[i] : shortName(Math.floor(i / LETTERS.length) - 1) + LETTERS[i % LETTERS.length]);

function readU32(bytes, at) {
  let value = 0;
  let shift = 0;
  for (;;) {
    const byte = bytes[at];
    at += 1;
    value += (byte & 0x7f) * 2 ** shift;
    shift += 7;
    if (byte < 0x80) return [value, at];
  }
}

function u32(value) {
  const out = [];
  do {
    let byte = value & 0x7f;
    value = Math.floor(value / 128);
    if (value > 0) byte |= 0x80;
    out.push(byte);
  } while (value > 0);
  return Buffer.from(out);
}

const name = (text) => Buffer.concat([u32(Buffer.byteLength(text)), Buffer.from(text)]);

// The sections, to find the import section (id 2).
let at = 8;
let section = null;
while (at < wasm.length) {
  const id = wasm[at];
  const [size, body] = readU32(wasm, at + 1);
  if (id === 2) section = { start: at, body, end: body + size };
  at = body + size;
}
if (!section) throw new Error('short-imports: the wasm has no import section');

// Each import: module, field, kind and its description, copied as it is.
const parts = [];
let [count, pos] = readU32(wasm, section.body);
const renamed = new Map();
for (let i = 0; i < count; i += 1) {
  let length;
  [length, pos] = readU32(wasm, pos);
  const module = wasm.toString('utf8', pos, pos + length);
  pos += length;
  [length, pos] = readU32(wasm, pos);
  const field = wasm.toString('utf8', pos, pos + length);
  pos += length;
  const descStart = pos;
  const kind = wasm[pos];
  pos += 1;
  const limits = () => {
    const flags = wasm[pos];
    pos += 1;
    [, pos] = readU32(wasm, pos);
    if (flags & 1) [, pos] = readU32(wasm, pos);
  };
  if (kind === 0) [, pos] = readU32(wasm, pos);
  else if (kind === 1) { pos += 1; limits(); }
  else if (kind === 2) limits();
  else if (kind === 3) pos += 2;
  else throw new Error(`short-imports: import kind ${kind} of ${module}.${field} is not handled`);
  const desc = wasm.subarray(descStart, pos);
  if (module === GLUE) {
    if (!renamed.has(field)) renamed.set(field, shortName(renamed.size));
    parts.push(name(MODULE), name(renamed.get(field)), desc);
  } else {
    parts.push(name(module), name(field), desc);
  }
}
if (pos !== section.end) throw new Error('short-imports: the import section did not read to its end');

// The glue names each import once, as a key of the module's object: `name:function(…)`.
const moduleKey = `"${GLUE}":`;
if (js.split(moduleKey).length !== 2) throw new Error(`short-imports: ${moduleKey} is not in the glue once`);
js = js.replace(moduleKey, `${MODULE}:`);
for (const [long, short] of renamed) {
  const found = js.split(long).length - 1;
  if (found !== 1 || !js.includes(`${long}:`)) {
    throw new Error(`short-imports: ${long} is ${found} times in the glue, expected once as a key`);
  }
  js = js.replace(`${long}:`, `${short}:`);
}

const body = Buffer.concat([u32(count), ...parts]);
const imported = Buffer.concat([
  wasm.subarray(0, section.start), Buffer.from([2]), u32(body.length), body, wasm.subarray(section.end),
]);

// The exports wasm-bindgen names with a hash (its closures' entry points,
// `wasm_bindgen__convert__closures_____invoke__h559ec16a2bb3e66c_7`) get short names too: `$a`,
// `$b`, … in the wasm, and where the glue reads them (`.name` on the module's exports).
let exportSection = null;
at = 8;
while (at < imported.length) {
  const id = imported[at];
  const [size, start] = readU32(imported, at + 1);
  if (id === 7) exportSection = { start: at, body: start, end: start + size };
  at = start + size;
}
if (!exportSection) throw new Error('short-imports: the wasm has no export section');
const exportParts = [];
const shortened = new Map();
let [exportCount, e] = readU32(imported, exportSection.body);
for (let i = 0; i < exportCount; i += 1) {
  let length;
  [length, e] = readU32(imported, e);
  const field = imported.toString('utf8', e, e + length);
  e += length;
  const descStart = e;
  e += 1;
  [, e] = readU32(imported, e);
  const desc = imported.subarray(descStart, e);
  if (/__h[0-9a-f]{16}(_[0-9]+)?$/.test(field)) shortened.set(field, `$${shortName(shortened.size)}`);
  exportParts.push(name(shortened.get(field) ?? field), desc);
}
if (e !== exportSection.end) throw new Error('short-imports: the export section did not read to its end');
// Longest first, whole names only: one name may begin another (`…e66c` and `…e66c_7`).
for (const [long, short] of [...shortened].sort((x, y) => y[0].length - x[0].length)) {
  const uses = new RegExp(`\\.${long}(?![\\w$])`, 'g');
  if (!uses.test(js)) throw new Error(`short-imports: the export ${long} is not read in the glue`);
  js = js.replace(uses, `.${short}`);
}
const exportBody = Buffer.concat([u32(exportCount), ...exportParts]);
const out = Buffer.concat([
  imported.subarray(0, exportSection.start), Buffer.from([7]), u32(exportBody.length), exportBody,
  imported.subarray(exportSection.end),
]);
writeFileSync(wasmPath, out);
writeFileSync(jsPath, js);
console.log(
  `short-imports: ${renamed.size} imports and ${shortened.size} exports renamed, wasm ${wasm.length} -> ${out.length} B`,
);
