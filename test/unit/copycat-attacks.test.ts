/**
 * Issue #28: copycat verdicts no page can steer. Each case is the attack the review found, measured with
 * real sketches where it turns on measures: framing by padding, "by address", exoneration by one pair,
 * floods of partial copies with huge addresses, a list of 250,000 sites, and marks that escape their label.
 */
import { describe, expect, it } from 'vitest';
import { type CopycatRule, type Overrides, judgeSites } from '../../lib/copycat/copycat';
import { type Evidence, MAX_URL, evidenceOf } from '../../lib/copycat/evidence';
import { hasSite, packSites } from '../../lib/copycat/listed';
import { MAX_TABLE_BYTES, copycatMarkOf, siteMarks } from '../../lib/copycat/marks';
import { MAX_EVIDENCE, NEW_PER_VISIT, mergeEvidence } from '../../lib/copycat/merge';
import { copyPairs } from '../../lib/copycat/pairs';
import { COPYCAT_SITES_KEY, copycatTable, readLookup, readTable } from '../../lib/copycat/table';
import { PAGE_OPTIONS, sketch } from '../../lib/index';
import { serpPlace } from '../../lib/copycat/places';
import { proseText } from './helpers/prose';

const T = { resemblance: 0.5, containment: 0.8 };
const RULE: CopycatRule = { minOriginals: 3, minSites: 2 };
const NONE: Overrides = { notCopycat: [], marked: [] };
const sk = (t: string) => sketch(t, { ...PAGE_OPTIONS, format: 'text' });

/** One results page: its pages measured as page checking does, kept as evidence noted on `place`. */
function visit(kept: Evidence[], pages: { url: string; text: string; rank: number }[], place: string, at = 1000): Evidence[] {
  const pairs = copyPairs(
    pages.map((p) => ({ url: p.url, title: p.url, rank: p.rank, sketch: sk(p.text) })),
    T,
  );
  return mergeEvidence(
    kept,
    pairs.flatMap((p) => evidenceOf(p, T, at, place) ?? []),
  );
}

const LEGIT = [1, 2, 3].map((i) => ({ url: `https://legit.example/post/${i}`, text: proseText(100 + i, 600) }));
/** A copy padded with 60% filler ("related posts"): it holds all of the page, and more. */
const padded = (site: string, i: number) => ({ url: `https://${site}/p${i}`, text: `${LEGIT[i - 1].text} ${proseText(200 + i, 900)}` });

describe('framing by padding', () => {
  const copies = [padded('evil1.example', 1), padded('evil2.example', 2), padded('evil1.example', 3)];
  it('one hostile results page listing a site beside padded copies of it flags nobody', () => {
    // Before issue #28: "legit copies evil (by fuller)", and legit.example a copycat on this one page.
    const ev = visit(
      [],
      [...LEGIT.map((p, i) => ({ ...p, rank: 2 * i + 1 })), ...copies.map((p, i) => ({ ...p, rank: 2 * i + 2 }))],
      'serp:searxng/searx.evil:q',
    );
    expect(ev.length).toBe(3);
    // The legitimate pages rank first and the copies are fuller: the signals disagree, so nobody is said to copy.
    expect(ev.every((e) => e.by === 'undecided')).toBe(true);
    const v = judgeSites(ev, NONE, [], RULE);
    expect(v.get('legit.example')).toMatchObject({ own: 'unknown', flagged: false, undecided: 3 });
  });
  it('a hostile engine ranking the padded copies first, over several queries, can label but never hide', () => {
    let ev: Evidence[] = [];
    for (const q of ['a', 'b', 'c'])
      ev = visit(ev, [...copies.map((p, i) => ({ ...p, rank: i + 1 })), ...LEGIT.map((p, i) => ({ ...p, rank: i + 4 }))], `serp:searxng/searx.evil:${q}`);
    const legit = judgeSites(ev, NONE, [], RULE).get('legit.example')!;
    expect(legit.places).toBe(3);
    expect(legit.engines).toBe(1);
    expect(legit.hide).toBe(false);
  });
  it('pages the store saw first are originals, whatever a later page ranks or pads', () => {
    const seen = (url: string) => (url.includes('legit') ? 0 : 10 * 86_400_000);
    const pairs = copyPairs(
      [
        ...copies.map((p, i) => ({ url: p.url, title: '', rank: i + 1, seen: seen(p.url), sketch: sk(p.text) })),
        ...LEGIT.map((p, i) => ({ url: p.url, title: '', rank: i + 4, seen: seen(p.url), sketch: sk(p.text) })),
      ],
      T,
    );
    // Rank and fullness both say "evil": against the store's dates that leaves the pair undecided, never legit as the copy.
    const ev = pairs.flatMap((p) => evidenceOf(p, T, 1, 'serp:searxng/searx.evil:q') ?? []);
    expect(ev.some((e) => e.copy.site === 'legit.example' && e.by !== 'undecided')).toBe(false);
  });
});

