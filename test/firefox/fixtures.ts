/**
 * End-to-end fixtures for Firefox: the real firefox-esr, driven over WebDriver BiDi by puppeteer-core
 * (Playwright cannot drive a stock Firefox), with the Firefox build of the extension installed as a
 * temporary add-on, in a fresh profile per test.
 *
 *   test('…', async ({ server, openPage, openExtensionPage, openPopup, ext }) => { … });
 *
 * The network: Firefox resolves every name to 127.0.0.1 (network.dns.forceResolve; a test may choose
 * 127.0.0.2) and sends ports 443 and 80 to a local HTTPS server and HTTP server there
 * (network.socket.forcePort), which answer by the Host header from the test's route table (`server`,
 * like the Chromium suite's PageServer): nothing reaches the real network, and what is not routed is
 * answered 404 and listed in `server.unrouted`.
 * The certificate is self-signed, made when the suite starts (selfsigned); Firefox accepts it because
 * the session asks it to accept insecure certificates (WebDriver's acceptInsecureCerts), for pages and
 * for the extension's own fetches alike.
 *
 * Extension pages: WebDriver BiDi may navigate a tab to a moz-extension:// page only when Firefox runs
 * with --remote-allow-system-access, and it reports nothing of extension documents (no load events):
 * openExtensionPage navigates without waiting and polls the document instead. The extension's UUID is
 * set before it is installed (pref extensions.webextensions.uuids, keyed by the gecko id read from the
 * built manifest), so its origin is known.
 *
 * The content script's UI is in closed shadow roots: tests read the page's own result elements'
 * data-resemble-* attributes, and extension pages' DOM.
 */
import { randomUUID } from 'node:crypto';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test as base, expect } from '@playwright/test';
import puppeteer, { type Browser as Firefox, type Page } from 'puppeteer-core';
import selfsigned from 'selfsigned';
import { type Answer, type Answering, RouteTable } from '../e2e/route-table';
import { FIREFOX, FIREFOX_EXTENSION_DIR, assertBuilt, geckoId } from './build';
import { withTimeout } from '../e2e/wait';

export { expect };
export type { Page };

// ---------------------------------------------------------------------------------------------------
// The sites: one HTTPS and one HTTP server for every host

/**
 * Serves the test's URLs to Firefox (page loads and the extension's fetches alike), recording every
 * request. Routes: exact URLs (`on`, `html`, `text`, `redirect`), else a host's catch-all (`host`),
 * else 404. Routes and records are cleared before each test.
 */
export class SiteServer extends RouteTable {
  private readonly hosts = new Map<string, Answering>();
  /** Every request that reached the servers, in order, as absolute URLs. */
  readonly requests: string[] = [];
  /** Requests no route answered (answered 404): Firefox's own background traffic, or something unexpected. */
  readonly unrouted: string[] = [];
  private readonly open = new Set<http.ServerResponse>();

  /** One HTTPS and one HTTP server per loopback address, all answering from the same routes. */
  constructor(private readonly listeners: Map<string, { https: https.Server; http: http.Server }>) {
    super();
    for (const { https: s, http: h } of listeners.values()) {
      s.on('request', (req, res) => void this.handle('https', req, res));
      h.on('request', (req, res) => void this.handle('http', req, res));
    }
  }

  /** Firefox's network.socket.forcePort for names resolved to `ip` (one of LOOPBACKS): 443 and 80 to its servers. */
  forcePortFor(ip: string): string {
    const l = this.listeners.get(ip);
    if (!l) throw new Error(`no servers listen on ${ip}`);
    return `443=${(l.https.address() as AddressInfo).port};80=${(l.http.address() as AddressInfo).port}`;
  }

  /** Answers every address on `host` that no exact route answers (`answer(n, url)`). */
  host(host: string, answer: Answer | ((n: number, url: URL) => Answer)): this {
    this.hosts.set(host, typeof answer === 'function' ? answer : () => answer);
    this.seen.set(`host:${host}`, { requests: [], answered: [], lost: 0 });
    return this;
  }

