import { type ComponentChild, h } from 'preact';
import { describe, expect, it } from 'vitest';
import { mountIn } from './helpers/mount';
import { COLUMNS, PairChart, ROWS, chartSummary, columnOf, layoutPairs, tenths } from '../../components/pair-chart';
import { PreviewGroups } from '../../components/preview-groups';
import { outcomeLine, previewGrouper, timeAgo } from '../../entrypoints/options/grouping/preview-model';
import { type GroupInput, type GroupOutcome, boilerplateFrom, groupResults } from '../../lib/group/results';
import { DEFAULT_MIN_PAST_PAGES } from '../../lib/group/snippet-groups';

// Unrelated sites behind one cookie wall: boilerplate the past pages' count tells (an engine's
// placeholder would not group at all).
const BLOCKED = 'This site uses cookies to give you the best experience. By continuing to browse you agree to our use of cookies.';
const WIRE =
  'The city council voted on Tuesday to expand the river trail by four miles, linking the north park to the harbor district. Construction is expected to begin next spring and cost about twelve million dollars.';
const WIRE_B =
  'The city council voted Tuesday to expand the river trail by four miles, linking the north park with the harbor district. Construction is expected to start next spring and cost about twelve million dollars.';

/** The reference: past boilerplate counted from scratch for each threshold, then the page grouped. */
function groupPage(
  items: readonly GroupInput[],
  past: readonly (readonly GroupInput[])[],
  o: { threshold: number; shingle: number; size: number },
): GroupOutcome {
  const boilerplate = past.length >= DEFAULT_MIN_PAST_PAGES ? boilerplateFrom(past, DEFAULT_MIN_PAST_PAGES, o.shingle) : undefined;
  return groupResults(items, { threshold: o.threshold, shingle: o.shingle, size: o.size, ...(boilerplate ? { boilerplate } : {}) });
}

const item = (rank: number, url: string, title: string, snippet: string): GroupInput => ({ rank, url, title, snippet });

const items: GroupInput[] = [
  item(1, 'https://www.citynews.example/local/river-trail', 'Council approves river trail expansion', WIRE),
  item(
    2,
    'https://sourdough.example/starter',
    'How to feed a sourdough starter',
    'Feed your starter with equal weights of flour and water every twelve hours.',
  ),
  item(3, 'https://dailyharbor.example/news/trail', 'Council approves river trail expansion - Daily Harbor', WIRE_B),
  item(4, 'https://citynews.example/local/river-trail?utm_source=x', 'River trail', 'Short.'),
  item(5, 'https://a.example/x', 'Trail news', BLOCKED),
  item(6, 'https://b.example/y', 'Trail news today', BLOCKED),
];
// Past pages where the cookie-wall sentence recurs on unrelated sites: it becomes boilerplate.
const past: GroupInput[][] = ['cats', 'tax', 'bikes', 'soup'].map((q, p) => [
  item(1, `https://p${p}.example/${q}`, `All about ${q}`, BLOCKED),
  item(2, `https://q${p}.example/${q}`, `${q} guide ${p}`, `Everything on ${q}, page ${p}.`),
]);

describe('options preview: grouping', () => {
  it('answers exactly as grouping from scratch with the past boilerplate at every threshold, with and without past pages', () => {
    for (const pastPages of [past, past.slice(0, 2), []]) {
      for (const o of [
        { shingle: 2, size: 128 },
        { shingle: 1, size: 64 },
        { shingle: 3, size: 256 },
      ]) {
        const grouper = previewGrouper(items, pastPages, o);
        for (let t = 0.3; t <= 0.95; t += 0.05) {
          const threshold = Math.round(t * 100) / 100;
          expect(grouper(threshold), `${pastPages.length} past, ${JSON.stringify(o)}, ${threshold}`).toEqual(groupPage(items, pastPages, { threshold, ...o }));
        }
      }
    }
  });

  it('groups more at lower thresholds and keeps one outcome per threshold', () => {
    const grouper = previewGrouper(items, past, { shingle: 2, size: 128 });
    expect(grouper(0.3)).toBe(grouper(0.3));
    const copies = (t: number) => grouper(t).groups.reduce((n, g) => n + g.members.length, 0);
    expect(copies(0.3)).toBeGreaterThanOrEqual(copies(0.95));
    expect(grouper(0.95).groups.map((g) => g.representative)).toContain(1); // rank 4 is the same page as rank 1
    // The past pages matter: without them the cookie-wall sentence would make ranks 5 and 6 copies.
    expect(grouper(0.5).boilerplate).toBeGreaterThan(previewGrouper(items, [], { shingle: 2, size: 128 })(0.5).boilerplate);
    expect(grouper(0.5).groups.some((g) => g.representative === 5)).toBe(false);
    expect(previewGrouper(items, [], { shingle: 2, size: 128 })(0.5).groups.some((g) => g.representative === 5)).toBe(true);
  });

  it('says the outcome in words', () => {
    expect(outcomeLine({ groups: [], pairs: [], boilerplate: 0 })).toBe('no groups');
    const one = { id: 1, representative: 1, members: [{ rank: 3, reason: { kind: 'snippet' as const, resemblance: 0.8 } }] };
    expect(outcomeLine({ groups: [one], pairs: [], boilerplate: 0 })).toBe('1 group, 1 copy');
    expect(outcomeLine({ groups: [one, { ...one, id: 2, members: [...one.members, ...one.members] }], pairs: [], boilerplate: 0 })).toBe('2 groups, 3 copies');
  });

  it('says when a page was seen', () => {
    const now = Date.UTC(2026, 4, 20, 12);
    expect(timeAgo(now - 10_000, now)).toBe('just now');
    expect(timeAgo(now + 60_000, now)).toBe('just now'); // a clock that went back
    expect(timeAgo(now - 5 * 60_000, now)).toBe('5 minutes ago');
    expect(timeAgo(now - 3 * 3600_000, now)).toBe('3 hours ago');
    expect(timeAgo(now - 26 * 3600_000, now)).toBe('yesterday');
    expect(timeAgo(now - 3 * 86400_000, now)).toBe('3 days ago');
    expect(timeAgo(now - 30 * 86400_000, now)).toMatch(/^on Apr 20, 2026$/);
  });
});

