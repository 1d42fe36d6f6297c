#!/usr/bin/env node
// `npm start`: builds the extension and opens Chromium with it on an offline demo results page
// (demo/results.html served as a Google results page; every other request is cut off).
//
//   npm start                  with a display: a Chromium window; close it to stop
//   npm start -- --headless    without one (or with no DISPLAY): runs the demo, saves screenshots (the
//                              results page, the popup and the options, light and dark) to .output/demo/,
//                              prints what the extension found, and exits
//   npm start -- --no-build    uses the existing build in .output/chrome-mv3
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { EXTENSION_DIR, ROOT, assertBuilt, buildExtension, chromiumArgs, findChromium } from './start-browser.mjs';
import { installDemoRoutes } from './start-demo.mjs';

const HELP = `Usage: npm start [-- --headless] [-- --no-build]

Builds the extension (wxt build) and opens Chromium with it loaded on an offline demo results page.
  --headless   run without a window: wait for the extension, save screenshots of the demo page, the
               popup and the options (light and dark), the welcome page, and the demo page, the popup and
               the options in German, to .output/demo/, print what the extension found, exit (the default with no DISPLAY)
  --no-build   use the existing build in .output/chrome-mv3
($RESEMBLE_OUT_DIR, when set, replaces .output in both.)
Chromium: /usr/bin/chromium, chromium on PATH, or $RESEMBLE_CHROMIUM. No network is used.`;

// Beside the build it ran (RESEMBLE_OUT_DIR keeps a second checkout's build and pictures apart).
const OUT_DIR = join(ROOT, process.env.RESEMBLE_OUT_DIR ?? '.output', 'demo');
const started = Date.now();
const secs = () => `${((Date.now() - started) / 1000).toFixed(1)} s`;
const say = (msg = '') => console.log(msg);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

class StartError extends Error {}

function parseArgs(argv) {
  const opts = { headless: false, build: true };
  for (const a of argv) {
    if (a === '--headless') opts.headless = true;
    else if (a === '--no-build') opts.build = false;
    else if (a === '-h' || a === '--help') {
      say(HELP);
      process.exit(0);
    } else throw new StartError(`unknown option ${a}\n\n${HELP}`);
  }
  return opts;
}

/** Resolves to what `probe` returns once it is not undefined, or to undefined after `ms`. */
async function poll(ms, probe) {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await probe().catch(() => undefined);
    if (v !== undefined || Date.now() > deadline) return v;
    await sleep(150);
  }
}

async function launch(opts, lang) {
  const executablePath = findChromium();
  const { chromium } = await import('@playwright/test').catch(() => {
    throw new StartError('the Playwright library is missing: run `npm install` first.');
  });
  const profile = mkdtempSync(join(tmpdir(), 'resemble-demo-'));
  try {
    const context = await chromium.launchPersistentContext(profile, {
      executablePath,
      headless: opts.headless,
      // lang: the browser's UI language, which picks the extension's messages (--lang; LANGUAGE alone is
      // ignored by Chromium on Linux). docs/i18n.md.
      args: [...chromiumArgs(EXTENSION_DIR), ...(lang ? [`--lang=${lang}`] : [])],
      ...(lang ? { env: { ...process.env, LANGUAGE: lang }, locale: lang } : {}),
      viewport: opts.headless ? { width: 1280, height: 1000 } : null,
    });
    return { context, profile, executablePath };
  } catch (e) {
    rmSync(profile, { recursive: true, force: true });
    const why = String(e instanceof Error ? e.message : e)
      .split('\n')
      .slice(0, 6)
      .join('\n');
    const hint = opts.headless ? '' : '\nWithout a usable display, run: npm start -- --headless';
    throw new StartError(`Chromium (${executablePath}) did not start:\n${why}${hint}`);
  }
}

async function extensionWorker(context) {
  const isOurs = (w) => w.url().startsWith('chrome-extension://');
  const worker =
    context.serviceWorkers().find(isOurs) ?? (await context.waitForEvent('serviceworker', { predicate: isOurs, timeout: 15_000 }).catch(() => undefined));
  if (!worker) {
    throw new StartError(
      `the extension did not load: no service worker started within 15 s. Is ${relative(ROOT, EXTENSION_DIR)} a complete build? Try without --no-build.`,
    );
  }
  return worker;
}

