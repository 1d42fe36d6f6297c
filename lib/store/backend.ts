import type { DropDecision } from './eviction';
import type { PageRecord, SerpRecord, Usage } from './types';

/**
 * What a storage backend does: raw reads and writes, each atomic, plus the running usage total. All
 * decisions (checking records, merging, keys, sizes, what to evict, verifying candidates) are made by
 * the store (./sketch-store) with the pure functions of ./record and ./eviction, so the IndexedDB and
 * memory backends stay thin and behave alike. Values read are `unknown`: the store checks them.
 */
export interface StoreBackend {
  /** Stored values for these URLs (undefined where absent), in order. */
  getPages(urls: readonly string[]): Promise<unknown[]>;
  /**
   * In one atomic step: reads the stored value at `url`, writes `build(stored)` and updates the usage
   * total (entries, bytes: the new record's minus the old one's). `build` is synchronous and may throw,
   * which writes nothing. Resolves to the usage after the write.
   */
  upsertPage(url: string, build: (stored: unknown) => PageRecord): Promise<Usage>;
  /** Deletes these records (absent ones are skipped) and updates the usage total; resolves to how many were deleted. */
  deletePages(urls: readonly string[]): Promise<number>;
  /** Stored values indexed under any of `keys` (each record once). */
  candidates(keys: ArrayLike<number>): Promise<unknown[]>;
  /** Walks the records oldest first by lastSeen, dropping each while `decide` says so; resolves to how many were dropped. */
  dropOldest(decide: DropDecision): Promise<number>;
  /** Running total, recounted from the records when it is missing. */
  usage(): Promise<Usage>;
  /** Deletes every page and results page; resolves to how many pages there were. */
  clear(): Promise<number>;
  /** Writes a results page, then deletes the oldest beyond `keep`. */
  putSerp(s: SerpRecord, keep: number): Promise<void>;
  /** Up to `limit` stored results pages, newest first by `at`. */
  recentSerps(limit: number): Promise<unknown[]>;
  getSerp(id: string): Promise<unknown>;
  deleteSerp(id: string): Promise<void>;
  close(): void;
}
