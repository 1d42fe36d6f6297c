/**
 * Where a pair of copies was measured (Evidence.from): a verdict rests on several places (issue #28), so
 * one results page, however hostile, decides nothing alone. A results page is its engine and query; a
 * SearXNG instance is an engine of its own (its host), as an added engine is.
 */
export function serpPlace(p: { engine: string; url: string; query: string }): string {
  let host = '';
  try {
    host = new URL(p.url).hostname;
  } catch {
    // an unreadable address: the engine alone
  }
  const engine = (p.engine === 'searxng' && host ? `searxng/${host}` : p.engine).replaceAll(':', '/');
  const query = p.query.toLowerCase().replace(/\s+/g, ' ').trim().slice(0, 100);
  return `serp:${engine}:${query}`;
}

export const copiesPlace = (url: string) => `copies:${url}`;
