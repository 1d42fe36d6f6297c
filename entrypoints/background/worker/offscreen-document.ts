/**
 * The one offscreen document that hosts the sketch Worker (Chrome). Chrome allows one offscreen
 * document per extension: concurrent callers share one in-flight creation, and before creating, the
 * existing contexts are checked, since a restarted service worker has forgotten that it made one.
 */
import { browser } from 'wxt/browser';

export const OFFSCREEN_PATH = '/offscreen.html';

let creating: Promise<void> | undefined;

/** Whether the offscreen document is open now (runtime.getContexts, Chrome 116; else the SW's clients). */
export async function hasOffscreenDocument(): Promise<boolean> {
  const url = browser.runtime.getURL(OFFSCREEN_PATH);
  if (typeof browser.runtime.getContexts === 'function') {
    const contexts = await browser.runtime.getContexts({ contextTypes: ['OFFSCREEN_DOCUMENT'], documentUrls: [url] });
    return contexts.length > 0;
  }
  const clients = (globalThis as { clients?: { matchAll(): Promise<readonly { url: string }[]> } }).clients;
  return clients ? (await clients.matchAll()).some((c) => c.url === url) : false;
}

/** Resolves once the offscreen document exists (created now or earlier); never makes a second one. */
export function ensureOffscreenDocument(): Promise<void> {
  creating ??= (async () => {
    if (await hasOffscreenDocument()) return;
    try {
      await browser.offscreen.createDocument({
        url: OFFSCREEN_PATH,
        reasons: ['WORKERS'],
        justification: 'Runs the sketch Worker that computes page and snippet sketches off the service worker.',
      });
    } catch (e) {
      // Lost a race with another creation (e.g. one started before this service worker was restarted):
      // fine if the document is there now.
      if (!(await hasOffscreenDocument())) throw e;
    }
  })().finally(() => {
    creating = undefined;
  });
  return creating;
}
