/**
 * Issue #27: results pages read by their structure (lib/engines/structure.ts), on every saved results
 * page in the repo (test/fixtures/serp) and in ../shared/fixtures/serp (skipped visibly when absent).
 * What the engine's definition reads on the page as saved is the reference:
 *
 * 1. Every page with every class name and id renamed to random tokens (test/helpers/rename-names.ts,
 *    seeded), read as the content script reads it (extract with the page's results address): recall
 *    and precision ≥ 0.98 over all pages and ≥ 0.9 on every page (issue #41), per-engine and per-page
 *    figures printed; the repository's own pages are read exactly (every result, nothing else).
 * 2. The structural reader alone (definitions off) on the pages as saved: the same goals; no ad or
 *    sponsored result on any page (the ads the definitions' own ad selectors find on the saved page).
 * 3. Where a definition reads results today, it still does: the structure never takes over there.
 * 4. Synthetic pages for what no saved page shows: an ad-labelled card in organic markup (Yandex's
 *    "Промо"), Google's /goto links, a page of an unknown engine, the bound on a page's size.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { extract, findEngine, structureWins } from '../../lib/engines/extract';
import { readByStructure } from '../../lib/engines/structure';
import { ENGINES } from '../../lib/engines/table';
import type { EngineSpec, Extraction } from '../../lib/engines/types';
import { decodeBytes } from '../../lib/text/decode';
import { renameNames } from '../helpers/rename-names';
import { parseSerp, htmlFiles } from './helpers/serp';
import { SHARED, SHARED_ABSENT_TEST, hasShared, repoRoot, warnSharedAbsent } from './helpers/shared';

const readHtml = (f: string) => {
  const b = readFileSync(f);
  return decodeBytes(new Uint8Array(b.buffer, b.byteOffset, b.byteLength)).text;
};

/** Ads as each engine's definition knows them on its saved pages (class names: the saved page is the oracle here, never the reader's input). */
const AD_BLOCKS =
  '#tads, #tadsb, #bottomads, [data-text-ad], .uEierd, .commercial-unit-desktop-top, .cu-container, .b_ad, .b_adTop, .b_adBottom, .sb_add, ' +
  '.result--ad, .results--ads, li[data-layout="ad"], [data-testid="ad"], [data-testid="ads"], .result-sponsored, [data-type="ad"], ' +
  '.searchCenterTopAds, .searchCenterBottomAds, .ads, .ad-result, [data-testid="adResult"], .gcsa-container, [cmatchid], [data-tuiguang], .EC_result';

interface Page {
  file: string;
  engine: EngineSpec;
  /** A results address for the page (the engine's own), so the page is read as the content script reads it. */
  url: string;
  searxngHosts: string[];
  html: string;
  spec: Extraction;
}

function pageOf(file: string): Page | undefined {
  const html = readHtml(file);
  const byMarkup = extract(parseSerp(html), `file://${file}`);
  if (!byMarkup) return undefined;
  const engine = ENGINES.find((e) => e.id === byMarkup.engine)!;
  const q = encodeURIComponent(byMarkup.query || 'query');
  const url = engine.searchUrl ? `${engine.searchUrl}${q}` : `https://searx.example/search?q=${q}`;
  const searxngHosts = engine.searchUrl ? [] : ['searx.example'];
  // What the definition reads at the page's address (relative links resolve against it).
  const spec = extract(parseSerp(html), url, { searxngHosts })!;
  return { file, engine, url, searxngHosts, html, spec };
}

interface Tally {
  hit: number;
  spec: number;
  read: number;
}

const ratio = (a: number, b: number) => (b ? a / b : 1);

/** Per engine and per page: results read that the definition reads on the saved page, of how many. */
interface Tallies {
  engines: Map<string, Tally>;
  pages: Map<string, Tally>;
}

const tallies = (): Tallies => ({ engines: new Map(), pages: new Map() });

function tally(into: Tallies, page: Page, spec: readonly { url: string }[], read: readonly { url: string }[]) {
  const S = new Set(spec.map((r) => r.url));
  const one = { hit: read.filter((r) => S.has(r.url)).length, spec: S.size, read: read.length };
  into.pages.set(path.relative(path.dirname(repoRoot), page.file), one);
  const t = into.engines.get(page.engine.id) ?? { hit: 0, spec: 0, read: 0 };
  into.engines.set(page.engine.id, { hit: t.hit + one.hit, spec: t.spec + one.spec, read: t.read + one.read });
}

