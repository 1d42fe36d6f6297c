/**
 * Lost and found's search (lib/lost/find.ts, issue #18) with fake sites, store and sketcher
 * (./helpers/lost-fakes.ts): the dead URL checked again, then each source's candidates — the other
 * members of its groups, the store, a search, the archive — fetched and measured; only measured copies
 * are alternates. The e2e specs test/e2e/lost*.spec.ts drive the same code in Chromium.
 */
import { describe, expect, it } from 'vitest';
import { STORE_QUERY_THRESHOLD, findCopiesOf, newReport } from '../../lib/lost/find';
import { searchUrl } from '../../lib/lost/search';
import type { LostReport } from '../../lib/lost/report';
import { fakes, html, serpHtml, storedSketch } from './helpers/lost-fakes';
import { proseText } from './helpers/prose';
import { pickPhrases } from '../../lib/lost/phrases';

const DEAD = 'https://gone.example/essay';
const TITLE = 'The lantern keeper of the northern harbour';
const TEXT = proseText(1, 400);
const MIRROR = 'https://mirror.example/essay';
const OTHER = 'https://other.example/essay';
const known = { title: TITLE, page: storedSketch(TEXT) };

async function find(f: ReturnType<typeof fakes>): Promise<LostReport> {
  const r = newReport(DEAD);
  await findCopiesOf(f.deps, r);
  return r;
}
const states = (r: LostReport) => Object.fromEntries(r.sources.map((s) => [s.source, s.state]));
const source = (r: LostReport, s: string) => r.sources.find((x) => x.source === s)!;

describe('lost and found: the dead URL checked again', () => {
  it('a URL that answers is not dead: every source skipped, nothing else fetched', async () => {
    const f = fakes({ pages: { [DEAD]: html(TITLE, TEXT) }, records: { [DEAD]: known } });
    const r = await find(f);
    expect(r).toMatchObject({ alive: true, done: true, hasSketch: true, recheck: { status: 'ok' } });
    expect(Object.values(states(r))).toEqual(['skipped', 'skipped', 'skipped', 'skipped']);
    expect(f.fetched).toEqual([DEAD]);
  });

  it('an error page under the URL is a death (soft 404), and the search goes on', async () => {
    const f = fakes({ pages: { [DEAD]: html('404 Not Found', 'Page not found') }, records: { [DEAD]: known }, settings: { archiveLookups: false } });
    const r = await find(f);
    expect(r.alive).toBeUndefined();
    expect(r.recheck?.status).toBe('soft404');
    expect(r).toMatchObject({ done: true, known: { title: TITLE, sketch: { values: 128 } } });
  });
});

describe('lost and found: sources and candidates', () => {
  it('group: the other members of its groups are measured; the copy passes, a page of the same title but other text does not', async () => {
    const serp = {
      results: [
        { rank: 1, url: DEAD, title: TITLE },
        { rank: 2, url: MIRROR, title: TITLE },
        { rank: 3, url: OTHER, title: TITLE },
        { rank: 4, url: 'https://alone.example/', title: TITLE },
        { rank: 5, url: 'https://alone.example/amp', title: TITLE },
      ],
      // The second group is another's, not the dead page's.
      groups: [
        { representative: 1, members: [{ rank: 2 }, { rank: 3 }] },
        { representative: 4, members: [{ rank: 5 }] },
      ],
    };
    const pages = { [MIRROR]: html(TITLE, TEXT), [OTHER]: html(TITLE, proseText(2, 400)), 'https://alone.example/': html(TITLE, TEXT) };
    const f = fakes({ pages, records: { [DEAD]: known }, serps: [serp], settings: { archiveLookups: false } });
    const r = await find(f);
    expect(source(r, 'group')).toMatchObject({ state: 'done', candidates: 2 });
    expect(r.alternates.map((a) => [a.url, a.source, a.basis])).toEqual([[MIRROR, 'group', 'page']]);
    expect(r.alternates[0].resemblance).toBeGreaterThan(0.95);
    expect(f.fetched).toContain(OTHER);
    expect(
      f.fetched.filter((u) => u.startsWith('https://alone.example/')),
      'a result in no group with it is no candidate',
    ).toEqual([]);
  });

  it('store: asked down to its index floor whatever the user’s threshold, so a page containing the dead one passes by containment', async () => {
    const LONGER = 'https://anthology.example/all';
    const longer = `${TEXT} ${proseText(3, 900)}`;
    const f = fakes({
      pages: { [LONGER]: html('An anthology', longer) },
      // With the phrases page checking keeps (issue #28: a copy accepted by containment alone must hold them all).
      records: { [DEAD]: { ...known, phrases: pickPhrases(TEXT) } },
      similar: [{ url: LONGER, title: 'An anthology', resemblance: 0.31 }],
      settings: { resemblanceThreshold: 0.7, archiveLookups: false },
    });
    const r = await find(f);
    expect(STORE_QUERY_THRESHOLD).toBe(0.3);
    expect(f.similarAsked).toEqual([{ threshold: 0.3, limit: 8, exclude: DEAD }]);
    expect(r.alternates).toHaveLength(1);
    expect(r.alternates[0]).toMatchObject({ url: LONGER, source: 'store', basis: 'page' });
    expect(r.alternates[0].resemblance).toBeLessThan(0.7);
    expect(r.alternates[0].containment).toBeGreaterThanOrEqual(0.8);
  });

  it('store: without a kept sketch of the page it is not asked', async () => {
    const f = fakes({ records: { [DEAD]: { title: TITLE } }, settings: { archiveLookups: false } });
    const r = await find(f);
    expect(r.hasSketch).toBe(false);
    expect(source(r, 'store')).toMatchObject({ state: 'skipped', note: 'no sketch of the page was kept' });
    expect(f.similarAsked).toEqual([]);
  });

  it('search: the engine that listed the page first; one that cannot be read is dropped for DuckDuckGo, whose results are measured', async () => {
    const COPY = 'https://copy.example/lantern';
    const google = searchUrl('google', TITLE);
    const ddg = searchUrl('duckduckgo', TITLE);
    const f = fakes({
      pages: {
        [google]: '<form>Before you continue</form>',
        [ddg]: serpHtml([
          { url: COPY, title: TITLE },
          { url: OTHER, title: 'Other' },
        ]),
        [COPY]: html(TITLE, TEXT),
        [OTHER]: html('Other', proseText(4, 300)),
      },
      records: { [DEAD]: known },
      serps: [{ engine: 'google', results: [{ rank: 1, url: DEAD, title: TITLE }] }],
      settings: { archiveLookups: false },
    });
    const r = await find(f);
    expect(f.fetched.indexOf(google)).toBeLessThan(f.fetched.indexOf(ddg));
    expect(source(r, 'search')).toMatchObject({ state: 'done', note: 'asked DuckDuckGo', candidates: 2 });
    expect(r.alternates.map((a) => [a.url, a.source])).toEqual([[COPY, 'search']]);
  });

  it('a page two sources find is measured once, under the first', async () => {
    const serp = {
      results: [
        { rank: 1, url: DEAD, title: TITLE },
        { rank: 2, url: MIRROR, title: TITLE },
      ],
      groups: [{ representative: 1, members: [{ rank: 2 }] }],
    };
    const f = fakes({
      pages: { [MIRROR]: html(TITLE, TEXT) },
      records: { [DEAD]: known },
      serps: [serp],
      similar: [{ url: `${MIRROR}#top`, title: TITLE, resemblance: 1 }],
      settings: { archiveLookups: false },
    });
    const r = await find(f);
    expect(f.fetched.filter((u) => u.startsWith(MIRROR))).toEqual([MIRROR]);
    expect(source(r, 'store').candidates).toBe(0);
    expect(r.alternates.map((a) => a.source)).toEqual(['group']);
  });
});

