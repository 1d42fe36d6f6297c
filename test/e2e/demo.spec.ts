/**
 * The offline demo behind `npm start` (demo/, scripts/start-demo.mjs): its manifest agrees with its
 * results page, its near-duplicate groups are the ones lib finds, and it is served with no network.
 */
import { parseHTML } from 'linkedom';
import { SNIPPET_OPTIONS, clusterGreedy, resemblance, sketch } from '../../lib/index';
import { installDemoRoutes, loadDemo } from '../../scripts/start-demo.mjs';
import { expect, test } from './fixtures';

/** The organic results of the demo page, read with the structure of a Google results page. */
function demoResults(html: string) {
  const { document } = parseHTML(html);
  return [...document.querySelectorAll('#search #rso div.MjjYud > div.g')].map((g) => ({
    url: g.querySelector('a[href]')?.getAttribute('href') ?? '',
    title: g.querySelector('a[href] h3')?.textContent ?? '',
    cite: g.querySelector('cite')?.textContent ?? '',
    snippet: g.querySelector('div.VwiC3b')?.textContent ?? '',
  }));
}

test('demo.json matches the results page, and lib finds exactly its groups in the snippets', () => {
  const demo = loadDemo();
  const results = demoResults(demo.resultsHtml);
  expect(results.map((r) => r.url)).toEqual(demo.results.map((r) => r.url));
  for (const r of results) {
    expect(r.title.length, r.url).toBeGreaterThan(5);
    expect(r.cite, r.url).toMatch(/^https:\/\//);
    expect(r.snippet.split(/\s+/).length, r.url).toBeGreaterThanOrEqual(25);
  }
  for (const r of demo.results) expect(r.html, r.page).toMatch(/<title>[^<]+<\/title>/);

  // Title + snippet at the snippet level, greedy with the best-ranked result as representative.
  const sketches = results.map((r) => sketch(`${r.title}\n${r.snippet}`, { ...SNIPPET_OPTIONS, format: 'text' }));
  const groups = clusterGreedy(sketches.length, (i, j) => resemblance(sketches[i], sketches[j]), 0.5);
  const found = groups
    .filter((g) => g.members.length > 0)
    .map((g) => [g.representative, ...g.members.map((m) => m.index)].map((i) => i + 1).sort((a, b) => a - b));
  expect(found).toEqual(demo.groups.map((g) => g.ranks));
  const singles = groups.filter((g) => g.members.length === 0).map((g) => g.representative + 1);
  expect(singles).toEqual(demo.unrelated);
});

test('the demo is served offline: the results page with the content script, every result page, nothing else', async ({ context, takeScreenshot }) => {
  const demo = await installDemoRoutes(context, { abortOthers: false }); // the fixture already cuts the network off
  const page = await context.newPage();
  await page.goto(demo.searchUrl);
  await expect(page.locator('#rso div.MjjYud > div.g')).toHaveCount(demo.results.length);
  await expect(page.locator(':root')).toHaveAttribute('data-resemble-ready', 'true');
  await takeScreenshot(page, 'demo-results');

  const hrefs = await page.locator('#rso div.g a[href]:has(h3)').evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).href));
  expect(hrefs).toEqual(demo.results.map((r) => new URL(r.url).href));
  for (const r of demo.results) {
    await page.goto(r.url);
    const title = /<title>([^<]+)<\/title>/.exec(r.html)![1];
    await expect(page, r.url).toHaveTitle(title);
  }

  await page.goto('https://www.google.com/search?q=something+else');
  await expect(page.locator('body')).toContainText('The offline demo serves one results page only');
  await expect(page.goto('https://www.gutenberg.org/ebooks/205')).rejects.toThrow(/ERR_INTERNET_DISCONNECTED|ERR_FAILED/);
});
