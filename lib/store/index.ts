/**
 * The sketch store: pages seen in results pages with their sketches, a candidate index over them and
 * the recent results pages, in IndexedDB (or in memory for incognito tabs), bounded by size and age.
 * Pure TypeScript: no extension APIs, so it runs in a Worker, an extension page or Node (with an
 * IndexedDB implementation passed in).
 */
import { IdbBackend } from './idb-backend';
import { MemoryBackend } from './memory-backend';
import { StoreError } from './errors';
import { createSketchStore } from './sketch-store';
import type { SketchStore, StoreLimits } from './types';

export type { PageInput, PageRecord, PageVersion, SerpRecord, SimilarPage, SketchStore, StoreLimits, Usage } from './types';
export { DEFAULT_LIMITS, PAGE_VERSIONS_MAX } from './types';
export { StoreError, isStoreError, isQuotaError, type StoreErrorCode } from './errors';
export { SCHEMA_VERSION } from './schema';
export type { StoreBackend } from './backend';
export { createSketchStore } from './sketch-store';
export { IdbBackend } from './idb-backend';
export { MemoryBackend } from './memory-backend';

/** Default database name. */
export const DB_NAME = 'resemble';

/**
 * Opens (creating or upgrading as needed) the store in IndexedDB: `indexedDB` is the factory to use
 * (default: the global one). Rejects with StoreError 'UNAVAILABLE' when there is none and 'SCHEMA'
 * when the database on disk cannot be used.
 */
export async function openIdbStore(opts?: { name?: string; limits?: Partial<StoreLimits>; indexedDB?: IDBFactory; seed?: number }): Promise<SketchStore> {
  const factory = opts?.indexedDB ?? (globalThis as { indexedDB?: IDBFactory }).indexedDB;
  if (!factory) throw new StoreError('UNAVAILABLE', 'no IndexedDB in this context: pass one as `indexedDB`, or use createMemoryStore');
  const backend = new IdbBackend(factory, opts?.name ?? DB_NAME);
  await backend.open();
  return createSketchStore(backend, opts?.limits, opts?.seed);
}

/** The same store with nothing on disk (incognito tabs). */
export function createMemoryStore(opts?: { limits?: Partial<StoreLimits>; seed?: number }): SketchStore {
  return createSketchStore(new MemoryBackend(), opts?.limits, opts?.seed);
}
export { compactSketch, cutSketch, readCompactSketch, urlId } from './compact';
