/**
 * Behaviour of the store, run against both backends (IndexedDB through fake-indexeddb with a fresh
 * factory per test, and memory): the same body must pass for each.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { PAGE_OPTIONS, SNIPPET_OPTIONS, deserializeSketch, prefixLength, resemblance, serializeSketch, sketchText, type Sketch } from '../../lib/index';
import { createMemoryStore, isStoreError, type PageInput, type SerpRecord } from '../../lib/store/index';
import { cutSketch, readCompactSketch } from '../../lib/store/compact';
import { DAY_MS } from '../../lib/store/eviction';
import { INDEX_KEYS } from '../../lib/store/record';
import { editWords } from './helpers/edits';
import { proseText } from './helpers/prose';
import { mulberry32 } from './helpers/random';
import { KINDS, type Harness } from './helpers/store-harness';

const words = (text: string, n: number) => text.split(/\s+/).slice(0, n).join(' ');

function input(url: string, over: Partial<PageInput> = {}): PageInput {
  return { url, title: `title of ${url}`, firstSeen: 1000, lastSeen: 1000, ...over };
}

/** A page input with both sketches of `text`. */
function pageInput(url: string, text: string, over: Partial<PageInput> = {}): PageInput {
  return input(url, { snippet: serializeSketch(sketchText(words(text, 30), SNIPPET_OPTIONS)), page: serializeSketch(sketchText(text, PAGE_OPTIONS)), ...over });
}

// ~300 records: 48 families of a text and 4 edited copies (edit rates spread over 0–0.5) stored with
// page and snippet sketches (indexed by the page sketch), and 12 families stored with a snippet only.
// Edit rates up to 0.25 put resemblances on both sides of every threshold tested.
interface Doc {
  url: string;
  indexed: Sketch;
  input: PageInput;
}
const docs: Doc[] = [];
const T0 = Date.now() - 3_600_000;
beforeAll(() => {
  const rnd = mulberry32(11);
  for (let f = 0; f < 60; f++) {
    const text = proseText(900 + f, 80 + Math.floor(rnd() * 300));
    for (let v = 0; v < 5; v++) {
      const t = v === 0 ? text : editWords(text, rnd() * 0.25, f * 10 + v);
      const url = `https://example.org/${f}/${v}`;
      if (f < 48) {
        const page = sketchText(t, PAGE_OPTIONS);
        docs.push({ url, indexed: page, input: pageInput(url, t, { firstSeen: T0, lastSeen: T0 + docs.length }) });
      } else {
        const snippet = sketchText(words(t, 40), SNIPPET_OPTIONS);
        docs.push({ url, indexed: snippet, input: input(url, { snippet: serializeSketch(snippet), firstSeen: T0, lastSeen: T0 + docs.length }) });
      }
    }
  }
});

