/**
 * The tab's own dead page, as issue #15's specs set it up: the offline demo's results page is read and
 * kept (page checking off: rank 5 is known in a group with its mirror, rank 9), rank 5's page sketch is
 * in the store (a past visit), and rank 5 now answers 404 when the user opens it in a tab. Every
 * search lost and found could make is routed and counted (none may be made).
 */
import { parseHTML } from 'linkedom';
import type { Page } from '@playwright/test';
import type { Browser } from 'wxt/browser';
import type { TabState } from '../../lib/tab/tab-state';
import { mainText } from '../../lib/page/main-text';
import type { ResembleFixtures } from './fixtures';
import type { HookScope } from './hook';
import { routeSearch, tabIdOf } from './lost-kit';
import { PageServer, applied } from './page-check-kit';
import { demo, demoSerp } from './page-demo-serp';
import type { Answer } from './route-table';

declare const chrome: typeof Browser;

export const DEAD = demo.results[4].url;
export const MIRROR = demo.results[8].url;
const page = (rank: number) => demo.results[rank - 1].html;

export interface DeadPageScene {
  server: PageServer;
  /** The tab that opened the dead page, and its id. */
  tab: Page;
  tabId: number;
  /** Searches asked of DuckDuckGo and Google (the results page itself aside). */
  ddg: string[];
  google: string[];
  /** The tab's dead page as its state records it. */
  deadPage: () => Promise<TabState['deadPage']>;
}

/** `mirror`: how rank 9, the mirror, answers (by default its page). */
export async function openDeadPage(
  { context, sw, serveHtml }: Pick<ResembleFixtures, 'context' | 'sw' | 'serveHtml'>,
  query: string,
  mirror: (n: number) => Answer = () => ({ contentType: 'text/html; charset=utf-8', body: page(9) }),
): Promise<DeadPageScene> {
  const serp = demoSerp(
    query,
    demo.results.map((r) => r.url),
  );
  const server = new PageServer();
  demo.results.forEach((r, i) =>
    i === 4
      ? server.on(r.url, { status: 404, contentType: 'text/html; charset=utf-8', body: '<h1>Not Found</h1>' })
      : i === 8
        ? undefined
        : server.html(r.url, page(i + 1)),
  );
  server.on(MIRROR, mirror);
  await server.install(context);
  const ddg = await routeSearch(context, () => []);
  const google = await routeSearch(context, () => [], 'google');
  const deadText = mainText(parseHTML(page(5)).document as unknown as Document, DEAD).text;
  await sw(async ([u, t, x]) => (globalThis as unknown as HookScope).__resemble!.remember(u, t, x, 'page'), [DEAD, serp.results[4].title, deadText] as const);
  await serveHtml(serp.url, serp.html);
  const results = await context.newPage();
  await results.goto(serp.url);
  await applied(results);

  const tab = await context.newPage();
  await tab.goto(DEAD).catch(() => undefined);
  const tabId = await tabIdOf(sw, DEAD);
  const deadPage = () => sw(async (id) => ((await chrome.storage.session.get(`tab:${id}`))[`tab:${id}`] as TabState | undefined)?.deadPage, tabId);
  return { server, tab, tabId, ddg, google, deadPage };
}