const figures = (t: Tally) =>
  `recall ${ratio(t.hit, t.spec).toFixed(2)}  precision ${ratio(t.hit, t.read).toFixed(2)}  (${t.hit} of ${t.spec} read, ${t.read} in all)`;

function report(title: string, per: Tallies): Tally {
  const all = { hit: 0, spec: 0, read: 0 };
  const lines = [...per.engines].map(([e, t]) => {
    all.hit += t.hit;
    all.spec += t.spec;
    all.read += t.read;
    return `  ${e.padEnd(11)} ${figures(t)}`;
  });
  const pages = [...per.pages].map(([f, t]) => `    ${figures(t)}  ${f}`);
  console.log(
    `${title}\n${lines.join('\n')}\n  all         recall ${ratio(all.hit, all.spec).toFixed(3)}  precision ${ratio(all.hit, all.read).toFixed(3)}\n  per page:\n${pages.join('\n')}`,
  );
  return all;
}

/**
 * Two fixed sets, each with its own goals, so that a clone without ../shared gives the same verdicts as
 * one with it: the repository's own pages (test/fixtures/serp, always there) and ../shared's (skipped
 * visibly when absent). The repository's pages are few and chosen for their hard parts (sitelinks,
 * grouped results, cards of other verticals: issue #41), so their goal is exact: every result read,
 * and nothing else.
 */
const SETS = [
  { name: "the repository's pages", dir: path.join(repoRoot, 'test/fixtures/serp'), needsShared: false },
  { name: "../shared's pages", dir: path.join(SHARED, 'fixtures/serp'), needsShared: true },
] as const;

/** Issue #41's goals: recall and precision ≥ 0.98 over the set, ≥ 0.9 on every page; exact on the repository's. */
const GOAL_ALL = 0.98;
const GOAL_PAGE = 0.9;

function expectGoals(set: (typeof SETS)[number], per: Tallies, all: Tally): void {
  expect(ratio(all.hit, all.spec), 'recall over the set').toBeGreaterThanOrEqual(GOAL_ALL);
  expect(ratio(all.hit, all.read), 'precision over the set').toBeGreaterThanOrEqual(GOAL_ALL);
  for (const [page, t] of per.pages) {
    expect(ratio(t.hit, t.spec), `${page}: recall`).toBeGreaterThanOrEqual(GOAL_PAGE);
    expect(ratio(t.hit, t.read), `${page}: precision`).toBeGreaterThanOrEqual(GOAL_PAGE);
    if (set.needsShared) continue;
    expect(t.hit, `${page}: every result read`).toBe(t.spec);
    expect(t.read - t.hit, `${page}: nothing else read`).toBe(0);
  }
}

