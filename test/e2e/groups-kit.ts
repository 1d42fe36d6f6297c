/**
 * The groups a results page should show, and the way to read the ones it shows, for the end-to-end
 * tests of near-duplicate groups in Chromium (./groups.spec.ts) and in Firefox (../firefox/). Nothing
 * here drives a browser: `readMarks` is a function to evaluate in the results page (Playwright's
 * page.evaluate and Puppeteer's take it alike); the rest runs in Node.
 *
 * Expected groups are never read off the extension: they come from the fixtures' own labels (the
 * demo's demo.json, the Gutenberg corpus's LABELS.tsv) and are cross-checked with lib in Node.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseHTML } from 'linkedom';
import { extract } from '../../lib/engines/extract';
import type { SerpResult } from '../../lib/engines/types';
import type { Group } from '../../lib/group/results';
import { demo } from './page-demo-serp';
import { type BuiltResult, anchorOf, corpusPassage, readText } from './serp-builder';
import { SHARED, SHARED_ABSENT_REASON } from '../helpers/shared-dir';

export const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export { SHARED, hasShared } from '../helpers/shared-dir';
export const SHARED_ABSENT = `${SHARED_ABSENT_REASON}: the tests built from its saved results pages and corpora are skipped`;

// ---------------------------------------------------------------------------------------------------
// The page's marks (the DOM contract: data-resemble-* on the page's own result roots)

/** One result root as the page marks it. */
export interface Mark {
  rank: number;
  cluster?: string;
  role?: string;
  hidden?: string;
  /** Laid out (not display: none). */
  shown: boolean;
}

/**
 * Evaluated in the results page: every result root the content script marked, in document order.
 * Self-contained (it is serialized into the page): `page.evaluate(readMarks)`.
 */
export function readMarks(): Mark[] {
  return [...document.querySelectorAll('[data-resemble-rank]')].map((el) => {
    const m: Mark = { rank: Number(el.getAttribute('data-resemble-rank')), shown: el.getClientRects().length > 0 };
    const get = (a: string) => el.getAttribute(a) ?? undefined;
    if (get('data-resemble-cluster') !== undefined) m.cluster = get('data-resemble-cluster');
    if (get('data-resemble-role') !== undefined) m.role = get('data-resemble-role');
    if (get('data-resemble-hidden') !== undefined) m.hidden = get('data-resemble-hidden');
    return m;
  });
}

/**
 * The marks a page must carry for `groups` (each: ranks, best-ranked first) among `n` results: clusters
 * numbered 1, 2, … in order of their representatives; copies hidden when `collapsed`.
 */
export function expectedMarks(n: number, groups: readonly (readonly number[])[], collapsed: boolean): Mark[] {
  const sorted = groups.map((g) => [...g].sort((a, b) => a - b)).sort((a, b) => a[0] - b[0]);
  return Array.from({ length: n }, (_, i) => {
    const rank = i + 1;
    const k = sorted.findIndex((g) => g.includes(rank));
    if (k < 0) return { rank, shown: true };
    const rep = sorted[k][0] === rank;
    const m: Mark = { rank, cluster: String(k + 1), role: rep ? 'representative' : 'copy', shown: rep || !collapsed };
    if (!rep && collapsed) m.hidden = 'true';
    return m;
  });
}

/** The groups a page shows, read off its marks: ranks of each cluster, representative first. */
export function groupsOf(ms: readonly Mark[]): number[][] {
  const by = new Map<string, Mark[]>();
  for (const m of ms) if (m.cluster) by.set(m.cluster, [...(by.get(m.cluster) ?? []), m]);
  return [...by.values()].map((g) => [...g.filter((m) => m.role === 'representative'), ...g.filter((m) => m.role !== 'representative')].map((m) => m.rank));
}

// ---------------------------------------------------------------------------------------------------
// lib in Node

/** lib's groups for results read in Node: ranks, representative first. */
export const libGroups = (groups: readonly Group[]) => groups.map((g) => [g.representative, ...g.members.map((m) => m.rank)]);

/** lib's extract() over linkedom. */
export function readInNode(html: string, url: string): SerpResult[] {
  const x = extract(parseHTML(html).document as unknown as Document, url);
  if (!x) throw new Error(`extract() reads no results page at ${url}`);
  return x.results;
}

// ---------------------------------------------------------------------------------------------------
// The offline demo (demo/: Google's markup): 10 results, groups [1, 3, 6] (snippets), [4, 8] (same
// page: AMP + utm_), [5, 9] (mirror)

