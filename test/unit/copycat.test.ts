/**
 * Issue #19's rules in lib/copycat: what a site is (the Public Suffix List, private part included),
 * which page of a copied pair is the original, when a site is a copycat, and what the user and
 * imported lists change.
 */
import { describe, expect, it } from 'vitest';
import { type Evidence, type MeasuredPair, CONTAIN_MARGIN, SEEN_MARGIN_MS, chooseOriginal, evidenceOf } from '../../lib/copycat/evidence';
import { mergeEvidence } from '../../lib/copycat/merge';
import { packSites } from '../../lib/copycat/listed';
import { type Overrides, judgeSites } from '../../lib/copycat/copycat';
import { flaggedSiteOf, siteLabel, siteMarks } from '../../lib/copycat/marks';
import { differentSites, siteOf } from '../../lib/copycat/site';
import { copyPairs } from '../../lib/copycat/pairs';
import { PAGE_OPTIONS, sketch } from '../../lib/index';
import { proseText } from './helpers/prose';

const T = { resemblance: 0.5, containment: 0.8 };
const RULE = { minOriginals: 3, minSites: 2 };
const NONE: Overrides = { notCopycat: [], marked: [] };

const pair = (a: string, b: string, m: Partial<MeasuredPair> = {}): MeasuredPair => ({
  a: { url: a, title: `A ${a}` },
  b: { url: b, title: `B ${b}` },
  resemblance: 0.9,
  aInB: 0.95,
  bInA: 0.95,
  ...m,
});

/** Evidence that `copy` copies `original`, as page checking would note it on results page `from` (the original ranked first). */
const ev = (copy: string, original: string, at = 1000, from = 'serp:google:q1'): Evidence =>
  evidenceOf(pair(original, copy, { a: { url: original, title: 'o', rank: 1 }, b: { url: copy, title: 'c', rank: 2 } }), T, at, from)!;
const list = (name: string, sites: string[]) => ({ name, at: 0, ...packSites(sites) });

describe('sites (registrable domains by the Public Suffix List)', () => {
  it('reads the registrable domain, private suffixes included', () => {
    expect(siteOf('https://www.stackoverflow.com/questions/1')).toBe('stackoverflow.com');
    expect(siteOf('news.bbc.co.uk')).toBe('bbc.co.uk');
    expect(siteOf('a.github.io')).toBe('a.github.io');
    expect(siteOf('https://b.github.io/x')).toBe('b.github.io');
    expect(differentSites('https://a.github.io/', 'https://b.github.io/')).toBe(true);
    expect(differentSites('https://x.bbc.co.uk/', 'https://www.bbc.co.uk/')).toBe(false);
    expect(siteOf('BÜCHER.de')).toBe('xn--bcher-kva.de');
  });
  it('addresses and public suffixes have no site', () => {
    for (const h of ['127.0.0.1', 'https://10.0.0.1/x', 'localhost', 'http://[::1]/', 'co.uk', 'github.io', 'com', '']) expect(siteOf(h), h).toBeUndefined();
  });
});

