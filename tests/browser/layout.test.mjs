// Long texts on small screens: in every language, the longest texts of the strip (the turn line,
// the notices, a puzzle's ending, the evaluation's label) and of the review (a best line of 20
// moves) show whole, wrapped, above the board (which gets smaller, and stays whole); those of the
// dialogs (new game, records, rules) wrap or scroll in their own place, dialog buttons stay on
// screen, and no text that carries meaning ends in "…".
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { screenshot, servedGame, openContext, openMenu, still, losingPuzzleMove } from './harness.mjs';

const game = servedGame({ before, after });

const SIZES = [
  { name: '360x640', width: 360, height: 640 },
  { name: '390x844', width: 390, height: 844 },
  { name: '640x360', width: 640, height: 360 },
];
const LANGS = ['en', 'fa', 'es', 'fr'];

// Red can take Blue's master at once (crab:c2c3) but plays boar:c2b2; Blue then takes Red's.
const BLUNDER = 'start 5/5/2B2/2R2/5 crab,boar horse,elephant ox r\nmoves boar:c2b2 elephant:c3b2\n';
// Blue to move takes Red's master with the horse: "Blue wins in 1 (exact)", from the endgame tables.
const BLUE_WINS_IN_1 = '5/5/2B2/2R2/5 crab,boar horse,elephant ox b';
const CARDS = ['tiger', 'crab', 'monkey', 'crane', 'dragon', 'elephant', 'mantis', 'boar', 'frog', 'rabbit',
  'goose', 'rooster', 'horse', 'ox', 'eel', 'cobra'];

/**
 * What keeps these texts from showing whole above a whole board: a text with more to scroll to,
 * a text lying over the board, a square of the board off it or off the screen.
 */
const whole = (page, selectors) => page.evaluate(async (selectors) => {
  const found = [];
  // The board is laid out again once the canvas has been resized: two frames on.
  await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
  const canvas = document.getElementById('board').getBoundingClientRect();
  for (const selector of selectors) {
    for (const el of document.querySelectorAll(selector)) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 && r.height === 0) continue;
      if (el.scrollHeight > el.clientHeight + 1) found.push(`${selector} has more to scroll to (${el.scrollHeight} > ${el.clientHeight})`);
      if (r.bottom > canvas.top + 0.5) found.push(`${selector} lies over the board`);
    }
  }
  for (const square of ['a1', 'e5', 'a5', 'e1']) {
    const q = window.wasmBindings.square_rect(square);
    const inside = q.x >= canvas.left - 0.5 && q.y >= canvas.top - 0.5 && q.x + q.width <= canvas.right + 0.5
      && q.y + q.height <= Math.min(canvas.bottom, innerHeight) + 0.5;
    if (!inside) found.push(`square ${square} is not whole on screen`);
  }
  return found;
}, selectors);

/**
 * What is wrong with these elements as a player sees them: cut by a box that clips them, outside
 * the viewport, or text clamped or ellipsised (a text may scroll in its own place instead).
 * Hidden elements are skipped.
 */
const problems = (page, selectors) => page.evaluate((selectors) => {
  const found = [];
  const inside = (r, c) => r.left >= c.left - 1 && r.right <= c.right + 1 && r.top >= c.top - 1 && r.bottom <= c.bottom + 1;
  for (const selector of selectors) {
    for (const el of document.querySelectorAll(selector)) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 && r.height === 0) continue;
      const view = { left: 0, top: 0, right: innerWidth, bottom: innerHeight };
      if (!inside(r, view)) found.push(`${selector} is outside the viewport (${Math.round(r.top)}..${Math.round(r.bottom)} of ${innerHeight})`);
      for (let a = el.parentElement; a; a = a.parentElement) {
        const style = getComputedStyle(a);
        if (style.overflowX === 'visible' && style.overflowY === 'visible') continue;
        // A scrolling box lets the player reach what it holds, except a dialog's buttons.
        const scrolls = /auto|scroll/.test(style.overflowY) && a.scrollHeight > a.clientHeight + 1;
        if (scrolls && !el.matches('button')) break;
        if (!inside(r, a.getBoundingClientRect())) { found.push(`${selector} is cut by ${a.id || a.tagName}`); break; }
      }
      const style = getComputedStyle(el);
      const scrolls = /auto|scroll/.test(style.overflowY);
      if (!scrolls && el.scrollHeight > el.clientHeight + 2 && style.overflowY !== 'visible') {
        found.push(`${selector} is cut (${el.scrollHeight} > ${el.clientHeight}): ${el.textContent.slice(0, 60)}`);
      }
      if (style.textOverflow === 'ellipsis' && el.scrollWidth > el.clientWidth + 1) found.push(`${selector} is ellipsised`);
      if (el.scrollWidth > el.clientWidth + 2 && !/auto|scroll/.test(style.overflowX) && style.overflowX !== 'visible') {
        found.push(`${selector} is cut at its side (${el.scrollWidth} > ${el.clientWidth})`);
      }
    }
  }
  return found;
}, selectors);

