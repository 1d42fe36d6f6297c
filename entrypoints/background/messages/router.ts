import { browser } from 'wxt/browser';
import { type Handlers, route } from '../../../lib/messages';
import { tabFor } from '../tab/tabs';

/**
 * Answers runtime messages through lib's router (sender, type and payload checked before any
 * handler runs). Messages addressed to the offscreen document are left to it.
 */
export function listen(handlers: Handlers): void {
  const ext = { id: browser.runtime.id, origin: new URL(browser.runtime.getURL('/')).origin };
  browser.runtime.onMessage.addListener((msg: unknown, sender, sendResponse: (r: unknown) => void) => {
    if (typeof msg === 'object' && msg !== null && (msg as { target?: unknown }).target === 'offscreen') return false;
    void route(msg, sender, ext, handlers).then((reply) => {
      sendResponse(reply);
      // A batch of results refused by its shape: said in the popup, not only in the page's console.
      const type = (msg as { type?: unknown } | null)?.type;
      if (!reply.ok && reply.error.code === 'BAD_MESSAGE' && type === 'page/results' && sender.tab?.id !== undefined && sender.id === ext.id) {
        void tabFor(sender.tab.id).refused(reply.error.message);
      }
    });
    return true; // the answer is sent asynchronously
  });
}