export { demo };
export const DEMO_N = demo.results.length;
export const DEMO_GROUPS = demo.groups.map((g) => g.ranks);
export const demoResults = readInNode(demo.resultsHtml, demo.searchUrl);

// ---------------------------------------------------------------------------------------------------
// Pages built from real engine markup (../shared/fixtures) and the Gutenberg corpus (../shared/corpora)

export const GUTENBERG = 'corpora/gutenberg-formats-editions';

/**
 * The results, in rank order: one passage of each book, cut from several of its editions and formats
 * (same book = near-duplicates by the corpus's labels), interleaved so that no group is adjacent.
 * pg17997 appears once: a result with no copy.
 */
export const CORPUS_FILES = [
  'pg972/head/972.txt',
  'pg18131/head/18131.txt',
  'pg16595/head/16595-8.txt',
  'pg972/head/old/dvldc10.txt',
  'pg17997/head/17997.txt',
  'pg18131/head/18131-h/18131-h.htm',
  'pg972/head/972-h/972-h.htm',
  'pg16595/head/16595-h/16595-h.htm',
];

/** The groups the labels give CORPUS_FILES, as ranks (what corpusResults' labelGroups must be). */
export const CORPUS_LABEL_GROUPS = [
  [1, 4, 7],
  [2, 6],
  [3, 8],
];

interface Label {
  file: string;
  group: string;
  format: string;
  commit: string;
  source_repo: string;
  original_path: string;
}

function readLabels(): Label[] {
  const lines = readText(path.join(SHARED, GUTENBERG, 'LABELS.tsv'))
    .split(/\r?\n/)
    .filter(Boolean);
  const header = lines[0].split('\t');
  return lines.slice(1).map((l) => Object.fromEntries(header.map((h, i) => [h, l.split('\t')[i] ?? ''])) as unknown as Label);
}

/**
 * What each result says: the file's GitHub address (the corpus's source), a title in GitHub's form, and
 * a 32-word snippet of the same passage of its book, its window a few words later for each further
 * copy (engines pick different windows). Plus the groups the labels give: ranks of the same book.
 */
export function corpusResults(): { results: BuiltResult[]; labelGroups: number[][]; books: string[] } {
  const labels = readLabels();
  const row = (f: string) => {
    const r = labels.find((l) => l.file === f);
    if (!r) throw new Error(`${f} is not in ${GUTENBERG}/LABELS.tsv`);
    return r;
  };
  const anchors = new Map<string, string[]>();
  const seen = new Map<string, number>();
  const results = CORPUS_FILES.map((f) => {
    const l = row(f);
    // The passage: a prose paragraph 30% into the book's ASCII text (every book has one).
    if (!anchors.has(l.group)) {
      const ascii = labels.find((x) => x.group === l.group && x.format === 'txt-ascii' && x.file.includes('/head/'))!;
      anchors.set(l.group, anchorOf(readText(path.join(SHARED, GUTENBERG, ascii.file))));
    }
    const k = seen.get(l.group) ?? 0;
    seen.set(l.group, k + 1);
    const text = readText(path.join(SHARED, GUTENBERG, f));
    const snippet = corpusPassage(text, l.format === 'html', anchors.get(l.group)!, 32, 3 * k);
    const repoName = l.source_repo.split('/')[1];
    return {
      url: `https://github.com/${l.source_repo}/blob/${l.commit}/${l.original_path}`,
      title: `${repoName}/${l.original_path} at master · ${l.source_repo}`,
      snippet,
      displayUrl: `https://github.com › ${l.source_repo.replace('/', ' › ')}`,
    };
  });
  const books = CORPUS_FILES.map((f) => row(f).group);
  const byBook = new Map<string, number[]>();
  books.forEach((b, i) => byBook.set(b, [...(byBook.get(b) ?? []), i + 1]));
  const labelGroups = [...byBook.values()].filter((g) => g.length > 1).sort((a, b) => a[0] - b[0]);
  return { results, labelGroups, books };
}

/** Saved results pages of ../shared the corpus's results are put into: Google's markup and Bing's. */
export const TEMPLATES = [
  { name: 'Google', file: 'fixtures/serp/google/2023-05_matrix_zlurad.html', url: 'https://www.google.com/search?q=gutenberg+editions&hl=en' },
  {
    name: 'Bing',
    file: 'fixtures/serp/bing/2026-04_javascript-tutorial_http_sanguinary.html',
    url: 'https://www.bing.com/search?q=gutenberg+editions&form=QBLH',
  },
] as const;
