/**
 * Lost and found on the results page (issue #7), end to end: a results page in Google's markup (the
 * offline demo's, rebuilt by serp-builder with other result URLs) is page-checked by the background
 * (host access granted, page checking on); the results whose check finds them dead are marked on the
 * page (`data-resemble-dead="<kind>"`) with a "dead link" label and a "find a copy" button in the
 * extension's shadow-root UI, listed by the popup, and "find a copy" opens lost.html for that result.
 *
 * 1. A result answering 404 is dead ('gone'); its "find a copy" opens lost and found for its URL.
 * 2. A soft 404: a result answering 200 with a tiny "Page not found" page, while the site answers the
 *    same page for any other address (the probe), is dead ('soft404'); a tiny page that reads like an
 *    error but whose site answers its probe with a different page is not.
 *
 * No ../shared needed (the demo's markup and pages are the project's own).
 */
import type { Browser } from 'wxt/browser';
import { GRANTED_EXTENSION_DIR, expect, test } from './fixtures';
import { deadLabel, deadMarks, findCopyButton, lostPageUrl, nextPage, notFoundPage, routeHost } from './lost-kit';
import { PageServer, allChecked, applied, checkingDone, enablePageChecking, openPopup, tabStateOf } from './page-check-kit';
import { demo, demoSerp } from './page-demo-serp';

/** The extension API, in functions evaluated in extension pages. */
declare const chrome: typeof Browser;

test.use({ extensionDir: GRANTED_EXTENSION_DIR });

const page = (rank: number) => demo.results[rank - 1].html;

test('a result answering 404 is marked dead with a "find a copy" control; clicking it opens lost and found for that URL', async ({
  context,
  sw,
  serveHtml,
  openExtensionPage,
  extensionOrigin,
  takeScreenshot,
  evalInContentScript,
}) => {
  // Ten results on the demo's sites; rank 2 (an unrelated result, in no group) now answers 404.
  const GONE = 'https://bookwiki.example/wiki/Walden_(deleted)';
  const urls = demo.results.map((r, i) => (i === 1 ? GONE : r.url));
  const server = new PageServer();
  urls.forEach((u, i) =>
    i === 1 ? server.on(u, { status: 404, contentType: 'text/html; charset=utf-8', body: '<h1>Not Found</h1>' }) : server.html(u, page(i + 1)),
  );
  await server.install(context);
  await enablePageChecking(openExtensionPage);
  const serp = demoSerp('thoreau walden dead result', urls);
  await serveHtml(serp.url, serp.html);

  const tab = await context.newPage();
  await tab.goto(serp.url);
  await applied(tab);
  const recs = await allChecked(sw, urls);
  expect(
    recs.map((r) => r?.status),
    'what each result’s check recorded',
  ).toEqual(urls.map((_, i) => (i === 1 ? 'gone' : 'ok')));
  const state = await checkingDone(sw, serp.url, urls.length);
  expect(state.dead, 'the tab’s dead results').toEqual([{ rank: 2, kind: 'gone' }]);

  // On the page: exactly that result is marked, with the label and the button in the extension's UI.
  await expect(tab.locator('[data-resemble-dead="gone"]')).toHaveCount(1);
  await expect.poll(() => deadMarks(tab)).toEqual([{ rank: 2, kind: 'gone' }]);
  await expect.poll(() => deadLabel(tab, evalInContentScript, 2).text()).toBe('dead link');
  const button = findCopyButton(tab, evalInContentScript, 2);
  expect(await button.text()).toBe('find a copy');
  expect(await button.attr('aria-label')).toBe('Find a copy of result #2');
  // Polled: the page's UI is mounted and remounted as updates arrive (a loaded machine once read a count mid-update).
  for (const rank of [1, 3, 10])
    await expect.poll(() => findCopyButton(tab, evalInContentScript, rank).count(), { message: `no "find a copy" on live result #${rank}` }).toBe(0);
  await button.box(); // scrolled into view
  await takeScreenshot(tab, 'results-page-with-a-dead-result');

  // The popup lists it too.
  const popup = await openPopup(context, extensionOrigin, tab);
  await expect(popup.getByTestId('dead-results')).toContainText('1 result on this page seems dead');
  await expect(popup.locator('[data-testid="dead-results"] li[data-rank="2"]')).toContainText('find a copy');
  await popup.close();

  // "find a copy": the background opens lost and found for the URL the page listed at that rank.
  await tab.bringToFront();
  const lost = await nextPage(context, `${extensionOrigin}lost.html`, () => button.click());
  expect(lost.url(), 'the lost-and-found page, for the dead result’s URL').toBe(lostPageUrl(extensionOrigin, GONE));
  await expect(lost.getByTestId('url')).toHaveText(GONE);
  await expect(lost.getByTestId('sources').locator('li')).toHaveCount(4);
  await expect(lost.getByTestId('known')).toContainText('404/410');
});

