// The playground page in a real browser: Debian's Chromium driven by playwright-core, the built
// page served from playground/dist/ on loopback. It types filters, reads the problems and applies
// a quick fix, reads the SQL and the matching rows, picks another resource, pastes a schema and a
// service's `$metadata` (test/csdl/fixtures/); any
// console error, page error or failed request fails it. The expected rows are counted by hand from
// playground/src/samples.ts and the generated-rows table of playground/src/generated-rows.ts.

import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium } from 'playwright-core';
import type { Browser, Page } from 'playwright-core';
import { buildPlayground } from '../../playground/build.js';
import { serveDirectory } from '../../playground/serve.js';
import type { ServedDirectory } from '../../playground/serve.js';
import { chromiumPath, engineAvailable } from '../engines/availability.js';

/** Whether this run has a browser (test/engines/availability.ts); without one the page's tests skip. */
const BROWSER = engineAvailable('chromium');
// Chromium's first start on a loaded two-core machine can take well over ten seconds.
const BROWSER_TIMEOUT = 180_000;

let served: ServedDirectory;
let browser: Browser;
let page: Page;
const problems: string[] = [];

beforeAll(async () => {
  if (!BROWSER) return;
  served = await serveDirectory(await buildPlayground());
  browser = await chromium.launch({ executablePath: chromiumPath(), timeout: BROWSER_TIMEOUT });
  page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  page.setDefaultTimeout(30_000);
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('requestfailed', (request) => problems.push(`request failed: ${request.url()}`));
  page.on('response', (response) => {
    if (response.status() >= 400) problems.push(`HTTP ${response.status()}: ${response.url()}`);
  });
  await page.goto(served.url);
}, BROWSER_TIMEOUT);

afterAll(async () => {
  await browser?.close();
  await served?.close();
});

/** Waits for a value the page computes after a pause (the linter's, the panels' debounce). */
const eventually = <T>(read: () => Promise<T> | T) => expect.poll(read, { timeout: 30_000, interval: 50 });

/** Replaces the editor's text by typing, as a user would, and waits for the panels to show it. */
async function typeFilter(text: string): Promise<void> {
  await page.locator('.cm-content').click();
  await page.keyboard.press('Control+A');
  await page.keyboard.press('Backspace');
  await page.keyboard.type(text);
  await panelsShow(text);
}

async function panelsShow(text: string): Promise<void> {
  await eventually(() => page.locator('#outputs').getAttribute('data-filter')).toBe(text);
}

const panel = (name: string) => page.locator(`[data-panel="${name}"] .panel-body`);
const editorText = () => page.locator('.cm-content').innerText();

