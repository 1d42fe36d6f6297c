import { hostnameOf } from '../url/host';

/** FNV-1a, 32 bits, as 8 hex digits: tells queries apart without keeping their words. */
function fnv1a(s: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  return (h >>> 0).toString(16).padStart(8, '0');
}

/**
 * Where a pair of copies was measured (Evidence.from): a verdict rests on several places (issue #28), so
 * one results page, however hostile, decides nothing alone. A results page is its engine and its query,
 * kept as a hash (the evidence outlives the results pages the cache keeps: the words are not needed to
 * tell two queries apart); a SearXNG instance is an engine of its own (its host), as an added engine is.
 */
export function serpPlace(p: { engine: string; url: string; query: string }): string {
  // An unreadable address: the engine alone.
  const host = hostnameOf(p.url) ?? '';
  const engine = (p.engine === 'searxng' && host ? `searxng/${host}` : p.engine).replaceAll(':', '/');
  const query = p.query.toLowerCase().replace(/\s+/g, ' ').trim();
  return `serp:${engine}:${fnv1a(query)}`;
}

export const copiesPlace = (url: string) => `copies:${url}`;
