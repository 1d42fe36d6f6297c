/**
 * Backend in memory (incognito tabs: nothing on disk). Values are stored as structured clones, as
 * IndexedDB stores them, so a caller mutating what it put or got cannot change the store.
 */
import type { StoreBackend } from './backend';
import { evictionCandidate, planEviction, type DropDecision, type EvictionCandidate } from './eviction';
import { storedBytes } from './record';
import { newestFirst } from './serp';
import type { PageRecord, SerpRecord, Usage } from './types';

function keysOf(raw: unknown): number[] {
  const k = typeof raw === 'object' && raw !== null ? (raw as { keys?: unknown }).keys : undefined;
  return Array.isArray(k) ? k.filter((x): x is number => typeof x === 'number') : [];
}

export class MemoryBackend implements StoreBackend {
  /** Stored values by URL (exposed for inspection and fault-injection tests). */
  readonly pages = new Map<string, unknown>();
  /** The `keys` index: key → URLs (the multiEntry index of the IndexedDB backend). */
  private postings = new Map<number, Set<string>>();
  private serps = new Map<string, unknown>();
  private total: Usage = { entries: 0, bytes: 0 };

  private remove(url: string): boolean {
    const raw = this.pages.get(url);
    if (raw === undefined) return false;
    for (const k of keysOf(raw)) {
      const set = this.postings.get(k);
      set?.delete(url);
      if (set?.size === 0) this.postings.delete(k);
    }
    this.pages.delete(url);
    this.total = { entries: this.total.entries - 1, bytes: this.total.bytes - storedBytes(raw) };
    return true;
  }

  async getPages(urls: readonly string[]): Promise<unknown[]> {
    return urls.map((u) => (this.pages.has(u) ? structuredClone(this.pages.get(u)) : undefined));
  }

  async upsertPage(url: string, build: (stored: unknown) => PageRecord): Promise<Usage> {
    const rec = structuredClone(build(this.pages.get(url))); // build only reads what it is given
    this.remove(url);
    this.pages.set(url, rec);
    for (const k of rec.keys) {
      const set = this.postings.get(k);
      if (set) set.add(url);
      else this.postings.set(k, new Set([url]));
    }
    this.total = { entries: this.total.entries + 1, bytes: this.total.bytes + storedBytes(rec) };
    return { ...this.total };
  }

  async deletePages(urls: readonly string[]): Promise<number> {
    let n = 0;
    for (const u of urls) if (this.remove(u)) n++;
    return n;
  }

  async candidates(keys: ArrayLike<number>): Promise<unknown[]> {
    const urls = new Set<string>();
    for (let i = 0; i < keys.length; i++) for (const u of this.postings.get(keys[i]) ?? []) urls.add(u);
    return [...urls].map((u) => structuredClone(this.pages.get(u)));
  }

  async dropOldest(decide: DropDecision): Promise<number> {
    const all: EvictionCandidate[] = [];
    for (const [url, raw] of this.pages) {
      const lastSeen = (raw as { lastSeen?: unknown }).lastSeen;
      // Like an IndexedDB index, the walk only sees records whose lastSeen is a valid key.
      if (typeof lastSeen === 'number' && !Number.isNaN(lastSeen)) all.push(evictionCandidate(url, lastSeen, raw));
    }
    const drop = planEviction(all, this.total, decide);
    for (const u of drop) this.remove(u);
    return drop.length;
  }

  async usage(): Promise<Usage> {
    return { ...this.total };
  }

  async clear(): Promise<number> {
    const n = this.pages.size;
    this.pages.clear();
    this.postings.clear();
    this.serps.clear();
    this.total = { entries: 0, bytes: 0 };
    return n;
  }

  async putSerp(s: SerpRecord, keep: number): Promise<void> {
    this.serps.set(s.id, structuredClone(s));
    if (this.serps.size <= keep) return;
    const old = [...this.serps.values()]
      .map((v) => v as SerpRecord)
      .sort(newestFirst)
      .slice(keep);
    for (const o of old) this.serps.delete(o.id);
  }

  async recentSerps(limit: number): Promise<unknown[]> {
    return [...this.serps.values()]
      .map((v) => v as SerpRecord)
      .sort(newestFirst)
      .slice(0, limit)
      .map((v) => structuredClone(v));
  }

  async getSerp(id: string): Promise<unknown> {
    return structuredClone(this.serps.get(id));
  }

  async deleteSerp(id: string): Promise<void> {
    this.serps.delete(id);
  }

  close(): void {
    void this.clear();
  }
}
