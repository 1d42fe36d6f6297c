import { sameSite } from './same-site';
import { countsAbove } from './structure-tree';

/**
 * Sitelinks, deep links, "more from this site" entries, a card's inner links and Kagi's grouped
 * results are part of the result above them, never results of their own (issue #41). Told by
 * structure alone, in the definitions' reads (./extract.ts) and the structural reader's
 * (./structure.ts) alike: an entry is part of the one before it when
 *
 * 1. it shows no address of its own while its result does, or its text is short: a result shows its
 *    display URL (ViNTs' content lines), a sitelink only a title and at most a line;
 * 2. it shares a block with the entry before it, and that block holds nothing but entries of one site
 *    (./same-site.ts), at most ITEM_MAX of them: the result's own block, never the list (a search
 *    within one site lists many of its results side by side, each with its address).
 *
 * A result of the same site with its own address (Google's indented second result, Mojeek's
 * clustered one) stays a result.
 */

export interface Entry {
  root: Element;
  /** The host the entry's site is known by: its target's, or for an opaque link its display URL's. */
  host: string | undefined;
  /** The entry shows a display URL of its own. */
  ownDisplay: boolean;
  snippet: string;
}

/** Entries one result's block holds at most (the result and its sitelinks or grouped results). */
export const ITEM_MAX = 8;
/** Levels looked up from an entry for the block it shares with the one before it. */
const UP_MAX = 8;
/** A sitelink's line at most (characters). */
const SHORT = 40;

/** For each entry, the index of the result it is part of (its own index for a result). */
export function partsOf(entries: readonly Entry[]): number[] {
  const parent = entries.map((_, i) => i);
  let counts: Map<Element, number> | undefined;
  for (let i = 1; i < entries.length; i++) {
    const e = entries[i];
    const prev = entries[i - 1];
    if (e.ownDisplay || !(entries[parent[i - 1]].ownDisplay || e.snippet.length < SHORT)) continue;
    if (!e.host || !prev.host || !sameSite(prev.host, e.host)) continue;
    const block = commonBlock(prev.root, e.root);
    if (!block) continue;
    // Counted once, and only on a page with such a pair (most pages have none).
    counts ??= countsAbove(entries.map((x) => x.root));
    const held = (counts.get(block) ?? 0) + (block === prev.root ? 1 : 0);
    if (oneSite(entries, i, block, held)) parent[i] = parent[i - 1];
  }
  return parent;
}

/** The nearest element holding both `a` and `b`, within UP_MAX levels of each; undefined when none. */
function commonBlock(a: Element, b: Element): Element | undefined {
  const above = new Set<Element>();
  for (let e: Element | null = a, up = 0; e && up <= UP_MAX; e = e.parentElement, up++) above.add(e);
  for (let e: Element | null = b, up = 0; e && up <= UP_MAX; e = e.parentElement, up++) if (above.has(e)) return e;
  return undefined;
}

/**
 * Whether `block`, holding `held` entries among them entries i - 1 and i (entries are in page order,
 * so a block's are consecutive), holds at most ITEM_MAX, all of one site.
 */
function oneSite(entries: readonly Entry[], i: number, block: Element, held: number): boolean {
  if (held > ITEM_MAX) return false;
  let first = i - 1;
  while (first > 0 && i - first + 1 < held && block.contains(entries[first - 1].root)) first--;
  const host = entries[i].host as string;
  for (let j = first; j < first + held && j < entries.length; j++) {
    const h = entries[j].host;
    if (!h || !sameSite(h, host)) return false;
  }
  return true;
}
