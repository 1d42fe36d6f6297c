/**
 * Sketching throughput of lib against the `minhash` package, a textbook k-hash MinHash and a floor
 * (tokenize + rolling shingle hash only), side by side on the same texts; plus sketch comparison cost.
 * `npm run bench` bundles this file with esbuild and runs it with node (bench/run.mjs); flags:
 * --json (one JSON object last on stdout), --quick (short smoke run), --rounds=N (default 5).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PAGE_OPTIONS, SNIPPET_OPTIONS, containment, resemblance, sketchText, sketchTexts, type Sketch, type SketchOptions } from '../lib/index';
import { prosePages, realPages, snippets } from './corpus';
import { floorBatch, floorHash, floorStats } from './floor';
import { kpermBatch, kpermTokens } from './kperm';
import { MINHASH_NUM_PERM, minhashBatch } from './minhash-peer';
import { type Batch, type Sample, mbPerSec, median, nsPerItem, perSec, prefixSums, timeBatches } from './timing';
import { NAMES, type Name, type Report, printReport } from './report';

const args = process.argv.slice(2);
const JSON_OUT = args.includes('--json');
const QUICK = args.includes('--quick');
const roundsArg = Number.parseInt(args.find((a) => a.startsWith('--rounds='))?.slice(9) ?? '5', 10);
const ROUNDS = QUICK ? 1 : Number.isInteger(roundsArg) && roundsArg > 0 ? roundsArg : 5;
const WARM_MS = QUICK ? 20 : 300;
const RUN_MS = QUICK ? 50 : 1000;
const MIN_COMPARES = QUICK ? 0 : 1_000_000;
const repoRoot = process.env.RESEMBLE_ROOT ?? path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const log = (msg: string): void => void process.stderr.write(`${msg}\n`);

interface Workload {
  key: 'page' | 'snippet' | 'real';
  texts: string[];
  w: number;
  opts: SketchOptions;
  prefix: Float64Array;
}
const workload = (key: Workload['key'], texts: string[], opts: SketchOptions): Workload => ({
  key,
  texts,
  w: opts.shingle,
  opts,
  prefix: prefixSums(texts.map((t) => Buffer.byteLength(t))),
});

const pages = prosePages(8);
const SNIPPET_WORDS = 30;
const snips = snippets(2000, SNIPPET_WORDS);
const real = realPages(repoRoot);
const workloads = [workload('page', pages, PAGE_OPTIONS), workload('snippet', snips, SNIPPET_OPTIONS)];
if (real) workloads.push(workload('real', real.pages, PAGE_OPTIONS));

function oursBatch(texts: readonly string[], opts: SketchOptions, from: number, count: number): number {
  let acc = 0;
  let j = from;
  for (let c = 0; c < count; c++) {
    acc += sketchText(texts[j], opts).min.length;
    if (++j === texts.length) j = 0;
  }
  return acc;
}

/**
 * Snippets as the extension's Worker sketches them: a request's texts in one `sketchTexts` call (one
 * scratch buffer, shared result buffers); the same sketches as `sketchText` on each (a unit test holds
 * this). Batches of at most SNIPPET_BATCH texts (a results page's snippets and then some).
 */
const SNIPPET_BATCH = 100;
const batchTexts: string[] = [];
function oursSnippets(texts: readonly string[], opts: SketchOptions, from: number, count: number): number {
  let acc = 0;
  let j = from;
  for (let c = 0; c < count; c += SNIPPET_BATCH) {
    batchTexts.length = 0;
    for (let k = 0; k < SNIPPET_BATCH && c + k < count; k++) {
      batchTexts.push(texts[j]);
      if (++j === texts.length) j = 0;
    }
    for (const s of sketchTexts(batchTexts, opts)) acc += (s as Sketch).min.length;
  }
  return acc;
}

const contenders: Record<Name, (wl: Workload) => Batch> = {
  ours: (wl) => (from, count) => (wl.key === 'snippet' ? oursSnippets(wl.texts, wl.opts, from, count) : oursBatch(wl.texts, wl.opts, from, count)),
  minhash: (wl) => (from, count) => minhashBatch(wl.texts, wl.w, from, count),
  kperm: (wl) => (from, count) => kpermBatch(wl.texts, wl.w, from, count),
  floor: (wl) => (from, count) => floorBatch(wl.texts, wl.w, from, count),
};

