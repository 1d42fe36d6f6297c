/**
 * Issue #13: what one results tab costs in storage.session (10 MB for every tab, as Chrome counts it:
 * chrome.storage.session.getBytesInUse over the tab's keys), for pages of 100 to 1,000 results. The
 * saved Bing page is served at its URL and results are appended to it as infinite scroll does (at most
 * 200 at a time, each batch once the last is recorded); every 25th result copies the one 10 before it.
 * Run by bench/extension.bench.ts; only the Bing URL is served, nothing else leaves the machine.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Worker as PwWorker } from '@playwright/test';

const BING = 'https://www.bing.com/search?q=sourdough+starter&form=QBLH&sp=-1';
const SPEC = { list: 'ol#b_results', item: '#b_results > li.b_algo', link: 'h2 a', snippet: '.b_caption p' };
const WORDS = 'amber basin cedar delta ember fjord glade harbor inlet juniper kestrel lagoon meadow nectar orchard prairie quarry ridge summit thicket'.split(' ');

export interface TabBytes {
  results: number;
  /** getBytesInUse of the tab's keys (tab:, results:, groups:, check:); undefined when the tab never got there. */
  bytes?: number;
  /** What kept the tab from its results (a save error, or the time out). */
  failed?: string;
  groups?: number;
  /** The bytes by key: tab (the popup's state), results (what the page sent), groups (the grouping and its pairs). */
  byKey?: Record<string, number>;
}

function result(rank: number) {
  const copyOf = rank % 25 === 0 ? rank - 10 : undefined;
  const k = copyOf ?? rank;
  const snippet = Array.from({ length: 24 }, (_, w) => (w % 2 ? WORDS[(k * 7 + w) % WORDS.length] : `r${k}w${w}`)).join(' ');
  return { url: `https://site${rank}.example/story/${rank}`, title: `Story ${k} of the long page`, snippet: copyOf ? `${snippet} again` : snippet };
}

/** Runs in the page: clones of the last organic result, as infinite scroll appends them. */
function append(spec: typeof SPEC & { add: { url: string; title: string; snippet: string }[] }): void {
  const list = document.querySelector(spec.list)!;
  const items = document.querySelectorAll(spec.item);
  const template = items[items.length - 1];
  for (const r of spec.add) {
    const clone = template.cloneNode(true) as Element;
    for (const el of [clone, ...Array.from(clone.querySelectorAll('[id]'))]) el.removeAttribute('id');
    for (const a of Array.from(clone.querySelectorAll('a[href]'))) a.setAttribute('href', r.url);
    clone.querySelector(spec.link)!.textContent = r.title;
    clone.querySelector(spec.snippet)!.textContent = r.snippet;
    list.appendChild(clone);
  }
}

type Api = { chrome: { tabs: { query(q: object): Promise<{ id?: number }[]> }; storage: { session: { get(k: string): Promise<Record<string, unknown>>; getBytesInUse(k: string[]): Promise<number> } } } };
type TabState = { status: string; results: number; saveError?: string; groups?: unknown[] };

export async function sessionBytesPerTab(ctx: BrowserContext, worker: () => Promise<PwWorker>, repoRoot: string, sizes: readonly number[]): Promise<TabBytes[]> {
  await ctx.route(BING, (r) => r.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: fs.readFileSync(path.join(repoRoot, 'test/fixtures/serp/bing-web.html')) }));
  const ids = async () => (await worker()).evaluate(async () => (await (globalThis as unknown as Api).chrome.tabs.query({})).map((t) => t.id!));
  const stateOf = async (id: number) =>
    (await worker()).evaluate(async (k) => (await (globalThis as unknown as Api).chrome.storage.session.get(`tab:${k}`))[`tab:${k}`] as TabState | undefined, id);
  /** Polls until the tab has recorded `n` results (or says why it could not), for up to a minute. */
  const until = async (id: number, n: number): Promise<TabState | undefined> => {
    for (let t0 = Date.now(); Date.now() - t0 < 60_000; await new Promise((r) => setTimeout(r, 100))) {
      const s = await stateOf(id);
      if (s?.saveError || (s?.status === 'done' && s.results >= n)) return s;
    }
    return stateOf(id);
  };
  const out: TabBytes[] = [];
  for (const size of sizes) {
    const before = new Set(await ids());
    const page = await ctx.newPage();
    const tabId = (await ids()).find((id) => !before.has(id))!;
    await page.goto(BING);
    let s = await until(tabId, 1);
    const first = s?.results ?? 0;
    for (let from = first + 1; from <= size && s?.status === 'done' && !s.saveError; from += 200) {
      const add = Array.from({ length: Math.min(200, size + 1 - from) }, (_, i) => result(from + i));
      await page.evaluate(append, { ...SPEC, add });
      s = await until(tabId, from + add.length - 1);
    }
    const keys = ['tab', 'results', 'groups', 'check'].map((k) => `${k}:${tabId}`);
    const each = await (await worker()).evaluate((ks) => Promise.all(ks.map((k) => (globalThis as unknown as Api).chrome.storage.session.getBytesInUse([k]))), keys);
    const bytes = each.reduce((a, b) => a + b, 0);
    const byKey = Object.fromEntries(keys.map((k, i) => [k.split(':')[0], each[i]]));
    const ok = s?.status === 'done' && s.results === size && !s.saveError;
    out.push({ results: size, ...(ok ? { bytes, groups: s?.groups?.length ?? 0, byKey } : { failed: s?.saveError ?? `stopped at ${s?.results ?? 0} results (${s?.status ?? 'no state'})` }) });
    await page.close();
  }
  return out;
}
