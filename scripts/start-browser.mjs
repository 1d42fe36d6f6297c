// Shared by `npm start` (scripts/start.mjs) and the end-to-end tests (test/e2e/): where Chromium is,
// how it is launched with the built extension, and how the extension is built. One place, so the demo
// and the tests run the browser the same way.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureBrowsers } from './ensure-browsers.mjs';

// RESEMBLE_ROOT: set by bench/run.mjs, whose bundles run from a temporary directory.
export const ROOT = process.env.RESEMBLE_ROOT ?? join(dirname(fileURLToPath(import.meta.url)), '..');
/** Where `wxt build` writes the Chrome MV3 extension. */
export const EXTENSION_DIR = join(ROOT, process.env.RESEMBLE_OUT_DIR ?? '.output', 'chrome-mv3');
/** A test build with page checking's host access granted at install (RESEMBLE_GRANT_HOSTS=1), for e2e tests. */
export const GRANTED_OUT_DIR = `${process.env.RESEMBLE_OUT_DIR ?? '.output'}-hosts`;
export const GRANTED_EXTENSION_DIR = join(ROOT, GRANTED_OUT_DIR, 'chrome-mv3');

/**
 * The Chromium binary: $RESEMBLE_CHROMIUM, else /usr/bin/chromium, else `chromium` or
 * `chromium-browser` on PATH; Debian's is installed when missing and it can be (ensure-browsers.mjs).
 * Throws an Error whose message says how to install it otherwise.
 */
export function findChromium() {
  return ensureBrowsers(['chromium']).chromium;
}

/**
 * Command-line switches: only our extension, no background traffic of Chromium's own, and every host
 * name resolving to nothing (so a request that escapes the routes fails instead of reaching the network).
 */
export function chromiumArgs(extDir = EXTENSION_DIR, { mapHosts = [] } = {}) {
  return [
    `--disable-extensions-except=${extDir}`,
    `--load-extension=${extDir}`,
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    // mapHosts: names a test resolves to an address of its choice (a public-looking name on loopback).
    `--host-resolver-rules=${[...mapHosts.map(([name, ip]) => `MAP ${name} ${ip}`), 'MAP * ~NOTFOUND', 'EXCLUDE 127.0.0.1'].join(', ')}`,
  ];
}

/** Throws a clear error when the extension has not been built. */
export function assertBuilt(extDir = EXTENSION_DIR) {
  if (!existsSync(join(extDir, 'manifest.json'))) {
    throw new Error(`The extension is not built: ${join(extDir, 'manifest.json')} is missing. Run \`npx wxt build\` (or \`npm run build\`).`);
  }
}

/**
 * Runs `wxt build` (Chrome MV3 into .output/chrome-mv3), a test build: RESEMBLE_TEST_BUILD=1 compiles in
 * the background's test hook (globalThis.__resemble) that the demo and the e2e tests drive, and allows
 * RESEMBLE_GRANT_HOSTS (wxt.config.ts); store packages (`npm run zip`) have neither. Output is shown live
 * unless `quiet`, in which case it is kept and included in the error when the build fails. Resolves to
 * the build's duration (ms).
 */
export function buildExtension({ quiet = false, env = {}, extDir = EXTENSION_DIR } = {}) {
  const wxt = join(ROOT, 'node_modules', 'wxt', 'bin', 'wxt.mjs');
  const [cmd, args] = existsSync(wxt) ? [process.execPath, [wxt, 'build']] : ['npx', ['wxt', 'build']];
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, {
      cwd: ROOT,
      stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      env: { ...process.env, RESEMBLE_TEST_BUILD: '1', ...env },
    });
    let out = '';
    child.stdout?.on('data', (d) => (out += d));
    child.stderr?.on('data', (d) => (out += d));
    child.on('error', (e) => reject(new Error(`could not run wxt build: ${e.message}. Did \`npm install\` run?`)));
    child.on('exit', (code, signal) => {
      if (code === 0) {
        try {
          assertBuilt(extDir);
        } catch (e) {
          reject(e);
          return;
        }
        resolve(Date.now() - started);
      } else {
        reject(new Error(`wxt build failed (${signal ?? `exit code ${code}`}).${quiet && out ? `\n${out.trim()}` : ''}`));
      }
    });
  });
}
