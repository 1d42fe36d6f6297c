/**
 * Asking search engines for a page's words (issue #7, shared with "copies of this page", issue #19):
 * each query on the first engine that answers it, the next engine (DuckDuckGo's html endpoint last)
 * only when one cannot be read or finds nothing. An engine that cannot be read (a consent wall, a
 * script-only page) is not asked again in the same run.
 */
import { engineName } from '../engines/names';
import { decodeBytes } from '../text/decode';
import type { LostDeps } from './deps';
import { type SearchTarget, searchUrl } from './search';

/** Results read from one search at most (lost and found's default: each is a fetch later). */
export const PER_SEARCH = 5;

export interface AskOptions {
  /** Requests to engines at most, whatever the queries and engines (a run's bound). */
  maxSearches?: number;
  /** Results read per search (default PER_SEARCH). */
  perSearch?: number;
  signal?: AbortSignal;
  /** Called after each request to an engine, with how many were made so far. */
  onSearch?(made: number): void;
}

export interface Asked {
  results: { url: string; title: string; query: string }[];
  /** The engines that answered, by name, in the order first asked. */
  answered: string[];
  /** Requests made. */
  searches: number;
}

/** Asks `targets` (in order, per query) for each query; see above. `targets` is not changed. */
export async function askEngines(
  d: Pick<LostDeps, 'fetchPage' | 'sketcher'>,
  targets: readonly SearchTarget[],
  queries: readonly string[],
  o: AskOptions = {},
): Promise<Asked> {
  const live = [...targets];
  const max = o.maxSearches ?? Infinity;
  const out: Asked = { results: [], answered: [], searches: 0 };
  for (const q of queries) {
    for (const t of [...live]) {
      if (out.searches >= max || o.signal?.aborted) return out;
      out.searches++;
      const got = await searchOnce(d, t, q, o.perSearch ?? PER_SEARCH, o.signal);
      o.onSearch?.(out.searches);
      if (got === undefined) {
        live.splice(live.indexOf(t), 1);
        continue;
      }
      const name = engineName(t.engine);
      if (!out.answered.includes(name)) out.answered.push(name);
      if (!got.length) continue; // nothing for this query here: the next engine may know it
      out.results.push(...got.map((x) => ({ url: x.url, title: x.title, query: q })));
      break;
    }
  }
  return out;
}

/** The first results of one search, or undefined when the engine could not be asked or read. */
async function searchOnce(d: Pick<LostDeps, 'fetchPage' | 'sketcher'>, t: SearchTarget, query: string, n: number, signal?: AbortSignal) {
  const u = searchUrl(t.engine, query, { searxngHost: t.searxngHost });
  const got = await d.fetchPage(u, signal).catch(() => undefined);
  if (!got?.ok) return undefined;
  const serp = await d.sketcher.serp(decodeBytes(got.body).text, got.url).catch(() => undefined);
  if (!serp || serp.engine === '') return undefined;
  return serp.results.slice(0, n);
}
