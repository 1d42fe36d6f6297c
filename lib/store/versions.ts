/**
 * A page's earlier versions (issue #40): which sketches a write keeps, and from when. Pure: the store
 * (./record.ts mergeRecord) asks it on every write, with the rule its limits give.
 */
import type { Sketch } from '../sketch/sketch';
import { PAGE_VERSIONS_MAX, type PageInput, type PageRecord, type PageVersion } from './types';

/** Two sketches an estimate may compare: the same shingle size, seed and sketch size. */
export function sameShape(a: Sketch, b: Sketch): boolean {
  return a.shingle === b.shingle && a.seed === b.seed && a.size === b.size;
}

export interface History {
  versions?: PageVersion[];
  changedAt?: number;
}

/** How many versions a store keeps (its `versions` limit) and the oldest date kept (now − the age limit). */
export interface VersionRule {
  keep: number;
  after: number;
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.byteLength !== b.byteLength) return false;
  for (let i = 0; i < a.byteLength; i++) if (a[i] !== b[i]) return false;
  return true;
}

/**
 * The history after a write, before the rule: a new page sketch whose bytes differ from the stored one
 * pushes the stored one in front, dated by the check that read it (its fetchedAt, else lastSeen), and
 * dates the change by this check. The same bytes, or no new sketch, keep the history as it was. A
 * sketch of another shape (the shingle or sketch size changed) cannot be compared with the old ones:
 * the history goes, and no change is claimed.
 */
export function nextVersions(prev: { rec: PageRecord; page?: Sketch } | undefined, next: { input: PageInput; page?: Sketch }): History {
  const p = prev?.rec;
  const kept: History = { versions: p?.versions, changedAt: p?.changedAt };
  if (!next.page || !next.input.page || !prev?.page || !p?.page) return kept;
  if (!sameShape(prev.page, next.page)) return {};
  if (sameBytes(p.page, next.input.page)) return kept;
  return { versions: [{ at: p.fetchedAt ?? p.lastSeen, page: p.page }, ...(p.versions ?? [])], changedAt: next.input.fetchedAt };
}

/** The history as written: versions from `after` on, at most `keep` (none: no change date either). */
export function keptVersions(h: History, rule: VersionRule = { keep: PAGE_VERSIONS_MAX, after: Number.NEGATIVE_INFINITY }): History {
  const versions = (h.versions ?? []).filter((v) => v.at >= rule.after).slice(0, Math.min(rule.keep, PAGE_VERSIONS_MAX));
  return versions.length ? { versions, changedAt: h.changedAt } : {};
}
