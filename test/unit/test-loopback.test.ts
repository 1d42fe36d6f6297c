/**
 * The Firefox test builds' loopback escape (entrypoints/background/net/test-loopback.ts): with
 * WXT_RESEMBLE_TEST_LOOPBACK=1 in a Firefox build, 127.0.0.1 — that address only — counts as a site's
 * address; in any other build nothing changes from lib's publicAddress. (That a build without the
 * variable does not even contain the branch is checked on the built files: test/firefox/build.spec.ts.)
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { publicAddress } from '../../lib/fetch/public-host';

/** The module as a build with these variables would have it (its flag is read once, at load). */
async function siteAddressWith(env: Record<string, string>) {
  vi.resetModules();
  for (const [k, v] of Object.entries(env)) vi.stubEnv(k, v);
  return (await import('../../entrypoints/background/net/test-loopback')).siteAddress;
}

const OTHERS = ['127.0.0.2', '127.1.0.1', '::1', '[::1]', '::ffff:127.0.0.1', '0.0.0.0', '10.0.0.1', '192.168.1.1', '169.254.1.1', '100.64.0.1', 'localhost'];
const PUBLIC = ['93.184.216.34', '2606:2800:220:1:248:1893:25c8:1946'];

afterEach(() => {
  vi.unstubAllEnvs();
  vi.resetModules();
});

describe('siteAddress', () => {
  it('is lib’s publicAddress in a build without the variable (Firefox or not)', async () => {
    for (const env of [{}, { FIREFOX: 'true' }] as Record<string, string>[]) {
      const siteAddress = await siteAddressWith(env);
      for (const a of ['127.0.0.1', ...OTHERS, ...PUBLIC]) expect(siteAddress(a), `${a} with ${JSON.stringify(env)}`).toBe(publicAddress(a));
      expect(siteAddress('127.0.0.1')).toBe(false);
    }
  });

  it('is lib’s publicAddress in a Chromium build even with the variable', async () => {
    const siteAddress = await siteAddressWith({ WXT_RESEMBLE_TEST_LOOPBACK: '1' });
    expect(siteAddress('127.0.0.1')).toBe(false);
  });

  it('takes 127.0.0.1 exactly, and nothing else, as a site’s address in a Firefox test build', async () => {
    const siteAddress = await siteAddressWith({ FIREFOX: 'true', WXT_RESEMBLE_TEST_LOOPBACK: '1' });
    expect(siteAddress('127.0.0.1')).toBe(true);
    for (const a of OTHERS) expect(siteAddress(a), a).toBe(false);
    for (const a of PUBLIC) expect(siteAddress(a), a).toBe(true);
  });

  it('wants the variable to be exactly "1"', async () => {
    for (const v of ['0', 'true', 'yes', '']) {
      const siteAddress = await siteAddressWith({ FIREFOX: 'true', WXT_RESEMBLE_TEST_LOOPBACK: v });
      expect(siteAddress('127.0.0.1'), `WXT_RESEMBLE_TEST_LOOPBACK=${v}`).toBe(false);
    }
  });
});
