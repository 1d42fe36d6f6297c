/**
 * A page the user opens that fails to load (issue #7), end to end. With host access (the access page
 * checking asks for), the background sees main-frame loads through webRequest: a status ≥ 400 or a
 * network error (DNS, refused connection) is checked once more by the background after ~1.5 s; if it is still
 * dead the toolbar badge of that tab shows "!", the tab's state carries `deadPage`, and the popup
 * offers "Find a copy", which opens lost.html for that address.
 *
 * A 500 that is still a 500 when checked again is flagged the same way.
 *
 * Not deaths: a 503, a 429 or a 401 (a busy server, a bot wall, a login wall) is never checked again nor flagged, and a 404
 * that answers when checked again (a blip) is not flagged either. A 404 the user left before the
 * recheck ended leaves the page they went to unflagged.
 */
import type { Page } from '@playwright/test';
import type { Browser } from 'wxt/browser';
import { reasonWords } from '../../words/lost';
import type { TabState } from '../../lib/tab/tab-state';
import { GRANTED_EXTENSION_DIR, type ResembleFixtures, expect, test } from './fixtures';
import { requireHook } from './hook';
import { badgeText, lostPageUrl, nextPage, tabIdOf } from './lost-kit';
import { PageServer, openPopup } from './page-check-kit';
import { useLocale } from '../unit/helpers/i18n';

declare const chrome: typeof Browser;

test.use({ extensionDir: GRANTED_EXTENSION_DIR });
// reasonWords (the popup's words, checked here in Node) reads messages through shared/i18n: English, as the browser here.
useLocale('en');

const tabState = (sw: ResembleFixtures['sw'], tabId: number) =>
  sw(async (id) => (await chrome.storage.session.get(`tab:${id}`))[`tab:${id}`] as TabState | undefined, tabId);

/** Opens `url` in a new tab (its load fails or answers an error status; neither throws here). */
async function visit(context: ResembleFixtures['context'], url: string): Promise<Page> {
  const tab = await context.newPage();
  await tab.goto(url).catch(() => undefined);
  return tab;
}

/**
 * The background has run its main() (its test hook is installed last, after the webRequest listeners):
 * a load the service worker has no listener for yet is never seen, so the tests wait for it first.
 */
const backgroundReady = (sw: ResembleFixtures['sw']) => requireHook(sw);

const html = (title: string) => `<!doctype html><html><head><title>${title}</title></head><body><h1>${title}</h1></body></html>`;

