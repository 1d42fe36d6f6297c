/**
 * The store packages as `npm run zip` makes them (issue #16), checked inside the zips: manifests and
 * icons, no test hook, the permissions pinned, the sources archive a reviewer can rebuild from, and
 * web-ext lint clean on the Firefox build. One run of `npm run zip` (both browsers, ~20–40 s here)
 * serves every assertion; it writes to `<RESEMBLE_OUT_DIR or .output>-package`.
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { ENGINES } from '../../lib/engines/table';
import { TOGGLE_DISPLAY_COMMAND } from '../../lib/first-run';
import { TEST_BUILD_SEED } from '../../lib/sketch/install-seed';
import { FIREFOX_MIN_VERSION, GECKO_ID } from '../../wxt.config';
import { readZip } from './helpers/zip';

const run = promisify(execFile);
const root = fileURLToPath(new URL('../..', import.meta.url));
const outDir = resolve(root, `${process.env.RESEMBLE_OUT_DIR ?? '.output'}-package`);
const pkg = JSON.parse(readFileSync(resolve(root, 'package.json'), 'utf8')) as { name: string; version: string };
const zipPath = (kind: string) => resolve(outDir, `${pkg.name}-${pkg.version}-${kind}.zip`);

type Manifest = Record<string, unknown> & { permissions?: string[]; icons?: Record<string, string> };
const zips: Record<'chrome' | 'firefox' | 'sources', Map<string, Buffer>> = {} as never;
const manifest = (b: 'chrome' | 'firefox') => JSON.parse(zips[b].get('manifest.json')!.toString('utf8')) as Manifest;

beforeAll(async () => {
  // A store package, whatever this shell has set: the test switches must not leak into it, nor
  // vitest's NODE_ENV=test (a development bundle; wxt.config.ts refuses to zip one).
  const env: NodeJS.ProcessEnv = { ...process.env, RESEMBLE_OUT_DIR: outDir };
  for (const k of ['RESEMBLE_TEST_BUILD', 'RESEMBLE_GRANT_HOSTS', 'NODE_ENV']) delete env[k];
  await run('npm', ['run', 'zip'], { cwd: root, env, maxBuffer: 16 << 20 });
  for (const kind of ['chrome', 'firefox', 'sources'] as const) zips[kind] = readZip(zipPath(kind));
}, 240_000);

describe('store packages (npm run zip)', () => {
  it('makes the Chrome, Firefox and sources zips', () => {
    for (const kind of ['chrome', 'firefox', 'sources'] as const) {
      expect(zips[kind].size, kind).toBeGreaterThan(5);
      console.log(`${kind}: ${readFileSync(zipPath(kind)).length} bytes, ${zips[kind].size} files`);
    }
  });

  it.each(['chrome', 'firefox'] as const)('%s: icons at 16, 32, 48 and 128 px, for the extension and its toolbar button', (b) => {
    const m = manifest(b);
    const sizes = { 16: 'icon/16.png', 32: 'icon/32.png', 48: 'icon/48.png', 128: 'icon/128.png' };
    expect(m.icons).toEqual(sizes);
    const action = (b === 'chrome' ? m.action : m.browser_action) as Record<string, unknown>;
    expect(action).toMatchObject({ default_icon: sizes, default_popup: 'popup.html', default_title: 'Resemble' });
    for (const [size, file] of Object.entries(sizes)) {
      const png = zips[b].get(file)!;
      expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
      expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([Number(size), Number(size)]);
    }
  });

  it.each(['chrome', 'firefox'] as const)('%s: name, version, description, options and the privacy page', (b) => {
    const m = manifest(b);
    expect(m).toMatchObject({
      name: '__MSG_extName__',
      description: '__MSG_extDescription__',
      default_locale: 'en',
      version: pkg.version,
      options_ui: { page: 'options.html', open_in_tab: true },
    });
    // Name and description in every language the package carries (docs/i18n.md).
    const locales = [...zips[b].keys()].filter((f) => /^_locales\/[^/]+\/messages\.json$/.test(f));
    expect(locales.length).toBe(8);
    for (const f of locales) {
      const messages = JSON.parse(zips[b].get(f)!.toString('utf8'));
      expect(messages.extName.message, f).toBe('Resemble');
      expect(messages.extDescription.message.length, f).toBeGreaterThan(20);
      expect(messages.extDescription.message.length, f).toBeLessThanOrEqual(132); // Chrome Web Store's limit
    }
    expect(zips[b].has('privacy.html')).toBe(true);
    // The page carries PRIVACY.md itself (bundled at build time), not a copy that could drift.
    const policy = readFileSync(resolve(root, 'PRIVACY.md'), 'utf8');
    const firstLine = policy.split('\n').find((l) => l.startsWith('Resemble collects nothing'))!;
    const js = [...zips[b]].filter(([f]) => f.endsWith('.js')).map(([, c]) => c.toString('utf8'));
    expect(js.some((c) => c.includes(firstLine))).toBe(true);
  });

  it.each(['chrome', 'firefox'] as const)('%s: a production bundle: no test hook, no test switch, no build paths', (b) => {
    // The markers are checked against the hook's source, so a renamed hook cannot make this pass vacuously.
    const hook = readFileSync(resolve(root, 'entrypoints/background/test-hook.ts'), 'utf8');
    const markers = ['__resemble', 'offscreenCount'];
    for (const s of markers) expect(hook).toContain(s);
    for (const [file, content] of zips[b]) {
      if (!/\.(js|html|json)$/.test(file)) continue;
      const text = content.toString('utf8');
      for (const s of [...markers, 'RESEMBLE_']) expect(text.includes(s), `${s} in ${file}`).toBe(false);
      // The test builds' fixed sketch seed: a package draws its seed at random.
      for (const s of [String(TEST_BUILD_SEED), `0x${TEST_BUILD_SEED.toString(16)}`])
        expect(text.toLowerCase().includes(s), `the test seed in ${file}`).toBe(false);
      // A production bundle names no file of the machine that built it (development JSX would).
      expect(text.includes(root.replace(/\/$/, '')), `${root} in ${file}`).toBe(false);
    }
  });

  it('firefox: the add-on id, the minimum versions and the data collection declaration', () => {
    expect(manifest('firefox').browser_specific_settings).toEqual({
      // The id is the add-on's identity on addons.mozilla.org: it must never change once published.
      gecko: { id: 'resemble@resemble-extension.org', strict_min_version: FIREFOX_MIN_VERSION.desktop, data_collection_permissions: { required: ['none'] } },
      gecko_android: { strict_min_version: FIREFOX_MIN_VERSION.android },
    });
    expect(GECKO_ID).toBe('resemble@resemble-extension.org');
  });

  it('sources: what a reviewer needs to rebuild, and nothing built or private', () => {
    const files = [...zips.sources.keys()];
    for (const f of [
      'package.json',
      'package-lock.json',
      'README.md',
      'PRIVACY.md',
      'STORE.md',
      'tsconfig.json',
      'wxt.config.ts',
      'assets/icon.svg',
      'public/icon/16.png',
      'entrypoints/background/index.ts',
      'scripts/build-cli.mjs',
      'cli/main.ts',
    ]) {
      expect(files, f).toContain(f);
    }
    const unwanted = /^(node_modules|\.output|\.wxt|\.git|dist|test|test-results|playwright-report|bench|demo)(\/|$)|(^|\/)\.env|\.log$|\.zip$/;
    expect(files.filter((f) => unwanted.test(f))).toEqual([]);
  });
});

describe('manifest permissions (pinned: a change here is a change users and stores see)', () => {
  const OPTIONAL_HOSTS = ['https://*/*', 'http://*/*'];
  const engineMatches = [...new Set(ENGINES.flatMap((e) => e.matches))].sort();

  it('chrome (MV3)', () => {
    const m = manifest('chrome');
    expect(Object.keys(m).sort()).toEqual([
      'action',
      'background',
      'commands',
      'content_scripts',
      'default_locale',
      'description',
      'icons',
      'manifest_version',
      'name',
      'optional_host_permissions',
      'options_ui',
      'permissions',
      'version',
    ]);
    expect(m.permissions).toEqual(['storage', 'unlimitedStorage', 'scripting', 'webRequest', 'contextMenus', 'alarms', 'offscreen']);
    expect(m.optional_host_permissions).toEqual(OPTIONAL_HOSTS);
    expect(m.host_permissions).toBeUndefined();
    expect(m.optional_permissions).toBeUndefined();
  });

  it('firefox (MV2)', () => {
    const m = manifest('firefox');
    expect(Object.keys(m).sort()).toEqual([
      'background',
      'browser_action',
      'browser_specific_settings',
      'commands',
      'content_scripts',
      'default_locale',
      'description',
      'icons',
      'manifest_version',
      'name',
      'optional_permissions',
      'options_ui',
      'permissions',
      'version',
    ]);
    // MV2 lists granted hosts among the permissions: none here.
    expect(m.permissions).toEqual(['storage', 'unlimitedStorage', 'scripting', 'webRequest', 'contextMenus', 'alarms', 'dns', 'webRequestBlocking']);
    expect(m.optional_permissions).toEqual(OPTIONAL_HOSTS);
  });

  it.each(['chrome', 'firefox'] as const)('%s: the welcome page ships, and one keyboard command with a suggested key (issue #20)', (b) => {
    expect(zips[b].has('welcome.html')).toBe(true);
    expect(manifest(b).commands).toEqual({ [TOGGLE_DISPLAY_COMMAND]: { suggested_key: { default: 'Alt+Shift+G' }, description: expect.stringMatching(/\S/) } });
  });

  it.each(['chrome', 'firefox'] as const)('%s: the content scripts run on the engine table’s results pages only', (b) => {
    const scripts = manifest(b).content_scripts as { matches: string[]; js: string[]; run_at?: string }[];
    // Issue #41: the first paint's script at document_start, what a page needs after it at document_end,
    // on the same pages (wxt.config.ts gives the second the first's matches).
    expect(scripts.map((s) => [s.js, s.run_at]).sort()).toEqual([
      [['content-scripts/results-later.js'], 'document_end'],
      [['content-scripts/results.js'], 'document_start'],
    ]);
    for (const s of scripts) expect([...s.matches].sort()).toEqual(engineMatches);
  });
});

describe('web-ext lint (npm run lint:firefox)', () => {
  it('the Firefox package has no errors and no warnings', async () => {
    const bin = resolve(root, 'node_modules/web-ext/bin/web-ext.js');
    // Exit status 1 on errors: the JSON is on stdout either way.
    const out = await run(process.execPath, [bin, 'lint', '--output=json', '--no-input', '-s', resolve(outDir, 'firefox-mv2')], {
      cwd: root,
      maxBuffer: 16 << 20,
    }).catch((e: { stdout?: string }) => ({ stdout: e.stdout ?? '' }));
    const report = JSON.parse(out.stdout) as { summary: Record<string, number>; errors: unknown[]; warnings: unknown[]; notices: unknown[] };
    console.log(`web-ext lint: ${JSON.stringify(report.summary)}`);
    expect(report.errors).toEqual([]);
    expect(report.warnings).toEqual([]);
  }, 120_000);
});
