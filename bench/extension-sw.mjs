// Measurement code that runs INSIDE the extension's service worker (bench/extension.bench.ts bundles it
// with lib into one IIFE, evaluates that in the worker over DevTools, and calls it as
// globalThis.__resembleBench.*). Every figure is taken with performance.now() here, so Playwright's own
// round trips to the browser are never counted. Nothing is added to the extension: the round trips go
// through its test hook (globalThis.__resemble: sketch, remember, usage, recall), the store figures
// through lib's own openIdbStore (put, similar) on the extension's real IndexedDB database, the one the
// hook's `remember` writes to; `seed` fills that database in bulk for the figures taken with it full.
import { PAGE_OPTIONS, SNIPPET_OPTIONS } from '../lib/sketch/options';
import { serializeSketch } from '../lib/sketch/serialize';
import { sketch } from '../lib/sketch/sketch';
import { DB_NAME, DEFAULT_LIMITS, openIdbStore } from '../lib/store';
import { mergeRecord, prepareInput } from '../lib/store/record';
import { rng } from './corpus';
import { VOCAB } from './vocab';

const hook = () => {
  const h = globalThis.__resemble;
  if (!h) throw new Error('globalThis.__resemble is missing: not the Resemble service worker, or the test hook was removed');
  return h;
};
const now = () => performance.now();
const optionsFor = (kind) => (kind === 'snippet' ? SNIPPET_OPTIONS : PAGE_OPTIONS);

/** What the sketch Worker does with each item (lib/worker/handle.ts), here in the service worker itself. */
function sketchItems(items, kind) {
  const o = optionsFor(kind);
  let n = 0;
  for (const item of items) n += serializeSketch(sketch(item.text, { ...o, format: item.format ?? 'auto' })).byteLength;
  return n;
}

/** Checks one round trip's answer, so a failing path cannot pass for a fast one. */
function checkResults(res, count) {
  if (!Array.isArray(res) || res.length !== count) throw new Error(`sketch returned ${res?.length} results for ${count} items`);
  for (const r of res) if (!r.ok) throw new Error(`sketch failed: ${r.error?.code}: ${r.error?.message}`);
  return res;
}

/** The first call after start: creates the offscreen document, its Worker and the port. */
export async function coldCall(items, kind) {
  const t0 = now();
  checkResults(await hook().sketch(items, kind, { timeoutMs: 30_000 }), items.length);
  return now() - t0;
}

/**
 * `runs` timed round trips background → offscreen document → Worker → background, after `warm`
 * untimed ones, cycling through `batches`. Returns each run's ms and what the last answers held.
 */
export async function roundTrips(batches, kind, runs, warm) {
  for (let i = 0; i < warm; i++) checkResults(await hook().sketch(batches[i % batches.length], kind), batches[i % batches.length].length);
  const ms = [];
  let bytes = 0;
  let tokens = 0;
  let truncated = 0;
  for (let i = 0; i < runs; i++) {
    const batch = batches[i % batches.length];
    const t0 = now();
    const res = await hook().sketch(batch, kind);
    ms.push(now() - t0);
    checkResults(res, batch.length);
    if (i === runs - 1) {
      for (const r of res) {
        bytes += r.bytes.byteLength;
        tokens += r.tokens;
        truncated += r.truncated ? 1 : 0;
      }
    }
  }
  return { ms, bytes, tokens, truncated };
}

/**
 * The same sketching done directly in the service worker (same engine as the Worker, no messaging).
 * The clock here ticks in 0.1 ms steps, so after a warm-up each sample times `reps` batches (enough for
 * ~minMs) and reports ms per batch.
 */
export function direct(batches, kind, samples, minMs) {
  let acc = 0;
  let reps = 1;
  for (let r = 0, t0 = now(); now() - t0 < 10 * minMs; r++) acc += sketchItems(batches[r % batches.length], kind); // warm-up
  for (;;) {
    const t0 = now();
    for (let r = 0; r < reps; r++) acc += sketchItems(batches[r % batches.length], kind);
    if (now() - t0 >= minMs || reps >= 1 << 20) break;
    reps *= 2;
  }
  const ms = [];
  for (let s = 0; s < samples; s++) {
    const t0 = now();
    for (let r = 0; r < reps; r++) acc += sketchItems(batches[(s + r) % batches.length], kind);
    ms.push((now() - t0) / reps);
  }
  return { ms, reps, acc };
}

// --- Store -----------------------------------------------------------------------------------------

