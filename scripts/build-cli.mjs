// Bundles the CLI (cli/main.ts and the library it uses) into dist/resemble.mjs, which
// bin/resemble.mjs runs. Run by `npm install` (the "prepare" script) or directly:
//   node scripts/build-cli.mjs
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
export const OUTFILE = join(root, 'dist', 'resemble.mjs');

/** Builds the bundle; resolves to its path. Throws (with esbuild's messages) on a build error. */
export async function buildCli({ quiet = false } = {}) {
  const esbuild = await import('esbuild');
  await esbuild.build({
    absWorkingDir: root,
    entryPoints: [join(root, 'cli', 'main.ts')],
    outfile: OUTFILE,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: false,
    legalComments: 'none',
    logLevel: quiet ? 'error' : 'warning',
  });
  return OUTFILE;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  try {
    await buildCli();
  } catch {
    // esbuild has printed the errors.
    process.exitCode = 1;
  }
}
