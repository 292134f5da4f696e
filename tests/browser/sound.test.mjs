// Sound: nothing plays (no AudioContext even exists) before the player's first gesture; after it a
// move, a refused tap and the AI's moves start sound nodes, and the Sound setting mutes them. The
// page's AudioContext is watched from an init script: contexts made, oscillators and noise
// (buffer sources) started, and the loudest gain a voice ramps to.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { openContext, servedGame, still } from './harness.mjs';

const game = servedGame({ before, after });

const state = (page) => page.evaluate(() => window.wasmBindings.game_state());
const call = (page, name, ...args) => page.evaluate(([n, a]) => window.wasmBindings[n](...a), [name, args]);
const heard = (page) => page.evaluate(() => ({ ...window.__sound }));
const CARDS = ['tiger', 'crab', 'monkey', 'crane', 'boar'];

function watchAudio() {
  const seen = { contexts: 0, oscillators: 0, noises: 0, loudest: 0 };
  window.__sound = seen;
  const Real = window.AudioContext;
  if (!Real) return;
  const counted = (node, key) => {
    const start = node.start;
    node.start = function (...args) {
      seen[key] += 1;
      return start.apply(this, args);
    };
    return node;
  };
  window.AudioContext = class extends Real {
    constructor(...args) {
      super(...args);
      seen.contexts += 1;
    }
    createOscillator() { return counted(super.createOscillator(), 'oscillators'); }
    createBufferSource() { return counted(super.createBufferSource(), 'noises'); }
  };
  const ramp = AudioParam.prototype.linearRampToValueAtTime;
  AudioParam.prototype.linearRampToValueAtTime = function (value, time) {
    seen.loudest = Math.max(seen.loudest, value);
    return ramp.call(this, value, time);
  };
}

async function fresh() {
  const opened = await openContext(game.browser, game.server.url, {}, watchAudio);
  assert.equal((await call(opened.page, 'game_settings')).sound, true, 'sound is on by default');
  return opened;
}


async function clickSquare(page, square) {
  const r = await call(page, 'square_rect', square);
  await page.mouse.click(r.x + r.width / 2, r.y + r.height / 2);
}

/** Plays the first legal move and returns what it started. */
async function playOne(page) {
  await still(page);
  const before = await heard(page);
  const s = await state(page);
  await call(page, 'game_play', s.legal_moves[0]);
  const after = await heard(page);
  assert.equal((await state(page)).moves.length, s.moves.length + 1, 'the move was played');
  return { oscillators: after.oscillators - before.oscillators, noises: after.noises - before.noises };
}

test('nothing plays and no AudioContext exists before the first gesture, even while the AI plays', { timeout: 60000 }, async () => {
  const { context, page, errors } = await fresh();
  await call(page, 'game_new', { mode: 'watch', level: 0, cards: CARDS });
  await page.waitForFunction(() => window.wasmBindings.game_state().moves.length >= 3, null, { timeout: 30000 });
  assert.deepEqual(await heard(page), { contexts: 0, oscillators: 0, noises: 0, loudest: 0 });
  // The same page after a click: the AI's next moves sound, from one context.
  await clickSquare(page, 'c3');
  const woken = await heard(page);
  assert.equal(woken.contexts, 1, 'the click made the context');
  const moves = (await state(page)).moves.length;
  await page.waitForFunction((n) => window.wasmBindings.game_state().moves.length >= n + 2, moves, { timeout: 30000 });
  const later = await heard(page);
  assert.ok(later.oscillators > woken.oscillators, 'the AI\'s moves start oscillators');
  assert.ok(later.noises > woken.noises, 'and the card\'s swish');
  assert.equal(later.contexts, 1, 'one context for the page');
  assert.ok(later.loudest > 0 && later.loudest <= 0.25, `quiet (peak gain ${later.loudest})`);
  assert.deepEqual(errors, []);
  await context.close();
});

test('after a click a move sounds; with the Sound setting off it does not; back on it does', { timeout: 60000 }, async () => {
  const { context, page, errors } = await fresh();
  await call(page, 'game_new', { mode: 'two', cards: CARDS });
  assert.equal((await playOne(page)).oscillators, 0, 'no sound before a gesture');
  assert.equal((await heard(page)).contexts, 0);
  await clickSquare(page, 'c3');
  assert.equal((await heard(page)).contexts, 1);
  const on = await playOne(page);
  assert.ok(on.oscillators > 0, 'the move starts oscillators');
  assert.ok(on.noises > 0, 'and the card\'s swish');
  assert.equal((await call(page, 'game_settings', { sound: false })).sound, false);
  assert.deepEqual(await playOne(page), { oscillators: 0, noises: 0 }, 'muted: nothing starts');
  assert.equal((await call(page, 'game_settings', { sound: true })).sound, true);
  const again = await playOne(page);
  assert.ok(again.oscillators > 0 && again.noises > 0, 'on again: the move sounds');
  const all = await heard(page);
  assert.equal(all.contexts, 1, 'one context for the page');
  assert.ok(all.loudest > 0 && all.loudest <= 0.25, `quiet (peak gain ${all.loudest})`);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a tap that means nothing sounds, and changes nothing', async () => {
  const { context, page, errors } = await fresh();
  await call(page, 'game_new', { mode: 'two', cards: CARDS });
  await clickSquare(page, 'c3'); // the first gesture (itself a refused tap)
  await still(page);
  const start = await state(page);
  const before = await heard(page);
  assert.equal(before.contexts, 1);
  await clickSquare(page, 'c3'); // empty, nothing selected
  const after = await heard(page);
  assert.ok(after.oscillators > before.oscillators, 'the refused tap starts a sound');
  const end = await state(page);
  assert.equal(end.position, start.position);
  assert.equal(end.moves.length, 0);
  // Muted, the same tap is silent.
  await call(page, 'game_settings', { sound: false });
  await clickSquare(page, 'c3');
  assert.equal((await heard(page)).oscillators, after.oscillators, 'muted: silent');
  assert.deepEqual(errors, []);
  await context.close();
});
