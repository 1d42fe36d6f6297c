/**
 * Issue #27, "never silent": how a results page was read, end to end in Chromium.
 *
 * 1. The offline demo (Google's markup) with every class name and id renamed, as an engine's CSS rebuild
 *    does: the engine's definition reads nothing, the structural reader reads the page, and it is grouped
 *    and collapsed exactly as the original (the data-resemble-* marks of both pages equal demo.json's
 *    groups). The popup says Google's page was read by its structure (and says nothing of the kind on the
 *    original); the options, open meanwhile, show each engine's last outcome, updated as pages are read.
 * 2. A Bing results page that yields no result: the popup says Resemble could not read it, and the
 *    options say Bing's last page was not read.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import type { Browser } from 'wxt/browser';
import { parseHTML } from 'linkedom';
import { extract } from '../../lib/engines/extract';
import { ENGINE_OUTCOMES_KEY } from '../../lib/engines/outcomes';
import { renameNames } from '../helpers/rename-names';
import { expect, test } from './fixtures';
import { DEMO_GROUPS, DEMO_N, REPO, demo, expectedMarks, readMarks } from './groups-kit';
import { applied, openPopup, tabStateOf } from './page-check-kit';

declare const chrome: typeof Browser;

const read = (html: string, url: string) => extract(parseHTML(html).document as unknown as Document, url);

/** The demo with its names renamed, at another address of Google's results (the same query). */
const RENAMED_URL = `${demo.searchUrl}&hl=en`;
const RENAMED = renameNames(demo.resultsHtml, 27);

const BING_URL = 'https://www.bing.com/search?q=qzxv+flurblewick';
const BING_EMPTY = readFileSync(path.join(REPO, 'test/fixtures/serp/bing-no-results.html'), 'utf8');

/** An engine's line in the options' engine list (its toggle's hint). */
const outcomeLine = (options: Page, engine: string) => options.locator(`#engine-${engine}-hint`);

/** What the background recorded in storage.local (read in the options page, an extension page). */
const outcomes = (options: Page) =>
  options.evaluate(
    async (key) => (await chrome.storage.local.get(key))[key] as Record<string, { outcome: string; at: number }> | undefined,
    ENGINE_OUTCOMES_KEY,
  );

