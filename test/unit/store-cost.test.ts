/**
 * Informative only, skipped unless STORE_COST=1 (it takes ~20 s): the cost of put() and similar() with
 * 10,000 page records stored, in fake-indexeddb and in memory.
 *   STORE_COST=1 npx vitest run test/unit/store-cost
 */
import { describe, expect, it } from 'vitest';
import { PAGE_OPTIONS, SNIPPET_OPTIONS, serializeSketch, sketchText } from '../../lib/index';
import { IdbBackend, MemoryBackend, createSketchStore, type PageInput, type StoreBackend } from '../../lib/store/index';
import { editWords } from './helpers/edits';
import { IDBFactory } from './helpers/idb-classes';
import { proseText } from './helpers/prose';

const N = 10_000;

describe.skipIf(!process.env.STORE_COST)('store cost with 10,000 records', () => {
  it.each(['indexeddb', 'memory'])('%s', async (kind) => {
    let backend: StoreBackend;
    if (kind === 'indexeddb') {
      const b = new IdbBackend(new IDBFactory(), 'cost');
      await b.open();
      backend = b;
    } else backend = new MemoryBackend();
    let read = 0;
    const counted: StoreBackend = Object.assign(Object.create(backend) as StoreBackend, {
      candidates: async (keys: ArrayLike<number>) => {
        const out = await backend.candidates(keys);
        read += out.length;
        return out;
      },
    });
    const store = createSketchStore(counted, { maxBytes: 1e12 });
    const now = Date.now();
    const texts: string[] = [];
    const inputs: PageInput[] = [];
    for (let i = 0; i < N; i++) {
      const text = proseText(10_000 + i, 150 + (i % 300));
      texts.push(text);
      const snippet = serializeSketch(sketchText(text.split(' ').slice(0, 30).join(' '), SNIPPET_OPTIONS));
      inputs.push({
        url: `https://site${i % 97}.example/path/${i}`,
        title: `Page ${i}`,
        firstSeen: now,
        lastSeen: now + i,
        snippet,
        page: serializeSketch(sketchText(text, PAGE_OPTIONS)),
      });
    }
    let t = performance.now();
    for (const p of inputs.slice(0, N - 200)) await store.put(p);
    const fill = performance.now() - t;
    t = performance.now();
    for (const p of inputs.slice(N - 200)) await store.put(p);
    const put = (performance.now() - t) / 200;
    t = performance.now();
    for (const p of inputs.slice(0, 200)) await store.put({ ...p, title: '', lastSeen: now + N }); // merge into an existing record
    const merge = (performance.now() - t) / 200;
    const usage = await store.usage();
    expect(usage.entries).toBe(N);
    const lines = [
      `${kind}: ${N} records, ${(usage.bytes / 2 ** 20).toFixed(1)} MiB estimated (${Math.round(usage.bytes / N)} B/record); fill ${(fill / 1000).toFixed(1)} s; put (new) ${put.toFixed(2)} ms, put (merge) ${merge.toFixed(2)} ms`,
    ];
    for (const th of [0.3, 0.5, 0.8]) {
      const queries = Array.from({ length: 50 }, (_, q) => sketchText(editWords(texts[q * 199], 0.05, q), PAGE_OPTIONS));
      read = 0;
      t = performance.now();
      let found = 0;
      for (const q of queries) found += (await store.similar(q, th)).length;
      const ms = (performance.now() - t) / queries.length;
      lines.push(
        `  similar(t=${th}): ${ms.toFixed(2)} ms/query, ${(read / queries.length).toFixed(1)} records read of ${N}, ${(found / queries.length).toFixed(2)} found`,
      );
    }
    t = performance.now();
    const evicted = await store.evict(now + 30 * 86_400_000 + 5000);
    lines.push(`  evict by age of ${evicted}: ${(performance.now() - t).toFixed(0)} ms`);
    console.log(lines.join('\n'));
  });
});