/** Everything the headless run reports, gathered without letting one failing part hide the others. */
async function inspect(context, worker, demoPage, extOrigin) {
  const report = {};
  report.manifest = await worker.evaluate(() => {
    const m = chrome.runtime.getManifest();
    return { name: m.name, version: m.version };
  });

  // An extension page to ask the background through the same messages the popup uses.
  const ext = await context.newPage();
  await ext.goto(`${extOrigin}popup.html`);
  await demoPage.bringToFront();
  const ask = (type, payload = {}) => ext.evaluate(([type, payload]) => chrome.runtime.sendMessage({ type, payload }), [type, payload]);
  const demoTabId = await ext.evaluate(async () => (await chrome.tabs.query({ active: true, currentWindow: true }))[0]?.id);

  // Wait for the extension to finish with the demo page: tab/state leaves 'working'.
  report.tabState =
    demoTabId === undefined
      ? undefined
      : await poll(20_000, async () => {
          const r = await ask('tab/state', { tabId: demoTabId });
          if (!r?.ok) return { error: r?.error ?? 'no answer' };
          return r.value.status === 'working' ? undefined : r.value;
        });

  // What the content script wrote on the page (data-resemble-* attributes, DOM contract).
  report.dom = await demoPage.evaluate(() => {
    const q = (s) => [...document.querySelectorAll(s)];
    const clusters = {};
    for (const el of q('[data-resemble-cluster]')) {
      const c = el.getAttribute('data-resemble-cluster');
      (clusters[c] ??= []).push({
        rank: el.getAttribute('data-resemble-rank'),
        role: el.getAttribute('data-resemble-role'),
        hidden: el.hasAttribute('data-resemble-hidden'),
      });
    }
    return {
      ready: document.documentElement.dataset.resembleReady === 'true',
      ranked: q('[data-resemble-rank]').length,
      hidden: q('[data-resemble-hidden]').length,
      clusters,
    };
  });

  // The background's test hook: the offscreen document's Worker and the store.
  report.hook = await worker
    .evaluate(async () => {
      const h = globalThis.__resemble;
      if (!h) return { installed: false };
      const t0 = performance.now();
      let ping;
      try {
        if (typeof h.ping === 'function') await h.ping();
        else await h.sketch([{ text: 'ping' }], 'snippet');
        ping = { ok: true, ms: Math.round(performance.now() - t0) };
      } catch (e) {
        ping = { ok: false, error: `${e?.code ?? ''} ${e?.message ?? e}`.trim() };
      }
      return { installed: true, ping, offscreen: await h.offscreenCount().catch(() => undefined), usage: await h.usage().catch(() => undefined) };
    })
    .catch((e) => ({ installed: false, error: String(e?.message ?? e) }));
  const usage = await ask('cache/usage').catch(() => undefined);
  report.usage = usage?.ok ? usage.value : report.hook.usage;
  await ext.close();
  return { report, demoTabId };
}

async function popupScreenshot(context, demoPage, extOrigin, file, colorScheme = 'light') {
  // The popup asks about the active tab of its window: open it as a tab, make the demo tab the active
  // one, then load the popup again so that it speaks about the demo page.
  const popup = await context.newPage();
  await popup.emulateMedia({ colorScheme });
  await popup.setViewportSize({ width: 420, height: 600 });
  await popup.goto(`${extOrigin}popup.html`);
  await demoPage.bringToFront();
  await popup.reload();
  await popup.waitForLoadState('load');
  await poll(5_000, async () => ((await popup.evaluate(() => document.body.innerText.trim().length)) > 0 ? true : undefined));
  await sleep(1_200); // the popup polls while the background is working
  await popup.screenshot({ path: file });
  await popup.close();
}

