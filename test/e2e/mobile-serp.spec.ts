/**
 * Results pages in the markup engines serve to phones (issue #30), in Chromium playing a phone: a
 * 360×740 viewport with touch (fixtures.ts `phone`) and a phone's user agent (set per page through the
 * DevTools protocol, as the engines tell phones by it). The pages are the project's hand-written
 * fixtures in the engines' phone markup (test/fixtures/serp/bing-mobile.html, google-mobile.html),
 * served at the engines' own results URLs, their results rewritten to say the offline demo's texts:
 * demo results 1, 3 and 6 are one paragraph on three sites (a group), 2 and 7 are unrelated.
 *
 * - Bing's phone page (read by Bing's definition: the title link around the h2): the three copies are
 *   grouped under the first, the copies hidden, the toggle counts them, and a tap reveals them.
 * - Google's phone page (title a div[role=heading], read by the structure): the same group, and in flag
 *   mode the copies carry their labels.
 *
 * Expected groups come from demo.json's labels, cross-checked with lib in Node, never read off the page.
 */
import path from 'node:path';
import type { BrowserContext, Page } from '@playwright/test';
import { parseHTML } from 'linkedom';
import { extract } from '../../lib/engines/extract';
import { groupResults } from '../../lib/group/results';
import { copiesLabel } from '../../words/groups';
import { useLocale } from '../unit/helpers/i18n';
import { expect, test } from './fixtures';
import { REPO, demoResults, expectedMarks, libGroups, readInNode, readMarks } from './groups-kit';
import { applied, setSettings } from './page-check-kit';
import { pageUi } from './page-ui-kit';
import { type BuiltResult, buildSerp, readText } from './serp-builder';

useLocale('en');
test.use({ phone: true });

/** Chrome on an Android phone. */
const PHONE_UA = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';
const SERP = (file: string) => path.join(REPO, 'test/fixtures/serp', file);

/** Demo ranks shown as results 1–5: a group of three (1, 3, 6), then two unrelated results. */
const DEMO_RANKS = [1, 3, 6, 2, 7];
const GROUPS = [[1, 2, 3]];
const results: BuiltResult[] = DEMO_RANKS.map((r) => {
  const d = demoResults[r - 1];
  return { url: d.url, title: d.title, snippet: d.snippet, displayUrl: d.displayUrl };
});

/** A new tab that says it is a phone (user agent and platform) before it loads anything. */
async function phoneTab(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setUserAgentOverride', { userAgent: PHONE_UA, platform: 'Linux armv8l' });
  return page;
}

/**
 * Google's phone page with its organic results saying `rs`: the structure reads it (no definition
 * does), so the blocks come from extract() and the texts are set on the title heading and the snippet.
 */
function googleMobile(url: string, rs: readonly BuiltResult[]): string {
  const { document } = parseHTML(readText(SERP('google-mobile.html')));
  const blocks: Element[][] = [];
  const x = extract(document as unknown as Document, url, { blocks });
  if (x?.reader !== 'structure' || x.results.length !== rs.length) throw new Error(`google-mobile.html reads as ${x?.reader} ${x?.results.length}`);
  blocks.forEach(([root], i) => {
    for (const a of root.querySelectorAll('a[href]')) a.setAttribute('href', rs[i].url);
    root.querySelector('[role="heading"]')!.textContent = rs[i].title;
    root.querySelector('.VwiC3b')!.textContent = rs[i].snippet;
    root.querySelector('[role="text"]')!.textContent = rs[i].displayUrl ?? rs[i].url;
  });
  return String(document);
}

/** In Node: the page reads back as `rs` (by `reader`), and lib groups them as demo.json says. */
function expectReadsBack(html: string, url: string, reader: string): void {
  const doc = parseHTML(html).document as unknown as Document;
  expect(extract(doc, url)?.reader, 'read by').toBe(reader);
  const read = readInNode(html, url);
  expect(read.map((r) => ({ url: r.url, title: r.title, snippet: r.snippet }))).toEqual(
    results.map((r) => ({ url: r.url, title: r.title, snippet: r.snippet })),
  );
  expect(libGroups(groupResults(read, { threshold: 0.5 }).groups), 'lib, in Node').toEqual(GROUPS);
}

test('Bing’s phone markup at 360 px with touch and a phone’s user agent: the copies are grouped, hidden, counted, and a tap reveals them', async ({
  context,
  serveHtml,
  evalInContentScript,
}) => {
  const url = 'https://www.bing.com/search?q=walden+quiet+desperation';
  const built = buildSerp(readText(SERP('bing-mobile.html')), url, results);
  expect(`${built.engine}/${built.variant}`, 'Bing’s definition reads the template').toBe('bing/web');
  expectReadsBack(built.html, url, 'spec');

  await serveHtml(url, built.html);
  const page = await phoneTab(context);
  await page.goto(url);
  expect(await page.evaluate(() => navigator.userAgent)).toContain('Mobile');
  await applied(page);
  await expect.poll(() => page.evaluate(readMarks), { message: 'the page’s marks' }).toEqual(expectedMarks(results.length, GROUPS, true));
  for (const r of [2, 3]) await expect(page.locator(`[data-resemble-rank="${r}"]`)).toBeHidden();

  const ui = pageUi(page, evalInContentScript);
  const toggle = ui('[data-resemble-rank="1"] resemble-ui', 'button');
  await expect.poll(() => toggle.text()).toBe(copiesLabel(2));
  const b = await toggle.box();
  await page.touchscreen.tap(b.x + b.width / 2, b.y + b.height / 2);
  await expect.poll(() => toggle.attr('aria-expanded'), 'a tap reveals the copies').toBe('true');
  for (const r of [2, 3]) await expect(page.locator(`[data-resemble-rank="${r}"]`)).toBeVisible();
});

test('Google’s phone markup (read by the structure) at 360 px: the copies are grouped, and in flag mode labelled', async ({
  context,
  serveHtml,
  openExtensionPage,
  evalInContentScript,
}) => {
  const url = 'https://www.google.com/search?q=walden+quiet+desperation';
  const html = googleMobile(url, results);
  expectReadsBack(html, url, 'structure');

  const options = await openExtensionPage('options.html');
  await setSettings(options, { displayMode: 'flag' });
  await serveHtml(url, html);
  const page = await phoneTab(context);
  await page.goto(url);
  await applied(page);
  await expect.poll(() => page.evaluate(readMarks), { message: 'the page’s marks' }).toEqual(expectedMarks(results.length, GROUPS, false));
  const ui = pageUi(page, evalInContentScript);
  await expect.poll(() => ui('resemble-ui', '.label').count(), 'one label on each copy').toBe(2);
  for (const r of [2, 3]) await expect.poll(() => ui(`[data-resemble-rank="${r}"] resemble-ui`, '.label').visible()).toBe(true);
});
