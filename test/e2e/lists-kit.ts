/**
 * Copycat lists as the end-to-end tests serve and see them (subscriptions.spec.ts, sync-proposals.spec.ts):
 * a list host the test answers, the options' permission requests answered yes (added-engine.spec.ts too), and a results page with
 * one result from each of some sites.
 */
import type { Page, Request } from '@playwright/test';
import type { Browser } from 'wxt/browser';
import type { ResembleFixtures } from './fixtures';
import { applied } from './page-check-kit';
import { demo } from './page-demo-serp';
import { buildSerp } from './serp-builder';
import { proseText } from '../unit/helpers/prose';

declare const chrome: typeof Browser;

export const LIST_URL = 'https://lists.example/copycats.txt';
export const NAME = 'Test clones';

/** The list's host: what it serves now, and the requests it saw. */
export class ListHost {
  body = '';
  etag = '';
  fail = false;
  seen: Record<string, string>[] = [];
  answered: number[] = [];
  serve(version: string, sites: string[]): void {
    this.etag = `"${version}"`;
    this.body = `! Title: ${version}\n${sites.map((s) => `||${s}^`).join('\n')}\n`;
    this.fail = false;
  }
  async install(context: ResembleFixtures['context'], url = LIST_URL): Promise<void> {
    await context.route(url, async (route) => {
      const h = await (route.request() as Request).allHeaders();
      this.seen.push(h);
      const status = this.fail ? 500 : h['if-none-match'] === this.etag ? 304 : 200;
      this.answered.push(status);
      if (status === 200) await route.fulfill({ status, contentType: 'text/plain; charset=utf-8', headers: { etag: this.etag }, body: this.body });
      else await route.fulfill({ status, body: status === 500 ? 'down' : '' });
    });
  }
}

/** Records the options page's permission requests and answers them yes (the prompt cannot be clicked). */
export async function grantRequests(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { __requested: string[][] };
    w.__requested = [];
    chrome.permissions.request = ((p: { origins?: string[] }) => (
      w.__requested.push(p.origins ?? []), Promise.resolve(true)
    )) as typeof chrome.permissions.request;
  });
}
export const requested = (page: Page) => page.evaluate(() => (window as unknown as { __requested: string[][] }).__requested);

export const result = (url: string, title: string, seed: number) => ({ url, title, snippet: proseText(seed + 500, 20), body: proseText(seed, 300) });

/** A results page with one result from each of these sites (and fillers), once applied. */
export async function openSerp(fx: Pick<ResembleFixtures, 'context' | 'serveHtml'>, q: string, sites: string[]): Promise<Page> {
  const url = `https://www.google.com/search?q=${q}`;
  const results = [result('https://filler1.example/page', 'Filler', 1), ...sites.map((s, i) => result(`https://www.${s}/page`, `Page on ${s}`, 10 + i))];
  await fx.serveHtml(url, buildSerp(demo.resultsHtml, url, results).html);
  const tab = await fx.context.newPage();
  await tab.goto(url);
  await applied(tab);
  return tab;
}
export const labelled = (tab: Page) =>
  tab.locator('[data-resemble-copycat]').evaluateAll((els) => els.map((e) => e.getAttribute('data-resemble-copycat')).sort());
