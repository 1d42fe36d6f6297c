/**
 * End-to-end fixtures: Chromium with the built extension (.output/chrome-mv3) in a fresh profile per test,
 * all real network aborted, and handles on the extension's service worker, pages and content script.
 *
 *   test('…', async ({ context, extensionId, sw, restartServiceWorker, openExtensionPage,
 *                      serveHtml, evalInContentScript, takeScreenshot }) => { … });
 *
 * Routing: a route aborting every request but the extension's own files is registered first; routes
 * added later (serveHtml, or context.route in a test) take precedence over it, and they also intercept
 * the service worker's fetches.
 */
import { type BrowserContext, type CDPSession, type Page, type TestInfo, type Worker, test as base, chromium, expect } from '@playwright/test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser } from 'wxt/browser';
import { EXTENSION_DIR, assertBuilt, chromiumArgs, findChromium } from '../../scripts/start-browser.mjs';
import { withTimeout } from './wait';
import { followExtensionSeed, setExtensionSeed } from './extension-seed';
import { INSTALL_SEED_KEY } from '../../lib/sketch/install-seed';
export { GRANTED_EXTENSION_DIR } from '../../scripts/start-browser.mjs';

/** The extension API as functions evaluated in the service worker and extension pages see it. */
declare const chrome: typeof Browser;

export { expect };

export interface ResembleOptions {
  /** The built extension to load: EXTENSION_DIR, or GRANTED_EXTENSION_DIR (host access granted: page checking). */
  extensionDir: string;
  /** Names resolved to an address of the test's choice (e.g. a public-looking name on 127.0.0.1); every other name resolves to nothing. */
  mapHosts: [name: string, ip: string][];
  /** The welcome tab a fresh profile opens on install: closed before the test starts, unless 'keep' (test/e2e/welcome.spec.ts). */
  welcomeTab: 'close' | 'keep';
  /** The browser's UI language ("de"): --lang picks the extension's messages (LANGUAGE alone does not, in Chromium on Linux); English by default. */
  uiLanguage: string | undefined;
  /** The extension loaded is a test build (RESEMBLE_TEST_BUILD=1): its seed is TEST_BUILD_SEED. False for a store package. */
  testBuild: boolean;
  /** A phone: a 360×740 viewport, touch (page.tap) and mobile emulation (the pages' meta viewport counts), as test/e2e/phone.spec.ts uses. */
  phone: boolean;
}

export interface ResembleFixtures {
  /** Persistent context with the extension loaded; every request aborted unless a later route serves it. */
  context: BrowserContext;
  extensionId: string;
  /** chrome-extension://<id>/ */
  extensionOrigin: string;
  /** The service worker as it was when the test started (prefer `sw`, which survives restarts). */
  serviceWorker: Worker;
  /** Evaluates `fn(arg)` in the running service worker, starting it first if it is stopped. */
  sw: <R, A = undefined>(fn: (arg: A) => R | Promise<R>, arg?: A) => Promise<R>;
  /** Stops the service worker (CDP Target.closeTarget), wakes it, and resolves once the new one answers. */
  restartServiceWorker: () => Promise<Worker>;
  /** Opens chrome-extension://<id>/<path> in a new tab. */
  openExtensionPage: (path: string) => Promise<Page>;
  /** Serves `html` at `url` (a URL, glob or RegExp) in this context. */
  serveHtml: (url: string | RegExp, html: string) => Promise<void>;
  /** Evaluates `expression` in the content script's isolated world of `page`'s main frame (awaits promises). */
  evalInContentScript: <T = unknown>(page: Page, expression: string) => Promise<T>;
  /** Full-page screenshot into the test's output directory (and the report); resolves to its path. */
  takeScreenshot: (page: Page, name: string) => Promise<string>;
  /** The install's secret sketch seed (storage.local), read before each test for Node's sketches (./extension-seed.ts). */
  extensionSeed: number;
}

/** Every request that could leave the machine: anything but the extension's own chrome-extension:// files. */
export const isNetworkUrl = (url: URL): boolean => url.protocol !== 'chrome-extension:';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls `probe` until it returns something other than undefined, or throws `what` after `timeoutMs`. */
async function until<T>(what: string, timeoutMs: number, probe: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await probe();
    if (v !== undefined) return v;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await sleep(50);
  }
}

/** A fresh profile's welcome tab (entrypoints/welcome), once the background's onInstalled opened it. */
export function welcomePage(context: BrowserContext): Promise<Page> {
  return until('the welcome page a first install opens (entrypoints/background/browser-ui/welcome.ts)', 15_000, async () =>
    context.pages().find((p) => /^chrome-extension:\/\/[a-p]{32}\/welcome\.html$/.test(p.url())),
  );
}

async function screenshotAll(context: BrowserContext, testInfo: TestInfo, prefix: string): Promise<void> {
  let i = 0;
  for (const page of context.pages()) {
    const url = page.url();
    if (url === 'about:blank' || page.isClosed()) continue;
    const file = testInfo.outputPath(`${prefix}-${++i}.png`);
    await withTimeout(
      page
        .screenshot({ path: file, fullPage: true })
        .then(() => testInfo.attachments.push({ name: `${prefix}-${i} ${url}`, path: file, contentType: 'image/png' }))
        .catch(() => {}),
      5_000,
    );
  }
}

