#!/usr/bin/env node
// The browsers `npm start`, `npm test` and `npm run bench` drive, installed when missing (issue #16): a
// newcomer runs two commands, not three. Debian's packages, because no browser download works here
// (Playwright's and Puppeteer's own builds are fetched from hosts outside the npm registry):
//   chromium     for the demo, the Chromium end-to-end tests and the bench
//   firefox-esr  for the Firefox end-to-end tests
// Installed with apt-get when running as root or with password-less sudo, after one line saying what;
// otherwise it stops with the exact command to run.
//
//   node scripts/ensure-browsers.mjs chromium firefox
import { spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { basename, delimiter, join } from 'node:path';

/** What each browser is: the env override, where Debian puts it, names on PATH, the Debian package. */
const BROWSERS = {
  chromium: { env: 'RESEMBLE_CHROMIUM', paths: ['/usr/bin/chromium'], names: ['chromium', 'chromium-browser'], pkg: 'chromium' },
  firefox: { env: 'RESEMBLE_FIREFOX', paths: ['/usr/bin/firefox-esr'], names: ['firefox-esr', 'firefox'], pkg: 'firefox-esr' },
};

function executable(p) {
  try {
    accessSync(p, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** The browser's binary, or undefined. An override that is not executable is an error (a typo would install another). */
export function findBrowser(name) {
  const b = BROWSERS[name];
  const env = process.env[b.env];
  if (env) {
    if (executable(env)) return env;
    throw new Error(`${b.env}=${env} is not an executable file.`);
  }
  const onPath = (process.env.PATH ?? '').split(delimiter).flatMap((dir) => (dir ? b.names.map((n) => join(dir, n)) : []));
  return [...b.paths, ...onPath].find(executable);
}

const run = (cmd, args, opts = {}) => spawnSync(cmd, args, { encoding: 'utf8', ...opts });
const has = (cmd) => run('sh', ['-c', `command -v ${cmd}`]).status === 0;

/** How to become root for apt-get: '' as root, 'sudo' when it needs no password, undefined when neither. */
function asRoot() {
  if (process.getuid?.() === 0) return '';
  if (has('sudo') && run('sudo', ['-n', 'true']).status === 0) return 'sudo';
  return undefined;
}

/**
 * Makes sure the named browsers ('chromium', 'firefox') are installed; returns their paths by name.
 * Throws an Error whose message is the command to run when they cannot be installed from here.
 */
export function ensureBrowsers(names, log = (m) => console.log(m)) {
  const missing = names.filter((n) => !findBrowser(n));
  if (missing.length) {
    const pkgs = missing.map((n) => BROWSERS[n].pkg);
    const command = `sudo apt-get update && sudo apt-get install -y ${pkgs.join(' ')}`;
    const root = asRoot();
    if (root === undefined || !has('apt-get')) {
      throw new Error(
        `${pkgs.join(' and ')} ${pkgs.length > 1 ? 'are' : 'is'} not installed, and cannot be installed from here (${root === undefined ? 'not root, and sudo asks for a password' : 'no apt-get'}).\nInstall with:  ${command}\n(or set ${missing.map((n) => BROWSERS[n].env).join(' / ')} to a browser binary).`,
      );
    }
    log(
      `Installing Debian's ${pkgs.join(' and ')} (apt-get install -y ${pkgs.join(' ')}): ${missing.join(' and ')} ${pkgs.length > 1 ? 'are' : 'is'} missing.`,
    );
    const sudo = root ? [root] : [];
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    for (const args of [
      ['apt-get', 'update', '-qq'],
      ['apt-get', 'install', '-y', '-qq', '--no-install-recommends', ...pkgs],
    ]) {
      const r = run(sudo[0] ?? args[0], sudo.length ? args : args.slice(1), { env, stdio: ['ignore', 'pipe', 'pipe'] });
      if (r.status !== 0)
        throw new Error(
          `${args.join(' ')} failed (exit ${r.status}):\n${`${r.stdout ?? ''}${r.stderr ?? ''}`.trim().split('\n').slice(-15).join('\n')}\nInstall by hand with:  ${command}`,
        );
    }
    const still = missing.filter((n) => !findBrowser(n));
    if (still.length) throw new Error(`apt-get installed ${pkgs.join(' ')}, but ${still.join(' and ')} is still not found.`);
  }
  return Object.fromEntries(names.map((n) => [n, findBrowser(n)]));
}

// Run as a script (not when imported, nor when bundled into another script: the bench bundles it).
if (basename(process.argv[1] ?? '') === 'ensure-browsers.mjs') {
  const names = process.argv.slice(2);
  const unknown = names.filter((n) => !(n in BROWSERS));
  if (!names.length || unknown.length) {
    console.error(`Usage: node scripts/ensure-browsers.mjs ${Object.keys(BROWSERS).join(' | ')}…`);
    process.exit(2);
  }
  try {
    ensureBrowsers(names);
  } catch (e) {
    console.error(`Resemble: ${e.message}`);
    process.exit(1);
  }
}