/** A button can be tapped: on screen, and nothing lies over its middle. */
const tappable = (page, selector) => page.evaluate((selector) => {
  const el = document.querySelector(selector);
  const r = el.getBoundingClientRect();
  if (r.bottom > innerHeight + 1 || r.top < -1 || r.right > innerWidth + 1 || r.left < -1) return `${selector} is off screen`;
  const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
  return hit && el.contains(hit) ? null : `${selector} is covered by ${hit?.id || hit?.tagName}`;
}, selector);

const state = (page) => page.evaluate(() => window.wasmBindings.game_state());

/** The longest turn line: against the AI at each level, with the side card chosen so that the player starts. */
async function longestTurnLine(page) {
  return page.evaluate((cards) => {
    const w = window.wasmBindings;
    let best = null;
    for (const side of cards) {
      const rest = cards.filter((c) => c !== side).slice(0, 4);
      w.game_new({ mode: 'two', cards: [...rest, side] });
      const why = w.game_state().controls.mode_line;
      if (!best || why.length > best.why.length) best = { side, rest, why, to_move: w.game_state().to_move };
    }
    let longest = null;
    for (let level = 0; level <= 11; level++) {
      w.game_new({ mode: 'ai', level, human: best.to_move, cards: [...best.rest, best.side] });
      const line = w.game_state().controls.mode_line;
      if (!longest || line.length > longest.line.length) longest = { level, line };
    }
    w.game_new({ mode: 'ai', level: longest.level, human: best.to_move, cards: [...best.rest, best.side] });
    return w.game_state().controls.mode_line;
  }, CARDS);
}

/** The bar's labels with a word wider than the label's line: a word that would break in two. */
function brokenLabels(page) {
  return page.evaluate(() => {
    const context = document.createElement('canvas').getContext('2d');
    return [...document.querySelectorAll('.bar .tool > span')].filter((label) => label.offsetParent !== null).flatMap((label) => {
      const style = getComputedStyle(label);
      context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      return label.textContent.split(/\s+/).filter((word) => context.measureText(word).width > label.clientWidth + 0.5)
        .map((word) => `${word} (${label.clientWidth} px)`);
    });
  });
}

async function open(size, lang, initScript) {
  const { context, page, errors } = await openContext(game.browser, game.server.url,
    { viewport: { width: size.width, height: size.height }, hasTouch: size.width < 700 }, initScript);
  await page.evaluate((lang) => window.wasmBindings.game_settings({ language: lang }), lang);
  await still(page);
  return { context, page, errors };
}

/**
 * One page for the dialogs', the review's and the puzzle's tests of a size and language, each
 * from a new game with nothing open (the page's own load is what the first test checks). Closed
 * when the next size or language opens its own, or after the file.
 */
let shared = null;
after(async () => { await shared?.context.close().catch(() => {}); });
async function sharedPage(size, lang) {
  const key = `${size.name} ${lang}`;
  if (shared?.key !== key) {
    await shared?.context.close();
    shared = { key, ...(await open(size, lang)) };
  }
  const { page } = shared;
  await page.evaluate(() => {
    document.querySelectorAll('dialog[open]').forEach((d) => d.close());
    window.wasmBindings.game_puzzle_list(null);
    window.wasmBindings.game_new({ mode: 'ai', human: 'red', level: 0 });
  });
  await still(page);
  const s = await state(page);
  assert.deepEqual([s.puzzle, s.review, s.controls.back_to_my_game, s.language], [null, null, false, lang], 'a new game, nothing open');
  return shared;
}

