/**
 * Another machine's choices made here (issue #30), without a restart: pairs into the "not a copy" list
 * (the tabs showing them regroup), verdicts through the copycat table's one writer, subscriptions
 * subscribed or dropped. The ledger holds them as pending until they landed (pending.ts), so these
 * writes are no local change.
 */
import type { Choice, Entry, PairChoice } from '../../../lib/sync/choices';
import { keyOf } from '../../../lib/sync/choices';
import { syncHere } from './sync-here';

/** Past this many pairs changed at once, every tab with results regroups once rather than once a pair. */
const REGROUP_EACH = 5;

const targetIn = (here: readonly Choice[]) => {
  const byKey = new Map(here.map((c) => [keyOf(c), c]));
  return (e: Entry): Choice | undefined => ('gone' in e ? byKey.get(keyOf(e)) : e);
};

/**
 * Applies the pairs and verdicts among `apply` (pending entries; subscriptions are `applySub`'s);
 * `here`: the local choices before, which tombstones name by key. Resolves to the keys that could not
 * be applied.
 */
export async function applyHere(apply: readonly Entry[], here: readonly Choice[]): Promise<string[]> {
  const target = targetIn(here);
  const { applyPairs, regroup, setVerdicts } = syncHere();
  const failed: string[] = [];
  const pairs = { set: [] as PairChoice[], remove: [] as PairChoice[], keys: [] as string[] };
  for (const e of apply) {
    const c = target(e);
    if (c?.kind !== 'pair') continue;
    ('gone' in e ? pairs.remove : pairs.set).push(c);
    pairs.keys.push(keyOf(e));
  }
  if (pairs.keys.length) {
    try {
      await applyPairs(pairs.set, pairs.remove);
      const changed = [...pairs.set, ...pairs.remove];
      if (changed.length > REGROUP_EACH) await regroup(undefined).catch(() => null);
      else for (const p of changed) await regroup(p).catch(() => null);
    } catch {
      failed.push(...pairs.keys);
    }
  }
  // Every verdict of one arrival in one write and one notice to the tabs (issue #38: 2,000 synced
  // verdicts were 2,000 writes, each announced to every open results page).
  const verdicts = apply.flatMap((e) => {
    const c = target(e);
    return c?.kind === 'verdict' ? [{ e, site: c.site, verdict: 'gone' in e ? ('none' as const) : c.verdict }] : [];
  });
  if (verdicts.length) await setVerdicts(verdicts).catch(() => failed.push(...verdicts.map((v) => keyOf(v.e))));
  return failed;
}

/**
 * One subscription's pending entry made here: dropped, renamed (the subscription here keeps its copy
 * and interval) or subscribed (a first fetch, up to 30 s: never inside the sync's queue). False when it
 * could not be (a bad address).
 */
export async function applySub(e: Entry, here: readonly Choice[]): Promise<boolean> {
  const c = targetIn(here)(e);
  if (c?.kind !== 'sub') return true; // a removal of what is not here: nothing to do
  const { addSub, editSub, removeSub } = syncHere();
  try {
    if ('gone' in e) await removeSub(c.url);
    else if (here.some((h) => keyOf(h) === keyOf(e))) await editSub({ url: c.url, name: c.name });
    else return !('code' in (await addSub({ url: c.url, name: c.name, synced: true })));
    return true;
  } catch {
    return false;
  }
}
