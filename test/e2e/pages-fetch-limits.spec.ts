/**
 * Page checking's fetch policy, end to end (issue #6): the service worker fetches a results page's
 * result URLs, routed here to servers that misbehave in every way the policy names, beside well-behaved
 * ones. Each misbehaving result ends recorded as its failure kind; the well-behaved ones still end with
 * status 'ok' and a page sketch; the tab's checking finishes.
 *
 *   (a) a 10 MB body → too-large          (b) a PNG served as text/html → wrong-type
 *   (c) a redirect loop A → B → A → redirect   (d) a redirect to ftp: and to file: → redirect
 *   (e) a server that never answers → timeout (the 10 s limit)   (f) a 404 → gone
 * and hosts on the user's own machine or network are never sent a request (blocked), not even through
 * a redirect.
 *
 * The redirect cases are asserted strictly in their own tests (each hop checked before it is requested).
 * Harness note: Playwright's context routes see the service worker's fetches, but not the next hop of a
 * redirect the browser follows for it (`redirect: 'follow'`): that request goes to the network, where
 * the harness's host-resolver rules fail it (net::ERR_NAME_NOT_RESOLVED). What really went out is read
 * from webRequest in the service worker (recordSwRequests).
 *
 * Uses the offline demo's Google markup and pages (demo/, the project's own): no ../shared needed.
 */
import { GRANTED_EXTENSION_DIR, expect, test } from './fixtures';
import { PNG_1x1, PageServer, allChecked, applied, checkingDone, enablePageChecking, recordSwRequests, swRequests } from './page-check-kit';
import { demo, demoSerp } from './page-demo-serp';

test.use({ extensionDir: GRANTED_EXTENSION_DIR });

const page = (rank: number) => demo.results[rank - 1].html;

/** The results of the limits page: the well-behaved pages at ranks 1, 5 and 10, the misbehaving ones between. */
const U = {
  ok1: demo.results[0].url,
  big: 'https://bookwiki.example/wiki/Walden',
  png: 'https://www.quotegarden.example/thoreau/live-deliberately',
  loopA: 'https://loop.example/a',
  ok5: demo.results[4].url,
  ftp: 'https://ftp-redirect.example/pub/walden.txt',
  file: 'https://file-redirect.example/etc/passwd',
  never: 'https://stalled.example/walden',
  gone: 'https://gone.example/walden-deleted',
  ok10: demo.results[9].url,
};
const LOOP_B = 'https://loop.example/b';
type Key = keyof typeof U;
const KEYS = Object.keys(U) as Key[];
const EXPECTED: Record<Key, string> = {
  ok1: 'ok',
  big: 'too-large',
  png: 'wrong-type',
  loopA: 'redirect',
  ok5: 'ok',
  ftp: 'redirect',
  file: 'redirect',
  never: 'timeout',
  gone: 'gone',
  ok10: 'ok',
};
const REDIRECTS: Key[] = ['loopA', 'ftp', 'file'];

function limitsServer(): PageServer {
  return new PageServer()
    .html(U.ok1, page(1))
    .html(U.big, Buffer.alloc(10 * 1024 * 1024, '<p>Walden. '))
    .html(U.png, PNG_1x1)
    .redirect(U.loopA, LOOP_B)
    .redirect(LOOP_B, U.loopA)
    .html(U.ok5, page(5))
    .redirect(U.ftp, 'ftp://ftp.example.org/pub/walden.txt')
    .redirect(U.file, 'file:///etc/passwd')
    .on(U.never, { never: true })
    .on(U.gone, { status: 404, contentType: 'text/html', body: '<h1>Not Found</h1>' })
    .html(U.ok10, page(10));
}

test('every fetch limit ends as a recorded failure (too-large, wrong-type, timeout, gone…), and the well-behaved pages are still checked', async ({
  context,
  sw,
  serveHtml,
  openExtensionPage,
}) => {
  test.setTimeout(120_000);
  const server = limitsServer();
  await server.install(context);
  await enablePageChecking(openExtensionPage);
  const serp = demoSerp(
    'walden fetch limits',
    KEYS.map((k) => U[k]),
  );
  await serveHtml(serp.url, serp.html);
  const tab = await context.newPage();
  await tab.goto(serp.url);
  await applied(tab);

  const urls = KEYS.map((k) => U[k]);
  const started = Date.now();
  const recs = await allChecked(sw, urls, 25_000);
  const waited = Date.now() - started;
  const got = Object.fromEntries(KEYS.map((k, i) => [k, recs[i]?.status]));
  // The redirect cases are a failure of some kind here; which kind is the next test's business.
  const notRedirects = (o: Record<string, unknown>) => Object.fromEntries(Object.entries(o).filter(([k]) => !REDIRECTS.includes(k as Key)));
  expect(notRedirects(got), 'each result’s recorded status').toEqual(notRedirects(EXPECTED));
  for (const k of REDIRECTS) expect(['redirect', 'network', 'dns', 'connection'], `${k}: a failure`).toContain(got[k]);
  for (const [i, k] of KEYS.entries()) {
    expect(recs[i]?.hasPage, `${k}: a page sketch only when its page was read`).toBe(EXPECTED[k] === 'ok');
    expect(recs[i]?.fetchedAt, `${k}: when it was fetched`).toBeGreaterThan(0);
  }
  // The stalled server was asked once and never answered: the 10 s limit ended it, not the test.
  expect(server.count(U.never)).toBe(1);
  const askedAt = server.seen.get(new URL(U.never).href)!.requests[0];
  const after = recs[KEYS.indexOf('never')]!.fetchedAt! - askedAt;
  // The route sees the request after the fetch started, later on a busy machine (300 ms seen with two
  // busy processes beside three browsers): "about 10 s" is no sooner than 8 s after it reached the route.
  expect(after, 'timeout recorded about 10 s after the request').toBeGreaterThanOrEqual(8_000);
  expect(after).toBeLessThan(14_000);
  // The 10 MB body and the PNG were asked for once each (a lasting failure is remembered).
  expect(server.count(U.big)).toBe(1);
  expect(server.count(U.png)).toBe(1);

  await checkingDone(sw, serp.url, urls.length);
  test
    .info()
    .annotations.push(
      { type: 'statuses', description: JSON.stringify(got) },
      { type: 'timing', description: `all 10 recorded ${waited} ms after the groups were applied (the stalled one takes the 10 s limit)` },
    );
});

