/**
 * Extension runtime figures, measured inside the built extension's service worker in Chromium:
 * round trips background → offscreen document → Worker → background (through the test hook
 * `globalThis.__resemble.sketch`) for a batch of 10 snippets and for one ~200 KB HTML page, with the
 * same sketching done directly (in the service worker and in Node) as peers; then the IndexedDB store
 * with 10,000 stored page sketches: writes, `similar` queries and bytes per page. Also the bytes of
 * storage.session one results tab takes, for pages of 100 to 1,000 results (bench/session-bytes.ts).
 *
 * `npm run bench` (bench/run.mjs) bundles this file with esbuild and runs it after the sketch bench.
 * Flags: --json (one JSON object `{"extension": {...}}` last on stdout), --quick (skips this part unless
 * --extension is given too, then a short run), --no-extension (skip), --stored=N (store size),
 * --fill=mixed|remember|put|seed, --concurrency=N and --put-concurrency=N (how the store is filled, see
 * FILL_MODE), --rebuild (always run `wxt build`). $RESEMBLE_CHROMIUM overrides /usr/bin/chromium.
 * The timing loops run in the service worker (bench/extension-sw.mjs, evaluated there over DevTools),
 * so none of Playwright's own traffic is counted. Without Chromium the part is skipped (exit 0).
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BrowserContext, Worker as PwWorker } from '@playwright/test';
import { PAGE_OPTIONS, SNIPPET_OPTIONS, serializeSketch, sketch } from '../lib/index';
import { rng, snippets } from './corpus';
import { htmlPage } from './html-page';
import { median } from './timing';
import { chromiumArgs } from '../scripts/start-browser.mjs';
import { ensureBuilt as ensureBuiltAt, extensionDir, findChromium } from './ext-build';
import { type TabBytes, sessionBytesPerTab } from './session-bytes';

const args = process.argv.slice(2);
const JSON_OUT = args.includes('--json');
const QUICK = args.includes('--quick');
const flagNum = (name: string, def: number): number => {
  const v = Number.parseInt(args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? '', 10);
  return Number.isInteger(v) && v > 0 ? v : def;
};
const repoRoot = process.env.RESEMBLE_ROOT ?? path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// The bundle runs from a temporary directory: packages resolve from the repository.
const requireFromRoot = createRequire(path.join(repoRoot, 'package.json'));
const log = (msg: string): void => void process.stderr.write(`${msg}\n`);
const KIT_GLOBAL = '__resembleBench';

const CFG = QUICK
  ? { rounds: 1, snippetRuns: 20, snippetWarm: 5, pageRuns: 5, pageWarm: 2, directSamples: 5, stored: flagNum('stored', 300), seq: 20, queries: 20 }
  : { rounds: 5, snippetRuns: 40, snippetWarm: 30, pageRuns: 10, pageWarm: 5, directSamples: 15, stored: flagNum('stored', 10_000), seq: 100, queries: 100 };
/**
 * How the store is filled. A page record carries ~90 multiEntry index keys (its candidate-index
 * prefix), and those make every write slow: 3-15 ms per record here, in bulk transactions too, against
 * ~0.2 ms for the same records without keys. So by default ('mixed') the first REMEMBER_FILL pages go
 * through the hook's `remember` (Worker sketch + put: its throughput is a figure) and the rest are
 * seeded in bulk transactions with the records `put` would write (setup, so that put and similar are
 * timed with the store full); --fill=remember or --fill=put write all of them through that call
 * (minutes), --fill=seed seeds all.
 */
const FILL_MODE = (args.find((a) => a.startsWith('--fill='))?.slice(7) ?? 'mixed') as 'mixed' | 'remember' | 'put' | 'seed';
if (!['mixed', 'remember', 'put', 'seed'].includes(FILL_MODE)) throw new Error(`--fill must be mixed, remember, put or seed, got ${FILL_MODE}`);
const REMEMBER_FILL = QUICK ? 100 : 500;
/** Calls in flight at once while filling: `remember` (--concurrency=N) and `put` (--put-concurrency=N). */
const FILL_CONCURRENCY = flagNum('concurrency', 50);
const PUT_CONCURRENCY = flagNum('put-concurrency', 8);
/** Calls per evaluate while filling (progress is shown between them). */
const FILL_CHUNK = 500;
/** Records per transaction when seeding. */
const SEED_PER_TX = 250;
/** Settings cap on the store during the run (the most the options allow): the fill must not be evicted. */
const CACHE_MB = 500;
const DEFAULT_CACHE_MB = 20;
const PAGE_TARGET_BYTES = 200 * 1024;

