/**
 * Issue #28, "Forged sketches": each install's secret sketch seed. The stored seed's reader and its
 * race-safe creation (lib/sketch/install-seed.ts), the background's copy of it in storage.local
 * (entrypoints/background/worker/install-seed.ts, through WXT's fake browser), every sketch the background's
 * sketch service makes carrying it, and the store reading a sketch made under another seed as absent.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { INSTALL_SEED_KEY, drawInstallSeed, ensureInstallSeed, readInstallSeed } from '../../lib/sketch/install-seed';
import { PAGE_OPTIONS, deserializeSketch, resemblance, sketchText } from '../../lib/index';
import { serializeSketch } from '../../lib/sketch/serialize';
import { compactSketch, createMemoryStore, cutSketch, readCompactSketch } from '../../lib/store/index';
import { isFresh } from '../../lib/store/fresh';
import { handleWorkerRequest } from '../../lib/worker/handle';
import { containment as containmentOf } from '../../lib/sketch/estimate';
import type { WorkerTransport } from '../../lib/worker/client';
import { proseText } from './helpers/prose';
import { forgeFromSample } from './helpers/seed-forgery';

// The offscreen document's port, replaced by the Worker's handler run in place: what the Worker receives is what it sketches with.
const posted: unknown[] = [];
vi.mock('../../entrypoints/background/worker/offscreen-transport', () => ({
  createOffscreenTransport: (): WorkerTransport => {
    let cb: (m: unknown) => void = () => {};
    return {
      post: (msg) => {
        posted.push(msg);
        queueMicrotask(() => cb(handleWorkerRequest(msg)));
      },
      onMessage: (f) => void (cb = f),
      onFailure: () => {},
      restart: () => {},
    };
  },
}));

const tick = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** One storage.local shared by several contexts, slow enough that their reads and writes interleave. */
function sharedStorage() {
  let value: unknown;
  return {
    get: async () => (await tick(Math.random() * 5), value),
    set: async (v: number) => {
      await tick(Math.random() * 5);
      value = v;
    },
    peek: () => value,
  };
}

/** navigator.locks' exclusive request, for one origin. */
function originLock() {
  let tail: Promise<unknown> = Promise.resolve();
  return <T>(fn: () => Promise<T>): Promise<T> => {
    const run = tail.then(fn);
    tail = run.catch(() => undefined);
    return run;
  };
}

const fill = (a: Uint32Array) => globalThis.crypto.getRandomValues(a);

describe('the stored seed', () => {
  it('is an integer from 1 to 2^32 − 1; anything else is no seed', () => {
    for (const ok of [1, 42, 0xffffffff]) expect(readInstallSeed(ok)).toBe(ok);
    for (const bad of [0, -1, 1.5, 2 ** 32, NaN, '7', null, undefined, {}]) expect(readInstallSeed(bad), String(bad)).toBeUndefined();
  });

  it('is drawn from the random source and never 0 (the public seed)', () => {
    const zeros = [0, 0, 7];
    expect(drawInstallSeed((a) => ((a[0] = zeros.shift()!), a))).toBe(7);
    const seen = new Set(Array.from({ length: 50 }, () => drawInstallSeed(fill)));
    expect(seen.size, 'fifty draws, fifty seeds').toBe(50);
  });

  it('is made once, then read: a second call finds the first seed', async () => {
    const s = sharedStorage();
    const first = await ensureInstallSeed({ ...s, fill });
    expect(first).toBeGreaterThan(0);
    expect(s.peek()).toBe(first);
    expect(await ensureInstallSeed({ ...s, fill })).toBe(first);
  });

  it('two contexts starting together end with one seed (under the origin lock)', async () => {
    for (let round = 0; round < 20; round++) {
      const s = sharedStorage();
      const lock = originLock();
      const seeds = await Promise.all([1, 2, 3].map(() => ensureInstallSeed({ ...s, fill, lock })));
      expect(new Set(seeds).size, `round ${round}: ${seeds.join(', ')}`).toBe(1);
      expect(s.peek()).toBe(seeds[0]);
    }
  });

  it('a stored 0 or a broken value is replaced by a fresh seed', async () => {
    for (const old of [0, 'x', -3]) {
      const s = sharedStorage();
      await s.set(old as number);
      const seed = await ensureInstallSeed({ ...s, fill });
      expect(seed).toBeGreaterThan(0);
      expect(s.peek()).toBe(seed);
    }
  });
});

