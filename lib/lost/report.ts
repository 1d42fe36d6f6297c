/** What lost and found says about a dead URL: its verified live copies and how each source fared. */

/** Where an alternate for a dead URL came from (issue #7), in the order they are tried. */
export type AlternateSource = 'group' | 'store' | 'search' | 'archive';

/** A live page verified to be a copy of a dead one: never shown without its measured resemblance. */
export interface Alternate {
  url: string;
  title: string;
  source: AlternateSource;
  /** Resemblance of its main text with the dead page's last known sketch (or, without one, of titles). */
  resemblance: number;
  /** How much of the dead page's text is in it. */
  containment: number;
  /** When it was fetched and measured (ms since the epoch); for an archived copy, when it was archived too. */
  checkedAt: number;
  archivedAt?: number;
  /**
   * What the measure compares: 'page' (the sketches, and the dead page's phrases held word for word),
   * 'title' (no sketch of the dead page was kept), or 'snippet' (a result never seen alive: the candidate
   * holds the snippet its engine showed; `containment` is the share held, `resemblance` the titles').
   */
  basis: 'page' | 'title' | 'snippet';
}

export interface LostReport {
  url: string;
  /** What Resemble last knew of the URL; undefined when it never saw it. */
  known?: {
    title: string;
    firstSeen: number;
    lastSeen: number;
    fetchedAt?: number;
    status?: string;
    sketch?: { shingles: number; values: number };
    phrases: string[];
  };
  /** Whether a page sketch of the dead URL was kept (else alternates are measured by title and searched by title). */
  hasSketch: boolean;
  /** Verified copies, best first. */
  alternates: Alternate[];
  /** Each source's state: searched, skipped (and why) or failed. */
  sources: { source: AlternateSource; state: 'pending' | 'running' | 'done' | 'skipped' | 'failed'; note?: string; candidates?: number }[];
  done: boolean;
  /** The URL itself answered when checked again: it is not dead (a slow load or a bot wall, say). */
  alive?: boolean;
  /** Resemble may not fetch other sites (the access page checking asks for): nothing could be checked or measured. */
  needsAccess?: boolean;
  /** That check, made when lost and found started: when, and what it said (a status of lib/fetch's kinds, 'ok' or 'soft404'). */
  recheck?: { at: number; status: string };
  /** Why the report could not be saved (storage.session full): the search goes on, held in memory. */
  saveError?: string;
}
