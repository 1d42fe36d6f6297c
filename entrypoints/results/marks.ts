import { type SitedResult, resultHost } from '../../lib/group/result-item';
import { GATE_ID } from './paint-gate';
/** The DOM contract (issue #5): attributes users' styles and scripts rely on. Keep the names. */
export const ATTR = {
  rank: 'data-resemble-rank',
  cluster: 'data-resemble-cluster',
  /**
   * "representative", "copy" (may be hidden in collapse mode) or "contains" (issue #14: a member whose page
   * contains the representative's, the fuller page: never hidden, so never data-resemble-hidden).
   * A dead representative (issue #15) keeps "representative" (the group's order and reasons are
   * unchanged) and carries data-resemble-dead; in collapse mode its best-ranked live copy stands in for
   * it: role "copy", shown (no data-resemble-hidden), with the toggle of the group's other copies.
   */
  role: 'data-resemble-role',
  hidden: 'data-resemble-hidden',
  /** A result whose page check found it dead (issue #7): the kind, e.g. "gone". Never hidden. */
  dead: 'data-resemble-dead',
  /** A result from a copycat site (issue #19): the site, e.g. "copycat.example". Hidden only when the setting says so. */
  copycat: 'data-resemble-copycat',
  /** A result whose page changed since it was last checked (issue #40): its resemblance to the version seen before, "0.64". */
  changed: 'data-resemble-changed',
  /** A copy holding its representative's earlier version (issue #40): "true". */
  stale: 'data-resemble-stale',
  /** A card of another vertical whose link is the same page as a result (issue #41): that result's rank. The card is never hidden or moved. */
  sameAs: 'data-resemble-same-as',
} as const;

/**
 * Where each result sits: rank → the elements it spans (its root first). Ranks are the content
 * script's own (they continue across infinite-scroll batches); elements are refreshed on every read,
 * since an engine may re-render a result.
 */
export class ResultBlocks {
  private urlByRank = new Map<number, string>();
  private hostByRank = new Map<number, string | undefined>();
  private blocksByUrl = new Map<string, Element[]>();

  /** After a read: the latest elements of every result on the page, by target URL. */
  saw(urls: readonly string[], blocks: readonly Element[][]): void {
    urls.forEach((u, i) => blocks[i] && this.blocksByUrl.set(u, blocks[i]));
  }

  /** Results sent to the background under these ranks: they are marked as read. */
  ranked(results: readonly (SitedResult & { rank: number })[]): void {
    for (const r of results) {
      this.urlByRank.set(r.rank, r.url);
      this.hostByRank.set(r.rank, resultHost(r));
      this.of(r.rank)[0]?.setAttribute(ATTR.rank, String(r.rank));
    }
  }

  /** Every rank read so far. */
  ranks(): number[] {
    return [...this.urlByRank.keys()];
  }

  urlOf(rank: number): string | undefined {
    return this.urlByRank.get(rank);
  }

  /**
   * The result's site host (lib resultHost: an opaque link's is its display URL's, or none; once the
   * background followed it, the final address's, as the popup's and the background's).
   */
  hostOf(rank: number): string | undefined {
    return this.hostByRank.get(rank);
  }

  /** An opaque link page checking followed to `url` (issue #41): the result's site is that address's from now on. */
  resolved(rank: number, url: string): void {
    const host = this.urlByRank.has(rank) ? resultHost({ url }) : undefined;
    if (host) this.hostByRank.set(rank, host);
  }

  /** Marks every read result again (an engine that re-renders its results drops the attributes). */
  markAll(): void {
    for (const rank of this.urlByRank.keys()) this.of(rank)[0]?.setAttribute(ATTR.rank, String(rank));
  }

  of(rank: number): Element[] {
    const url = this.urlByRank.get(rank);
    return (url && this.blocksByUrl.get(url)?.filter((el) => el.isConnected)) || [];
  }

  /** A new page view (pushState to another query): nothing ranked yet. */
  reset(): void {
    for (const el of document.querySelectorAll(`[${ATTR.rank}]`)) el.removeAttribute(ATTR.rank);
    this.urlByRank.clear();
    this.hostByRank.clear();
  }
}

/** The hosts of Resemble's on-page UI (page-ui.ts, checking-indicator.ts). */
export const UI_HOSTS = ['resemble-ui', 'resemble-checking'] as const;

/**
 * The page as it was before Resemble: every copy shown, every control and mark gone. When the
 * extension leaves the page (reloaded, updated, removed), and before a new copy of the script starts
 * (one that left the page without this leaves its marks behind).
 */
export function restorePage(): void {
  for (const el of document.querySelectorAll(UI_HOSTS.join(', '))) el.remove();
  document.getElementById('resemble-hidden-style')?.remove();
  // A paint gate left by a copy that was stopped within its few milliseconds (paint-gate.ts).
  document.getElementById(GATE_ID)?.remove();
  for (const a of Object.values(ATTR)) for (const el of document.querySelectorAll(`[${a}]`)) el.removeAttribute(a);
  // Firefox runs document_start scripts before the root element exists.
  const root = document.documentElement as HTMLElement | null;
  if (root) {
    delete root.dataset.resembleReady;
    delete root.dataset.resembleApplied;
  }
}