describe('lost and found: the archive, and no access to sites', () => {
  const TS = '20240115093000';
  const RAW = `https://web.archive.org/web/${TS}id_/${DEAD}`;
  const available = {
    'https://archive.org/wayback/available': {
      archived_snapshots: { closest: { available: true, status: '200', url: `http://web.archive.org/web/${TS}/${DEAD}`, timestamp: TS } },
    },
  };

  it('without access only the archive is asked: the snapshot nearest the last sighting, fetched raw and measured', async () => {
    const lastSeen = Date.UTC(2024, 0, 10);
    const f = fakes({ access: false, json: available, pages: { [RAW]: html(TITLE, TEXT) }, records: { [DEAD]: { ...known, lastSeen } } });
    const r = await find(f);
    expect(r.needsAccess).toBe(true);
    expect(r.recheck, 'nothing fetched to check it again').toBeUndefined();
    expect(states(r)).toEqual({ group: 'skipped', store: 'skipped', search: 'skipped', archive: 'done' });
    expect(source(r, 'group').note).toContain('no access to other sites');
    const asked = new URL(f.fetched[0]);
    expect(asked.searchParams.get('url')).toBe(DEAD);
    expect(asked.searchParams.get('timestamp')).toBe('20240110000000');
    expect(f.fetched).toEqual([f.fetched[0], RAW]);
    expect(r.alternates).toEqual([expect.objectContaining({ url: RAW, source: 'archive', basis: 'page', archivedAt: Date.UTC(2024, 0, 15, 9, 30) })]);
  });

  it('an archived error page is no copy, even when its title is the page’s (no sketch kept: titles compared)', async () => {
    const f = fakes({ access: false, json: available, pages: { [RAW]: html(TITLE, 'Page not found') }, records: { [DEAD]: { title: TITLE } } });
    const r = await find(f);
    expect(f.fetched).toContain(RAW);
    expect(source(r, 'archive').state).toBe('done');
    expect(r.alternates).toEqual([]);
  });

  it('off in the options: not asked; an error status: no copy; no answer (a timeout, not JSON): the source failed', async () => {
    const off = fakes({ access: false, settings: { archiveLookups: false } });
    expect(source(await find(off), 'archive')).toMatchObject({ state: 'skipped', note: 'archive lookups are off (options)' });
    expect(off.fetched).toEqual([]);
    const status = fakes({ access: false, jsonFailure: 'http' });
    expect(source(await find(status), 'archive')).toMatchObject({ state: 'skipped', note: 'the Internet Archive has no copy' });
    for (const kind of ['timeout', 'wrong-type'] as const) {
      const r = await find(fakes({ access: false, jsonFailure: kind }));
      expect(source(r, 'archive').state, kind).toBe('failed');
      expect(source(r, 'archive').note).toContain('could not be asked');
      expect(r.done).toBe(true);
    }
  });
});