for (const size of SIZES) {
  for (const lang of LANGS) {
    const shot = (what) => `layout-${what}-${lang}-${size.name}`;

    test(`${size.name} ${lang}: the strip's longest texts show whole above the whole board`, { timeout: 120000 }, async () => {
      // A save that cannot be read: the longest notice of the tables, with its reason.
      const { context, page, errors } = await open(size, lang, () => {
        if (!sessionStorage.getItem('seen')) localStorage.setItem('onitama.save', 'this is not a saved game at all\n'.repeat(3));
        sessionStorage.setItem('seen', '1');
      });
      const strip = ['#strip p', '#eval-text'];
      assert.deepEqual(await brokenLabels(page), [], 'no word of the bar broken in two');
      assert.ok((await state(page)).notice, 'the unreadable save is told');
      assert.deepEqual(await problems(page, strip), []);
      assert.deepEqual(await whole(page, strip), []);
      await screenshot(page, shot('notice-save'));
      // The longest turn line, once the notice is gone.
      const line = await longestTurnLine(page);
      assert.equal((await state(page)).notice, null);
      assert.equal(await page.textContent('#mode-line'), line);
      assert.deepEqual(await problems(page, strip), []);
      assert.deepEqual(await whole(page, strip), []);
      await screenshot(page, shot('turn-line'));
      // The evaluation bar's longest label: a forced win.
      await page.evaluate((p) => { const w = window.wasmBindings; w.game_new({ mode: 'two' }); w.game_settings({ evaluation: true }); w.game_load(p); }, BLUE_WINS_IN_1);
      await page.waitForFunction(() => window.wasmBindings.game_state().controls.evaluation?.label.length > 1, null, { timeout: 30000 });
      assert.deepEqual(await problems(page, strip), []);
      assert.deepEqual(await whole(page, strip), []);
      const label = await page.evaluate(() => {
        const text = document.getElementById('eval-text');
        const range = document.createRange();
        range.selectNodeContents(text);
        const words = range.getBoundingClientRect();
        const bar = document.getElementById('eval').getBoundingClientRect();
        return { fits: words.left >= bar.left - 0.5 && words.right <= bar.right + 0.5 && words.top >= bar.top - 0.5 && words.bottom <= bar.bottom + 0.5, text: text.textContent };
      });
      assert.ok(label.fits, `the label "${label.text}" stays inside its bar`);
      await screenshot(page, shot('evaluation'));
      // A link that cannot be opened.
      await page.evaluate(() => window.wasmBindings.game_settings({ evaluation: false }));
      await page.goto(`${game.server.url}?again#game=broken`);
      await page.waitForFunction(() => window.wasmBindings?.game_state().notice);
      await still(page);
      assert.deepEqual(await problems(page, strip), []);
      assert.deepEqual(await whole(page, strip), []);
      await screenshot(page, shot('notice-link'));
      assert.deepEqual(errors, []);
      await context.close();
    });

    test(`${size.name} ${lang}: the dialogs' buttons and errors stay on screen`, { timeout: 120000 }, async () => {
      const { page, errors } = await sharedPage(size, lang);
      // New game, with the cards to choose and a choice that is refused.
      await page.click('#new-game');
      await page.check('#setup-choose-cards');
      const first = await page.inputValue('#setup-red-1');
      await page.selectOption('#setup-red-2', first);
      await page.check('#setup-choose-cards');
      await page.click('#setup-start');
      assert.ok((await page.textContent('#setup-error')).length > 0, 'the refusal is told');
      for (const button of ['#setup-start', '#setup-cancel']) assert.equal(await tappable(page, button), null);
      assert.deepEqual(await problems(page, ['#setup-error', '#setup .actions button']), []);
      await screenshot(page, shot('setup'));
      await page.click('#setup-cancel');
      // Records: a record that cannot be opened, explained where the player looks.
      await openMenu(page);
      await page.click('#records');
      await page.fill('#record-text', 'moves nonsense');
      await page.click('#record-open');
      await page.waitForFunction(() => document.getElementById('records-message').textContent.length > 0);
      assert.deepEqual(await problems(page, ['#records-message']), []);
      assert.equal(await tappable(page, '#records-close'), null);
      // The button just used is in the dialog's scrolling middle: it is reached by scrolling there, with the error still in sight.
      await page.locator('#record-open').scrollIntoViewIfNeeded();
      assert.equal(await tappable(page, '#record-open'), null);
      assert.deepEqual(await problems(page, ['#records-message']), []);
      const field = await page.locator('#record-text').boundingBox();
      assert.ok(field.height >= 60, `the record's field keeps its height (${field.height} px)`);
      await screenshot(page, shot('records-error'));
      // Copy link: the link, selected to copy by hand if the browser will not, stays in sight
      // above what the dialog says of it.
      const said = await page.textContent('#records-message');
      await page.click('#record-copy-link');
      await page.waitForFunction((said) => ![said, ''].includes(document.getElementById('records-message').textContent), said);
      await still(page);
      const link = await page.evaluate(() => {
        const field = document.getElementById('record-link').getBoundingClientRect();
        const body = document.querySelector('#records-dialog .dialog-body').getBoundingClientRect();
        return { top: field.top, bottom: field.bottom, bodyTop: body.top, bodyBottom: body.bottom };
      });
      assert.ok(link.top >= link.bodyTop - 1 && link.bottom <= link.bodyBottom + 1, `the link in sight ${JSON.stringify(link)}`);
      await screenshot(page, shot('records-link'));
      await page.click('#records-close');
      // The rules, scrolled: the close button never lies over the text.
      await openMenu(page);
      await page.click('#rules');
      await page.waitForFunction(() => document.querySelectorAll('#rules-content .rules-text p').length > 3);
      const overlap = await page.evaluate(() => {
        const body = document.getElementById('rules-body');
        body.scrollTop = body.scrollHeight / 2;
        const close = document.getElementById('rules-close-top').getBoundingClientRect();
        const shown = body.getBoundingClientRect();
        return close.bottom > shown.top + 0.5 && close.top < shown.bottom;
      });
      assert.equal(overlap, false, 'the × sits above the scrolled text');
      assert.equal(await tappable(page, '#rules-close-top'), null);
      assert.equal(await tappable(page, '#rules-close'), null);
      await screenshot(page, shot('rules-scrolled'));
      await page.keyboard.press('Escape');
      assert.deepEqual(errors, []);
    });

    test(`${size.name} ${lang}: a best line shows whole under the review's graph, one of 20 moves scrolls there, the board whole`, { timeout: 120000 }, async () => {
      const { page, errors } = await sharedPage(size, lang);
      await openMenu(page);
      await page.click('#records');
      await page.fill('#record-text', BLUNDER);
      await page.click('#record-review');
      await page.waitForFunction(() => window.wasmBindings.game_state().review?.running === false, null, { timeout: 60000 });
      await page.evaluate(() => window.wasmBindings.game_undo());
      await still(page);
      assert.deepEqual(await problems(page, ['#review-text', '.review-row button']), []);
      await page.click('#review-best');
      await still(page);
      assert.deepEqual(await whole(page, ['#review-text', '.review-row button']), []);
      // The engine's line as the page writes it, made 20 moves long from its own words.
      await page.evaluate(() => {
        const text = document.getElementById('review-text');
        const s = window.wasmBindings.game_state();
        const move = s.controls.moves[0].text.replace(/\u00a0/g, ' ');
        const words = s.controls.review.text;
        const at = words.lastIndexOf(move);
        text.textContent = words.slice(0, at) + Array.from({ length: 20 }, () => move).join(document.documentElement.dir === 'rtl' ? ' ← ' : ' → ');
      });
      assert.deepEqual(await problems(page, ['#review-text', '.review-row button']), []);
      assert.deepEqual(await whole(page, ['.review-row button']), []);
      await screenshot(page, shot('best-line'));
      // Longer than a third of the screen, it scrolls in its place: all of it can be read.
      const scrolled = await page.evaluate(() => {
        const text = document.getElementById('review-text');
        text.scrollTop = text.scrollHeight;
        return text.scrollHeight <= text.clientHeight + 1 || text.scrollTop > 0;
      });
      assert.ok(scrolled, 'the whole line can be read');
      assert.deepEqual(errors, []);
    });

    test(`${size.name} ${lang}: a puzzle's ending shows whole above the whole board`, { timeout: 120000 }, async () => {
      const { page, errors } = await sharedPage(size, lang);
      await openMenu(page);
      await page.click('#puzzle-easy');
      await page.waitForFunction(() => window.wasmBindings.game_state().puzzle !== null);
      await still(page);
      assert.deepEqual(await problems(page, ['#strip p']), []);
      assert.deepEqual(await whole(page, ['#strip p']), []);
      // A wrong first move: the defence answers and the puzzle is lost, with the longest words.
      const wrong = await losingPuzzleMove(page);
      await page.evaluate((m) => window.wasmBindings.game_play(m), wrong);
      await page.waitForFunction(() => window.wasmBindings.game_state().puzzle?.status === 'failed', null, { timeout: 30000 });
      await still(page);
      assert.deepEqual(await problems(page, ['#puzzle-text', '#puzzle-end button']), []);
      assert.deepEqual(await whole(page, ['#puzzle-text', '#puzzle-end button']), []);
      await screenshot(page, shot('puzzle-failed'));
      assert.deepEqual(errors, []);
    });
  }
}

