/**
 * Issue #40 in Firefox: a result's page checked, edited and checked again on the next visit
 * (`recheckHours` 0) is marked `data-resemble-changed` with its resemblance to the version seen before;
 * an unchanged one is not; the mirror still holding the first version is `data-resemble-stale`.
 * (Chromium's test/e2e/pages-changed.spec.ts also reads the labels and the popup.)
 */
import { proseText } from '../unit/helpers/prose';
import { demo } from '../e2e/page-demo-serp';
import { ranksOf } from '../e2e/page-check-kit';
import { buildSerp } from '../e2e/serp-builder';
import { FIREFOX_TEST_EXTENSION_DIR } from './build';
import { type Page, expect, test } from './fixtures';
import { applied, checkingDone, setSettings } from './kit';

test.use({ extensionDir: FIREFOX_TEST_EXTENSION_DIR });

const ARTICLE = { url: 'https://harbour.example/lanterns', title: 'Lanterns of the harbour', snippet: 'How the harbour lit its lanterns each night' };
const MIRROR = { url: 'https://mirror.example/lanterns', title: 'Lanterns (mirror)', snippet: 'A copy of an article about the lanterns kept by a mirror site' };
const STEADY = { url: 'https://orchard.example/pie', title: 'Orchard pie', snippet: 'Bake the apples from the orchard with butter and sugar' };
const RESULTS = [ARTICLE, MIRROR, STEADY];
const doc = (title: string, text: string) => `<!doctype html><html><head><title>${title}</title></head><body><main><p>${text}</p></main></body></html>`;
const FIRST = proseText(61, 900);
const words = FIRST.split(' ');
const SECOND = [...words.slice(0, Math.round(words.length * 0.75)), proseText(62, Math.round(words.length * 0.25))].join(' ');

const attrs = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('[data-resemble-rank]')].map((el) => ({
      rank: Number(el.getAttribute('data-resemble-rank')),
      changed: el.getAttribute('data-resemble-changed') ?? undefined,
      stale: el.getAttribute('data-resemble-stale') ?? undefined,
    })),
  );

test('a page edited since its last check is marked changed, the unchanged one not, and the mirror a stale copy', async ({ server, openPage, ext }) => {
  let version = FIRST;
  const serpUrl = 'https://www.google.com/search?q=harbour+lanterns';
  server.html(serpUrl, buildSerp(demo.resultsHtml, serpUrl, RESULTS).html);
  server.on(ARTICLE.url, () => ({ contentType: 'text/html; charset=utf-8', body: doc(ARTICLE.title, version) }));
  server.html(MIRROR.url, doc(MIRROR.title, FIRST)).html(STEADY.url, doc(STEADY.title, proseText(63, 700)));
  await setSettings(ext, { pageChecking: true, pageCheckingAsked: true, recheckHours: 0 });

  const page = await openPage(serpUrl);
  await applied(page);
  const first = await checkingDone(ext, serpUrl, RESULTS.length);
  expect(ranksOf(first.groups ?? [])).toEqual([[1, 2]]);
  expect((await attrs(page)).filter((a) => a.changed || a.stale)).toEqual([]);

  version = SECOND;
  await page.goto('about:blank');
  await page.goto(serpUrl);
  await applied(page);
  await expect.poll(() => server.count(ARTICLE.url), { message: 'the article fetched again' }).toBe(2);
  await expect.poll(async () => (await attrs(page)).find((a) => a.rank === 1)?.changed, { timeout: 20_000, message: 'the changed mark' }).toMatch(/^0\.\d\d$/);
  const state = await checkingDone(ext, serpUrl, RESULTS.length);
  const r = state.changed?.[0]?.resemblance ?? -1;
  expect(r).toBeGreaterThan(0.3);
  expect(r).toBeLessThan(0.9);
  await expect
    .poll(() => attrs(page))
    .toEqual([
      { rank: 1, changed: r.toFixed(2), stale: undefined },
      { rank: 2, changed: undefined, stale: 'true' },
      { rank: 3, changed: undefined, stale: undefined },
    ]);
});
