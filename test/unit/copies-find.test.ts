/**
 * "Find copies of this page" (lib/copies/find.ts, issue #19) with fake sites, engines and a sketcher
 * that sketches with lib itself (./helpers/lost-fakes.ts): measures are real. The e2e spec
 * test/e2e/copies.spec.ts drives the same code in Chromium.
 */
import { describe, expect, it } from 'vitest';
import { BOUNDS, COPY_QUERIES, MAX_FETCHES, MAX_SEARCHES, type CopiesDeps, type CopyPair, findPageCopies } from '../../lib/copies/find';
import { MIN_HELD_SHINGLES, measureCopy, rankCopies } from '../../lib/copies/measure';
import { type CopiesReport, copiesReportCheck, newCopiesReport } from '../../lib/copies/report';
import { check } from '../../lib/validate';
import { SETTINGS, fakes, html, serpHtml } from './helpers/lost-fakes';
import { proseText } from './helpers/prose';
import { sketchText } from '../../lib/sketch/sketch';

const PAGE = 'https://orig.example/post';
const TITLE = 'The lantern keeper of the northern harbour';
const TEXT = proseText(1, 400);
const FULL = 'https://full.example/copy';
const BIGGER = 'https://bigger.example/anthology';
const PART = 'https://part.example/excerpt';
const TITLE_ONLY = 'https://decoy.example/lantern';
const DDG = 'https://html.duckduckgo.com/html/';
const GOOGLE = 'https://www.google.com/search';

type Found = { url: string; title: string }[];

/**
 * Deps over fake sites: `search(engine, query)` answers each search (undefined: an unreadable page),
 * `hold` makes candidate fetches wait for their signal to abort.
 */
function setup(o: {
  pages?: Record<string, string>;
  search?: (engine: 'google' | 'duckduckgo', query: string) => Found | undefined;
  google?: boolean;
  access?: boolean;
  incognito?: boolean;
  threshold?: number;
  hold?: boolean;
  /** Leads that redirect: answered with the target's page, under the target's address. */
  redirects?: Record<string, string>;
}) {
  const f = fakes({
    pages: { [PAGE]: html(TITLE, TEXT), ...o.pages },
    serps: o.google ? [{ engine: 'google', results: [{ rank: 1, url: PAGE, title: TITLE }] }] : [],
    settings: { resemblanceThreshold: o.threshold ?? SETTINGS.resemblanceThreshold },
    access: o.access,
  });
  const searched: { engine: string; query: string }[] = [];
  const aborted: string[] = [];
  const started: string[] = [];
  const pairs: CopyPair[] = [];
  const saved: CopiesReport[] = [];
  const deps: CopiesDeps = {
    ...f.deps,
    fetchPage: async (url, signal) => {
      const engine = url.startsWith(DDG) ? 'duckduckgo' : url.startsWith(GOOGLE) ? 'google' : undefined;
      if (engine) {
        const query = new URL(url).searchParams.get('q') ?? '';
        searched.push({ engine, query });
        const got = o.search?.(engine, query) ?? [];
        const body = o.search && o.search(engine, query) === undefined ? '<p>consent wall</p>' : serpHtml(got);
        return { ok: true, url, status: 200, redirects: [], ms: 1, truncated: false, contentType: 'text/html', body: new TextEncoder().encode(body) };
      }
      if (url !== PAGE) started.push(url);
      if (o.hold && url !== PAGE) {
        await new Promise<void>((resolve) => signal?.addEventListener('abort', () => resolve()));
        aborted.push(url);
        return { ok: false, url, kind: 'cancelled', message: 'cancelled', redirects: [], ms: 1 };
      }
      const to = o.redirects?.[url];
      if (to) return { ...(await f.deps.fetchPage(to, signal)), redirects: [to] };
      return f.deps.fetchPage(url, signal);
    },
    save: async (r) => void saved.push(structuredClone(r)),
    onCopies: (p) => void pairs.push(...p),
    incognito: o.incognito ?? false,
  };
  return { deps, f, searched, pairs, saved, aborted, started };
}

