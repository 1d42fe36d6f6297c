import type { NotACopy } from '../../../lib/group/not-a-copy';
import type { PairChoice } from '../../../lib/sync/choices';

/**
 * What another device's choices change here (apply-remote.ts): the "not a copy" list and the tabs
 * showing a pair, the copycat verdicts, the subscriptions. Given by the background's entry when sync
 * starts (`startChoiceSync`), so that sync imports nothing of the folders it writes to: their imports
 * would make sync's long chain of steps (switch → reconcile → pending → apply) longer still (issue #39).
 */
export interface SyncHere {
  applyPairs(set: readonly PairChoice[], remove: readonly PairChoice[]): Promise<unknown>;
  /** Regroups the tabs showing the pair (every tab with results without one). */
  regroup(pair: Pick<NotACopy, 'a' | 'b'> | undefined): Promise<unknown>;
  setVerdicts(words: readonly { site: string; verdict: 'not-copycat' | 'marked' | 'none' }[]): Promise<unknown>;
  addSub(p: { url: string; name?: string; synced: true }): Promise<object>;
  editSub(p: { url: string; name?: string }): Promise<unknown>;
  removeSub(url: string): Promise<unknown>;
}

let here: SyncHere | undefined;

export const syncHereWith = (h: SyncHere): void => void (here = h);

export function syncHere(): SyncHere {
  if (!here) throw new Error('the choices’ sync was not started (startChoiceSync)');
  return here;
}