/** WCAG contrast of two CSS colours given as rgb()/rgba(). */
function contrast(a, b) {
  const lum = (c) => {
    const [r, g, bl] = c.match(/[\d.]+/g).slice(0, 3).map((v) => {
      const s = Number(v) / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

for (const theme of ['light', 'dark']) {
  test(`1280x800 fr ${theme}: the marks are readable on the current row, stay with their move, and the evaluation's label fits`, { timeout: 120000 }, async () => {
    const { context, page, errors } = await openContext(game.browser, game.server.url, { viewport: { width: 1280, height: 800 } });
    await page.evaluate((theme) => window.wasmBindings.game_settings({ language: 'fr', theme }), theme);
    await openMenu(page);
    await page.click('#records');
    await page.fill('#record-text', BLUNDER);
    await page.click('#record-review');
    await page.waitForFunction(() => window.wasmBindings.game_state().review?.running === false, null, { timeout: 60000 });
    await page.click('#moves li[data-ply="1"]');
    await still(page);
    const rows = await page.evaluate(() => [...document.querySelectorAll('#moves li')].map((li) => {
      const text = li.firstChild;
      const range = document.createRange();
      const end = text.textContent.length;
      range.setStart(text, end - 1);
      range.setEnd(text, end);
      const last = range.getBoundingClientRect();
      const times = text.textContent.indexOf('×');
      let together = true;
      if (times > 1) {
        range.setStart(text, times - 2);
        range.setEnd(text, times - 1);
        together = Math.abs(range.getBoundingClientRect().top - last.top) < 2;
      }
      const after = getComputedStyle(li, '::after');
      return {
        text: text.textContent, current: li.hasAttribute('aria-current'), mark: li.dataset.mark ?? null,
        lastLine: li.getBoundingClientRect().bottom - last.bottom < 12, together,
        color: after.color, background: after.backgroundColor,
      };
    }));
    const blunder = rows.find((r) => r.mark === '??');
    assert.ok(blunder?.current, 'the blunder is the current row');
    assert.ok(contrast(blunder.color, blunder.background) >= 4.5, `?? is ${blunder.color} on ${blunder.background}`);
    for (const row of rows) {
      assert.ok(row.lastLine, `the mark of "${row.text}" stays on its last line`);
      assert.ok(row.together, `"×" stays with its squares in "${row.text}"`);
    }
    await screenshot(page, `layout-marks-fr-${theme}-1280x800`);
    // The evaluation bar with its longest French label.
    await page.click('#review-close');
    await page.evaluate((p) => { const w = window.wasmBindings; w.game_new({ mode: 'two' }); w.game_settings({ evaluation: true }); w.game_load(p); }, BLUE_WINS_IN_1);
    await page.waitForFunction(() => window.wasmBindings.game_state().controls.evaluation?.label.length > 1, null, { timeout: 30000 });
    const label = await page.evaluate(() => {
      const range = document.createRange();
      range.selectNodeContents(document.getElementById('eval-text'));
      const words = range.getBoundingClientRect();
      const bar = document.getElementById('eval').getBoundingClientRect();
      return { inside: words.left >= bar.left && words.right <= bar.right, text: range.toString() };
    });
    // Two pieces: the exact tables know it.
    assert.match(label.text, /^Bleu gagne en 1 \(exact\)$/);
    assert.ok(label.inside, 'the label stays inside its bar');
    await screenshot(page, `layout-evaluation-fr-${theme}-1280x800`);
    assert.deepEqual(errors, []);
    await context.close();
  });
}
