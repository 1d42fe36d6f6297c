/**
 * The demo's groups once its pages are checked (test/e2e/page-demo-serp.ts, DEMO_CHECKED_GROUPS), as lib
 * computes them under a test build's fixed sketch seed: the e2e tests that pin them rest on this, never
 * on a random draw (issue #37).
 */
import { parseHTML } from 'linkedom';
import { describe, expect, it } from 'vitest';
import { type PageEvidence, groupWithPages } from '../../lib/group/pages';
import { groupResults } from '../../lib/group/results';
import { PAGE_OPTIONS, sketch } from '../../lib/index';
import { mainText } from '../../lib/page/main-text';
import { DEFAULT_SETTINGS } from '../../lib/settings';
import { TEST_BUILD_SEED } from '../../lib/sketch/install-seed';
import { compactSketch, readCompactSketch } from '../../lib/store/compact';
import { DEMO_CHECKED_GROUPS, demo, demoResults } from '../e2e/page-demo-serp';

describe("the demo's groups under a test build's seed", () => {
  it('by snippets [1, 3, 6], [4, 8], [5, 9]; by the pages DEMO_CHECKED_GROUPS', () => {
    const items = demoResults.map((r, i) => ({ ...r, rank: i + 1 }));
    const snippets = groupResults(items, { threshold: DEFAULT_SETTINGS.resemblanceThreshold });
    const ranks = (gs: readonly { representative: number; members: readonly { rank: number }[] }[]) =>
      gs.map((g) => [g.representative, ...g.members.map((m) => m.rank)]);
    expect(ranks(snippets.groups)).toEqual(demo.groups.map((g) => g.ranks));
    const pages = new Map<number, PageEvidence>(
      demo.results.map((r, i) => {
        const m = mainText(parseHTML(r.html).document as unknown as Document, r.url);
        const sk = readCompactSketch(compactSketch(sketch(m.text, { ...PAGE_OPTIONS, seed: TEST_BUILD_SEED, format: 'text' })));
        return [i + 1, { sketch: sk, ...(m.canonical ? { canonical: m.canonical } : {}) }];
      }),
    );
    const checked = groupWithPages(items, snippets, pages, {
      threshold: DEFAULT_SETTINGS.resemblanceThreshold,
      containment: DEFAULT_SETTINGS.containmentThreshold,
    });
    expect(ranks(checked)).toEqual(DEMO_CHECKED_GROUPS);
  });
});
