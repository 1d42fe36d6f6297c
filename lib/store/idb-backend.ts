/**
 * IndexedDB backend (through `idb`): raw reads and writes in single transactions, the running usage
 * total kept in `meta`, and the connection's life. A connection closes as soon as another context
 * asks for a version change (so no upgrade is ever blocked by this code) or the browser closes it,
 * and the next call reopens lazily: at SCHEMA_VERSION, or, when another context has upgraded the
 * database past it, at the version on disk if checkSchema finds the layout still usable.
 */
import { wrap, type IDBPTransaction, type StoreNames } from 'idb';
import type { StoreBackend } from './backend';
import { StoreError, isNamedError } from './errors';
import { evictionCandidate, type DropDecision } from './eviction';
import { urlId } from './compact';
import { storedBytes } from './record';
import { SCHEMA_VERSION, checkSchema, upgrade, type ResembleDB, type ResembleDatabase, type UpgradeTransaction } from './schema';
import type { PageRecord, SerpRecord, Usage } from './types';

type Names = StoreNames<ResembleDB>;
type Tx<S extends Names[], M extends IDBTransactionMode> = IDBPTransaction<ResembleDB, S, M>;

const USAGE = 'usage';

interface Upsert {
  url: string;
  build: (stored: unknown) => PageRecord;
  resolve: (u: Usage) => void;
  reject: (e: unknown) => void;
}
/** Records deleted per eviction transaction at most. */
const EVICT_BATCH = 256;

function isUsage(v: unknown): v is Usage {
  const u = v as Usage | undefined;
  return typeof u === 'object' && u !== null && Number.isFinite(u.entries) && Number.isFinite(u.bytes);
}

/**
 * The error a failed step reports: when a request failed with AbortError because its transaction was
 * aborted (how some browsers report running out of space), the transaction's own error, e.g.
 * QuotaExceededError; otherwise the error itself.
 */
export function transactionFailure(e: unknown, tx: { error: DOMException | null }): unknown {
  if (!isNamedError(e, 'AbortError')) return e;
  try {
    return tx.error ?? e;
  } catch {
    return e; // reading `error` of an unfinished transaction throws in some engines
  }
}

export class IdbBackend implements StoreBackend {
  private conn: Promise<ResembleDatabase> | undefined;
  private current: ResembleDatabase | undefined;
  private closed = false;
  /** Connection events, for diagnostics and tests. */
  readonly stats = { opened: 0, versionChanges: 0, blocked: 0, terminated: 0 };

  constructor(
    private readonly factory: IDBFactory,
    readonly name: string,
  ) {}

  /** The open connection, opened if needed. */
  open(): Promise<ResembleDatabase> {
    if (this.closed) return Promise.reject(new StoreError('CLOSED', 'the store is closed'));
    if (!this.conn) {
      const p = this.connect();
      this.conn = p;
      p.catch(() => {
        if (this.conn === p) this.conn = undefined;
      });
    }
    return this.conn;
  }

  private openAt(version: number | undefined): Promise<ResembleDatabase> {
    if (typeof IDBRequest === 'undefined' || typeof IDBDatabase === 'undefined') {
      // idb recognizes IndexedDB objects by instanceof against these globals (jakearchibald/idb#259).
      throw new StoreError(
        'UNAVAILABLE',
        'the IndexedDB classes (IDBRequest, IDBDatabase, …) are not globals here: idb needs them beside the factory passed as `indexedDB`',
      );
    }
    const req = version === undefined ? this.factory.open(this.name) : this.factory.open(this.name, version);
    req.addEventListener('upgradeneeded', (ev) => {
      upgrade(wrap(req.result) as unknown as ResembleDatabase, ev.oldVersion, ev.newVersion, wrap(req.transaction!) as unknown as UpgradeTransaction);
    });
    // Another context's older connection has not closed yet: the open waits for it (every connection
    // of this code closes on versionchange, so only foreign code can make this wait last).
    req.addEventListener('blocked', () => this.stats.blocked++);
    return wrap(req) as Promise<ResembleDatabase>;
  }

  private async connect(): Promise<ResembleDatabase> {
    let db: ResembleDatabase;
    try {
      db = await this.openAt(SCHEMA_VERSION);
    } catch (e) {
      if (!isNamedError(e, 'VersionError')) throw e;
      db = await this.openAt(undefined); // upgraded by newer code: use it if its layout still fits
    }
    let gone = false;
    db.addEventListener('versionchange', () => {
      this.stats.versionChanges++;
      gone = true;
      this.forget(db);
    });
    db.addEventListener('close', () => {
      this.stats.terminated++;
      gone = true;
      this.forget(db);
    });
    try {
      await checkSchema(db);
    } catch (e) {
      db.close();
      throw e;
    }
    if (this.closed) {
      db.close();
      throw new StoreError('CLOSED', 'the store is closed');
    }
    if (gone) return this.connect(); // another context asked for the database while this one was checked
    this.current = db;
    this.stats.opened++;
    return db;
  }