describe('an address is no evidence', () => {
  it('word-for-word copies on http:// mirrors ("find copies": no rank, no dates) are undecided, and the site is not flagged', () => {
    let ev: Evidence[] = [];
    for (const [i, p] of LEGIT.entries()) {
      const mirror = { url: p.url.replace('https://legit.example', `http://mirror${i % 2}.example`), text: p.text };
      const pairs = copyPairs(
        [p, mirror].map((x) => ({ url: x.url, title: '', sketch: sk(x.text) })),
        T,
      );
      ev = mergeEvidence(
        ev,
        pairs.flatMap((x) => evidenceOf(x, T, 1, `copies:${p.url}`) ?? []),
      );
    }
    expect(ev.map((e) => e.by)).toEqual(['undecided', 'undecided', 'undecided']);
    expect(judgeSites(ev, NONE, [], RULE).get('legit.example')).toMatchObject({ own: 'unknown', flagged: false });
  });
});

describe('exoneration', () => {
  const ev = (copy: string, original: string, place: string) =>
    evidenceOf({ a: { url: original, title: '', rank: 1 }, b: { url: copy, title: '', rank: 2 }, resemblance: 0.6, aInB: 0.85, bInA: 0.85 }, T, 1, place)!;
  const lists = [{ name: 'clones', at: 0, ...packSites(['listed.example']) }];
  it('one throwaway site holding a listed site’s page does not clear it', () => {
    const v = judgeSites([ev('https://throwaway.example/x', 'https://listed.example/a', 'serp:google:q')], NONE, lists, RULE);
    expect(v.get('listed.example')).toMatchObject({ own: 'unknown', flagged: 'listed' });
  });
  it('as much evidence as flagging does clear it', () => {
    const clear = [
      ev('https://t1.example/x', 'https://listed.example/a', 'serp:google:q'),
      ev('https://t1.example/y', 'https://listed.example/b', 'serp:bing:r'),
      ev('https://t2.example/x', 'https://listed.example/c', 'serp:google:q'),
    ];
    expect(judgeSites(clear, NONE, lists, RULE).get('listed.example')).toMatchObject({ own: 'copied', flagged: false });
  });
});

describe('floods', () => {
  const long = (i: number) => `https://s${i}.example/${'x'.repeat(3000)}`;
  const flood = (n: number, place: string, at: number): Evidence[] =>
    Array.from(
      { length: n },
      (_, i) =>
        evidenceOf(
          {
            a: { url: `https://v${i}.example/${i}`, title: 't'.repeat(900), rank: 1 },
            b: { url: long(i), title: 'c'.repeat(900), rank: 2 },
            resemblance: 0.5,
            aInB: 0.9,
            bInA: 0.9,
          },
          T,
          at,
          place,
        )!,
    );
  it('one page of 700 partial copies adds at most NEW_PER_VISIT records, clipped', () => {
    const kept = mergeEvidence([], flood(700, 'serp:searxng/evil:q', 1));
    expect(kept.length).toBe(NEW_PER_VISIT);
    for (const e of kept) {
      expect(e.copy.url.length).toBeLessThanOrEqual(MAX_URL);
      expect(e.copy.title.length).toBeLessThanOrEqual(120);
    }
    expect([...judgeSites(kept, NONE, [], RULE).values()].filter((v) => v.flagged)).toEqual([]);
  });
  it('a flood from many pages evicts its own records before the pair from another page', () => {
    const clearing = evidenceOf(
      {
        a: { url: 'https://legit.example/a', title: '', rank: 1 },
        b: { url: 'https://copy.example/a', title: '', rank: 2 },
        resemblance: 0.9,
        aInB: 0.95,
        bInA: 0.95,
      },
      T,
      0,
      'serp:google:legit',
    )!;
    let kept = [clearing];
    for (let v = 0; v < 100; v++)
      kept = mergeEvidence(
        kept,
        flood(NEW_PER_VISIT, `serp:searxng/evil:q${v % 3}`, 10 + v).map((e, i) => ({ ...e, copy: { ...e.copy, url: `${e.copy.url}${v}-${i}` } })),
      );
    expect(kept.length).toBe(MAX_EVIDENCE);
    expect(kept).toContainEqual(clearing);
  });
  it('the results pages’ table stays under its byte cap however many sites are flagged', () => {
    const ev: Evidence[] = [];
    for (let s = 0; s < 1500; s++)
      for (const [o, place] of [
        ['a', 'serp:google:1'],
        ['b', 'serp:bing:2'],
        ['c', 'serp:google:3'],
      ] as const)
        ev.push(
          evidenceOf(
            {
              a: { url: `https://o${o}${s % 7}.example/${s}`, title: '', rank: 1 },
              b: { url: `https://cc${s}.example/${o}${'y'.repeat(250)}`, title: '', rank: 2 },
              resemblance: 0.9,
              aInB: 0.95,
              bInA: 0.95,
            },
            T,
            1,
            place,
          )!,
        );
    const table = siteMarks(judgeSites(ev, NONE, [], RULE), ev);
    expect(Object.keys(table).length).toBeGreaterThan(100);
    expect(JSON.stringify(table).length).toBeLessThanOrEqual(MAX_TABLE_BYTES);
  });
});

