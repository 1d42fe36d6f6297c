/** What only the IndexedDB backend has: a schema, connections shared with other contexts, quota errors. */
import { afterEach, describe, expect, it } from 'vitest';
import { PAGE_OPTIONS, serializeSketch, sketchText } from '../../lib/index';
import { IdbBackend, SCHEMA_VERSION, createSketchStore, isStoreError, openIdbStore, type PageInput } from '../../lib/store/index';
import { FakeIDBObjectStore, IDBFactory, rawWrite, req } from './helpers/idb-classes';
import { proseText } from './helpers/prose';

const NAME = 'resemble';
const T0 = Date.now();

const inputs: PageInput[] = Array.from({ length: 12 }, (_, i) => ({
  url: `https://example.net/${i}`,
  title: `page ${i}`,
  firstSeen: T0 + i,
  lastSeen: T0 + i,
  page: serializeSketch(sketchText(proseText(300 + i, 120), PAGE_OPTIONS)),
}));

/** A raw open of `name` on `factory` (another context): whether it was blocked, and the connection. */
function openRaw(
  factory: IDBFactory,
  version: number,
  onUpgrade?: (db: IDBDatabase, tx: IDBTransaction) => void,
): Promise<{ db: IDBDatabase; blocked: boolean }> {
  const r = factory.open(NAME, version);
  let blocked = false;
  r.onblocked = () => (blocked = true);
  r.onupgradeneeded = () => onUpgrade?.(r.result, r.transaction!);
  return req(r).then((db) => ({ db, blocked }));
}

