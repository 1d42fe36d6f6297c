/**
 * Where the choices' sync keeps its own state, in storage.local (never synced): the ledger
 * (lib/sync/ledger.ts) and the last write's outcome. Every step of the sync runs through `serial`, so a
 * local change, a remote one and a write never interleave.
 */
import { browser } from 'wxt/browser';
import { oneAtATime } from '../../../lib/async/one-at-a-time';
import { LEDGER_KEY, type Ledger, SYNC_STATE_KEY, readLedger } from '../../../lib/sync/ledger';
import { CHUNK_PREFIX } from '../../../lib/sync/encode';
import { SYNC_OFF_KEY } from '../../../shared/settings';

export interface SyncState {
  /** A write is owed to storage.sync (set before it is tried, cleared when it landed): a stopped worker owes it still. */
  dirty?: boolean;
  /** The last write that failed, why and when (cleared by the next that lands). */
  failed?: { at: number; message: string };
  /** When the last write landed. */
  wrote?: number;
}

export const serial = oneAtATime();
/**
 * A second queue, for work too slow for `serial` (a subscription's first fetch, up to 30 s): one step
 * at a time among themselves, while local changes and writes go on. Such work enters `serial` only for
 * its short ledger steps.
 */
export const outside = oneAtATime();
/** Resolves once every step queued so far, in both queues, is done, and the steps they queued (tests). */
export async function settled(): Promise<void> {
  await serial(async () => undefined);
  await outside(async () => undefined);
  await serial(async () => undefined);
}

export const loadLedger = async (): Promise<Ledger> => readLedger((await browser.storage.local.get(LEDGER_KEY))[LEDGER_KEY]);
export const saveLedger = (l: Ledger): Promise<void> => browser.storage.local.set({ [LEDGER_KEY]: l });

export const loadState = async (): Promise<SyncState> => ((await browser.storage.local.get(SYNC_STATE_KEY))[SYNC_STATE_KEY] as SyncState | undefined) ?? {};
export async function patchState(patch: Partial<SyncState>): Promise<SyncState> {
  const next = { ...(await loadState()), ...patch };
  for (const k of Object.keys(patch) as (keyof SyncState)[]) if (patch[k] === undefined) delete next[k];
  await browser.storage.local.set({ [SYNC_STATE_KEY]: next });
  return next;
}

/** "Keep my choices on this device only": a flag of this device's, in storage.local. */
export const syncIsOff = async (): Promise<boolean> => (await browser.storage.local.get(SYNC_OFF_KEY))[SYNC_OFF_KEY] === true;

/** storage.sync's chunks of choices (the `c:` items; `settings` and others are not ours). */
export async function syncedChunks(): Promise<Record<string, unknown>> {
  const all = (await browser.storage.sync.get(null)) as Record<string, unknown>;
  return Object.fromEntries(Object.entries(all).filter(([k]) => k.startsWith(CHUNK_PREFIX)));
}
