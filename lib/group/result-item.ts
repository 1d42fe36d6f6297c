import { LIMITS } from '../limits';
import { displayHost } from '../url/display-host';
import { withoutWww } from '../url/host';
import { type Infer, bool, num, obj, optional, str } from '../validate';

/** One organic result as the content script reads it (and the background keeps it for the tab): checked on arrival. */
export const resultItem = obj({
  rank: num({ min: 1, max: LIMITS.rank, int: true }),
  url: str({ min: 1, max: LIMITS.url }),
  title: str({ max: LIMITS.title }),
  snippet: str({ max: LIMITS.snippet }),
  displayUrl: str({ max: LIMITS.displayUrl }),
  unresolved: optional(bool()),
});
export type ResultItem = Infer<typeof resultItem>;

/** A result as the popup lists it. */
export interface ResultSummary {
  rank: number;
  url: string;
  title: string;
  displayUrl: string;
  /** Its link is the engine's opaque redirect (issue #27): `url` is the redirect, its site is the display URL's. */
  unresolved?: boolean;
}

/** What a result's site is read from: its address, or (when that is the engine's opaque redirect) the address the page shows. */
export interface SitedResult {
  url: string;
  displayUrl?: string;
  unresolved?: boolean;
}

export { displayHost } from '../url/display-host';

/**
 * A result's site host, the one answer for copycat labels, "same site" and the domains listed: its
 * address's host; for a result whose link is the engine's opaque redirect (`unresolved`, issue #27), the
 * host its display URL names, never the engine's, and none when the display URL names no host.
 */
export function resultHost(r: SitedResult): string | undefined {
  if (r.unresolved) return displayHost(r.displayUrl);
  try {
    const u = new URL(r.url);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.hostname || undefined : undefined;
  } catch {
    return undefined;
  }
}

/** A result's domain for lists ("example.com": its site host without "www."); '' when it has none. */
export function resultDomain(r: SitedResult): string {
  return withoutWww(resultHost(r) ?? '');
}

/**
 * Where the tab's opaque results were found to lead (page checking followed them, issue #27): the
 * engine's redirect → the address it ended at. Kept with the tab's results (storage.session).
 */
export type Resolutions = Readonly<Record<string, string>>;

/**
 * The results with every resolved opaque link replaced by the address it ends at: from then on that is
 * the result's address (grouping, the store, evidence, the popup). Others are returned as they are.
 */
export function withResolutions<T extends { url: string; unresolved?: boolean }>(results: readonly T[], resolved: Resolutions | undefined): T[] {
  if (!resolved) return [...results];
  return results.map((r) => {
    const to = r.unresolved && Object.hasOwn(resolved, r.url) ? resolved[r.url] : undefined;
    if (to === undefined) return r;
    const { unresolved: _, ...rest } = r;
    return { ...rest, url: to } as T;
  });
}
