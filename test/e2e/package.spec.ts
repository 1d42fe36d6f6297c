/**
 * The Chrome store package (issue #16) loads and works: the zip `npm run zip` makes, unpacked as a
 * store would, collapses the offline demo's copies in Chromium, with no test hook in its background.
 * The zip is the one the unit suite's package test makes (test/unit/package.test.ts, run before the
 * e2e tests by `npm test`); when it is missing, `npm run zip` makes it here.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { unzipSync } from 'fflate';
import { ROOT } from '../../scripts/start-browser.mjs';
import { installDemoRoutes } from '../../scripts/start-demo.mjs';
import { expect, test } from './fixtures';

const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { name: string; version: string };
const outDir = resolve(ROOT, `${process.env.RESEMBLE_OUT_DIR ?? '.output'}-package`);
const zip = join(outDir, `${pkg.name}-${pkg.version}-chrome.zip`);

/** The Chrome package unpacked into a fresh directory (made first when missing: a production build, no test switches). */
function unpackedChromePackage(): string {
  if (!existsSync(zip)) {
    const env: NodeJS.ProcessEnv = { ...process.env, RESEMBLE_OUT_DIR: outDir };
    for (const k of ['RESEMBLE_TEST_BUILD', 'RESEMBLE_GRANT_HOSTS', 'NODE_ENV']) delete env[k];
    execFileSync('npm', ['run', 'zip'], { cwd: ROOT, env, stdio: 'ignore' });
  }
  const dir = mkdtempSync(join(tmpdir(), 'resemble-package-'));
  for (const [name, data] of Object.entries(unzipSync(readFileSync(zip)))) {
    if (name.endsWith('/')) continue;
    mkdirSync(dirname(join(dir, name)), { recursive: true });
    writeFileSync(join(dir, name), data);
  }
  return dir;
}

test.use({ extensionDir: unpackedChromePackage() });

test('the Chrome store package collapses the demo’s copies, and its background has no test hook', async ({ context, sw }) => {
  const demo = await installDemoRoutes(context, { abortOthers: false });
  const page = await context.newPage();
  await page.goto(demo.searchUrl);
  await expect(page.locator(':root')).toHaveAttribute('data-resemble-applied', /^\d/, { timeout: 15_000 });
  for (const g of demo.groups) {
    const [rep, ...copies] = g.ranks;
    await expect(page.locator(`[data-resemble-rank="${rep}"]`)).toHaveAttribute('data-resemble-role', 'representative');
    for (const r of copies) await expect(page.locator(`[data-resemble-rank="${r}"]`), `rank ${r} hidden`).toHaveAttribute('data-resemble-hidden', 'true');
  }
  for (const r of demo.unrelated) await expect(page.locator(`[data-resemble-rank="${r}"]`)).not.toHaveAttribute('data-resemble-cluster', /.*/);
  expect(await sw(() => typeof (globalThis as { __resemble?: unknown }).__resemble), 'no test hook').toBe('undefined');
});