export const test = base.extend<ResembleFixtures & ResembleOptions>({
  extensionDir: [EXTENSION_DIR, { option: true }],
  mapHosts: [[], { option: true }],
  welcomeTab: ['close', { option: true }],
  uiLanguage: [undefined, { option: true }],
  phone: [false, { option: true }],
  testBuild: [true, { option: true }],

  context: async ({ extensionDir, mapHosts, welcomeTab, uiLanguage, phone }, use, testInfo) => {
    assertBuilt(extensionDir);
    const profile = mkdtempSync(path.join(tmpdir(), 'resemble-e2e-'));
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: findChromium(),
      headless: true,
      args: [...chromiumArgs(extensionDir, { mapHosts }), ...(uiLanguage ? [`--lang=${uiLanguage}`] : [])],
      ...(uiLanguage ? { env: { ...process.env, LANGUAGE: uiLanguage }, locale: uiLanguage } : {}),
      ...(phone ? { viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true } : { viewport: { width: 1280, height: 900 } }),
    });
    try {
      // First, so that every route added later wins over it. Everything but the extension's own files:
      // a '**/*' route would also catch the chrome-extension:// scripts and styles of extension pages.
      await context.route(isNetworkUrl, (route) => route.abort('internetdisconnected'));
      // Every test's profile is a first install, which opens the welcome page (as it does for users):
      // closed here so that tests find the tabs they open themselves, and the active tab theirs.
      if (welcomeTab === 'close') await (await welcomePage(context)).close();
      await use(context);
      if (testInfo.status !== testInfo.expectedStatus) await screenshotAll(context, testInfo, 'on-failure');
    } finally {
      await withTimeout(context.close(), 10_000);
      rmSync(profile, { recursive: true, force: true, maxRetries: 3 });
    }
  },

  // Automatic: kits that sketch in Node (lost-kit, …) sketch under the extension's seed, as it does.
  extensionSeed: [
    async ({ serviceWorker, testBuild }, use) => {
      const seed = await followExtensionSeed(
        () => serviceWorker.evaluate(async (k) => (await chrome.storage.local.get(k))[k], INSTALL_SEED_KEY),
        10_000,
        testBuild,
      );
      await use(seed);
      setExtensionSeed(undefined);
    },
    { auto: true },
  ],

  serviceWorker: async ({ context }, use) => {
    const worker =
      context.serviceWorkers().find((w) => w.url().startsWith('chrome-extension://')) ??
      (await context.waitForEvent('serviceworker', { predicate: (w) => w.url().startsWith('chrome-extension://'), timeout: 15_000 }));
    await use(worker);
  },

  extensionId: async ({ serviceWorker }, use) => {
    await use(new URL(serviceWorker.url()).host);
  },

  extensionOrigin: async ({ extensionId }, use) => {
    await use(`chrome-extension://${extensionId}/`);
  },

  // sw() and restartServiceWorker() share one CDP session per context (createSwTools, below).
  sw: async ({ context, extensionOrigin }, use) => {
    await use(makeSwTools(context, extensionOrigin).sw);
  },

  restartServiceWorker: async ({ context, extensionOrigin }, use) => {
    await use(makeSwTools(context, extensionOrigin).restart);
  },

  openExtensionPage: async ({ context, extensionOrigin }, use) => {
    await use(async (p: string) => {
      const page = await context.newPage();
      await page.goto(extensionOrigin + p.replace(/^\//, ''));
      return page;
    });
  },

  serveHtml: async ({ context }, use) => {
    await use(async (url, html) => {
      await context.route(url, (route) => route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: html }));
    });
  },

  evalInContentScript: async ({ context, extensionId }, use) => {
    await use(async <T>(page: Page, expression: string): Promise<T> => {
      const { cdp, worlds } = await contentScriptWorlds(context, page, extensionId);
      try {
        const contextId = await until('the content script’s isolated world (is the content script injected on this URL?)', 10_000, async () => worlds().at(-1));
        const r = await cdp.send('Runtime.evaluate', { expression, contextId, awaitPromise: true, returnByValue: true });
        if (r.exceptionDetails) {
          throw new Error(`in the content script: ${r.exceptionDetails.exception?.description ?? r.exceptionDetails.text}`);
        }
        return r.result.value as T;
      } finally {
        await cdp.detach().catch(() => {});
      }
    });
  },

  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this destructuring; this one has none
  takeScreenshot: async ({}, use, testInfo) => {
    await use(async (page: Page, name: string) => {
      const file = testInfo.outputPath(`${name.replace(/[^\w.-]+/g, '-')}.png`);
      await page.screenshot({ path: file, fullPage: true });
      await testInfo.attach(name, { path: file, contentType: 'image/png' });
      return file;
    });
  },
});

