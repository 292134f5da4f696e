// Setting up a position on the analysis board in Chromium: by taps in French on a phone, a refusal
// read back in Persian, a reload that keeps the setup, drags with the mouse on a desktop, and the
// position analysed; no axe-core violation in the editor; screenshots in light and dark.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { axeViolations, openContext, screenshot, servedGame } from './harness.mjs';

const game = servedGame({ before, after });
const state = (page) => page.evaluate(() => window.wasmBindings.game_state());
const START = 'bbBbb/5/5/5/rrRrr boar,ox elephant,horse crab r';

async function centre(page, square) {
  const r = await page.evaluate((s) => window.wasmBindings.square_rect(s), square);
  return { x: r.x + r.width / 2, y: r.y + r.height / 2 };
}

/** The setup in notation, as the editor's panel shows it. */
const setupShown = async (page) => (await state(page)).controls.setup?.setup;

async function openEditor(page, language, look = null, position = START) {
  await page.evaluate(async ([language, position]) => {
    await window.wasmBindings.game_settings({ language });
    window.wasmBindings.analysis_open(position);
  }, [language, position]);
  await page.waitForSelector('#analysis-setup:not([hidden])');
  if (look) await screenshot(page, look);
  await page.click('#analysis-setup');
  await page.waitForSelector('#editor:not([hidden])');
}

test('on a phone in French: taps set a position up, a refusal in Persian, a reload keeps it, Analyse', { timeout: 60000 }, async () => {
  const { context, page, errors } = await openContext(game.browser, game.server.url,
    { viewport: { width: 360, height: 640 }, hasTouch: true, isMobile: true });
  await openEditor(page, 'fr', 'setup-phone-light-fr-analysis-board');
  assert.equal(await setupShown(page), START, 'the editor starts from the position shown');
  assert.equal(await page.textContent('#editor-clear'), 'Vider le plateau');
  assert.equal((await state(page)).thinking, false, 'the engine waits');
  // The board stays whole on screen, and the editor's targets are big enough.
  const board = await page.evaluate(() => document.getElementById('board').getBoundingClientRect());
  assert.ok(board.bottom <= 640 && board.height >= 200, `the board fits (${JSON.stringify(board)})`);
  for (const id of ['editor-tool-R', 'editor-card-red-0', 'editor-analyse']) {
    const r = await page.evaluate((id) => document.getElementById(id).getBoundingClientRect().toJSON(), id);
    assert.ok(r.height >= 40 && r.width >= 44, `#${id} is a target (${r.width}×${r.height})`);
  }
  await screenshot(page, 'setup-phone-light-fr');

  await page.tap('#editor-clear');
  for (const [tool, square] of [['R', 'b1'], ['B', 'd5'], ['b', 'c3'], ['r', 'a2'], ['r', 'e2']]) {
    await page.tap(`#editor-tool-${tool}`);
    const { x, y } = await centre(page, square);
    await page.touchscreen.tap(x, y);
  }
  // A second tap with the same piece takes it off.
  const e2 = await centre(page, 'e2');
  await page.touchscreen.tap(e2.x, e2.y);
  await page.selectOption('#editor-card-side', 'tiger');
  await page.selectOption('#editor-to-move', 'blue');
  const set = '3B1/5/2b2/r4/1R3 boar,ox elephant,horse tiger b';
  assert.equal(await setupShown(page), set);
  assert.deepEqual(await axeViolations(page, ['#editor']), []);

  // Refused in Persian: a card twice; the reason is read back, and nothing is lost.
  await page.evaluate(() => window.wasmBindings.game_settings({ language: 'fa' }));
  await page.selectOption('#editor-card-side', 'ox');
  await page.tap('#editor-analyse');
  await page.waitForSelector('#editor-status.refused');
  // The reason in Persian once the error texts have come (English meanwhile, as every error).
  await page.waitForFunction(() => /کارت/.test(document.getElementById('editor-status').textContent));
  const refusal = await page.textContent('#editor-status');
  assert.match(refusal, /^این را نمی‌توان تحلیل کرد: .*کارت/, refusal);
  assert.equal(await setupShown(page), set.replace('tiger', 'ox'));
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.evaluate(() => window.wasmBindings.game_settings({ theme: 'dark' }));
  assert.deepEqual(await axeViolations(page, ['#editor']), []);
  await screenshot(page, 'setup-phone-dark-fa-refused');

  // A reload keeps the setup; fixed, it is analysed.
  await page.reload();
  await page.waitForFunction(() => window.wasmBindings?.game_state?.().controls.setup);
  assert.equal(await setupShown(page), set.replace('tiger', 'ox'));
  await page.selectOption('#editor-card-side', 'tiger');
  await page.tap('#editor-analyse');
  await page.waitForFunction(() => window.wasmBindings.game_state().analysis?.position && !window.wasmBindings.game_state().controls.setup);
  assert.equal((await state(page)).analysis.position, set);
  assert.ok(await page.isHidden('#editor'));
  assert.deepEqual(errors, []);
  await context.close();
});

