/**
 * Searching for a dead page (issue #7): the user's engine asked for the page's remembered phrases in
 * quotes, then for its title. Whatever the results, each is fetched and verified like any other
 * candidate (./rank.ts): a search result is a lead, never a copy by itself.
 */
import { headOf } from '../engines/heads';
import { ENGINE_IDS, type EngineId } from '../settings';
import { searxngHostOf } from '../url/host';

/** Queries per dead page at most (each is one request to the engine). */
export const MAX_QUERIES = 3;
/** Characters of a query at most: engines cut or refuse longer ones. */
export const MAX_QUERY_CHARS = 200;

const clean = (s: string) =>
  s
    .replace(/["“”„]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/**
 * The searches for a dead page, most specific first: each remembered phrase in double quotes (an exact
 * phrase), then the title as plain words; duplicates and empty ones left out, at most `max` (3).
 */
export function searchQueries(known: { title?: string; phrases?: readonly string[] }, max = MAX_QUERIES): string[] {
  const out: string[] = [];
  const add = (q: string) => {
    if (q.replace(/["\s]/g, '') !== '' && !out.includes(q) && out.length < max) out.push(q);
  };
  for (const p of known.phrases ?? []) {
    const c = clean(p)
      .slice(0, MAX_QUERY_CHARS - 2)
      .trim();
    if (c.split(' ').length >= 3) add(`"${c}"`);
  }
  if (known.title) add(clean(known.title).slice(0, MAX_QUERY_CHARS).trim());
  return out;
}

/** Results-page addresses by engine (lib/engines/heads.ts): each is a page the engine's spec reads. */
const searchAt = (engine: EngineId): string | undefined => headOf(engine)?.searchUrl;

export type SearchEngine = EngineId;

/** An engine to ask, and for SearXNG the user's instance. */
export interface SearchTarget {
  engine: SearchEngine;
  searxngHost?: string;
}

/** What the choice of engine reads of a results page Resemble kept. */
export interface SeenSerp {
  engine: string;
  url: string;
  /** As stored: checked here, since a stored record may be older than this code. */
  results: readonly unknown[];
}

const listed = (s: SeenSerp, url: string) => s.results.some((r) => typeof r === 'object' && r !== null && (r as { url?: unknown }).url === url);

const isEngine = (e: string): e is EngineId => (ENGINE_IDS as readonly string[]).includes(e);

/**
 * The engines a search for a dead page asks, in order: the engine of the newest results page that
 * listed the page (where the user found it), else that of the newest results page kept (the engine the
 * user uses); DuckDuckGo's html endpoint always last, because an engine may answer a cookieless request
 * with a consent wall or a script-only page with no results in it. `serps`: newest first.
 */
export function searchTargets(serps: readonly SeenSerp[], deadUrl: string): SearchTarget[] {
  const usable = serps.filter((s) => isEngine(s.engine));
  const from = usable.find((s) => listed(s, deadUrl)) ?? usable[0];
  const out: SearchTarget[] = [];
  if (from && from.engine !== 'duckduckgo') {
    if (from.engine !== 'searxng') out.push({ engine: from.engine as EngineId });
    else {
      // https only: searchUrl asks the instance over https.
      const host = from.url.startsWith('https:') ? searxngHostOf(from.url) : undefined;
      if (host) out.push({ engine: 'searxng', searxngHost: host });
    }
  }
  out.push({ engine: 'duckduckgo' });
  return out;
}

/**
 * The results page of `engine` for `query` (DuckDuckGo's html endpoint by default). SearXNG needs the
 * user's instance: `searxngHost` (a host name, as in the settings); without it DuckDuckGo is used.
 */
export function searchUrl(engine: SearchEngine, query: string, opts?: { searxngHost?: string }): string {
  const q = encodeURIComponent(query);
  if (engine === 'searxng') {
    const host = opts?.searxngHost?.trim().toLowerCase();
    if (host && /^[a-z0-9.-]+(:\d{1,5})?$/.test(host)) return `https://${host}/search?q=${q}`;
  }
  return (searchAt(engine) ?? searchAt('duckduckgo')!) + q;
}
