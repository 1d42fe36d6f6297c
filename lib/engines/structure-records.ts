import { type Entry, partsOf } from './parts';
import { nearestUp } from './structure-tree';
import type { SerpResult } from './types';

/**
 * The structural reader's last steps (./structure.ts): of its records, which are results. Cards of a
 * carousel or widget, lone cards and questions of another vertical are not; sitelinks and grouped
 * entries are part of their result (./parts.ts): their elements join its block, so that what is done
 * to the result (marked, hidden) is done to them.
 */

/** A record with its fields, before it is known to be a result. */
export interface Kept extends Entry {
  block: Element[];
  result: SerpResult;
  /** Sitelinks or grouped entries joined to it (./parts.ts). */
  parts?: number;
}

/** A widget's cards come a few together (at most this many in one block). */
const SMALL_GROUP = 6;

/**
 * Without the records of a small group that are cards: every record of the group lacks a snippet (a
 * carousel of videos, a widget of "interesting finds").
 */
export function withoutCards<T extends { root: Element; result: SerpResult }>(kept: readonly T[], share: Map<Element, number>): T[] {
  const groups = new Map<Element, T[]>();
  const groupOf = nearestUp((e) => (share.get(e) ?? 0) >= 2);
  for (const k of kept) {
    const p = groupOf(k.root.parentElement);
    if (p && (share.get(p) ?? 0) <= SMALL_GROUP) groups.set(p, [...(groups.get(p) ?? []), k]);
  }
  const drop = new Set<T>();
  for (const members of groups.values()) if (members.length >= 2 && members.every((m) => !m.result.snippet)) for (const m of members) drop.add(m);
  return kept.filter((k) => !drop.has(k));
}

/** Sitelinks and grouped entries joined to their result (./parts.ts): its block grows by theirs. */
export function withParts(kept: readonly Kept[]): Kept[] {
  const parent = partsOf(kept);
  if (parent.every((p, i) => p === i)) return [...kept];
  const out: Kept[] = [];
  kept.forEach((k, i) => {
    if (parent[i] === i) out.push({ ...k, block: [...k.block] });
    else {
      const head = out[out.length - 1];
      head.block.push(...k.block);
      head.parts = (head.parts ?? 0) + 1;
    }
  });
  return out;
}

/** A result's text at the least: shorter, with no address of its own, it is a section's header. */
export const CARD_TEXT = 20;

/**
 * Without lone cards and questions: a record showing neither its own address nor a text of its own (a
 * video card under a "Videos" header, a "people also ask" question) belongs to another vertical, on
 * a page whose results show one of them (a result without a snippet still shows its address). On a
 * page where most records show neither, that is how its results look: all are kept; so is a record
 * with sitelinks (its address and text may lie beside them, outside its own record).
 */
export function withoutLoneCards(kept: readonly Kept[]): Kept[] {
  const shows = (k: Kept) => k.ownDisplay || k.result.snippet.length >= CARD_TEXT || (k.parts ?? 0) > 0;
  const showing = kept.filter(shows);
  return showing.length * 2 > kept.length ? showing : [...kept];
}
