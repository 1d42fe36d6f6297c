/**
 * This machine's book of the user's choices for sync (issue #30), pure: every choice known here or from
 * storage.sync at its latest change (removals as tombstones), and what the local stores held at the
 * last look (`seen`), so a change is dated when it is first seen and a removal becomes a tombstone. A
 * remote change to apply here is `pending` (saved with the entries, in one write) until its local write
 * has landed, and only then `seen`: a look at the local stores passes over pending keys, so neither a
 * worker stopped between nor the local write itself is taken for a change of the user's (no tombstone,
 * no echo), and the pending keys are applied again at the next start. A private window's verdict goes
 * into `seen` only: never an entry.
 */
import { type Choice, type Entry, keyOf, later, removal } from './choices';

/** storage.local (never synced): the ledger, and the sync's own state (background/sync/sync-store.ts). */
export const LEDGER_KEY = 'sync:ledger';
export const SYNC_STATE_KEY = 'sync:state';

export interface Ledger {
  entries: Entry[];
  /** What the local stores held at the last look: key → what its value is (sigOf). */
  seen: Record<string, string>;
  /** Keys of remote changes not yet applied here (their entries are in `entries`). */
  pending: string[];
}
export const emptyLedger = (): Ledger => ({ entries: [], seen: {}, pending: [] });

/** A choice's value beside its identity: a pair is only itself, a verdict its word, a subscription its name. */
export const sigOf = (c: Choice): string => (c.kind === 'pair' ? '' : c.kind === 'verdict' ? c.verdict : c.name);

/** Tombstones are kept this long (a machine away longer may bring a removed choice back). */
export const TOMBSTONE_DAYS = 180;
/** Old tombstones dropped, but not one still to apply here (pending): it goes at the look after. */
const pruned = (entries: Iterable<Entry>, now: number, pending: ReadonlySet<string>) =>
  [...entries].filter((e) => !('gone' in e) || now - e.at < TOMBSTONE_DAYS * 86_400_000 || pending.has(keyOf(e)));
/** The same change of one choice (entries read back from storage are other objects). */
const same = (x: Entry | undefined, y: Entry) => !!x && x.at === y.at && 'gone' in x === 'gone' in y && ('gone' in x || 'gone' in y || sigOf(x) === sigOf(y));

export function readLedger(v: unknown): Ledger {
  const x = v as Partial<Ledger> | undefined;
  if (!x || !Array.isArray(x.entries) || typeof x.seen !== 'object' || x.seen === null) return emptyLedger();
  const keys = new Set(x.entries.map(keyOf));
  const pending = Array.isArray(x.pending) ? x.pending.filter((k): k is string => typeof k === 'string' && keys.has(k)) : [];
  return { entries: x.entries, seen: { ...x.seen }, pending };
}

/**
 * The ledger after a look at the local choices `now` (at time `at`): a new or changed choice is dated
 * (a pair or subscription by its own time, a verdict by `at`, never before the entry it replaces), a choice gone is a tombstone
 * unless `evicted` says it left for room (the pairs' cap), not by the user. Pending keys are passed over
 * (the local stores do not hold them yet, or hold them as the remote change left them). `changed`: what was dated.
 */
export function diffLocal(ledger: Ledger, now: readonly Choice[], at: number, evicted: (key: string) => boolean = () => false) {
  const entries = new Map(ledger.entries.map((e) => [keyOf(e), e]));
  const seen = { ...ledger.seen };
  const changed: Entry[] = [];
  const cur = new Map(now.map((c) => [keyOf(c), c]));
  const pending = new Set(ledger.pending);
  for (const [k, c] of cur) {
    if (seen[k] === sigOf(c) || pending.has(k)) continue;
    const prior = entries.get(k);
    let when = c.kind === 'verdict' ? at : Math.min(c.at, at);
    if (prior && prior.at >= when) when = Math.max(at, prior.at + 1);
    const e = { ...c, at: when };
    entries.set(k, e);
    seen[k] = sigOf(c);
    changed.push(e);
  }
  for (const k of Object.keys(seen)) {
    if (cur.has(k) || pending.has(k)) continue;
    delete seen[k];
    const prior = entries.get(k);
    if (evicted(k) || !prior || 'gone' in prior) continue;
    const e = removal(prior, Math.max(at, prior.at + 1));
    entries.set(k, e);
    changed.push(e);
  }
  return { ledger: { entries: pruned(entries.values(), at, pending), seen, pending: ledger.pending }, changed };
}

/**
 * The ledger with the remote entries merged in (the latest change per choice); what must change locally
 * to match is added to `pending` (a choice to set, or a tombstone whose choice to remove), `seen` is
 * left as the local stores still are. Remote entries that lose change nothing.
 */
export function mergeRemote(ledger: Ledger, remote: readonly Entry[], now: number): Ledger {
  const entries = new Map(ledger.entries.map((e) => [keyOf(e), e]));
  const pending = new Set(ledger.pending);
  for (const r of remote) {
    const k = keyOf(r);
    const prior = entries.get(k);
    if (prior && later(prior, r) === prior) continue;
    entries.set(k, r);
    if (ledger.seen[k] !== ('gone' in r ? undefined : sigOf(r))) pending.add(k);
  }
  return { entries: pruned(entries.values(), now, pending), seen: ledger.seen, pending: [...pending] };
}

/** The pending entries (those of `only`, when given), to apply here. */
export function pendingEntries(ledger: Ledger, only: (key: string) => boolean = () => true): Entry[] {
  const entries = new Map(ledger.entries.map((e) => [keyOf(e), e]));
  return ledger.pending.flatMap((k) => (only(k) && entries.has(k) ? [entries.get(k) as Entry] : []));
}

/**
 * The ledger once `applied` (pending entries) have landed here: seen as they now are, no longer pending.
 * `failed` ones only leave `pending` (what is here stays as seen: not applied, and no change either). A
 * key whose entry changed meanwhile (a newer remote change) stays pending.
 */
export function settlePending(ledger: Ledger, applied: readonly Entry[], failed: readonly string[] = []): Ledger {
  const now = new Map(ledger.entries.map((e) => [keyOf(e), e]));
  const seen = { ...ledger.seen };
  const done = new Set<string>();
  for (const e of applied) {
    const k = keyOf(e);
    if (!same(now.get(k), e)) continue;
    done.add(k);
    if (failed.includes(k)) continue;
    if ('gone' in e) delete seen[k];
    else seen[k] = sigOf(e);
  }
  return { entries: ledger.entries, seen, pending: ledger.pending.filter((k) => !done.has(k)) };
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
  // The word here is the latest: a remote change not yet applied no longer is to be.
  return { entries: ledger.entries, seen, pending: ledger.pending.filter((k) => k !== key) };
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