describe.runIf(BROWSER)('the playground page', () => {
  it('starts with a resource, its example filter and every panel filled', async () => {
    await eventually(() => page.locator('#outputs').getAttribute('data-schema')).toBe('Event');
    expect(await editorText()).not.toBe('');
    for (const name of ['canonical', 'query', 'typed', 'postgres', 'sqlite', 'mysql', 'mongo']) {
      expect(await panel(name).innerText(), name).not.toBe('');
      expect(await panel(name).getAttribute('class'), name).not.toContain('failed');
    }
  });

  it('marks a misspelt property, says what it means and fixes it with the quick fix', async () => {
    await page.locator('#resource').selectOption('VenueRoom');
    await typeFilter('Capacty gt 100');
    const squiggle = page.locator('.cm-lintRange-error');
    // The linter runs while the text is typed: a mark of a prefix (`Capac`) stands until it runs again.
    await eventually(() => squiggle.allInnerTexts()).toEqual(['Capacty']);
    const listed = page.locator('#problems li');
    await eventually(() => listed.count()).toBe(1);
    expect(await listed.innerText()).toContain('unknown_property');
    expect(await listed.innerText()).toContain("Did you mean 'Capacity'?");
    // Until the filter checks, no target is shown.
    expect(await panel('postgres').getAttribute('class')).toContain('failed');

    await squiggle.hover();
    const tooltip = page.locator('.cm-tooltip-lint');
    await tooltip.waitFor();
    expect(await tooltip.innerText()).toContain("Did you mean 'Capacity'?");
    await tooltip.locator('.cm-diagnosticAction', { hasText: "Change to 'Capacity'" }).click();

    expect(await editorText()).toBe('Capacity gt 100');
    await panelsShow('Capacity gt 100');
    await eventually(() => squiggle.count()).toBe(0);
    await eventually(() => listed.count()).toBe(0);
  });

  it('shows the SQL of each dialect with its parameters, and the rows that match', async () => {
    const postgres = await panel('postgres').innerText();
    expect(postgres).toContain('"Capacity" >');
    expect(postgres).toMatch(/parameters:\s+1: 100\b/);
    expect(await panel('mysql').innerText()).toContain('`Capacity`');
    expect(await panel('sqlite').innerText()).toContain('"Capacity"');
    expect(await panel('mongo').innerText()).toContain('"$gt": 100');
    expect(await panel('query').innerText()).toContain('$filter=Capacity%20gt%20100');
    // Main Hall 500, Salle Étoile 120, Auditorium A 250.
    expect(await page.locator('#rows-summary').innerText()).toBe('3 of 8 rows of VenueRoom match.');
    expect(await page.locator('#rows tbody tr').count()).toBe(3);

    await typeFilter('Capacity gt 100 and Capacity lt 200');
    expect(await page.locator('#rows-summary').innerText()).toBe('1 of 8 rows of VenueRoom match.');
    expect(await page.locator('#rows tbody').innerText()).toContain('Salle Étoile');
    expect(await panel('postgres').innerText()).toMatch(/1: 100\s+2: 200/);
  });

  it('reads apostrophes and names beyond ASCII in the sample rows', async () => {
    await typeFilter("Name eq 'Founders'' Room' or tolower(Name) eq 'salle étoile'");
    expect(await page.locator('#rows-summary').innerText()).toBe('2 of 8 rows of VenueRoom match.');
    expect(await panel('canonical').innerText()).toBe("Name eq 'Founders'' Room' or tolower(Name) eq 'salle étoile'");
  });

  it('completes a property and an operator as they are typed, and shows a type on hover', async () => {
    await page.locator('.cm-content').click();
    await page.keyboard.press('Control+A');
    await page.keyboard.press('Backspace');
    await page.keyboard.type('Capa');
    const options = page.locator('.cm-tooltip-autocomplete li');
    await eventually(() => options.first().innerText()).toContain('Capacity');
    await options.first().click();
    expect(await editorText()).toBe('Capacity');
    await page.keyboard.type(' g');
    // After a number: the comparisons that start with g, gt first.
    await eventually(() => options.allInnerTexts()).toEqual([
      expect.stringContaining('gt'),
      expect.stringContaining('ge'),
    ]);
    await options.first().click();
    expect(await editorText()).toBe('Capacity gt ');
    await page.keyboard.type('100 and Capacity lt 2');
    await panelsShow('Capacity gt 100 and Capacity lt 2');
    expect(await page.locator('#rows-summary').innerText()).toBe('0 of 8 rows of VenueRoom match.');

    const box = (await page.locator('.cm-line').first().boundingBox())!;
    await page.mouse.move(box.x + 12, box.y + box.height / 2);
    await eventually(() => page.locator('.cm-tooltip-hover').innerText()).toContain('Capacity: Edm.Int32');
  });

  it('reports a syntax error beside the type issues of the text before it', async () => {
    await page.locator('.cm-content').click();
    await page.keyboard.press('Control+A');
    await page.keyboard.press('Backspace');
    await page.keyboard.type('Capacty gt 100 and and');
    const listed = page.locator('#problems li');
    await eventually(() => listed.count()).toBe(2);
    expect(await listed.allInnerTexts()).toEqual([
      expect.stringContaining('unknown_property'),
      expect.stringContaining('unexpected_token'),
    ]);
  });

  it('picks another resource: its example filter and its own rows', async () => {
    await page.locator('#resource').selectOption('Contact');
    await eventually(() => page.locator('#outputs').getAttribute('data-schema')).toBe('Contact');
    await typeFilter('Email eq null');
    expect(await page.locator('#rows-summary').innerText()).toBe('1 of 8 rows of Contact match.');
    expect(await page.locator('#rows tbody td').first().innerText()).toBe('4');
  });

  it('takes a pasted schema, generates its rows, and reports a definition it cannot use', async () => {
    await page.locator('#paste-schema summary').click();
    const definition = page.locator('#schema-definition');
    const status = page.locator('#schema-status');

    await definition.fill('{ "name": "Book", ');
    await page.locator('#use-schema').click();
    expect(await status.innerText()).toMatch(/^Not JSON/);
    await definition.fill('{ "name": "Book", "properties": { "Title": "Edm.Text" } }');
    await page.locator('#use-schema').click();
    expect(await status.innerText()).toContain('Edm.Text');
    expect(await page.locator('#outputs').getAttribute('data-schema')).toBe('Contact');

    await definition.fill('{ "name": "Book", "properties": { "Title": "Edm.String", "Pages": "Edm.Int32" } }');
    await page.locator('#use-schema').click();
    await eventually(() => page.locator('#outputs').getAttribute('data-schema')).toBe('Book');
    expect(await page.locator('#resource').inputValue()).toBe('(pasted)');
    // Pages, the second property, runs through the Int32 column from its third value: 1, 5, null,
    // 50, 120, 2147483647, null, 0.
    await typeFilter('Pages gt 100');
    expect(await page.locator('#rows-summary').innerText()).toBe('2 of 8 rows of Book match.');
    await typeFilter('Titel eq null');
    await eventually(() => page.locator('#problems li').innerText()).toContain("Did you mean 'Title'?");
  });

  it('reads a pasted $metadata: its entity sets, its version, its rules', async () => {
    await page.locator('#paste-metadata summary').click();
    const text = page.locator('#metadata-text');
    const status = page.locator('#metadata-status');
    await text.fill('<edmx:Edmx');
    await page.locator('#read-metadata').click();
    expect(await status.getAttribute('class')).toContain('error');
    expect(await page.locator('#outputs').getAttribute('data-schema')).toBe('Book');

    // TripPin (OData 4.0): People's filters complete and are diagnosed against its model.
    await text.fill(readFileSync(new URL('../csdl/fixtures/trippin.xml', import.meta.url), 'utf8'));
    await page.locator('#read-metadata').click();
    expect(await status.innerText()).toMatch(/^OData 4\.0: 4 entity sets/);
    await page.locator('#entity-set').selectOption('People');
    await eventually(() => page.locator('#outputs').getAttribute('data-schema')).toBe('Person');
    expect(await page.locator('#resource').inputValue()).toBe('(metadata)');
    await typeFilter("FirstNme eq 'Scott'");
    await eventually(() => page.locator('#problems li').innerText()).toContain("Did you mean 'FirstName'?");
    await page.locator('.cm-content').click();
    await page.keyboard.press('Control+A');
    await page.keyboard.press('Backspace');
    await page.keyboard.type('Emails/');
    const options = page.locator('.cm-tooltip-autocomplete li');
    await eventually(() => options.allInnerTexts()).toEqual([
      expect.stringContaining('any'),
      expect.stringContaining('all'),
      expect.stringContaining('$count'),
    ]);

    // SAP's sample (OData 2.0): its own functions, and a property its annotations keep from filters.
    await text.fill(readFileSync(new URL('../csdl/fixtures/gwsample-basic-v2.xml', import.meta.url), 'utf8'));
    await page.locator('#read-metadata').click();
    expect(await status.innerText()).toMatch(/^OData 2\.0: 16 entity sets/);
    await page.locator('#entity-set').selectOption('ProductSet');
    await eventually(() => page.locator('#outputs').getAttribute('data-schema')).toBe('Product');
    await typeFilter("substringof('Note', Category)");
    expect(await page.locator('#problems li').count()).toBe(0);
    expect(await panel('canonical').innerText()).toBe("substringof('Note', Category)");
    await typeFilter("Name eq 'Notebook'");
    await eventually(() => page.locator('#problems li').innerText()).toContain('not_filterable');
  });

  it('logged no console error, page error or failed request', () => {
    expect(problems).toEqual([]);
  });
});