/** The options page, whole, in `colorScheme`. */
async function optionsScreenshot(context, extOrigin, file, colorScheme) {
  const options = await context.newPage();
  await options.emulateMedia({ colorScheme });
  await options.goto(`${extOrigin}options.html`);
  await options.waitForLoadState('load');
  await poll(5_000, async () => ((await options.locator('input[type="range"]').count()) > 0 ? true : undefined));
  await options.screenshot({ path: file, fullPage: true });
  await options.close();
}

function printReport({ report }, demo, shots) {
  const { manifest, dom, tabState, hook, usage } = report;
  say('');
  say('What the extension did on the demo page:');
  say(`  extension        ${manifest.name} ${manifest.version} loaded (service worker running)`);
  say(`  content script   ${dom.ready ? 'ran on the demo page (data-resemble-ready="true")' : 'did NOT run on the demo page'}`);
  if (tabState && !tabState.error) {
    say(`  results read     ${tabState.results} (engine ${tabState.engine ?? '?'}, query “${tabState.query ?? ''}”, status ${tabState.status})`);
  } else {
    say(`  results read     unknown (tab/state: ${tabState?.error ? JSON.stringify(tabState.error) : 'no answer within 20 s'})`);
  }
  const clusters = Object.values(dom.clusters).filter((members) => members.length > 1);
  if (dom.ranked || clusters.length) {
    say(`  marked results   ${dom.ranked} with data-resemble-rank, ${dom.hidden} hidden as copies`);
    for (const members of clusters) say(`  group            ranks ${members.map((m) => m.rank).join(', ')}`);
  } else {
    say('  groups           none marked on the page yet (grouping arrives with a later issue)');
  }
  say(`  expected groups  ${demo.groups.map((g) => `[${g.ranks.join(', ')}] ${g.kind}`).join('; ')}`);
  if (hook.installed) {
    say(
      `  offscreen worker ${hook.ping.ok ? `answered a ping in ${hook.ping.ms} ms` : `FAILED: ${hook.ping.error}`}; offscreen documents: ${hook.offscreen ?? '?'}`,
    );
  } else {
    say(`  offscreen worker not checked: the background's test hook (globalThis.__resemble) is not installed${hook.error ? ` (${hook.error})` : ''}`);
  }
  say(`  store            ${usage ? `${usage.entries} entries, ${(usage.bytes / 1024).toFixed(1)} KB in IndexedDB` : 'usage unknown'}`);
  say('');
  say('Screenshots:');
  for (const s of shots) say(`  ${s}`);
}

