// Puzzles and the deck on the page: with the expansions on, the list of puzzles shows theirs and
// one plays with its cards' emblems drawn; with the base cards alone it shows the base game's only;
// a card turned off takes its puzzles out of the list and out of the daily puzzle.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { screenshot, servedGame, openGame, openMenu, still } from './harness.mjs';

const game = servedGame({ before, after });

const state = (page) => page.evaluate(() => window.wasmBindings.game_state());

/** A puzzle's five cards, read from its position: `<board> <red> <blue> <side> <to move>`. */
const cardsOf = (puzzle) => {
  const [, red, blue, side] = puzzle.position.split(' ');
  return [...red.split(','), ...blue.split(','), side];
};

/** The ids the list shows for a difficulty, opened from the menu. */
async function listed(page, difficulty) {
  await openMenu(page);
  await page.click('#puzzle-list');
  await page.click(`#puzzle-tabs [data-d="${difficulty}"]`);
  // The set has come, and the rows on the page are the list's.
  await page.waitForFunction((d) => {
    const list = window.wasmBindings.game_state().controls.puzzle_list;
    const shown = [...document.querySelectorAll('#puzzle-rows button')].map((b) => Number(b.dataset.id));
    return list?.shows === d && !list.fetching && shown.join() === list.rows.map((r) => r.id).join();
  }, difficulty);
  return page.evaluate(() => [...document.querySelectorAll('#puzzle-rows button')].map((b) => Number(b.dataset.id)));
}

async function closeList(page) {
  await page.keyboard.press('Escape');
  await page.waitForFunction(() => window.wasmBindings.game_state().controls.puzzle_list === null);
}

const setDeck = (page, cards) => page.evaluate((c) => window.wasmBindings.game_settings({ cards_enabled: c }), cards);

test('with the expansions on the list shows their puzzles, drawn with their emblems; with the base cards alone it does not', async () => {
  const { page, errors } = await openGame(game.browser, game.server.url);
  const base = (await state(page)).cards_enabled;
  assert.equal(base.length, 16, 'the base set by default');
  const set = await page.evaluate(() => window.wasmBindings.puzzles());
  const all = [...new Set(set.flatMap(cardsOf))];
  assert.equal(all.length, 34, 'the set uses every card');
  const offered = (deck, difficulty) => set
    .filter((p) => p.difficulty === difficulty && cardsOf(p).every((c) => deck.includes(c))).map((p) => p.id);
  const expansion = set.filter((p) => cardsOf(p).some((c) => !base.includes(c)));
  assert.ok(expansion.length >= 120, `${expansion.length} puzzles with expansion cards`);

  // Base cards alone: the base game's puzzles, none with an expansion card.
  const baseEasy = await listed(page, 'easy');
  assert.deepEqual(baseEasy, offered(base, 'easy'));
  assert.ok(baseEasy.length >= 100);
  assert.ok(!baseEasy.some((id) => expansion.some((p) => p.id === id)), 'no expansion puzzle listed');
  await closeList(page);

  // Everything on: the expansion puzzles join the list.
  await setDeck(page, all);
  const allHard = await listed(page, 'hard');
  assert.deepEqual(allHard, offered(all, 'hard'));
  const hardExpansion = expansion.filter((p) => p.difficulty === 'hard');
  assert.ok(hardExpansion.length >= 40 && hardExpansion.every((p) => allHard.includes(p.id)));
  // One is chosen from the list: it plays with its cards, their emblems fetched and drawn.
  const chosen = hardExpansion.find((p) => cardsOf(p).filter((c) => !base.includes(c)).length >= 3) ?? hardExpansion[0];
  const emblems = page.waitForResponse((r) => r.url().endsWith('emblems/expansion.txt'));
  await page.locator(`#puzzle-rows [data-id="${chosen.id}"]`).scrollIntoViewIfNeeded();
  await page.click(`#puzzle-rows [data-id="${chosen.id}"]`);
  await page.waitForFunction((id) => window.wasmBindings.game_state().puzzle?.id === id, chosen.id);
  assert.equal((await emblems).status(), 200);
  await still(page);
  await page.evaluate(() => new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(ok))));
  const s = await state(page);
  assert.equal(s.position, chosen.position);
  assert.match(await page.textContent('#mode-line'), new RegExp(`Puzzle ${chosen.id} · hard`));
  await screenshot(page, 'puzzle-expansion-hard');

  // Back to the base cards: the list loses them again.
  await setDeck(page, base);
  assert.deepEqual(await listed(page, 'hard'), offered(base, 'hard'));
  await closeList(page);
  assert.deepEqual(errors, []);
  await page.close();
});

test('a card turned off takes its puzzles out of the list, "next" and the daily puzzle', async () => {
  const { page, errors } = await openGame(game.browser, game.server.url);
  const set = await page.evaluate(() => window.wasmBindings.puzzles());
  const all = [...new Set(set.flatMap(cardsOf))];
  const deck = all.filter((c) => c !== 'turtle');
  await setDeck(page, deck);
  const withTurtle = new Set(set.filter((p) => cardsOf(p).includes('turtle')).map((p) => p.id));
  assert.ok(withTurtle.size > 0);
  for (const difficulty of ['easy', 'medium']) {
    const ids = await listed(page, difficulty);
    assert.ok(ids.length > 0 && !ids.some((id) => withTurtle.has(id)), difficulty);
    await closeList(page);
  }
  // The daily puzzle, then "next" a few times: never one with turtle.
  await openMenu(page);
  await page.click('#puzzle-daily');
  await page.waitForFunction(() => window.wasmBindings.game_state().puzzle !== null);
  const seen = [(await state(page)).puzzle.id];
  for (let i = 0; i < 5; i += 1) {
    // The strip's "Next puzzle" (shown once a puzzle is over), pressed while this one is on.
    await page.evaluate(() => document.getElementById('puzzle-next').click());
    await page.waitForFunction((last) => window.wasmBindings.game_state().puzzle?.id !== last, seen.at(-1));
    seen.push((await state(page)).puzzle.id);
  }
  assert.ok(!seen.some((id) => withTurtle.has(id)), `turtle is off: ${seen}`);
  assert.deepEqual(errors, []);
  await page.close();
});
