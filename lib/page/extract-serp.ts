import { extract, findEngine } from '../engines/extract';
import { hostOf } from '../url/host';

/**
 * A fetched results page read with the same extractor as the content script (lost and found's search).
 * The address is one the background built itself (lib/lost/search.ts), so a host no built-in engine
 * serves is the user's SearXNG instance it chose.
 */
export function extractSerp(parse: (html: string) => Document, html: string, url: string) {
  const x = extract(parse(html), url, findEngine(url) ? {} : { searxngHosts: [hostOf(url) ?? ''] });
  return {
    engine: x?.engine ?? '',
    results: (x?.results ?? []).filter((r) => !r.unresolved).map((r) => ({ rank: r.rank, url: r.url, title: r.title, snippet: r.snippet })),
  };
}
