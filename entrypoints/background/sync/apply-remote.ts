/**
 * Another machine's choices made here (issue #30), without a restart: pairs into the "not a copy" list
 * (the tabs showing them regroup), verdicts through the copycat table's one writer, subscriptions
 * subscribed or dropped. The ledger already holds them as seen, so these writes are no local change.
 */
import type { Choice, Entry, PairChoice } from '../../../lib/sync/choices';
import { keyOf } from '../../../lib/sync/choices';
import { setVerdict } from '../copycat/copycat-evidence';
import { addSub, editSub, removeSub } from '../copycat/subscriptions';
import { regroupForChoice } from '../tab/choice-regroup';
import { applySyncedPairs } from '../tab/not-a-copy';

/** Past this many pairs changed at once, every tab with results regroups once rather than once a pair. */
const REGROUP_EACH = 5;

/**
 * Applies `apply` (from mergeRemote); `here`: the local choices before, which tombstones name by key.
 * Resolves to the keys that could not be applied (a subscription whose list could not be fetched):
 * the caller takes them out of `seen`.
 */
export async function applyRemote(apply: readonly Entry[], here: readonly Choice[]): Promise<string[]> {
  const byKey = new Map(here.map((c) => [keyOf(c), c]));
  const target = (e: Entry): Choice | undefined => ('gone' in e ? byKey.get(keyOf(e)) : e);
  const failed: string[] = [];
  const pairs = { set: [] as PairChoice[], remove: [] as PairChoice[] };
  for (const e of apply) {
    const c = target(e);
    if (c?.kind !== 'pair') continue;
    ('gone' in e ? pairs.remove : pairs.set).push(c);
  }
  if (pairs.set.length || pairs.remove.length) {
    await applySyncedPairs(pairs.set, pairs.remove);
    const changed = [...pairs.set, ...pairs.remove];
    if (changed.length > REGROUP_EACH) await regroupForChoice(undefined, { privateOnly: false }).catch(() => null);
    else for (const p of changed) await regroupForChoice(p, { privateOnly: false }).catch(() => null);
  }
  for (const e of apply) {
    const c = target(e);
    try {
      if (c?.kind === 'verdict') await setVerdict(c.site, 'gone' in e ? 'none' : c.verdict);
      if (c?.kind === 'sub' && 'gone' in e) await removeSub(c.url);
      // Renamed elsewhere: the subscription here keeps its copy and interval.
      if (c?.kind === 'sub' && !('gone' in e) && byKey.has(keyOf(e))) await editSub({ url: c.url, name: c.name });
      else if (c?.kind === 'sub' && !('gone' in e)) {
        const reply = await addSub({ url: c.url, name: c.name, synced: true });
        if ('code' in reply) failed.push(keyOf(e));
      }
    } catch {
      if (c?.kind === 'sub' && !('gone' in e)) failed.push(keyOf(e));
    }
  }
  return failed;
}