describe('the background', () => {
  afterEach(() => {
    fakeBrowser.reset();
    vi.resetModules();
    posted.length = 0;
  });

  it('keeps one seed in storage.local, never in storage.sync; concurrent first uses agree', async () => {
    const { installSeed } = await import('../../entrypoints/background/worker/install-seed');
    const seeds = await Promise.all([installSeed(), installSeed(), installSeed()]);
    expect(new Set(seeds).size).toBe(1);
    expect(seeds[0]).toBeGreaterThan(0);
    expect((await fakeBrowser.storage.local.get(INSTALL_SEED_KEY))[INSTALL_SEED_KEY]).toBe(seeds[0]);
    expect(await fakeBrowser.storage.sync.get(null)).toEqual({});
  });

  it('follows the key: cleared storage gives a new seed, another context’s write is taken', async () => {
    const { installSeed } = await import('../../entrypoints/background/worker/install-seed');
    const a = await installSeed();
    await fakeBrowser.storage.local.clear();
    const b = await installSeed();
    expect(b).not.toBe(a);
    await fakeBrowser.storage.local.set({ [INSTALL_SEED_KEY]: 12345 });
    expect(await installSeed()).toBe(12345);
  });

  it('sketches pages and snippets under the stored seed, whatever the caller passes', async () => {
    (fakeBrowser as unknown as { offscreen: unknown }).offscreen = { createDocument: () => undefined };
    await fakeBrowser.storage.local.set({ [INSTALL_SEED_KEY]: 0xfedcba98 });
    const { createSketchService } = await import('../../entrypoints/background/worker/sketch-service');
    const service = createSketchService();
    expect(service.host).toBe('offscreen');
    const text = proseText(3, 800);
    // As page checking, lost and found and copies call it: shingle and size from the settings, no seed.
    const [snip] = await service.sketch([{ text: proseText(4, 30), format: 'text' }], { shingle: 2, size: 128 });
    const [page] = await service.sketch([{ text, format: 'auto' }], { shingle: 5, size: 128, seed: 0 });
    const html = `<!doctype html><html><head><title>T</title></head><body><main><p>${text}</p></main></body></html>`;
    const { result } = await service.page(html, 'https://a.example/p', { shingle: 5, size: 128 });
    for (const r of [snip, page, result]) {
      if (!r.ok) throw new Error(r.error.message);
      expect(deserializeSketch(r.bytes).seed).toBe(0xfedcba98);
    }
    expect(
      posted.every((m) => (m as { options?: { seed?: number } }).options?.seed === 0xfedcba98),
      'every request to the Worker',
    ).toBe(true);
    // The page's sketch is lib's under that seed, not under the public one.
    const lib = sketchText(text, { ...PAGE_OPTIONS, seed: 0xfedcba98 });
    expect(deserializeSketch((page as { bytes: Uint8Array }).bytes).min).toEqual(lib.min);
  });
});

describe('the store under the install seed', () => {
  const text = proseText(11, 1500);
  const under = (seed: number) => serializeSketch(sketchText(text, { ...PAGE_OPTIONS, seed }));
  const rec = (page: Uint8Array, url = 'https://a.example/') => ({ url, title: 'A', page, firstSeen: 1, lastSeen: 2, fetchedAt: Date.now(), status: 'ok' });
  const settings = { cacheMaxAgeDays: 30, recheckHours: 24, pageShingle: 5, sketchSize: 128 };

  it('keeps the seed through the compact format', () => {
    const s = sketchText(text, { ...PAGE_OPTIONS, seed: 0xfedcba98 });
    expect(cutSketch(s).seed).toBe(0xfedcba98);
    expect(readCompactSketch(compactSketch(s)).seed).toBe(0xfedcba98);
  });

  it('reads a sketch made under another seed as absent: never compared, the page checked again, the bytes dropped on the next write', async () => {
    const store = createMemoryStore();
    await store.put(rec(under(0)));
    await store.put(rec(under(0), 'https://copy.example/'));
    expect((await store.get('https://a.example/'))?.page, 'no seed told: read as stored').toBeDefined();

    store.setSeed(777);
    const stale = await store.get('https://a.example/');
    expect(stale?.page, 'seed-0 sketch under seed 777').toBeUndefined();
    expect(stale?.title).toBe('A');
    expect(isFresh(stale, settings), 'page checking fetches it again').toBe(false);
    // A query under the install's seed meets the stale record's index keys, and neither throws nor matches.
    expect(await store.similar(deserializeSketch(under(777)), 0.5)).toEqual([]);
    expect(await store.similar(deserializeSketch(under(0)), 0.5), 'a seed-0 query finds nothing either').toEqual([]);

    await store.put(rec(under(777)));
    const fresh = await store.get('https://a.example/');
    expect(readCompactSketch(fresh!.page!).seed).toBe(777);
    expect(isFresh(fresh, settings)).toBe(true);
    expect((await store.similar(deserializeSketch(under(777)), 0.5)).map((p) => p.url)).toEqual(['https://a.example/']);
    expect((await store.getMany(['https://copy.example/'])).get('https://copy.example/')?.page).toBeUndefined();
  });

  it('the seed given at opening applies from the first read', async () => {
    const store = createMemoryStore({ seed: 5 });
    await store.put(rec(under(6)));
    expect((await store.get('https://a.example/'))?.page).toBeUndefined();
  });
});

describe('a page forged from seed 0’s sample (measured)', () => {
  const forge = (target: string) => forgeFromSample(target, 0);

  it('holds the whole seed-0 sample but not another seed’s', () => {
    const rows: string[] = [];
    for (const n of [300, 600, 1500, 4000]) {
      const target = proseText(100 + n, n);
      const forger = forge(target);
      const m = (seed: number) => {
        const a = cutSketch(sketchText(target, { ...PAGE_OPTIONS, seed }));
        const b = cutSketch(sketchText(forger, { ...PAGE_OPTIONS, seed }));
        return { c: containmentOf(a, b), r: resemblance(a, b) };
      };
      const pub = m(0);
      const secret = [0x9e3779b9, 0x85ebca6b, 0xc2b2ae35].map(m);
      const worst = Math.max(...secret.map((x) => x.c));
      rows.push(
        `${n} words, forger ${forger.split(/\s+/).length} words: seed 0 c=${pub.c.toFixed(2)} r=${pub.r.toFixed(2)}; secret seeds c=${secret.map((x) => x.c.toFixed(2)).join('/')} r=${secret.map((x) => x.r.toFixed(2)).join('/')}`,
      );
      expect(pub.c, `${n} words: the forger holds all of seed 0's sample`).toBeGreaterThanOrEqual(0.95);
      // The default containment threshold is 0.8 (lib/settings); a forger stays well below it. A short
      // page's sample is most of its shingles (128 of ~300): its "forger" is nearly the page itself.
      if (n >= 600) expect(worst, `${n} words under a secret seed`).toBeLessThan(0.5);
      else expect(worst, `${n} words under a secret seed`).toBeLessThan(pub.c);
    }
    console.log(rows.join('\n'));
  });
});
