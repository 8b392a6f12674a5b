// Writes docs/playground.png: the built page in Debian's Chromium with a filter typed in and the
// completion list open inside it, for docs/playground.md. Run by `npm run playground:screenshot`, which builds the package and the page first.

import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { OUT_DIR } from './build.js';
import { serveDirectory } from './serve.js';

const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium';
const output = fileURLToPath(new URL('../docs/playground.png', import.meta.url));
const RESOURCE = 'PublicEventTemplateCategoryItem';
const FILTER = "Tags/any(t: t eq 'data') and (startswith(Title, 'Conf') or Code eq 'conf')";

const served = await serveDirectory(OUT_DIR);
const browser = await chromium.launch({ executablePath: CHROMIUM });
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 }, deviceScaleFactor: 1 });
  const errors = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
  await page.goto(served.url);
  await page.locator('#resource').selectOption(RESOURCE);
  const editor = page.locator('.cm-content');
  await editor.click();
  await page.keyboard.press('Control+A');
  await page.keyboard.type(FILTER);
  await page.waitForFunction((text) => document.getElementById('outputs')?.dataset.filter === text, FILTER);
  await page.keyboard.press('Escape');
  // The completion list where an operand of the `or` starts, as Ctrl+Space opens it.
  await page.keyboard.press('Home');
  for (let i = 0; i < FILTER.indexOf('startswith'); i++) await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Control+Space');
  await page.locator('.cm-tooltip-autocomplete').waitFor();
  await page.screenshot({ path: output, fullPage: true });
  if (errors.length > 0) throw new Error(`the page logged errors:\n${errors.join('\n')}`);
  console.log(`wrote ${output}`);
} finally {
  await browser.close();
  await served.close();
}
