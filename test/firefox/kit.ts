/**
 * Helpers of the Firefox end-to-end tests over ./fixtures.ts: the offline demo served by the local
 * servers, the extension's settings and tab state read and written from an extension page, and the
 * results page's marks. What is expected comes from the Chromium suite's kits (../e2e/*-kit.ts,
 * ../e2e/page-demo-serp.ts), imported, not copied.
 */
import type { Browser as Ext } from 'wxt/browser';
import type { TabState } from '../../lib/tab/tab-state';
import { type Mark, demo, readMarks } from '../e2e/groups-kit';
import { type InExtension, type Page, type SiteServer, expect, until } from './fixtures';

/** The extension API, in functions evaluated in extension pages. */
declare const browser: typeof Ext;

/** Serves the demo's results page at its Google address and, unless `pages` is false, each result's page at its URL. */
export function serveDemo(server: SiteServer, { pages = true } = {}): typeof demo {
  server.html(demo.searchUrl, demo.resultsHtml);
  if (pages) for (const r of demo.results) server.html(r.url, r.html);
  return demo;
}

/** Waits for the groups to be applied once (the content script stamps <html data-resemble-applied>). */
export async function applied(page: Page): Promise<void> {
  await until(`Resemble to apply its groups on ${page.url()}`, 15_000, async () =>
    /^\d/.test((await page.evaluate(() => document.documentElement.getAttribute('data-resemble-applied'))) ?? '') ? true : undefined,
  );
}

/** Every result root the content script marked (../e2e/groups-kit's readMarks, evaluated in the page). */
export const marks = (page: Page): Promise<Mark[]> => page.evaluate(readMarks);

/** Every result root marked dead: rank and kind. */
export const deadMarks = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('[data-resemble-dead]')].map((el) => ({
      rank: Number(el.getAttribute('data-resemble-rank')),
      kind: el.getAttribute('data-resemble-dead'),
    })),
  );

/** Changes settings as the options page does (settings/set from an extension page); checks the reply. */
export async function setSettings(ext: InExtension, patch: Record<string, unknown>): Promise<void> {
  const reply = await ext((p) => browser.runtime.sendMessage({ type: 'settings/set', payload: p }), patch);
  expect(reply, `settings/set ${JSON.stringify(patch)}`).toMatchObject({ ok: true, value: patch });
}

/** The background's state of the tab showing `serpUrl` (storage.session `tab:<id>`), if any. */
export async function tabStateOf(ext: InExtension, serpUrl: string): Promise<TabState | undefined> {
  const all = await ext(() => browser.storage.session.get(null));
  return Object.entries(all)
    .filter(([k]) => k.startsWith('tab:'))
    .map(([, v]) => v as TabState)
    .find((s) => s.url === serpUrl);
}

/** Waits until the tab's state says its page checking is done (done == total == n); resolves to that state. */
export async function checkingDone(ext: InExtension, serpUrl: string, n: number, timeout = 20_000): Promise<TabState> {
  await expect.poll(async () => (await tabStateOf(ext, serpUrl))?.checking, { timeout, message: 'the tab’s checking progress' }).toEqual({ done: n, total: n });
  return (await tabStateOf(ext, serpUrl))!;
}

/** The text of the first element matching `selector` in `page` (an extension page), or undefined. */
export const textOf = (page: Page, selector: string) => page.evaluate((s) => document.querySelector(s)?.textContent ?? undefined, selector);

/** The texts of every element matching `selector` in `page`. */
export const textsOf = (page: Page, selector: string) => page.evaluate((s) => [...document.querySelectorAll(s)].map((e) => e.textContent ?? ''), selector);