/** The demo again in a German browser: the results page, the popup and the options, in German. */
async function germanScreenshots(opts) {
  const { context, profile } = await launch(opts, 'de');
  try {
    const demo = await installDemoRoutes(context);
    const worker = await extensionWorker(context);
    const extOrigin = `chrome-extension://${new URL(worker.url()).host}/`;
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto(demo.searchUrl);
    await poll(10_000, async () => ((await page.evaluate(() => document.documentElement.dataset.resembleApplied)) ? true : undefined));
    const files = ['results-de.png', 'popup-de.png', 'options-de.png'].map((f) => join(OUT_DIR, f));
    await page.bringToFront();
    await page.screenshot({ path: files[0], fullPage: true });
    await popupScreenshot(context, page, extOrigin, files[1]);
    const options = await context.newPage();
    await options.goto(`${extOrigin}options.html`);
    await poll(5_000, async () => ((await options.locator('h2').count()) > 1 ? true : undefined));
    await options.screenshot({ path: files[2], fullPage: true });
    return files;
  } finally {
    await Promise.race([context.close().catch(() => {}), sleep(10_000)]);
    rmSync(profile, { recursive: true, force: true, maxRetries: 3 });
  }
}

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  if (!opts.headless && !process.env.DISPLAY && !process.env.WAYLAND_DISPLAY) {
    opts.headless = true;
    say('No display (DISPLAY is not set): running headless.');
  }
  if (opts.headless) {
    // A headless run ends by itself; if something hangs, say so instead of waiting forever.
    setTimeout(() => {
      console.error(`\nnpm start: gave up after ${secs()}: something hung (RESEMBLE_DEBUG=1 npm start -- --headless shows more).`);
      process.exit(1);
    }, 180_000).unref();
  }
  findChromium(); // fail before the build when it cannot run anyway
  if (opts.build) {
    say('Building the extension (wxt build)…');
    const ms = await buildExtension({ quiet: true });
    say(`Built .output/chrome-mv3 in ${(ms / 1000).toFixed(1)} s.`);
  } else {
    assertBuilt();
  }

  const { context, profile, executablePath } = await launch(opts);
  const cleanup = () => rmSync(profile, { recursive: true, force: true, maxRetries: 3 });
  try {
    const demo = await installDemoRoutes(context);
    const worker = await extensionWorker(context);
    const extOrigin = `chrome-extension://${new URL(worker.url()).host}/`;
    say(`Chromium ${opts.headless ? 'headless' : 'window'} (${executablePath}) with Resemble ${extOrigin}`);

    const demoPage = context.pages()[0] ?? (await context.newPage());
    await demoPage.goto(demo.searchUrl);
    // The install opened the welcome page (entrypoints/welcome) in a tab of its own: the demo stays in front.
    await demoPage.bringToFront();
    say(`Demo results page: ${demo.searchUrl} (served from demo/${demo.resultsPage}; all other requests are cut off)`);
    const ready = await poll(10_000, async () =>
      (await demoPage.evaluate(() => document.documentElement.dataset.resembleReady)) === 'true' ? true : undefined,
    );
    if (!ready) throw new StartError('the content script did not run on the demo page within 10 s (no data-resemble-ready on <html>).');
    say('The content script is running on the demo page.');

    if (!opts.headless) {
      say('');
      say('Chromium stays open on the demo page; click the Resemble toolbar button for the popup.');
      say('Close the browser window (or press Ctrl+C) to stop.');
      const closed = new Promise((r) => context.on('close', r));
      const stop = () => void context.close().catch(() => {});
      process.once('SIGINT', stop);
      process.once('SIGTERM', stop);
      await closed;
      return;
    }

    const found = await inspect(context, worker, demoPage, extOrigin);
    mkdirSync(OUT_DIR, { recursive: true });
    const shot = (name) => join(OUT_DIR, name);
    await demoPage.bringToFront();
    await demoPage.screenshot({ path: shot('results.png'), fullPage: true });
    await popupScreenshot(context, demoPage, extOrigin, shot('popup.png'));
    // Dark mode (issue #20): the engine's page keeps its own look; Resemble's labels follow the scheme.
    await demoPage.emulateMedia({ colorScheme: 'dark' });
    await demoPage.bringToFront();
    await demoPage.screenshot({ path: shot('results-dark.png'), fullPage: true });
    await demoPage.emulateMedia({ colorScheme: 'light' });
    await popupScreenshot(context, demoPage, extOrigin, shot('popup-dark.png'), 'dark');
    await optionsScreenshot(context, extOrigin, shot('options.png'), 'light');
    await optionsScreenshot(context, extOrigin, shot('options-dark.png'), 'dark');
    const welcome = await poll(10_000, async () => context.pages().find((p) => p.url() === `${extOrigin}welcome.html`));
    if (welcome) await welcome.screenshot({ path: shot('welcome.png'), fullPage: true });
    const shots = [
      'results.png',
      'popup.png',
      'results-dark.png',
      'popup-dark.png',
      'options.png',
      'options-dark.png',
      ...(welcome ? ['welcome.png'] : []),
    ].map(shot);
    const german = await germanScreenshots(opts);
    printReport(
      found,
      demo,
      [...shots, ...german].map((f) => relative(process.cwd(), f) || f),
    );
    say('');
    say(`Done in ${secs()}.`);
  } finally {
    await Promise.race([context.close().catch(() => {}), sleep(10_000)]);
    cleanup();
  }
}

main().then(
  () => process.exit(0),
  (e) => {
    const detail = e instanceof StartError || !process.env.RESEMBLE_DEBUG ? (e?.message ?? String(e)) : (e?.stack ?? String(e));
    console.error(`\nnpm start: ${detail}`);
    process.exit(1);
  },
);