/**
 * Chrome hides the Location of a `redirect: 'manual'` response and names a failed fetch's reason
 * (net::ERR_UNSAFE_REDIRECT) only after it rejected: both come from webRequest
 * (entrypoints/background/net/net-observer.ts), which lib/fetch/fetch-page.ts waits for briefly, so each
 * hop is checked before it is requested and the failure is named 'redirect'.
 */
test('redirects: a loop and redirects to ftp: and file: end as "redirect"', async ({ context, sw, serveHtml, openExtensionPage }) => {
  const urls = [U.ok1, U.loopA, U.ftp, U.file];
  await limitsServer().install(context);
  await recordSwRequests(sw);
  await enablePageChecking(openExtensionPage);
  const serp = demoSerp('walden redirects', urls);
  await serveHtml(serp.url, serp.html);
  const tab = await context.newPage();
  await tab.goto(serp.url);
  await applied(tab);

  const recs = await allChecked(sw, urls);
  const seen = await swRequests(sw);
  test
    .info()
    .annotations.push(
      { type: 'statuses', description: JSON.stringify(recs.map((r) => [r?.url, r?.status])) },
      { type: 'network', description: JSON.stringify(seen) },
    );
  expect(recs.map((r) => r?.status)).toEqual(['ok', 'redirect', 'redirect', 'redirect']);
  // Hop by hop, the loop is refused when it comes back to A: A and B requested once each.
  expect(seen.filter((s) => s.event === 'request' && s.url.startsWith('https://loop.example/')).length, 'requests of the loop').toBeLessThanOrEqual(2);
});

/** Hop by hop: a public result redirecting to a private address is refused before that address is requested. */
test('a redirect to an address on the user’s network is refused before it is requested', async ({ context, sw, serveHtml, openExtensionPage }) => {
  const viaPrivate = 'https://shortener.example/w';
  const privateTarget = 'http://10.0.0.1/walden';
  const urls = [U.ok1, viaPrivate];
  await new PageServer().html(U.ok1, page(1)).redirect(viaPrivate, privateTarget).html(privateTarget, page(2)).install(context);
  await recordSwRequests(sw);
  await enablePageChecking(openExtensionPage);
  const serp = demoSerp('walden private redirect', urls);
  await serveHtml(serp.url, serp.html);
  const tab = await context.newPage();
  await tab.goto(serp.url);
  await applied(tab);

  const recs = await allChecked(sw, urls);
  const seen = await swRequests(sw);
  test.info().annotations.push({ type: 'network', description: JSON.stringify(seen) });
  expect(
    seen.filter((s) => s.event === 'request' && new URL(s.url).hostname === '10.0.0.1'),
    'requests sent to the private address',
  ).toEqual([]);
  expect(recs.map((r) => r?.status)).toEqual(['ok', 'redirect']);
});

test('hosts on the user’s own machine or network are never requested (blocked)', async ({ context, sw, serveHtml, openExtensionPage }) => {
  const P = {
    ok: demo.results[0].url,
    loopback: 'http://127.0.0.1:8080/walden',
    localhost: 'http://localhost:3000/walden',
    lan: 'http://192.168.1.1/admin',
    mdns: 'https://nas.local/walden.html',
    ipv6: 'http://[::1]:8080/walden',
  };
  const keys = Object.keys(P) as (keyof typeof P)[];
  const server = new PageServer().html(P.ok, page(1));
  // Routed so that a request, if one were sent, would be seen here (and answered with a page).
  for (const k of keys.slice(1)) server.html(P[k], page(2));
  await server.install(context);
  await recordSwRequests(sw);
  await enablePageChecking(openExtensionPage);
  const serp = demoSerp(
    'walden private hosts',
    keys.map((k) => P[k]),
  );
  await serveHtml(serp.url, serp.html);
  const tab = await context.newPage();
  await tab.goto(serp.url);
  await applied(tab);

  const recs = await allChecked(
    sw,
    keys.map((k) => P[k]),
  );
  expect(Object.fromEntries(keys.map((k, i) => [k, recs[i]?.status]))).toEqual({
    ok: 'ok',
    loopback: 'blocked',
    localhost: 'blocked',
    lan: 'blocked',
    mdns: 'blocked',
    ipv6: 'blocked',
  });
  for (const k of keys.slice(1)) expect(server.count(P[k]), `requests routed for ${P[k]}`).toBe(0);
  const seen = (await swRequests(sw)).filter((s) => s.event === 'request').map((s) => s.url);
  expect(seen, 'what the network layer saw the extension request').toEqual([new URL(P.ok).href]);
  await checkingDone(sw, serp.url, keys.length);
});
