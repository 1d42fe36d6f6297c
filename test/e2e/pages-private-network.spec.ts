/**
 * The user's own network (issue #13), end to end in Chromium with the built extension (page checking
 * on): no request of page checking or lost and found reaches the user's machine or network, however
 * the address is written and wherever its name resolves.
 *
 * 1. Addresses written to slip past a text check (a trailing dot, `[::]`, IPv4 written as IPv6, CGNAT)
 *    and a public result redirecting to `localhost.`: routed here so that a request, were one sent,
 *    would be seen and answered with a page. None is sent; each is recorded as blocked (the redirect
 *    as a refused redirect).
 * 2. A public-looking name that resolves to 127.0.0.1 (Chromium's host-resolver rules) served by a real
 *    local server: the server receives nothing (Private Network Access refuses it before any byte is
 *    sent), the result is recorded as blocked, and lost and found then neither asks that host again nor
 *    reports an address there "alive".
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { GRANTED_EXTENSION_DIR, expect, test } from './fixtures';
import { lostReportDone } from './lost-kit';
import { PageServer, allChecked, applied, checkingDone, enablePageChecking, recordSwRequests, swRequests } from './page-check-kit';
import { demo, demoSerp } from './page-demo-serp';

const page = (rank: number) => demo.results[rank - 1].html;

test.describe('addresses written to slip past a text check', () => {
  test.use({ extensionDir: GRANTED_EXTENSION_DIR });

  test('are never requested: a trailing dot, [::], IPv4 as IPv6, CGNAT, and a redirect to localhost.', async ({
    context,
    sw,
    serveHtml,
    openExtensionPage,
  }) => {
    const P = {
      ok: demo.results[0].url,
      dot: 'http://localhost.:8080/walden',
      subdot: 'http://foo.localhost./walden',
      unspecified: 'http://[::]:8080/walden',
      mapped: 'http://[::ffff:192.168.0.1]:8080/walden',
      mappedHex: 'http://[::ffff:7f00:1]/walden',
      metadata: 'http://[::ffff:a9fe:a9fe]/latest/meta-data',
      cgnat: 'http://100.64.0.1/walden',
      viaRedirect: 'https://short.example/walden',
    };
    const REBOOT = 'http://localhost.:8080/cgi-bin/reboot?confirm=1';
    const keys = Object.keys(P) as (keyof typeof P)[];
    const server = new PageServer().html(P.ok, page(1)).redirect(P.viaRedirect, REBOOT).html(REBOOT, page(2));
    for (const k of keys.slice(1, -1)) server.html(P[k], page(2));
    await server.install(context);
    await recordSwRequests(sw);
    await enablePageChecking(openExtensionPage);
    const serp = demoSerp(
      'walden own network',
      keys.map((k) => P[k]),
    );
    await serveHtml(serp.url, serp.html);
    const tab = await context.newPage();
    await tab.goto(serp.url);
    await applied(tab);

    // As the page's links give them (a URL writes [::ffff:192.168.0.1] as [::ffff:c0a8:1]).
    const urls = keys.map((k) => new URL(P[k]).href);
    const recs = await allChecked(sw, urls);
    const got = Object.fromEntries(keys.map((k, i) => [k, recs[i]?.status]));
    expect(got).toEqual({
      ok: 'ok',
      dot: 'blocked',
      subdot: 'blocked',
      unspecified: 'blocked',
      mapped: 'blocked',
      mappedHex: 'blocked',
      metadata: 'blocked',
      cgnat: 'blocked',
      viaRedirect: 'redirect',
    });
    for (const k of keys.slice(1, -1)) expect(server.count(P[k]), `requests routed for ${P[k]}`).toBe(0);
    expect(server.count(P.viaRedirect), 'the public result itself was asked').toBe(1);
    expect(server.count(REBOOT), 'the GET to the router behind the redirect').toBe(0);
    const requested = (await swRequests(sw)).filter((s) => s.event === 'request').map((s) => s.url);
    expect(requested.sort(), 'what the network layer saw the extension request').toEqual([new URL(P.ok).href, P.viaRedirect].sort());
    await checkingDone(sw, serp.url, keys.length);
  });
});

test.describe('a public-looking name that resolves to this machine', () => {
  const NAME = 'walden-mirror.com';
  test.use({ extensionDir: GRANTED_EXTENSION_DIR, mapHosts: [[NAME, '127.0.0.1']] });

  test('is refused before any byte is sent, recorded as blocked, not asked again, and never "alive" in lost and found', async ({
    context,
    sw,
    serveHtml,
    openExtensionPage,
  }) => {
    const received: string[] = [];
    const local = http.createServer((req, res) => {
      received.push(`${req.headers.host}${req.url}`);
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
      res.end(page(2));
    });
    // Bytes that reached the server at all (a request line, a TLS hello…), beside whole requests.
    let bytes = 0;
    local.on('connection', (socket) => socket.on('data', (d) => void (bytes += d.length)));
    await new Promise<void>((r) => local.listen(0, '127.0.0.1', r));
    test.setTimeout(120_000);
    const t0 = Date.now();
    try {
      const port = (local.address() as AddressInfo).port;
      const PRIVATE = `http://${NAME}:${port}/walden`;
      const OTHER = `http://${NAME}:${port}/civil-disobedience`;
      // The harness aborts every request it does not serve: this name goes to the real network stack.
      await context.route(
        (u) => u.hostname === NAME,
        (route) => route.continue(),
      );
      const ok = demo.results[0].url;
      await new PageServer().html(ok, page(1)).install(context);
      await recordSwRequests(sw);
      const ext = await enablePageChecking(openExtensionPage);
      const serp = demoSerp('walden resolves home', [ok, PRIVATE]);
      await serveHtml(serp.url, serp.html);
      const tab = await context.newPage();
      await tab.goto(serp.url);
      await applied(tab);

      const recs = await allChecked(sw, [ok, PRIVATE]);
      expect(recs.map((r) => r?.status)).toEqual(['ok', 'blocked']);
      expect(recs[1]?.hasPage, 'nothing of the private answer stored').toBe(false);
      expect(received, 'requests that reached the local server').toEqual([]);
      await checkingDone(sw, serp.url, 2);
      const checkedMs = Date.now() - t0;

      // Lost and found for another page of that host: not asked again, never "alive".
      await ext.goto(ext.url().replace(/options\.html.*$/, `lost.html?url=${encodeURIComponent(OTHER)}`));
      const report = await lostReportDone(ext, OTHER);
      expect(report.alive ?? false, 'an address on this machine reported alive').toBe(false);
      expect(report.recheck?.status).toBe('blocked');
      expect(report.alternates.map((a) => new URL(a.url).hostname)).not.toContain(NAME);
      const asked = (await swRequests(sw)).filter((s) => s.event === 'request' && s.url.startsWith(OTHER));
      expect(asked, 'the remembered host asked again').toEqual([]);
      expect(received).toEqual([]);
      expect(bytes, 'bytes the local server received').toBe(0);
      test.info().annotations.push({ type: 'timing', description: `checked in ${checkedMs} ms, lost and found done ${Date.now() - t0} ms after the start` });
    } finally {
      // The browser may have opened a connection to learn the address (and then sent nothing on it).
      local.closeAllConnections();
      await new Promise((r) => local.close(r));
    }
  });
});
