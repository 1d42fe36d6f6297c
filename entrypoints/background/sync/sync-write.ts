/**
 * Writing the choices to storage.sync, coalesced: Chrome allows 120 write operations a minute and
 * 1,800 an hour (MAX_WRITE_OPERATIONS_PER_MINUTE / _PER_HOUR). A write waits DEBOUNCE_MS after the
 * last change and at least GAP_MS after the one before, and is one `remove` (stale chunks) and one
 * `set` (changed chunks only): at most 24 operations a minute, 1,440 an hour. A failed write (quota,
 * rate) is recorded with why and when, and tried again RETRY_MS later, at the next change or the next
 * start of the background (the state says a write is owed); nothing local is touched by a failure.
 */
import { browser } from 'wxt/browser';
import { encode, staleKeys } from '../../../lib/sync/encode';
import { loadLedger, patchState, serial, syncIsOff, syncedChunks } from './sync-store';

const timing = { debounceMs: 2_000, gapMs: 5_000, retryMs: 60_000 };
/** Tests shorten the waits. */
export const setSyncTiming = (t: Partial<typeof timing>): void => void Object.assign(timing, t);

let timer: ReturnType<typeof setTimeout> | undefined;
let lastWrite = 0;

/** A write is owed: done once changes stop for a moment (and the rate allows). */
export function scheduleWrite(delay = timing.debounceMs): void {
  if (timer) clearTimeout(timer);
  const wait = Math.max(delay, lastWrite + timing.gapMs - Date.now());
  timer = setTimeout(() => {
    timer = undefined;
    void serial(flush).catch(() => undefined);
  }, wait);
}
export function cancelWrite(): void {
  if (timer) clearTimeout(timer);
  timer = undefined;
}
/** Whether a write waits (tests). */
export const writePending = (): boolean => timer !== undefined;

const same = (x: unknown, y: unknown) => JSON.stringify(x) === JSON.stringify(y);

/** Writes the ledger's entries to storage.sync now (run inside `serial`); false when it failed. */
export async function flush(): Promise<boolean> {
  if (await syncIsOff()) return true;
  const encoded = encode((await loadLedger()).entries);
  const current = await syncedChunks();
  const stale = staleKeys(Object.keys(current), encoded);
  const changed = Object.fromEntries(Object.entries(encoded.items).filter(([k, v]) => !same(current[k], v)));
  if (!stale.length && !Object.keys(changed).length) {
    await patchState({ dirty: undefined });
    return true;
  }
  await patchState({ dirty: true });
  try {
    lastWrite = Date.now();
    // Removed first: the new chunks then never share the quota with the old ones they replace.
    if (stale.length) await browser.storage.sync.remove(stale);
    if (Object.keys(changed).length) await browser.storage.sync.set(changed);
    await patchState({ dirty: undefined, failed: undefined, wrote: Date.now() });
    return true;
  } catch (e) {
    await patchState({ failed: { at: Date.now(), message: e instanceof Error ? e.message : String(e) } });
    scheduleWrite(timing.retryMs);
    return false;
  }
}
