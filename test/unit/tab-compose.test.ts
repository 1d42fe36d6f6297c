/**
 * Issue #17 and #29: the content script groups its own page at once, and the background answers with the
 * tab's groups a moment later; the page must not change between the two. Both merge batches with
 * lib/tab's mergeBatch and group with lib/tab's groupView (the background's Worker, for long pages, with
 * lib/tab's groupRequest): this runs the two callers on every saved results page (test/fixtures, the
 * demo, ../shared/fixtures/serp when present) under several settings, with and without past
 * boilerplate and with a "not a copy" pair, and shows what a private window's own pairs change (the
 * background reads them; the content script cannot, and the answer corrects its first paint).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { SketchService } from '../../entrypoints/background/worker/sketch-service';
import { groupTab } from '../../entrypoints/background/tab/grouping';
import { snippetPageGroups as pageGroups } from '../../lib/group/snippet-groups';
import { notACopy, NOT_A_COPY_KEY } from '../../lib/group/not-a-copy';
import { groupView } from '../../lib/tab/compose';
import { PRIVATE_NOT_A_COPY_KEY, type GroupingInputs, groupingInputs } from '../../lib/tab/inputs';
import { LocalGroups } from '../../entrypoints/results/local-groups';
import { type ResultsBatch, batches } from '../../lib/engines/batch';
import { extract } from '../../lib/engines/extract';
import type { SerpResult } from '../../lib/engines/types';
import { boilerplateFrom } from '../../lib/group/results';
import type { ResultItem } from '../../lib/group/result-item';
import { DEFAULT_SETTINGS, type Settings, applySettingsPatch } from '../../lib/settings';
import { handleWorkerRequest } from '../../lib/worker/handle';
import { loadSerp, parseSerp, htmlFiles } from './helpers/serp';
import { SHARED, SHARED_ABSENT_TEST, hasShared, repoRoot, warnSharedAbsent } from './helpers/shared';

/** The page's batches as the content script sends them (watcher.ts: ranks from 1, split by LIMITS.batch). */
function pageBatches(doc: Document, url: string): ResultsBatch[] {
  const x = extract(doc, url);
  if (!x?.results.length) return [];
  return batches({ engine: x.engine, url, query: x.query, results: x.results.map((r, i) => ({ ...r, rank: i + 1 })) });
}

/** The background's Worker, in-process: the same request the service sends, handled by the Worker's own code. */
const worker = {
  group: async (req: object) => {
    const r = handleWorkerRequest({ id: 1, op: 'group', ...req });
    if (!r || !('outcome' in r)) throw new Error(`the Worker refused: ${JSON.stringify(r)}`);
    return r.outcome;
  },
} as unknown as SketchService;

const SETTINGS: [string, Settings][] = [
  ['defaults', DEFAULT_SETTINGS as Settings],
  ['threshold 0.3, flag', applySettingsPatch(DEFAULT_SETTINGS as Settings, { resemblanceThreshold: 0.3, displayMode: 'flag' })],
  ['threshold 0.8, w = 3, 64 minima', applySettingsPatch(DEFAULT_SETTINGS as Settings, { resemblanceThreshold: 0.8, snippetShingle: 3, sketchSize: 64 })],
];

/** Past boilerplate, counted once per set of pages and shingle size (the 100-result pages make it slow). */
const counted = new Map<ResultItem[][], Map<number, number[]>>();
function boilerplateOf(pages: ResultItem[][], shingle: number): number[] {
  if (!counted.has(pages)) counted.set(pages, new Map());
  const m = counted.get(pages)!;
  if (!m.has(shingle)) m.set(shingle, [...boilerplateFrom(pages, 3, shingle)]);
  return m.get(shingle)!;
}

/** Both paths on one page; how many results the content script grouped (0: it leaves a long page to the background). */
async function expectAgree(name: string, b: ResultsBatch[], pastPages: ResultItem[][]): Promise<number> {
  if (!b.some((x) => x.results.length)) return 0; // a page without results: nothing to group on either side
  for (const [label, settings] of SETTINGS) {
    const boilerplate = boilerplateOf(pastPages, settings.snippetShingle);
    for (const past of [undefined, boilerplate]) {
      const all = b.flatMap((x) => x.results) as ResultItem[];
      // A pair the user said is not a copy: the first group's first two, when the page has a group.
      const first = groupView(all, { settings, boilerplate: past, notACopy: [] }).groups[0];
      const byRank = new Map(all.map((r) => [r.rank, r]));
      const choice = first && notACopy(byRank.get(first.representative)!, byRank.get(first.members[0].rank)!, 1);
      for (const notACopyPairs of [[], ...(choice ? [[choice]] : [])]) {
        const inputs: GroupingInputs = { settings, boilerplate: past, notACopy: notACopyPairs };
        const local = new LocalGroups();
        for (const x of b) local.add(x);
        const mine = local.groups(inputs);
        const theirs = pageGroups(await groupTab(worker, all, inputs), settings);
        if (!mine) {
          expect(all.length, `${name}: only a long page is left to the background`).toBeGreaterThan(100);
          return 0;
        }
        const what = `${name}, ${label}, ${past ? `${past.length} boilerplate shingles` : 'no past pages'}, ${notACopyPairs.length} not-a-copy pairs`;
        expect(mine, what).toEqual(theirs);
        if (notACopyPairs.length) {
          const together = theirs.groups.some(
            (g) =>
              [g.representative, ...g.members.map((m) => m.rank)].includes(first.representative) &&
              [g.representative, ...g.members.map((m) => m.rank)].includes(first.members[0].rank),
          );
          expect(together, `${what}: the pair is kept apart`).toBe(false);
        }
      }
    }
  }
  return b.flatMap((x) => x.results).length;
}

