import { browser } from 'wxt/browser';
import { readCompactSketch } from '../../lib/store/compact';
import { PAGE_OPTIONS, SNIPPET_OPTIONS } from '../../lib/sketch/options';
import type { SketchService } from './worker/sketch-service';
import { openLostAndFound } from './browser-ui/link-menu';
import { memoryStore, storeFor } from './worker/store-access';
import { closedWindowsSeen } from './private/private-windows';
import { startPageCopies } from './lost/page-copies';
import { welcomeOnInstall } from './browser-ui/welcome';
import { onDisplayCommand } from './browser-ui/display-shortcut';
import { isResultsTab } from './tab/tabs';
import { traceOn, traceTake } from './debug/trace';
import { closeOffscreenDocument, setOffscreenIdleMs } from './worker/offscreen-document';
import { settled as syncSettled } from './sync/sync-store';

/**
 * Entry points for end-to-end tests and the `npm start` demo, on the service worker's global: only
 * extension code can reach it (pages and content scripts cannot), and it exercises the same paths the
 * messages use — Worker through the offscreen document, and the IndexedDB store.
 */
export function installTestHook(service: SketchService): void {
  const options = (kind: 'snippet' | 'page') => {
    const o = kind === 'snippet' ? SNIPPET_OPTIONS : PAGE_OPTIONS;
    return { shingle: o.shingle, size: o.size };
  };
  Object.assign(globalThis, {
    __resemble: {
      sketch: (items: { text: string; format?: 'auto' | 'text' | 'html' }[], kind: 'snippet' | 'page', opts?: { timeoutMs?: number }) =>
        service.sketch(items, options(kind), opts),
      diagnose: (op: 'crash' | 'hang', ms?: number, opts?: { timeoutMs?: number }) => service.diagnose(op, ms, opts),
      ping: () => service.ping(),
      /** What the "Find similar copy" link menu does on a click (a native context menu cannot be clicked in tests), in tab `tabId` if given. */
      async openLostAndFound(url: string, tabId?: number) {
        const tab = tabId === undefined ? undefined : await browser.tabs.get(tabId);
        return openLostAndFound(url, { incognito: tab?.incognito === true, ...(tab && { windowId: tab.windowId }) });
      },
      /** The private windows' memory store's size, or undefined when there is none (issue #28: dropped with the last private window). */
      privateUsage: async () => memoryStore()?.usage(),
      /** How many closed windows the background has looked at for private ones left (private-windows.ts). */
      closedWindowsSeen: () => closedWindowsSeen(),
      /** What the "Find copies of this page" menu does on a click in tab `tabId`. */
      findPageCopies: (tabId: number) => startPageCopies(service, tabId),
      /** What runtime.onInstalled does for the first run, for any reason ('install', 'update', …): an update cannot be staged in a test. */
      installed: (reason: string) => welcomeOnInstall(reason),
      /** What a keyboard command does (Playwright cannot press an extension's shortcut), in the tab the browser would pass. */
      command: (name: string, tabId?: number) => onDisplayCommand(name, tabId === undefined ? undefined : { id: tabId }, isResultsTab),
      /** A fetched page's main text found and sketched in the Worker, as page checking does. */
      page: (html: string, url: string) => service.page(html, url, options('page')),
      async remember(url: string, title: string, text: string, kind: 'snippet' | 'page', incognito = false) {
        const [res] = await service.sketch([{ text }], options(kind));
        if (!res.ok) throw new Error(`${res.error.code}: ${res.error.message}`);
        const now = Date.now();
        const store = await storeFor(incognito);
        await store.put({ url, title, [kind]: res.bytes, firstSeen: now, lastSeen: now });
        return { url, bytes: res.bytes.byteLength };
      },
      async recall(url: string) {
        const rec = await (await storeFor(false)).get(url);
        if (!rec) return undefined;
        const sk = rec.page ?? rec.snippet;
        return {
          url: rec.url,
          title: rec.title,
          hasSnippet: !!rec.snippet,
          hasPage: !!rec.page,
          tokens: sk ? readCompactSketch(sk).tokens : undefined,
          seed: sk ? readCompactSketch(sk).seed : undefined,
          status: rec.status,
          fetchedAt: rec.fetchedAt,
          canonical: rec.canonical,
          alternates: rec.alternates?.map((a) => a.url),
          bytes: rec.bytes,
        };
      },
      /** Page checking's spans (./trace.ts), for the bench: on() starts recording, take() returns them and stops. */
      trace: { on: traceOn, take: traceTake },
      usage: async () => (await storeFor(false)).usage(),
      async offscreenCount() {
        const rt = browser.runtime as unknown as { getContexts?: (f: object) => Promise<unknown[]> };
        return rt.getContexts ? (await rt.getContexts({ contextTypes: ['OFFSCREEN_DOCUMENT'] })).length : 0;
      },
      /** Resolves once the choices' sync has done every step queued so far (sync/sync-store.ts). */
      syncSettled: () => syncSettled(),
      /** The offscreen document's idle period from now on (issue #29); one open now is closed, so the next is made with it. */
      async offscreenIdle(ms: number) {
        setOffscreenIdleMs(ms);
        await closeOffscreenDocument();
      },
    },
  });
}