async function runOn(deps: CopiesDeps, signal = new AbortController().signal): Promise<CopiesReport> {
  const r = { ...newCopiesReport('run-1', BOUNDS), url: PAGE };
  await findPageCopies(deps, r, signal);
  return r;
}

const copies = {
  [FULL]: html('Lantern keeper (mirror)', TEXT),
  [BIGGER]: html('Stories of the sea', `${TEXT} ${proseText(3, 400)}`),
  [PART]: html('An excerpt', TEXT.split(' ').slice(0, 200).join(' ')),
  [TITLE_ONLY]: html(TITLE, proseText(2, 400)),
};

describe('copies of this page: measured both ways, best first', () => {
  it('lists the copies best first with their three measures; a page sharing only the title is fetched, measured and left out', async () => {
    const s = setup({ pages: copies, search: () => [TITLE_ONLY, PART, BIGGER, FULL].map((url) => ({ url, title: TITLE })), threshold: 0.9 });
    const r = await runOn(s.deps);
    expect(r).toMatchObject({ state: 'done', done: true, title: TITLE });
    expect(r.copies.map((c) => c.url).sort()).toEqual([BIGGER, FULL, PART].sort());
    // Best first: by resemblance (the full copy), whatever order the engine gave.
    expect(r.copies[0].url).toBe(FULL);
    for (let i = 1; i < r.copies.length; i++) expect(r.copies[i - 1].resemblance).toBeGreaterThanOrEqual(r.copies[i].resemblance);
    const by = Object.fromEntries(r.copies.map((c) => [c.url, c]));
    expect(by[FULL].resemblance).toBeGreaterThan(0.95);
    // The anthology holds the whole page (passes by containment, not resemblance: threshold 0.9).
    expect(by[BIGGER].resemblance).toBeLessThan(0.9);
    expect(by[BIGGER].pageInCopy).toBeGreaterThanOrEqual(0.8);
    expect(by[BIGGER].copyInPage).toBeLessThan(0.8);
    // The excerpt is held whole by this page: the other direction.
    expect(by[PART].copyInPage).toBeGreaterThanOrEqual(0.8);
    expect(by[PART].pageInCopy).toBeLessThan(0.8);
    expect(s.started, 'the title-only page was a real candidate').toContain(TITLE_ONLY);
    expect(r.copies.find((c) => c.url === TITLE_ONLY)).toBeUndefined();
    for (const c of r.copies) for (const v of [c.resemblance, c.pageInCopy, c.copyInPage]) expect(Number.isFinite(v)).toBe(true);
    expect(check(copiesReportCheck, r).ok, 'the report passes its own check').toBe(true);
  });

  it('the page itself (same normalized URL) is neither fetched as a candidate nor listed', async () => {
    const s = setup({
      pages: copies,
      search: () => [
        { url: PAGE, title: TITLE },
        { url: 'https://www.orig.example/post/?utm_source=feed', title: TITLE },
        { url: FULL, title: TITLE },
      ],
    });
    const r = await runOn(s.deps);
    expect(s.started).toEqual([FULL]);
    expect(r.copies.map((c) => c.url)).toEqual([FULL]);
  });

  it('a lead that redirects is listed under the page that answered: two leads to one copy are one copy, a lead to this page none', async () => {
    const s = setup({
      pages: copies,
      redirects: { 'https://short.example/a': FULL, 'https://short.example/b': FULL, 'https://short.example/self': PAGE },
      search: () => ['https://short.example/a', 'https://short.example/b', 'https://short.example/self'].map((url) => ({ url, title: TITLE })),
    });
    const r = await runOn(s.deps);
    expect(r.copies.map((c) => c.url)).toEqual([FULL]);
  });

  it('the queries: the page’s phrases in quotes (lost and found’s choice), then its title, at most COPY_QUERIES', async () => {
    const s = setup({ pages: copies, search: () => [] });
    const r = await runOn(s.deps);
    expect(r.queries.length).toBeLessThanOrEqual(COPY_QUERIES);
    expect(r.queries.at(-1)).toBe(TITLE);
    expect(r.queries[0]).toMatch(/^".+"$/);
    expect(s.searched.map((x) => x.query)).toEqual(r.queries);
    expect(r.copies).toEqual([]);
  });

  it('feeds every copy to the evidence as a pair (this page a, the copy b), never in a private window', async () => {
    const s = setup({
      pages: copies,
      search: () => [
        { url: FULL, title: TITLE },
        { url: TITLE_ONLY, title: TITLE },
      ],
    });
    const r = await runOn(s.deps);
    expect(s.pairs).toEqual([
      {
        a: { url: PAGE, title: TITLE },
        b: { url: FULL, title: 'Lantern keeper (mirror)' },
        resemblance: r.copies[0].resemblance,
        aInB: r.copies[0].pageInCopy,
        bInA: r.copies[0].copyInPage,
      },
    ]);
    const p = setup({ pages: copies, incognito: true, search: () => [{ url: FULL, title: TITLE }] });
    const rp = await runOn(p.deps);
    expect(
      rp.copies.map((c) => c.url),
      'still listed',
    ).toEqual([FULL]);
    expect(p.pairs).toEqual([]);
  });
});

