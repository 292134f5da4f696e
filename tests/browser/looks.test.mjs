// How the page looks on every screen, in every language, light and dark: a screenshot of each
// (tests/browser/artifacts/looks-*.png, to be looked at), and on touch screens no scrolling and
// every control at least 44×44 CSS px, menu included. Text contrast in both themes.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { screenshot, servedGame } from './harness.mjs';

const game = servedGame({ before, after });

const VIEWPORTS = [
  { width: 360, height: 640, touch: true },
  { width: 390, height: 844, touch: true },
  { width: 640, height: 360, touch: true },
  { width: 1280, height: 800, touch: false },
  { width: 1920, height: 1080, touch: false },
];
const LOCALES = ['en-US', 'fa-IR', 'es-ES', 'fr-FR'];
const THEMES = ['light', 'dark'];
// French and Spanish have the longest card names (grenouille, sanglier, éléphant, cangrejo).
const CARDS = ['frog', 'boar', 'elephant', 'crab', 'rooster'];

async function open(viewport, locale, colorScheme) {
  const context = await game.browser.newContext({
    viewport: { width: viewport.width, height: viewport.height }, locale, colorScheme,
    hasTouch: viewport.touch, isMobile: viewport.touch,
  });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(game.server.url);
  await page.waitForFunction(() => window.wasmBindings !== undefined);
  return { context, page, errors };
}

/** Controls that are shown and smaller than 44×44 CSS px. */
function smallControls(page) {
  return page.evaluate(() => [...document.querySelectorAll('button, select, input, a[href], label.toggle')]
    .filter((e) => e.checkVisibility() && e.getClientRects().length > 0)
    .map((e) => {
      // A checkbox counts with its label, which takes the tap.
      const target = e.matches('input[type=checkbox]') && e.closest('label') ? e.closest('label') : e;
      const r = target.getBoundingClientRect();
      return { id: e.id || e.textContent.trim().slice(0, 20), width: Math.round(r.width), height: Math.round(r.height) };
    })
    .filter((r) => r.width < 44 || r.height < 44));
}

function scrolls(page) {
  return page.evaluate(() => {
    const root = document.scrollingElement;
    return root.scrollHeight > innerHeight + 1 || root.scrollWidth > innerWidth + 1;
  });
}

for (const viewport of VIEWPORTS) {
  const size = `${viewport.width}x${viewport.height}`;
  test(`${size}: every language in light and dark fits${viewport.touch ? ', with targets for a finger' : ''}`, { timeout: 120000 }, async () => {
    for (const locale of LOCALES) {
      // One page for both themes: it opens light, and the system then turns dark under it.
      const { context, page, errors } = await open(viewport, locale, THEMES[0]);
      for (const theme of THEMES) {
        if (theme !== THEMES[0]) {
          await page.emulateMedia({ colorScheme: theme });
          // The page hears the system's change at its next rendering (a timeout here is a failure).
          await page.waitForFunction((t) => document.documentElement.dataset.theme === t, theme, { timeout: 5000 });
        }
        const lang = locale.slice(0, 2);
        await page.evaluate((cards) => window.wasmBindings.game_new({ mode: 'ai', human: 'red', level: 0, cards }), CARDS);
        await page.waitForFunction(() => {
          const s = window.wasmBindings.game_state();
          return s.to_move === 'red' && !s.animating && !s.thinking;
        }, null, { timeout: 20000 });
        await page.evaluate(() => window.wasmBindings.game_settings({ coordinates: true }));
        assert.equal(await page.getAttribute('html', 'data-theme'), theme);
        assert.equal(await scrolls(page), false, `${size} ${lang} ${theme}: no scrolling`);
        for (const id of ['viewing', 'result', 'notice']) {
          assert.equal(await page.isVisible(`#${id}`), false, `${size} ${lang} ${theme}: #${id} is not shown`);
        }
        if (viewport.touch) {
          assert.deepEqual(await smallControls(page), [], `${size} ${lang} ${theme}: controls at least 44 px`);
          await page.click('#menu-button');
          assert.deepEqual(await smallControls(page), [], `${size} ${lang} ${theme}: menu controls at least 44 px`);
          assert.equal(await scrolls(page), false);
          if (theme === 'light' && lang === 'en') await screenshot(page, `looks-${size}-menu`);
          await page.keyboard.press('Escape');
        }
        // The cards' titles are drawn whole: each card lies inside the canvas.
        const canvas = await page.evaluate(() => {
          const r = document.getElementById('board').getBoundingClientRect();
          return { x: r.x, y: r.y, width: r.width, height: r.height };
        });
        for (const card of CARDS) {
          const r = await page.evaluate((c) => window.wasmBindings.card_rect(c), card);
          assert.ok(r.x >= canvas.x - 1 && r.y >= canvas.y - 1 && r.x + r.width <= canvas.x + canvas.width + 1
            && r.y + r.height <= canvas.y + canvas.height + 1, `${size} ${lang}: ${card} lies on the canvas`);
        }
        await screenshot(page, `looks-${size}-${theme}-${lang}`);
        assert.deepEqual(errors, []);
      }
      await context.close();
    }
  });
}

/** WCAG contrast ratio of two rgb() colours. */
function contrast(a, b) {
  const lum = (c) => {
    const [r, g, bl] = c.match(/\d+(\.\d+)?/g).slice(0, 3).map(Number).map((v) => {
      const s = v / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

test('the page\'s text has at least 4.5:1 contrast in both themes', async () => {
  for (const theme of THEMES) {
    const { context, page } = await open({ width: 1280, height: 800, touch: false }, 'en-US', theme);
    await page.evaluate(() => window.wasmBindings.game_new({ mode: 'two', cards: ['tiger', 'crab', 'monkey', 'crane', 'boar'] }));
    await page.evaluate(() => window.wasmBindings.game_play('crab:c1c2'));
    await page.click('#menu-button');
    const pairs = await page.evaluate(() => {
      const ground = (element) => {
        for (let e = element; e; e = e.parentElement) {
          const c = getComputedStyle(e).backgroundColor;
          if (c && !c.endsWith(', 0)') && c !== 'transparent') return c;
        }
        return getComputedStyle(document.body).backgroundColor;
      };
      return ['new-game', 'undo', 'hint', 'menu-button', 'mode-line', 'records', 'rules', 'moves', 'language', 'theme', 'finished-none', 'tutorial-title']
        .map((id) => document.getElementById(id))
        .map((e) => [e.id, getComputedStyle(e).color, ground(e)]);
    });
    for (const [what, fg, bg] of pairs) {
      assert.ok(contrast(fg, bg) >= 4.5, `${theme}: ${what}: ${fg} on ${bg} is ${contrast(fg, bg).toFixed(2)}:1`);
    }
    await context.close();
  }
});
