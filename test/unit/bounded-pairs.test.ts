/**
 * Issue #13, bounded state: a tab's grouping as the background keeps it in storage.session holds the
 * pairs that regrouping can use (at or above the lowest threshold the settings allow), at most
 * MAX_PAIRS besides the groups' own — not the n²/2 of them (10 MB at 300 results, over the quota at 400).
 */
import { describe, expect, it } from 'vitest';
import { groupResults, type GroupInput } from '../../lib/group/index';
import { groupWithPages } from '../../lib/group/pages';
import { DEFAULT_SETTINGS, checkSettingsPatch } from '../../lib/settings';
import { groupTab } from '../../entrypoints/background/tab/grouping';
import { MAX_PAIRS, PAIR_FLOOR } from '../../lib/group/snippet-groups';
import type { SketchService } from '../../entrypoints/background/worker/sketch-service';
import type { ResultItem } from '../../lib/group/result-item';

const WORDS =
  'amber basin cedar delta ember fjord glade harbor inlet juniper kestrel lagoon meadow nectar orchard prairie quarry ridge summit thicket upland valley willow yarrow zephyr'.split(
    ' ',
  );

/** A results page of `n` results: unrelated snippets, every 25th a light copy of the result 10 before it. */
// biome-ignore lint/suspicious/noExportsInTest: the bench builds the same long page
export function longPage(n: number): ResultItem[] {
  const text = (k: number) => Array.from({ length: 28 }, (_, w) => (w % 2 ? `${WORDS[(k * 7 + w) % WORDS.length]}` : `r${k}w${w}`)).join(' ');
  return Array.from({ length: n }, (_, i) => {
    const rank = i + 1;
    const copyOf = rank % 25 === 0 ? rank - 10 : undefined;
    return {
      rank,
      url: `https://site${rank}.example/page/${rank}`,
      title: copyOf ? `Story ${copyOf}` : `Story ${rank}`,
      snippet: copyOf ? `${text(copyOf)} more` : text(rank),
      displayUrl: `site${rank}.example`,
    };
  });
}

/** A sketch service whose Worker is lib itself (the background sends pages of over 60 results there). */
const inProcess = {
  group: async (req: { items: GroupInput[]; options: Parameters<typeof groupResults>[1] }) => groupResults(req.items, req.options),
} as unknown as SketchService;

describe('the pairs a grouping keeps', () => {
  const page = longPage(120).map(({ rank, url, title, snippet }) => ({ rank, url, title, snippet }));

  it('by default lists every pair', () => {
    const out = groupResults(page, { threshold: 0.5 });
    expect(out.pairs).toHaveLength((120 * 119) / 2);
    expect(out.omitted).toBeUndefined();
  });

  it('with a floor, lists only pairs at or above it, and the same groups', () => {
    const all = groupResults(page, { threshold: 0.5 });
    const kept = groupResults(page, { threshold: 0.5, pairFloor: 0.3 });
    expect(kept.groups).toEqual(all.groups);
    expect(kept.pairs).toEqual(all.pairs.filter((p) => p.resemblance >= 0.3));
    expect(kept.omitted).toBe(all.pairs.length - kept.pairs.length);
    expect(kept.groups.length).toBeGreaterThan(0);
  });

  it('with a cap, keeps the groups’ own pairs and the strongest others, in rank order', () => {
    const twins = page.map((it) => ({ ...it, snippet: 'the very same words on every result of this page', url: `https://t${it.rank}.example/` }));
    const out = groupResults(twins, { threshold: 0.5, pairFloor: 0.3, maxPairs: 10 });
    // One group: #1 and every other result; its 119 links are kept, plus 10 more.
    expect(out.groups).toHaveLength(1);
    expect(out.pairs).toHaveLength(119 + 10);
    expect(out.pairs.filter((p) => p.a === 1)).toHaveLength(119);
    expect(out.pairs.map((p) => [p.a, p.b])).toEqual([...out.pairs.map((p) => [p.a, p.b])].sort((x, y) => x[0] - y[0] || x[1] - y[1]));
    // Regrouping with no page known gives the snippet groups back from the kept pairs.
    const again = groupWithPages(twins, out, new Map(), { threshold: 0.5, containment: 0.8 });
    expect(again.map((g) => [g.representative, g.members.length])).toEqual([[1, 119]]);
  });

  it('rejects a bad floor or cap', () => {
    expect(() => groupResults(page, { threshold: 0.5, pairFloor: 2 })).toThrow(/pairFloor/);
    expect(() => groupResults(page, { threshold: 0.5, maxPairs: -1 })).toThrow(/maxPairs/);
  });
});

describe('a tab’s grouping as the background keeps it', () => {
  it('the floor is the lowest threshold the settings allow: no threshold needs a pair left out', () => {
    expect(checkSettingsPatch({ resemblanceThreshold: PAIR_FLOOR }).ok).toBe(true);
    expect(checkSettingsPatch({ resemblanceThreshold: PAIR_FLOOR - 0.01 }).ok).toBe(false);
  });

  for (const n of [100, 400, 1000]) {
    it(`${n} results: the groups, and at most ${MAX_PAIRS} pairs besides theirs (bytes bounded)`, async () => {
      const results = longPage(n);
      const out = await groupTab(inProcess, results, { settings: { ...DEFAULT_SETTINGS }, boilerplate: undefined, notACopy: [] });
      const groupLinks = out.groups.reduce((k, g) => k + g.members.length, 0);
      expect(out.groups.length).toBe(Math.floor(n / 25));
      expect(out.pairs.length).toBeLessThanOrEqual(MAX_PAIRS + groupLinks);
      const bytes = JSON.stringify(out).length;
      expect(bytes).toBeLessThan(150_000);
    });
  }
});
