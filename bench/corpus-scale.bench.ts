/**
 * Issue #31, "Scale, measured" (`npm run bench -- --corpus`; not in the default bench): a generated corpus
 * (bench/corpus-gen.ts: 1,000,000 documents of ~5 KB, 2% of them family bases with 1–9 near-copies each at
 * resemblance 0.55–0.95) streamed into the CLI's standard input, no disk:
 *   node bin/resemble.mjs cluster --jsonl - --output json --stats --candidates super --workers <cores>   (--candidates prefix|auto to compare)
 * Measured here: wall time, peak memory (the child's VmHWM polled from /proc, beside its own
 * stats.peakMemoryBytes), CPU seconds, recall of the planted families from the ids, families merged with
 * another, unrelated documents joined; then Broder, Glassman, Manasse and Zweig's 1997 job (30 million
 * documents, 150 GB, ~10.5 CPU-days) projected from the measured rates and memory; and a peer in the same
 * run (the npm `minhash` package sketching a sample of the same documents, against lib on that sample).
 * Flags: --corpus-docs N (default 1,000,000), --peer-docs N (default 10,000), --peer-seconds S (default 30:
 * the peer stops at whichever comes first), --workers N (default the cores), --json (last line
 * {"corpusScale": {...}}).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PAGE_OPTIONS, sketchText } from '../lib/index';
import { CORPUS_DEFAULTS, type CorpusGenOptions, corpusChunks, parseId, planCorpus, plannedResemblance, writeCorpus } from './corpus-gen';
import { minhashSignature } from './minhash-peer';
import { projectJob, PAPER } from './corpus-projection';

const args = process.argv.slice(2);
const JSON_OUT = args.includes('--json');
const flag = (name: string, dflt: number): number => {
  const i = args.findIndex((a) => a === name || a.startsWith(`${name}=`));
  if (i < 0) return dflt;
  const v = Number(args[i].includes('=') ? args[i].split('=')[1] : args[i + 1]);
  if (!Number.isFinite(v) || v <= 0) throw new Error(`${name} needs a positive number`);
  return v;
};
const DOCS = Math.floor(flag('--corpus-docs', CORPUS_DEFAULTS.docs));
const PEER_DOCS = Math.floor(flag('--peer-docs', 10_000));
const PEER_SECONDS = flag('--peer-seconds', 30);
const WORKERS = Math.floor(flag('--workers', os.availableParallelism()));
/** --candidates prefix|super|auto: the CLI's candidate step (default super, the seed's; auto is the CLI's default). */
const CANDIDATES = (() => {
  const i = args.findIndex((a) => a === '--candidates' || a.startsWith('--candidates='));
  const v = i < 0 ? 'super' : args[i].includes('=') ? args[i].split('=')[1] : args[i + 1];
  if (v !== 'super' && v !== 'prefix' && v !== 'auto') throw new Error('--candidates takes super, prefix or auto');
  return v;
})();
const root = process.env.RESEMBLE_ROOT ?? path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const log = (msg: string): void => void process.stderr.write(`${msg}\n`);
const opts: CorpusGenOptions = { ...CORPUS_DEFAULTS, docs: DOCS };
const GOAL = { seconds: 600, peakBytes: 4e9, recall: 0.95, merged: 0, projHours: 2, projBytes: 24e9 };

/** The generator alone on one core (so the report can show it is not the bottleneck). */
function generatorRate(): number {
  for (const _ of corpusChunks({ ...opts, docs: 2000 })); // warm-up (JIT)
  const t0 = performance.now();
  let bytes = 0;
  for (const c of corpusChunks({ ...opts, docs: Math.min(DOCS, 20_000) })) bytes += c.length;
  return bytes / 1e6 / ((performance.now() - t0) / 1e3);
}

/** The CLI's `--stats` object (the lead's contract, cli/run-stats.ts). */
interface CliStats {
  documents: number;
  skipped: number;
  bytes: number;
  seconds: number;
  peakMemoryBytes: number;
  bytesPerDocument: { sketches: number; index: number; names: number; peak: number };
  candidatePairs: number;
  verifiedPairs: number;
  joinedPairs: number;
  sketchSeconds: number;
  clusterSeconds: number;
  [other: string]: unknown;
}

