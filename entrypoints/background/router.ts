import { browser } from 'wxt/browser';
import { type Handlers, route } from '../../lib/messages';

/**
 * Answers runtime messages through lib's router (sender, type and payload checked before any
 * handler runs). Messages addressed to the offscreen document are left to it.
 */
export function listen(handlers: Handlers): void {
  const ext = { id: browser.runtime.id, origin: new URL(browser.runtime.getURL('/')).origin };
  browser.runtime.onMessage.addListener((msg: unknown, sender, sendResponse: (r: unknown) => void) => {
    if (typeof msg === 'object' && msg !== null && (msg as { target?: unknown }).target === 'offscreen') return false;
    route(msg, sender, ext, handlers).then(sendResponse);
    return true; // the answer is sent asynchronously
  });
}
