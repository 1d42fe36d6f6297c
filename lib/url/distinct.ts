import { normalizeUrl } from './normalize';

/**
 * `items` in their order, keeping the first of each page (by normalized URL: tracking parameters and
 * the like do not make another page) and none whose page is in `exclude`.
 */
export function distinctByUrl<T extends { url: string }>(items: Iterable<T>, exclude: readonly (string | undefined)[] = []): T[] {
  const key = (u: string) => normalizeUrl(u) ?? u;
  const seen = new Set(exclude.filter((u): u is string => !!u).map(key));
  const out: T[] = [];
  for (const it of items) {
    const k = key(it.url);
    if (seen.has(k)) continue;
    seen.add(k);
    out.push(it);
  }
  return out;
}