async function checkFiles(files: string[]): Promise<number[]> {
  const pages = files.map((f) => ({ f, b: pageBatches(loadSerp(f), `file://${f}`) }));
  const results = pages.map((p) => p.b.flatMap((x) => x.results) as ResultItem[]);
  expect(boilerplateOf(results, 2).length, 'the saved pages have boilerplate to leave out').toBeGreaterThan(0);
  const counts: number[] = [];
  // Past pages: every saved page, so that real boilerplate ("No information is available…") is left out.
  for (const p of pages) counts.push(await expectAgree(path.basename(p.f), p.b, results));
  return counts;
}

describe('the content script and the background group a page alike', () => {
  it('on the saved results pages of test/fixtures/serp', async () => {
    const counts = await checkFiles(htmlFiles(path.join(repoRoot, 'test/fixtures/serp')));
    expect(counts.filter((n) => n > 0).length).toBeGreaterThanOrEqual(15);
  });

  it('on the demo, whose three groups the page shows', async () => {
    const demo = JSON.parse(readFileSync(path.join(repoRoot, 'demo/demo.json'), 'utf8')) as { searchUrl: string; resultsPage: string };
    const b = pageBatches(parseSerp(readFileSync(path.join(repoRoot, 'demo', demo.resultsPage), 'utf8')), demo.searchUrl);
    expect(await expectAgree('demo', b, [])).toBe(10);
    const local = new LocalGroups();
    for (const x of b) local.add(x);
    expect(local.groups({ settings: DEFAULT_SETTINGS as Settings, boilerplate: undefined, notACopy: [] })?.groups).toHaveLength(3);
  });
});

describe.skipIf(!hasShared)('… on ../shared/fixtures/serp (needs ../shared)', () => {
  it('on every saved page of every engine', async () => {
    const counts = await checkFiles(htmlFiles(path.join(SHARED, 'fixtures/serp')));
    expect(counts.length).toBeGreaterThanOrEqual(28);
  });
});
if (!hasShared) it(SHARED_ABSENT_TEST, () => warnSharedAbsent('content script / background agreement'));

describe('the content script’s view of its results (LocalGroups)', () => {
  const r = (rank: number, copyOf?: number): SerpResult & { rank: number } => ({
    rank,
    url: `https://site${rank}.example/a`,
    title: `Story ${copyOf ?? rank}`,
    snippet: Array.from({ length: 24 }, (_, w) => `w${copyOf ?? rank}x${w}`).join(' '),
    displayUrl: `site${rank}.example`,
  });
  const settings = DEFAULT_SETTINGS as Settings;
  const batch = (results: SerpResult[], append = false, url = 'https://e.example/?q=a'): ResultsBatch => ({
    engine: 'google',
    url,
    query: 'a',
    results,
    ...(append ? { append } : {}),
  });
  const ranks = (l: LocalGroups) =>
    l.groups({ settings, boilerplate: undefined, notACopy: [] })?.groups.map((g) => [g.representative, ...g.members.map((m) => m.rank)]);

  it('groups appends with what came before, once each (a batch asked again adds nothing), and starts over on a new view', () => {
    const l = new LocalGroups();
    l.add(batch([r(1), r(2)]));
    l.add(batch([r(3, 1)], true));
    l.add(batch([r(3, 1)], true));
    expect(ranks(l)).toEqual([[1, 3]]);
    l.add(batch([r(1), r(2)], false, 'https://e.example/?q=b'));
    expect(ranks(l)).toEqual([]);
  });

  it('leaves a page of more than 100 results to the background (its Worker)', () => {
    const l = new LocalGroups();
    l.add(batch(Array.from({ length: 101 }, (_, i) => r(i + 1))));
    expect(l.groups({ settings, boilerplate: undefined, notACopy: [] })).toBeUndefined();
  });
});

describe('a private window\'s own "not a copy" pairs (storage.session)', () => {
  it("apply in the background's inputs only in a private window, and the content script's inputs never read them", async () => {
    const demo = JSON.parse(readFileSync(path.join(repoRoot, 'demo/demo.json'), 'utf8')) as { searchUrl: string; resultsPage: string };
    const b = pageBatches(parseSerp(readFileSync(path.join(repoRoot, 'demo', demo.resultsPage), 'utf8')), demo.searchUrl);
    const all = b.flatMap((x) => x.results) as ResultItem[];
    const settings = DEFAULT_SETTINGS as Settings;
    const g = groupView(all, { settings, boilerplate: undefined, notACopy: [] }).groups[0];
    const byRank = new Map(all.map((r) => [r.rank, r]));
    const pair = notACopy(byRank.get(g.representative)!, byRank.get(g.members[0].rank)!, 1)!;
    const session = { [PRIVATE_NOT_A_COPY_KEY]: [pair] };
    const privateBg = groupingInputs(settings, { [NOT_A_COPY_KEY]: [] }, session, true);
    const regularBg = groupingInputs(settings, { [NOT_A_COPY_KEY]: [] }, session, false);
    expect(privateBg.notACopy).toEqual([pair]);
    expect(regularBg.notACopy).toEqual([]);
    const apart = pageGroups(await groupTab(worker, all, privateBg), settings);
    const local = new LocalGroups();
    for (const x of b) local.add(x);
    // The content script's first paint (no session read) groups the pair; the background's answer keeps it apart.
    expect(local.groups(groupingInputs(settings, {}, undefined, true))).toEqual(pageGroups(await groupTab(worker, all, regularBg), settings));
    expect(apart).not.toEqual(local.groups(groupingInputs(settings, {}, undefined, true)));
  });
});