  /** Closes a connection (it finishes its running transactions) and makes the next call open a new one. */
  private forget(db: ResembleDatabase): void {
    if (this.current === db) {
      this.current = undefined;
      this.conn = undefined;
    }
    db.close();
  }

  /** Runs `fn` on the connection; once more on a fresh one if the connection was closing (InvalidStateError). */
  private async run<T>(fn: (db: ResembleDatabase) => Promise<T>): Promise<T> {
    const db = await this.open();
    try {
      return await fn(db);
    } catch (e) {
      if (!isNamedError(e, 'InvalidStateError') || this.closed) throw e;
      this.forget(db);
      return fn(await this.open());
    }
  }

  /** A transaction whose `done` never counts as an unhandled rejection (callers await it when they need it). */
  private tx<S extends Names[], M extends IDBTransactionMode>(db: ResembleDatabase, stores: S, mode: M): Tx<S, M> {
    const tx = db.transaction(stores, mode, { durability: 'relaxed' });
    tx.done.catch(() => {});
    return tx;
  }

  /** The running total, recounted from the records (one cursor walk) when it is missing or damaged. */
  private async readUsage(tx: Tx<['pages', 'meta'], 'readwrite'>): Promise<{ usage: Usage; recounted: boolean }> {
    const u = await tx.objectStore('meta').get(USAGE);
    if (isUsage(u)) return { usage: u, recounted: false };
    const total = { entries: 0, bytes: 0 };
    for (let c = await tx.objectStore('pages').openCursor(); c; c = await c.continue()) {
      total.entries++;
      total.bytes += storedBytes(c.value);
    }
    return { usage: total, recounted: true };
  }

  /** Runs a read-write step over pages and meta; the usage it returns is stored with it (unless unchanged). */
  private write<T>(fn: (tx: Tx<['pages', 'meta'], 'readwrite'>, usage: Usage) => Promise<[T, Usage]>): Promise<T> {
    return this.run(async (db) => {
      const tx = this.tx(db, ['pages', 'meta'], 'readwrite');
      try {
        const before = await this.readUsage(tx);
        const [out, usage] = await fn(tx, before.usage);
        await Promise.all([usage !== before.usage || before.recounted ? tx.objectStore('meta').put(usage, USAGE) : undefined, tx.done]);
        return out;
      } catch (e) {
        try {
          tx.abort();
        } catch {
          // already finished or aborted
        }
        throw transactionFailure(e, tx);
      }
    });
  }

  async getPages(urls: readonly string[]): Promise<unknown[]> {
    return this.run(async (db) => {
      const store = this.tx(db, ['pages'], 'readonly').objectStore('pages');
      return Promise.all(urls.map((u) => store.get(urlId(u))));
    });
  }

  /**
   * Upserts asked for while one is being written: the next transaction writes them all (issue #14).
   * Each upsert's transaction was 4 round trips through a busy service worker's event loop (usage,
   * record, put, commit), and IndexedDB runs read-write transactions on one store one after another
   * anyway: pages finishing together waited in line. The first upsert is not held back; a batch that
   * fails is written again one record at a time, so a failure (a quota, a bad record) is each one's own.
   */
  private queued: Upsert[] | undefined;

  upsertPage(url: string, build: (stored: unknown) => PageRecord): Promise<Usage> {
    return new Promise<Usage>((resolve, reject) => {
      const u = { url, build, resolve, reject };
      if (this.queued) this.queued.push(u);
      else {
        this.queued = [];
        void this.writeBatch([u]);
      }
    });
  }

  private async writeBatch(batch: Upsert[]): Promise<void> {
    try {
      await this.upsertMany(batch);
    } catch (e) {
      if (batch.length === 1) batch[0].reject(e);
      else for (const u of batch) await this.upsertMany([u]).catch(u.reject);
    }
    const next = this.queued ?? [];
    this.queued = next.length ? [] : undefined;
    if (next.length) void this.writeBatch(next);
  }

