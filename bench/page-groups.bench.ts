/**
 * Issue #5's budget: from DOMContentLoaded to groups applied on a 10-result page, in headless Chromium
 * with the built extension (goal ≤ 50 ms median). Pages: the offline demo (Google's layout, 3 groups)
 * and the repo's saved Google page (real markup, no groups). Each load is a fresh navigation of the
 * same tab; the first load (which also starts the offscreen document and its Worker) is reported
 * apart. Peer measured in the same loads: DOMContentLoaded → the load event of the page itself.
 * Also reported: the layout shift (CLS) the page accumulates, for "no visible layout jump".
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
import { ensureBuilt, extensionDir, findChromium } from './ext-build';
import { median } from './timing';

const args = process.argv.slice(2);
const JSON_OUT = args.includes('--json');
// LOADS=n: more loads, for a steadier median on a noisy machine.
const LOADS = Number(process.env.LOADS) || (args.includes('--quick') ? 8 : 25);
const COLD_LOADS = args.includes('--quick') ? 3 : 10;
const repoRoot = process.env.RESEMBLE_ROOT ?? path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const requireFromRoot = createRequire(path.join(repoRoot, 'package.json'));
const log = (m: string): void => void process.stderr.write(`${m}\n`);

function finish(out: Record<string, unknown>, lines: string[]): never {
  if (lines.length) console.log(lines.join('\n'));
  if (JSON_OUT) console.log(JSON.stringify({ pageGroups: out }));
  process.exit(0);
}

const chromiumPath = findChromium();
if (!chromiumPath || args.includes('--no-extension')) {
  const why = chromiumPath ? '--no-extension' : 'no Chromium (sudo apt-get install -y chromium)';
  finish({ skipped: why }, [`groups on the page: skipped (${why})`]);
}

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
  for (const [name, url, expectGroups] of [['demo (10 results, 3 groups)', demo.searchUrl, true], ['saved Google page (8 results)', googleUrl, false]] as const) {
    const first = await loadOnce(page, url, expectGroups);
    const runs: Load[] = [];
    for (let i = 0; i < LOADS; i++) runs.push(await loadOnce(page, url, expectGroups));
    const applied = median(runs.map((r) => r.applied));
    const p90 = runs.map((r) => r.applied).sort((a, b) => a - b)[Math.floor(0.9 * (runs.length - 1))];
    const onload = median(runs.map((r) => r.onload));
    const cls = Math.max(...runs.map((r) => r.cls));
    out[name] = { firstMs: first.applied, medianMs: applied, p90Ms: p90, onloadMedianMs: onload, maxCls: cls, groups: runs[0].groups };
    lines.push(
      `  ${name}: median ${f1(applied)} ms (p90 ${f1(p90)}; goal ≤ 50: ${applied <= 50 ? 'met' : 'NOT met'}), first load ${f1(first.applied)} ms;` +
        ` peer DOMContentLoaded → load event ${f1(onload)} ms (ratio ${(applied / Math.max(onload, 0.01)).toFixed(2)}x); ` +
        `groups ${runs[0].groups}; worst CLS ${cls.toFixed(4)}`,
    );
  }
  // Cold: the service worker stopped before each load, as Chromium stops it after 30 s idle (the usual
  // case when a search starts). The content script wakes it at document_start.
  const cdp = await context.newCDPSession(page);
  const swTarget = async () => (await cdp.send('Target.getTargets')).targetInfos.find((t) => t.type === 'service_worker' && t.url.startsWith('chrome-extension://'));
  const cold: Load[] = [];
  for (let i = 0; i < COLD_LOADS; i++) {
    const t = await swTarget();
    if (t) await cdp.send('Target.closeTarget', { targetId: t.targetId });
    for (let w = 0; w < 100 && (await swTarget()); w++) await new Promise((r) => setTimeout(r, 20));
    cold.push(await loadOnce(page, demo.searchUrl, true));
  }
  const coldMedian = median(cold.map((r) => r.applied));
  out.coldDemo = { loads: COLD_LOADS, medianMs: coldMedian, maxMs: Math.max(...cold.map((r) => r.applied)) };
  lines.push(`  demo with the service worker stopped before each load (${COLD_LOADS} loads): median ${f1(coldMedian)} ms, worst ${f1(Math.max(...cold.map((r) => r.applied)))} ms`);
  return { out, lines };
}

let result: { out: Record<string, unknown>; lines: string[] } | undefined;
try {
  result = await main();
} catch (e) {
  log(`groups on the page: failed: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
}
await context?.close().catch(() => undefined);
fs.rmSync(tmp, { recursive: true, force: true });
if (!result) process.exit(1);
finish(result.out, result.lines);