describe('which page is the original', () => {
  it('the fuller page never decides alone: it confirms the rank, and against the rank the pair is undecided', () => {
    const fullerB = { aInB: 0.98, bInA: 0.7 };
    const p = (ra?: number, rb?: number, sa?: number, sb?: number) =>
      pair('https://copy.example/1', 'https://orig.example/1', {
        a: { url: 'https://copy.example/1', title: '', rank: ra, seen: sa },
        b: { url: 'https://orig.example/1', title: '', rank: rb, seen: sb },
        ...fullerB,
      });
    expect(chooseOriginal(p(2, 1))).toEqual({ original: 'b', by: 'fuller' });
    expect(chooseOriginal(p(1, 2))).toEqual({ original: undefined, by: 'undecided' });
    expect(chooseOriginal(p())).toEqual({ original: undefined, by: 'undecided' });
    // Seen first decides, unless rank and fullness both say the other page.
    expect(chooseOriginal(p(undefined, undefined, 0, SEEN_MARGIN_MS * 10))).toEqual({ original: 'a', by: 'seen-first' });
    expect(chooseOriginal(p(2, 1, 0, SEEN_MARGIN_MS * 10))).toEqual({ original: undefined, by: 'undecided' });
  });
  it('containments within the margin tie: the page seen first, then the better rank; never the address', () => {
    const base = { aInB: 0.9, bInA: 0.9 + CONTAIN_MARGIN / 2 };
    const seen = pair('https://z.example/', 'https://y.example/', {
      ...base,
      a: { url: 'https://z.example/', title: '', rank: 2, seen: 0 },
      b: { url: 'https://y.example/', title: '', rank: 1, seen: SEEN_MARGIN_MS },
    });
    expect(chooseOriginal(seen)).toEqual({ original: 'a', by: 'seen-first' });
    // Fetched by the same page check: seen times within the margin tie, the rank decides.
    const rank = pair('https://z.example/', 'https://y.example/', {
      ...base,
      a: { url: 'https://z.example/', title: '', rank: 2, seen: 0 },
      b: { url: 'https://y.example/', title: '', rank: 1, seen: SEEN_MARGIN_MS - 1 },
    });
    expect(chooseOriginal(rank)).toEqual({ original: 'b', by: 'rank' });
    const addr = pair('https://z.example/', 'https://y.example/', { ...base });
    expect(chooseOriginal(addr)).toEqual({ original: undefined, by: 'undecided' });
    const swapped = pair('https://y.example/', 'https://z.example/', { aInB: base.bInA, bInA: base.aInB });
    expect(chooseOriginal(swapped)).toEqual({ original: undefined, by: 'undecided' });
  });
  it('evidence only for copies on two different sites, with the measures from the copy’s side', () => {
    expect(evidenceOf(pair('https://a.example/1', 'https://www.a.example/2'), T, 1)).toBeUndefined();
    expect(evidenceOf(pair('https://a.example/1', 'https://127.0.0.1/2'), T, 1)).toBeUndefined();
    expect(evidenceOf(pair('https://a.example/1', 'https://b.example/2', { resemblance: 0.4, aInB: 0.79, bInA: 0.5 }), T, 1)).toBeUndefined();
    const e = evidenceOf(
      pair('https://copy.example/1', 'https://orig.example/1', {
        a: { url: 'https://copy.example/1', title: '', rank: 2 },
        b: { url: 'https://orig.example/1', title: '', rank: 1 },
        resemblance: 0.4,
        aInB: 0.92,
        bInA: 0.4,
      }),
      T,
      5,
      'serp:bing:x',
    )!;
    expect(e).toMatchObject({
      copy: { site: 'copy.example' },
      original: { site: 'orig.example' },
      copyInOriginal: 0.92,
      originalInCopy: 0.4,
      by: 'fuller',
      at: 5,
      from: ['serp:bing:x'],
    });
  });
  it('a pair measured again keeps its first date and verdict; the oldest go first past the bound', () => {
    const first = ev('https://c.example/1', 'https://o.example/1', 10);
    const again = { ...ev('https://c.example/1', 'https://o.example/1', 50), resemblance: 0.7 };
    const merged = mergeEvidence([first], [again]);
    expect(merged).toHaveLength(1);
    expect(merged[0]).toMatchObject({ at: 10, lastAt: 50, resemblance: 0.7, copy: { url: 'https://c.example/1' } });
    const many = Array.from({ length: 5 }, (_, i) => ev(`https://c.example/${i}`, `https://o.example/${i}`, 100 + i));
    const kept = mergeEvidence(many.slice(0, 3), many.slice(3), 4);
    expect(kept.map((e) => e.copy.url)).toEqual([1, 2, 3, 4].map((i) => `https://c.example/${i}`));
  });
});

