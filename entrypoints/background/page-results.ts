import { browser } from 'wxt/browser';
import type { Payload, ResultItem, SenderContext } from '../../lib/messages';
import type { SketchService } from './sketch-service';
import { readSettings } from './settings-item';
import { storeFor } from './store-access';
import { setTabState } from './tab-state';

/** The results a tab's page has shown so far (in storage.session: survives a stopped service worker). */
interface TabResults {
  url: string;
  engine: string;
  query: string;
  results: ResultItem[];
}

const key = (tabId: number) => `results:${tabId}`;

async function accumulate(tabId: number, p: Payload<'page/results'>): Promise<TabResults> {
  const prev = ((await browser.storage.session.get(key(tabId)))[key(tabId)] as TabResults | undefined) ?? undefined;
  const sameView = prev && p.append && prev.url === p.url;
  const next: TabResults = { url: p.url, engine: p.engine, query: p.query, results: sameView ? [...prev.results, ...p.results] : p.results };
  await browser.storage.session.set({ [key(tabId)]: next });
  return next;
}

export async function tabResults(tabId: number): Promise<TabResults | undefined> {
  return (await browser.storage.session.get(key(tabId)))[key(tabId)] as TabResults | undefined;
}

/** A result's title and snippet: what its snippet-level sketch is made of. */
const snippetText = (r: ResultItem) => `${r.title}\n${r.snippet}`;

// One tab's messages are handled one after another: an appended batch must not finish before the batch
// it extends (the last state written would carry an old count). Lost with the service worker: harmless,
// since every step reads and writes session storage.
const queues = new Map<number, Promise<unknown>>();

function inOrder<T>(tabId: number, work: () => Promise<T>): Promise<T> {
  const run = (queues.get(tabId) ?? Promise.resolve()).then(work, work);
  const tail = run.catch(() => undefined);
  queues.set(tabId, tail);
  void tail.then(() => queues.get(tabId) === tail && queues.delete(tabId));
  return run;
}

/**
 * Results read by a content script: recorded for the tab (its id from the sender), and each result not
 * yet sketched is sketched in the Worker and kept in the store.
 */
export function pageResults(service: SketchService, p: Payload<'page/results'>, ctx: SenderContext) {
  return inOrder(ctx.tabId!, () => readResults(service, p, ctx));
}

async function readResults(service: SketchService, p: Payload<'page/results'>, ctx: SenderContext) {
  const tabId = ctx.tabId!;
  const base = { tabId, url: p.url, engine: p.engine, query: p.query };
  if (p.disabled) {
    await setTabState({ ...base, results: 0, status: 'disabled' });
    return { accepted: 0, sketched: 0 };
  }
  const all = await accumulate(tabId, p);
  if (all.results.length === 0) {
    await setTabState({ ...base, results: 0, status: 'unreadable' });
    return { accepted: 0, sketched: 0 };
  }
  await setTabState({ ...base, results: all.results.length, status: 'working' });
  const settings = await readSettings();
  const store = await storeFor(ctx.incognito);
  const known = await store.getMany(p.results.map((r) => r.url));
  const todo = p.results.filter((r) => !known.get(r.url)?.snippet);
  const sketched = todo.length
    ? await service.sketch(todo.map((r) => ({ text: snippetText(r), format: 'text' as const })), {
        shingle: settings.snippetShingle,
        size: settings.sketchSize,
      })
    : [];
  const now = Date.now();
  let stored = 0;
  for (const [i, r] of todo.entries()) {
    const res = sketched[i];
    if (!res?.ok) continue;
    await store.put({ url: r.url, title: r.title, snippet: res.bytes, firstSeen: now, lastSeen: now });
    stored++;
  }
  await setTabState({ ...base, results: all.results.length, status: 'done' });
  return { accepted: p.results.length, sketched: stored };
}
