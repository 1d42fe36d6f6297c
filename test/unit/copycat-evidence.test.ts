/**
 * Issue #19's evidence as the background keeps it (entrypoints/background/copycat/copycat-evidence.ts), with
 * storage.local in memory: measured pairs become records and the results pages' table follows; nothing
 * is kept from a private window; the user's word and imported lists survive the cache being cleared.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { DEFAULT_SETTINGS } from '../../lib/settings';
import type { MeasuredPair } from '../../lib/copycat/evidence';

const local = fakeBrowser.storage.local;
const stored = async (k: string) => (await local.get(k))[k];
vi.mock('../../shared/settings', () => ({ readSettings: async () => DEFAULT_SETTINGS }));
/** The store's first sight of pages (the dates the evidence takes): set per test. */
const firstSeen = new Map<string, number>();
vi.mock('../../entrypoints/background/worker/store-access', () => ({
  storeFor: async () => ({
    getMany: async (urls: string[]) => new Map(urls.filter((u) => firstSeen.has(u)).map((u) => [u, { firstSeen: firstSeen.get(u)! }])),
  }),
}));

const { noteCopies, noteLostCopies, setVerdict, clearEvidence, addList, readCopycats } = await import('../../entrypoints/background/copycat/copycat-evidence');

const pair = (copy: string, original: string): MeasuredPair => ({
  a: { url: original, title: 'original', rank: 1 },
  b: { url: copy, title: 'copy', rank: 2 },
  resemblance: 0.85,
  aInB: 0.85,
  bInA: 1,
});
const PAIRS = [
  pair('https://cc.example/1', 'https://so.example/1'),
  pair('https://cc.example/2', 'https://so.example/2'),
  pair('https://cc.example/3', 'https://mdn.example/1'),
];

