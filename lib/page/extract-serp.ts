import { extract } from '../engines/extract';

/** A fetched results page read with the same extractor as the content script (lost and found's search). */
export function extractSerp(parse: (html: string) => Document, html: string, url: string) {
  const x = extract(parse(html), url);
  return { engine: x?.engine ?? '', results: (x?.results ?? []).filter((r) => !r.unresolved).map((r) => ({ rank: r.rank, url: r.url, title: r.title, snippet: r.snippet })) };
}
