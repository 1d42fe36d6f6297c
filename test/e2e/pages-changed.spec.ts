/**
 * Issue #40, end to end: a result's page checked, edited, and checked again on the next visit
 * (`recheckHours` 0: every visit) carries `data-resemble-changed` with its resemblance to the version
 * seen before and a quiet label; an unchanged page carries nothing; a mirror still holding the first
 * version, in the changed page's group, is labelled a stale copy (`data-resemble-stale`); the popup
 * lists the changed result. Pages are prose written in test/unit/helpers/prose.ts: no ../shared needed.
 */
import { changedLabel, staleLabel } from '../../words/groups';
import { useLocale } from '../unit/helpers/i18n';
import { proseText } from '../unit/helpers/prose';
import { GRANTED_EXTENSION_DIR, expect, test } from './fixtures';
import { PageServer, applied, checkingDone, enablePageChecking, openPopup, ranksOf } from './page-check-kit';
import { demo } from './page-demo-serp';
import { pageUi } from './page-ui-kit';
import { buildSerp } from './serp-builder';

useLocale('en');
test.use({ extensionDir: GRANTED_EXTENSION_DIR });

const ARTICLE = { url: 'https://harbour.example/lanterns', title: 'Lanterns of the harbour', snippet: 'How the harbour lit its lanterns each night' };
const MIRROR = { url: 'https://mirror.example/lanterns', title: 'Lanterns (mirror)', snippet: 'A copy of an article about the lanterns kept by a mirror site' };
const STEADY = { url: 'https://orchard.example/pie', title: 'Orchard pie', snippet: 'Bake the apples from the orchard with butter and sugar' };
const OTHER = { url: 'https://bridge.example/news', title: 'Bridge news', snippet: 'The village council met on Tuesday to talk about the bridge' };
const RESULTS = [ARTICLE, MIRROR, STEADY, OTHER];

const doc = (title: string, text: string) => `<!doctype html><html><head><title>${title}</title></head><body><main><p>${text}</p></main></body></html>`;
// The article's first version, and a second whose last quarter is rewritten: still alike (≈ 0.6), not the same.
const FIRST = proseText(61, 900);
const words = FIRST.split(' ');
const SECOND = [...words.slice(0, Math.round(words.length * 0.75)), proseText(62, Math.round(words.length * 0.25))].join(' ');

test('a page edited since its last check is marked with its resemblance; an unchanged one is not; the mirror with the old version is a stale copy', async ({
  context,
  sw,
  serveHtml,
  openExtensionPage,
  evalInContentScript,
  extensionOrigin,
}) => {
  let version = FIRST;
  const server = new PageServer()
    .on(ARTICLE.url, () => ({ contentType: 'text/html; charset=utf-8', body: doc(ARTICLE.title, version) }))
    .html(MIRROR.url, doc(MIRROR.title, FIRST))
    .html(STEADY.url, doc(STEADY.title, proseText(63, 700)))
    .html(OTHER.url, doc(OTHER.title, proseText(64, 700)));
  await server.install(context);
  await enablePageChecking(openExtensionPage, { recheckHours: 0 });
  const serpUrl = 'https://www.google.com/search?q=harbour+lanterns';
  await serveHtml(serpUrl, buildSerp(demo.resultsHtml, serpUrl, RESULTS).html);

  // The first visit: every page checked once, nothing to compare with.
  const tab = await context.newPage();
  await tab.goto(serpUrl);
  await applied(tab);
  const first = await checkingDone(sw, serpUrl, RESULTS.length);
  expect(ranksOf(first.groups ?? []), 'the article and its mirror').toEqual([[1, 2]]);
  expect(first.changed, 'nothing changed at the first check').toBeUndefined();
  await expect(tab.locator('[data-resemble-changed], [data-resemble-stale]')).toHaveCount(0);

  // The article is edited; the next visit checks every page again (recheckHours 0).
  version = SECOND;
  await tab.goto('about:blank');
  await tab.goto(serpUrl);
  await applied(tab);
  await expect.poll(() => server.count(ARTICLE.url), 'the article fetched again').toBe(2);
  await expect(tab.locator('[data-resemble-rank="1"]')).toHaveAttribute('data-resemble-changed', /^0\.\d\d$/, { timeout: 25_000 });
  const second = await checkingDone(sw, serpUrl, RESULTS.length);
  const changed = second.changed ?? [];
  expect(
    changed.map((c) => c.rank),
    'changed results',
  ).toEqual([1]);
  const r = changed[0].resemblance;
  expect(r, 'a quarter rewritten: alike, not the same').toBeGreaterThan(0.3);
  expect(r).toBeLessThan(0.9);
  await expect(tab.locator('[data-resemble-rank="1"]')).toHaveAttribute('data-resemble-changed', r.toFixed(2));
  // The unchanged pages (fetched again too) carry nothing.
  for (const rank of [2, 3, 4]) await expect(tab.locator(`[data-resemble-rank="${rank}"]`)).not.toHaveAttribute('data-resemble-changed');

  // The mirror still holds the first version: a stale copy, in the article's group.
  expect(ranksOf(second.groups ?? []), 'still grouped').toEqual([[1, 2]]);
  expect(second.stale, 'the stale copy').toEqual([{ rank: 2, of: 1, since: changed[0].since }]);
  await expect(tab.locator('[data-resemble-rank="2"]')).toHaveAttribute('data-resemble-stale', 'true');
  await expect(tab.locator('[data-resemble-stale]')).toHaveCount(1);
  const ui = pageUi(tab, evalInContentScript);
  await expect.poll(() => ui('[data-resemble-rank="1"] resemble-ui', '.label.changed').text()).toBe(changedLabel(changed[0]));
  await expect.poll(() => ui('[data-resemble-rank="2"] resemble-ui', '.label.stale').text()).toBe(staleLabel({ since: changed[0].since }));

  // The popup lists the changed result.
  const popup = await openPopup(context, extensionOrigin, tab);
  const list = popup.getByTestId('changed-results');
  await expect(list).toContainText('1 result changed since you last saw it');
  await expect(list.locator('[data-rank="1"]')).toContainText(changedLabel(changed[0]));
});