for (const set of SETS) {
  describe.skipIf(set.needsShared && !hasShared)(`the structural reader on ${set.name} (issue #27)`, () => {
    let pages: Page[] = [];
    beforeAll(() => {
      pages = htmlFiles(set.dir)
        .map(pageOf)
        .filter((p): p is Page => p !== undefined);
    });

    it('the set is not empty', () => expect(pages.length).toBeGreaterThan(set.needsShared ? 20 : 10));

    it('every class name and id renamed: recall and precision ≥ 0.98, every page ≥ 0.9, against the definition on the saved page', () => {
      const per = tallies();
      for (const p of pages) {
        const renamed = parseSerp(renameNames(p.html, 7));
        const x = extract(renamed, p.url, { searxngHosts: p.searxngHosts });
        expect(x?.engine, p.file).toBe(p.engine.id);
        tally(per, p, p.spec.results, x?.results ?? []);
        if (p.spec.results.length && x?.results.length) expect(x.reader, p.file).toBe(x.variant === 'structure' ? 'structure' : 'spec');
      }
      expectGoals(set, per, report(`${set.name}, renamed, read as the content script reads them:`, per));
    });

    it('another seed gives the same figures (the reader does not depend on the tokens)', () => {
      for (const p of pages.filter((x) => x.spec.results.length).slice(0, 12)) {
        const a = extract(parseSerp(renameNames(p.html, 7)), p.url, { searxngHosts: p.searxngHosts });
        const b = extract(parseSerp(renameNames(p.html, 1234)), p.url, { searxngHosts: p.searxngHosts });
        expect(b?.results, p.file).toEqual(a?.results);
      }
    });

    it('the structural reader alone on the saved pages: recall and precision ≥ 0.98, every page ≥ 0.9, and no ad', () => {
      const per = tallies();
      for (const p of pages) {
        const doc = parseSerp(p.html);
        const e = p.engine;
        const s = readByStructure(doc, {
          base: p.url,
          query: p.spec.query,
          isEnginePage: (u) => e.host.test(u.hostname) && e.path.test(u.pathname),
          isEngineHost: (h) => e.host.test(h) || p.searxngHosts.includes(h),
          engine: e,
        });
        tally(per, p, p.spec.results, s.results);
        // An ad's own link, by element: an organic result may link the same page as an ad (Google's phone
        // page for "dell xps 13 buy" has Amazon's page both in #tads and as its last organic result).
        const adLinks = new Set(Array.from(doc.querySelectorAll(AD_BLOCKS)).flatMap((b) => Array.from(b.querySelectorAll('a[href]'))));
        for (const [i, r] of s.results.entries()) {
          const link = s.blocks[i][0].querySelector('a[href]');
          expect(link !== null && adLinks.has(link), `${p.file}: ${r.url} is an ad`).toBe(false);
          expect(
            AD_BLOCKS.split(', ').some((sel) => s.blocks[i][0].closest(sel)),
            `${p.file}: ${r.url} is inside an ad block`,
          ).toBe(false);
        }
      }
      expectGoals(set, per, report(`${set.name}, the structural reader alone, as saved:`, per));
    });

    it('where a definition reads results, it still reads them (the structure never takes over there)', () => {
      for (const p of pages) {
        const x = extract(parseSerp(p.html), p.url, { searxngHosts: p.searxngHosts });
        // Google's phone pages (issue #30) have no definition: the structure reads them, by design.
        if (p.spec.results.length) expect(x?.reader, p.file).toBe(/google[-/]mobile/.test(p.file) ? 'structure' : 'spec');
      }
    });
  });
}

if (!hasShared) it(SHARED_ABSENT_TEST, () => warnSharedAbsent('saved results pages of ../shared (structure)'));

