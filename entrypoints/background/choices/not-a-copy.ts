/**
 * "Not a copy" (issue #20): the user's choices, kept in storage.local, where the content script reads
 * them with the settings (lib/tab/inputs.ts). A choice made in a private window is kept only in
 * storage.session for the browser's session (gone when it closes) and applies in the background's
 * grouping; nothing of a private window reaches storage.local.
 */
import { browser } from 'wxt/browser';
import { oneAtATime } from '../../../lib/async/one-at-a-time';
import {
  MAX_NOT_A_COPY,
  NOT_A_COPY_KEY,
  type NotACopy,
  capPairs,
  notACopy,
  pairKey,
  readNotACopy,
  withNotACopy,
  withoutNotACopy,
} from '../../../lib/group/not-a-copy';
import type { ResultItem } from '../../../lib/group/result-item';
import { PRIVATE_NOT_A_COPY_KEY, choicesIn } from '../../../lib/tab/inputs';

/** One writer at a time: two quick clicks must both be kept. */
const serial = oneAtATime();

/** The choices the options list (never a private window's). */
export async function listNotACopy(): Promise<NotACopy[]> {
  return choicesIn(await browser.storage.local.get(NOT_A_COPY_KEY), undefined, false);
}

/**
 * The results at `rank` and `of` on a tab's page, as the background has them (`all`: the tab's view, never
 * addresses a page names), are not copies: kept, and the choice returned. None when either rank is
 * unknown or both are one page.
 */
export function markNotACopy(all: readonly ResultItem[], rank: number, of: number, incognito: boolean): Promise<NotACopy | undefined> {
  return serial(async () => {
    const x = all.find((r) => r.rank === rank);
    const y = all.find((r) => r.rank === of);
    const choice = x && y ? notACopy(x, y, Date.now()) : undefined;
    if (!choice) return undefined;
    if (incognito) {
      const got = (await browser.storage.session.get(PRIVATE_NOT_A_COPY_KEY)) as Record<string, unknown>;
      await browser.storage.session.set({ [PRIVATE_NOT_A_COPY_KEY]: withNotACopy(readNotACopy({ [NOT_A_COPY_KEY]: got[PRIVATE_NOT_A_COPY_KEY] }), choice) });
    } else {
      await browser.storage.local.set({ [NOT_A_COPY_KEY]: withNotACopy(readNotACopy(await browser.storage.local.get(NOT_A_COPY_KEY)), choice) });
    }
    return choice;
  });
}

/** Undone in the options: the pair may group again. */
export function undoNotACopy(a: string, b: string): Promise<NotACopy[]> {
  return serial(async () => {
    const next = withoutNotACopy(readNotACopy(await browser.storage.local.get(NOT_A_COPY_KEY)), a, b);
    await browser.storage.local.set({ [NOT_A_COPY_KEY]: next });
    return next;
  });
}

/** Cleared with the cache. */
export function clearNotACopy(incognito: boolean): Promise<void> {
  return serial(() => (incognito ? browser.storage.session.remove(PRIVATE_NOT_A_COPY_KEY) : browser.storage.local.remove(NOT_A_COPY_KEY)));
}

/**
 * Choices from another machine (issue #30, background/sync): pairs set with their time (titles are
 * not synced: kept when known, else empty) and pairs removed; the list stays oldest first, capped.
 */
export function applySyncedPairs(set: readonly Pick<NotACopy, 'a' | 'b' | 'at'>[], remove: readonly Pick<NotACopy, 'a' | 'b'>[]): Promise<NotACopy[]> {
  return serial(async () => {
    const had = readNotACopy(await browser.storage.local.get(NOT_A_COPY_KEY));
    const byKey = new Map(had.map((r) => [pairKey(r.a, r.b), r]));
    for (const r of remove) byKey.delete(pairKey(r.a, r.b));
    for (const p of set) {
      const old = byKey.get(pairKey(p.a, p.b));
      // Marked as another device's unless this device already held it as its own.
      const synced = old ? old.synced === true : true;
      byKey.set(pairKey(p.a, p.b), { a: p.a, b: p.b, titleA: old?.titleA ?? '', titleB: old?.titleB ?? '', at: p.at, ...(synced && { synced }) });
    }
    // Past the cap, another device's go before this device's own (issue #38).
    const next = capPairs([...byKey.values()], MAX_NOT_A_COPY);
    await browser.storage.local.set({ [NOT_A_COPY_KEY]: next });
    return next;
  });
}
