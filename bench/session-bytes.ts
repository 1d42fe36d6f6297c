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
import { BING_SPEC, appendResults, longResult } from './long-page';

const BING = 'https://www.bing.com/search?q=sourdough+starter&form=QBLH&sp=-1';

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

type Api = {
  chrome: {
    tabs: { query(q: object): Promise<{ id?: number }[]> };
    storage: { session: { get(k: string): Promise<Record<string, unknown>>; getBytesInUse(k: string[]): Promise<number> } };
  };
};
type TabState = { status: string; results: number; saveError?: string; groups?: unknown[] };

export async function sessionBytesPerTab(
  ctx: BrowserContext,
  worker: () => Promise<PwWorker>,
  repoRoot: string,
  sizes: readonly number[],
): Promise<TabBytes[]> {
  await ctx.route(BING, (r) =>
    r.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: fs.readFileSync(path.join(repoRoot, 'test/fixtures/serp/bing-web.html')) }),
  );
  const ids = async () => (await worker()).evaluate(async () => (await (globalThis as unknown as Api).chrome.tabs.query({})).map((t) => t.id!));
  const stateOf = async (id: number) =>
    (await worker()).evaluate(
      async (k) => (await (globalThis as unknown as Api).chrome.storage.session.get(`tab:${k}`))[`tab:${k}`] as TabState | undefined,
      id,
    );
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
      const add = Array.from({ length: Math.min(200, size + 1 - from) }, (_, i) => longResult(from + i));
      await page.evaluate(appendResults, { ...BING_SPEC, add });
      s = await until(tabId, from + add.length - 1);
    }
    const keys = ['tab', 'results', 'groups', 'check'].map((k) => `${k}:${tabId}`);
    const each = await (await worker()).evaluate(
      (ks) => Promise.all(ks.map((k) => (globalThis as unknown as Api).chrome.storage.session.getBytesInUse([k]))),
      keys,
    );
    const bytes = each.reduce((a, b) => a + b, 0);
    const byKey = Object.fromEntries(keys.map((k, i) => [k.split(':')[0], each[i]]));
    const ok = s?.status === 'done' && s.results === size && !s.saveError;
    out.push({
      results: size,
      ...(ok
        ? { bytes, groups: s?.groups?.length ?? 0, byKey }
        : { failed: s?.saveError ?? `stopped at ${s?.results ?? 0} results (${s?.status ?? 'no state'})` }),
    });
    await page.close();
  }
  return out;
}
