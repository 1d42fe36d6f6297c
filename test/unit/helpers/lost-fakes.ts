/**
 * Fakes of what lost and found's search is given (lib/lost/deps.ts): sites as a map of pages, a store of
 * a few records and results pages, and a sketcher that sketches with lib itself (so measures are real).
 */
import type { FetchOutcome } from '../../../lib/fetch/types';
import type { LostDeps, LostSettings } from '../../../lib/lost/deps';
import type { LostReport } from '../../../lib/lost/report';
import { pickPhrases } from '../../../lib/lost/phrases';
import { serializeSketch } from '../../../lib/sketch/serialize';
import { sketchText } from '../../../lib/sketch/sketch';
import { compactSketch } from '../../../lib/store/compact';
import type { PageRecord, SerpRecord, SimilarPage } from '../../../lib/store/types';

export const SETTINGS: LostSettings = { pageShingle: 5, sketchSize: 128, resemblanceThreshold: 0.5, containmentThreshold: 0.8, archiveLookups: true };

/** An HTML page as the fake sketcher reads it: its title, and its body as the main text. */
export const html = (title: string, text: string) => `<title>${title}</title><body>${text}</body>`;
/** A results page as the fake sketcher reads it: its results as JSON (anything else is unreadable). */
export const serpHtml = (results: { url: string; title: string }[]) => JSON.stringify(results.map((r, i) => ({ rank: i + 1, snippet: '', ...r })));

/** The store's page sketch of a text, as it keeps them. */
export const storedSketch = (text: string) => compactSketch(sketchText(text, { shingle: SETTINGS.pageShingle, size: SETTINGS.sketchSize }));

export interface Fakes {
  deps: LostDeps;
  /** Every URL fetched (pages and API), in order. */
  fetched: string[];
  /** The thresholds and options the store was asked with. */
  similarAsked: { threshold: number; limit?: number; exclude?: string }[];
  saves: number;
}

export function fakes(o: {
  pages?: Record<string, string>;
  json?: Record<string, unknown>;
  /** What fetchJson answers when `json` has no entry: a failure kind. */
  jsonFailure?: 'timeout' | 'http' | 'wrong-type';
  records?: Record<string, Partial<PageRecord>>;
  serps?: Partial<SerpRecord>[];
  similar?: SimilarPage[];
  settings?: Partial<LostSettings>;
  access?: boolean;
}): Fakes {
  const f: Fakes = { fetched: [], similarAsked: [], saves: 0, deps: undefined as never };
  const failed = (url: string, kind: 'gone' | 'timeout' | 'http' | 'wrong-type'): FetchOutcome<never> => ({
    ok: false,
    url,
    kind,
    message: kind,
    redirects: [],
    ms: 1,
  });
  const ok = { ok: true as const, status: 200, redirects: [], ms: 1, truncated: false as const };
  f.deps = {
    fetchPage: async (url) => {
      f.fetched.push(url);
      const page = o.pages?.[url];
      return page === undefined ? failed(url, 'gone') : { ...ok, url, contentType: 'text/html', body: new TextEncoder().encode(page) };
    },
    fetchJson: async (url) => {
      f.fetched.push(url);
      const hit = Object.entries(o.json ?? {}).find(([prefix]) => url.startsWith(prefix));
      return hit ? { ...ok, url, json: hit[1] } : failed(url, o.jsonFailure ?? 'gone');
    },
    store: {
      get: async (url) => {
        const r = o.records?.[url];
        return r && ({ url, title: '', firstSeen: 1, lastSeen: 2, bytes: 0, ...r } as PageRecord);
      },
      similar: async (_s, threshold, opts) => (f.similarAsked.push({ threshold, ...opts }), o.similar ?? []),
      recentSerps: async () =>
        (o.serps ?? []).map((s, i) => ({
          id: `s${i}`,
          url: 'https://www.google.com/search?q=x',
          engine: 'google',
          query: 'x',
          at: i,
          results: [],
          groups: [],
          ...s,
        })),
    },
    sketcher: {
      sketch: async (items, options) =>
        items.map((it) => ({ ok: true as const, bytes: serializeSketch(sketchText(it.text, options)), tokens: 0, truncated: false })),
      page: async (page, _url, options) => {
        const title = /<title>(.*?)<\/title>/s.exec(page)?.[1] ?? '';
        const text = /<body>(.*?)<\/body>/s.exec(page)?.[1] ?? '';
        const result = { ok: true as const, bytes: serializeSketch(sketchText(text, options)), tokens: 0, truncated: false };
        return { result, page: { title, method: 'fake', chars: text.length, phrases: pickPhrases(text), ...(text.length < 2000 && { short: text }) } };
      },
      serp: async (page, url) => {
        try {
          return { engine: new URL(url).hostname.includes('duckduckgo') ? 'duckduckgo' : 'google', results: JSON.parse(page) };
        } catch {
          return { engine: '', results: [] };
        }
      },
    },
    settings: { ...SETTINGS, ...o.settings },
    hasAccess: async () => o.access ?? true,
    save: async (_r: LostReport) => void f.saves++,
  };
  return f;
}