  /** Requests that reached `host` so far, whatever answered them. */
  requestsTo(host: string): string[] {
    return this.requests.filter((u) => new URL(u).host === host);
  }

  close(): Promise<unknown> {
    this.reset();
    return Promise.all([...this.listeners.values()].flatMap((l) => [l.https, l.http]).map((s) => new Promise((r) => s.close(r))));
  }

  reset(): void {
    this.routes.clear();
    this.hosts.clear();
    this.seen.clear();
    this.requests.length = 0;
    this.unrouted.length = 0;
    for (const res of this.open) res.destroy();
    this.open.clear();
  }

  private async handle(scheme: 'http' | 'https', req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    let url: URL;
    try {
      url = new URL(`${scheme}://${req.headers.host ?? 'no-host'}${req.url ?? '/'}`);
    } catch {
      res.writeHead(400).end();
      return;
    }
    this.requests.push(url.href);
    const exact = this.routes.get(url.href);
    const byHost = exact ? undefined : this.hosts.get(url.host);
    const answering = exact ?? byHost;
    if (!answering) {
      this.unrouted.push(url.href);
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not routed in this test');
      return;
    }
    const seen = this.seen.get(exact ? url.href : `host:${url.host}`)!;
    seen.requests.push(Date.now());
    const a = answering(seen.requests.length, url);
    this.open.add(res);
    res.on('close', () => this.open.delete(res));
    if (a.never) return; // left pending on purpose (closed when the test ends)
    if (a.hold) await a.hold;
    if (a.delayMs) await new Promise((r) => setTimeout(r, a.delayMs));
    if (res.destroyed) {
      seen.lost++;
      return;
    }
    res.writeHead(a.status ?? 200, { ...(a.contentType ? { 'content-type': a.contentType } : {}), 'cache-control': 'no-store', ...a.headers });
    res.end(a.body ?? '');
    seen.answered.push(Date.now());
  }
}

/**
 * The addresses the servers listen on. 127.0.0.1 is the one a test build counts as a site's
 * (entrypoints/background/net/test-loopback.ts); 127.0.0.2, another loopback address, is this machine to
 * every build (a test resolving names there sees the own-network protection refuse them).
 */
export const LOOPBACKS = ['127.0.0.1', '127.0.0.2'] as const;

async function startServers(): Promise<SiteServer> {
  // A certificate for this run only: Firefox is told to accept it (acceptInsecureCerts), names do not matter.
  const pems = await selfsigned.generate([{ name: 'commonName', value: 'resemble-firefox-e2e' }], {
    keyType: 'ec',
    notAfterDate: new Date(Date.now() + 2 * 86_400_000),
  });
  const listeners = new Map(
    LOOPBACKS.map((ip) => [ip as string, { https: https.createServer({ key: pems.private, cert: pems.cert }), http: http.createServer() }]),
  );
  const server = new SiteServer(listeners);
  await Promise.all(
    [...listeners.entries()].flatMap(([ip, l]) =>
      [l.https, l.http].map((s) => new Promise<void>((resolve, reject) => s.once('error', reject).listen(0, ip, resolve))),
    ),
  );
  return server;
}

