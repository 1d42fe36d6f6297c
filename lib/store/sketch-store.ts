/**
 * The store's behaviour, over any StoreBackend: the IndexedDB one and the memory one (incognito) run
 * this same code, so they cannot drift apart.
 */
import { prefixLength } from '../sketch/candidate-index';
import { cutSketch } from './compact';
import { minResemblance } from '../sketch/estimate';
import type { Sketch } from '../sketch/sketch';
import type { StoreBackend } from './backend';
import { StoreError, isQuotaError } from './errors';
import { DAY_MS, ageAndSize, oldestFraction } from './eviction';
import { resolveLimits } from './limits';
import { INDEX_KEYS, type ReadRecord, indexedSketch, mergeRecord, prepareInput, readRecord } from './record';
import { checkSerp, readSerp } from './serp';
import type { PageInput, PageRecord, SerpRecord, SimilarPage, SketchStore, StoreLimits, Usage } from './types';

/** Share of the records (oldest first) dropped to make room after a quota error, before the one retry. */
export const QUOTA_RELIEF = 0.25;

function sameShape(a: Sketch, b: Sketch): boolean {
  return a.shingle === b.shingle && a.seed === b.seed && a.size === b.size;
}

/**
 * `seed`: the install's sketch seed (issue #28). Sketches stored under another seed (made before the
 * seed changed: storage.local cleared with IndexedDB kept) read as absent, and are never compared.
 */
export function createSketchStore(backend: StoreBackend, limits?: Partial<StoreLimits>, seed?: number): SketchStore {
  let lim = resolveLimits(limits);
  let closed = false;
  const live = () => {
    if (closed) throw new StoreError('CLOSED', 'the store is closed');
  };

  /** Checked records by URL; stored values that fail the checks are deleted. */
  async function readMany(urls: readonly string[]): Promise<Map<string, ReadRecord>> {
    const raws = await backend.getPages(urls);
    const good = new Map<string, ReadRecord>();
    const bad: string[] = [];
    raws.forEach((raw, i) => {
      if (raw === undefined) return;
      const r = readRecord(raw, seed);
      if (r && r.rec.url === urls[i]) good.set(urls[i], r);
      else bad.push(urls[i]);
    });
    if (bad.length) await backend.deletePages(bad);
    return good;
  }

  async function upsert(next: ReturnType<typeof prepareInput>): Promise<Usage> {
    const t = lim.minThreshold;
    // Earlier versions go by the same age limit as the records (and none at all with `versions: 0`).
    const rule = { keep: lim.versions, after: Date.now() - lim.maxAgeDays * DAY_MS };
    return backend.upsertPage(next.input.url, (stored) => mergeRecord(readRecord(stored, seed), next, t, rule));
  }

  return {
    async get(url: string): Promise<PageRecord | undefined> {
      live();
      return (await readMany([url])).get(url)?.rec;
    },

    async getMany(urls: string[]): Promise<Map<string, PageRecord>> {
      live();
      const read = await readMany([...new Set(urls)]);
      return new Map([...read].map(([url, r]) => [url, r.rec]));
    },

    async put(input: PageInput): Promise<void> {
      live();
      const next = prepareInput(input);
      let usage: Usage;
      try {
        usage = await upsert(next);
      } catch (e) {
        if (!isQuotaError(e)) throw e;
        await backend.dropOldest(oldestFraction(QUOTA_RELIEF));
        try {
          usage = await upsert(next);
        } catch (e2) {
          if (!isQuotaError(e2)) throw e2;
          throw new StoreError('QUOTA', `no room to store ${next.input.url}, even after dropping the oldest ${QUOTA_RELIEF * 100}% of the records`, {
            cause: e2,
          });
        }
      }
      if (usage.bytes > lim.maxBytes) await backend.dropOldest(ageAndSize(lim, Date.now()));
    },

    async similar(sketch: Sketch, threshold: number, opts?: { limit?: number; exclude?: string }): Promise<SimilarPage[]> {
      live();
      if (!(threshold >= lim.minThreshold && threshold <= 1)) {
        throw new RangeError(`threshold ${threshold} is outside [${lim.minThreshold}, 1]: the index is built for minThreshold ${lim.minThreshold}`);
      }
      // Stored sketches are cut (./compact.ts): the query is cut alike. Its first keys meet a stored
      // sketch's first keys whenever one of the smallest shingles of their union is in both (see
      // INDEX_KEYS): recall 1 − (1 − r)^16 or better.
      sketch = cutSketch(sketch);
      const keys = sketch.min.subarray(0, Math.min(INDEX_KEYS, prefixLength(sketch.min.length, threshold)));
      const raws = keys.length ? await backend.candidates(keys) : [];
      const out: SimilarPage[] = [];
      const bad: string[] = [];
      for (const raw of raws) {
        const r = readRecord(raw, seed);
        if (!r) {
          const url = (raw as { url?: unknown } | null)?.url;
          if (typeof url === 'string') bad.push(url);
          continue;
        }
        const s = indexedSketch(r);
        if (!s || r.rec.url === opts?.exclude || !sameShape(s, sketch)) continue;
        const resemblance = minResemblance(sketch.min, s.min, Math.min(sketch.size, s.size));
        if (resemblance >= threshold) out.push({ url: r.rec.url, title: r.rec.title, resemblance });
      }
      if (bad.length) await backend.deletePages(bad);
      out.sort((a, b) => b.resemblance - a.resemblance || (a.url < b.url ? -1 : a.url > b.url ? 1 : 0));
      return opts?.limit !== undefined ? out.slice(0, Math.max(0, opts.limit)) : out;
    },

    async usage(): Promise<Usage> {
      live();
      return backend.usage();
    },

    async evict(now = Date.now()): Promise<number> {
      live();
      return backend.dropOldest(ageAndSize(lim, now));
    },

    async clear(): Promise<number> {
      live();
      return backend.clear();
    },

    async putSerp(s: SerpRecord): Promise<void> {
      live();
      await backend.putSerp(checkSerp(s), lim.maxSerps);
    },

    async recentSerps(limit = lim.maxSerps): Promise<SerpRecord[]> {
      live();
      const out: SerpRecord[] = [];
      for (const raw of await backend.recentSerps(Math.max(0, limit))) {
        const s = readSerp(raw);
        if (s) out.push(s);
        else if (typeof (raw as { id?: unknown } | null)?.id === 'string') await backend.deleteSerp((raw as { id: string }).id);
      }
      return out;
    },

    async getSerp(id: string): Promise<SerpRecord | undefined> {
      live();
      const raw = await backend.getSerp(id);
      if (raw === undefined) return undefined;
      const s = readSerp(raw);
      if (!s) await backend.deleteSerp(id);
      return s;
    },

    setLimits(l: Partial<StoreLimits>): void {
      lim = resolveLimits(l, lim);
    },

    setSeed(s: number | undefined): void {
      seed = s;
    },

    close(): void {
      if (closed) return;
      closed = true;
      backend.close();
    },
  };
}
