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

/**
 * What all kept lists (imported and subscribed) may hold together (issue #38). A results page reads
 * every list at document_start: 20 synced subscriptions to 2 MB lists (3.27 M sites, 43 MB) put its
 * groups 591 ms after DOMContentLoaded. At this budget they stay within 300 ms (bench `page-groups`,
 * "lists at the budget"). A list that would pass it is refused, said, and the lists kept stay as they are.
 */
export const LISTS_BUDGET = { sites: 600_000, bytes: 8_000_000 } as const;

/** What the lists hold together, in sites and in bytes of their packed text. */
export const listsSize = (lists: readonly Pick<PackedList, 'count' | 'sites'>[]) => ({
  sites: lists.reduce((n, l) => n + l.count, 0),
  bytes: lists.reduce((n, l) => n + l.sites.length, 0),
});

/** Undefined when `lists` fit the budget; else what is over, in English (the options word it by its code, 'budget'). */
export function overBudget(lists: readonly Pick<PackedList, 'count' | 'sites'>[], budget: { sites: number; bytes: number } = LISTS_BUDGET): string | undefined {
  const { sites, bytes } = listsSize(lists);
  if (sites <= budget.sites && bytes <= budget.bytes) return undefined;
  return `the lists would hold ${sites.toLocaleString('en')} sites (${(bytes / 1e6).toFixed(1)} MB) together; at most ${budget.sites.toLocaleString('en')} sites (${budget.bytes / 1e6} MB) are kept`;
}

/** Thrown by the lists' writer when a list would pass the budget: nothing was written. */
export class ListsBudgetError extends Error {
  readonly code = 'budget';
}