/** Untimed cross-check that every contender reads the same words (and ours and floor the same shingles). */
function census(wl: Workload): Record<Name, { words: number; shingles: number; bytes: number }> {
  const bytes = wl.prefix[wl.prefix.length - 1];
  const ours = { words: 0, shingles: 0, bytes };
  const floor = { words: 0, shingles: 0, bytes: 0 };
  const split = { words: 0, shingles: 0, bytes };
  for (const t of wl.texts) {
    const sk = sketchText(t, wl.opts);
    ours.words += sk.tokens;
    ours.shingles += sk.shingles;
    floorHash(t, wl.w);
    floor.words += floorStats.words;
    floor.shingles += floorStats.shingles;
    floor.bytes += floorStats.bytes;
    const n = kpermTokens(t).length;
    split.words += n;
    split.shingles += n === 0 ? 0 : n - Math.min(wl.w, n) + 1;
  }
  return { ours, minhash: { ...split }, kperm: { ...split }, floor };
}

// Comparison: page sketches against lightly edited copies (every 40th word dropped) and other pages.
const edited = pages.map((p) =>
  p
    .split(' ')
    .filter((_, i) => i % 40 !== 39)
    .join(' '),
);
const pageSketches = pages.map((p) => sketchText(p, PAGE_OPTIONS));
const left: Sketch[] = [];
const right: Sketch[] = [];
pages.forEach((_, i) => {
  left.push(pageSketches[i], pageSketches[i]);
  right.push(sketchText(edited[i], PAGE_OPTIONS), pageSketches[(i + 1) % pages.length]);
});
const pairPrefix = prefixSums(left.map(() => 0));
function resemblanceBatch(from: number, count: number): number {
  let acc = 0;
  let j = from;
  for (let c = 0; c < count; c++) {
    acc += resemblance(left[j], right[j]);
    if (++j === left.length) j = 0;
  }
  return acc;
}
function containmentBatch(from: number, count: number): number {
  let acc = 0;
  let j = from;
  for (let c = 0; c < count; c++) {
    acc += containment(left[j], right[j]);
    if (++j === left.length) j = 0;
  }
  return acc;
}

const started = performance.now();
const samples = new Map<string, Sample[]>();
const record = (key: string, s: Sample) => samples.set(key, [...(samples.get(key) ?? []), s]);

log(`warming up (${WARM_MS} ms per contender and text kind)...`);
for (const wl of workloads) for (const name of NAMES) timeBatches(contenders[name](wl), wl.prefix, WARM_MS);
timeBatches((from, count) => oursBatch(snips, SNIPPET_OPTIONS, from, count), workloads[1].prefix, WARM_MS);
timeBatches(resemblanceBatch, pairPrefix, WARM_MS);
timeBatches(containmentBatch, pairPrefix, WARM_MS);

for (let r = 0; r < ROUNDS; r++) {
  log(`round ${r + 1}/${ROUNDS}...`);
  // Rotate the order every round, so drift in machine speed falls on every contender alike.
  for (let k = 0; k < workloads.length; k++) {
    const wl = workloads[(k + r) % workloads.length];
    for (let i = 0; i < NAMES.length; i++) {
      const name = NAMES[(i + r) % NAMES.length];
      record(`${name}/${wl.key}`, timeBatches(contenders[name](wl), wl.prefix, RUN_MS));
    }
  }
  // The single-text API on snippets too (each text its own sketchText call), beside the batch figure.
  record(
    'single/snippet',
    timeBatches((from, count) => oursBatch(snips, SNIPPET_OPTIONS, from, count), workloads[1].prefix, RUN_MS),
  );
  record('resemblance', timeBatches(resemblanceBatch, pairPrefix, RUN_MS, MIN_COMPARES));
  record('containment', timeBatches(containmentBatch, pairPrefix, RUN_MS, MIN_COMPARES));
}

const rate = (key: string, f: (s: Sample) => number) => (samples.get(key) ?? []).map(f);
const report: Report = {
  rounds: ROUNDS,
  seconds: (performance.now() - started) / 1e3,
  runner: process.env.RESEMBLE_BENCH_RUNNER ?? 'tsx',
  node: process.version,
  pages: { count: pages.length, bytes: workloads[0].prefix[pages.length] },
  snippets: { count: snips.length, words: SNIPPET_WORDS },
  real: real ? { file: path.relative(repoRoot, real.file), count: real.pages.length, bytes: workloads[2].prefix[real.pages.length] } : undefined,
  numPerm: MINHASH_NUM_PERM,
  census: { page: census(workloads[0]), snippet: census(workloads[1]) },
  rates: {} as Report['rates'],
  compareNs: { resemblance: rate('resemblance', nsPerItem), containment: rate('containment', nsPerItem) },
  singleSnippet: rate('single/snippet', perSec),
  compareOps: median(rate('resemblance', (s) => s.items)),
};
for (const name of NAMES) {
  report.rates[name] = {
    page: rate(`${name}/page`, mbPerSec),
    snippet: rate(`${name}/snippet`, perSec),
    real: real ? rate(`${name}/real`, mbPerSec) : undefined,
  };
}
printReport(report, JSON_OUT);
