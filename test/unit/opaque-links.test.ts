import { describe, expect, it } from 'vitest';
import { displayHost, resultDomain, resultHost, withResolutions } from '../../lib/group/result-item';
import { groupResults } from '../../lib/group/results';
import { groupWithPages } from '../../lib/group/pages';
import { flaggedSiteOf } from '../../lib/copycat/marks';

// Issue #27, item 3: a result whose link is the engine's opaque redirect.
describe('a result’s site host', () => {
  it('reads the host a display URL names', () => {
    expect(displayHost('https://www.example.com › path › more')).toBe('www.example.com');
    expect(displayHost('example.com/path')).toBe('example.com');
    expect(displayHost('www.Example.co.uk')).toBe('www.example.co.uk');
    expect(displayHost('http://news.example.org/a?b')).toBe('news.example.org');
    expect(displayHost('  sub.example.net › a')).toBe('sub.example.net');
    expect(displayHost('bücher.example')).toBe('xn--bcher-kva.example');
  });

  it('finds no host in words, a bare label, an address with a port or user, or nothing', () => {
    for (const d of ['', 'Wikipedia › wiki', 'localhost', 'example.com:8080/x', 'user@example.com', 'a › b', '12.34', 'Cached'])
      expect(displayHost(d), d).toBeUndefined();
    expect(displayHost(undefined)).toBeUndefined();
  });

  it('is the address’s host for a result whose link holds its target', () => {
    expect(resultHost({ url: 'https://www.example.com/a', displayUrl: 'other.org › x' })).toBe('www.example.com');
    expect(resultHost({ url: 'not a url', displayUrl: 'example.com' })).toBeUndefined();
    expect(resultHost({ url: 'javascript:void(0)', displayUrl: '' })).toBeUndefined();
  });

  it('is the display URL’s host for an opaque link, never the engine’s', () => {
    const goto = { url: 'https://www.google.com/goto?url=abc', displayUrl: 'https://www.example.com › path', unresolved: true };
    expect(resultHost(goto)).toBe('www.example.com');
    expect(resultDomain(goto)).toBe('example.com');
    expect(resultHost({ ...goto, displayUrl: 'example.com/path' })).toBe('example.com');
    const baidu = { url: 'https://www.baidu.com/link?url=xyz', displayUrl: '百度快照', unresolved: true };
    expect(resultHost(baidu)).toBeUndefined();
    expect(resultDomain(baidu)).toBe('');
  });

  it('labels an opaque link by its display URL’s site (and never the engine as a copycat)', () => {
    const table = { 'copycat.example': {}, 'google.com': {} };
    expect(flaggedSiteOf(resultHost({ url: 'https://www.google.com/goto?url=t1', displayUrl: 'www.copycat.example › a', unresolved: true }) ?? '', table)).toBe(
      'copycat.example',
    );
    expect(flaggedSiteOf(resultHost({ url: 'https://www.google.com/goto?url=t2', displayUrl: 'Some words', unresolved: true }) ?? '', table)).toBeUndefined();
  });
});

describe('resolved opaque links', () => {
  const results = [
    {
      rank: 1,
      url: 'https://www.google.com/goto?url=t1',
      title: 'Apples of the northern orchards',
      snippet: 'How growers keep old varieties alive through hard winters and late frosts.',
      displayUrl: 'https://a.example › apples',
      unresolved: true as const,
    },
    {
      rank: 2,
      url: 'https://www.google.com/goto?url=t2',
      title: 'Quantum error correction today',
      snippet: 'Surface codes, logical qubits and the thresholds hardware must reach.',
      displayUrl: 'b.example/qec',
      unresolved: true as const,
    },
    {
      rank: 3,
      url: 'https://c.example/other',
      title: 'A recipe for plum cake',
      snippet: 'Butter, sugar, plums and a slow oven make this Sunday classic.',
      displayUrl: 'c.example',
    },
  ];

  it('take the address they end at; others are left as they are', () => {
    const r = withResolutions(results, { 'https://www.google.com/goto?url=t1': 'https://a.example/apples', 'https://c.example/other': 'https://x.example/' });
    const { unresolved: _, ...plain } = results[0]!;
    expect(r[0]).toEqual({ ...plain, url: 'https://a.example/apples' });
    expect(r[0].url).toBe('https://a.example/apples');
    expect(r[0].unresolved).toBeUndefined();
    expect(resultHost(r[0])).toBe('a.example');
    expect(r[1]).toBe(results[1]); // not resolved: still opaque
    expect(r[2]).toBe(results[2]); // never opaque: a resolution does not apply
    expect(withResolutions(results, undefined)).toEqual(results);
  });

  it('group two /goto results that end at the same address as the same page', () => {
    const before = groupResults(results, { threshold: 0.5 });
    expect(before.groups).toEqual([]);
    const same = 'https://same.example/page';
    const after = withResolutions(results, { 'https://www.google.com/goto?url=t1': same, 'https://www.google.com/goto?url=t2': same });
    const outcome = groupResults(after, { threshold: 0.5 });
    expect(outcome.groups).toEqual([
      { id: 1, representative: 1, members: [{ rank: 2, reason: { kind: 'same-page', url: expect.stringContaining('same.example') } }] },
    ]);
    // The regroup with pages (lib/tab/with-pages.ts withPages) says so too, from the snippets' outcome made before.
    const pages = groupWithPages(after, before, new Map(), { threshold: 0.5, containment: 0.8 });
    expect(pages).toHaveLength(1);
    expect(pages[0]!.representative).toBe(1);
    expect(pages[0]!.members).toEqual([{ rank: 2, reason: { kind: 'same-page', url: expect.stringContaining('same.example') } }]);
  });
});
