import { browser } from 'wxt/browser';
import type { Payload, ResultItem, Replies, SenderContext } from '../../lib/messages';
import type { SketchService } from './sketch-service';
import { readSettings } from './settings-item';
import { storeFor } from './store-access';
import { doneState, groupTab, pageGroups, serpRecord } from './tab-groups';
import { setTabState } from './tab-state';

/** The results a tab's page has shown so far (in storage.session: survives a stopped service worker). */
export interface TabResults {
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

type ResultsReply = Replies['page/results'];

/**
 * Results read by a content script: recorded for the tab (its id from the sender), grouped with
 * everything the page showed so far, and answered as soon as the groups are known; then each result
 * not yet sketched is sketched in the Worker and kept in the store, and the page in the recent pages.
 */
export function pageResults(service: SketchService, p: Payload<'page/results'>, ctx: SenderContext): Promise<ResultsReply> {
  return new Promise<ResultsReply>((resolve, reject) => {
    inOrder(ctx.tabId!, () => readResults(service, p, ctx, resolve)).then(resolve, reject);
  });
}

async function readResults(service: SketchService, p: Payload<'page/results'>, ctx: SenderContext, answer: (r: ResultsReply) => void) {
  const tabId = ctx.tabId!;
  const base = { tabId, url: p.url, engine: p.engine, query: p.query };
  if (p.disabled) {
    await setTabState({ ...base, results: 0, status: 'disabled' });
    return { accepted: 0 };
  }
  const all = await accumulate(tabId, p);
  if (all.results.length === 0) {
    await setTabState({ ...base, results: 0, status: 'unreadable' });
    return { accepted: 0 };
  }
  await setTabState({ ...base, results: all.results.length, status: 'working', progress: { done: 0, total: all.results.length } });
  const settings = await readSettings();
  const store = await storeFor(ctx.incognito);
  const outcome = await groupTab(service, store, all, settings);
  const reply = { accepted: p.results.length, groups: pageGroups(outcome, settings) };
  answer(reply);
  await setTabState(doneState(base, all.results, outcome, settings));
  await keepSketches(service, store, p.results, settings);
  await store.putSerp(serpRecord(all, outcome)).catch(() => undefined);
  return reply;
}

/** Sketches results the store does not have yet (the cache is by URL) and keeps them. */
async function keepSketches(service: SketchService, store: Awaited<ReturnType<typeof storeFor>>, results: ResultItem[], settings: { snippetShingle: number; sketchSize: number }) {
  const known = await store.getMany(results.map((r) => r.url));
  const todo = results.filter((r) => !known.get(r.url)?.snippet);
  if (!todo.length) return;
  const sketched = await service.sketch(todo.map((r) => ({ text: snippetText(r), format: 'text' as const })), {
    shingle: settings.snippetShingle,
    size: settings.sketchSize,
  });
  const now = Date.now();
  for (const [i, r] of todo.entries()) {
    const res = sketched[i];
    if (res?.ok) await store.put({ url: r.url, title: r.title, snippet: res.bytes, firstSeen: now, lastSeen: now });
  }
}

/** The tab's groups again, under the current settings (they changed): from what the tab sent. */
export function regroupTab(service: SketchService, ctx: SenderContext): Promise<Replies['page/groups']> {
  const tabId = ctx.tabId!;
  return inOrder(tabId, async () => {
    const all = await tabResults(tabId);
    if (!all?.results.length) return null;
    const settings = await readSettings();
    const store = await storeFor(ctx.incognito);
    const outcome = await groupTab(service, store, all, settings);
    await setTabState(doneState({ tabId, url: all.url, engine: all.engine, query: all.query }, all.results, outcome, settings));
    return pageGroups(outcome, settings);
  });
}
