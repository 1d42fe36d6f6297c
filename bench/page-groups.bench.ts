/**
 * Issue #5's budget, tightened by issue #17 (the content script groups its page itself): from
 * DOMContentLoaded to groups applied on a 10-result page, in headless Chromium with the built
 * extension: median ≤ 10 ms with the service worker running, ≤ 15 ms with it stopped before each load
 * (Chromium stops it after 30 s idle: the usual case when a search starts). Pages: the offline demo
 * (Google's layout, 3 groups) and the repo's saved Google page (real markup, no groups). Each load is a
 * fresh navigation of the same tab; the first load is reported apart. Peer, in the same loads:
 * DOMContentLoaded → the page's own load event. Also the layout shift (CLS, a PerformanceObserver in
 * the page) in collapse and flag modes on the demo: goal ≤ 0.005, "no visible layout jump".
 *
 * `npm run bench` runs it after the other benches; flags: --json, --quick (fewer loads), --rebuild.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BrowserContext, Page } from '@playwright/test';
import { installDemoRoutes } from '../scripts/start-demo.mjs';
import { chromiumArgs } from '../scripts/start-browser.mjs';
import { ensureBuilt, extensionDir } from './ext-build';
import { extensionPart } from './part-kit';
import { median } from './timing';

/** The extension API, in functions evaluated in extension pages. */
declare const chrome: { runtime: { sendMessage: (m: unknown) => Promise<unknown> } };

const args = process.argv.slice(2);
// LOADS=n: more loads, for a steadier median on a noisy machine.
const LOADS = Number(process.env.LOADS) || (args.includes('--quick') ? 8 : 25);
const COLD_LOADS = args.includes('--quick') ? 3 : 10;
const repoRoot = process.env.RESEMBLE_ROOT ?? path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const requireFromRoot = createRequire(path.join(repoRoot, 'package.json'));
const log = (m: string): void => void process.stderr.write(`${m}\n`);

const { chromiumPath, run } = extensionPart('pageGroups', 'groups on the page', args);

/** Collected in the page from the start: layout shifts not caused by input. */
const CLS_SCRIPT = `(() => {
  window.__cls = 0;
  new PerformanceObserver((l) => { for (const e of l.getEntries()) if (!e.hadRecentInput) window.__cls += e.value; })
    .observe({ type: 'layout-shift', buffered: true });
})();`;

interface Load {
  applied: number;
  onload: number;
  cls: number;
  groups: number;
}

async function loadOnce(page: Page, url: string, expectGroups: boolean): Promise<Load> {
  await page.goto(url, { waitUntil: 'load' });
  await page.waitForFunction(() => document.documentElement.dataset.resembleApplied !== undefined, null, { timeout: 10_000 });
  if (expectGroups) await page.waitForTimeout(50); // the UI's shadow roots mount right after
  return page.evaluate(() => {
    const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
    const applied = Number(document.documentElement.dataset.resembleApplied);
    return {
      applied: applied - nav.domContentLoadedEventStart,
      onload: nav.loadEventStart - nav.domContentLoadedEventStart,
      cls: (window as unknown as { __cls: number }).__cls,
      groups: new Set([...document.querySelectorAll('[data-resemble-cluster]')].map((e) => e.getAttribute('data-resemble-cluster'))).size,
    };
  });
}

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'resemble-groups-bench-'));
let context: BrowserContext | undefined;
const f1 = (x: number) => x.toFixed(1);

