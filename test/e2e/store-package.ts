/**
 * The store packages as `npm run zip` makes them (issue #16), unpacked as a store would, for the e2e
 * suites to load in Chromium and in Firefox. The zips are the ones the unit suite's package test makes
 * (test/unit/package.test.ts, run before the e2e tests by `npm test`, into <RESEMBLE_OUT_DIR>-package);
 * when they are missing, `npm run zip` makes them here (a production build, no test switches).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { unzipSync } from 'fflate';
import { ROOT } from '../../scripts/start-browser.mjs';

const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { name: string; version: string };
const outDir = resolve(ROOT, `${process.env.RESEMBLE_OUT_DIR ?? '.output'}-package`);

/** The package for `browser`, unpacked into a fresh directory; its path. */
export function unpackedPackage(browser: 'chrome' | 'firefox'): string {
  const zip = join(outDir, `${pkg.name}-${pkg.version}-${browser}.zip`);
  if (!existsSync(zip)) {
    const env: NodeJS.ProcessEnv = { ...process.env, RESEMBLE_OUT_DIR: outDir };
    for (const k of ['RESEMBLE_TEST_BUILD', 'RESEMBLE_GRANT_HOSTS', 'WXT_RESEMBLE_TEST_LOOPBACK', 'NODE_ENV']) delete env[k];
    execFileSync('npm', ['run', 'zip'], { cwd: ROOT, env, stdio: 'ignore' });
  }
  const dir = mkdtempSync(join(tmpdir(), `resemble-${browser}-package-`));
  for (const [name, data] of Object.entries(unzipSync(readFileSync(zip)))) {
    if (name.endsWith('/')) continue;
    mkdirSync(dirname(join(dir, name)), { recursive: true });
    writeFileSync(join(dir, name), data);
  }
  return dir;
}
