/** The store's pure logic, without any storage. */
import { describe, expect, it } from 'vitest';
import { PAGE_OPTIONS, SNIPPET_OPTIONS, isResembleError, prefixLength, serializeSketch, sketchText } from '../../lib/index';
import { DEFAULT_LIMITS, isQuotaError, type PageRecord } from '../../lib/store/index';
import { DAY_MS, ageAndSize, oldestFirst, oldestFraction, planEviction, type EvictionCandidate } from '../../lib/store/eviction';
import { transactionFailure } from '../../lib/store/idb-backend';
import { resolveLimits } from '../../lib/store/limits';
import { compactSketch, cutSketch } from '../../lib/store/compact';
import { INDEX_KEYS, estimateBytes, indexKeys, mergeRecord, prepareInput, readRecord } from '../../lib/store/record';
import { newestFirst } from '../../lib/store/serp';
import { proseText } from './helpers/prose';

const text = proseText(21, 400);
const page = sketchText(text, PAGE_OPTIONS);
const snippet = sketchText(text.split(' ').slice(0, 30).join(' '), SNIPPET_OPTIONS);
const base = { url: 'https://p.example/a', title: 'A', firstSeen: 10, lastSeen: 20 };

describe('store records', () => {
  it('keys: the first INDEX_KEYS values (at most the prefix for minThreshold) of the page sketch, else the snippet’s, else none', () => {
    expect(indexKeys(page, 0.3)).toEqual(Array.from(page.min.subarray(0, INDEX_KEYS)));
    expect(indexKeys(page, 0.95)).toHaveLength(prefixLength(128, 0.95));
    expect(prefixLength(128, 0.95)).toBeLessThan(INDEX_KEYS);
    expect(indexKeys(undefined, 0.3)).toEqual([]);
    const both = mergeRecord(undefined, prepareInput({ ...base, snippet: serializeSketch(snippet), page: serializeSketch(page) }), 0.3);
    expect(both.keys).toEqual(indexKeys(cutSketch(page), 0.3));
    const snip = mergeRecord(undefined, prepareInput({ ...base, snippet: serializeSketch(snippet) }), 0.3);
    expect(snip.keys).toEqual(indexKeys(cutSketch(snippet), 0.3));
  });

  it('size estimate: grows with every stored part; sketch bytes and index entries dominate', () => {
    const bare = mergeRecord(undefined, prepareInput(base), 0.3);
    const withSnippet = mergeRecord(undefined, prepareInput({ ...base, snippet: serializeSketch(snippet) }), 0.3);
    const full = mergeRecord(
      undefined,
      prepareInput({ ...base, snippet: serializeSketch(snippet), page: serializeSketch(page), phrases: ['a b c'], canonical: 'https://p.example/' }),
      0.3,
    );
    expect(bare.bytes).toBeLessThan(200);
    expect(withSnippet.bytes).toBeGreaterThan(bare.bytes + compactSketch(snippet).byteLength);
    // The page sketch replaces the snippet's.
    expect(full.snippet).toBeUndefined();
    expect(full.bytes).toBeGreaterThan(bare.bytes + compactSketch(page).byteLength);
    expect(full.bytes).toBe(estimateBytes({ ...full }));
    // A page record with a 20-character URL: ~0.9 KB of page sketch, its snippet's, 16 index entries: ≤ 2 KB.
    expect(full.bytes).toBeGreaterThan(1200);
    expect(full.bytes).toBeLessThan(2048);
  });

  it('merge: earliest firstSeen, latest lastSeen, undefined fields keep stored ones, an empty title keeps the stored title', () => {
    const prev = readRecord(mergeRecord(undefined, prepareInput({ ...base, snippet: serializeSketch(snippet), status: 'ok', phrases: ['x'] }), 0.3))!;
    const next = mergeRecord(prev, prepareInput({ ...base, title: '', firstSeen: 15, lastSeen: 30, page: serializeSketch(page), status: 'http-404' }), 0.3);
    expect(next).toMatchObject({ title: 'A', firstSeen: 10, lastSeen: 30, status: 'http-404', phrases: ['x'] });
    expect(prev.rec.snippet).toEqual(compactSketch(snippet));
    expect(next.snippet).toBeUndefined(); // replaced by the page sketch
    expect(next.keys).toEqual(indexKeys(cutSketch(page), 0.3));
    expect('fetchedAt' in next).toBe(false);
    // Stored page sketch kept when the input has none: keys still from it.
    const later = mergeRecord(readRecord(next), prepareInput({ ...base, lastSeen: 40 }), 0.3);
    expect(later.keys).toEqual(indexKeys(cutSketch(page), 0.3));
    expect(later.page).toEqual(next.page);
  });

  it('readRecord accepts what mergeRecord writes and refuses damage of every kind', () => {
    const good = { ...mergeRecord(undefined, prepareInput({ ...base, page: serializeSketch(page) }), 0.3), snippet: compactSketch(snippet) };
    expect(readRecord(good)?.rec).toEqual(good);
    expect(readRecord(good)?.page).toEqual(cutSketch(page));
    const damaged: [string, (r: Record<string, unknown>) => void][] = [
      ['format byte', (r) => void ((r.page as Uint8Array)[0] ^= 1)],
      ['truncated', (r) => void (r.snippet = (r.snippet as Uint8Array).slice(0, 50))],
      ['magic', (r) => void ((r.page as Uint8Array)[3] ^= 1)],
      ['unsorted body', (r) => void (r.page as Uint8Array).fill(0xff, 36, 40)],
      ['id', (r) => void (r.id = 7)],
      ['not bytes', (r) => void (r.page = 'abc')],
      ['no url', (r) => void delete r.url],
      ['title type', (r) => void (r.title = 3)],
      ['lastSeen', (r) => void (r.lastSeen = 'yesterday')],
      ['keys', (r) => void (r.keys = [1, 'a'])],
      ['bytes', (r) => void (r.bytes = -1)],
      ['phrases', (r) => void (r.phrases = 'x')],
    ];
    for (const [what, damage] of damaged) {
      const r = structuredClone(good) as unknown as Record<string, unknown>;
      damage(r);
      expect(readRecord(r), what).toBeUndefined();
    }
    expect(readRecord(null)).toBeUndefined();
    expect(readRecord('x')).toBeUndefined();
  });

  it('prepareInput refuses a record that is not one, and sketch bytes that are not a sketch', () => {
    expect(() => prepareInput({ ...base, url: '' })).toThrow(expect.objectContaining({ code: 'BAD_RECORD' }));
    expect(() => prepareInput({ ...base, phrases: [1] as unknown as string[] })).toThrow(expect.objectContaining({ code: 'BAD_RECORD' }));
    expect(() => prepareInput({ ...base, page: [1, 2] as unknown as Uint8Array })).toThrow(expect.objectContaining({ code: 'BAD_RECORD' }));
    let err: unknown;
    try {
      prepareInput({ ...base, snippet: new Uint8Array(10) });
    } catch (e) {
      err = e;
    }
    expect(isResembleError(err, 'BAD_SKETCH_BYTES')).toBe(true);
    // A view into a larger buffer is read, and what is kept owns its (compact) bytes alone.
    const big = new Uint8Array(10_000);
    const bytes = serializeSketch(page);
    big.set(bytes, 100);
    const view = prepareInput({ ...base, page: big.subarray(100, 100 + bytes.length) }).input.page!;
    expect(view.buffer.byteLength).toBe(view.byteLength);
    expect(view).toEqual(compactSketch(page));
    // keys and bytes from the caller are ignored: the store computes them.
    const p = prepareInput({ ...base, keys: [1], bytes: 5 } as unknown as PageRecord);
    expect(p.input).toEqual(base);
  });
});

