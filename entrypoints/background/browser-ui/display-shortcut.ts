import { browser } from 'wxt/browser';
import { TOGGLE_DISPLAY_COMMAND, toggledDisplayMode } from '../../../lib/first-run';
import type { DisplayMode } from '../../../lib/settings';
import { readSettings, writeSettings } from '../../../shared/settings';

// Two presses in quick succession must toggle twice, not read the same mode and write it twice.
let queue: Promise<unknown> = Promise.resolve();

/**
 * The keyboard shortcut: collapse ↔ flag. It changes the displayMode setting (global, as the options'
 * switch does), so every open results page regroups through the settings' storage change, and the
 * options show the new mode. Only on a results page Resemble is reading (the tab has reported
 * results): elsewhere a key pressed by chance changes nothing. Resolves to the new mode, or undefined.
 */
export function onDisplayCommand(
  command: string,
  tab: { id?: number } | undefined,
  /** Whether the tab shows a results page Resemble read (the tab owner knows). */
  isResultsTab: (tabId: number) => Promise<boolean>,
): Promise<DisplayMode | undefined> {
  if (command !== TOGGLE_DISPLAY_COMMAND) return Promise.resolve(undefined);
  const run = queue.then(async () => {
    // Chrome and Firefox pass the active tab; older versions do not.
    const tabId = tab?.id ?? (await browser.tabs.query({ active: true, lastFocusedWindow: true }))[0]?.id;
    if (tabId === undefined || !(await isResultsTab(tabId))) return undefined;
    const next = toggledDisplayMode((await readSettings()).displayMode);
    if (next) await writeSettings({ displayMode: next });
    return next;
  });
  queue = run.catch(() => undefined);
  return run;
}