test('a Google page with every class and id renamed is read by its structure: grouped and collapsed as the original; the popup and the options say how it was read', async ({
  context,
  sw,
  serveHtml,
  openExtensionPage,
  extensionOrigin,
  takeScreenshot,
}) => {
  const testStart = Date.now();
  // The cross-check in Node: the renamed page is read by structure, with the original's results.
  const original = read(demo.resultsHtml, demo.searchUrl);
  const renamed = read(RENAMED, RENAMED_URL);
  expect(RENAMED, 'names were renamed').not.toBe(demo.resultsHtml);
  expect(original?.reader).toBe('spec');
  expect(renamed?.reader, 'the definition reads nothing of the renamed page').toBe('structure');
  const pin = (x: typeof original) => x?.results.map(({ url, title, snippet }) => ({ url, title, snippet }));
  expect(pin(renamed), 'the same results').toEqual(pin(original));

  // The options, open before any results page is read: nothing seen yet.
  const options = await openExtensionPage('options.html');
  await expect(outcomeLine(options, 'google')).toHaveText('not seen yet');
  await expect(outcomeLine(options, 'bing')).toHaveText('not seen yet');

  await serveHtml(demo.searchUrl, demo.resultsHtml);
  await serveHtml(RENAMED_URL, RENAMED);
  const expected = expectedMarks(DEMO_N, DEMO_GROUPS, true);

  const first = await context.newPage();
  await first.goto(demo.searchUrl);
  await applied(first);
  await expect.poll(() => first.evaluate(readMarks), { message: 'the original’s marks' }).toEqual(expected);
  await expect.poll(async () => (await tabStateOf(sw, demo.searchUrl))?.status, { message: 'the original’s tab state' }).toBe('done');
  expect((await tabStateOf(sw, demo.searchUrl))?.reader).toBe('spec');
  // Live: the options follow storage.
  await expect(outcomeLine(options, 'google')).toHaveText(/^read by its definition · /);

  const second = await context.newPage();
  await second.goto(RENAMED_URL);
  await applied(second);
  await expect.poll(() => second.evaluate(readMarks), { message: 'the renamed page’s marks' }).toEqual(expected);
  expect(await second.evaluate(readMarks), 'the same marks as the original').toEqual(await first.evaluate(readMarks));
  await expect.poll(async () => (await tabStateOf(sw, RENAMED_URL))?.status, { message: 'the renamed page’s tab state' }).toBe('done');
  expect(await tabStateOf(sw, RENAMED_URL)).toMatchObject({ engine: 'google', results: DEMO_N, reader: 'structure' });

  // The popup on the renamed page says how it was read, beside its groups.
  const popup = await openPopup(context, extensionOrigin, second);
  await expect(popup.getByTestId('read-by-structure')).toHaveText('Google’s page has changed; Resemble read it by its structure.');
  await expect(popup.locator('.group').first()).toBeVisible();
  await takeScreenshot(popup, 'popup-read-by-structure');
  await popup.close();
  // On the original, it says nothing of the kind (its groups shown first: the barrier).
  const plain = await openPopup(context, extensionOrigin, first);
  await expect(plain.locator('.group').first()).toBeVisible();
  await expect(plain.getByTestId('read-by-structure')).toHaveCount(0);
  await plain.close();

  // The options: Google's last page was read by structure; Bing's not seen yet.
  await expect(outcomeLine(options, 'google')).toHaveText(/^read by structure · /);
  await expect(outcomeLine(options, 'bing')).toHaveText('not seen yet');
  const got = await outcomes(options);
  expect(Object.keys(got ?? {}), 'one entry, for the one engine seen').toEqual(['google']);
  expect(got?.google.outcome).toBe('structure');
  expect(got?.google.at ?? 0, 'recorded during this test').toBeGreaterThanOrEqual(testStart);
  expect(got?.google.at ?? Infinity, 'recorded during this test').toBeLessThanOrEqual(Date.now());
  // After a reload too (read from storage, not only from its change).
  await options.reload();
  await expect(outcomeLine(options, 'google')).toHaveText(/^read by structure · /);
  await takeScreenshot(options, 'options-engine-outcomes');
});

test('a Bing results page that yields no result: the popup says Resemble could not read it, the options that it was not read', async ({
  context,
  sw,
  serveHtml,
  openExtensionPage,
  extensionOrigin,
}) => {
  expect(read(BING_EMPTY, BING_URL), 'Bing’s page, with no result, in Node').toMatchObject({ engine: 'bing', results: [] });
  const options = await openExtensionPage('options.html');
  await expect(outcomeLine(options, 'bing')).toHaveText('not seen yet');

  await serveHtml(BING_URL, BING_EMPTY);
  const tab = await context.newPage();
  await tab.goto(BING_URL);
  // The content script reports a page with no results once, after its wait for results to appear.
  await expect.poll(async () => (await tabStateOf(sw, BING_URL))?.status, { message: 'the tab state', timeout: 15_000 }).toBe('unreadable');

  const popup = await openPopup(context, extensionOrigin, tab);
  await expect(popup.locator('main')).toContainText('Resemble could not read this Bing page.');
  await expect(popup.locator('main')).toContainText(BING_URL);
  await expect(popup.getByTestId('read-by-structure')).toHaveCount(0);

  await expect(outcomeLine(options, 'bing')).toHaveText(/^not read · /);
  await expect(outcomeLine(options, 'google')).toHaveText('not seen yet');
  expect((await outcomes(options))?.bing?.outcome).toBe('none');
});