describe('the copycat rule', () => {
  const three = [
    ev('https://cc.example/1', 'https://so.example/q1'),
    ev('https://cc.example/2', 'https://so.example/q2', 1000, 'serp:bing:q2'),
    ev('https://cc.example/3', 'https://mdn.example/p1'),
  ];
  it('three originals from two other sites make a copycat; the originals’ sites are not', () => {
    const v = judgeSites(three, NONE, [], RULE);
    expect(v.get('cc.example')).toMatchObject({
      own: 'copycat',
      flagged: 'evidence',
      originals: 3,
      fromSites: [
        { site: 'so.example', pages: 2 },
        { site: 'mdn.example', pages: 1 },
      ],
    });
    expect(v.get('so.example')).toMatchObject({ own: 'unknown', flagged: false, copiedBy: 2 });
    expect(siteLabel(v.get('cc.example')!)).toBe('copycat site: 3 pages copied from so.example, mdn.example');
  });
  it('too few originals, one site only, or the same original twice is not enough', () => {
    expect(judgeSites(three.slice(0, 2), NONE, [], RULE).get('cc.example')?.flagged).toBe(false);
    const oneSite = [
      ev('https://cc.example/1', 'https://so.example/q1'),
      ev('https://cc.example/2', 'https://so.example/q2', 1000, 'serp:bing:q2'),
      ev('https://cc.example/3', 'https://so.example/q3'),
    ];
    expect(judgeSites(oneSite, NONE, [], RULE).get('cc.example')?.own).toBe('unknown');
    expect(judgeSites(oneSite, NONE, [], { minOriginals: 3, minSites: 1 }).get('cc.example')?.own).toBe('copycat');
    const sameOriginal = [...three.slice(0, 2), ev('https://cc.example/9', 'https://so.example/q1'), ev('https://cc.example/3', 'https://mdn.example/p1')];
    expect(judgeSites(sameOriginal, NONE, [], { minOriginals: 4, minSites: 2 }).get('cc.example')?.own).toBe('unknown');
  });
  it('one pair copying a site does not clear it; as much evidence as flagging does, and both ways is disputed', () => {
    const v = judgeSites([...three, ev('https://other.example/x', 'https://cc.example/4')], NONE, [], RULE);
    expect(v.get('cc.example')).toMatchObject({ own: 'copycat', flagged: 'evidence', copiedBy: 1 });
    const copiedOf = [
      ev('https://a1.example/x', 'https://cc.example/4'),
      ev('https://a1.example/y', 'https://cc.example/5', 1000, 'serp:bing:q2'),
      ev('https://a2.example/x', 'https://cc.example/6'),
    ];
    expect(judgeSites([...three, ...copiedOf], NONE, [], RULE).get('cc.example')).toMatchObject({ own: 'disputed', flagged: false });
    expect(judgeSites(copiedOf, NONE, [list('clones', ['cc.example'])], RULE).get('cc.example')).toMatchObject({ own: 'copied', flagged: false });
  });
  it('"not a copycat" beats evidence, marks and lists; "mark as copycat" flags by hand', () => {
    const lists = [list('clones', ['cc.example'])];
    expect(judgeSites(three, { notCopycat: ['cc.example'], marked: ['cc.example'] }, lists, RULE).get('cc.example')).toMatchObject({
      flagged: false,
      user: 'not-copycat',
    });
    expect(judgeSites([], { notCopycat: [], marked: ['hand.example'] }, [], RULE).get('hand.example')).toMatchObject({ flagged: 'marked', own: 'unknown' });
  });
  it('a listed site is flagged as listed until own evidence agrees (then by evidence) or disagrees (then not)', () => {
    const lists = [list('clones', ['cc.example', 'so.example', 'quiet.example'])];
    const copiedSo = [...three, ev('https://x2.example/a', 'https://so.example/q3', 1000, 'serp:bing:q3')];
    const v = judgeSites(copiedSo, { notCopycat: [], marked: ['quiet.example'] }, lists, RULE);
    expect(v.get('cc.example')).toMatchObject({ flagged: 'evidence', own: 'copycat', listedIn: ['clones'] });
    expect(v.get('so.example')).toMatchObject({ flagged: false, own: 'copied', listedIn: ['clones'] });
    // A listed site with neither evidence nor the user's word is not judged here: the packed list is looked up where needed.
    const only = judgeSites([], NONE, lists, RULE);
    expect(only.size).toBe(0);
    expect(siteLabel({ flagged: 'listed', listedIn: ['clones'], fromSites: [], originals: 0 })).toBe('copycat site: listed in clones');
  });
  it('marks: the label and the evidence for hover, for flagged sites only; found from any subdomain', () => {
    const marks = siteMarks(judgeSites(three, NONE, [], RULE), three);
    expect(Object.keys(marks)).toEqual(['cc.example']);
    expect(marks['cc.example'].detail.split('\n')).toHaveLength(4);
    expect(marks['cc.example'].detail).toContain('https://cc.example/3 copies https://mdn.example/p1: 90% alike');
    expect(flaggedSiteOf('www.cc.example', marks)).toBe('cc.example');
    expect(flaggedSiteOf('xcc.example', marks)).toBeUndefined();
    expect(flaggedSiteOf('example', marks)).toBeUndefined();
  });
});

describe('pairs measured on a results page', () => {
  const text = proseText(7, 700);
  const sk = (t: string) => sketch(t, { ...PAGE_OPTIONS, format: 'text' });
  const page = (url: string, t: string, rank: number) => ({ url, title: url, rank, sketch: sk(t) });
  it('copies on different sites, with all three measures; the same site, unalike pages and addresses are left out', () => {
    const pages = [
      page('https://so.example/1', text, 1),
      page('https://cc.example/1', text.split(' ').slice(0, 600).join(' '), 2),
      page('https://www.so.example/mirror', text, 3),
      page('https://other.example/1', proseText(8, 700), 4),
      page('https://127.0.0.1/1', text, 5),
    ];
    const pairs = copyPairs(pages, T);
    expect(pairs.map((p) => [p.a.url, p.b.url])).toEqual([
      ['https://so.example/1', 'https://cc.example/1'],
      ['https://cc.example/1', 'https://www.so.example/mirror'],
    ]);
    const [p] = pairs;
    expect(p.aInB).toBeLessThan(p.bInA); // the copy (b) lies in the original more than the reverse
    expect(p.bInA).toBeGreaterThan(0.95);
    expect(p.a).toEqual({ url: 'https://so.example/1', title: 'https://so.example/1', rank: 1 });
    expect(evidenceOf(p, T, 0)).toMatchObject({ copy: { url: 'https://cc.example/1' }, original: { url: 'https://so.example/1' }, by: 'fuller' });
  });
});