// --- Output ----------------------------------------------------------------------------------------

function finish(extension: Record<string, unknown>, lines: string[]): never {
  if (lines.length) console.log(lines.join('\n'));
  if (JSON_OUT) console.log(JSON.stringify({ extension }));
  process.exit(0);
}
function skip(reason: string): never {
  finish({ skipped: reason }, [`extension runtime: skipped (${reason})`]);
}

if (args.includes('--no-extension')) skip('--no-extension');
if (QUICK && !args.includes('--extension')) skip('--quick; add --extension for a short run');

const chromiumPath = findChromium();
if (!chromiumPath) {
  skip(`${process.env.RESEMBLE_CHROMIUM || '/usr/bin/chromium'} not found; install it with: sudo apt-get update && sudo apt-get install -y chromium`);
}

// --- Statistics --------------------------------------------------------------------------------------

interface Stat {
  median: number;
  p90: number;
  mean: number;
  n: number;
}
const round4 = (x: number): number => Number(x.toPrecision(4));
function stat(xs: readonly number[]): Stat {
  const s = [...xs].sort((a, b) => a - b);
  return {
    median: round4(median(s)),
    p90: round4(s[Math.max(0, Math.ceil(0.9 * s.length) - 1)]),
    mean: round4(s.reduce((a, b) => a + b, 0) / s.length),
    n: s.length,
  };
}
const ms = (x: number): string =>
  x < 0 ? `−${ms(-x)}` : x >= 100 ? `${x.toFixed(0)} ms` : x >= 10 ? `${x.toFixed(1)} ms` : x >= 0.1 ? `${x.toFixed(2)} ms` : `${(x * 1000).toFixed(1)} µs`;
const times = (x: number): string => `${x >= 10 ? x.toFixed(0) : x.toFixed(2)}x`;
const int = (x: number): string => Math.round(x).toLocaleString('en-US');

// --- Inputs ------------------------------------------------------------------------------------------

interface Item {
  text: string;
  format?: 'auto' | 'text' | 'html';
}

