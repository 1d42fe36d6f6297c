import type { EngineSpec } from './types';

/**
 * A search engine the user added in the options (issue #27) from the address of one of its results
 * pages: its host, the path of its results pages and the parameter holding the query. It has no
 * selectors: its pages are read by structure (./structure.ts).
 */
export interface AddedEngine {
  /** Hostname (lower case, no port). */
  host: string;
  /** The results pages' path ('/search'). */
  path: string;
  /** The query-string parameter holding the query ('q'). */
  param: string;
  /** As the popup and the options show it (the host by default). */
  name: string;
}

/** Added engines' ids: never one of the built-in ids, and the same for one host on every device. */
export const ADDED_PREFIX = 'added:';

export const addedId = (host: string): `added:${string}` => `added:${host}`;

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** An added engine as a spec with no variants: findEngine finds it, the structural reader reads it. */
export function addedSpec(a: AddedEngine): EngineSpec {
  const path = a.path.replace(/\/+$/, '') || '/';
  return {
    id: addedId(a.host),
    name: a.name || a.host,
    host: new RegExp(`^${escape(a.host)}$`),
    path: new RegExp(`^${escape(path)}/?$`),
    queryParams: [a.param],
    matches: [`*://${a.host}${path}*`],
    variants: [],
  };
}

/**
 * What a results page's address says of its engine, for the options to show before adding it: the
 * host, path and the query parameter (the one whose value is the query the user typed, else the
 * first of the usual names). Undefined when the address is not an http(s) page with a query.
 */
export function engineFromUrl(url: string, query?: string): AddedEngine | undefined {
  let u: URL;
  try {
    u = new URL(url.trim());
  } catch {
    return undefined;
  }
  if ((u.protocol !== 'https:' && u.protocol !== 'http:') || !u.hostname.includes('.')) return undefined;
  const params = [...u.searchParams.keys()];
  const q = query?.trim().toLowerCase();
  const param =
    (q && params.find((k) => u.searchParams.get(k)?.trim().toLowerCase() === q)) ||
    ['q', 'query', 'search', 'text', 'p', 'wd', 'k', 'term', 's'].find((k) => u.searchParams.get(k)) ||
    params.find((k) => (u.searchParams.get(k) ?? '').trim().length > 0);
  if (!param) return undefined;
  return { host: u.hostname.toLowerCase(), path: u.pathname || '/', param, name: u.hostname.replace(/^www\./, '') };
}
