/**
 * Issue #14 end to end: on a fresh profile (no past results pages, so no past-pages boilerplate), a
 * results page with two unrelated results whose snippets are both Google's placeholder ("No
 * information is available for this page. · Learn why") and the demo's three true groups collapses
 * exactly the true groups; the placeholder results stay shown and ungrouped.
 */
import type { Page } from '@playwright/test';
import { parseHTML } from 'linkedom';
import { extract } from '../../lib/engines/extract';
import { shingleSet } from '../../lib/sketch/exact';
import { groupResults } from '../../lib/group/results';
import { SNIPPET_OPTIONS } from '../../lib/sketch/options';
import { loadDemo } from '../../scripts/start-demo.mjs';
import { expect, test } from './fixtures';
import { type BuiltResult, buildSerp } from './serp-builder';

const demo = loadDemo();
const read = (html: string) => extract(parseHTML(html).document as unknown as Document, demo.searchUrl)!.results;
const DEMO_GROUPS: number[][] = demo.groups.map((g: { ranks: number[] }) => g.ranks);

// The demo's unrelated results #2 and #7 become two unrelated sites behind robots.txt.
const NO_INFO = 'No information is available for this page. · Learn why';
const PLACEHOLDERS: Record<number, BuiltResult> = {
  2: { url: 'https://members.harbor-yoga.example/login', title: 'Harbor Yoga', snippet: NO_INFO },
  7: { url: 'https://portal.lakeside-dental.example/login', title: 'Lakeside Dental', snippet: NO_INFO },
};
const built = buildSerp(
  demo.resultsHtml,
  demo.searchUrl,
  read(demo.resultsHtml).map((r) => PLACEHOLDERS[r.rank] ?? { url: r.url, title: r.title, snippet: r.snippet, displayUrl: r.displayUrl }),
);

/** [rank, cluster, role, hidden] of every result the content script marked. */
const marks = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('[data-resemble-rank]')].map((el) => [
      Number(el.getAttribute('data-resemble-rank')),
      el.getAttribute('data-resemble-cluster'),
      el.getAttribute('data-resemble-role'),
      el.getAttribute('data-resemble-hidden'),
    ]),
  );

function expected(n: number): (string | number | null)[][] {
  return Array.from({ length: n }, (_, i) => {
    const rank = i + 1;
    const k = DEMO_GROUPS.findIndex((g) => g.includes(rank));
    if (k < 0) return [rank, null, null, null];
    const rep = DEMO_GROUPS[k][0] === rank;
    return [rank, String(k + 1), rep ? 'representative' : 'copy', rep ? null : 'true'];
  });
}

test('two placeholder results and three true groups: exactly the true groups collapse on a fresh profile', async ({ context, serveHtml }) => {
  // In Node: the page reads as built, the placeholders' texts alike enough to have grouped as mere
  // text (Jaccard ≥ 0.5 of their title + snippet shingles), and lib groups exactly the true groups.
  const results = read(built.html);
  expect(results.map((r) => r.rank)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  const sh = (r: (typeof results)[number]) => new Set(shingleSet(`${r.title}\n${r.snippet}`, { ...SNIPPET_OPTIONS, format: 'text' }));
  const [a, b] = [sh(results[1]), sh(results[6])];
  const shared = [...a].filter((f) => b.has(f)).length;
  expect(shared / (a.size + b.size - shared), 'placeholders alike as text').toBeGreaterThanOrEqual(0.5);
  expect(groupResults(results, { threshold: 0.5 }).groups.map((g) => [g.representative, ...g.members.map((m) => m.rank)])).toEqual(DEMO_GROUPS);

  await serveHtml(demo.searchUrl, built.html);
  const page = await context.newPage();
  await page.goto(demo.searchUrl);
  await expect.poll(() => marks(page), { message: 'the page’s marks', timeout: 10_000 }).toEqual(expected(10));
  for (const r of [2, 7]) await expect(page.locator(`[data-resemble-rank="${r}"]`)).toBeVisible();
  for (const r of [3, 6, 8, 9]) await expect(page.locator(`[data-resemble-rank="${r}"]`)).toBeHidden();
});
