/**
 * Remote changes the ledger has taken in but this machine has not yet applied (`pending`, issue #30).
 * They are saved with the entries in one write before any local write, and each leaves `pending` for
 * `seen` only once its local write has landed: a worker stopped in between applies them at its next
 * start, and never takes their absence for the user's removal. Pairs and verdicts are applied inside the
 * current `serial` step (their onChanged look is queued after it and finds them seen); subscriptions
 * (a first fetch each) in the slow queue, so local changes and writes do not wait for them.
 */
import { pendingEntries, settlePending, type Ledger } from '../../../lib/sync/ledger';
import type { Choice } from '../../../lib/sync/choices';
import { applyHere, applySub } from './apply-remote';
import { readLocalChoices } from './local-choices';
import { loadLedger, outside, saveLedger, serial } from './sync-store';

const isSub = (key: string) => key.startsWith('sub:');

/** Run inside a `serial` step, after `ledger` was saved: its pending pairs and verdicts applied and settled. */
export async function applyPendingHere(ledger: Ledger, here: readonly Choice[]): Promise<Ledger> {
  const apply = pendingEntries(ledger, (k) => !isSub(k));
  if (apply.length) {
    const failed = await applyHere(apply, here);
    ledger = settlePending(ledger, apply, failed);
    await saveLedger(ledger);
  }
  if (ledger.pending.some(isSub)) void applyPendingSubs().catch(() => undefined);
  return ledger;
}

/** The pending subscriptions applied one by one, outside `serial`; each settled in a short `serial` step. */
export const applyPendingSubs = (): Promise<void> =>
  outside(async () => {
    for (const key of (await loadLedger()).pending.filter(isSub)) {
      // Read again each time: a newer remote change may have replaced it meanwhile.
      const [e] = pendingEntries(await loadLedger(), (k) => k === key);
      if (!e) continue;
      const ok = await applySub(e, (await readLocalChoices(Date.now())).choices);
      await serial(async () => saveLedger(settlePending(await loadLedger(), [e], ok ? [] : [key])));
    }
  });

/** At the worker's start: what a stopped worker left pending is applied (whether sync is on or not: it was taken in while on). */
export const resumePending = (): Promise<void> =>
  serial(async () => {
    const ledger = await loadLedger();
    if (ledger.pending.length) await applyPendingHere(ledger, (await readLocalChoices(Date.now())).choices);
  });