describe('IndexedDB store', () => {
  const realPut = FakeIDBObjectStore.prototype.put;
  afterEach(() => {
    FakeIDBObjectStore.prototype.put = realPut;
  });

  it('uses only the factory it is given; creates the schema at SCHEMA_VERSION; keeps data across close and reopen', async () => {
    expect('indexedDB' in globalThis).toBe(false);
    await expect(openIdbStore()).rejects.toMatchObject({ code: 'UNAVAILABLE' });
    const factory = new IDBFactory();
    const store = await openIdbStore({ indexedDB: factory });
    await store.put(inputs[0]);
    await store.putSerp({ id: '1:x', url: 'x', engine: 'e', query: 'q', at: 1, results: [1], groups: [] });
    store.close();
    const { db } = await openRaw(factory, SCHEMA_VERSION);
    expect(db.version).toBe(SCHEMA_VERSION);
    expect([...db.objectStoreNames].sort()).toEqual(['meta', 'pages', 'serps']);
    const tx = db.transaction(['pages', 'serps']);
    expect([...tx.objectStore('pages').indexNames].sort()).toEqual(['keys', 'lastSeen']);
    expect(tx.objectStore('pages').index('keys').multiEntry).toBe(true);
    expect([...tx.objectStore('serps').indexNames]).toEqual(['at']);
    db.close();
    const again = await openIdbStore({ indexedDB: factory });
    expect((await again.get(inputs[0].url))?.title).toBe('page 0');
    expect((await again.recentSerps()).map((s) => s.id)).toEqual(['1:x']);
    // Another name is another database.
    const other = await openIdbStore({ indexedDB: factory, name: 'other' });
    expect(await other.usage()).toEqual({ entries: 0, bytes: 0 });
  });

  it('a QuotaExceededError from the object store: the oldest quarter goes and the put succeeds; twice: QUOTA', async () => {
    const store = await openIdbStore({ indexedDB: new IDBFactory() });
    for (const p of inputs.slice(0, 8)) await store.put(p);
    let failures = 1;
    FakeIDBObjectStore.prototype.put = function (this: IDBObjectStore, ...args: Parameters<IDBObjectStore['put']>) {
      if (this.name === 'pages' && failures-- > 0) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      return realPut.apply(this, args);
    } as typeof realPut;
    await store.put(inputs[8]);
    expect((await store.usage()).entries).toBe(7); // 8 − 2 + 1
    expect(await store.get(inputs[0].url)).toBeUndefined();
    expect(await store.get(inputs[1].url)).toBeUndefined();
    expect(await store.get(inputs[2].url)).toBeDefined();
    expect(await store.get(inputs[8].url)).toBeDefined();

    failures = 2;
    const err = await store.put(inputs[9]).catch((e: unknown) => e);
    expect(isStoreError(err, 'QUOTA')).toBe(true);
    expect(((err as Error).cause as DOMException).name).toBe('QuotaExceededError');
    expect(await store.get(inputs[9].url)).toBeUndefined();
    // The running total stayed right through the aborted writes.
    const urls = inputs.map((p) => p.url);
    const left = [...(await store.getMany(urls)).values()];
    expect(await store.usage()).toEqual({ entries: left.length, bytes: left.reduce((n, r) => n + r.bytes, 0) });
  });

  it('versionchange: the store closes its connection so another context upgrades unblocked, then reopens at the new version', async () => {
    const factory = new IDBFactory();
    const backend = new IdbBackend(factory, NAME);
    await backend.open();
    const store = createSketchStore(backend);
    await store.put(inputs[0]);
    // Another context upgrades to the next version, adding a store: the layout this code needs is still there.
    const { db, blocked } = await openRaw(factory, SCHEMA_VERSION + 1, (d) => d.createObjectStore('extra'));
    expect(blocked).toBe(false);
    expect(backend.stats.versionChanges).toBe(1);
    // Calls keep working while the newer connection is open: the store reopens at the newer version.
    expect((await store.get(inputs[0].url))?.title).toBe('page 0');
    await store.put(inputs[1]);
    expect(backend.stats.opened).toBe(2);
    expect((await backend.open()).version).toBe(SCHEMA_VERSION + 1);
    db.close();
    expect((await store.usage()).entries).toBe(2);
  });

  it('an upgrade that removes what the store needs is reported as a SCHEMA error, not misused', async () => {
    const factory = new IDBFactory();
    const store = await openIdbStore({ indexedDB: factory });
    await store.put(inputs[0]);
    const { db, blocked } = await openRaw(factory, 3, (d) => d.deleteObjectStore('serps'));
    expect(blocked).toBe(false);
    db.close();
    await expect(store.get(inputs[0].url)).rejects.toMatchObject({ code: 'SCHEMA' });
    await expect(openIdbStore({ indexedDB: factory })).rejects.toMatchObject({ code: 'SCHEMA' });
  });

  it('the database deleted by another context: unblocked, and the store carries on with an empty one', async () => {
    const factory = new IDBFactory();
    const store = await openIdbStore({ indexedDB: factory });
    await store.put(inputs[0]);
    let blocked = false;
    const del = factory.deleteDatabase(NAME);
    del.onblocked = () => (blocked = true);
    await req(del);
    expect(blocked).toBe(false);
    expect(await store.get(inputs[0].url)).toBeUndefined();
    await store.put(inputs[1]);
    expect(await store.usage()).toEqual({ entries: 1, bytes: (await store.get(inputs[1].url))!.bytes });
  });

  it('a long eviction runs in batches and keeps the total right', async () => {
    const store = await openIdbStore({ indexedDB: new IDBFactory() });
    const day = 86_400_000;
    for (let i = 0; i < 300; i++) await store.put({ url: `https://t.example/${i}`, title: 't', firstSeen: 0, lastSeen: i < 290 ? T0 - 40 * day : T0 });
    expect(await store.evict(T0)).toBe(290);
    const left = [...(await store.getMany(Array.from({ length: 300 }, (_, i) => `https://t.example/${i}`))).values()];
    expect(left.map((r) => r.url)).toEqual(Array.from({ length: 10 }, (_, i) => `https://t.example/${290 + i}`));
    expect(await store.usage()).toEqual({ entries: 10, bytes: left.reduce((n, r) => n + r.bytes, 0) });
  });

  it('the running total is recomputed when missing from meta (one walk), then kept up by puts and deletes', async () => {
    const factory = new IDBFactory();
    const store = await openIdbStore({ indexedDB: factory });
    for (const p of inputs.slice(0, 5)) await store.put(p);
    const total = await store.usage();
    await rawWrite(factory, NAME, ['meta'], (tx) => void tx.objectStore('meta').delete('usage'));
    expect(await store.usage()).toEqual(total);
    await rawWrite(factory, NAME, ['meta'], (tx) => void tx.objectStore('meta').put({ broken: true }, 'usage'));
    await store.put(inputs[5]);
    const six = [...(await store.getMany(inputs.map((p) => p.url))).values()];
    expect(await store.usage()).toEqual({ entries: 6, bytes: six.reduce((n, r) => n + r.bytes, 0) });
  });

  it('puts made together are written together (one transaction after the first), each as if alone; a failing one fails alone', async () => {
    const factory = new IDBFactory();
    const store = await openIdbStore({ indexedDB: factory });
    const txs: string[] = [];
    const realTx = IDBDatabase.prototype.transaction;
    IDBDatabase.prototype.transaction = function (this: IDBDatabase, ...args: Parameters<IDBDatabase['transaction']>) {
      const names = typeof args[0] === 'string' ? [args[0]] : [...args[0]];
      if (names.includes('pages') && args[1] === 'readwrite') txs.push(names.join());
      return realTx.apply(this, args);
    } as typeof realTx;
    try {
      await store.put(inputs[0]); // the connection is open: what follows is only the batching
      txs.length = 0;
      let failures = 2;
      FakeIDBObjectStore.prototype.put = function (this: IDBObjectStore, ...args: Parameters<IDBObjectStore['put']>) {
        const url = (args[0] as { url?: string }).url;
        if (this.name === 'pages' && url === inputs[3].url && failures-- > 0) throw new DOMException('bad record', 'DataError');
        return realPut.apply(this, args);
      } as typeof realPut;
      const title = { ...inputs[1], title: 'page 1 again', page: undefined };
      const outcomes = await Promise.allSettled([inputs[1], inputs[2], title, inputs[3], inputs[4]].map((p) => store.put(p)));
      // The first alone; the other four in one, which fails (page 3's record) and is written again one by one.
      expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
      expect((outcomes[3] as PromiseRejectedResult).reason).toMatchObject({ name: 'DataError' });
      expect(txs.length).toBe(1 + 1 + 4);
      const recs = await store.getMany(inputs.slice(0, 5).map((p) => p.url));
      expect(recs.get(inputs[1].url)).toMatchObject({ title: 'page 1 again' });
      expect(recs.get(inputs[1].url)?.page).toBeDefined(); // merged with the put before it
      expect(recs.has(inputs[3].url)).toBe(false);
      expect(recs.size).toBe(4);
      const all = [...recs.values()];
      expect(await store.usage()).toEqual({ entries: 4, bytes: all.reduce((n, r) => n + r.bytes, 0) });
      txs.length = 0;
      await Promise.all(inputs.slice(5, 10).map((p) => store.put(p)));
      expect(txs.length).toBe(2);
      expect((await store.usage()).entries).toBe(9);
    } finally {
      IDBDatabase.prototype.transaction = realTx;
    }
  });
});
