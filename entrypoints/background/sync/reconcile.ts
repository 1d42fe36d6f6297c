/**
 * The two ways a choice travels (issue #30): a change here is dated in the ledger (and a write to
 * storage.sync owed), and storage.sync's entries are merged in by the latest change per choice and
 * applied here. Both run through `serial`, one step at a time.
 */
import { keyOf } from '../../../lib/sync/choices';
import { decode, encode } from '../../../lib/sync/encode';
import { type Ledger, diffLocal, knowsMore, mergeRemote } from '../../../lib/sync/ledger';
import { readLocalChoices } from './local-choices';
import { applyPendingHere } from './pending';
import { loadLedger, loadState, saveLedger, serial, syncIsOff, syncedChunks } from './sync-store';
import { scheduleWrite } from './sync-write';

/** A look at the local choices: new, changed and removed ones dated; a write owed when any. */
export const noteLocalChange = (): Promise<void> =>
  serial(async () => {
    const now = Date.now();
    const here = await readLocalChoices(now);
    const { ledger, changed } = diffLocal(await loadLedger(), here.choices, now, here.evicted);
    await saveLedger(ledger);
    // Dated even while sync is off: turned on, those changes carry their own times.
    if (changed.length && !(await syncIsOff())) scheduleWrite();
  });

/**
 * Local and remote brought together: local changes dated, storage.sync's entries merged in and applied
 * here (pending.ts: subscriptions outside this queue), and a write owed when this machine knows a change
 * the sync lacks. `retry`: subscriptions that could not be applied before are tried again (at start-up
 * only: each is a fetch).
 */
export const reconcile = (retry = false): Promise<void> =>
  serial(async () => {
    if (await syncIsOff()) return;
    const now = Date.now();
    const here = await readLocalChoices(now);
    const local = diffLocal(await loadLedger(), here.choices, now, here.evicted);
    const remote = decode(await syncedChunks());
    let ledger = mergeRemote(local.ledger, remote, now);
    if (retry) {
      const owed = ledger.entries.filter((e) => e.kind === 'sub' && !('gone' in e) && !(keyOf(e) in ledger.seen)).map(keyOf);
      ledger = { ...ledger, pending: [...new Set([...ledger.pending, ...owed])] };
    }
    // The ledger with its pending keys first, in one write: the local writes below are then no change of
    // the user's, and a worker stopped before they land applies them at its next start.
    await saveLedger(ledger);
    ledger = await applyPendingHere(ledger, here.choices);
    if (owesWrite(ledger, remote) || (await loadState()).dirty) scheduleWrite();
  });

function owesWrite(ledger: Ledger, remote: ReturnType<typeof decode>): boolean {
  const encoded = encode(ledger.entries);
  const left = new Set(encoded.left.map(keyOf));
  return knowsMore(
    ledger.entries.filter((e) => !left.has(keyOf(e))),
    remote,
  );
}
