/**
 * The two Firefox builds the suite runs (./build.ts), as files: the build users get carries no test
 * escape and no host access; the test build has both. No browser needed.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { FIREFOX_EXTENSION_DIR, FIREFOX_TEST_EXTENSION_DIR, readManifest } from './build';

const background = (dir: string) => readFileSync(path.join(dir, 'background.js'), 'utf8');
/** What only the loopback escape's branch puts in the bundle (entrypoints/background/net/test-loopback.ts). */
const LOOPBACK_MARKER = '"127.0.0.1"';
const HOSTS = ['https://*/*', 'http://*/*'];

test('the build users get: no loopback escape in its background, no host access at install (asked for at runtime)', () => {
  expect(background(FIREFOX_EXTENSION_DIR), 'background.js').not.toContain(LOOPBACK_MARKER);
  expect(background(FIREFOX_EXTENSION_DIR)).not.toContain('WXT_RESEMBLE_TEST_LOOPBACK');
  const m = readManifest(FIREFOX_EXTENSION_DIR);
  expect(m.manifest_version).toBe(2);
  for (const h of HOSTS) expect(m.permissions, `${h} not granted at install`).not.toContain(h);
  expect(m.optional_permissions).toEqual(expect.arrayContaining(HOSTS));
  expect(m.permissions).toEqual(expect.arrayContaining(['dns', 'webRequest', 'webRequestBlocking', 'storage']));
  // Firefox 115 at least: storage.session (Firefox 115) keeps the tabs' state.
  const min = m.browser_specific_settings?.gecko?.strict_min_version;
  expect(Number(min?.split('.')[0]), `strict_min_version ${min}`).toBeGreaterThanOrEqual(115);
});

test('the test build: the loopback escape compiled in, host access granted at install', () => {
  expect(background(FIREFOX_TEST_EXTENSION_DIR), 'background.js').toContain(LOOPBACK_MARKER);
  const m = readManifest(FIREFOX_TEST_EXTENSION_DIR);
  expect(m.permissions).toEqual(expect.arrayContaining(HOSTS));
});