/**
 * The extension's isolated worlds in `page`'s main frame (where its content script runs), kept up to date
 * over a CDP session the caller detaches. Runtime.enable reports the worlds that exist before it answers:
 * right after the call, `worlds()` is every world injected so far.
 */
export async function contentScriptWorlds(context: BrowserContext, page: Page, extensionId: string): Promise<{ cdp: CDPSession; worlds: () => number[] }> {
  const cdp = await context.newCDPSession(page);
  const contexts = new Map<number, { id: number; name: string; origin: string; auxData?: { type?: string; frameId?: string } }>();
  let mainFrame: string;
  try {
    const { frameTree } = (await cdp.send('Page.getFrameTree')) as { frameTree: { frame: { id: string } } };
    mainFrame = frameTree.frame.id;
    cdp.on('Runtime.executionContextCreated', (e) => contexts.set(e.context.id, e.context));
    cdp.on('Runtime.executionContextDestroyed', (e) => contexts.delete(e.executionContextId));
    cdp.on('Runtime.executionContextsCleared', () => contexts.clear());
    await cdp.send('Runtime.enable'); // reports the contexts that already exist
  } catch (e) {
    await cdp.detach().catch(() => {});
    throw e;
  }
  const worlds = () =>
    [...contexts.values()]
      .filter((c) => c.auxData?.type === 'isolated' && c.auxData.frameId === mainFrame && (c.name === 'Resemble' || c.origin.includes(extensionId)))
      .map((c) => c.id);
  return { cdp, worlds };
}

/**
 * The service worker's life cycle through CDP. Chromium keeps one DevTools target per service worker
 * version: Target.closeTarget stops it (the target disappears) and the next event that needs it starts
 * it again under the same target, which Playwright re-attaches to the same Worker object with a fresh
 * global scope. Evaluating on a Worker whose service worker is stopped never settles, so every
 * evaluation first makes sure the target is running.
 */
const swTools = new WeakMap<BrowserContext, ReturnType<typeof createSwTools>>();
function makeSwTools(context: BrowserContext, origin: string) {
  let t = swTools.get(context);
  if (!t) swTools.set(context, (t = createSwTools(context, origin)));
  return t;
}

function createSwTools(context: BrowserContext, origin: string) {
  let cdp: CDPSession | undefined;
  const session = async (): Promise<CDPSession> => {
    if (cdp) return cdp;
    const browser = context.browser();
    if (browser) cdp = await browser.newBrowserCDPSession();
    else {
      const page = context.pages()[0] ?? (await context.newPage());
      cdp = await context.newCDPSession(page);
    }
    return cdp;
  };
  const target = async () => {
    const { targetInfos } = await (await session()).send('Target.getTargets');
    return targetInfos.find((t) => t.type === 'service_worker' && t.url.startsWith(origin));
  };

  /** Starts the stopped service worker: loading an extension page does (and a message to it, once it listens). */
  const wake = async () => {
    const page = await context.newPage();
    try {
      await page.goto(`${origin}popup.html`, { waitUntil: 'domcontentloaded' }).catch(() => {});
      await page.evaluate(() => chrome.runtime.sendMessage({ type: 'settings/get', payload: {} }).catch(() => undefined)).catch(() => {});
      await until('the service worker to start again', 10_000, async () => ((await target()) ? true : undefined));
    } finally {
      await page.close().catch(() => {});
    }
  };

  const worker = async (): Promise<Worker> => {
    if (!(await target())) await wake();
    const ours = context.serviceWorkers().filter((w) => w.url().startsWith(origin));
    return ours.at(-1) ?? (await context.waitForEvent('serviceworker', { predicate: (w) => w.url().startsWith(origin), timeout: 10_000 }));
  };

  const sw = async <R, A>(fn: (arg: A) => R | Promise<R>, arg?: A): Promise<R> => {
    const w = await worker();
    return (await w.evaluate(fn as (arg: unknown) => R, arg)) as R;
  };

  const restart = async (): Promise<Worker> => {
    const before = await target();
    if (!before) throw new Error('restartServiceWorker: no running service worker of the extension');
    const close = async () => (await session()).send('Target.closeTarget', { targetId: before.targetId }).catch(() => undefined);
    await close();
    // Stopped when its target is gone, or replaced: a content script asking again (or any event) may
    // start a new one before a poll sees none, and then the old one is gone all the same. A worker busy
    // with a held fetch has once outlived one closeTarget on a loaded machine: asked again every 3 s.
    let asked = Date.now();
    await until('the service worker to stop', 20_000, async () => {
      const t = await target();
      if (!t || t.targetId !== before.targetId) return true;
      if (Date.now() - asked >= 3_000) await close(), (asked = Date.now());
      return undefined;
    });
    await wake();
    // The Worker handle answers again once Playwright has re-attached to the restarted target.
    return until('the restarted service worker to answer', 10_000, async () => {
      const w = context
        .serviceWorkers()
        .filter((x) => x.url().startsWith(origin))
        .at(-1);
      if (!w) return undefined;
      return (await withTimeout(
        w.evaluate(() => true).catch(() => false),
        1_000,
      ))
        ? w
        : undefined;
    });
  };

  return { sw, restart };
}