test('on a desktop: pieces dragged from the tray and off the board with the mouse, the board turned, analysed', { timeout: 60000 }, async () => {
  const { context, page, errors } = await openContext(game.browser, game.server.url);
  await openEditor(page, 'en');
  assert.equal(await page.evaluate(() => document.activeElement.id), 'editor-tool-R', 'the keyboard goes to the tray');
  await screenshot(page, 'setup-desktop-light');
  const drag = async (from, to, look = null) => {
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await page.mouse.move((from.x + to.x) / 2, (from.y + to.y) / 2, { steps: 4 });
    await page.mouse.move(to.x, to.y, { steps: 4 });
    if (look) await screenshot(page, look);
    await page.mouse.up();
  };
  const tray = async (tool) => {
    const r = await page.evaluate((id) => document.getElementById(id).getBoundingClientRect().toJSON(), `editor-tool-${tool}`);
    return { x: r.x + r.width / 2, y: r.y + r.height / 2 };
  };
  // A red student from the tray onto c3; Red's master from c1 to c2; a student off the board.
  await drag(await tray('r'), await centre(page, 'c3'), 'setup-desktop-carrying');
  await drag(await centre(page, 'c1'), await centre(page, 'c2'));
  const a1 = await centre(page, 'a1');
  await drag(a1, { x: a1.x - 200, y: a1.y + 300 });
  assert.equal(await setupShown(page), 'bbBbb/5/2r2/2R2/1r1rr boar,ox elephant,horse crab r');
  // Turned, Blue's side at the bottom: the squares follow.
  await page.click('#editor-turn');
  const [c5, c1] = [await centre(page, 'c5'), await centre(page, 'c1')];
  assert.ok(c5.y > c1.y, 'c5 at the bottom');
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.evaluate(() => window.wasmBindings.game_settings({ theme: 'dark' }));
  assert.deepEqual(await axeViolations(page, ['#editor']), []);
  await screenshot(page, 'setup-desktop-dark-turned');
  // The phone on its side: the editor beside the board.
  await page.setViewportSize({ width: 640, height: 360 });
  // The page has laid itself out again: its canvas holds as many pixels as it is wide.
  await page.waitForFunction(() => {
    const board = document.getElementById('board');
    return innerWidth === 640 && board.width === Math.round(board.getBoundingClientRect().width * devicePixelRatio);
  });
  const board = await page.evaluate(() => document.getElementById('board').getBoundingClientRect());
  assert.ok(board.bottom <= 360 && board.height >= 200, `the board fits (${JSON.stringify(board)})`);
  await screenshot(page, 'setup-phone-landscape-dark');
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.click('#editor-analyse');
  await page.waitForFunction(() => !window.wasmBindings.game_state().controls.setup);
  assert.equal((await state(page)).analysis.position, 'bbBbb/5/2r2/2R2/1r1rr boar,ox elephant,horse crab r');
  assert.deepEqual(errors, []);
  await context.close();
});
