/**
 * Imported lists packed for lookups at any size (issue #28: 250,000 sites). A list is kept as its sites
 * sorted and joined by newlines: one string, about the list's own size, that a results page reads as it
 * is and searches by bisection, with no Set to build and no per-site table to write.
 */
export interface PackedList {
  name: string;
  at: number;
  count: number;
  /** The sites, sorted (code-unit order), unique, one a line. */
  sites: string;
  /** A subscribed list's address (issue #30); absent for an imported one. */
  sub?: string;
}

export function packSites(sites: Iterable<string>): { sites: string; count: number } {
  const all = [...new Set(sites)].filter((s) => s && !s.includes('\n')).sort();
  return { sites: all.join('\n'), count: all.length };
}

/** Whether `site` is a line of `packed`: bisection over the string, every probe widened to its line. */
export function hasSite(packed: string, site: string): boolean {
  let lo = 0;
  let hi = packed.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const start = packed.lastIndexOf('\n', mid - 1) + 1;
    const nl = packed.indexOf('\n', start);
    const end = nl < 0 ? packed.length : nl;
    const line = packed.slice(start, end);
    if (line === site) return true;
    if (line < site) lo = end + 1;
    else hi = start;
  }
  return false;
}

/** The names of the lists holding `site`. */
export const listsOf = (lists: readonly PackedList[], site: string): string[] => lists.filter((l) => hasSite(l.sites, site)).map((l) => l.name);

/** The addresses of the subscribed lists holding `site`: which listings are subscriptions, told by identity (an imported list may share a name). */
export const subsOf = (lists: readonly PackedList[], site: string): string[] => lists.flatMap((l) => (l.sub && hasSite(l.sites, site) ? [l.sub] : []));

/**
 * A host's suffixes that could be a site, itself first: www.a.example, a.example; never a single label
 * (com, example): no site is one, so a stored "com" from another device or version marks nothing (issue
 * #38). Longer public suffixes (co.uk) are kept out of what is looked up by the background, which has
 * the Public Suffix List (lib/copycat/site.ts); the results page need not load it.
 */
export function* suffixes(host: string): Generator<string> {
  let s = host.toLowerCase().replace(/\.$/, '');
  for (let dot = s.indexOf('.'); dot >= 0; dot = s.indexOf('.')) {
    yield s;
    s = s.slice(dot + 1);
  }
}
