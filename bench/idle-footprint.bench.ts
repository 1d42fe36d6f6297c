/**
 * Issue #29, idle footprint: what the extension holds when nothing happens, in headless Chromium with
 * the built extension (page checking on). Two browsers in the same run: the offscreen document closed
 * when idle (the default, a minute) and kept open forever (the period set to 2^31 ms through the test
 * hook: the code before issue #29). Each loads the offline demo's results page, its 10 pages served at
 * real size (bench/real-size-pages.ts) and checked; then it is measured, left alone two minutes, and
 * measured again; then a second results page is checked (the Worker reopened, or warm).
 * Bytes: the renderer processes of this browser that Chromium runs extension pages in
 * (`--extension-process`; the service worker, the offscreen document and its Worker share one), VmRSS
 * and Pss (/proc/<pid>/smaps_rollup); CPU seconds from CDP SystemInfo.getProcessInfo. JS heaps: CDP
 * Runtime.getHeapUsage of the service worker and the offscreen document (the main thread's isolate). Playwright stays attached to the service worker, which keeps it
 * from stopping (in use it stops after 30 s idle, and the document then closes by itself).
 * `npm run bench` runs it; flags: --json ({"idleFootprint": …} last), --quick (20 s period, 40 s idle), --rebuild.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BrowserContext, CDPSession, Worker as PwWorker } from '@playwright/test';
import { installDemoRoutes } from '../scripts/start-demo.mjs';
import { chromiumArgs } from '../scripts/start-browser.mjs';
import { ensureBuilt, extensionDir } from './ext-build';
import { extensionPart } from './part-kit';
import { confirmRound, routePages } from './confirm-round';
import { realSizePage } from './real-size-pages';

declare const chrome: typeof import('wxt/browser').Browser;
type Hook = { offscreenIdle(ms: number): Promise<void>; offscreenCount(): Promise<number>; ping(): Promise<void> };

const args = process.argv.slice(2);
const QUICK = args.includes('--quick');
const IDLE_MS = QUICK ? 20_000 : 60_000;
const WAIT_MS = QUICK ? 40_000 : 120_000;
const NEVER = 2 ** 31 - 1;
const repoRoot = process.env.RESEMBLE_ROOT ?? path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const requireFromRoot = createRequire(path.join(repoRoot, 'package.json'));
const log = (m: string): void => void process.stderr.write(`${m}\n`);
const mb = (kb: number) => Number((kb / 1024).toFixed(1));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const { chromiumPath, run } = extensionPart('idleFootprint', 'idle footprint', args);

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'resemble-idle-bench-'));
const contexts: BrowserContext[] = [];

/** kB from a /proc file's "Key:   123 kB" line. */
function kb(file: string, key: string): number {
  const m = fs.readFileSync(file, 'utf8').match(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm'));
  return m ? Number(m[1]) : 0;
}

/** This browser's extension renderers (its profile directory is on every child's command line). */
function extensionPids(profile: string): number[] {
  return execFileSync('ps', ['-eo', 'pid=,args='], { encoding: 'utf8' })
    .split('\n')
    .filter((l) => l.includes(`--user-data-dir=${profile} `) && l.includes('--type=renderer') && l.includes('--extension-process'))
    .map((l) => Number(l.trim().split(/\s+/)[0]));
}

/** Runtime.getHeapUsage over a browser session (non-flat: Playwright's session has no child sessions). */
async function heapOf(cdp: CDPSession, targetId: string): Promise<number | undefined> {
  const { sessionId } = await cdp.send('Target.attachToTarget', { targetId, flatten: false });
  try {
    const answer = new Promise<{ result?: { usedSize: number } }>((resolve) => {
      const on = (e: { sessionId: string; message: string }) => {
        const m = JSON.parse(e.message);
        if (e.sessionId !== sessionId || m.id !== 1) return;
        cdp.off('Target.receivedMessageFromTarget', on);
        resolve(m);
      };
      cdp.on('Target.receivedMessageFromTarget', on);
    });
    await cdp.send('Target.sendMessageToTarget', { sessionId, message: JSON.stringify({ id: 1, method: 'Runtime.getHeapUsage' }) });
    return (await Promise.race([answer, sleep(5000).then(() => ({}) as { result?: { usedSize: number } })])).result?.usedSize;
  } finally {
    await cdp.send('Target.detachFromTarget', { sessionId }).catch(() => undefined);
  }
}

interface Snapshot {
  processes: number;
  rssMB: number;
  pssMB: number;
  cpuS: number;
  offscreen: number;
  heapMB: { serviceWorker?: number; offscreen?: number };
}

async function measure(run: Run): Promise<Snapshot> {
  const pids = extensionPids(run.profile);
  const cdp = await run.context.browser()!.newBrowserCDPSession();
  try {
    const { processInfo } = (await cdp.send('SystemInfo.getProcessInfo')) as { processInfo: { id: number; cpuTime: number }[] };
    const { targetInfos } = await cdp.send('Target.getTargets');
    // The sketch Worker's own heap is not read: its target, listed without a URL at the browser's level, does not answer there.
    const ours = targetInfos.filter((t) => t.url.startsWith(`chrome-extension://${run.extId}/`));
    const heap = async (pick: (t: (typeof ours)[number]) => boolean) => {
      const t = ours.find(pick);
      const used = t ? await heapOf(cdp, t.targetId) : undefined;
      return used === undefined ? undefined : Number((used / 1048576).toFixed(1));
    };
    return {
      processes: pids.length,
      rssMB: mb(pids.reduce((s, p) => s + kb(`/proc/${p}/status`, 'VmRSS'), 0)),
      pssMB: mb(pids.reduce((s, p) => s + kb(`/proc/${p}/smaps_rollup`, 'Pss'), 0)),
      cpuS: Number(
        processInfo
          .filter((p) => pids.includes(p.id))
          .reduce((s, p) => s + p.cpuTime, 0)
          .toFixed(2),
      ),
      offscreen: ours.filter((t) => t.url.includes('/offscreen.html')).length,
      heapMB: {
        serviceWorker: await heap((t) => t.type === 'service_worker'),
        offscreen: await heap((t) => t.url.includes('/offscreen.html')),
      },
    };
  } finally {
    await cdp.detach().catch(() => undefined);
  }
}

interface Run {
  label: 'idleClose' | 'keptOpen';
  context: BrowserContext;
  profile: string;
  extId: string;
  sw: PwWorker;
  urls: string[];
  searchUrl: string;
  doneAt: number;
}

const inSw = <R, A>(sw: PwWorker, fn: (hook: Hook, a: A) => Promise<R>, a: A): Promise<R> =>
  sw.evaluate(
    async ([src, arg]) => {
      const h = (globalThis as unknown as { __resemble: Hook }).__resemble;
      // biome-ignore lint/security/noGlobalEval: the bench's own function, sent as source into the service worker it measures
      return (0, eval)(`(${src})`)(h, arg);
    },
    [fn.toString(), a] as const,
  ) as Promise<R>;

/** A browser with page checking on, the idle period set, one results page checked; no extension page left open. */
async function start(label: Run['label'], idleMs: number): Promise<Run & { checkMs: number }> {
  const extDir = path.join(tmp, `extension-${label}`);
  fs.cpSync(extensionDir(repoRoot, true), extDir, { recursive: true });
  const profile = path.join(tmp, `profile-${label}`);
  const { chromium } = requireFromRoot('@playwright/test') as typeof import('@playwright/test');
  const context = await chromium.launchPersistentContext(profile, { executablePath: chromiumPath, headless: true, args: chromiumArgs(extDir) });
  contexts.push(context);
  const demo = await installDemoRoutes(context);
  const pages = await routePages(context, new Map(demo.results.map((r, i) => [new URL(r.url).href, realSizePage(r.html, i)])));
  pages.use('real');
  const sw = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
  const extId = new URL(sw.url()).host;
  for (let i = 0; i < 100 && !(await sw.evaluate(() => '__resemble' in globalThis)); i++) await sleep(50);
  await inSw(sw, (h, ms) => h.offscreenIdle(ms), idleMs);
  const options = await context.newPage();
  await options.goto(`chrome-extension://${extId}/options.html`);
  await options.evaluate(() => chrome.runtime.sendMessage({ type: 'settings/set', payload: { pageChecking: true, pageCheckingAsked: true } }));
  const urls = demo.results.map((r) => r.url);
  const round = await confirmRound(context, options, sw, demo.searchUrl, urls);
  // Extension pages share the measured process (the welcome tab, the options page): closed.
  for (const p of context.pages()) if (p.url().startsWith('chrome-extension://')) await p.close();
  return { label, context, profile, extId, sw, urls, searchUrl: demo.searchUrl, doneAt: Date.now(), checkMs: round.ms };
}

/** A second results page checked after the idle wait (the Worker made again, or warm), its options page closed after. */
async function checkAgain(run: Run): Promise<number> {
  const options = await run.context.newPage();
  await options.goto(`chrome-extension://${run.extId}/options.html`);
  try {
    return (await confirmRound(run.context, options, run.sw, run.searchUrl, run.urls)).ms;
  } finally {
    await options.close();
  }
}

async function main() {
  const build = ensureBuilt(repoRoot, args.includes('--rebuild'), log, true);
  const lines = [`idle footprint (headless Chromium, extension processes, page checking on; idle close after ${IDLE_MS / 1000} s; ${WAIT_MS / 1000} s idle):`];
  const out: Record<string, unknown> = { build, idleMs: IDLE_MS, idleWaitMs: WAIT_MS };
  // Both browsers set up one after the other (their checks not competing), then idle side by side.
  const runs = [await start('keptOpen', NEVER), await start('idleClose', IDLE_MS)];
  await sleep(2000); // the last regroup's writes settle
  const after = await Promise.all(runs.map(measure));
  await sleep(Math.max(0, Math.max(...runs.map((r) => r.doneAt)) + WAIT_MS - Date.now()));
  const idle = await Promise.all(runs.map(measure));
  const again: number[] = [];
  for (const r of runs) again.push(await checkAgain(r));
  for (const [i, r] of runs.entries()) {
    out[r.label] = { afterResults: after[i], afterIdle: idle[i], checkMs: r.checkMs, checkAfterIdleMs: again[i] };
    const s = (x: Snapshot) =>
      `${x.processes} process${x.processes === 1 ? '' : 'es'} RSS ${x.rssMB} MB, PSS ${x.pssMB} MB; heaps: service worker ${x.heapMB.serviceWorker ?? '–'} MB, ` +
      `document ${x.heapMB.offscreen ?? '–'} MB; ${x.offscreen} offscreen document`;
    lines.push(`  ${r.label === 'idleClose' ? 'closed when idle' : 'kept open (before)'}: after the results page ${s(after[i])}`);
    lines.push(`    after ${WAIT_MS / 1000} s idle ${s(idle[i])}; next results page checked in ${again[i]} ms (first ${r.checkMs} ms)`);
  }
  const saved = { pssMB: Number((idle[0].pssMB - idle[1].pssMB).toFixed(1)), rssMB: Number((idle[0].rssMB - idle[1].rssMB).toFixed(1)) };
  out.savedAfterIdle = saved;
  lines.push(
    `  saved after ${WAIT_MS / 1000} s idle: PSS ${saved.pssMB} MB, RSS ${saved.rssMB} MB; the next check ${again[1] - again[0]} ms slower (the document reopened)`,
  );
  return { out, lines };
}

await run(main, async () => {
  for (const c of contexts) await c.close().catch(() => undefined);
  fs.rmSync(tmp, { recursive: true, force: true });
});