async function main() {
  const build = ensureBuilt(repoRoot, args.includes('--rebuild'), log);
  const extDir = path.join(tmp, 'extension');
  fs.cpSync(extensionDir(repoRoot), extDir, { recursive: true });
  const { chromium } = requireFromRoot('@playwright/test') as typeof import('@playwright/test');
  context = await chromium.launchPersistentContext(path.join(tmp, 'profile'), { executablePath: chromiumPath, headless: true, args: chromiumArgs(extDir) });
  await context.addInitScript(CLS_SCRIPT);
  const demo = await installDemoRoutes(context);
  const google = fs.readFileSync(path.join(repoRoot, 'test/fixtures/serp/google-js.html'), 'utf8');
  const googleUrl = 'https://www.google.com/search?q=lighthouse+history&hl=en';
  await context.route(googleUrl, (r) => r.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: google }));
  const page = await context.newPage();
  const out: Record<string, unknown> = { build, loads: LOADS, chromium: context.browser()?.version() ?? 'unknown' };
  const lines = ['groups on the page (DOMContentLoaded → groups applied, headless Chromium, built extension):'];
  const pages = [
    ['demo (10 results, 3 groups)', demo.searchUrl, true],
    ['saved Google page (8 results)', googleUrl, false],
  ] as const;
  const collapseCls: number[] = [];
  for (const [name, url, expectGroups] of pages) {
    const first = await loadOnce(page, url, expectGroups);
    const runs: Load[] = [];
    for (let i = 0; i < LOADS; i++) runs.push(await loadOnce(page, url, expectGroups));
    const s = summary(runs);
    if (expectGroups) collapseCls.push(...runs.map((r) => r.cls), first.cls);
    out[name] = { firstMs: first.applied, medianMs: s.median, p90Ms: s.p90, onloadMedianMs: s.onload, maxCls: s.cls, groups: runs[0].groups };
    lines.push(
      `  ${name}: median ${f1(s.median)} ms (p90 ${f1(s.p90)}; goal ≤ ${WARM_GOAL_MS}: ${s.median <= WARM_GOAL_MS ? 'met' : 'NOT met'}), first load ${f1(first.applied)} ms;` +
        ` peer DOMContentLoaded → load event ${f1(s.onload)} ms (ratio ${(s.median / Math.max(s.onload, 0.01)).toFixed(2)}x); ` +
        `groups ${runs[0].groups}; worst CLS ${s.cls.toFixed(4)}`,
    );
  }
  // Cold: the service worker stopped (and seen gone) before each load. The page no longer waits for it:
  // the content script groups from storage, and wakes the worker only when it sends the results.
  const cdp = await context.newCDPSession(page);
  const swTarget = async () =>
    (await cdp.send('Target.getTargets')).targetInfos.find((t) => t.type === 'service_worker' && t.url.startsWith('chrome-extension://'));
  // Closed until seen gone (the last load's work may wake it again at once); false if it never was.
  const stopWorker = async () => {
    await new Promise((r) => setTimeout(r, 300)); // the last load's messages answered
    for (let tries = 0; tries < 5; tries++) {
      const t = await swTarget();
      if (!t) return true;
      await cdp.send('Target.closeTarget', { targetId: t.targetId }).catch(() => undefined);
      for (let w = 0; w < 50 && (await swTarget()); w++) await new Promise((r) => setTimeout(r, 20));
    }
    return !(await swTarget());
  };
  let notStopped = 0;
  const cold: Record<string, ReturnType<typeof summary>> = {};
  for (const [key, [name, url, expectGroups]] of [
    ['coldDemo', pages[0]],
    ['coldGoogle', pages[1]],
  ] as const) {
    const runs: Load[] = [];
    for (let i = 0; i < COLD_LOADS; i++) {
      if (!(await stopWorker())) notStopped++;
      runs.push(await loadOnce(page, url, expectGroups));
    }
    const s = (cold[key] = summary(runs));
    if (expectGroups) collapseCls.push(...runs.map((r) => r.cls));
    out[key] = { loads: COLD_LOADS, medianMs: s.median, maxMs: s.max, onloadMedianMs: s.onload, maxCls: s.cls };
    lines.push(
      `  ${name}, service worker stopped before each load (${COLD_LOADS} loads): median ${f1(s.median)} ms (goal ≤ ${COLD_GOAL_MS}: ${s.median <= COLD_GOAL_MS ? 'met' : 'NOT met'}), ` +
        `worst ${f1(s.max)} ms; peer DOMContentLoaded → load event ${f1(s.onload)} ms`,
    );
  }
  out.coldNotStopped = notStopped;
  if (notStopped) lines.push(`  (${notStopped} cold load(s) began with the service worker still running: it would not stay stopped)`);
  // Flag mode: copies labelled, not hidden; the labels must not push the page about either.
  await setDisplayMode(context, 'flag');
  const flagRuns: Load[] = [];
  for (let i = 0; i < Math.min(LOADS, 10); i++) flagRuns.push(await loadOnce(page, demo.searchUrl, true));
  await setDisplayMode(context, 'collapse');
  const flag = summary(flagRuns);
  out.flagDemo = { loads: flagRuns.length, medianMs: flag.median, onloadMedianMs: flag.onload, maxCls: flag.cls };
  const cls = { collapse: Math.max(...collapseCls), flag: flag.cls, collapseMedian: median(collapseCls), flagMedian: median(flagRuns.map((r) => r.cls)) };
  out.cls = cls;
  lines.push(`  demo in flag mode (${flagRuns.length} loads): median ${f1(flag.median)} ms; peer ${f1(flag.onload)} ms`);
  lines.push(
    `  layout shift on the demo, worst load: collapse ${cls.collapse.toFixed(4)}, flag ${cls.flag.toFixed(4)} (goal ≤ ${CLS_GOAL}); ` +
      `median load: collapse ${cls.collapseMedian.toFixed(4)}, flag ${cls.flagMedian.toFixed(4)}`,
  );
  // Issue #38: every copycat list kept at the lists' budget (LISTS_BUDGET: what 20 synced subscriptions
  // to 2 MB lists are cut to), which each results page reads at document_start.
  const atBudget = await withListsAtBudget(context, async () => {
    const runs: Load[] = [];
    for (let i = 0; i < Math.min(LOADS, 10); i++) runs.push(await loadOnce(page, demo.searchUrl, true));
    return summary(runs);
  });
  out.listsAtBudget = {
    loads: atBudget.runs,
    sites: atBudget.sites,
    mb: atBudget.mb,
    medianMs: atBudget.s.median,
    maxMs: atBudget.s.max,
    onloadMedianMs: atBudget.s.onload,
  };
  lines.push(
    `  demo with the copycat lists at their budget (${atBudget.sites.toLocaleString('en')} sites, ${atBudget.mb.toFixed(1)} MB, ${atBudget.runs} loads): ` +
      `median ${f1(atBudget.s.median)} ms, worst ${f1(atBudget.s.max)} ms (goal ≤ ${LISTS_GOAL_MS}: ${atBudget.s.max <= LISTS_GOAL_MS ? 'met' : 'NOT met'}); peer ${f1(atBudget.s.onload)} ms`,
  );
  const demoWarm = (out[pages[0][0]] as { medianMs: number }).medianMs;
  const googleWarm = (out[pages[1][0]] as { medianMs: number }).medianMs;
  const goal = (target: number, value: number) => ({ target, value: Number(value.toFixed(4)), met: value <= target });
  out.goals = {
    warmDemoMs: goal(WARM_GOAL_MS, demoWarm),
    warmGoogleMs: goal(WARM_GOAL_MS, googleWarm),
    coldDemoMs: goal(COLD_GOAL_MS, cold.coldDemo.median),
    coldGoogleMs: goal(COLD_GOAL_MS, cold.coldGoogle.median),
    clsCollapse: goal(CLS_GOAL, cls.collapse),
    clsFlag: goal(CLS_GOAL, cls.flag),
    listsAtBudgetMs: goal(LISTS_GOAL_MS, atBudget.s.max),
  };
  return { out, lines };
}

