import { browser } from 'wxt/browser';
import { dropMemoryStore } from '../worker/store-access';
import { forgetPrivateLost } from '../lost/lost-found';
import { evictClosedTabs } from '../session/session-space';
import { clearNotACopy } from '../choices/not-a-copy';
import { forgetPrivateCopies } from '../lost/page-copies';
import { forgetPrivateLooks } from '../lost/dead-looks';

/**
 * What private windows leave in memory goes when the last of them closes (issue #28; PRIVACY.md says
 * so): their pages' store (sketches, outcomes, remembered phrases), lost and found's and "find copies"'
 * private runs and reports, the "not a copy" pairs said in them, and the state of their tabs. Registered at the
 * service worker's start, so that a window closing wakes a stopped worker (a stopped worker has
 * already lost the store; storage.session still needs the clean-up).
 */
export function watchPrivateWindows(): void {
  // No windows API on Firefox for Android: no private windows to watch there.
  browser.windows?.onRemoved.addListener(() => void privateWindowClosed().catch(() => undefined));
}

let running: Promise<boolean> = Promise.resolve(false);
/** Closed windows looked at so far (tests wait for one before saying what stayed). */
let looked = 0;
export const closedWindowsSeen = (): number => looked;

/** After a window closed: when no private window is left, drops what they kept. Resolves to whether it did. */
export function privateWindowClosed(): Promise<boolean> {
  // One at a time: closing several windows at once sends one event each.
  running = running.then(forgetIfNoneLeft, forgetIfNoneLeft).finally(() => void looked++);
  return running;
}

async function forgetIfNoneLeft(): Promise<boolean> {
  // Private windows are listed only when the extension may run in them; if it may not, it holds nothing of them.
  const open = await browser.windows.getAll({ windowTypes: ['normal', 'popup', 'panel', 'app', 'devtools'] });
  if (open.some((w) => w.incognito)) return false;
  await dropMemoryStore();
  await Promise.all([
    forgetPrivateLost().catch(() => undefined),
    clearNotACopy(true).catch(() => undefined),
    forgetPrivateCopies().catch(() => undefined),
    forgetPrivateLooks().catch(() => undefined),
    // Each closed tab's state goes on its own tabs.onRemoved; this catches any whose event was missed.
    evictClosedTabs().catch(() => undefined),
  ]);
  return true;
}