/** A small deterministic hash for picking sizes and hosts. */
function mix(i) {
  let x = Math.imul(i ^ 0x9e3779b9, 0x85ebca6b);
  x ^= x >>> 13;
  x = Math.imul(x, 0xc2b2ae35);
  return (x ^ (x >>> 16)) >>> 0;
}

const dropEvery = (text, k, phase = 0) =>
  text
    .split(' ')
    .filter((_, i) => (i + phase) % k !== k - 1)
    .join(' ');

/**
 * Zipf word sampler over bench/vocab.ts with bench/corpus.ts's weights 1 / (rank + 2.7), by table
 * lookup: corpus.ts's generator (binary search, line wrapping) makes ~3 MB/s, too slow for 10,000 pages.
 */
const TABLE_SIZE = 1 << 18;
const WORD_TABLE = (() => {
  const t = new Uint16Array(TABLE_SIZE);
  let sum = 0;
  for (let r = 0; r < VOCAB.length; r++) sum += 1 / (r + 2.7);
  let acc = 0;
  let r = 0;
  for (let i = 0; i < TABLE_SIZE; i++) {
    const u = (i + 0.5) / TABLE_SIZE;
    while (r < VOCAB.length - 1 && acc + 1 / (r + 2.7) / sum < u) acc += 1 / (r++ + 2.7) / sum;
    t[i] = r;
  }
  return t;
})();

/** English-like prose of at least `bytes` characters: sentences of 6-45 words, commas, paragraphs. */
function prose(bytes, seed) {
  const rand = rng(seed);
  const words = [];
  let len = 0;
  let left = 0;
  let sentences = 0;
  while (len < bytes) {
    let w = VOCAB[WORD_TABLE[(rand() * TABLE_SIZE) | 0]];
    if (left === 0) {
      left = 6 + Math.floor(rand() * rand() * 40);
      w = w[0].toUpperCase() + w.slice(1);
    }
    if (--left === 0) w += ++sentences % 5 === 0 ? '.\n\n' : rand() < 0.9 ? '.' : '?';
    else if (rand() < 0.07) w += ',';
    words.push(w);
    len += w.length + 1;
  }
  return words.join(' ');
}

/**
 * Stored page number i: English-like prose of 2-10 KB (the main text of a fetched result page); every
 * tenth page (i % 10 === 9) is an edited copy of the one before it (every 25th word dropped), as a
 * mirror or a syndicated copy would be.
 */
export function pageText(i) {
  if (i % 10 === 9) return dropEvery(pageText(i - 1), 25);
  return prose(2000 + (mix(i) % 8000), 100_000 + i);
}
export const pageUrl = (i) => `https://www.site${mix(i) % 997}.example/articles/${2000 + (i % 25)}/page-${i}.html`;
const pageTitle = (text) => text.slice(0, 60).replace(/\s+/g, ' ').trim();

/**
 * Stores pages from..from+count-1 through the hook's `remember` (sketch by the Worker, then put in
 * IndexedDB), `concurrency` calls in flight at a time. Returns each call's latency and the wall time.
 */
export async function fill(from, count, concurrency) {
  const texts = Array.from({ length: count }, (_, j) => pageText(from + j));
  const latency = new Array(count);
  let next = 0;
  const t0 = now();
  const lane = async () => {
    for (let j = next++; j < count; j = next++) {
      const i = from + j;
      const text = texts[j];
      const t = now();
      await hook().remember(pageUrl(i), pageTitle(text), text, 'page');
      latency[j] = now() - t;
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, lane));
  return { latency, ms: now() - t0 };
}

/** `count` sequential `remember` calls (one at a time: each latency is the whole cost of one call). */
export async function remembers(from, count) {
  const texts = Array.from({ length: count }, (_, j) => pageText(from + j));
  const ms = [];
  for (let j = 0; j < count; j++) {
    const i = from + j;
    const text = texts[j];
    const t = now();
    await hook().remember(pageUrl(i), pageTitle(text), text, 'page');
    ms.push(now() - t);
  }
  return { ms };
}

let store;
/** lib's store on the extension's own database (DB_NAME 'resemble'), with the limits the settings give it. */
async function openStore(maxBytes) {
  store ??= await openIdbStore({ limits: { maxBytes } });
  return store;
}

/** Page number i as the record `remember` would put: its sketch made here (lib, as the Worker does). */
function pageRecord(i) {
  const text = pageText(i);
  const at = Date.now();
  return { url: pageUrl(i), title: pageTitle(text), page: serializeSketch(sketch(text, PAGE_OPTIONS)), firstSeen: at, lastSeen: at };
}

