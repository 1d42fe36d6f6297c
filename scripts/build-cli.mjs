// Bundles the CLI (cli/main.ts and the library it uses) into dist/resemble.mjs, which
// bin/resemble.mjs runs, and the corpus sketching worker (cli/corpus/sketch-worker.ts) into
// dist/resemble-worker.mjs next to it (the CLI starts it with worker_threads).
// Run by `npm install` (the "prepare" script) or directly:
//   node scripts/build-cli.mjs
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
export const OUTDIR = join(root, 'dist');
export const OUTFILE = join(OUTDIR, 'resemble.mjs');
export const WORKER_FILE = join(OUTDIR, 'resemble-worker.mjs');

/**
 * Builds both bundles into `outdir` (dist/ unless given: tests build into a scratch directory);
 * resolves to the CLI bundle's path. Throws (with esbuild's messages) on a build error.
 */
export async function buildCli({ quiet = false, outdir = OUTDIR } = {}) {
  const esbuild = await import('esbuild');
  await esbuild.build({
    absWorkingDir: root,
    entryPoints: { resemble: join(root, 'cli', 'main.ts'), 'resemble-worker': join(root, 'cli', 'corpus', 'sketch-worker.ts') },
    outdir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: false,
    legalComments: 'none',
    // DuckDB (Parquet, cluster --sketches) is an optional native dependency, loaded at run time only
    // by the commands that need it (cli/duckdb/load.ts): never bundled.
    external: ['@duckdb/node-api', '@duckdb/node-bindings'],
    logLevel: quiet ? 'error' : 'warning',
  });
  return join(outdir, 'resemble.mjs');
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  try {
    await buildCli();
  } catch {
    // esbuild has printed the errors.
    process.exitCode = 1;
  }
}