/** 20 result pages of 10 results each: a title of 5-9 words and a snippet of 24-32 words. */
function snippetBatches(): Item[][] {
  const rand = rng(7);
  const batches: Item[][] = [];
  for (let b = 0; b < 20; b++) {
    const batch: Item[] = [];
    for (let k = 0; k < 10; k++) {
      const seed = 1000 + b * 10 + k;
      const title = snippets(1, 5 + Math.floor(rand() * 5), seed)[0]
        .replace(/ \.\.\.$/, '')
        .replace(/[.?!"]+$/, '')
        .replace(/\b[a-z]/g, (c) => c.toUpperCase());
      batch.push({ text: `${title}\n${snippets(1, 24 + Math.floor(rand() * 9), seed + 5000)[0]}` });
    }
    batches.push(batch);
  }
  return batches;
}

// --- Node peer -----------------------------------------------------------------------------------------

/** What the sketch Worker does with each item (lib/worker/handle.ts): sketch, then serialize. */
function sketchItems(items: readonly Item[], kind: 'snippet' | 'page'): number {
  const o = kind === 'snippet' ? SNIPPET_OPTIONS : PAGE_OPTIONS;
  let n = 0;
  for (const item of items) n += serializeSketch(sketch(item.text, { ...o, format: item.format ?? 'auto' })).byteLength;
  return n;
}
let _sinkNode = 0;
/** Like bench/extension-sw.mjs `direct`: each sample times `reps` batches (≥ minMs), ms per batch. */
function nodeDirect(batches: readonly Item[][], kind: 'snippet' | 'page', samples: number, minMs: number): number[] {
  let reps = 1;
  for (let r = 0, t0 = performance.now(); performance.now() - t0 < 10 * minMs; r++) _sinkNode += sketchItems(batches[r % batches.length], kind); // warm-up
  for (;;) {
    const t0 = performance.now();
    for (let r = 0; r < reps; r++) _sinkNode += sketchItems(batches[r % batches.length], kind);
    if (performance.now() - t0 >= minMs || reps >= 1 << 20) break;
    reps *= 2;
  }
  const out: number[] = [];
  for (let s = 0; s < samples; s++) {
    const t0 = performance.now();
    for (let r = 0; r < reps; r++) _sinkNode += sketchItems(batches[(s + r) % batches.length], kind);
    out.push((performance.now() - t0) / reps);
  }
  return out;
}

// --- Build and browser ---------------------------------------------------------------------------------

const EXT_SRC = extensionDir(repoRoot);
const ensureBuilt = () => ensureBuiltAt(repoRoot, args.includes('--rebuild'), log);

/** The measuring code for the service worker: bench/extension-sw.mjs with lib, as one script. */
async function kitSource(): Promise<string> {
  const { build } = requireFromRoot('esbuild') as typeof import('esbuild');
  const out = await build({
    entryPoints: [path.join(repoRoot, 'bench/extension-sw.mjs')],
    bundle: true,
    write: false,
    format: 'iife',
    globalName: KIT_GLOBAL,
    platform: 'browser',
    target: 'es2022',
    logLevel: 'warning',
    // bench/corpus.ts reads files for its real-text pages (node:fs), which the worker never asks for.
    plugins: [
      {
        name: 'no-node-builtins',
        setup(b) {
          b.onResolve({ filter: /^node:/ }, (a) => ({ path: a.path, namespace: 'node-stub' }));
          b.onLoad({ filter: /.*/, namespace: 'node-stub' }, () => ({ contents: 'export default {};', loader: 'js' }));
        },
      },
    ],
  });
  // An expression (what evaluate expects) that defines the kit on the worker's global.
  return `(() => {\n${out.outputFiles[0].text}\nglobalThis.${KIT_GLOBAL} = ${KIT_GLOBAL};\nreturn true;\n})()`;
}

const started = performance.now();
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'resemble-ext-bench-'));
let context: BrowserContext | undefined;

interface Result {
  extension: Record<string, unknown>;
  lines: string[];
}