describe('copies of this page: bounds, cancel, access', () => {
  it(`at most ${MAX_SEARCHES} searches a run, whatever the queries and engines`, async () => {
    // Both engines answer, with nothing: every query would ask both (COPY_QUERIES × 2 > MAX_SEARCHES).
    const s = setup({ pages: copies, google: true, search: () => [] });
    expect(COPY_QUERIES * 2).toBeGreaterThan(MAX_SEARCHES);
    const r = await runOn(s.deps);
    expect(s.searched).toHaveLength(MAX_SEARCHES);
    expect(s.searched.slice(0, 2).map((x) => x.engine)).toEqual(['google', 'duckduckgo']);
    expect(r.searches).toEqual({ done: MAX_SEARCHES, max: MAX_SEARCHES, engines: ['Google', 'DuckDuckGo'] });
  });

  it('an engine that cannot be read is asked once, then the fallback alone', async () => {
    const s = setup({ pages: copies, google: true, search: (engine) => (engine === 'google' ? undefined : [{ url: FULL, title: TITLE }]) });
    const r = await runOn(s.deps);
    expect(s.searched.filter((x) => x.engine === 'google')).toHaveLength(1);
    expect(r.searches.engines).toEqual(['DuckDuckGo']);
    expect(r.copies.map((c) => c.url)).toEqual([FULL]);
  });

  it(`at most ${MAX_FETCHES} candidate pages fetched a run`, async () => {
    const many = (q: string) => Array.from({ length: 10 }, (_, i) => ({ url: `https://site${i}.example/${encodeURIComponent(q).slice(0, 20)}`, title: 'x' }));
    const s = setup({ pages: copies, search: (_e, q) => many(q) });
    const r = await runOn(s.deps);
    expect(s.searched.length * 10, 'more candidates than the bound').toBeGreaterThan(MAX_FETCHES);
    expect(s.started).toHaveLength(MAX_FETCHES);
    expect(r.fetches).toEqual({ done: MAX_FETCHES, total: MAX_FETCHES, max: MAX_FETCHES });
  });

  it('a cancel aborts the fetches under way (their signals) and starts no other; the run ends cancelled', async () => {
    const cands = Array.from({ length: 12 }, (_, i) => ({ url: `https://c${i}.example/p`, title: 'x' }));
    const s = setup({ pages: copies, search: () => cands, hold: true });
    const ctl = new AbortController();
    const r = { ...newCopiesReport('run-2', BOUNDS), url: PAGE };
    const done = findPageCopies(s.deps, r, ctl.signal);
    // Wait until candidate fetches are under way (a condition, not a time).
    while (s.started.length === 0) await new Promise((res) => setTimeout(res, 1));
    const before = s.started.length;
    expect(before).toBeLessThan(cands.length);
    ctl.abort();
    await done;
    expect(r).toMatchObject({ state: 'cancelled', done: true });
    expect(s.aborted.sort(), 'every fetch under way was aborted').toEqual(s.started.slice(0, before).sort());
    expect(s.started, 'none started after the cancel').toHaveLength(before);
    expect(r.fetches.done).toBe(0);
  });

  it('without access to sites nothing is fetched: the report says access is needed', async () => {
    const s = setup({ access: false, search: () => [{ url: FULL, title: TITLE }] });
    const r = await runOn(s.deps);
    expect(r).toMatchObject({ needsAccess: true, done: true, state: 'failed' });
    expect(s.f.fetched).toEqual([]);
    expect(s.searched).toEqual([]);
  });

  it('a page that cannot be read fails the run with why', async () => {
    const s = setup({ search: () => [] });
    const r = { ...newCopiesReport('run-3', BOUNDS), url: 'https://gone.example/' };
    await findPageCopies(s.deps, r, new AbortController().signal);
    expect(r).toMatchObject({ state: 'failed', done: true });
    expect(r.error).toContain('could not be read (gone)');
    expect(r.failure).toEqual({ code: 'unreadable', detail: 'gone' });
  });
});

