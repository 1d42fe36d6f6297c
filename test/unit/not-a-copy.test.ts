/**
 * "Not a copy" (issue #20): the stored choices (lib/group/not-a-copy.ts) and grouping that keeps their
 * pairs apart, by snippets (groupResults, groupSnippets: the content script's and the background's
 * function) and by pages (groupWithPages).
 */
import { describe, expect, it } from 'vitest';
import { PAGE_OPTIONS, sketchText } from '../../lib/index';
import {
  MAX_NOT_A_COPY,
  NOT_A_COPY_KEY,
  apartAmong,
  capPairs,
  notACopy,
  pairKey,
  readNotACopy,
  withNotACopy,
  withoutNotACopy,
} from '../../lib/group/not-a-copy';
import { type PageEvidence, groupWithPages } from '../../lib/group/pages';
import { groupResults } from '../../lib/group/results';
import { groupSnippets } from '../../lib/group/snippet-groups';
import { DEFAULT_SETTINGS } from '../../lib/settings';
import { cutSketch } from '../../lib/store/compact';
import { proseText } from './helpers/prose';

const same = 'Walden is a book by Henry David Thoreau about simple living in natural surroundings near a pond';
const items = [
  { rank: 1, url: 'https://one.example/walden', title: 'Walden', snippet: same },
  { rank: 2, url: 'https://two.example/walden?utm_source=x', title: 'Walden', snippet: same },
  { rank: 3, url: 'https://three.example/walden', title: 'Walden', snippet: same },
  { rank: 4, url: 'https://four.example/other', title: 'Bread', snippet: 'How to bake sourdough bread at home with a starter flour water and salt overnight' },
];
const choice = (x: number, y: number) => notACopy(items[x - 1], items[y - 1], 1000)!;

describe('the stored choices', () => {
  it("past the cap another device's choices go first, never this device's own while synced ones are left (issue #38)", () => {
    const pair = (i: number, synced: boolean) => ({
      a: `https://a.example/${i}`,
      b: `https://b.example/${i}`,
      titleA: '',
      titleB: '',
      at: i,
      ...(synced && { synced }),
    });
    const mine = Array.from({ length: 10 }, (_, i) => pair(i, false));
    const theirs = Array.from({ length: MAX_NOT_A_COPY }, (_, i) => pair(1000 + i, true));
    const kept = capPairs([...mine, ...theirs]);
    expect(kept).toHaveLength(MAX_NOT_A_COPY);
    expect(kept.filter((r) => !r.synced)).toEqual(mine);
    // All one's own: the oldest go, as before.
    expect(capPairs(Array.from({ length: MAX_NOT_A_COPY + 3 }, (_, i) => pair(i, false)))[0].at).toBe(3);
    // The flag is read back from storage; a record with a wrong one is dropped alone.
    expect(readNotACopy({ [NOT_A_COPY_KEY]: [pair(1, true), { ...pair(2, false), synced: 'yes' }] })).toEqual([pair(1, true)]);
  });

  it('name a pair once, whichever way round, by normalized URL', () => {
    const c = choice(2, 1);
    expect([c.a, c.b]).toEqual(['https://one.example/walden', 'https://two.example/walden']); // utm_ gone, sorted
    expect(c.titleA).toBe('Walden');
    expect(pairKey(c.a, c.b)).toBe(pairKey(c.b, c.a));
    expect(withNotACopy([c], choice(1, 2))).toHaveLength(1);
  });

  it('refuse the same page twice and an address that cannot be normalized', () => {
    expect(notACopy(items[0], { url: 'https://ONE.example/walden#top', title: '' }, 1)).toBeUndefined();
    expect(notACopy(items[0], { url: 'not a url', title: '' }, 1)).toBeUndefined();
  });

  it('keep the newest, drop the oldest past the bound, and undo one', () => {
    let list = [choice(1, 2), choice(1, 3), choice(2, 3)];
    list = withNotACopy(list, choice(1, 2), 2);
    expect(list.map((c) => pairKey(c.a, c.b))).toEqual([pairKey(choice(2, 3).a, choice(2, 3).b), pairKey(choice(1, 2).a, choice(1, 2).b)]);
    expect(withoutNotACopy(list, choice(1, 2).b, choice(1, 2).a)).toHaveLength(1);
  });

  it('read back what was stored, dropping damaged records only', () => {
    const good = choice(1, 2);
    const got = readNotACopy({ [NOT_A_COPY_KEY]: [good, { a: 'x' }, null, { ...good, a: good.b, b: good.a }, { ...good, at: 'yesterday' }] });
    expect(got).toEqual([good]);
    expect(readNotACopy({})).toEqual([]);
  });

  it('give the keys of pairs whose two pages are on this results page', () => {
    const list = [choice(1, 2), notACopy(items[0], { url: 'https://elsewhere.example/', title: '' }, 1)!];
    expect(
      apartAmong(
        list,
        items.map((r) => r.url),
      ),
    ).toEqual([pairKey(choice(1, 2).a, choice(1, 2).b)]);
  });
});

describe('grouping keeps a pair the user said is not a copy apart', () => {
  it('by snippets: the pair is not grouped, the others still are', () => {
    const plain = groupResults(items, { threshold: 0.5, minBoilerplateDocs: Infinity });
    expect(plain.groups.map((g) => [g.representative, g.members.map((m) => m.rank)])).toEqual([[1, [2, 3]]]);
    const c = choice(1, 2);
    const apart = groupResults(items, { threshold: 0.5, minBoilerplateDocs: Infinity, apart: new Set([pairKey(c.a, c.b)]) });
    // #2 may not join #1; it is still a near-copy of #3, which joined #1: greedy leaves it on its own.
    expect(apart.groups.map((g) => [g.representative, g.members.map((m) => m.rank)])).toEqual([[1, [3]]]);
    expect(apart.pairs.find((p) => p.a === 1 && p.b === 2)?.resemblance ?? 0).toBe(0);
  });

  it('by snippets, through the function both the content script and the background call', () => {
    const keys = apartAmong(
      [choice(1, 3)],
      items.map((r) => r.url),
    );
    const out = groupSnippets(items, undefined, DEFAULT_SETTINGS, keys);
    expect(out.groups.map((g) => [g.representative, g.members.map((m) => m.rank)])).toEqual([[1, [2]]]);
  });

  it('by pages: resembling pages are not linked, and the same address still is', () => {
    const body = proseText(5, 1500);
    const page = (): PageEvidence => ({ sketch: cutSketch(sketchText(body, PAGE_OPTIONS)) });
    const twins = [...items.slice(0, 3), { rank: 5, url: 'https://one.example/walden?utm_medium=y', title: 'Walden', snippet: same }];
    const snippets = groupResults(twins, { threshold: 0.5, minBoilerplateDocs: Infinity });
    const pages = new Map<number, PageEvidence>([
      [1, page()],
      [2, page()],
      [3, page()],
      [5, page()],
    ]);
    const c = choice(1, 2);
    const groups = groupWithPages(twins, snippets, pages, { threshold: 0.5, containment: 0.8, apart: new Set([pairKey(c.a, c.b)]) });
    expect(groups.map((g) => [g.representative, g.members.map((m) => [m.rank, m.reason.kind])])).toEqual([
      [
        1,
        [
          [3, 'same-text'],
          [5, 'same-page'],
        ],
      ],
    ]);
  });
});
