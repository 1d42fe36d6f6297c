import { browser } from 'wxt/browser';
import { useEffect, useState } from 'preact/hooks';
import { errorText, send } from '../../page-support/messaging';
import type { TabState } from '../../lib/tab/tab-state';

/** What the popup knows about the active tab. */
export type PopupState =
  | { kind: 'loading' }
  /** The active tab could not be found (tabs.query failed or gave no tab with an id). */
  | { kind: 'no-tab'; message: string }
  /** tab/state failed: the background is not answering it (yet), or refused. */
  | { kind: 'error'; message: string }
  | { kind: 'state'; state: TabState };

const POLL_MS = 1000;
const TIMEOUT_MS = 5000;

async function activeTabId(): Promise<number> {
  const [tab] = await browser.tabs.query({ active: true, currentWindow: true });
  if (tab?.id === undefined || tab.id < 0) throw new Error('no active tab in this window');
  return tab.id;
}

/** The active tab's state from the background (tab/state), asked again every second while the popup is open. */
export function useTabState(): PopupState {
  const [state, setState] = useState<PopupState>({ kind: 'loading' });

  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;

    const ask = async (tabId: number) => {
      try {
        const s = await send('tab/state', { tabId }, { timeoutMs: TIMEOUT_MS });
        if (stopped) return;
        setState({ kind: 'state', state: s });
        // Asked again while the popup is open, not only while it is working or checking: page checking
        // starts a moment after the groups are done, and a popup opened in between would never see it.
        timer = setTimeout(() => void ask(tabId), POLL_MS);
      } catch (e) {
        if (!stopped) setState({ kind: 'error', message: errorText(e) });
      }
    };

    activeTabId().then(
      (tabId) => void ask(tabId),
      (e: unknown) => !stopped && setState({ kind: 'no-tab', message: errorText(e) }),
    );
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, []);

  return state;
}