interface Child {
  code: number | null;
  stdout: Buffer;
  wallSeconds: number;
  vmHwmBytes: number;
  cpuSeconds: number;
  gen: { bytes: number; seconds: number };
  /** This process's CPU while it generated into the pipe (the generator's cost during the run). */
  genCpuSeconds: number;
}

/** Spawns the CLI, pipes the corpus into it, polls /proc/<pid>/status (VmHWM) and /proc/<pid>/stat (CPU). */
async function runCli(): Promise<Child> {
  const cli = [
    path.join(root, 'bin/resemble.mjs'),
    'cluster',
    '--jsonl',
    '-',
    '--output',
    'json',
    '--stats',
    '--candidates',
    CANDIDATES,
    '--workers',
    String(WORKERS),
  ];
  if (process.stderr.isTTY) cli.push('--progress');
  log(`running: node ${cli.map((a) => path.relative(root, a) || a).join(' ')} < ${DOCS.toLocaleString('en-US')} generated documents`);
  const t0 = performance.now();
  const child = spawn(process.execPath, cli, { stdio: ['pipe', 'pipe', 'inherit'] });
  const out: Buffer[] = [];
  child.stdout.on('data', (b: Buffer) => out.push(b));
  let vmHwm = 0;
  let cpu = 0;
  const poll = () => {
    try {
      const m = /VmHWM:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${child.pid}/status`, 'utf8'));
      if (m) vmHwm = Math.max(vmHwm, Number(m[1]) * 1024);
      // Fields 14 and 15 (utime, stime) after the ")" that ends the command name; clock ticks of 1/100 s.
      const stat = fs.readFileSync(`/proc/${child.pid}/stat`, 'utf8');
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      cpu = (Number(f[11]) + Number(f[12])) / 100;
    } catch {
      // The process has exited between polls: the last values stand.
    }
  };
  const timer = setInterval(poll, 200);
  const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  const cpu0 = process.cpuUsage();
  const gen = await writeCorpus(child.stdin, opts).catch((e: Error) => {
    log(`generator: writing stopped (${e.message})`);
    return { bytes: 0, seconds: 0 };
  });
  const genCpu = process.cpuUsage(cpu0);
  const genCpuSeconds = (genCpu.user + genCpu.system) / 1e6;
  const code = await exited;
  clearInterval(timer);
  return { code, stdout: Buffer.concat(out), wallSeconds: (performance.now() - t0) / 1e3, vmHwmBytes: vmHwm, cpuSeconds: cpu, gen, genCpuSeconds };
}

const BINS = [0.55, 0.6, 0.7, 0.8, 0.9];

/** Recall and purity from the ids: the plan says how many members each family has. */
function score(clusters: string[][]) {
  const plan = planCorpus(opts);
  const where = new Int32Array(plan.families * 16).fill(-1);
  const merged = new Uint8Array(plan.families);
  let unrelatedJoined = 0;
  let listed = 0;
  clusters.forEach((c, k) => {
    listed += c.length;
    let first = -1;
    let mixed = false;
    for (const id of c) {
      const { family, member } = parseId(id);
      if (family < 0) {
        if (c.length > 1) unrelatedJoined++;
        continue;
      }
      where[family * 16 + member] = k;
      if (first < 0) first = family;
      else if (family !== first) mixed = true;
    }
    if (mixed) for (const id of c) if (parseId(id).family >= 0) merged[parseId(id).family] = 1;
  });
  let recalled = 0;
  let basePairs = 0;
  let baseJoined = 0;
  let pairs = 0;
  let pairsJoined = 0;
  // Base-member pairs by planned resemblance: which resemblances the candidate step and the estimate miss.
  const bins = BINS.map((lo, i) => ({ from: lo, to: BINS[i + 1] ?? 1, pairs: 0, joined: 0 }));
  for (let f = 0; f < plan.families; f++) {
    const n = plan.familySizes[f];
    const at = (m: number) => where[f * 16 + m];
    let all = at(0) >= 0;
    for (let m = 1; m < n; m++) {
      basePairs++;
      const r = plannedResemblance(opts, f, m);
      let b = 0;
      while (b + 1 < BINS.length && r >= BINS[b + 1]) b++;
      const bin = bins[b];
      bin.pairs++;
      if (at(m) >= 0 && at(m) === at(0)) {
        baseJoined++;
        bin.joined++;
      } else all = false;
      for (let j = 0; j < m; j++) {
        pairs++;
        if (at(m) >= 0 && at(m) === at(j)) pairsJoined++;
      }
    }
    if (all) recalled++;
  }
  return {
    listed,
    families: plan.families,
    familyDocs: plan.docs - plan.unrelated,
    recall: recalled / plan.families,
    basePairRecall: baseJoined / basePairs,
    pairRecall: pairsJoined / pairs,
    mergedFamilies: merged.reduce((a, b) => a + b, 0),
    unrelatedJoined,
    byResemblance: bins.map((b) => ({ ...b, recall: b.joined / b.pairs })),
  };
}

/** The peer and lib on the first documents of the same corpus, one thread each, same texts. */
function peer() {
  const texts: string[] = [];
  for (const c of corpusChunks({ ...opts, docs: Math.min(DOCS, PEER_DOCS) })) {
    for (const line of c.toString('latin1').split('\n')) if (line) texts.push(JSON.parse(line).text);
  }
  let t0 = performance.now();
  let n = 0;
  let acc = 0;
  while (n < texts.length && performance.now() - t0 < PEER_SECONDS * 1e3) acc += minhashSignature(texts[n++], PAGE_OPTIONS.shingle)[0];
  const minhashSeconds = (performance.now() - t0) / 1e3;
  for (let i = 0; i < Math.min(n, 500); i++) acc += sketchText(texts[i], PAGE_OPTIONS).min.length; // warm-up
  t0 = performance.now();
  for (let i = 0; i < n; i++) acc += sketchText(texts[i], PAGE_OPTIONS).min.length;
  const oursSeconds = (performance.now() - t0) / 1e3;
  return { docs: n, minhashPerSec: n / minhashSeconds, oursPerSec: n / oursSeconds, checksum: acc };
}

const loadBefore = os.loadavg()[0];
const genMBs = generatorRate();
log(`generator alone: ${genMBs.toFixed(0)} MB/s on one core`);
const run = await runCli();
if (run.code !== 0) {
  log(`corpus bench: the CLI exited with status ${run.code}`);
  process.exit(1);
}
const doc = JSON.parse(run.stdout.toString('utf8')) as { clusters: string[][]; stats: CliStats };
const st = doc.stats;
const s = score(doc.clusters);
log(`peer: npm minhash on up to ${Math.min(DOCS, PEER_DOCS).toLocaleString('en-US')} of the same documents (${PEER_SECONDS} s at most)...`);
const p = peer();
const peakBytes = Math.max(run.vmHwmBytes, st.peakMemoryBytes ?? 0);
const proj = projectJob({
  documents: st.documents,
  bytes: st.bytes,
  sketchSeconds: st.sketchSeconds,
  clusterSeconds: st.clusterSeconds,
  wallSeconds: run.wallSeconds,
  cpuSeconds: run.cpuSeconds,
  peakBytes,
  workers: WORKERS,
  keptBytesPerDoc: st.bytesPerDocument.sketches + st.bytesPerDocument.index + st.bytesPerDocument.names,
});

const r4 = (x: number): number => Number(x.toPrecision(4));
const docsPerSec = st.documents / run.wallSeconds;
const mbPerSec = st.bytes / 1e6 / run.wallSeconds;
const goals = {
  seconds: { target: GOAL.seconds, value: r4(run.wallSeconds), met: run.wallSeconds <= GOAL.seconds },
  peakBytes: { target: GOAL.peakBytes, value: peakBytes, met: peakBytes <= GOAL.peakBytes },
  recall: { target: GOAL.recall, value: r4(s.recall), met: s.recall >= GOAL.recall },
  mergedFamilies: { target: GOAL.merged, value: s.mergedFamilies, met: s.mergedFamilies === GOAL.merged },
  projectedHours: { target: GOAL.projHours, value: r4(proj.hours), met: proj.hours <= GOAL.projHours },
  projectedBytes: { target: GOAL.projBytes, value: Math.round(proj.bytes), met: proj.bytes <= GOAL.projBytes },
};
const num = (x: number, d = 0) => x.toLocaleString('en-US', { maximumFractionDigits: d, minimumFractionDigits: d });
const mark = (ok: boolean) => (ok ? '✓' : '✗');
const gb = (b: number) => `${(b / 1e9).toFixed(2)} GB`;
const o: string[] = [];
o.push(
  `resemble corpus-scale bench: node ${process.version}, ${process.env.RESEMBLE_BENCH_RUNNER ?? 'tsx'}, ${os.cpus().length} cores, load ${os.loadavg()[0].toFixed(1)}`,
);
o.push(
  `  corpus: ${num(st.documents)} documents (${num(s.families)} families, ${num(s.familyDocs)} family documents), ${num(st.bytes / 1e6)} MB through stdin; generator alone ${num(genMBs)} MB/s on one core, ${num(run.genCpuSeconds, 1)} CPU s during the run`,
);
o.push(
  `  CLI: cluster --jsonl - --candidates ${CANDIDATES} --workers ${WORKERS}, exit ${run.code}, ${num(s.listed)} documents listed in ${num(doc.clusters.length)} clusters`,
);
o.push('');
o.push(
  `  wall ${num(run.wallSeconds, 1)} s (CLI's own ${num(st.seconds, 1)} s: sketching ${num(st.sketchSeconds, 1)} s, clustering ${num(st.clusterSeconds, 1)} s); CPU ${num(run.cpuSeconds, 1)} s`,
);
o.push(`  ${num(docsPerSec)} documents/s, ${num(mbPerSec, 1)} MB/s end to end`);
o.push(
  `  peak memory ${gb(peakBytes)} (VmHWM ${gb(run.vmHwmBytes)}, CLI's stats ${gb(st.peakMemoryBytes ?? 0)}); kept per document: sketches ${num(st.bytesPerDocument.sketches)}, index ${num(st.bytesPerDocument.index)}, names ${num(st.bytesPerDocument.names)} bytes`,
);
o.push(`  pairs: candidates ${num(st.candidatePairs)}, compared ${num(st.verifiedPairs)}, joined ${num(st.joinedPairs)}`);
o.push(
  `  recall of planted families at 50%: ${num(s.recall, 4)} (whole families); pairs base-member ${num(s.basePairRecall, 4)}, all member pairs ${num(s.pairRecall, 4)}`,
);
o.push(
  `  base-member pair recall by planned resemblance: ${s.byResemblance.map((b) => `[${b.from}, ${b.to}) ${num(b.recall, 3)} of ${num(b.pairs)}`).join(', ')}`,
);
o.push(`  families merged with another: ${s.mergedFamilies}; unrelated documents joined to something: ${s.unrelatedJoined}`);
o.push('');
o.push(
  `  peer (same documents, one thread each, ${num(p.docs)} documents): npm minhash ${num(p.minhashPerSec, 1)}/s, lib sketchText ${num(p.oursPerSec)}/s: ${num(p.oursPerSec / p.minhashPerSec)}x; the CLI end to end (${WORKERS} threads) ${num(docsPerSec / p.minhashPerSec)}x the peer`,
);
o.push('');
o.push(`projection of the 1997 job (${num(PAPER.documents / 1e6)} M documents, ${PAPER.bytes / 1e9} GB, ${PAPER.cpuDays} CPU-days):`);
o.push(
  `  model: sketching scales with bytes (${num(st.sketchSeconds, 1)} s × ${num(PAPER.bytes / st.bytes, 1)}); clustering n log n (${num(st.clusterSeconds, 1)} s × ${num(proj.clusterScale, 1)}); memory ${num(proj.keptBytesPerDoc)} bytes kept per document × 30 M + ${gb(proj.fixedBytes)} fixed (measured peak − kept × n)`,
);
o.push(
  `  ${num(proj.hours, 2)} h on this machine (${WORKERS} threads; sketching ${num(proj.sketchHours, 2)} h, clustering ${num(proj.clusterHours, 2)} h), ${num(proj.cpuDays, 3)} CPU-days: ${num(PAPER.cpuDays / proj.cpuDays)}x less CPU than the paper`,
);
o.push(
  `  the CLI had ${num(run.cpuSeconds / run.wallSeconds, 2)} of its ${WORKERS} threads' cores on average (load ${loadBefore.toFixed(1)} before, ${os.loadavg()[0].toFixed(1)} after); with every core: ~${num(proj.hoursAllCores, 2)} h (CPU-bound estimate)`,
);
o.push(`  memory ${gb(proj.bytes)} (peak per document × 30 M, no fixed part: ${gb(proj.upperBytes)})`);
o.push('');
o.push(`goals${DOCS === 1_000_000 ? '' : ` (set for 1,000,000 documents; this run has ${num(DOCS)})`}:`);
o.push(`  ${mark(goals.seconds.met)} ≤ 10 minutes            ${num(run.wallSeconds, 1)} s`);
o.push(`  ${mark(goals.peakBytes.met)} ≤ 4 GB peak             ${gb(peakBytes)}`);
o.push(`  ${mark(goals.recall.met)} recall ≥ 0.95           ${num(s.recall, 4)}`);
o.push(`  ${mark(goals.mergedFamilies.met)} no family merged        ${s.mergedFamilies}`);
o.push(`  ${mark(goals.projectedHours.met)} 30 M job ≤ 2 hours      ${num(proj.hours, 2)} h (all cores: ~${num(proj.hoursAllCores, 2)} h)`);
o.push(`  ${mark(goals.projectedBytes.met)} 30 M job fits in 24 GB  ${gb(proj.bytes)}`);
console.log(o.join('\n'));
if (JSON_OUT) {
  console.log(
    JSON.stringify({
      corpusScale: {
        documents: st.documents,
        bytes: st.bytes,
        workers: WORKERS,
        wallSeconds: r4(run.wallSeconds),
        cpuSeconds: r4(run.cpuSeconds),
        loadAverage: { before: r4(loadBefore), after: r4(os.loadavg()[0]) },
        documentsPerSecond: r4(docsPerSec),
        megabytesPerSecond: r4(mbPerSec),
        peakMemoryBytes: peakBytes,
        vmHwmBytes: run.vmHwmBytes,
        generatorMBs: r4(genMBs),
        generatorCpuSeconds: r4(run.genCpuSeconds),
        recall: {
          families: r4(s.recall),
          basePairs: r4(s.basePairRecall),
          allPairs: r4(s.pairRecall),
          byResemblance: s.byResemblance.map((b) => ({ ...b, recall: r4(b.recall) })),
        },
        mergedFamilies: s.mergedFamilies,
        unrelatedJoined: s.unrelatedJoined,
        families: s.families,
        peer: {
          name: 'npm minhash 0.0.9',
          docs: p.docs,
          minhashPerSec: r4(p.minhashPerSec),
          oursPerSec: r4(p.oursPerSec),
          oursOverMinhash: r4(p.oursPerSec / p.minhashPerSec),
          cliOverMinhash: r4(docsPerSec / p.minhashPerSec),
        },
        projection: {
          ...Object.fromEntries(Object.entries(proj).map(([k, v]) => [k, r4(v)])),
          paper: PAPER,
          cpuRatioToPaper: r4(PAPER.cpuDays / proj.cpuDays),
        },
        cliStats: st,
        goals,
      },
    }),
  );
}
