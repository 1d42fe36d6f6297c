/**
 * Issue #14: never hide the fuller page. A README holding the whole Apache-2.0 text and much more is
 * grouped with the better-ranked licence page as "contains #1" (it contains the representative, and is
 * not alike enough to be its copy): it stays visible in collapse mode, whatever order the two pages are
 * checked in, and is not counted among the near-copies. The mirror case (the README ranked first, the
 * licence an excerpt of it) may hide the licence: the fuller page is kept.
 */
import { parseHTML } from 'linkedom';
import { describe, expect, it } from 'vitest';
import { PAGE_OPTIONS, containment, resemblance, sketch } from '../../lib/index';
import { reasonLabel, representativeNote } from '../../words/groups';
import { type PageEvidence, type PageGroup, groupWithPages } from '../../lib/group/pages';
import { groupResults } from '../../lib/group/results';
import { hiddenRanks, hideableMembers, memberRole, staysVisible } from '../../lib/group/visible';
import { mainText } from '../../lib/page/main-text';
import { DEFAULT_SETTINGS } from '../../lib/settings';
import { compactSketch, readCompactSketch } from '../../lib/store/compact';
import { countsText } from '../../entrypoints/popup/summary';
import { licencePageHtml, readmePageHtml } from './helpers/fuller-pages';

const opts = { threshold: DEFAULT_SETTINGS.resemblanceThreshold, containment: DEFAULT_SETTINGS.containmentThreshold };
/** A page's evidence as the extension stores it: main text, sketched, cut to 32 bits. */
const evidence = (html: string, url: string): PageEvidence => {
  const text = mainText(parseHTML(html).document as unknown as Document, url).text;
  return { sketch: readCompactSketch(compactSketch(sketch(text, { ...PAGE_OPTIONS, format: 'text' }))) };
};
const LICENCE = {
  url: 'https://licences.example/apache-2.0/',
  title: 'Apache License 2.0 | Open Licences',
  snippet: 'The Apache License is a permissive licence whose main conditions require preservation of notices',
};
const README = {
  url: 'https://code.example/example/lanternfish',
  title: 'example/lanternfish: Light for the harbour',
  snippet: 'Lanternfish lights the harbour at night with twelve candles and a lantern',
};
const OTHERS = [
  {
    url: 'https://news.example/harbour',
    title: 'Harbour news this winter',
    snippet: 'The village council met on Tuesday to talk about the bridge and the market',
  },
  { url: 'https://recipes.example/orchard', title: 'Orchard pie', snippet: 'Bake the apples from the orchard with butter, sugar and a little cinnamon' },
];
const PAGES = new Map<string, PageEvidence>([
  [LICENCE.url, evidence(licencePageHtml(), LICENCE.url)],
  [README.url, evidence(readmePageHtml(), README.url)],
]);

/** The groups after each page arrives, in `arrival` order (URLs), for results ranked as `ranked`. */
function stepByStep(ranked: readonly (typeof LICENCE)[], arrival: readonly string[]): PageGroup[][] {
  const items = ranked.map((r, i) => ({ ...r, rank: i + 1 }));
  const snippets = groupResults(items, { threshold: opts.threshold });
  const known = new Map<number, PageEvidence>();
  const steps = [groupWithPages(items, snippets, known, opts)];
  for (const url of arrival) {
    const rank = items.find((x) => x.url === url)!.rank;
    const page = PAGES.get(url);
    if (page) known.set(rank, page);
    steps.push(groupWithPages(items, snippets, new Map(known), opts));
  }
  return steps;
}

describe('the fuller page is never hidden (issue #14)', () => {
  it('the fixture: the README contains the licence page, and the two are not alike', () => {
    const [l, r] = [PAGES.get(LICENCE.url)!.sketch!, PAGES.get(README.url)!.sketch!];
    expect(containment(l, r), 'the licence page inside the README').toBeGreaterThanOrEqual(opts.containment);
    expect(resemblance(l, r), 'resemblance: far below the threshold').toBeLessThan(opts.threshold);
  });

  const ranked = [LICENCE, OTHERS[0], README, OTHERS[1]];
  const orders = {
    'licence page first': [LICENCE.url, OTHERS[0].url, README.url, OTHERS[1].url],
    'README first': [README.url, OTHERS[1].url, OTHERS[0].url, LICENCE.url],
  };
  for (const [name, arrival] of Object.entries(orders)) {
    it(`a README holding the licence stays visible as "contains #1" (${name})`, () => {
      const steps = stepByStep(ranked, arrival);
      for (const [i, groups] of steps.entries()) expect([...hiddenRanks(groups)], `hidden after ${i} pages`).not.toContain(3);
      const final = steps[steps.length - 1];
      expect(final.map((g) => [g.representative, ...g.members.map((m) => m.rank)])).toEqual([[1, 3]]);
      const [m] = final[0].members;
      expect(m.reason.kind).toBe('contains');
      expect(staysVisible(m.reason)).toBe(true);
      expect(memberRole(m.reason), 'data-resemble-role of the README').toBe('contains');
      expect(reasonLabel(m.reason, 1)).toBe('contains #1');
      expect(representativeNote(final[0].members)?.label).toBe('excerpt of #3');
      expect(hideableMembers(final[0].members), 'nothing behind "N near-copies"').toEqual([]);
      expect(countsText(4, final), 'the popup counts no near-copy').toBe('4 results · 1 group · 0 near-copies');
    });
  }

  it('both arrival orders end in the same groups and reasons', () => {
    const [a, b] = Object.values(orders).map((o) => stepByStep(ranked, o).at(-1));
    expect(a).toEqual(b);
  });

  it('the mirror case: the README ranked first hides the licence page, an excerpt of it', () => {
    for (const arrival of [
      [README.url, LICENCE.url],
      [LICENCE.url, README.url],
    ]) {
      const final = stepByStep([README, OTHERS[0], LICENCE, OTHERS[1]], arrival).at(-1)!;
      expect(final.map((g) => [g.representative, ...g.members.map((m) => m.rank)])).toEqual([[1, 3]]);
      expect(final[0].members[0].reason.kind).toBe('excerpt');
      expect(memberRole(final[0].members[0].reason)).toBe('copy');
      expect([...hiddenRanks(final)], 'the excerpt is hidden; the fuller page, the representative, is not').toEqual([3]);
    }
  });

  it('in a group with real copies, only the copies are hidden and counted', () => {
    const c = { kind: 'contains', containment: 0.96, resemblance: 0.2 } as const;
    const groups: PageGroup[] = [
      {
        id: 1,
        representative: 1,
        evidence: 'pages',
        members: [
          { rank: 2, reason: { kind: 'page', resemblance: 0.9 } },
          { rank: 3, reason: c },
          { rank: 5, reason: { kind: 'excerpt', containment: 0.9, resemblance: 0.3 } },
        ],
      },
    ];
    expect([...hiddenRanks(groups)]).toEqual([2, 5]);
    expect(hideableMembers(groups[0].members).map((m) => m.rank)).toEqual([2, 5]);
    expect(countsText(6, groups)).toBe('6 results · 1 group · 2 near-copies');
  });
});
