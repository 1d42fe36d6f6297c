// Runs bench/sketch.bench.ts as one esbuild bundle under plain node, passing the flags through.
// Why not tsx: tsx keeps every module separate, and the benchmarked code measured slower that way
// (cross-module constant loads); one bundle is also how lib ships to browsers.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'resemble-bench-'));
const outfile = path.join(dir, 'sketch.bench.mjs');
let status = 1;
try {
  await build({
    entryPoints: [path.join(root, 'bench/sketch.bench.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    outfile,
    logLevel: 'warning',
  });
  const child = spawnSync(process.execPath, [outfile, ...process.argv.slice(2)], {
    stdio: 'inherit',
    env: { ...process.env, RESEMBLE_ROOT: root, RESEMBLE_BENCH_RUNNER: 'esbuild bundle + node' },
  });
  status = child.status ?? 1;
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
process.exit(status);