test('a navigation to a page answering 404 or 500 sets the badge "!" and the popup offers "Find a copy"; a 503, a 429, a 401, a 404 that answers again and a 404 left at once do not', async ({
  context,
  sw,
  extensionOrigin,
  takeScreenshot,
}) => {
  test.setTimeout(120_000);
  const GONE = 'https://www.oldblog.example/2019/05/walden-revisited.html';
  const BUSY = 'https://busy.example/walden';
  const LIMITED = 'https://limited.example/walden';
  const BROKEN = 'https://broken.example/walden';
  const LOGIN = 'https://members.example/walden';
  const BLIP = 'https://blip.example/walden';
  // A 404 the user leaves at once (back, another address) for a live page: that page is not flagged.
  const LEFT = 'https://left.example/walden-old';
  const NEXT = 'https://left.example/walden';
  // A 404 visited once the others are decided: its flag is the barrier below.
  const LATER = 'https://www.lateblog.example/walden-moved.html';
  const server = new PageServer()
    .on(GONE, { status: 404, contentType: 'text/html; charset=utf-8', body: html('404 Not Found') })
    .on(BUSY, { status: 503, contentType: 'text/html; charset=utf-8', headers: { 'retry-after': '120' }, body: html('Service Unavailable') })
    .on(LIMITED, { status: 429, contentType: 'text/html; charset=utf-8', body: html('Too Many Requests') })
    .on(BROKEN, { status: 500, contentType: 'text/html; charset=utf-8', body: html('Internal Server Error') })
    .on(LOGIN, { status: 401, contentType: 'text/html; charset=utf-8', headers: { 'www-authenticate': 'Basic realm="members"' }, body: html('Sign in') })
    .on(LEFT, { status: 404, contentType: 'text/html; charset=utf-8', body: html('Not Found') })
    .html(NEXT, html('Walden, at its new address'))
    .on(LATER, { status: 404, contentType: 'text/html; charset=utf-8', body: html('404 Not Found') })
    .on(BLIP, (n) =>
      n === 1
        ? { status: 404, contentType: 'text/html; charset=utf-8', body: html('Not Found') }
        : { contentType: 'text/html; charset=utf-8', body: html('Walden, back again') },
    );
  await server.install(context);
  await backgroundReady(sw);

  const startedAt = Date.now();
  const gone = await visit(context, GONE);
  const busy = await visit(context, BUSY);
  const limited = await visit(context, LIMITED);
  const blip = await visit(context, BLIP);
  const broken = await visit(context, BROKEN);
  const login = await visit(context, LOGIN);
  const left = await visit(context, LEFT);
  await left.goto(NEXT);
  const goneId = await tabIdOf(sw, GONE);

  // The dead page: badge, state, after the recheck (which the server saw).
  await expect.poll(() => badgeText(sw, goneId), { message: 'the badge of the tab that got a 404', timeout: 20_000 }).toBe('!');
  const flaggedMs = Date.now() - startedAt;
  const state = await tabState(sw, goneId);
  expect(state?.deadPage?.url).toBe(GONE);
  expect(reasonWords(state?.deadPage?.reason), 'the reason, as the popup words it').toMatch(/404|gone/);
  expect(server.count(GONE), 'the 404: loaded by the tab, then checked once more by the background').toBe(2);
  const firstAt = server.seen.get(GONE)!.requests;
  expect(firstAt[1] - firstAt[0], 'checked again after about 1.5 s').toBeGreaterThanOrEqual(1_400);
  expect(await sw((id) => chrome.action.getTitle({ tabId: id }), goneId)).toMatch(/did not load/);
  // A server error that stays one is a dead page too (any status ≥ 400 but bot and login walls).
  const brokenId = await tabIdOf(sw, BROKEN);
  await expect.poll(() => badgeText(sw, brokenId), { message: 'the badge of the tab that got a 500', timeout: 20_000 }).toBe('!');
  const brokenPage = (await tabState(sw, brokenId))?.deadPage;
  expect(brokenPage?.url).toBe(BROKEN);
  expect(reasonWords(brokenPage?.reason)).toBe('the site answered 500');
  expect(server.count(BROKEN), 'the 500: checked once more').toBe(2);
  expect(broken.url()).toBe(BROKEN);

  // The others: never flagged; the 503 and the 429 not even checked again. Those checked once more
  // (the blip, the one left) are decided as soon as their second answer is in. The barrier: a dead page
  // visited after those answers were given, flagged. Its recheck waits the same 1.5 s timer, set after
  // every other tab's (timers of one delay fire in order: a recheck of the 503, 429 or 401 would have been
  // asked before it), then goes through the same fetch and decision, where the blip's and the left one's
  // had only their last steps left on the same service worker: by its flag, those are decided.
  await expect.poll(() => [BLIP, LEFT].map((u) => server.seen.get(new URL(u).href)!.answered.length), { timeout: 20_000 }).toEqual([2, 2]);
  await visit(context, LATER);
  const laterId = await tabIdOf(sw, LATER);
  await expect.poll(() => badgeText(sw, laterId), { message: 'the badge of the tab that got a 404 last', timeout: 20_000 }).toBe('!');
  expect(server.count(LATER), 'the last 404: checked once more').toBe(2);
  for (const [tab, url] of [
    [busy, BUSY],
    [limited, LIMITED],
    [login, LOGIN],
    [blip, BLIP],
    [left, NEXT],
  ] as const) {
    const id = await tabIdOf(sw, url);
    expect(await badgeText(sw, id), `${url}: no badge`).toBe('');
    expect((await tabState(sw, id))?.deadPage, `${url}: no dead page`).toBeUndefined();
    expect(tab.url()).toBe(url);
  }
  expect(server.count(BUSY), '503: not checked again').toBe(1);
  expect(server.count(LIMITED), '429: not checked again').toBe(1);
  expect(server.count(LOGIN), '401 (a login wall): not checked again').toBe(1);
  expect(server.count(BLIP), 'the 404 that answers again: checked once more, and alive').toBe(2);
  expect(server.count(LEFT), 'the 404 left at once: still checked once more').toBe(2);

  // The popup, for the dead tab: "Find a copy" opens lost and found for its address.
  const popup = await openPopup(context, extensionOrigin, gone);
  const offer = popup.getByTestId('dead-page');
  await expect(offer).toContainText('This page did not load');
  await expect(offer, 'the reason in words').toContainText('gone');
  const button = offer.getByRole('button', { name: 'Find a copy' });
  await expect(button).toBeVisible();
  await takeScreenshot(popup, 'popup-dead-page');
  const lost = await nextPage(context, `${extensionOrigin}lost.html`, () => button.click());
  expect(lost.url()).toBe(lostPageUrl(extensionOrigin, GONE));
  await expect(lost.getByTestId('url')).toHaveText(GONE);

  // The popup for a tab that only got a 503 offers nothing of the kind.
  const popup2 = await openPopup(context, extensionOrigin, busy);
  await expect(popup2.locator('main')).toContainText('not a search results page');
  await expect(popup2.getByTestId('dead-page')).toHaveCount(0);
  test.info().annotations.push({ type: 'timing', description: `badge "!" ${flaggedMs} ms after the visits began` });
});

