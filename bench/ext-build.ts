/** The built extension for the browser benches: rebuilt only when a source is newer than the build. */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ensureBrowsers } from '../scripts/ensure-browsers.mjs';

const SOURCES = ['lib', 'entrypoints', 'components', 'page-support', 'public', 'assets', 'wxt.config.ts', 'package.json', 'package-lock.json', 'tsconfig.json'];

const outDir = () => process.env.RESEMBLE_OUT_DIR ?? '.output';
export const extensionDir = (repoRoot: string, granted = false): string => path.join(repoRoot, `${outDir()}${granted ? '-hosts' : ''}`, 'chrome-mv3');

function newestMtime(p: string): number {
  let st: fs.Stats;
  try {
    st = fs.statSync(p);
  } catch {
    return 0;
  }
  if (!st.isDirectory()) return st.mtimeMs;
  let m = st.mtimeMs;
  for (const e of fs.readdirSync(p)) m = Math.max(m, newestMtime(path.join(p, e)));
  return m;
}

/** Builds the extension when it is missing or older than its sources (or when `rebuild`). */
export function ensureBuilt(repoRoot: string, rebuild: boolean, log: (m: string) => void, granted = false): 'built' | 'reused' {
  const manifest = path.join(extensionDir(repoRoot, granted), 'manifest.json');
  const builtAt = fs.existsSync(manifest) ? fs.statSync(manifest).mtimeMs : 0;
  const sourcesAt = Math.max(...SOURCES.map((s) => newestMtime(path.join(repoRoot, s))));
  // The benches drive the background's test hook, which only a test build has (`npm run build` or
  // `npm run zip` into the same directory makes one without it).
  const background = path.join(path.dirname(manifest), 'background.js');
  const testBuild = fs.existsSync(background) && fs.readFileSync(background, 'utf8').includes('__resemble');
  if (!rebuild && builtAt > sourcesAt && testBuild) return 'reused';
  log(builtAt ? 'extension: sources changed since the last build, running wxt build...' : 'extension: not built yet, running wxt build...');
  const wxt = path.join(repoRoot, 'node_modules', 'wxt', 'bin', 'wxt.mjs');
  // A test build (RESEMBLE_TEST_BUILD=1: the test hook); the granted variant also has page checking's
  // host access given at install, as e2e tests build it.
  const env = { ...process.env, RESEMBLE_TEST_BUILD: '1', ...(granted ? { RESEMBLE_OUT_DIR: `${outDir()}-hosts`, RESEMBLE_GRANT_HOSTS: '1' } : {}) };
  const run = spawnSync(process.execPath, [wxt, 'build'], { cwd: repoRoot, stdio: ['ignore', 2, 2], env });
  if (run.status !== 0) throw new Error(`wxt build failed (${run.signal ?? `exit code ${run.status}`})`);
  if (!fs.existsSync(manifest)) throw new Error(`wxt build left no ${manifest}`);
  return 'built';
}

/**
 * Debian's Chromium, or $RESEMBLE_CHROMIUM, installed when missing and it can be; undefined (with the
 * reason on stderr) when it cannot.
 */
export function findChromium(): string | undefined {
  try {
    return ensureBrowsers(['chromium'], (m) => console.error(m)).chromium;
  } catch (e) {
    console.error(`extension: ${(e as Error).message}`);
    return undefined;
  }
}