describe('copycat evidence in the background', () => {
  beforeEach(() => {
    fakeBrowser.reset();
    firstSeen.clear();
  });
  const G = { incognito: false, from: 'serp:google:q1' };
  const B = { incognito: false, from: 'serp:bing:q2' };

  it('measured copies become evidence and the table the results pages read', async () => {
    expect(await noteCopies(PAIRS, G)).toBe(3);
    expect(await stored('copycat:evidence')).toHaveLength(3);
    // One results page decides nothing (issue #28).
    expect(await stored('copycat:sites')).toEqual({});
    // Measured again on another results page: the same records, not more, and now a verdict.
    await noteCopies(PAIRS, B);
    expect(await stored('copycat:evidence')).toHaveLength(3);
    expect(Object.keys((await stored('copycat:sites')) as object)).toEqual(['cc.example']);
  });

  it('nothing is kept from a private window', async () => {
    expect(await noteCopies(PAIRS, { incognito: true, from: 'serp:google:q1' })).toBe(0);
    expect(await local.get(null)).toEqual({});
  });

  it('concurrent notes from two tabs both stay (one change at a time)', async () => {
    await Promise.all(PAIRS.map((p) => noteCopies([p], G)));
    expect(await stored('copycat:evidence')).toHaveLength(3);
  });

  it('clearing the cache drops the evidence, not the user’s word or the imported lists', async () => {
    await noteCopies(PAIRS, G);
    await setVerdict('hand.example', 'marked');
    await addList('clones', ['listed.example']);
    const s = await clearEvidence();
    expect(s.evidence).toEqual([]);
    // The listed site is kept packed in its list, not in the per-site table (issue #28).
    expect(Object.keys((await stored('copycat:sites')) as object).sort()).toEqual(['hand.example']);
    expect(s.lists).toEqual([expect.objectContaining({ name: 'clones', sites: 1 })]);
    expect((await readCopycats()).user.marked).toEqual(['hand.example']);
  });

  it('"not a copycat" takes the site off the table; undone, it is back', async () => {
    await noteCopies(PAIRS, G);
    await noteCopies(PAIRS, B);
    await setVerdict('cc.example', 'not-copycat');
    expect(await stored('copycat:sites')).toEqual({});
    await setVerdict('cc.example', 'none');
    expect(Object.keys((await stored('copycat:sites')) as object)).toEqual(['cc.example']);
  });

  it('lost and found dates a live copy by the store’s first sight of it, not by when it was checked (issue #28)', async () => {
    const DAY = 86_400_000;
    const now = Date.now();
    // The dead page is a scraper's, seen a day ago; the live copy is the month-old original the store saw first.
    const report = {
      url: 'https://scraper.example/a',
      known: { title: 't', firstSeen: now - DAY, lastSeen: now - DAY, phrases: [] },
      hasSketch: true,
      alternates: [
        {
          url: 'https://original.example/a',
          title: 't',
          source: 'store' as const,
          resemblance: 0.9,
          containment: 0.95,
          checkedAt: now,
          basis: 'page' as const,
        },
      ],
      sources: [],
      done: true,
    };
    firstSeen.set('https://original.example/a', now - 30 * DAY);
    expect(await noteLostCopies(report)).toBe(1);
    const [e] = (await stored('copycat:evidence')) as { copy: { url: string }; original: { url: string }; by: string; from: string[] }[];
    expect(e).toMatchObject({
      copy: { url: 'https://scraper.example/a' },
      original: { url: 'https://original.example/a' },
      by: 'seen-first',
      from: ['lost:https://scraper.example/a'],
    });
  });

  it('a live copy the store never saw has no date: its pair is undecided, never "seen later"', async () => {
    const now = Date.now();
    const report = {
      url: 'https://scraper.example/b',
      known: { title: 't', firstSeen: now - 86_400_000, lastSeen: now, phrases: [] },
      hasSketch: true,
      alternates: [
        {
          url: 'https://never-seen.example/b',
          title: 't',
          source: 'search' as const,
          resemblance: 0.9,
          containment: 0.95,
          checkedAt: now,
          basis: 'page' as const,
        },
      ],
      sources: [],
      done: true,
    };
    await noteLostCopies(report);
    expect(((await stored('copycat:evidence')) as { by: string }[]).map((e) => e.by)).toEqual(['undecided']);
  });

  it('pages whose callers gave no date are dated by the store (find copies)', async () => {
    firstSeen.set('https://so.example/1', 1000);
    firstSeen.set('https://cc.example/1', 1000 + 86_400_000);
    await noteCopies(
      [{ a: { url: 'https://cc.example/1', title: '' }, b: { url: 'https://so.example/1', title: '' }, resemblance: 0.9, aInB: 0.9, bInA: 0.9 }],
      { incognito: false, from: 'copies:https://cc.example/1' },
    );
    expect(await stored('copycat:evidence')).toEqual([
      expect.objectContaining({ copy: expect.objectContaining({ url: 'https://cc.example/1' }), by: 'seen-first' }),
    ]);
  });

  it('an update writes an older version’s copycat state in today’s forms: lists packed, list-only sites out of the table', async () => {
    vi.resetModules();
    const fresh = await import('../../entrypoints/background/copycat/copycat-evidence');
    await local.set({
      'copycat:lists': [{ name: 'old', at: 1, sites: ['b.example', 'a.example'] }],
      'copycat:sites': {
        'a.example': { label: 'copycat site: listed in old', detail: 'x' },
        'b.example': { label: 'copycat site: listed in old', detail: 'x' },
      },
      'copycat:evidence': [
        {
          copy: { url: 'https://c.example/1', title: '', site: 'c.example' },
          original: { url: 'https://o.example/1', title: '', site: 'o.example' },
          resemblance: 0.9,
          copyInOriginal: 1,
          originalInCopy: 0.9,
          by: 'address',
          at: 1,
          lastAt: 1,
        },
      ],
    });
    await fresh.migrateCopycats();
    expect(await stored('copycat:lists')).toEqual([{ name: 'old', at: 1, count: 2, sites: 'a.example\nb.example' }]);
    expect(await stored('copycat:sites')).toEqual({});
    expect(((await stored('copycat:evidence')) as { by: string }[])[0].by).toBe('undecided');
  });
});