const pair = (a: number, b: number, resemblance: number) => ({ a, b, resemblance });

describe('options preview: pair chart', () => {
  it('puts a value in the column the threshold line starts, float products notwithstanding', () => {
    expect(columnOf(0)).toBe(0);
    expect(columnOf(0.57)).toBe(57); // 0.57 × 100 = 56.99999999999999
    expect(columnOf(0.29)).toBe(29);
    expect(columnOf(0.5699)).toBe(56);
    expect(columnOf(1)).toBe(COLUMNS - 1);
    expect(columnOf(-1)).toBe(0);
  });

  it('stacks pairs by column, the most alike first, and caps a full column with a marker for the rest', () => {
    const pairs = [...Array.from({ length: 30 }, (_, i) => pair(1, i + 2, 0)), pair(2, 3, 0.87), pair(2, 4, 0.875), pair(3, 4, 0.5)];
    const { cells, more } = layoutPairs(pairs);
    expect(more).toEqual([{ col: 0, row: ROWS - 1, count: 30 - (ROWS - 1), top: pair(1, ROWS + 1, 0) }]);
    expect(cells.length + more[0].count).toBe(pairs.length);
    const at87 = cells.filter((c) => c.col === 87);
    expect(at87.map((c) => [c.row, c.pair.b])).toEqual([
      [0, 4],
      [1, 3],
    ]);
    expect(cells.find((c) => c.col === 50)?.row).toBe(0);
  });

  it('summarizes and tabulates', () => {
    const pairs = [pair(1, 2, 0.1), pair(1, 3, 0.5), pair(2, 3, 0.87), pair(1, 4, 1), pair(2, 4, 0.49)];
    expect(chartSummary(pairs, 0.5)).toBe('5 pairs; 3 at or above 50%');
    expect(chartSummary([pair(1, 2, 0.2)], 0.57)).toBe('1 pair; 0 at or above 57%');
    expect(
      chartSummary(
        Array.from({ length: 4950 }, () => pair(1, 2, 0)),
        0.5,
      ),
    ).toBe('4,950 pairs; 0 at or above 50%');
    expect(tenths(pairs)).toEqual([0, 1, 0, 0, 1, 1, 0, 0, 1, 1]);
  });

  it('draws the threshold line and fills the pairs at or above it', () => {
    const root = mount(h(PairChart, { pairs: [pair(1, 2, 0.1), pair(1, 3, 0.5), pair(2, 3, 0.87)], threshold: 0.5 }));
    const svg = root.querySelector('[data-testid="pair-chart"]')!;
    expect(svg.querySelector('title')!.textContent).toBe('3 pairs; 2 at or above 50%');
    expect(svg.querySelector('[data-threshold]')!.getAttribute('data-threshold')).toBe('0.5');
    expect([...svg.querySelectorAll('rect.above')].map((r) => r.getAttribute('data-pair'))).toEqual(['1-3', '2-3']);
    expect(svg.querySelector('rect[data-pair="2-3"] title')!.textContent).toBe('#2 × #3: 87%');
    expect(root.querySelectorAll('table tbody tr')).toHaveLength(10);
  });
});

const mount = (node: ComponentChild) => mountIn(node).root;

describe('options preview: groups', () => {
  it('lists each group with its copies, ranks, domains and reasons', () => {
    const outcome = previewGrouper(items, past, { shingle: 2, size: 128 })(0.5);
    const root = mount(h(PreviewGroups, { groups: outcome.groups, items }));
    const groups = root.querySelectorAll('[data-testid="preview-groups"] li[data-group]');
    expect(groups.length).toBe(outcome.groups.length);
    const first = groups[0];
    expect(first.textContent).toContain('#1');
    expect(first.textContent).toContain('citynews.example');
    expect(first.querySelector('li[data-rank="3"]')!.textContent).toMatch(/near-copy of #1, \d+% alike/);
    expect(first.querySelector('li[data-rank="4"]')!.textContent).toContain('same page as #1');
  });

  it('says so when nothing groups', () => {
    const root = mount(h(PreviewGroups, { groups: [], items }));
    expect(root.querySelector('[data-testid="preview-groups"]')!.textContent).toBe('No groups at this threshold.');
  });

  it('shows page titles as text, never as markup', () => {
    const evil = '<img src=x onerror=alert(1)>';
    const root = mount(
      h(PreviewGroups, {
        groups: [{ id: 1, representative: 1, members: [{ rank: 2, reason: { kind: 'snippet', resemblance: 0.9 } }] }],
        items: [item(1, 'https://a.example/', evil, ''), item(2, 'javascript:alert(1)', `${evil}<b>x</b>`, '')],
      }),
    );
    expect(root.querySelector('img, b')).toBeNull();
    expect(root.querySelector('li[data-group="1"] .preview-title')!.textContent).toBe(evil);
    expect(root.textContent).toContain(`${evil}<b>x</b>`);
  });
});
