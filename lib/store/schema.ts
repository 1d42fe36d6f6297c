/**
 * The IndexedDB layout and how to reach it from any older version: one migration per version, run in
 * order inside the upgrade transaction. To add version 2: write MIGRATIONS[2] (it gets the database
 * and the versionchange transaction, so it can rewrite records too), raise SCHEMA_VERSION, and keep
 * checkSchema's list of what this code needs in step.
 */
import type { DBSchema, IDBPDatabase, IDBPTransaction, StoreNames } from 'idb';
import { StoreError } from './errors';
import type { PageRecord, SerpRecord } from './types';

export interface ResembleDB extends DBSchema {
  pages: { key: number; value: PageRecord; indexes: { lastSeen: number; keys: number } };
  serps: { key: string; value: SerpRecord; indexes: { at: number } };
  /** Out-of-line keys: 'usage' → { entries, bytes } (the running total), room for more. */
  meta: { key: string; value: unknown };
}

export type ResembleDatabase = IDBPDatabase<ResembleDB>;
export type UpgradeTransaction = IDBPTransaction<ResembleDB, StoreNames<ResembleDB>[], 'versionchange'>;
export type Migration = (db: ResembleDatabase, tx: UpgradeTransaction) => void;

export const SCHEMA_VERSION = 2;

export const MIGRATIONS: Readonly<Record<number, Migration>> = Object.freeze({
  1: (db: ResembleDatabase) => {
    const pages = db.createObjectStore('pages', { keyPath: 'url' });
    pages.createIndex('lastSeen', 'lastSeen');
    pages.createIndex('keys', 'keys', { multiEntry: true });
    const serps = db.createObjectStore('serps', { keyPath: 'id' });
    serps.createIndex('at', 'at');
    db.createObjectStore('meta');
  },
  // Pages keyed by a numeric id (urlId) with compact sketches and 16 index keys: ~2 KB a page instead
  // of ~10 KB. The store is a cache: version 1's pages are dropped rather than converted.
  2: (db: ResembleDatabase, tx: UpgradeTransaction) => {
    db.deleteObjectStore('pages');
    const pages = db.createObjectStore('pages', { keyPath: 'id' });
    pages.createIndex('lastSeen', 'lastSeen');
    pages.createIndex('keys', 'keys', { multiEntry: true });
    void tx.objectStore('meta').put({ entries: 0, bytes: 0 }, 'usage');
  },
});

/** The upgradeneeded handler: every migration after `oldVersion` up to `newVersion`, in order. */
export function upgrade(db: ResembleDatabase, oldVersion: number, newVersion: number | null, tx: UpgradeTransaction): void {
  const to = newVersion ?? SCHEMA_VERSION;
  for (let v = oldVersion + 1; v <= to; v++) {
    const m = MIGRATIONS[v];
    // Throwing here aborts the upgrade transaction: the database stays at oldVersion.
    if (!m) throw new StoreError('SCHEMA', `no migration to version ${v} of the store`);
    m(db, tx);
  }
}

/**
 * Checks that an open database has what this code uses (stores, key paths, indexes), whatever its
 * version: a database upgraded by newer code is used as it is if it still has them.
 */
export async function checkSchema(db: ResembleDatabase): Promise<void> {
  const bad = (why: string): never => {
    throw new StoreError('SCHEMA', `database '${db.name}' version ${db.version} is not usable by this code: ${why}`);
  };
  for (const name of ['pages', 'serps', 'meta'] as const) if (!db.objectStoreNames.contains(name)) bad(`no '${name}' store`);
  const tx = db.transaction(['pages', 'serps'], 'readonly');
  const done = tx.done.catch(() => {});
  const pages = tx.objectStore('pages');
  const serps = tx.objectStore('serps');
  try {
    if (pages.keyPath !== 'id' || serps.keyPath !== 'id') bad('wrong key paths');
    if (!pages.indexNames.contains('lastSeen') || !pages.indexNames.contains('keys') || !serps.indexNames.contains('at')) bad('missing indexes');
    if (!pages.index('keys').multiEntry) bad("the 'keys' index is not multiEntry");
  } finally {
    await done;
  }
}
