import { browser } from 'wxt/browser';
import type { TabMessageType, TabPayload } from '../../../lib/messages';

/**
 * Tells a tab's content script something (lib/messages' TAB_MESSAGES; it checks what it gets). The
 * page may have gone or never had the script: nothing to do then.
 */
export async function tellTab<T extends TabMessageType>(tabId: number, type: T, payload: TabPayload<T>): Promise<void> {
  await browser.tabs.sendMessage(tabId, { type, payload }).catch(() => undefined);
}
