/**
 * Which checked pages changed and which copies are stale (lib/group/page-changes.ts, issue #40), on
 * real sketches kept by a real store: the records it answers are what the background passes in.
 */
import { describe, expect, it } from 'vitest';
import { PAGE_OPTIONS, resemblance, serializeSketch, sketchText } from '../../lib/index';
import { type CheckedPage, STALE_MARGIN, pageChanges } from '../../lib/group/page-changes';
import { compactSketch, cutSketch } from '../../lib/store/compact';
import { DAY_MS } from '../../lib/store/eviction';
import { createMemoryStore, type SketchStore } from '../../lib/store/index';
import { editWords } from './helpers/edits';
import { proseText } from './helpers/prose';

const NOW = Date.now();
const OLD = proseText(51, 500);
const NEW = editWords(OLD, 0.15, 7);
const NEWER = editWords(NEW, 0.15, 8);
const REP = 'https://origin.example/article';
const COPY = 'https://mirror.example/article';

async function check(store: SketchStore, url: string, text: string, at: number): Promise<void> {
  await store.put({ url, title: 't', firstSeen: at, lastSeen: at, fetchedAt: at, status: 'ok', page: serializeSketch(sketchText(text, PAGE_OPTIONS)) });
}

/** The store's records for these URLs, ranked 1, 2, … as the results page shows them. */
async function checkedPages(store: SketchStore, urls: string[]): Promise<CheckedPage[]> {
  const recs = await store.getMany(urls);
  return urls.map((u, i) => {
    const r = recs.get(u)!;
    return { rank: i + 1, page: r.page!, versions: r.versions, changedAt: r.changedAt, fetchedAt: r.fetchedAt };
  });
}

const group = { representative: 1, members: [{ rank: 2 }] };
const estimate = (a: string, b: string) => resemblance(cutSketch(sketchText(a, PAGE_OPTIONS)), cutSketch(sketchText(b, PAGE_OPTIONS)));

describe('pageChanges', () => {
  it('an unchanged page is not marked', async () => {
    const store = createMemoryStore();
    await check(store, REP, OLD, NOW - 2 * DAY_MS);
    await check(store, REP, OLD, NOW - DAY_MS);
    expect(pageChanges(await checkedPages(store, [REP]), [])).toEqual({ changed: [], stale: [] });
  });

  it('an edited page is marked with its resemblance to the version before (two decimals) and that version’s date', async () => {
    const store = createMemoryStore();
    await check(store, REP, OLD, NOW - 2 * DAY_MS);
    await check(store, REP, NEW, NOW - DAY_MS);
    const { changed } = pageChanges(await checkedPages(store, [REP]), []);
    const r = Math.round(estimate(NEW, OLD) * 100) / 100;
    expect(r).toBeGreaterThan(0.3);
    expect(r).toBeLessThan(0.9);
    expect(changed).toEqual([{ rank: 1, resemblance: r, since: NOW - 2 * DAY_MS }]);
  });

  it('the same version checked again drops the mark', async () => {
    const store = createMemoryStore();
    await check(store, REP, OLD, NOW - 3 * DAY_MS);
    await check(store, REP, NEW, NOW - 2 * DAY_MS);
    await check(store, REP, NEW, NOW - DAY_MS);
    expect(pageChanges(await checkedPages(store, [REP]), [group])).toEqual({ changed: [], stale: [] });
  });

  it('a copy holding an earlier version of a changed representative is stale, dated by the version it holds', async () => {
    const store = createMemoryStore();
    await check(store, REP, OLD, NOW - 3 * DAY_MS);
    await check(store, REP, NEW, NOW - 2 * DAY_MS);
    await check(store, REP, NEWER, NOW - DAY_MS);
    await check(store, COPY, OLD, NOW - DAY_MS);
    const pages = await checkedPages(store, [REP, COPY]);
    expect(pages[0]!.versions?.map((v) => v.at)).toEqual([NOW - 2 * DAY_MS, NOW - 3 * DAY_MS]);
    const out = pageChanges(pages, [group]);
    expect(out.changed.map((c) => c.rank)).toEqual([1]);
    expect(out.changed[0]!.since, 'changed since the version just before').toBe(NOW - 2 * DAY_MS);
    expect(out.stale, 'it holds the oldest version, not the one just before').toEqual([{ rank: 2, of: 1, since: NOW - 3 * DAY_MS }]);
  });

  it('a copy with the latest version is not stale; nor is any copy of an unchanged representative', async () => {
    const store = createMemoryStore();
    await check(store, REP, OLD, NOW - 2 * DAY_MS);
    await check(store, REP, NEW, NOW - DAY_MS);
    await check(store, COPY, NEW, NOW - DAY_MS);
    expect(pageChanges(await checkedPages(store, [REP, COPY]), [group]).stale).toEqual([]);

    const still = createMemoryStore();
    await check(still, REP, NEW, NOW - DAY_MS);
    await check(still, COPY, OLD, NOW - DAY_MS);
    expect(pageChanges(await checkedPages(still, [REP, COPY]), [group])).toEqual({ changed: [], stale: [] });
  });

  it('a third variant, about as far from both versions, is not called stale (STALE_MARGIN)', async () => {
    const store = createMemoryStore();
    // The copy took OLD's first half and NEW's second: about as alike to each.
    const half = Math.floor(OLD.split(' ').length / 2);
    const MIXED = [...OLD.split(' ').slice(0, half), ...NEW.split(' ').slice(half)].join(' ');
    await check(store, REP, OLD, NOW - 2 * DAY_MS);
    await check(store, REP, NEW, NOW - DAY_MS);
    await check(store, COPY, MIXED, NOW - DAY_MS);
    expect(Math.abs(estimate(MIXED, OLD) - estimate(MIXED, NEW)), 'the copy is between the two').toBeLessThan(STALE_MARGIN);
    expect(pageChanges(await checkedPages(store, [REP, COPY]), [group]).stale).toEqual([]);
  });

  it('a change the sketch does not see (only its counts differ) is shown as 0.99, never 1', () => {
    const s = sketchText(OLD, PAGE_OPTIONS);
    const before = compactSketch({ ...s, tokens: s.tokens + 1 });
    const page: CheckedPage = { rank: 1, page: compactSketch(s), versions: [{ at: 5, page: before }], changedAt: 9, fetchedAt: 9 };
    expect(pageChanges([page], []).changed).toEqual([{ rank: 1, resemblance: 0.99, since: 5 }]);
  });

  it('unreadable bytes or sketches of another shape mark nothing and throw nothing', () => {
    const s = compactSketch(sketchText(OLD, PAGE_OPTIONS));
    const other = compactSketch(sketchText(NEW, { ...PAGE_OPTIONS, shingle: 7 }));
    const bad = new Uint8Array([1, 2, 3]);
    const pages: CheckedPage[] = [
      { rank: 1, page: s, versions: [{ at: 1, page: other }], changedAt: 9, fetchedAt: 9 },
      { rank: 2, page: bad, versions: [{ at: 1, page: s }], changedAt: 9, fetchedAt: 9 },
      { rank: 3, page: s, versions: [{ at: 1, page: bad }], changedAt: 9, fetchedAt: 9 },
    ];
    expect(pageChanges(pages, [{ representative: 1, members: [{ rank: 2 }, { rank: 3 }] }])).toEqual({ changed: [], stale: [] });
  });
});