describe('copies of this page: the measure and the order', () => {
  const opts = { shingle: SETTINGS.pageShingle, size: SETTINGS.sketchSize };
  it('a copy by resemblance or by either containment; none with sketches of another kind', () => {
    const a = sketchText(TEXT, opts);
    expect(measureCopy(a, sketchText(proseText(2, 400), opts), { threshold: 0.5, containment: 0.8 }).isCopy).toBe(false);
    const part = measureCopy(a, sketchText(TEXT.split(' ').slice(0, 150).join(' '), opts), { threshold: 0.9, containment: 0.8 });
    expect(part.isCopy).toBe(true);
    expect(part.copyInPage).toBeGreaterThan(part.pageInCopy);
    expect(measureCopy(a, sketchText(TEXT, { ...opts, shingle: 4 }), { threshold: 0.1, containment: 0.1 }).isCopy).toBe(false);
  });

  it(`a tiny page held in this page (a title and a line: under ${MIN_HELD_SHINGLES} shingles) is no copy; a longer excerpt is`, () => {
    const a = sketchText(`${TITLE}. ${TEXT}`, opts);
    const words = `${TITLE}. ${TEXT}`.split(' ');
    const stub = measureCopy(a, sketchText(words.slice(0, 20).join(' '), opts), { threshold: 0.9, containment: 0.8 });
    expect(stub.copyInPage, 'held whole').toBe(1);
    expect(stub.isCopy).toBe(false);
    const excerpt = measureCopy(a, sketchText(words.slice(0, MIN_HELD_SHINGLES + 10).join(' '), opts), { threshold: 0.9, containment: 0.8 });
    expect(excerpt.copyInPage).toBe(1);
    expect(excerpt.isCopy).toBe(true);
  });

  it('rankCopies: resemblance, then containment of this page, then the other way, then URL; one per page; the page itself out', () => {
    const c = (url: string, resemblance: number, pageInCopy: number, copyInPage: number) => ({
      url,
      title: '',
      resemblance,
      pageInCopy,
      copyInPage,
      checkedAt: 0,
    });
    const ranked = rankCopies(
      [
        c('https://b.example/', 0.5, 0.9, 0.5),
        c('https://a.example/', 0.5, 0.9, 0.5),
        c('https://c.example/', 0.5, 0.95, 0.4),
        c('https://d.example/', 0.9, 0.9, 0.9),
        c('https://www.d.example/', 0.8, 0.8, 0.8),
        c('https://e.example/', 0.5, 0.9, 0.6),
        c(PAGE, 1, 1, 1),
      ],
      [PAGE],
    );
    expect(ranked.map((x) => x.url)).toEqual(['https://d.example/', 'https://c.example/', 'https://e.example/', 'https://a.example/', 'https://b.example/']);
  });

  it('a report read back is checked: a copy without its measure is refused', () => {
    const r = { ...newCopiesReport('x', BOUNDS), copies: [{ url: FULL, title: 't', resemblance: 0.9, pageInCopy: 0.9, checkedAt: 1 }] };
    const got = check(copiesReportCheck, r);
    expect(got.ok).toBe(false);
    expect(check(copiesReportCheck, newCopiesReport('x', BOUNDS)).ok).toBe(true);
  });
});