async function main(): Promise<Result> {
  const buildState = ensureBuilt();
  // A private copy: a build started elsewhere meanwhile cannot change the extension under the browser.
  const extDir = path.join(tmp, 'extension');
  fs.cpSync(EXT_SRC, extDir, { recursive: true });
  for (const f of ['manifest.json', 'background.js', 'offscreen.html', 'sketch-worker.js']) {
    if (!fs.existsSync(path.join(extDir, f))) throw new Error(`the built extension has no ${f} (a build running elsewhere?): run \`npx wxt build\``);
  }
  const kit = await kitSource();

  const { chromium } = requireFromRoot('@playwright/test') as typeof import('@playwright/test');
  log(`extension: launching ${chromiumPath}...`);
  context = await chromium.launchPersistentContext(path.join(tmp, 'profile'), {
    executablePath: chromiumPath,
    headless: true,
    args: chromiumArgs(extDir),
  });
  const ctx = context;
  const version = ctx.browser()?.version() ?? 'unknown version';
  const findSw = () => ctx.serviceWorkers().find((w) => w.url().startsWith('chrome-extension://') && w.url().endsWith('/background.js'));
  const worker = async (): Promise<PwWorker> =>
    findSw() ?? (await ctx.waitForEvent('serviceworker', { predicate: (w) => w.url().endsWith('/background.js'), timeout: 30_000 }));
  const extId = new URL((await worker()).url()).host;

  /** Runs one kit function in the service worker (re-injecting the kit if the worker was restarted). */
  const call = async <T>(fn: string, ...fnArgs: unknown[]): Promise<T> => {
    for (let attempt = 0; ; attempt++) {
      const sw = await worker();
      const res = await sw.evaluate(
        async ([g, name, a]) => {
          const k = (globalThis as Record<string, unknown>)[g as string] as Record<string, (...x: unknown[]) => unknown> | undefined;
          if (!k) return { missing: true };
          return { value: await k[name as string](...(a as unknown[])) };
        },
        [KIT_GLOBAL, fn, fnArgs] as const,
      );
      if (!('missing' in res)) return res.value as T;
      if (attempt > 0) throw new Error('the measuring code could not be installed in the service worker');
      await sw.evaluate(kit);
    }
  };
  if (!(await (await worker()).evaluate(() => typeof (globalThis as { __resemble?: unknown }).__resemble === 'object'))) {
    throw new Error('the service worker has no globalThis.__resemble (entrypoints/background/test-hook.ts)');
  }

  // Inputs.
  const batches = snippetBatches();
  const html = htmlPage(PAGE_TARGET_BYTES);
  const pageBatches: Item[][] = [[{ text: html, format: 'html' }]];
  const snippetWords = batches.flat().reduce((n, it) => n + it.text.split(/\s+/).filter(Boolean).length, 0) / (batches.length * 10);
  const snippetBytes = batches.reduce((n, b) => n + b.reduce((m, it) => m + Buffer.byteLength(it.text), 0), 0) / batches.length;
  const pageSketch = sketch(html, { ...PAGE_OPTIONS, format: 'html' });

  // Round trips, interleaved by round with the direct peers so drift in machine speed falls on all.
  log(`extension: Chromium ${version}, extension ${extId}; round trips (${CFG.rounds} round(s))...`);
  const coldMs = await call<number>('coldCall', batches[0], 'snippet');
  type RT = { ms: number[]; bytes: number; tokens: number; truncated: number };
  const samples = {
    snipRt: [] as number[],
    snipSw: [] as number[],
    snipNode: [] as number[],
    pageRt: [] as number[],
    pageSw: [] as number[],
    pageNode: [] as number[],
  };
  let lastSnip: RT | undefined;
  let lastPage: RT | undefined;
  for (let r = 0; r < CFG.rounds; r++) {
    lastSnip = await call<RT>('roundTrips', batches, 'snippet', CFG.snippetRuns, r === 0 ? CFG.snippetWarm : 3);
    samples.snipRt.push(...lastSnip.ms);
    samples.snipSw.push(...(await call<{ ms: number[] }>('direct', batches, 'snippet', CFG.directSamples, 5)).ms);
    samples.snipNode.push(...nodeDirect(batches, 'snippet', CFG.directSamples, 5));
    lastPage = await call<RT>('roundTrips', pageBatches, 'page', CFG.pageRuns, r === 0 ? CFG.pageWarm : 1);
    samples.pageRt.push(...lastPage.ms);
    samples.pageSw.push(...(await call<{ ms: number[] }>('direct', pageBatches, 'page', CFG.directSamples, 10)).ms);
    samples.pageNode.push(...nodeDirect(pageBatches, 'page', CFG.directSamples, 10));
  }
  if (lastPage!.truncated) throw new Error('the page was truncated by the Worker');
  if (lastPage!.tokens !== pageSketch.tokens) throw new Error(`the Worker read ${lastPage!.tokens} words of the page, Node ${pageSketch.tokens}`);

  // Store: raise the cache limit through the options page's own message (so the fill is not evicted).
  const page = await ctx.newPage();
  await page.goto(`chrome-extension://${extId}/options.html`);
  const reply = (await page.evaluate(
    (mb) =>
      (globalThis as unknown as { chrome: { runtime: { sendMessage(m: unknown): Promise<unknown> } } }).chrome.runtime.sendMessage({
        type: 'settings/set',
        payload: { cacheMaxMB: mb },
      }),
    CACHE_MB,
  )) as { ok?: boolean; error?: unknown };
  await page.close();
  if (!reply?.ok) throw new Error(`settings/set cacheMaxMB failed: ${JSON.stringify(reply)}`);
  const maxBytes = CACHE_MB * 1024 * 1024;

  const diskBefore = await call<{ usage: number; indexedDB?: number }>('diskUsage');
  const N = CFG.stored;
  const viaRemember = FILL_MODE === 'remember' ? N : FILL_MODE === 'mixed' ? Math.min(N, REMEMBER_FILL) : 0;
  const viaPut = FILL_MODE === 'put' ? N : 0;
  interface Fill {
    count: number;
    ms: number;
    latency: number[];
    rates: number[];
  }
  const fillBy = async (fn: 'fill' | 'fillPuts', from: number, to: number, concurrency: number): Promise<Fill> => {
    const f: Fill = { count: to - from, ms: 0, latency: [], rates: [] };
    for (let at = from; at < to; at += FILL_CHUNK) {
      const count = Math.min(FILL_CHUNK, to - at);
      const res = await call<{ latency: number[]; ms: number }>(fn, at, count, concurrency, maxBytes);
      f.latency.push(...res.latency);
      f.ms += res.ms;
      f.rates.push(count / (res.ms / 1e3));
      log(`  ${int(at + count)} stored, ${int(count / (res.ms / 1e3))}/s (${fn === 'fill' ? 'remember' : 'put'})`);
    }
    return f;
  };
  log(
    `extension: storing ${int(N)} page sketches: ${int(viaRemember)} through remember() (${FILL_CONCURRENCY} in flight), ` +
      `${int(viaPut)} through the store's put() (${PUT_CONCURRENCY} in flight), ${int(N - viaRemember - viaPut)} seeded in bulk...`,
  );
  const fillRemember = await fillBy('fill', 0, viaRemember, FILL_CONCURRENCY);
  const fillPut = await fillBy('fillPuts', viaRemember, viaRemember + viaPut, PUT_CONCURRENCY);
  const seeded = N - viaRemember - viaPut;
  let seedMs = 0;
  for (let at = viaRemember + viaPut; at < N; at += 2 * FILL_CHUNK) {
    const count = Math.min(2 * FILL_CHUNK, N - at);
    const res = await call<{ ms: number }>('seed', at, count, SEED_PER_TX, maxBytes);
    seedMs += res.ms;
    log(`  ${int(at + count)} stored, ${int(count / (res.ms / 1e3))}/s (seeded)`);
  }
  const filled = await call<{ entries: number; bytes: number }>('usage');
  if (filled.entries !== N) throw new Error(`the store holds ${filled.entries} records after storing ${N}`);
  const probe = await call<{ hasPage?: boolean; tokens?: number } | undefined>('recall', N - 1);
  if (!probe?.hasPage) throw new Error(`recall of the last stored page failed: ${JSON.stringify(probe)}`);

  const diskAfter = await call<{ usage: number; indexedDB?: number }>('diskUsage');
  const diskBytes = (diskAfter.indexedDB ?? diskAfter.usage) - (diskBefore.indexedDB ?? diskBefore.usage);
  log('extension: store timings with the store full...');
  const fresh = 2_000_000; // page numbers never stored before
  const seqRemember = (await call<{ ms: number[] }>('remembers', fresh, CFG.seq)).ms;
  const putMs = (await call<{ ms: number[] }>('puts', fresh + 10 * CFG.seq, CFG.seq, maxBytes)).ms;
  // Originals whose near-copy is stored too (numbers ending in 8), spread over the whole fill.
  const step = Math.max(10, Math.floor(N / CFG.queries / 10) * 10);
  const hitPages = Array.from({ length: CFG.queries }, (_, q) => ((q * step) % Math.max(10, N - (N % 10))) + 8).filter((i) => i < N);
  const missPages = Array.from({ length: CFG.queries }, (_, q) => 3_000_000 + q * 10);
  const sim05 = await call<{ ms: number[]; found: number[] }>('similarQueries', hitPages, 0.5, maxBytes, false);
  const sim03 = await call<{ ms: number[]; found: number[] }>('similarQueries', hitPages, 0.3, maxBytes, false);
  const sim08 = await call<{ ms: number[]; found: number[] }>('similarQueries', hitPages, 0.8, maxBytes, false);
  const simMiss = await call<{ ms: number[]; found: number[] }>('similarQueries', missPages, 0.5, maxBytes, true);
  const after = await call<{ entries: number; bytes: number }>('usage');
  // storage.session per results tab (issue #13); last, as its results go into the store too.
  const sessionSizes = QUICK ? [100, 1000] : [100, 300, 400, 1000];
  log(`extension: storage.session bytes per results tab (${sessionSizes.map(int).join(', ')} results)...`);
  const sessionBytes: TabBytes[] = await sessionBytesPerTab(ctx, worker, repoRoot, sessionSizes);
  const seconds = (performance.now() - started) / 1e3;

  // Report.
  const S = {
    snipRt: stat(samples.snipRt),
    snipSw: stat(samples.snipSw),
    snipNode: stat(samples.snipNode),
    pageRt: stat(samples.pageRt),
    pageSw: stat(samples.pageSw),
    pageNode: stat(samples.pageNode),
  };
  const remember = stat(seqRemember);
  const put = stat(putMs);
  const mean = (xs: number[]) => round4(xs.reduce((a, b) => a + b, 0) / xs.length);
  const sims = { t05: sim05, t03: sim03, t08: sim08, miss05: simMiss };
  const simStat = (x: { ms: number[]; found: number[] }) => ({ ...stat(x.ms), meanFound: mean(x.found) });
  const bytesPerPage = filled.bytes / filled.entries;

  const row = (label: string, s: Stat, extra = '') =>
    `    ${label.padEnd(34)}${ms(s.median).padStart(10)}${ms(s.p90).padStart(10)}${ms(s.mean).padStart(10)}${String(s.n).padStart(7)}${extra}`;
  const lines: string[] = [];
  lines.push('');
  lines.push(
    `extension runtime: Chromium ${version} (headless), extension ${buildState === 'built' ? 'built for this run' : 'build reused (newer than its sources)'}, ${CFG.rounds} round(s), ${seconds.toFixed(0)} s`,
  );
  lines.push('  timed in the service worker with performance.now() (0.1 ms steps there; direct figures time many batches per sample)');
  lines.push('  round trip = __resemble.sketch(items, kind): background → offscreen document → Worker → background');
  lines.push('');
  lines.push(`    ${''.padEnd(34)}${'median'.padStart(10)}${'p90'.padStart(10)}${'mean'.padStart(10)}${'runs'.padStart(7)}`);
  lines.push(`  snippet batch of 10 results (title + snippet, ${snippetWords.toFixed(1)} words, ${int(snippetBytes)} bytes per batch; w = 2)`);
  lines.push(row('round trip', S.snipRt));
  lines.push(row('direct in the service worker', S.snipSw));
  lines.push(row('direct in Node (lib sketch)', S.snipNode));
  lines.push(
    `    round trip / Node direct: ${times(S.snipRt.median / S.snipNode.median)}   messaging overhead ≈ ${ms(S.snipRt.median - S.snipSw.median)} per batch`,
  );
  lines.push(`  one HTML page (${int(Buffer.byteLength(html))} bytes, ${int(pageSketch.tokens)} words of text; format 'html', w = 5)`);
  lines.push(row('round trip', S.pageRt));
  lines.push(row('direct in the service worker', S.pageSw));
  lines.push(row('direct in Node (lib sketch)', S.pageNode));
  lines.push(
    `    round trip / Node direct: ${times(S.pageRt.median / S.pageNode.median)}   messaging overhead ≈ ${ms(S.pageRt.median - S.pageSw.median)} per page`,
  );
  lines.push(`  first call after start (creates the offscreen document and the Worker): ${ms(coldMs)}`);
  const kb = (b: number) => `${(b / 1024).toFixed(b < 10_240 ? 1 : 0)} KB`;
  lines.push(`  storage.session per results tab (getBytesInUse of its keys; 10 MB is for every tab and lost-and-found report together):`);
  lines.push(
    `    ${sessionBytes.map((t) => `${int(t.results)} results: ${t.bytes !== undefined ? `${kb(t.bytes)} (${int(t.bytes / t.results)} bytes/result, ${t.groups} groups)` : `FAILED (${t.failed})`}`).join(' · ')}`,
  );
  lines.push('');
  lines.push(`  store: the extension's IndexedDB, ${int(N)} page sketches (texts of 2-10 KB, 1 in 10 a near-copy), cache limit raised to ${CACHE_MB} MB`);
  const fillLine = (f: Fill, what: string, concurrency: number) => {
    if (!f.count) return;
    lines.push(
      `    fill: ${int(f.count)} × ${what}, ${concurrency} in flight: ${(f.ms / 1e3).toFixed(1)} s = ${int(f.count / (f.ms / 1e3))}/s` +
        (f.rates.length > 1 ? ` (first ${int(FILL_CHUNK)}: ${int(f.rates[0])}/s, last ${int(FILL_CHUNK)}: ${int(f.rates[f.rates.length - 1])}/s)` : ''),
    );
    lines.push(row(`  latency per call`, stat(f.latency)));
  };
  fillLine(fillRemember, 'remember() (Worker sketch + put)', FILL_CONCURRENCY);
  fillLine(fillPut, "the store's put() (sketched beforehand)", PUT_CONCURRENCY);
  if (seeded)
    lines.push(`    setup: ${int(seeded)} more seeded in bulk (${SEED_PER_TX} records per transaction, as put makes them): ${(seedMs / 1e3).toFixed(1)} s`);
  lines.push(`    with ${int(N)} stored:`);
  lines.push(row('remember(), one at a time', remember));
  lines.push(row('put() alone (sketched beforehand)', put));
  lines.push(row('similar() t=0.5, near-copy query', stat(sim05.ms), `   ${mean(sim05.found)} found`));
  lines.push(row('similar() t=0.3 (index floor)', stat(sim03.ms), `   ${mean(sim03.found)} found`));
  lines.push(row('similar() t=0.8, near-copy query', stat(sim08.ms), `   ${mean(sim08.found)} found`));
  lines.push(row('similar() t=0.5, unrelated query', stat(simMiss.ms), `   ${mean(simMiss.found)} found`));
  lines.push(
    `    stored: ${int(filled.entries)} pages, ${(filled.bytes / 1e6).toFixed(1)} MB by the store's estimate = ${int(bytesPerPage)} bytes/page` +
      ` (the default ${DEFAULT_CACHE_MB} MB cache holds ≈ ${int((DEFAULT_CACHE_MB * 1024 * 1024) / bytesPerPage)} such pages)`,
  );
  lines.push(
    `    on disk: IndexedDB of the extension grew by ${(diskBytes / 1e6).toFixed(1)} MB (navigator.storage.estimate) = ${int(diskBytes / N)} bytes/page`,
  );

  const fillJson = (f: Fill, concurrency: number) =>
    f.count ? { count: f.count, seconds: round4(f.ms / 1e3), perSec: round4(f.count / (f.ms / 1e3)), concurrency, latencyMs: stat(f.latency) } : null;
  const rtEntry = (rt: Stat, sw: Stat, node: Stat) => ({
    roundTripMs: rt,
    swDirectMs: sw,
    nodeDirectMs: node,
    ratioRoundTripOverNode: round4(rt.median / node.median),
    overheadMs: round4(rt.median - sw.median),
  });
  return {
    extension: {
      snippetBatch: { items: 10, meanWords: round4(snippetWords), bytes: Math.round(snippetBytes), ...rtEntry(S.snipRt, S.snipSw, S.snipNode) },
      page: { bytes: Buffer.byteLength(html), words: pageSketch.tokens, ...rtEntry(S.pageRt, S.pageSw, S.pageNode) },
      coldCallMs: round4(coldMs),
      sessionBytesPerTab: sessionBytes,
      store: {
        stored: N,
        fillMode: FILL_MODE,
        fillRemember: fillJson(fillRemember, FILL_CONCURRENCY),
        fillPut: fillJson(fillPut, PUT_CONCURRENCY),
        seeded,
        seedSeconds: round4(seedMs / 1e3),
        rememberMs: remember,
        putMs: put,
        similarMs: Object.fromEntries(Object.entries(sims).map(([k, v]) => [k, simStat(v)])),
        entries: filled.entries,
        bytes: filled.bytes,
        bytesPerPage: round4(bytesPerPage),
        diskBytes,
        diskBytesPerPage: round4(diskBytes / N),
        entriesAfter: after.entries,
        cacheLimitMB: CACHE_MB,
      },
      meta: { chromium: version, rounds: CFG.rounds, seconds: round4(seconds), build: buildState, quick: QUICK },
    },
    lines,
  };
}

async function cleanup(): Promise<void> {
  try {
    await context?.close();
  } catch {
    // already gone
  }
  fs.rmSync(tmp, { recursive: true, force: true });
}

process.once('SIGINT', () => void cleanup().finally(() => process.exit(130)));
let result: Result;
try {
  result = await main();
} catch (e) {
  await cleanup();
  log(`extension runtime: failed: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
  process.exit(1);
}
await cleanup();
finish(result.extension, result.lines);
