/**
 * The one offscreen document that hosts the sketch Worker (Chrome). Chrome allows one offscreen
 * document per extension: concurrent callers share one in-flight creation, and before creating, the
 * existing contexts are checked, since a restarted service worker has forgotten that it made one.
 * It closes when idle (issue #29, lib/worker/idle.ts): the period goes in its URL (`?idle=ms`).
 */
import { browser } from 'wxt/browser';
import { WORKER_IDLE_MS } from '../../../lib/worker/idle';

export const OFFSCREEN_PATH = '/offscreen.html';

let creating: Promise<void> | undefined;
let idleMs = WORKER_IDLE_MS;

/** The idle period of documents made from now on (the test hook shortens it). */
export function setOffscreenIdleMs(ms: number): void {
  idleMs = ms;
}

/** The document's address without its query (the idle period): the same document whatever its period. */
const isOurs = (url: string | undefined, base: string) => url?.split(/[?#]/)[0] === base;

/** Whether the offscreen document is open now (runtime.getContexts, Chrome 116; else the SW's clients). */
export async function hasOffscreenDocument(): Promise<boolean> {
  const url = browser.runtime.getURL(OFFSCREEN_PATH);
  if (typeof browser.runtime.getContexts === 'function') {
    const contexts = await browser.runtime.getContexts({ contextTypes: ['OFFSCREEN_DOCUMENT'] });
    return contexts.some((c) => isOurs(c.documentUrl, url));
  }
  const clients = (globalThis as { clients?: { matchAll(): Promise<readonly { url: string }[]> } }).clients;
  return clients ? (await clients.matchAll()).some((c) => isOurs(c.url, url)) : false;
}

/** Resolves once the offscreen document exists (created now or earlier); never makes a second one. */
export function ensureOffscreenDocument(): Promise<void> {
  creating ??= (async () => {
    if (await hasOffscreenDocument()) return;
    try {
      await browser.offscreen.createDocument({
        url: `${OFFSCREEN_PATH}?idle=${idleMs}`,
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

/** Closes the document if it is open (the background found it idle); resolves once it is gone. */
export async function closeOffscreenDocument(): Promise<void> {
  await creating?.catch(() => undefined);
  try {
    await browser.offscreen.closeDocument();
  } catch {
    // none open (closed by itself meanwhile)
  }
}