describe.each(KINDS)('store ($kind)', ({ open }) => {
  it('put/get round trip: the sketches come back as the store keeps them (values cut to 32 bits); keys and bytes are computed', async () => {
    const { store } = await open();
    const text = proseText(1, 300);
    const snippet = sketchText(words(text, 30), SNIPPET_OPTIONS);
    const page = sketchText(text, PAGE_OPTIONS);
    await store.put(
      input('https://a.example/', {
        snippet: serializeSketch(snippet),
        page: serializeSketch(page),
        status: 'ok',
        fetchedAt: 1500,
        canonical: 'https://a.example/c',
        phrases: ['one phrase'],
      }),
    );
    const got = (await store.get('https://a.example/'))!;
    // With a page sketch, the snippet's is not kept (the page speaks for the result).
    expect(got.snippet).toBeUndefined();
    expect(readCompactSketch(got.page!)).toEqual(cutSketch(page));
    // Cutting changes no estimate: the same resemblance with another page's sketch, cut alike.
    const other = sketchText(editWords(text, 0.1, 3), PAGE_OPTIONS);
    expect(resemblance(readCompactSketch(got.page!), cutSketch(other))).toBe(resemblance(page, other));
    // Compact: 4 bytes a value.
    expect(got.page!.byteLength).toBeLessThan(serializeSketch(page).byteLength * 0.55);
    expect(got).toMatchObject({
      url: 'https://a.example/',
      title: 'title of https://a.example/',
      firstSeen: 1000,
      lastSeen: 1000,
      status: 'ok',
      fetchedAt: 1500,
      canonical: 'https://a.example/c',
      phrases: ['one phrase'],
    });
    // Keys: the page sketch's first INDEX_KEYS values (fewer than its prefix for minThreshold 0.3, 90).
    expect(got.keys).toEqual(Array.from(cutSketch(page).min.subarray(0, INDEX_KEYS)));
    expect(got.keys.length).toBe(16);
    expect(prefixLength(page.min.length, 0.3)).toBe(90);
    expect(got.bytes).toBeGreaterThan(got.page!.byteLength);
    expect(got.bytes).toBeLessThan(2048);
    expect(await store.usage()).toEqual({ entries: 1, bytes: got.bytes });
    expect(await store.get('https://missing.example/')).toBeUndefined();
    // What a caller does to a record it got does not change the store.
    got.title = 'changed';
    got.page![100] ^= 0xff;
    expect((await store.get('https://a.example/'))!.title).toBe('title of https://a.example/');
    expect(readCompactSketch((await store.get('https://a.example/'))!.page!)).toEqual(cutSketch(page));
    const many = await store.getMany(['https://a.example/', 'https://missing.example/', 'https://a.example/']);
    expect([...many.keys()]).toEqual(['https://a.example/']);
  });

  it('merge: firstSeen kept, lastSeen updated, a missing snippet/page (or other field) keeps the stored one, keys follow the page sketch', async () => {
    const { store } = await open();
    const text = proseText(2, 200);
    const url = 'https://m.example/';
    const snippetSketch = sketchText(words(text, 30), SNIPPET_OPTIONS);
    const pageSketch = sketchText(text, PAGE_OPTIONS);
    await store.put(input(url, { title: 'first', snippet: serializeSketch(snippetSketch), firstSeen: 100, lastSeen: 100 }));
    const one = (await store.get(url))!;
    expect(one.keys).toEqual(Array.from(cutSketch(snippetSketch).min.subarray(0, Math.min(INDEX_KEYS, prefixLength(snippetSketch.min.length, 0.3)))));
    const snippet = one.snippet;
    await store.put(input(url, { title: 'second', page: serializeSketch(pageSketch), firstSeen: 200, lastSeen: 200, status: 'ok', fetchedAt: 210 }));
    const two = (await store.get(url))!;
    expect(two).toMatchObject({ title: 'second', firstSeen: 100, lastSeen: 200, status: 'ok', fetchedAt: 210 });
    expect(snippet).toBeDefined();
    expect(two.snippet).toBeUndefined(); // the page sketch replaces it
    const page = two.page;
    expect(readCompactSketch(page!)).toEqual(cutSketch(pageSketch));
    expect(two.keys).toEqual(Array.from(cutSketch(pageSketch).min.subarray(0, INDEX_KEYS)));
    await store.put(input(url, { title: '', firstSeen: 300, lastSeen: 300 }));
    const three = (await store.get(url))!;
    expect(three).toMatchObject({ title: 'second', firstSeen: 100, lastSeen: 300, status: 'ok', fetchedAt: 210 });
    expect(three.snippet).toBeUndefined();
    expect(three.page).toEqual(page);
    expect(three.keys).toEqual(two.keys);
    // A late report of an older sighting does not move lastSeen back.
    await store.put(input(url, { firstSeen: 50, lastSeen: 50 }));
    expect(await store.get(url)).toMatchObject({ firstSeen: 50, lastSeen: 300 });
    expect(await store.usage()).toEqual({ entries: 1, bytes: (await store.get(url))!.bytes });
  });

  it('put refuses bad input and bad sketch bytes, writing nothing', async () => {
    const { store } = await open();
    await expect(store.put(input(''))).rejects.toMatchObject({ code: 'BAD_RECORD' });
    await expect(store.put({ ...input('https://b.example/'), lastSeen: Number.NaN })).rejects.toMatchObject({ code: 'BAD_RECORD' });
    await expect(store.put(input('https://b.example/', { page: new Uint8Array(60) }))).rejects.toMatchObject({ code: 'BAD_SKETCH_BYTES' });
    expect(await store.usage()).toEqual({ entries: 0, bytes: 0 });
  });

  // One store holding the ~300 records serves the three thresholds.
  let populated: Promise<Harness> | undefined;
  const withDocs = () =>
    (populated ??= (async () => {
      const h = await open();
      for (const d of docs) await h.store.put(d.input);
      return h;
    })());

  it.each([0.3, 0.5, 0.8])('similar() at t = %f finds exactly what a brute-force comparison finds, best first, through few candidates', async (t) => {
    const { store, probe } = await withDocs();
    expect((await store.usage()).entries).toBe(docs.length);
    const before = { ...probe };
    let queries = 0;
    let truth = 0;
    let near = 0;
    for (let q = 0; q < docs.length; q += 5) {
      const query = docs[q].indexed;
      const brute = docs
        .filter((d) => d.indexed.shingle === query.shingle && d.indexed.size === query.size)
        .map((d) => ({ url: d.url, resemblance: resemblance(query, d.indexed) }))
        .filter((m) => m.resemblance >= t);
      const got = await store.similar(query, t);
      expect(new Set(got.map((m) => m.url))).toEqual(new Set(brute.map((m) => m.url)));
      for (const m of got) expect(m.resemblance).toBe(brute.find((b) => b.url === m.url)!.resemblance);
      for (let i = 1; i < got.length; i++) expect(got[i - 1].resemblance).toBeGreaterThanOrEqual(got[i].resemblance);
      expect(got[0].resemblance).toBe(1); // itself (or an identical copy: ties go by URL)
      expect(got.find((m) => m.url === docs[q].url)).toEqual({ url: docs[q].url, resemblance: 1, title: `title of ${docs[q].url}` });
      queries++;
      truth += brute.length;
      near += docs.filter((d) => d !== docs[q] && d.indexed.shingle === query.shingle && Math.abs(resemblance(query, d.indexed) - t) < 0.1).length;
    }
    const lookups = (probe.keysLookedUp - before.keysLookedUp) / queries;
    const read = (probe.candidatesReturned - before.candidatesReturned) / queries;
    console.log(
      `t=${t}: ${truth} matches over ${queries} queries (${near} pairs within 0.1 of t); ${lookups.toFixed(1)} key lookups and ${read.toFixed(1)} records read per query, of ${docs.length}`,
    );
    expect(read).toBeLessThan(docs.length / 10);
  });

  it('similar() finds a pair through its first INDEX_KEYS values, and only through them', async () => {
    // a = [u…, c, …], b = [c, …]: the one shared value is a's 16th (found) or 17th (missed: the
    // index's recall bound, 1 − (1 − r)^16, is about such pairs).
    const { store } = await open();
    const run = (from: number, n: number) => Array.from({ length: n }, (_, i) => (1e6 + from + i) * 2 ** 20);
    const synth = (values: number[]): Sketch => {
      const min = new Float64Array(values);
      return { format: 1, shingle: 5, size: 128, seed: 0, min, mod: min, modBits: 0, tokens: 200, shingles: 196, distinct: 128, whole: 0, truncated: false };
    };
    for (const [lead, found] of [
      [15, true],
      [16, false],
    ] as const) {
      const a = synth([...run(0, lead), ...run(1000, 128 - lead)]);
      const b = synth([...run(1000, 80), ...run(5000, 48)]);
      await store.put(input(`https://a${lead}.example/`, { page: serializeSketch(a) }));
      const got = await store.similar(b, 0.3);
      expect(
        got.some((m) => m.url === `https://a${lead}.example/`),
        `shared value at position ${lead + 1}`,
      ).toBe(found && resemblance(a, b) >= 0.3);
    }
  });

  it('similar(): exclude, limit, shape and the index floor', async () => {
    const { store } = await open();
    const text = proseText(77, 300);
    const family = [0, 0.03, 0.06, 0.1].map((rate, i) => pageInput(`https://f.example/${i}`, rate ? editWords(text, rate, i) : text));
    for (const d of [...family, ...docs.slice(0, 10).map((d) => d.input)]) await store.put(d);
    const q = deserializeSketch(family[0].page!);
    const all = await store.similar(q, 0.3);
    expect(all.map((m) => m.url)).toEqual(family.map((f) => f.url));
    expect((await store.similar(q, 0.3, { exclude: family[0].url })).map((m) => m.url)).toEqual(all.slice(1).map((m) => m.url));
    expect(await store.similar(q, 0.3, { limit: 1 })).toEqual(all.slice(0, 1));
    // A sketch of another shape (other shingle size) matches nothing, whatever values it shares.
    const other = sketchText(proseText(900, 200), { ...PAGE_OPTIONS, shingle: 4 });
    expect(await store.similar(other, 0.3)).toEqual([]);
    await expect(store.similar(q, 0.2)).rejects.toThrow(RangeError);
    store.setLimits({ minThreshold: 0.1 });
    await expect(store.similar(q, 0.2)).resolves.toBeDefined();
  });

  it.each([
    ['the format byte flipped', (r: Record<string, unknown>) => void ((r.page as Uint8Array)[0] ^= 1)],
    ['the bytes truncated', (r: Record<string, unknown>) => void (r.page = (r.page as Uint8Array).slice(0, 100))],
    ['the snippet not bytes', (r: Record<string, unknown>) => void (r.snippet = [1, 2, 3])],
    ['a wrong shape', (r: Record<string, unknown>) => void (r.keys = 'nope')],
  ])('an unreadable record (%s) is never returned: get reports it missing and it is gone', async (_what, damage) => {
    const { store, tamper } = await open();
    const [a, b] = docs;
    await store.put(a.input);
    await store.put(b.input);
    const before = await store.usage();
    const bBytes = (await store.get(b.url))!.bytes;
    await tamper(b.url, damage);
    expect(await store.get(b.url)).toBeUndefined();
    expect(await store.usage()).toEqual({ entries: before.entries - 1, bytes: before.bytes - bBytes });
    // Found again by similar() or getMany, a damaged record is dropped the same way.
    await store.put(b.input);
    await tamper(b.url, damage);
    const found = await store.similar(b.indexed, 0.3);
    expect(found.map((m) => m.url)).not.toContain(b.url);
    expect(await store.getMany([a.url, b.url])).toEqual(new Map([[a.url, await store.get(a.url)]]));
    expect((await store.usage()).entries).toBe(1);
    // Put again (recomputed by the caller), it is a record like any other.
    await store.put(b.input);
    expect(readCompactSketch((await store.get(b.url))!.page!)).toEqual(cutSketch(b.indexed));
  });

  it('evict() drops records older than maxAgeDays (by lastSeen), then the oldest until the total fits maxBytes', async () => {
    const { store } = await open();
    const now = 100 * DAY_MS;
    const ages = [40, 31, 29, 10, 5, 1]; // days since last seen
    for (const [i, age] of ages.entries()) await store.put({ ...docs[i].input, firstSeen: now - age * DAY_MS, lastSeen: now - age * DAY_MS });
    expect(await store.evict(now)).toBe(2);
    expect(await store.get(docs[0].url)).toBeUndefined();
    expect(await store.get(docs[1].url)).toBeUndefined();
    expect(await store.get(docs[2].url)).toBeDefined();
    expect((await store.usage()).entries).toBe(4);
    // Room for the two newest records (and a little): the two oldest of the four go.
    const room = (await store.get(docs[4].url))!.bytes + (await store.get(docs[5].url))!.bytes + 10;
    store.setLimits({ maxBytes: room });
    expect(await store.evict(now)).toBe(2);
    expect([...(await store.getMany(docs.slice(0, 6).map((d) => d.url))).keys()]).toEqual([docs[4].url, docs[5].url]);
    expect((await store.usage()).bytes).toBe(room - 10);
    expect(await store.evict(now)).toBe(0);
  });

  it('put() evicts the oldest once the running total passes maxBytes', async () => {
    const { store } = await open();
    await store.put(docs[0].input);
    const one = (await store.usage()).bytes;
    store.setLimits({ maxBytes: one * 3.5 });
    for (const d of docs.slice(0, 20)) await store.put(d.input);
    const u = await store.usage();
    expect(u.bytes).toBeLessThanOrEqual(one * 3.5);
    expect(u.entries).toBeGreaterThanOrEqual(2);
    // The newest stay, the oldest went.
    expect(await store.get(docs[19].url)).toBeDefined();
    expect(await store.get(docs[0].url)).toBeUndefined();
  });

  it('a quota error on put drops the oldest quarter and retries once; a second one rejects with code QUOTA', async () => {
    const { store, probe } = await open();
    for (const d of docs.slice(0, 20)) await store.put(d.input);
    probe.failUpserts.push(new DOMException('no room', 'QuotaExceededError'));
    await store.put(docs[20].input);
    expect((await store.usage()).entries).toBe(16); // 20 − 5 + 1
    for (const d of docs.slice(0, 5)) expect(await store.get(d.url)).toBeUndefined();
    expect(await store.get(docs[5].url)).toBeDefined();
    expect(await store.get(docs[20].url)).toBeDefined();

    probe.failUpserts.push(new DOMException('no room', 'QuotaExceededError'), new DOMException('still none', 'QuotaExceededError'));
    const err = await store.put(docs[21].input).catch((e: unknown) => e);
    expect(isStoreError(err, 'QUOTA')).toBe(true);
    expect((err as Error).message).toMatch(/no room to store/);
    expect((err as Error).cause).toBeInstanceOf(DOMException);
    expect(await store.get(docs[21].url)).toBeUndefined();
    // Any other error is passed through, with no eviction.
    const entries = (await store.usage()).entries;
    probe.failUpserts.push(new TypeError('something else'));
    await expect(store.put(docs[22].input)).rejects.toThrow(TypeError);
    expect((await store.usage()).entries).toBe(entries);
  });

  it('results pages: the newest N are kept, newest first', async () => {
    const { store } = await open({ maxSerps: 5 });
    const serp = (i: number): SerpRecord => ({
      id: `1:s${i}`,
      url: `https://search.example/?q=${i}`,
      engine: 'ddg',
      query: `q${i}`,
      at: 1000 + ((i * 7) % 12),
      results: [{ i }],
      groups: [],
    });
    for (let i = 0; i < 12; i++) await store.putSerp(serp(i));
    const recent = await store.recentSerps();
    expect(recent.map((s) => s.at)).toEqual([1011, 1010, 1009, 1008, 1007]);
    expect(await store.recentSerps(2)).toEqual(recent.slice(0, 2));
    expect(await store.getSerp(recent[0].id)).toEqual(recent[0]);
    expect(await store.getSerp('1:s-none')).toBeUndefined();
    expect(await store.getSerp(serp(0).id)).toBeUndefined(); // at 1000: among the oldest
    await expect(store.putSerp({ ...serp(1), results: 'x' as unknown as unknown[] })).rejects.toMatchObject({ code: 'BAD_RECORD' });
  });

  it('clear() empties pages and results pages; close() ends the store', async () => {
    const { store } = await open();
    for (const d of docs.slice(0, 3)) await store.put(d.input);
    await store.putSerp({ id: 'x', url: 'u', engine: 'e', query: 'q', at: 1, results: [], groups: [] });
    expect(await store.clear()).toBe(3);
    expect(await store.usage()).toEqual({ entries: 0, bytes: 0 });
    expect(await store.recentSerps()).toEqual([]);
    expect(await store.similar(docs[0].indexed, 0.3)).toEqual([]);
    store.close();
    await expect(store.get(docs[0].url)).rejects.toMatchObject({ code: 'CLOSED' });
  });
});

describe('createMemoryStore', () => {
  it('is the same store with nothing on disk', async () => {
    const store = createMemoryStore({ limits: { maxAgeDays: 1 } });
    await store.put(docs[0].input);
    expect((await store.similar(docs[0].indexed, 0.5))[0]).toMatchObject({ url: docs[0].url, resemblance: 1 });
    expect(await store.evict(T0 + 2 * DAY_MS)).toBe(1);
  });
});
