import { describe, expect, it } from 'vitest';
import { alternatesState, alternatesStateText, mergeAlternates } from '../../entrypoints/popup/alternates';
import type { Alternate } from '../../lib/lost/report';

const alt = (url: string, resemblance: number, extra: Partial<Alternate> = {}): Alternate => ({
  url,
  title: url,
  source: 'group',
  resemblance,
  containment: resemblance,
  checkedAt: 1000,
  basis: 'page',
  ...extra,
});

describe('mergeAlternates (the popup’s list for one dead URL)', () => {
  it('merges the tab state’s and the report’s, best first, one line per URL', () => {
    const local = [alt('https://a.example/', 0.7), alt('https://b.example/', 0.9)];
    const report = [alt('https://c.example/', 0.8, { source: 'search' }), alt('https://a.example/', 0.75, { source: 'group', checkedAt: 2000 })];
    const got = mergeAlternates(local, report);
    expect(got.map((a) => [a.url, a.resemblance])).toEqual([
      ['https://b.example/', 0.9],
      ['https://c.example/', 0.8],
      ['https://a.example/', 0.75],
    ]);
  });

  it('keeps the fresher measure of a URL, whichever list it came in', () => {
    const got = mergeAlternates([alt('https://a.example/', 0.9, { checkedAt: 3000 })], [alt('https://a.example/', 0.6, { checkedAt: 2000 })]);
    expect(got).toHaveLength(1);
    expect(got[0].resemblance).toBe(0.9);
  });

  it('breaks ties by containment, then by the order found', () => {
    const got = mergeAlternates([
      alt('https://x.example/', 0.8, { containment: 0.5 }),
      alt('https://y.example/', 0.8, { containment: 0.9 }),
      alt('https://z.example/', 0.8, { containment: 0.5 }),
    ]);
    expect(got.map((a) => a.url)).toEqual(['https://y.example/', 'https://x.example/', 'https://z.example/']);
  });

  it('lists nothing without a measure, and takes missing lists', () => {
    const bad = [alt('https://n.example/', Number.NaN), alt('https://o.example/', 1.5), { ...alt('https://p.example/', 0.5), url: 3 as unknown as string }];
    expect(mergeAlternates(bad, undefined)).toEqual([]);
    expect(mergeAlternates()).toEqual([]);
  });
});

describe('alternatesState', () => {
  it('no access first, then looking, found or none yet', () => {
    expect(alternatesState(2, { needsAccess: true }, false, true)).toBe('no-access');
    expect(alternatesState(2, undefined, true, false)).toBe('no-access');
    expect(alternatesState(0, undefined, true, true)).toBe('looking');
    expect(alternatesState(0, undefined, true, undefined)).toBe('looking');
    expect(alternatesState(3, undefined, false, true)).toBe('found');
    expect(alternatesState(0, { needsAccess: false }, false, true)).toBe('none');
  });

  it('says each state in words', () => {
    expect(alternatesStateText('found', 1)).toBe('Found 1 copy');
    expect(alternatesStateText('found', 3)).toBe('Found 3 copies');
    expect(alternatesStateText('looking', 0)).toBe('Looking…');
    expect(alternatesStateText('looking', 2)).toBe('Looking for more… 2 copies so far');
    expect(alternatesStateText('none', 0)).toBe('No copy found yet');
  });
});
