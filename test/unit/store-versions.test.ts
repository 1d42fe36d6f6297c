/**
 * A page's earlier versions in the store (issue #40), against both backends: pushed when a check finds
 * the page changed, kept as they were when it did not, at most 3, dropped by age and by "Clear cache",
 * never in a store made with `versions: 0` (a private window's), and unreadable ones left out on read.
 */
import { describe, expect, it } from 'vitest';
import { PAGE_OPTIONS, serializeSketch, sketchText } from '../../lib/index';
import { compactSketch } from '../../lib/store/compact';
import { DAY_MS } from '../../lib/store/eviction';
import { createMemoryStore, type PageInput, type SketchStore } from '../../lib/store/index';
import { PAGE_VERSIONS_MAX } from '../../lib/store/types';
import { editWords } from './helpers/edits';
import { proseText } from './helpers/prose';
import { KINDS } from './helpers/store-harness';

const URL = 'https://a.example/page';
const text = proseText(40, 400);
/** The page's text at edit `n` (0: the first version). */
const version = (n: number) => (n === 0 ? text : editWords(text, 0.1, 100 + n));
const bytesOf = (n: number, o = PAGE_OPTIONS) => compactSketch(sketchText(version(n), o));
const NOW = Date.now();

/** A check of the page that read version `n` at `at`. */
function checked(n: number, at: number, o = PAGE_OPTIONS): PageInput {
  return { url: URL, title: 'A', firstSeen: at, lastSeen: at, fetchedAt: at, status: 'ok', page: serializeSketch(sketchText(version(n), o)) };
}

const ats = (store: SketchStore) => store.get(URL).then((r) => r?.versions?.map((v) => v.at));