test('a navigation that fails to resolve (DNS) or is refused is flagged dead too, after the recheck', async ({ context, sw, extensionOrigin }) => {
  const NXDOMAIN = 'https://gone-for-good.example/walden';
  const REFUSED = 'https://refused.example/walden';
  const asked = new Map<string, number[]>();
  for (const [url, error] of [
    [NXDOMAIN, 'namenotresolved'],
    [REFUSED, 'connectionrefused'],
  ] as const) {
    await context.route(url, (route) => {
      asked.set(url, [...(asked.get(url) ?? []), Date.now()]);
      return route.abort(error);
    });
  }
  await backgroundReady(sw);
  const nx = await visit(context, NXDOMAIN);
  await visit(context, REFUSED);
  const nxId = await tabIdOf(sw, NXDOMAIN);
  const refusedId = await tabIdOf(sw, REFUSED);

  await expect.poll(() => badgeText(sw, nxId), { message: 'the badge of the tab whose host does not resolve', timeout: 10_000 }).toBe('!');
  await expect.poll(() => badgeText(sw, refusedId), { message: 'the badge of the tab whose connection was refused', timeout: 10_000 }).toBe('!');
  const nxDead = (await tabState(sw, nxId))?.deadPage;
  expect(nxDead?.url).toBe(NXDOMAIN);
  expect(reasonWords(nxDead?.reason)).toMatch(/resolve/);
  const refused = (await tabState(sw, refusedId))?.deadPage;
  expect(refused?.url).toBe(REFUSED);
  expect(reasonWords(refused?.reason)).toMatch(/refused|connection/);
  // Loaded by the tab, then checked again by the background about 1.5 s later (Chromium may itself
  // retry a failed navigation once, and each failure it reports is checked: hence "at least").
  const times = asked.get(NXDOMAIN)!;
  expect(times.length, 'the unresolvable address: loaded, then checked once more').toBeGreaterThanOrEqual(2);
  expect(times.at(-1)! - times[0], 'the recheck came about 1.5 s after the load').toBeGreaterThanOrEqual(1_400);
  test.info().annotations.push({ type: 'requests', description: `unresolvable: ${times.length}, refused: ${asked.get(REFUSED)?.length}` });

  const popup = await openPopup(context, extensionOrigin, nx);
  await expect(popup.getByTestId('dead-page')).toContainText('This page did not load');
  await expect(popup.getByTestId('dead-page').getByRole('button', { name: 'Find a copy' })).toBeVisible();
});