// ---------------------------------------------------------------------------------------------------
// Waiting without sleeping blindly

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls `probe` until it returns something other than undefined, or throws `what` after `timeoutMs`. */
export async function until<T>(what: string, timeoutMs: number, probe: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const v = await probe();
      if (v !== undefined) return v;
    } catch (e) {
      last = e;
    }
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}${last ? ` (last error: ${String(last)})` : ''}`);
    await pause(50);
  }
}

// ---------------------------------------------------------------------------------------------------
// The fixtures

/** A function evaluated in an extension page, where `browser.*` is the extension API. */
export type InExtension = <R, A = undefined>(fn: (arg: A) => R | Promise<R>, arg?: A) => Promise<R>;

export interface FirefoxOptions {
  /** The built extension to install: FIREFOX_EXTENSION_DIR (as users get it) or FIREFOX_TEST_EXTENSION_DIR (host access, loopback). */
  extensionDir: string;
  /** The address Firefox resolves every name to (one of LOOPBACKS; default 127.0.0.1). */
  resolveTo: (typeof LOOPBACKS)[number];
}

export interface FirefoxWorkerFixtures {
  /** The local sites (shared by the worker's tests, emptied before each). */
  server: SiteServer;
  /** A Firefox profile made once per worker, copied for each test. */
  profileTemplate: string;
}

export interface FirefoxFixtures {
  /** The add-on as it will be installed: its gecko id (from the built manifest) and the UUID of its origin. */
  extension: { id: string; uuid: string };
  /** Firefox with the extension installed. */
  firefox: Firefox;
  /** moz-extension://<uuid>/ */
  extensionOrigin: string;
  /** Opens `url` in a new tab (the active one) and resolves once it has loaded. */
  openPage: (url: string) => Promise<Page>;
  /** Opens moz-extension://<uuid>/<path> in a new tab (in the background unless `front`) and resolves once its document is complete. */
  openExtensionPage: (path: string, opts?: { front?: boolean }) => Promise<Page>;
  /**
   * The toolbar popup's page (popup.html) for `tab`, as the popup is for the active tab: opened in a
   * background tab while `tab` is the active one.
   */
  openPopup: (tab: Page) => Promise<Page>;
  /** Evaluates `fn(arg)` in an extension page (one kept open in the background for it). */
  ext: InExtension;
}

/** Firefox prefs of every launch: the network, extensions, timers (see the file's comment). */
const PREFS = {
  'network.dns.forceResolve': '127.0.0.1',
  'network.trr.mode': 5, // no DNS over HTTPS: every name goes through forceResolve
  'network.dns.disableIPv6': true,
  'xpinstall.signatures.required': false,
  // Background tabs' timers run as in the front one: the popup is shown in a background tab here
  // (where it is a visible document for users), and the results page is in one while the options are in front.
  'dom.min_background_timeout_value': 4,
  'dom.min_background_timeout_value_without_budget_throttling': 4,
  'dom.timeout.enable_budget_timer_throttling': false,
};

const DEBUG = Boolean(process.env.RESEMBLE_FIREFOX_DEBUG);
const DEBUG_PREFS = DEBUG ? { 'devtools.console.stdout.content': true, 'devtools.console.stdout.chrome': true } : {};

/** Starts Firefox on the profile `dir` with PREFS and `prefs`. */
function launch(dir: string, prefs: Record<string, unknown> = {}): Promise<Firefox> {
  return puppeteer.launch({
    browser: 'firefox',
    executablePath: FIREFOX,
    headless: true,
    protocol: 'webDriverBiDi',
    acceptInsecureCerts: true,
    protocolTimeout: 30_000,
    defaultViewport: { width: 1280, height: 900 },
    userDataDir: dir,
    // Navigating a tab to a moz-extension:// page is "system access" to WebDriver BiDi.
    args: ['--remote-allow-system-access'],
    extraPrefsFirefox: { ...PREFS, ...DEBUG_PREFS, ...prefs },
    // RESEMBLE_FIREFOX_DEBUG=1: Firefox's output, with every console message (content scripts' too), on stderr.
    dumpio: DEBUG,
  });
}

/**
 * Navigates `page` to an extension document and waits for it to be complete. Puppeteer's goto would wait
 * for load events BiDi never sends for extension documents: the navigation is sent through its frame's
 * BiDi browsing context (puppeteer's BidiFrame.browsingContext) without waiting, and the document polled.
 */
async function gotoExtensionPage(page: Page, url: string): Promise<void> {
  const frame = page.mainFrame() as unknown as { browsingContext: { navigate(url: string, wait: 'none'): Promise<unknown> } };
  await frame.browsingContext.navigate(url, 'none');
  await until(`${url} to load`, 15_000, async () => {
    const [href, state] = await page.evaluate(() => [location.href, document.readyState]);
    return href === url && state === 'complete' ? true : undefined;
  });
}

export const test = base.extend<FirefoxFixtures & FirefoxOptions, FirefoxWorkerFixtures>({
  extensionDir: [FIREFOX_EXTENSION_DIR, { option: true }],
  resolveTo: ['127.0.0.1', { option: true }],

  server: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this destructuring; this one has none
    async ({}, use) => {
      const server = await startServers();
      await use(server);
      await server.close();
    },
    { scope: 'worker' },
  ],

  extension: async ({ extensionDir }, use) => {
    assertBuilt(extensionDir);
    await use({ id: geckoId(extensionDir), uuid: randomUUID() });
  },

  profileTemplate: [
    async ({ server }, use) => {
      // A profile Firefox has started with once: each test's copy starts in half the time of a new one.
      const dir = mkdtempSync(path.join(tmpdir(), 'resemble-firefox-profile-'));
      await (await launch(dir, { 'network.socket.forcePort': server.forcePortFor('127.0.0.1') })).close();
      await use(dir);
      rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
    },
    { scope: 'worker' },
  ],

  firefox: async ({ extensionDir, extension, server, profileTemplate, resolveTo }, use, testInfo) => {
    server.reset();
    const { id, uuid } = extension;
    const profile = mkdtempSync(path.join(tmpdir(), 'resemble-firefox-e2e-'));
    cpSync(profileTemplate, profile, { recursive: true });
    const firefox = await launch(profile, {
      'network.dns.forceResolve': resolveTo,
      'network.socket.forcePort': server.forcePortFor(resolveTo),
      'extensions.webextensions.uuids': JSON.stringify({ [id]: uuid }),
    });
    try {
      const installed = await firefox.installExtension(extensionDir);
      expect(installed, 'the add-on id Firefox installed the build under').toBe(id);
      await use(firefox);
      if (testInfo.status !== testInfo.expectedStatus) {
        let i = 0;
        for (const page of await firefox.pages()) {
          const file = testInfo.outputPath(`on-failure-${++i}.png`);
          const url = page.url();
          await withTimeout(
            page
              .screenshot({ path: file, fullPage: true })
              .then(() => testInfo.attachments.push({ name: `on-failure-${i} ${url}`, path: file, contentType: 'image/png' })),
            5_000,
          ).catch(() => undefined);
        }
        if (server.unrouted.length) testInfo.annotations.push({ type: 'unrouted requests', description: server.unrouted.join('\n') });
      }
    } finally {
      const closed = await withTimeout(
        firefox.close().then(() => true),
        10_000,
      ).catch(() => undefined);
      if (!closed) firefox.process()?.kill('SIGKILL');
      rmSync(profile, { recursive: true, force: true, maxRetries: 3 });
    }
  },

  // Depends on firefox: the origin exists once the add-on is installed.
  extensionOrigin: async ({ firefox: _, extension }, use) => {
    await use(`moz-extension://${extension.uuid}/`);
  },

  openPage: async ({ firefox }, use) => {
    await use(async (url) => {
      const page = await firefox.newPage();
      await page.goto(url);
      return page;
    });
  },

  openExtensionPage: async ({ firefox, extensionOrigin }, use) => {
    await use(async (p, opts = {}) => {
      const page = await firefox.newPage({ background: !opts.front });
      await gotoExtensionPage(page, extensionOrigin + p.replace(/^\//, ''));
      return page;
    });
  },

  openPopup: async ({ firefox, extensionOrigin }, use) => {
    await use(async (tab) => {
      await tab.bringToFront();
      const popup = await firefox.newPage({ background: true });
      await gotoExtensionPage(popup, `${extensionOrigin}popup.html`);
      return popup;
    });
  },

  ext: async ({ openExtensionPage }, use) => {
    let page: Promise<Page> | undefined;
    await use(async (fn, arg) => {
      page ??= openExtensionPage('options.html');
      return (await (await page).evaluate(fn as (a: unknown) => unknown, arg)) as never;
    });
  },
});