const WARM_GOAL_MS = 10;
const COLD_GOAL_MS = 15;
const CLS_GOAL = 0.005;
/** Issue #38: groups within 300 ms of DOMContentLoaded with the largest lists allowed. */
const LISTS_GOAL_MS = 300;

/** Runs `f` with storage.local's copycat lists filled to LISTS_BUDGET (site names of a common length), then empties them. */
async function withListsAtBudget<T>(ctx: BrowserContext, f: () => Promise<T>): Promise<{ s: T; sites: number; mb: number; runs: number }> {
  const { LISTS_BUDGET, packSites } = await import('../lib/copycat/listed');
  const { COPYCAT_LISTS_KEY } = await import('../lib/copycat/table');
  const lists: { name: string; at: number; count: number; sites: string; sub: string }[] = [];
  let sites = 0;
  let bytes = 0;
  for (let k = 0; k < 20 && sites < LISTS_BUDGET.sites; k++) {
    const names: string[] = [];
    for (let i = 0; i < LISTS_BUDGET.sites / 20; i++) names.push(`c${(k * 1e6 + i).toString(36)}.example`);
    const packed = packSites(names);
    if (bytes + packed.sites.length > LISTS_BUDGET.bytes) break;
    lists.push({ name: `List ${k}`, at: Date.now(), ...packed, sub: `https://lists.example/${k}.txt` });
    sites += packed.count;
    bytes += packed.sites.length;
  }
  const sw = ctx.serviceWorkers().find((w) => w.url().startsWith('chrome-extension://')) ?? (await ctx.waitForEvent('serviceworker'));
  await sw.evaluate(
    ([k, v]) => (globalThis as unknown as { chrome: { storage: { local: { set(x: object): Promise<void> } } } }).chrome.storage.local.set({ [k as string]: v }),
    [COPYCAT_LISTS_KEY, lists] as const,
  );
  try {
    return { s: await f(), sites, mb: bytes / 1e6, runs: Math.min(LOADS, 10) };
  } finally {
    await sw.evaluate(
      (k) => (globalThis as unknown as { chrome: { storage: { local: { remove(x: string): Promise<void> } } } }).chrome.storage.local.remove(k),
      COPYCAT_LISTS_KEY,
    );
  }
}

function summary(runs: Load[]) {
  const applied = runs.map((r) => r.applied).sort((a, b) => a - b);
  return {
    median: median(applied),
    p90: applied[Math.floor(0.9 * (applied.length - 1))],
    max: applied[applied.length - 1],
    onload: median(runs.map((r) => r.onload)),
    cls: Math.max(...runs.map((r) => r.cls)),
  };
}

/** The display mode, set as the options page sets it (settings/set from an extension page). */
async function setDisplayMode(ctx: BrowserContext, mode: 'collapse' | 'flag'): Promise<void> {
  const sw = ctx.serviceWorkers().find((w) => w.url().startsWith('chrome-extension://')) ?? (await ctx.waitForEvent('serviceworker'));
  const ext = await ctx.newPage();
  try {
    await ext.goto(`chrome-extension://${new URL(sw.url()).host}/popup.html`);
    const reply = await ext.evaluate((m) => chrome.runtime.sendMessage({ type: 'settings/set', payload: { displayMode: m } }), mode);
    if (!(reply as { ok?: boolean } | undefined)?.ok) throw new Error(`settings/set displayMode ${mode}: ${JSON.stringify(reply)}`);
  } finally {
    await ext.close();
  }
}

await run(main, async () => {
  await context?.close().catch(() => undefined);
  fs.rmSync(tmp, { recursive: true, force: true });
});