describe('marks never escape their label', () => {
  it('a copycat with 1,800-character addresses keeps its mark when built and when read back', () => {
    const ev = ['a', 'b', 'c'].map(
      (o, i) =>
        evidenceOf(
          {
            a: { url: `https://orig${i % 2}.example/${o}`, title: '', rank: 1 },
            b: { url: `https://cc.example/${o}${'z'.repeat(1800)}`, title: '', rank: 2 },
            resemblance: 0.9,
            aInB: 0.95,
            bInA: 0.95,
          },
          T,
          1,
          `serp:google:${i}`,
        )!,
    );
    const table = siteMarks(judgeSites(ev, NONE, [], RULE), ev);
    expect(Object.keys(readTable({ [COPYCAT_SITES_KEY]: table }))).toEqual(['cc.example']);
  });
  it('a stored mark too long for the reader is clipped, not dropped', () => {
    const mark = { label: `copycat site: ${'w'.repeat(900)}`, detail: 'd'.repeat(5810) };
    const read = readTable({ [COPYCAT_SITES_KEY]: { 'cc.example': mark } });
    expect(read['cc.example']?.detail.length).toBeLessThanOrEqual(5000);
    expect(read['cc.example']?.label.length).toBeLessThanOrEqual(500);
  });
});

describe('a list of 250,000 sites', () => {
  const sites = Array.from({ length: 250_000 }, (_, i) => `site${i.toString(36)}.example`);
  const lists = [{ name: 'big', at: 0, ...packSites(sites) }];
  it('is looked up by bisection exactly as a Set would answer', () => {
    const set = new Set(sites);
    for (const probe of [...sites.filter((_, i) => i % 997 === 0), 'nope.example', 'site.example', '', 'zzz.example', 'a.example'])
      expect(hasSite(lists[0].sites, probe), probe).toBe(set.has(probe));
  });
  it('stays out of the per-site table; results pages find its sites from any subdomain, except those cleared', () => {
    const { table, unlisted } = copycatTable({ evidence: [], user: { notCopycat: ['site1.example'], marked: [] }, lists }, RULE);
    expect(Object.keys(table)).toEqual([]);
    expect(unlisted).toEqual(['site1.example']);
    const lookup = readLookup({ [COPYCAT_SITES_KEY]: table, 'copycat:lists': lists, 'copycat:unlisted': unlisted });
    expect(copycatMarkOf('www.site2.example', lookup)).toMatchObject({
      site: 'site2.example',
      mark: { facts: { flagged: 'listed', listedIn: ['big'], hide: true } },
    });
    expect(copycatMarkOf('site1.example', lookup)).toBeUndefined();
    expect(copycatMarkOf('other.example', lookup)).toBeUndefined();
  });
  it('a list stored as an array by an older version is packed on reading', () => {
    const lookup = readLookup({ 'copycat:lists': [{ name: 'old', at: 1, sites: ['b.example', 'a.example'] }] });
    expect(lookup.lists).toEqual([{ name: 'old', at: 1, count: 2, sites: 'a.example\nb.example' }]);
  });
});

describe('places', () => {
  it('a results page is its engine and a hash of its query (the words are not kept); a SearXNG instance or an added engine is an engine of its own', () => {
    const a = serpPlace({ engine: 'google', url: 'https://www.google.com/search?q=Walden+Pond', query: 'Walden  Pond' });
    expect(a).toMatch(/^serp:google:[0-9a-f]{8}$/);
    expect(a).toBe(serpPlace({ engine: 'google', url: 'https://www.google.com/search?q=walden+pond', query: 'walden pond' }));
    expect(a).not.toBe(serpPlace({ engine: 'google', url: '', query: 'walden' }));
    expect(serpPlace({ engine: 'searxng', url: 'https://searx.example/search?q=x', query: 'x' })).toMatch(/^serp:searxng\/searx\.example:/);
    expect(serpPlace({ engine: 'added:search.example', url: 'https://search.example/?q=x', query: 'x' })).toMatch(/^serp:added\/search\.example:[0-9a-f]{8}$/);
  });
});
