/**
 * Which records go first when the store must shrink: always the oldest by lastSeen (ties by URL,
 * which is IndexedDB's order for the `lastSeen` index), walked until a decision says stop. The
 * decisions are pure; each backend walks its records in this order and asks them.
 */
import type { ResolvedLimits } from './limits';
import { storedBytes } from './record';
import type { Usage } from './types';

export const DAY_MS = 86_400_000;

export interface EvictionCandidate {
  url: string;
  lastSeen: number;
  bytes: number;
}

/**
 * Called for each record, oldest first, with the usage before dropping it and how many were dropped
 * already: true drops it and goes on, false stops the walk.
 */
export type DropDecision = (rec: EvictionCandidate, usage: Usage, dropped: number) => boolean;

export function oldestFirst(a: EvictionCandidate, b: EvictionCandidate): number {
  return a.lastSeen - b.lastSeen || (a.url < b.url ? -1 : a.url > b.url ? 1 : 0);
}

/** Expired records (lastSeen before now − maxAgeDays), then the oldest while the total exceeds maxBytes. */
export function ageAndSize(limits: ResolvedLimits, now: number): DropDecision {
  const cutoff = now - limits.maxAgeDays * DAY_MS;
  return (rec, usage) => rec.lastSeen < cutoff || usage.bytes > limits.maxBytes;
}

/** The oldest `fraction` of the records (at least one when there are any): room after a quota error. */
export function oldestFraction(fraction: number): DropDecision {
  return (_rec, usage, dropped) => dropped < Math.ceil((usage.entries + dropped) * fraction);
}

/** A stored value as the eviction walk sees it (`lastSeen` comes from the index key). */
export function evictionCandidate(url: string, lastSeen: number, raw: unknown): EvictionCandidate {
  return { url, lastSeen, bytes: storedBytes(raw) };
}

/** The walk itself over records in memory: the URLs to drop, in order (used by the memory backend). */
export function planEviction(records: Iterable<EvictionCandidate>, usage: Usage, decide: DropDecision): string[] {
  const sorted = [...records].sort(oldestFirst);
  const out: string[] = [];
  let u = { ...usage };
  for (const r of sorted) {
    if (!decide(r, u, out.length)) break;
    out.push(r.url);
    u = { entries: u.entries - 1, bytes: u.bytes - r.bytes };
  }
  return out;
}
