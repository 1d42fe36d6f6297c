/**
 * "Not a copy" (issue #20): the user's choices, kept in storage.local, where the content script reads
 * them with the settings (lib/group/not-a-copy.ts). A choice made in a private window is kept only in
 * storage.session for the browser's session (gone when it closes) and applies in the background's
 * grouping; nothing of a private window reaches storage.local.
 */
import { browser } from 'wxt/browser';
import { NOT_A_COPY_KEY, type NotACopy, apartAmong, notACopy, readNotACopy, withNotACopy, withoutNotACopy } from '../../../lib/group/not-a-copy';
import type { ResultItem } from '../../../lib/group/result-item';
import { tabResults } from './tab-session';

export const PRIVATE_KEY = 'notACopyPrivate';

/** One writer at a time: two quick clicks must both be kept. */
let queue: Promise<unknown> = Promise.resolve();
function serial<T>(work: () => Promise<T>): Promise<T> {
  const next = queue.then(work, work);
  queue = next.catch(() => undefined);
  return next;
}

/** The choices that apply in a window of this kind, from what storage.local and storage.session gave. */
export function choicesIn(local: Record<string, unknown>, session: Record<string, unknown>, incognito: boolean): NotACopy[] {
  const kept = readNotACopy(local);
  return incognito ? [...kept, ...readNotACopy({ [NOT_A_COPY_KEY]: session[PRIVATE_KEY] })] : kept;
}

async function list(incognito: boolean): Promise<NotACopy[]> {
  const [local, session] = await Promise.all([browser.storage.local.get(NOT_A_COPY_KEY), incognito ? browser.storage.session.get(PRIVATE_KEY) : {}]);
  return choicesIn(local, session, incognito);
}

/** The keys of the pairs among these results that must stay apart (a tab's grouping). */
export async function apartFor(results: readonly ResultItem[], incognito: boolean): Promise<string[]> {
  return apartAmong(
    await list(incognito).catch(() => []),
    results.map((r) => r.url),
  );
}

/** The choices the options list (never a private window's). */
export function listNotACopy(): Promise<NotACopy[]> {
  return list(false);
}

/**
 * The results at `rank` and `of` on the tab's page, as the background has them (never addresses a page
 * names), are not copies: kept. False when either rank is unknown or both are one page.
 */
export function markNotACopy(tabId: number, rank: number, of: number, incognito: boolean): Promise<boolean> {
  return serial(async () => {
    const all = (await tabResults(tabId))?.results ?? [];
    const x = all.find((r) => r.rank === rank);
    const y = all.find((r) => r.rank === of);
    const choice = x && y ? notACopy(x, y, Date.now()) : undefined;
    if (!choice) return false;
    if (incognito) {
      const got = (await browser.storage.session.get(PRIVATE_KEY)) as Record<string, unknown>;
      await browser.storage.session.set({ [PRIVATE_KEY]: withNotACopy(readNotACopy({ [NOT_A_COPY_KEY]: got[PRIVATE_KEY] }), choice) });
    } else {
      await browser.storage.local.set({ [NOT_A_COPY_KEY]: withNotACopy(readNotACopy(await browser.storage.local.get(NOT_A_COPY_KEY)), choice) });
    }
    return true;
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
  return serial(() => (incognito ? browser.storage.session.remove(PRIVATE_KEY) : browser.storage.local.remove(NOT_A_COPY_KEY)));
}