test('a soft 404 (a tiny "Page not found" served with 200, like the site’s answer for any missing address) is marked dead as soft404', async ({
  context,
  sw,
  serveHtml,
  openExtensionPage,
  takeScreenshot,
  evalInContentScript,
}) => {
  // Rank 10 (in no group, so shown): a moved page whose site answers every unknown address with the same
  // tiny 200 page.
  const SOFT = 'https://bookshelf.example/books/walden-two-1948';
  // Rank 7: a tiny page that reads like an error page, on a site whose unknown addresses get another page
  // (its home page): not the site's "missing" answer, so not a soft 404.
  const LOOKALIKE = 'https://slowliving.example/blog/not-found';
  const lookalike = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Not found: a poem | Slow Living</title></head>
<body><main><h1>Not found</h1><p>I went looking for the pond in winter and it was not found where the map said; the ice had covered every trace of the path.</p></main></body></html>`;
  const home = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Slow Living — essays on a simpler life</title></head>
<body><main><h1>Slow Living</h1><p>Essays on simplicity, walking, and reading old books slowly. New essays every month: on Thoreau, on winter walks, on
letting go of things, on kitchens and gardens and the long light of late summer evenings.</p></main></body></html>`;

  const urls = demo.results.map((r, i) => (i === 9 ? SOFT : i === 6 ? LOOKALIKE : r.url));
  // Catch-alls first (later routes win): every other address on those hosts is the probe's answer.
  const softProbes = await routeHost(context, 'bookshelf.example', { body: notFoundPage('Bookshelf', '/books/whatever') });
  const lookalikeProbes = await routeHost(context, 'slowliving.example', { body: home });
  const server = new PageServer();
  urls.forEach((u, i) => {
    if (i === 9) server.html(u, notFoundPage('Bookshelf', new URL(SOFT).pathname));
    else if (i === 6) server.html(u, lookalike);
    else server.html(u, page(i + 1));
  });
  await server.install(context);
  await enablePageChecking(openExtensionPage);
  const serp = demoSerp('thoreau walden soft 404', urls);
  await serveHtml(serp.url, serp.html);

  const tab = await context.newPage();
  await tab.goto(serp.url);
  await applied(tab);
  const recs = await allChecked(sw, urls);
  expect(
    recs.map((r) => r?.status),
    'what each result’s check recorded',
  ).toEqual(urls.map((_, i) => (i === 9 ? 'soft404' : 'ok')));
  expect(recs[9]?.hasPage, 'a soft 404 keeps no page sketch').toBe(false);
  // Each tiny error-like page was compared with its site's answer for a surely-missing address.
  expect(softProbes.length, 'probes of the soft-404 site').toBe(1);
  expect(softProbes[0]).toMatch(/^https:\/\/bookshelf\.example\/books\/resemble-missing-[a-z0-9]+$/);
  expect(lookalikeProbes.length, 'probes of the look-alike’s site').toBe(1);
  const state = await checkingDone(sw, serp.url, urls.length);
  expect(state.dead).toEqual([{ rank: 10, kind: 'soft404' }]);

  await expect.poll(() => deadMarks(tab)).toEqual([{ rank: 10, kind: 'soft404' }]);
  await expect.poll(() => findCopyButton(tab, evalInContentScript, 10).visible()).toBe(true);
  expect(await findCopyButton(tab, evalInContentScript, 7).count()).toBe(0);
  await findCopyButton(tab, evalInContentScript, 10).box(); // scrolled into view
  await takeScreenshot(tab, 'results-page-with-a-soft-404');
  expect((await tabStateOf(sw, serp.url))?.dead).toEqual([{ rank: 10, kind: 'soft404' }]);
});