describe.each(KINDS)('page versions ($kind)', ({ open }) => {
  it('a changed page pushes the version before, dated by its check; the change is dated by this one', async () => {
    const { store } = await open();
    await store.put(checked(0, NOW - 3 * DAY_MS));
    const first = (await store.get(URL))!;
    expect(first.versions).toBeUndefined();
    expect(first.changedAt).toBeUndefined();
    await store.put(checked(1, NOW - 2 * DAY_MS));
    const changed = (await store.get(URL))!;
    expect(changed.versions).toEqual([{ at: NOW - 3 * DAY_MS, page: bytesOf(0) }]);
    expect(changed.page).toEqual(bytesOf(1));
    expect(changed.changedAt).toBe(NOW - 2 * DAY_MS);
    expect(changed.fetchedAt).toBe(changed.changedAt);
    expect(changed.bytes, 'the version counts in the size').toBeGreaterThan(first.bytes + bytesOf(0).byteLength);
  });

  it('the same bytes again keep the versions and the change date; a visit or a failed check without a sketch keeps them too', async () => {
    const { store } = await open();
    await store.put(checked(0, NOW - 3 * DAY_MS));
    await store.put(checked(1, NOW - 2 * DAY_MS));
    await store.put(checked(1, NOW - DAY_MS));
    const same = (await store.get(URL))!;
    expect(same.versions).toEqual([{ at: NOW - 3 * DAY_MS, page: bytesOf(0) }]);
    expect(same.changedAt).toBe(NOW - 2 * DAY_MS);
    expect(same.fetchedAt, 'the later check no longer is the one that found the change').toBe(NOW - DAY_MS);
    await store.put({ url: URL, title: '', firstSeen: NOW, lastSeen: NOW });
    await store.put({ url: URL, title: '', firstSeen: NOW, lastSeen: NOW, fetchedAt: NOW, status: 'timeout' });
    const later = (await store.get(URL))!;
    expect(later.versions).toEqual(same.versions);
    expect(later.changedAt).toBe(same.changedAt);
  });

  it(`keeps at most ${PAGE_VERSIONS_MAX}, newest first`, async () => {
    const { store } = await open();
    for (let n = 0; n < 6; n++) await store.put(checked(n, NOW - (6 - n) * DAY_MS));
    expect(PAGE_VERSIONS_MAX).toBe(3);
    expect(await ats(store)).toEqual([NOW - 2 * DAY_MS, NOW - 3 * DAY_MS, NOW - 4 * DAY_MS]);
    const rec = (await store.get(URL))!;
    expect(rec.versions!.map((v) => v.page)).toEqual([bytesOf(4), bytesOf(3), bytesOf(2)]);
    expect(rec.page).toEqual(bytesOf(5));
  });

  it('versions older than the age limit are dropped when the record is written', async () => {
    const { store } = await open({ maxAgeDays: 30 });
    await store.put(checked(0, NOW - 40 * DAY_MS));
    await store.put(checked(1, NOW - 20 * DAY_MS));
    expect(await ats(store), 'the 40-day-old version is past the limit at once').toBeUndefined();
    expect((await store.get(URL))?.changedAt, 'no version: no change').toBeUndefined();
    await store.put(checked(2, NOW - 10 * DAY_MS));
    expect(await ats(store)).toEqual([NOW - 20 * DAY_MS]);
    store.setLimits({ maxAgeDays: 15 });
    await store.put({ url: URL, title: '', firstSeen: NOW, lastSeen: NOW });
    expect(await ats(store), 'a shorter limit drops it on the next write').toBeUndefined();
  });

  it('a store made with versions: 0 keeps none, even after its other limits change', async () => {
    const { store } = await open({ versions: 0 });
    await store.put(checked(0, NOW - 3 * DAY_MS));
    await store.put(checked(1, NOW - 2 * DAY_MS));
    store.setLimits({ maxBytes: 10 * 1024 * 1024, maxAgeDays: 60 });
    await store.put(checked(2, NOW - DAY_MS));
    const rec = (await store.get(URL))!;
    expect(rec.page).toEqual(bytesOf(2));
    expect('versions' in rec).toBe(false);
    expect('changedAt' in rec).toBe(false);
  });

  it('unreadable versions are left out on read, the record and its readable versions kept', async () => {
    const { store, tamper } = await open();
    await store.put(checked(0, NOW - 3 * DAY_MS));
    await store.put(checked(1, NOW - 2 * DAY_MS));
    const good = { at: NOW - 3 * DAY_MS, page: bytesOf(0) };
    const other = { at: NOW - 4 * DAY_MS, page: bytesOf(2, { ...PAGE_OPTIONS, shingle: 7 }) };
    await tamper(URL, (r) => {
      r.versions = [5, null, { at: 'x', page: bytesOf(2) }, { at: 1, page: new Uint8Array([1, 2, 3]) }, { at: 2, page: 'bytes' }, other, good];
      r.changedAt = 'yesterday';
    });
    const rec = (await store.get(URL))!;
    expect(rec.page).toEqual(bytesOf(1));
    expect(rec.versions).toEqual([good]);
    expect('changedAt' in rec).toBe(false);
    await tamper(URL, (r) => {
      r.versions = { 0: good };
    });
    expect((await store.get(URL))?.versions).toBeUndefined();
    expect((await store.get(URL))?.title, 'still read').toBe('A');
  });

  it('"Clear cache" drops them with the records', async () => {
    const { store } = await open();
    await store.put(checked(0, NOW - 3 * DAY_MS));
    await store.put(checked(1, NOW - 2 * DAY_MS));
    expect(await store.clear()).toBe(1);
    expect(await store.get(URL)).toBeUndefined();
    await store.put(checked(2, NOW - DAY_MS));
    expect(await ats(store)).toBeUndefined();
  });

  it('a sketch of another shape (the shingle size changed) ends the history: it cannot be compared with the old ones', async () => {
    const { store } = await open();
    await store.put(checked(0, NOW - 3 * DAY_MS));
    await store.put(checked(1, NOW - 2 * DAY_MS));
    await store.put(checked(1, NOW - DAY_MS, { ...PAGE_OPTIONS, shingle: 7 }));
    const rec = (await store.get(URL))!;
    expect(rec.versions).toBeUndefined();
    expect(rec.changedAt).toBeUndefined();
  });

  it('versions a caller passes are not taken: the store keeps its own', async () => {
    const { store } = await open();
    const forged = { ...checked(0, NOW - DAY_MS), versions: [{ at: 1, page: bytesOf(3) }], changedAt: NOW - DAY_MS } as PageInput;
    await store.put(forged);
    const rec = (await store.get(URL))!;
    expect(rec.versions).toBeUndefined();
    expect(rec.changedAt).toBeUndefined();
  });
});

describe('the private windows’ store', () => {
  it('createMemoryStore with versions: 0 (as the background makes it for private windows) keeps no versions', async () => {
    const store = createMemoryStore({ limits: { maxBytes: 1024 * 1024, maxAgeDays: 30, versions: 0 } });
    for (let n = 0; n < 3; n++) await store.put(checked(n, NOW - (3 - n) * DAY_MS));
    expect(await ats(store)).toBeUndefined();
  });

  it('versions made under another seed read as absent, as the page does (issue #28)', async () => {
    const store = createMemoryStore();
    await store.put(checked(0, NOW - 3 * DAY_MS));
    await store.put(checked(1, NOW - 2 * DAY_MS));
    expect(await ats(store)).toEqual([NOW - 3 * DAY_MS]);
    store.setSeed(777);
    const rec = (await store.get(URL))!;
    expect(rec.page).toBeUndefined();
    expect(rec.versions).toBeUndefined();
    await store.put(checked(2, NOW - DAY_MS, { ...PAGE_OPTIONS, seed: 777 }));
    expect(await ats(store), 'the history starts again under the new seed').toBeUndefined();
  });

  it('a versions limit outside 0..3 is refused', () => {
    expect(() => createMemoryStore({ limits: { versions: 4 } })).toThrow(RangeError);
    expect(() => createMemoryStore({ limits: { versions: -1 } })).toThrow(RangeError);
    expect(() => createMemoryStore({ limits: { versions: 1.5 } })).toThrow(RangeError);
  });
});
