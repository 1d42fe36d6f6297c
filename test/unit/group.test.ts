import { describe, expect, it } from 'vitest';
import { boilerplateFrom, groupResults, type GroupInput } from '../../lib/group/index';
import { isResembleError } from '../../lib/errors';

// A sentence that recurs on unrelated sites (a cookie wall served in place of the description). Not an
// engine's placeholder: those never group at all (snippet-evidence.test.ts), whatever their count.
const BLOCKED = 'This site uses cookies to give you the best experience. By continuing to browse you agree to our use of cookies.';

// A wire story as three outlets ran it: light edits (a word swapped, one dropped, a clause reworded).
const WIRE =
  'The city council voted on Tuesday to expand the river trail by four miles, linking the north park to the harbor district. Construction is expected to begin next spring and cost about twelve million dollars.';
const WIRE_B =
  'The city council voted Tuesday to expand the river trail by four miles, linking the north park with the harbor district. Construction is expected to start next spring and cost about twelve million dollars.';
const WIRE_C =
  'The city council voted on Tuesday to extend the river trail by four miles, linking the north park to the harbor district. Work is expected to begin next spring and cost about twelve million dollars.';

const item = (rank: number, url: string, title: string, snippet: string): GroupInput => ({ rank, url, title, snippet });

const r = (out: ReturnType<typeof groupResults>, a: number, b: number) =>
  out.pairs.find((p) => (p.a === a && p.b === b) || (p.a === b && p.b === a))!.resemblance;