test('"find a copy" cannot be pressed by a page script, and however often it is asked, one lost-and-found tab opens per URL', async ({
  context,
  serveHtml,
  openExtensionPage,
  extensionOrigin,
  evalInContentScript,
}) => {
  const GONE = 'https://bookwiki.example/wiki/Walden_(pressed)';
  const urls = demo.results.map((r, i) => (i === 1 ? GONE : r.url));
  const server = new PageServer();
  urls.forEach((u, i) =>
    i === 1 ? server.on(u, { status: 404, contentType: 'text/html; charset=utf-8', body: '<h1>Not Found</h1>' }) : server.html(u, page(i + 1)),
  );
  await server.install(context);
  await enablePageChecking(openExtensionPage);
  const serp = demoSerp('thoreau walden pressed by a script', urls);
  await serveHtml(serp.url, serp.html);
  const tab = await context.newPage();
  await tab.goto(serp.url);
  await applied(tab);
  const button = findCopyButton(tab, evalInContentScript, 2);
  await expect.poll(() => button.visible(), { timeout: 25_000 }).toBe(true);
  const lostTabs = () => context.pages().filter((p) => p.url().startsWith(`${extensionOrigin}lost.html`)).length;

  // A page script: five clicks on the button if it can find it (it cannot: the root is closed), and on the hosts.
  const reached = await tab.evaluate(() => {
    let found = 0;
    for (let i = 0; i < 5; i++) {
      for (const host of document.querySelectorAll('resemble-ui')) {
        const b = host.shadowRoot?.querySelector<HTMLButtonElement>('button.find');
        if (b) found++, b.click();
        (host as HTMLElement).click();
      }
    }
    return found;
  });
  expect(reached, 'buttons a page script reached').toBe(0);
  // Script clicks even from inside the root (the content script's world reaches closed roots) are not a user's.
  await evalInContentScript(
    tab,
    `(() => { for (const h of document.querySelectorAll('resemble-ui')) for (let i = 0; i < 5; i++) chrome.dom.openOrClosedShadowRoot(h)?.querySelector('button.find')?.click(); })()`,
  );
  // Five asks at once from the results page (what five clicks send): the background opens one tab. They
  // also come after the clicks above, so anything those had asked is handled by the time they answer.
  const answers = await evalInContentScript<unknown[]>(
    tab,
    `Promise.all([1, 2, 3, 4, 5].map(() => chrome.runtime.sendMessage({ type: 'lost/open', payload: { rank: 2 } })))`,
  );
  expect(answers).toEqual(Array(5).fill({ ok: true, value: { opened: true } }));
  await expect.poll(lostTabs, { message: 'lost-and-found tabs' }).toBe(1);
  const lost = context.pages().find((p) => p.url().startsWith(`${extensionOrigin}lost.html`))!;
  expect(lost.url()).toBe(lostPageUrl(extensionOrigin, GONE));
  await lost.waitForLoadState('domcontentloaded');

  // The user's own clicks work: the tab already open is shown again, and it stays one tab.
  const lostActive = () => lost.evaluate(async () => (await chrome.tabs.getCurrent())?.active);
  await tab.bringToFront();
  await expect.poll(lostActive).toBe(false);
  for (let i = 0; i < 3; i++) await button.click();
  await expect.poll(lostActive, { message: 'lost and found shown again' }).toBe(true);
  await evalInContentScript(tab, `chrome.runtime.sendMessage({ type: 'lost/open', payload: { rank: 2 } })`);
  expect(lostTabs(), 'lost-and-found tabs after the user’s clicks').toBe(1);
});