describe('store eviction order', () => {
  const recs: EvictionCandidate[] = [
    { url: 'c', lastSeen: 5 * DAY_MS, bytes: 100 },
    { url: 'a', lastSeen: 1 * DAY_MS, bytes: 100 },
    { url: 'b', lastSeen: 1 * DAY_MS, bytes: 100 },
    { url: 'd', lastSeen: 40 * DAY_MS, bytes: 100 },
    { url: 'e', lastSeen: 45 * DAY_MS, bytes: 100 },
  ];
  const usage = { entries: 5, bytes: 500 };

  it('oldest first by lastSeen, ties by URL', () => {
    expect([...recs].sort(oldestFirst).map((r) => r.url)).toEqual(['a', 'b', 'c', 'd', 'e']);
  });

  it('age, then size', () => {
    const lim = resolveLimits({ maxAgeDays: 30, maxBytes: 1000 });
    expect(planEviction(recs, usage, ageAndSize(lim, 40 * DAY_MS))).toEqual(['a', 'b', 'c']);
    expect(planEviction(recs, usage, ageAndSize(lim, 10 * DAY_MS))).toEqual([]);
    const small = resolveLimits({ maxAgeDays: 30, maxBytes: 250 });
    expect(planEviction(recs, usage, ageAndSize(small, 10 * DAY_MS))).toEqual(['a', 'b', 'c']);
    expect(planEviction(recs, usage, ageAndSize(resolveLimits({ maxBytes: 300 }), 10 * DAY_MS))).toEqual(['a', 'b']);
  });

  it('quota relief: the oldest quarter, at least one', () => {
    expect(planEviction(recs, usage, oldestFraction(0.25))).toEqual(['a', 'b']);
    expect(planEviction(recs.slice(0, 1), { entries: 1, bytes: 100 }, oldestFraction(0.25))).toEqual(['c']);
    expect(planEviction([], { entries: 0, bytes: 0 }, oldestFraction(0.25))).toEqual([]);
  });

  it('results pages newest first', () => {
    const s = (id: string, at: number) => ({ id, at, url: '', engine: '', query: '', results: [], groups: [] });
    expect([s('a', 1), s('b', 3), s('c', 2), s('d', 3)].sort(newestFirst).map((x) => x.id)).toEqual(['d', 'b', 'c', 'a']);
  });
});