describe('groupResults', () => {
  const syndicated = [
    item(1, 'https://www.citynews.example/local/river-trail', 'Council approves river trail expansion', WIRE),
    item(
      2,
      'https://sourdough-recipes.example/starter',
      'How to feed a sourdough starter',
      'Feed your starter with equal weights of flour and water every twelve hours, and keep it at room temperature until bubbly.',
    ),
    item(3, 'https://dailyharbor.example/news/2026/trail', 'Council approves river trail expansion - Daily Harbor', WIRE_B),
    item(4, 'https://regionwire.example/story/88121', 'River trail to grow by four miles', WIRE_C),
  ];

  it('groups a syndicated paragraph on three sites, with its resemblance as the reason', () => {
    const out = groupResults(syndicated, { threshold: 0.5 });
    expect(out.groups).toHaveLength(1);
    const [g] = out.groups;
    expect(g.id).toBe(1);
    expect(g.representative).toBe(1);
    expect(g.members.map((m) => m.rank)).toEqual([3, 4]);
    for (const m of g.members) {
      expect(m.reason.kind).toBe('snippet');
      if (m.reason.kind === 'snippet') {
        expect(m.reason.resemblance).toBeGreaterThanOrEqual(0.5);
        expect(m.reason.resemblance).toBe(r(out, 1, m.rank));
      }
    }
    expect(r(out, 1, 2)).toBeLessThan(0.1);
  });

  it('respects the threshold', () => {
    const low = groupResults(syndicated, { threshold: 0.5 });
    const rs = low.groups[0].members.map((m) => (m.reason.kind === 'snippet' ? m.reason.resemblance : 1));
    const between = (Math.min(...rs) + Math.max(...rs)) / 2;
    // Above the weaker member's resemblance: only the stronger one stays.
    const mid = groupResults(syndicated, { threshold: between });
    expect(mid.groups).toHaveLength(1);
    expect(mid.groups[0].members).toHaveLength(1);
    expect(groupResults(syndicated, { threshold: Math.max(...rs) + 0.01 }).groups).toEqual([]);
    // At exactly the resemblance: joined (≥).
    const exact = groupResults(syndicated, { threshold: Math.max(...rs) });
    expect(exact.groups[0].members).toHaveLength(1);
  });

  it('groups an AMP / tracking variant as the same page even with a different snippet', () => {
    const out = groupResults(
      [
        item(
          1,
          'https://www.example-news.com/2026/11/budget-vote/?utm_source=twitter#comments',
          'Budget vote delayed again',
          'Lawmakers postponed the vote to next week after talks stalled over school funding.',
        ),
        item(
          2,
          'https://gardening.example/roses',
          'Pruning roses in winter',
          'Cut back dead canes to healthy wood and shape the bush before new growth starts.',
        ),
        item(
          3,
          'https://m.example-news.com/2026/11/budget-vote/amp',
          'Budget vote delayed again | AMP',
          'Live updates: what the delay means for your property taxes and when the next session opens.',
        ),
      ],
      { threshold: 0.5 },
    );
    expect(out.groups).toEqual([
      { id: 1, representative: 1, members: [{ rank: 3, reason: { kind: 'same-page', url: 'https://example-news.com/2026/11/budget-vote' } }] },
    ]);
    expect(r(out, 1, 3)).toBeLessThan(0.5); // the text alone would not have grouped them
  });

  it('a same-page result follows its page into the group, even when the page is not the representative', () => {
    const out = groupResults(
      [...syndicated, item(5, 'https://dailyharbor.example/news/2026/trail/?fbclid=abc', 'Daily Harbor', 'Comments on this story are closed.')],
      { threshold: 0.5 },
    );
    expect(out.groups).toHaveLength(1);
    expect(out.groups[0].members.map((m) => [m.rank, m.reason.kind])).toEqual([
      [3, 'snippet'],
      [4, 'snippet'],
      [5, 'same-page'],
    ]);
  });

  describe('boilerplate', () => {
    const blocked = [
      item(1, 'https://acme-tools.example/', 'Acme Tools', BLOCKED),
      item(2, 'https://lakeside-dental.example/', 'Lakeside Dental', BLOCKED),
      item(3, 'https://harbor-yoga.example/', 'Harbor Yoga', BLOCKED),
      item(4, 'https://citynews.example/trail', 'Council approves river trail expansion', WIRE),
    ];

    it('would group three unrelated blocked results without boilerplate removal', () => {
      const out = groupResults(blocked, { threshold: 0.5, minBoilerplateDocs: Infinity });
      expect(out.boilerplate).toBe(0);
      expect(out.groups).toHaveLength(1);
      expect(out.groups[0].members.map((m) => m.rank)).toEqual([2, 3]);
    });

    it('does not group them when the sentence recurs across 3 different pages', () => {
      const out = groupResults(blocked, { threshold: 0.5 });
      expect(out.groups).toEqual([]);
      expect(out.boilerplate).toBeGreaterThanOrEqual(19); // the sentence's shingles
      expect(r(out, 1, 2)).toBe(0);
    });

    it('is not boilerplate when only 2 pages share it, nor when one page repeats it', () => {
      const two = groupResults([blocked[0], blocked[1], blocked[3]], { threshold: 0.5 });
      expect(two.groups).toHaveLength(1); // two results are not "many": their shared sentence counts
      // Three results of one page (same normalized URL) count as one page.
      const same = [
        item(1, 'https://acme-tools.example/', 'Acme Tools', BLOCKED),
        item(2, 'https://www.acme-tools.example/?utm_source=x', 'Acme Tools Home', BLOCKED),
        item(3, 'http://acme-tools.example/index.html', 'Acme', BLOCKED),
      ];
      expect(groupResults(same, { threshold: 0.5 }).boilerplate).toBe(0);
    });

    it('keeps a story copied by many sites with light edits, even under unrelated titles', () => {
      const words = WIRE.split(' ');
      const copies = Array.from({ length: 8 }, (_, i) =>
        item(i + 1, `https://outlet${i}.example/story`, `Outlet ${i} news`, words.map((w, k) => ((k * 7 + i) % 17 === 0 ? `word${i}x${k}` : w)).join(' ')),
      );
      const out = groupResults(copies, { threshold: 0.5 });
      // Nothing of the story is taken for boilerplate: the same groups as with detection off.
      expect(out.boilerplate).toBe(0);
      expect(out).toEqual(groupResults(copies, { threshold: 0.5, minBoilerplateDocs: Infinity }));
      expect(out.groups).toHaveLength(1);
      expect(out.groups[0].members).toHaveLength(7);
    });

    it('two boilerplate phrases on overlapping results do not vouch for each other', () => {
      const out = groupResults(
        [
          item(1, 'https://acme-tools.example/', 'Acme Tools', `${BLOCKED} Missing: ferry timetable`),
          item(2, 'https://lakeside-dental.example/', 'Lakeside Dental', `${BLOCKED} Missing: ferry timetable`),
          item(3, 'https://harbor-yoga.example/', 'Harbor Yoga', `${BLOCKED} Missing: ferry timetable`),
          item(4, 'https://bakery.example/', 'Corner Bakery', 'Fresh bread daily. Missing: ferry timetable'),
        ],
        { threshold: 0.5 },
      );
      expect(out.groups).toEqual([]);
    });

    it('ignores fingerprints from past pages, and a result left with no text cannot match by text', () => {
      const past = boilerplateFrom(
        [
          [{ url: 'https://a.example/', title: 'A', snippet: BLOCKED }],
          [{ url: 'https://b.example/', title: 'B', snippet: BLOCKED }],
          [{ url: 'https://c.example/', title: 'C', snippet: BLOCKED }],
        ],
        3,
      );
      expect(past.size).toBeGreaterThanOrEqual(12);
      const pair = [item(1, 'https://x.example/', '', BLOCKED), item(2, 'https://y.example/', '', BLOCKED)];
      expect(groupResults(pair, { threshold: 0.5 }).groups).toHaveLength(1);
      const out = groupResults(pair, { threshold: 0.5, boilerplate: past });
      expect(out.groups).toEqual([]);
      expect(out.pairs).toEqual([{ a: 1, b: 2, resemblance: 0 }]);
    });

    it('boilerplateFrom does not learn a query searched again (same results) as boilerplate', () => {
      const page = [{ url: 'https://citynews.example/trail', title: 'Council approves river trail expansion', snippet: WIRE }];
      expect(boilerplateFrom([page, page, page], 3).size).toBe(0);
    });
  });

  it('chains: A~B and B~C but not A~C puts C outside A’s group (the representative rule)', () => {
    const words =
      'north harbor ferry riders will see new schedules from monday as the transit agency adds late evening boats cuts two midday runs and opens a second ticket office near the fish market where queues have grown since the summer festival drew record crowds to the waterfront'.split(
        ' ',
      );
    const span = (from: number) => words.slice(from, from + 30).join(' ');
    const chain = [
      item(1, 'https://a.example/1', 'Ferry', span(0)),
      item(2, 'https://b.example/2', 'Ferry', span(8)),
      item(3, 'https://c.example/3', 'Ferry', span(16)),
    ];
    const out = groupResults(chain, { threshold: 0.45 });
    expect(r(out, 1, 2)).toBeGreaterThanOrEqual(0.45);
    expect(r(out, 2, 3)).toBeGreaterThanOrEqual(0.45);
    expect(r(out, 1, 3)).toBeLessThan(0.45);
    expect(out.groups).toEqual([{ id: 1, representative: 1, members: [{ rank: 2, reason: { kind: 'snippet', resemblance: r(out, 1, 2) } }] }]);
  });

  it('lists every pair once, by rank, and is deterministic whatever the input order', () => {
    const out = groupResults(syndicated, { threshold: 0.5 });
    expect(out.pairs.map((p) => [p.a, p.b])).toEqual([
      [1, 2],
      [1, 3],
      [1, 4],
      [2, 3],
      [2, 4],
      [3, 4],
    ]);
    const shuffled = groupResults([syndicated[3], syndicated[1], syndicated[0], syndicated[2]], { threshold: 0.5 });
    expect(shuffled).toEqual(out);
    expect(groupResults(syndicated, { threshold: 0.5 })).toEqual(out);
  });

  it('uses ranks, not indices, and handles empty text and bad URLs', () => {
    const out = groupResults(
      [
        item(7, 'not a url', 'Council approves river trail expansion', WIRE),
        item(9, 'not a url', '', ''),
        item(12, 'https://dailyharbor.example/news/2026/trail', 'Council approves river trail expansion', WIRE_B),
      ],
      { threshold: 0.5 },
    );
    // The two unnormalizable URLs are equal strings but never the same page; the empty one matches nothing.
    expect(out.groups).toEqual([{ id: 1, representative: 7, members: [{ rank: 12, reason: { kind: 'snippet', resemblance: r(out, 7, 12) } }] }]);
    expect(r(out, 7, 9)).toBe(0);
    expect(groupResults([], { threshold: 0.5 })).toEqual({ groups: [], pairs: [], boilerplate: 0 });
  });

  it('rejects bad options', () => {
    for (const bad of [
      { threshold: 0 },
      { threshold: 1.5 },
      { threshold: Number.NaN },
      { threshold: 0.5, minBoilerplateDocs: 1 },
      { threshold: 0.5, shingle: 0 },
    ]) {
      let err: unknown;
      try {
        groupResults(syndicated, bad);
      } catch (e) {
        err = e;
      }
      expect(isResembleError(err, 'BAD_OPTION'), JSON.stringify(bad)).toBe(true);
    }
  });
});
