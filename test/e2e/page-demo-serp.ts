/**
 * Results pages for the page-checking tests that need no ../shared: the offline demo's Google markup
 * (demo/results.html, the project's own) rebuilt by serp-builder with other result URLs, keeping the
 * demo's titles and snippets. The demo's own result pages (demo/pages/) serve as the well-behaved pages.
 */
import { parseHTML } from 'linkedom';
import { extract } from '../../lib/engines/extract';
import type { SerpResult } from '../../lib/engines/types';
import { loadDemo } from '../../scripts/start-demo.mjs';
import { type BuiltResult, buildSerp } from './serp-builder';

export const demo = loadDemo() as {
  query: string;
  searchUrl: string;
  resultsHtml: string;
  results: { rank: number; url: string; html: string }[];
  groups: { ranks: number[] }[];
  unrelated: number[];
};

/** The demo's results as the extension reads them (titles, snippets), in rank order. */
export const demoResults: SerpResult[] = (() => {
  const x = extract(parseHTML(demo.resultsHtml).document as unknown as Document, demo.searchUrl);
  if (!x || x.results.length !== demo.results.length) throw new Error('the demo results page does not read as its 10 results');
  return x.results;
})();

/**
 * The demo's results page at `https://www.google.com/search?q=<query>`, its i-th result now linking to
 * `urls[i]` (undefined: the demo's own URL) with the demo's title and snippet; `urls.length` results.
 */
export function demoSerp(query: string, urls: readonly (string | undefined)[]): { url: string; html: string; results: BuiltResult[] } {
  const url = `https://www.google.com/search?q=${encodeURIComponent(query).replace(/%20/g, '+')}`;
  const results = urls.map((u, i) => {
    const r = demoResults[i];
    return { url: u ?? r.url, title: r.title, snippet: r.snippet, displayUrl: (u ?? r.url).replace(/^https?:\/\//, '').replace(/\/.*$/, '') };
  });
  return { url, html: buildSerp(demo.resultsHtml, url, results).html, results };
}

/**
 * The demo's groups once its pages are checked, at the default thresholds: [1, 6], [4, 8], [5, 9]. Rank 3
 * only quotes rank 1's page, so the pages take it out of the snippets' [1, 3, 6]. Exact under a test
 * build's fixed sketch seed (TEST_BUILD_SEED; lib computes the same in test/unit/demo-groups.test.ts).
 */
export const DEMO_CHECKED_GROUPS: readonly number[][] = [
  [1, 6],
  [4, 8],
  [5, 9],
];
