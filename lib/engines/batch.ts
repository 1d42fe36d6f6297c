import { LIMITS, clip } from '../limits';
import type { Reader, SerpResult } from './types';

/** A results message as the content script sends it (`page/results`). */
export interface ResultsBatch {
  engine: string;
  url: string;
  query: string;
  results: SerpResult[];
  append?: boolean;
  /** How the page's results were read (issue #27); a batch with no results says nothing of it. */
  reader?: Reader;
}

/**
 * A result within the limits the background checks, or undefined when it cannot be: an address over
 * the limit is not shortened (a shorter one is another page) and a rank past the last one accepted is
 * not renumbered (ranks are the page's order).
 */
export function fitResult(r: SerpResult): SerpResult | undefined {
  if (!r.url || r.url.length > LIMITS.url || r.rank > LIMITS.rank) return undefined;
  return { ...r, title: clip(r.title, LIMITS.title), snippet: clip(r.snippet, LIMITS.snippet), displayUrl: clip(r.displayUrl, LIMITS.displayUrl) };
}

/**
 * `results` (ranks already given) as messages the background accepts: fields clipped, at most
 * LIMITS.batch results each, every message after the first an append (ranks continue). `append`:
 * whether the first message continues what was sent before. A page address over its limit is clipped:
 * the background records it, it does not fetch it.
 */
export function batches(b: ResultsBatch): ResultsBatch[] {
  const fit = b.results.map(fitResult).filter((r): r is SerpResult => r !== undefined);
  const base = { engine: clip(b.engine, LIMITS.engine), url: clip(b.url, LIMITS.pageUrl), query: clip(b.query, LIMITS.query) };
  // A page with no results is still reported (once): the background records it as unreadable.
  if (!fit.length) return b.results.length ? [] : [{ ...base, results: [], ...(b.append ? { append: true } : {}) }];
  const head = { ...base, ...(b.reader ? { reader: b.reader } : {}) };
  const out: ResultsBatch[] = [];
  for (let i = 0; i < fit.length; i += LIMITS.batch) {
    out.push({ ...head, results: fit.slice(i, i + LIMITS.batch), ...(b.append || i > 0 ? { append: true } : {}) });
  }
  return out;
}
