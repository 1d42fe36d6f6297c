/**
 * This machine's book of the user's choices for sync (issue #30), pure: every choice known here or from
 * storage.sync at its latest change (removals as tombstones), and what the local stores held at the
 * last look (`seen`), so a change is dated when it is first seen and a removal becomes a tombstone. A
 * remote change is written into `seen` before it is applied: the local write it causes is then no
 * change, and never echoes back. A private window's verdict goes into `seen` only: never an entry.
 */
import { type Choice, type Entry, keyOf, later, removal } from './choices';

/** storage.local (never synced): the ledger, and the sync's own state (background/sync/sync-store.ts). */
export const LEDGER_KEY = 'sync:ledger';
export const SYNC_STATE_KEY = 'sync:state';

export interface Ledger {
  entries: Entry[];
  /** What the local stores held at the last look: key → what its value is (sigOf). */
  seen: Record<string, string>;
}
export const emptyLedger = (): Ledger => ({ entries: [], seen: {} });

/** A choice's value beside its identity: a pair is only itself, a verdict its word, a subscription its name. */
export const sigOf = (c: Choice): string => (c.kind === 'pair' ? '' : c.kind === 'verdict' ? c.verdict : c.name);

/** Tombstones are kept this long (a machine away longer may bring a removed choice back). */
export const TOMBSTONE_DAYS = 180;
const pruned = (entries: Iterable<Entry>, now: number) => [...entries].filter((e) => !('gone' in e) || now - e.at < TOMBSTONE_DAYS * 86_400_000);

export function readLedger(v: unknown): Ledger {
  const x = v as Partial<Ledger> | undefined;
  if (!x || !Array.isArray(x.entries) || typeof x.seen !== 'object' || x.seen === null) return emptyLedger();
  return { entries: x.entries, seen: { ...x.seen } };
}

/**
 * The ledger after a look at the local choices `now` (at time `at`): a new or changed choice is dated
 * (a pair or subscription by its own time, a verdict by `at`, never before the entry it replaces), a choice gone is a tombstone
 * unless `evicted` says it left for room (the pairs' cap), not by the user. `changed`: what was dated.
 */
export function diffLocal(ledger: Ledger, now: readonly Choice[], at: number, evicted: (key: string) => boolean = () => false) {
  const entries = new Map(ledger.entries.map((e) => [keyOf(e), e]));
  const seen = { ...ledger.seen };
  const changed: Entry[] = [];
  const cur = new Map(now.map((c) => [keyOf(c), c]));
  for (const [k, c] of cur) {
    if (seen[k] === sigOf(c)) continue;
    const prior = entries.get(k);
    let when = c.kind === 'verdict' ? at : Math.min(c.at, at);
    if (prior && prior.at >= when) when = Math.max(at, prior.at + 1);
    const e = { ...c, at: when };
    entries.set(k, e);
    seen[k] = sigOf(c);
    changed.push(e);
  }
  for (const k of Object.keys(seen)) {
    if (cur.has(k)) continue;
    delete seen[k];
    const prior = entries.get(k);
    if (evicted(k) || !prior || 'gone' in prior) continue;
    const e = removal(prior, Math.max(at, prior.at + 1));
    entries.set(k, e);
    changed.push(e);
  }
  return { ledger: { entries: pruned(entries.values(), at), seen }, changed };
}

/**
 * The ledger with the remote entries merged in (the latest change per choice), and what must change
 * locally to match: `apply`, each a choice to set or a tombstone whose choice to remove, already
 * written into `seen`. Remote entries that lose change nothing.
 */
export function mergeRemote(ledger: Ledger, remote: readonly Entry[], now: number) {
  const entries = new Map(ledger.entries.map((e) => [keyOf(e), e]));
  const seen = { ...ledger.seen };
  const apply: Entry[] = [];
  for (const r of remote) {
    const k = keyOf(r);
    const prior = entries.get(k);
    if (prior && later(prior, r) === prior) continue;
    entries.set(k, r);
    const want = 'gone' in r ? undefined : sigOf(r);
    if (seen[k] === want) continue;
    if (want === undefined) delete seen[k];
    else seen[k] = want;
    apply.push(r);
  }
  return { ledger: { entries: pruned(entries.values(), now), seen }, apply };
}

/**
 * A choice made where it must not sync (a private window's verdict): seen as this device now holds it
 * (`sig`, or undefined when undone), never dated, so it is no change to sync; what the ledger knew
 * from sync stays, and a later change from sync still wins.
 */
export function keepOnDevice(ledger: Ledger, key: string, sig: string | undefined): Ledger {
  const seen = { ...ledger.seen };
  if (sig === undefined) delete seen[key];
  else seen[key] = sig;
  return { entries: ledger.entries, seen };
}

/**
 * Whether this machine knows a change storage.sync lacks among what it would write (`mine`, as
 * encoded): only then is a write owed. Two machines that differ only in what the other would add never
 * write back and forth.
 */
export function knowsMore(mine: readonly Entry[], remote: readonly Entry[]): boolean {
  const there = new Map(remote.map((e) => [keyOf(e), e]));
  return mine.some((e) => {
    const r = there.get(keyOf(e));
    return !r || later(r, e) !== r;
  });
}