describe('the structural reader: what no saved page shows', () => {
  const read = (html: string, url: string) => extract(parseSerp(html), url)!;
  const result = (i: number, extra = '') =>
    `<li><div>${extra}<h2><a href="https://site${i}.example/page${i}">Result number ${i} about permafrost</a></h2><div><span>site${i}.example/page${i}</span></div><p>Snippet ${i}: the page's own words about permafrost thaw and its carbon.</p></div></li>`;

  it("an ad-labelled card in organic markup (Yandex's Промо, Sponsored, 广告) is left out", () => {
    for (const label of ['Промо', 'Реклама', 'Sponsored', '广告', 'Anzeige']) {
      const html = `<ul>${result(1)}${result(2, `<span>${label}</span>`)}${result(3)}${result(4)}</ul>`;
      const x = read(html, 'https://yandex.ru/search/?text=permafrost');
      expect(x.reader, label).toBe('structure');
      expect(
        x.results.map((r) => r.url),
        label,
      ).toEqual(['https://site1.example/page1', 'https://site3.example/page3', 'https://site4.example/page4']);
    }
  });

  it("a paid card in the definition's own organic markup (Yandex's Промо) is left out by the definition too", () => {
    const html = readFileSync(path.join(repoRoot, 'test/fixtures/serp/yandex.html'), 'utf8');
    const url = 'https://yandex.com/search/?text=permafrost';
    const before = extract(parseSerp(html), url)!;
    // The first organic result, made a paid card: organic markup and link, and the "Промо" label.
    const paid = html.replace(
      '<div class="organic__subtitle typo_type_greenurl">',
      '<div class="organic__subtitle typo_type_greenurl"><span class="label">Промо</span>',
    );
    expect(paid).not.toBe(html);
    const after = extract(parseSerp(paid), url)!;
    expect(after.reader).toBe('spec');
    expect(after.results.map((r) => r.url)).toEqual(before.results.slice(1).map((r) => r.url));
  });

  it('the searched words in bold are no ad label: a search for "ad", "Реклама" or "广告" keeps its results', () => {
    const html = readFileSync(path.join(repoRoot, 'test/fixtures/serp/google-js.html'), 'utf8');
    const url = 'https://www.google.com/search?q=first+lighthouse';
    const before = extract(parseSerp(html), url)!;
    for (const word of ['Ad', 'Реклама', '广告']) {
      // Every snippet opens with the searched word in bold, and one holds it alone in bold.
      const bold = html
        .replaceAll('lyLwlc"><span>', `lyLwlc"><span><em>${word}</em> and `)
        .replace('lyLwlc lEBKkf"><span>', `lyLwlc lEBKkf"><span><b>${word}</b></span><span>`);
      expect(bold).not.toBe(html);
      const x = extract(parseSerp(bold), url)!;
      expect(
        x.results.map((r) => r.url),
        word,
      ).toEqual(before.results.map((r) => r.url));
      const renamed = extract(parseSerp(renameNames(bold, 3)), url)!;
      expect(renamed.reader, word).toBe('structure');
      expect(
        renamed.results.map((r) => r.url),
        word,
      ).toEqual(before.results.map((r) => r.url));
    }
  });

  it('a list of ads under one label, and ad click links, are left out', () => {
    const ads = `<li><div><span>Ads</span><ul>${result(8)}${result(9)}</ul></div></li>`;
    const click = `<li><div><h2><a href="https://www.bing.com/aclk?ld=e3&u=x">Buy now</a></h2><p>cheap cheap cheap cheap cheap</p></div></li>`;
    const x = read(`<ul>${ads}${result(1)}${click}${result(2)}${result(3)}</ul>`, 'https://www.bing.com/search?q=permafrost');
    expect(x.results.map((r) => r.url)).toEqual(['https://site1.example/page1', 'https://site2.example/page2', 'https://site3.example/page3']);
  });

  it("Google's /goto links: kept, unresolved, the display URL's host shown", () => {
    const r = (i: number) =>
      `<div><div><a href="/goto?url=CAESEJ${i}xyz"><h3>Result ${i} title</h3><div><cite>https://www.site${i}.example › docs</cite></div></a></div><div><span>Snippet ${i} words words words.</span></div></div>`;
    const x = read(`<div>${r(1)}${r(2)}${r(3)}</div>`, 'https://www.google.com/search?q=x');
    expect(x.results).toHaveLength(3);
    expect(x.results[0]).toMatchObject({ url: 'https://www.google.com/goto?url=CAESEJ1xyz', unresolved: true, displayUrl: 'https://www.site1.example › docs' });
  });

  it('a page of an unknown engine is read by structure with anyPage (the CLI), not otherwise', () => {
    const html = `<form><input name="q" value="permafrost"></form><ol>${result(1)}${result(2)}${result(3)}</ol><nav><h2><a href="https://elsewhere.example/">Elsewhere, a navigation link</a></h2></nav>`;
    expect(extract(parseSerp(html), 'https://search.unknown.example/find?q=permafrost')).toBeUndefined();
    const x = extract(parseSerp(html), 'https://search.unknown.example/find?q=permafrost', { anyPage: true })!;
    expect(x).toMatchObject({ engine: 'search.unknown.example', reader: 'structure', query: 'permafrost' });
    expect(x.results.map((r) => r.url)).toEqual(['https://site1.example/page1', 'https://site2.example/page2', 'https://site3.example/page3']);
    expect(x.results[0].snippet).toMatch(/^Snippet 1: the page's own words/);
    expect(
      findEngine('https://search.unknown.example/find?q=x', { addedEngines: [{ host: 'search.unknown.example', path: '/find', param: 'q', name: 'Unknown' }] })
        ?.id,
    ).toBe('added:search.unknown.example');
    // An added engine never takes a built-in engine's host (an import or a synced setting could name one).
    expect(findEngine('https://www.google.com/search?q=x', { addedEngines: [{ host: 'www.google.com', path: '/search', param: 'q', name: 'Mine' }] })?.id).toBe(
      'google',
    );
    expect(
      findEngine('https://www.google.com/find?q=x', { addedEngines: [{ host: 'www.google.com', path: '/find', param: 'q', name: 'Mine' }] }),
    ).toBeUndefined();
  });

  it('the definition stays first unless it reads nothing or a remnant', () => {
    expect(structureWins(0, 1)).toBe(true);
    expect(structureWins(0, 0)).toBe(false);
    expect(structureWins(1, 10)).toBe(true);
    expect(structureWins(3, 10)).toBe(false);
    expect(structureWins(20, 26)).toBe(false);
  });

  it('a page of 3,000 title links is read whole (its speed is measured in npm run bench)', () => {
    const html = `<ol>${Array.from({ length: 3000 }, (_, i) => result(i)).join('')}</ol>`;
    const x = read(html, 'https://www.bing.com/search?q=permafrost');
    expect(x.results.length).toBe(3000);
  }, 120_000);
});
