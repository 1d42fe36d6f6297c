import type { GroupInput } from '../group/results';
import type { Alternate } from '../lost/report';
import type { Sketch } from '../sketch/sketch';

/** One page the extension has seen in a results page, with what it knows of it. */
export interface PageRecord {
  /** `urlId(url)`: the record's key in IndexedDB (index entries repeat it: a number is short). */
  id: number;
  /** Normalized URL (the caller normalizes). */
  url: string;
  title: string;
  /** Sketch of title + snippet, as the store keeps it (`compactSketch`; the caller puts `serializeSketch` bytes). */
  snippet?: Uint8Array;
  /** Sketch of the fetched page's main text, kept likewise. */
  page?: Uint8Array;
  firstSeen: number;
  lastSeen: number;
  fetchedAt?: number;
  /** Fetch status kind: 'ok', 'http-404', 'dns', 'timeout', 'too-large', 'wrong-type', … */
  status?: string;
  canonical?: string;
  phrases?: string[];
  /**
   * A dead page's verified live copies, best first (issue #15: found at once in the local sources), so
   * that a later visit shows them without fetching again while they are younger than the cache's age
   * limit. Dropped when the page is checked alive again.
   */
  alternates?: Alternate[];
  /**
   * The page's earlier versions (issue #40): the page sketches it had before a check found it changed,
   * newest first, at most PAGE_VERSIONS_MAX, each with the `fetchedAt` of the check that read it. Kept
   * by the store only (never from a caller's input), dropped past the cache's age limit, never in a
   * store made with `versions: 0` (the private windows').
   */
  versions?: PageVersion[];
  /** The `fetchedAt` of the check that found the page changed (equal to `fetchedAt` while that check is the latest). */
  changedAt?: number;
  /** Candidate-index keys: the first prefixLength(|MIN_s|, minThreshold) values of the page sketch, else the snippet's. */
  keys: number[];
  /** Approximate stored size of the record, its index entries included (`estimateBytes`). */
  bytes: number;
}

/** An earlier version of a page: its sketch (compact bytes, as `page`) and when it was read. */
export interface PageVersion {
  at: number;
  page: Uint8Array;
}

/** Earlier versions kept per page at most: enough to date a stale copy, small beside the page's ~2 KB. */
export const PAGE_VERSIONS_MAX = 3;

/** What a caller puts: the store computes `keys` and `bytes`, and keeps the versions itself. */
export type PageInput = Omit<PageRecord, 'keys' | 'bytes' | 'id' | 'versions' | 'changedAt'>;

/** A recent results page (for the popup, the options preview and cross-query memory). */
export interface SerpRecord {
  /** Caller-chosen, e.g. `${tabId}:${url}`. */
  id: string;
  url: string;
  engine: string;
  query: string;
  at: number;
  results: unknown[];
  groups: unknown[];
}

/** The options page's preview: a results page's results and the past pages whose boilerplate is left out. */
export interface PreviewData {
  url: string;
  engine: string;
  query: string;
  at: number;
  items: GroupInput[];
  past: GroupInput[][];
}

export interface StoreLimits {
  /** Total approximate size of the page records; the oldest (by lastSeen) go first beyond it. */
  maxBytes: number;
  /** Records not seen for longer are dropped by `evict`. */
  maxAgeDays: number;
  /** Lowest threshold `similar` answers with full recall: the floor the index keys are computed for. */
  minThreshold: number;
  /** Results pages kept (the newest by `at`). Optional so that a three-field limits object still type-checks. */
  maxSerps?: number;
  /** Earlier page versions kept per record, 0 to PAGE_VERSIONS_MAX (0: none, the private windows' store). */
  versions?: number;
}

export const DEFAULT_LIMITS: Readonly<Required<StoreLimits>> = Object.freeze({
  maxBytes: 20 * 1024 * 1024,
  maxAgeDays: 30,
  minThreshold: 0.3,
  maxSerps: 20,
  versions: PAGE_VERSIONS_MAX,
});

export interface Usage {
  entries: number;
  bytes: number;
}

export interface SimilarPage {
  url: string;
  title: string;
  resemblance: number;
}

export interface SketchStore {
  /** A record whose sketch bytes do not deserialize (or whose shape is wrong) is deleted and reported as missing. */
  get(url: string): Promise<PageRecord | undefined>;
  /** The readable records among `urls` (unreadable ones are deleted, as in `get`). */
  getMany(urls: string[]): Promise<Map<string, PageRecord>>;
  /**
   * Adds or merges a record: firstSeen is kept, lastSeen becomes the later of the two, a missing
   * snippet/page (or any other optional field left undefined) keeps the stored one. Computes keys and
   * bytes. A page sketch whose bytes differ from the stored one's pushes the stored one into `versions`
   * (issue #40). Runs eviction when the running total passes maxBytes. Rejects with a StoreError 'QUOTA' when
   * the write fails for lack of space even after dropping the oldest quarter of the records.
   */
  put(rec: PageInput): Promise<void>;
  /**
   * Stored pages whose indexed sketch (page sketch if present, else snippet), of the query's shape
   * (shingle size, seed, sketch size), resembles `sketch` at `threshold` or more: best first. Found
   * through the candidate index, with the recall of a full comparison for threshold ≥ minThreshold.
   */
  similar(sketch: Sketch, threshold: number, opts?: { limit?: number; exclude?: string }): Promise<SimilarPage[]>;
  usage(): Promise<Usage>;
  /** Drops records older than maxAgeDays (by lastSeen), then the oldest until bytes ≤ maxBytes; returns how many. */
  evict(now?: number): Promise<number>;
  /** Empties the store (pages and results pages); returns how many page records were removed. */
  clear(): Promise<number>;
  putSerp(s: SerpRecord): Promise<void>;
  /** Newest first. */
  recentSerps(limit?: number): Promise<SerpRecord[]>;
  getSerp(id: string): Promise<SerpRecord | undefined>;
  setLimits(l: Partial<StoreLimits>): void;
  /** The install's sketch seed: sketches stored under another read as absent (undefined: any seed is read). */
  setSeed(seed: number | undefined): void;
  /** Closes the store for good: later calls reject with StoreError 'CLOSED'. */
  close(): void;
}
