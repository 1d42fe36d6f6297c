/**
 * What lost and found's search (./find.ts) is given rather than reaching for: the fetches (under the
 * caller's fetch policy), the store, the sketcher and the settings. The background wires the browser's;
 * unit tests pass fakes. Nothing here touches a browser API.
 */
import type { FetchOutcome } from '../fetch/types';
import type { AlternateSource, LostReport } from './report';
import type { Settings } from '../settings';
import type { SketchStore } from '../store/types';
import type { ItemResult, PageInfo, SketchItem, WorkerSketchOptions } from '../worker/protocol';

/** The sketch Worker's part lost and found uses (the background's SketchService is one). */
export interface LostSketcher {
  sketch(items: SketchItem[], options?: WorkerSketchOptions): Promise<ItemResult[]>;
  /** A fetched HTML page's main text sketched, with what extraction found (title, short text). */
  page(html: string, url: string, options?: WorkerSketchOptions): Promise<{ result: ItemResult; page: PageInfo }>;
  /** A fetched results page read: engine '' when it is none Resemble reads. */
  serp(html: string, url: string): Promise<{ engine: string; results: { rank: number; url: string; title: string; snippet: string }[] }>;
}

export type LostSettings = Pick<Settings, 'pageShingle' | 'sketchSize' | 'resemblanceThreshold' | 'containmentThreshold' | 'archiveLookups'>;

export interface LostDeps {
  /** A page fetched under the fetch policy (never throws: a failure is an outcome). */
  fetchPage(url: string, signal?: AbortSignal): Promise<FetchOutcome>;
  /** An API's JSON answer (the archive's availability lookup) under the same policy. */
  fetchJson(url: string): Promise<FetchOutcome<{ json: unknown }>>;
  store: Pick<SketchStore, 'get' | 'similar' | 'recentSerps'>;
  sketcher: LostSketcher;
  settings: LostSettings;
  /** Whether sites may be fetched at all (host access): without it, only the archive is asked. */
  hasAccess(): Promise<boolean>;
  /** The report changed: written where its readers (polls) find it. Must not throw. */
  save(r: LostReport): Promise<void>;
}

export interface Candidate {
  url: string;
  title: string;
  source: AlternateSource;
  archivedAt?: number;
}