/**
 * Stores pages from..from+count-1 with lib's store `put` alone (each sketched here first, untimed),
 * `concurrency` puts in flight at a time. Returns each put's latency and the wall time of the puts.
 */
export async function fillPuts(from, count, concurrency, maxBytes) {
  const s = await openStore(maxBytes);
  const recs = Array.from({ length: count }, (_, j) => pageRecord(from + j));
  const latency = new Array(count);
  let next = 0;
  const t0 = now();
  const lane = async () => {
    for (let j = next++; j < count; j = next++) {
      const t = now();
      await s.put(recs[j]);
      latency[j] = now() - t;
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, lane));
  return { latency, ms: now() - t0 };
}

const idbRequest = (req) =>
  new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });

/**
 * Setup only, not a figure of the store: writes pages from..from+count-1 (none stored yet) in bulk,
 * `perTx` records per IndexedDB transaction, the records exactly as `put` makes them (lib's
 * prepareInput + mergeRecord, keys for the default minThreshold) and the store's running total in
 * `meta` raised to match. `put` costs one transaction with several round trips to the browser's
 * IndexedDB each (4-10 ms here), too slow to fill 10,000 within the bench's time; the caller checks
 * the result through the hook (usage, recall) and through `similar`.
 */
export async function seed(from, count, perTx, maxBytes) {
  await openStore(maxBytes); // creates or checks the schema
  const db = await idbRequest(indexedDB.open(DB_NAME));
  const t0 = now();
  let prepMs = 0;
  try {
    for (let at = from; at < from + count; at += perTx) {
      const n = Math.min(perTx, from + count - at);
      const tp = now();
      const recs = Array.from({ length: n }, (_, j) => mergeRecord(undefined, prepareInput(pageRecord(at + j)), DEFAULT_LIMITS.minThreshold));
      prepMs += now() - tp;
      const tx = db.transaction(['pages', 'meta'], 'readwrite', { durability: 'relaxed' });
      const done = new Promise((resolve, reject) => {
        tx.oncomplete = resolve;
        tx.onerror = () => reject(tx.error);
        tx.onabort = () => reject(tx.error ?? new Error('seed transaction aborted'));
      });
      const pages = tx.objectStore('pages');
      const meta = tx.objectStore('meta');
      for (const r of recs) pages.add(r); // add: fails if a page were stored already
      const u = (await idbRequest(meta.get('usage'))) ?? { entries: 0, bytes: 0 };
      meta.put({ entries: u.entries + n, bytes: u.bytes + recs.reduce((b, r) => b + r.bytes, 0) }, 'usage');
      await done;
    }
  } finally {
    db.close();
  }
  return { ms: now() - t0, prepMs };
}

/** Store writes alone, one at a time: pages from..from+count-1, sketched first (untimed). Each put's ms. */
export async function puts(from, count, maxBytes) {
  const s = await openStore(maxBytes);
  const recs = Array.from({ length: count }, (_, j) => pageRecord(from + j));
  const ms = [];
  for (const rec of recs) {
    const t = now();
    await s.put(rec);
    ms.push(now() - t);
  }
  return { ms };
}

/**
 * `similar(sketch, threshold)` for query texts: lightly edited versions of stored originals (`hits`,
 * page numbers ending in 8, whose copy ending in 9 is stored too) or pages never stored (misses).
 * Query sketches are made first (untimed). Returns each query's ms and how many pages it returned.
 */
export async function similarQueries(pages, threshold, maxBytes, miss) {
  const s = await openStore(maxBytes);
  const queries = pages.map((i) => sketch(miss ? pageText(i) : dropEvery(pageText(i), 30, 7), PAGE_OPTIONS));
  for (const q of queries.slice(0, 10)) await s.similar(q, threshold); // warm-up, untimed
  const ms = [];
  const found = [];
  for (const q of queries) {
    const t = now();
    const res = await s.similar(q, threshold);
    ms.push(now() - t);
    found.push(res.length);
  }
  return { ms, found };
}

export const usage = () => hook().usage();

/** What Chromium counts for the extension's origin on disk (IndexedDB and the rest). */
export async function diskUsage() {
  const e = await navigator.storage.estimate();
  return { usage: e.usage ?? 0, indexedDB: e.usageDetails?.indexedDB };
}

/** One stored record, read back through the hook: proof that the fill went through the real path. */
export const recall = (i) => hook().recall(pageUrl(i));
