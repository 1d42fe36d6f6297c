#!/usr/bin/env node
// The `resemble` command: runs the bundle built from cli/ by scripts/build-cli.mjs.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const bundle = new URL('../dist/resemble.mjs', import.meta.url);

if (!existsSync(bundle)) {
  // Not built yet (e.g. a checkout without `npm install`): build it now if esbuild is installed.
  try {
    const { buildCli } = await import('../scripts/build-cli.mjs');
    await buildCli({ quiet: true });
  } catch {
    // Reported below.
  }
}

if (!existsSync(bundle)) {
  const root = fileURLToPath(new URL('..', import.meta.url));
  process.stderr.write(`resemble: the CLI is not built (${fileURLToPath(bundle)} is missing); run \`npm install\` in ${root} to build it\n`);
  process.exitCode = 3;
} else {
  const { main } = await import(bundle.href);
  process.exitCode = await main(process.argv.slice(2));
}