  /** One transaction for all of `batch` (a URL twice: the second builds on the first); settles each. */
  private async upsertMany(batch: Upsert[]): Promise<void> {
    let failed: [Upsert, unknown][] = [];
    const usage = await this.write(async (tx, before) => {
      failed = [];
      const pages = tx.objectStore('pages');
      const ids = batch.map((u) => urlId(u.url));
      const unique = [...new Set(ids)];
      const got: unknown[] = await Promise.all(unique.map((id) => pages.get(id)));
      const latest = new Map<number, unknown>(unique.map((id, i) => [id, got[i]]));
      let next = before;
      const puts: Promise<unknown>[] = [];
      batch.forEach((u, i) => {
        const stored = latest.get(ids[i]);
        let rec: PageRecord;
        try {
          rec = u.build(stored);
        } catch (e) {
          failed.push([u, e]); // writes nothing for this one
          return;
        }
        const put = pages.put(rec);
        put.catch(() => {}); // awaited below; a later put throwing must not leave this one unhandled
        puts.push(put);
        latest.set(ids[i], rec);
        next = { entries: next.entries + (stored === undefined ? 1 : 0), bytes: next.bytes - storedBytes(stored) + storedBytes(rec) };
      });
      await Promise.all(puts);
      return [next, next];
    });
    const bad = new Set(failed.map(([u]) => u));
    for (const [u, e] of failed) u.reject(e);
    for (const u of batch) if (!bad.has(u)) u.resolve(usage);
  }

  async deletePages(urls: readonly string[]): Promise<number> {
    return this.write(async (tx, usage) => {
      const pages = tx.objectStore('pages');
      const stored: unknown[] = await Promise.all(urls.map((u) => pages.get(urlId(u))));
      const gone = urls.filter((_, i) => stored[i] !== undefined);
      await Promise.all(gone.map((u) => pages.delete(urlId(u))));
      const bytes = stored.reduce<number>((n, s) => n + storedBytes(s), 0);
      return [gone.length, { entries: usage.entries - gone.length, bytes: usage.bytes - bytes }];
    });
  }

  async candidates(keys: ArrayLike<number>): Promise<unknown[]> {
    return this.run(async (db) => {
      const store = this.tx(db, ['pages'], 'readonly').objectStore('pages');
      const index = store.index('keys');
      const lists = await Promise.all(Array.from(keys, (k) => index.getAllKeys(k)));
      const ids = new Set(lists.flat());
      return Promise.all([...ids].map((id) => store.get(id)));
    });
  }

  /**
   * Walks oldest first in transactions of at most EVICT_BATCH deletions, so that a long eviction (after
   * weeks away, most records expire at once) never holds the store for long: other calls run between.
   */
  async dropOldest(decide: DropDecision): Promise<number> {
    let total = 0;
    for (;;) {
      const [n, more] = await this.write<[number, boolean]>(async (tx, usage) => {
        let dropped = 0;
        let u = usage;
        for (let c = await tx.objectStore('pages').index('lastSeen').openCursor(); c; c = await c.continue()) {
          const url = (c.value as { url?: unknown }).url;
          const rec = evictionCandidate(typeof url === 'string' ? url : String(c.primaryKey), c.key, c.value);
          if (dropped === EVICT_BATCH) return [[dropped, true], u];
          if (!decide(rec, u, total + dropped)) break;
          await c.delete();
          dropped++;
          u = { entries: u.entries - 1, bytes: u.bytes - rec.bytes };
        }
        return [[dropped, false], u];
      });
      total += n;
      if (!more) return total;
    }
  }

  async usage(): Promise<Usage> {
    return this.run(async (db) => {
      const u = await db.get('meta', USAGE);
      return isUsage(u) ? u : this.write(async (_tx, usage) => [usage, usage]);
    });
  }

  async clear(): Promise<number> {
    return this.run(async (db) => {
      const tx = this.tx(db, ['pages', 'serps', 'meta'], 'readwrite');
      const n = await tx.objectStore('pages').count();
      await Promise.all([
        tx.objectStore('pages').clear(),
        tx.objectStore('serps').clear(),
        tx.objectStore('meta').put({ entries: 0, bytes: 0 }, USAGE),
        tx.done,
      ]);
      return n;
    });
  }

  async putSerp(s: SerpRecord, keep: number): Promise<void> {
    return this.run(async (db) => {
      const tx = this.tx(db, ['serps'], 'readwrite');
      const serps = tx.objectStore('serps');
      await serps.put(s);
      let extra = (await serps.count()) - keep;
      for (let c = extra > 0 ? await serps.index('at').openCursor() : null; c && extra > 0; extra--) {
        await c.delete();
        c = await c.continue();
      }
      await tx.done;
    });
  }

  async recentSerps(limit: number): Promise<unknown[]> {
    return this.run(async (db) => {
      const out: unknown[] = [];
      const index = this.tx(db, ['serps'], 'readonly').objectStore('serps').index('at');
      for (let c = limit > 0 ? await index.openCursor(null, 'prev') : null; c; c = out.length < limit ? await c.continue() : null) out.push(c.value);
      return out;
    });
  }

  async getSerp(id: string): Promise<unknown> {
    return this.run((db) => db.get('serps', id));
  }

  async deleteSerp(id: string): Promise<void> {
    return this.run((db) => db.delete('serps', id));
  }

  close(): void {
    this.closed = true;
    if (this.current) this.forget(this.current);
  }
}