describe('store limits and errors', () => {
  it('defaults: 20 MiB, 30 days, 0.3, 20 results pages; bad values are refused', () => {
    expect(DEFAULT_LIMITS).toEqual({ maxBytes: 20 * 1024 * 1024, maxAgeDays: 30, minThreshold: 0.3, maxSerps: 20, versions: 3 });
    expect(resolveLimits({ maxBytes: 5 }, DEFAULT_LIMITS)).toMatchObject({ maxBytes: 5, maxAgeDays: 30 });
    expect(resolveLimits({ maxAgeDays: Infinity }).maxAgeDays).toBe(Infinity);
    expect(() => resolveLimits({ minThreshold: 0 })).toThrow(RangeError);
    expect(() => resolveLimits({ maxBytes: -1 })).toThrow(RangeError);
    expect(() => resolveLimits({ maxSerps: 1.5 })).toThrow(RangeError);
  });

  it('quota errors: QuotaExceededError, the legacy Firefox name, and an AbortError caused by one', () => {
    const quota = new DOMException('full', 'QuotaExceededError');
    expect(isQuotaError(quota)).toBe(true);
    expect(isQuotaError({ name: 'NS_ERROR_DOM_QUOTA_REACHED' })).toBe(true);
    expect(isQuotaError(new DOMException('aborted', 'AbortError'), quota)).toBe(true);
    expect(isQuotaError(new DOMException('aborted', 'AbortError'))).toBe(false);
    expect(isQuotaError(new DOMException('aborted', 'AbortError'), new DOMException('x', 'ConstraintError'))).toBe(false);
    expect(isQuotaError(new Error('QuotaExceededError'))).toBe(false);
    expect(isQuotaError(undefined)).toBe(false);
    // The IndexedDB backend reports a request's AbortError as its transaction's error.
    const aborted = new DOMException('aborted', 'AbortError');
    expect(transactionFailure(aborted, { error: quota })).toBe(quota);
    expect(transactionFailure(aborted, { error: null })).toBe(aborted);
    expect(transactionFailure(quota, { error: null })).toBe(quota);
  });
});

describe('store records: a dead page’s alternates (issue #15)', () => {
  const alt = {
    url: 'https://mirror.example/a',
    title: 'A',
    source: 'group' as const,
    resemblance: 0.9,
    containment: 0.95,
    checkedAt: 25,
    basis: 'page' as const,
  };

  it('are kept across merges that do not name them, counted in the bytes, and dropped when the page is checked alive', () => {
    const dead = readRecord(mergeRecord(undefined, prepareInput({ ...base, page: serializeSketch(page), status: 'gone' }), 0.3))!;
    const withAlts = mergeRecord(dead, prepareInput({ ...base, title: '', alternates: [alt] }), 0.3);
    expect(withAlts).toMatchObject({ title: 'A', status: 'gone', alternates: [alt] });
    expect(withAlts.bytes).toBeGreaterThan(dead.rec.bytes);
    const seenAgain = mergeRecord(readRecord(withAlts), prepareInput({ ...base, lastSeen: 40, status: 'gone' }), 0.3);
    expect(seenAgain.alternates).toEqual([alt]);
    const alive = mergeRecord(readRecord(withAlts), prepareInput({ ...base, lastSeen: 50, fetchedAt: 50, status: 'ok', page: serializeSketch(page) }), 0.3);
    expect('alternates' in alive).toBe(false);
  });

  it('are refused unmeasured or with another scheme, when put and when read', () => {
    expect(() => prepareInput({ ...base, alternates: [{ ...alt, url: 'javascript:alert(1)' }] })).toThrow(/alternates/);
    expect(() => prepareInput({ ...base, alternates: [{ ...alt, resemblance: Number.NaN }] })).toThrow(/alternates/);
    const good = mergeRecord(undefined, prepareInput({ ...base, alternates: [alt] }), 0.3);
    expect(readRecord(good)?.rec.alternates).toEqual([alt]);
    expect(readRecord({ ...good, alternates: [{ ...alt, containment: 2 }] })).toBeUndefined();
    expect(readRecord({ ...good, alternates: 'x' })).toBeUndefined();
  });
});
