// Runs bench/sketch.bench.ts, then bench/extension.bench.ts (the extension in Chromium), then
// bench/page-groups.bench.ts (issue #5's DOMContentLoaded → groups applied), then
// bench/page-check.bench.ts (issue #6: extraction, confirming a page's results, bytes a page), then
// bench/structure.bench.ts (issue #27: the structural reader on a 100-result page, the content script's size), then
// bench/regroup.bench.ts (issue #28: regrouping a 2,000-result page while it is checked), then
// bench/copycat-lists.bench.ts (issue #28: a 250,000-site copycat list), then
// bench/idle-footprint.bench.ts (issue #29: the extension's bytes after a results page and two idle minutes), each as one
// (with --corpus instead: bench/corpus-scale.bench.ts and bench/methods.bench.ts, issue #31, and
// bench/corpus-stages.bench.ts, issue #42's per-stage profile and MB/s on 200,000 documents),
// esbuild bundle under plain node, passing the flags through. With --json, each prints one JSON object
// last; this prints everything else as it came, then the two objects merged into one, last.
// Why not tsx: tsx keeps every module separate, and the benchmarked code measured slower that way
// (cross-module constant loads); one bundle is also how lib ships to browsers.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const json = args.includes('--json');
// --lib-only: the library's figures alone, no browser (the unit suite's smoke run of this script).
const libOnly = args.includes('--lib-only');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'resemble-bench-'));

/** Bundles and runs one bench; with --json returns its last stdout line parsed (the rest is printed). */
async function runBench(name) {
  const outfile = path.join(dir, `${name}.mjs`);
  await build({
    entryPoints: [path.join(root, `bench/${name}.ts`)],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    outfile,
    logLevel: 'warning',
  });
  const child = spawnSync(process.execPath, [outfile, ...args], {
    stdio: ['inherit', json ? 'pipe' : 'inherit', 'inherit'],
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    env: { ...process.env, RESEMBLE_ROOT: root, RESEMBLE_BENCH_RUNNER: 'esbuild bundle + node' },
  });
  const status = child.status ?? 1;
  if (!json) return { status };
  const lines = (child.stdout ?? '').replace(/\n$/, '').split('\n');
  let obj;
  try {
    obj = JSON.parse(lines[lines.length - 1]);
    lines.pop();
  } catch {
    obj = undefined;
  }
  if (lines.length && lines.join('')) process.stdout.write(`${lines.join('\n')}\n`);
  return { status, obj };
}

// --corpus: issue #31's corpus-scale run (a generated million documents through the CLI) and the
// method comparison on ../shared's corpora, instead of the default parts (minutes, not in the default bench).
const corpus = args.includes('--corpus');

let status = 1;
try {
  if (corpus) {
    // --stages-only: issue #42's part alone (minutes less than the million-document run).
    const only = args.includes('--stages-only');
    const scale = only ? { status: 0 } : await runBench('corpus-scale.bench');
    const methods = only ? { status: 0 } : await runBench('methods.bench');
    const stages = await runBench('corpus-stages.bench');
    status = scale.status || methods.status || stages.status;
    if (json) {
      const corpusScale = scale.obj?.corpusScale ?? { error: `corpus-scale bench exited with status ${scale.status}` };
      const methodsOut = methods.obj?.methods ?? { error: `methods bench exited with status ${methods.status}` };
      const corpusStages = stages.obj?.corpusStages ?? { error: `corpus-stages bench exited with status ${stages.status}` };
      process.stdout.write(`${JSON.stringify({ corpusScale, methods: methodsOut, corpusStages })}\n`);
    }
    fs.rmSync(dir, { recursive: true, force: true });
    process.exit(status);
  }
  const sketch = await runBench('sketch.bench');
  status = sketch.status;
  if (status === 0 && !libOnly) {
    /** Runs one part; a failure is said and fails the run, the other parts' figures stand. */
    const part = async (name, what) => {
      const r = await runBench(name);
      if (r.status !== 0) {
        process.stderr.write(`bench: the ${what} part failed (see above).\n`);
        status = r.status;
      }
      return r;
    };
    const ext = await part('extension.bench', 'extension');
    const onPage = await part('page-groups.bench', 'groups-on-the-page');
    const check = await part('page-check.bench', 'page-checking');
    const structure = await part('structure.bench', 'structural reader');
    // Issue #28: regrouping a 2,000-result page while its pages are checked, and copycat lists at 250,000 sites (Node, lib code).
    const regroup = await part('regroup.bench', 'regroup');
    const lists = await part('copycat-lists.bench', 'copycat lists');
    // Issue #29: what the extension holds idle, the offscreen document closed when idle against kept open (~3 minutes).
    const idle = await part('idle-footprint.bench', 'idle footprint');
    if (json) {
      const extension = ext.obj?.extension ?? { error: `extension bench exited with status ${ext.status}` };
      const pageGroups = onPage.obj?.pageGroups ?? { error: `page-groups bench exited with status ${onPage.status}` };
      const pageCheck = check.obj?.pageCheck ?? { error: `page-check bench exited with status ${check.status}` };
      // Goals measured elsewhere (the page-check and structure benches') join the sketch bench's in one `goals` object.
      const structureOut = structure.obj?.structure ?? { error: `structure bench exited with status ${structure.status}` };
      const goals = { ...sketch.obj?.goals, ...(check.obj?.pageCheck?.goals ?? {}), ...(structure.obj?.structure?.goals ?? {}) };
      const regroupOut = regroup.obj?.regroup ?? { error: `regroup bench exited with status ${regroup.status}` };
      const listsOut = lists.obj?.copycatLists ?? { error: `copycat lists bench exited with status ${lists.status}` };
      const idleOut = idle.obj?.idleFootprint ?? { error: `idle footprint bench exited with status ${idle.status}` };
      process.stdout.write(
        `${JSON.stringify({ ...sketch.obj, goals, extension, pageGroups, pageCheck, structure: structureOut, regroup: regroupOut, copycatLists: listsOut, idleFootprint: idleOut })}\n`,
      );
    }
  } else if (json && sketch.obj) {
    process.stdout.write(`${JSON.stringify(sketch.obj)}\n`);
  }
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
process.exit(status);
