/**
 * The Firefox builds the Firefox end-to-end tests run (`wxt build -b firefox`), where they are, and how
 * they are made. Two builds:
 *
 * - FIREFOX_EXTENSION_DIR: the extension as users get it (<RESEMBLE_OUT_DIR or .output>/firefox-mv2);
 * - FIREFOX_TEST_EXTENSION_DIR: the same with page checking's host access granted at install
 *   (RESEMBLE_GRANT_HOSTS=1, as the Chromium suite's second build) and 127.0.0.1 counted as a site's
 *   address (WXT_RESEMBLE_TEST_LOOPBACK=1: entrypoints/background/net/test-loopback.ts), because here every
 *   site is served from one local server (<…>-firefox-test/firefox-mv2).
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { findBrowser } from '../../scripts/ensure-browsers.mjs';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const OUT = process.env.RESEMBLE_OUT_DIR ?? '.output';
export const FIREFOX_OUT_DIR = OUT;
export const FIREFOX_TEST_OUT_DIR = `${OUT}-firefox-test`;
export const FIREFOX_EXTENSION_DIR = path.join(ROOT, FIREFOX_OUT_DIR, 'firefox-mv2');
export const FIREFOX_TEST_EXTENSION_DIR = path.join(ROOT, FIREFOX_TEST_OUT_DIR, 'firefox-mv2');
/** The test build's environment (see above). */
export const TEST_BUILD_ENV = { RESEMBLE_TEST_BUILD: '1', RESEMBLE_GRANT_HOSTS: '1', WXT_RESEMBLE_TEST_LOOPBACK: '1' };

/** Firefox: $RESEMBLE_FIREFOX, else Debian's firefox-esr (installed by the global setup when missing: ensure-browsers.mjs). */
export const FIREFOX = findBrowser('firefox') ?? '/usr/bin/firefox-esr';

/** Throws a clear error when the build is missing. */
export function assertBuilt(extDir: string): void {
  if (!existsSync(path.join(extDir, 'manifest.json'))) {
    throw new Error(`The Firefox extension is not built: ${path.join(extDir, 'manifest.json')} is missing. Run the suite without RESEMBLE_E2E_NO_BUILD=1.`);
  }
}

/** The built manifest. */
export function readManifest(
  extDir: string,
): { browser_specific_settings?: { gecko?: { id?: string; strict_min_version?: string } }; permissions?: string[] } & Record<string, unknown> {
  return JSON.parse(readFileSync(path.join(extDir, 'manifest.json'), 'utf8'));
}

/** The add-on id Firefox installs the build under (browser_specific_settings.gecko.id). */
export function geckoId(extDir: string): string {
  const id = readManifest(extDir).browser_specific_settings?.gecko?.id;
  if (!id) throw new Error(`${extDir}/manifest.json names no browser_specific_settings.gecko.id`);
  return id;
}

/**
 * `wxt build -b firefox` into `outDir` with `env` added; output kept and shown only when it fails.
 * Resolves to the build's duration (ms).
 */
export function buildFirefox(outDir: string, env: Record<string, string> = {}): Promise<number> {
  const wxt = path.join(ROOT, 'node_modules', 'wxt', 'bin', 'wxt.mjs');
  const started = Date.now();
  return new Promise((resolve, reject) => {
    // The variables that would change the build are set here and nowhere else.
    const base = { ...process.env };
    delete base.RESEMBLE_TEST_BUILD;
    delete base.RESEMBLE_GRANT_HOSTS;
    delete base.WXT_RESEMBLE_TEST_LOOPBACK;
    const child = spawn(process.execPath, [wxt, 'build', '-b', 'firefox'], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...base, RESEMBLE_OUT_DIR: outDir, ...env },
    });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('error', (e) => reject(new Error(`could not run wxt build: ${e.message}. Did \`npm install\` run?`)));
    child.on('exit', (code, signal) => {
      if (code === 0 && existsSync(path.join(ROOT, outDir, 'firefox-mv2', 'manifest.json'))) resolve(Date.now() - started);
      else reject(new Error(`wxt build -b firefox (${outDir}) failed (${signal ?? `exit code ${code}`}).\n${out.trim()}`));
    });
  });
}
