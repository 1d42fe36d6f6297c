import preact from '@preact/preset-vite';
import { defineConfig } from 'wxt';
import { contentScriptWithoutEntities } from './scripts/vite-content-no-entities';
import { preactNoInnerHtml } from './scripts/vite-preact-no-inner-html';

/**
 * THE MINIMUM FIREFOX (strict_min_version): the Firefox work decides it, and this is the one place to
 * change it. Its floor is Mozilla's data collection declaration (below), which AMO requires of new
 * add-ons: Firefox supports it from 140 (desktop; 140 is an ESR) and 142 (Android), and web-ext lint
 * warns on any lower minimum.
 */
export const FIREFOX_MIN_VERSION = { desktop: '140.0', android: '142.0' };
/** The add-on's id on addons.mozilla.org: fixed for good once published (updates and storage follow it). */
export const GECKO_ID = 'resemble@resemble-extension.org';

// Test builds only (e2e tests, `npm start`, the bench): RESEMBLE_TEST_BUILD=1 installs the background's
// test hook (globalThis.__resemble); without it the hook's code is not in the bundle at all (a `define`
// folds `if (__RESEMBLE_TEST_BUILD__)` to `if (false)`). RESEMBLE_GRANT_HOSTS=1, a test build's switch
// too, grants page checking's host access at install.
const TEST_BUILD = process.env.RESEMBLE_TEST_BUILD === '1';
const GRANT_HOSTS = process.env.RESEMBLE_GRANT_HOSTS === '1';
// WXT_RESEMBLE_TEST_LOOPBACK=1: the Firefox e2e build counts 127.0.0.1 as a site's address
// (entrypoints/background/net/test-loopback.ts), also a test build's switch only.
const LOOPBACK = process.env.WXT_RESEMBLE_TEST_LOOPBACK === '1';
if ((GRANT_HOSTS || LOOPBACK) && !TEST_BUILD)
  throw new Error('RESEMBLE_GRANT_HOSTS and WXT_RESEMBLE_TEST_LOOPBACK are test build switches: set RESEMBLE_TEST_BUILD=1 too');

// The built-in engines' hosts come from the engine table (lib/engines) through the content script's
// `matches`, so they work on install; other hosts are optional, asked for on a user action.
export default defineConfig({
  srcDir: '.',
  // RESEMBLE_OUT_DIR: a separate build (two builds at once on one checkout would overwrite each other).
  outDir: process.env.RESEMBLE_OUT_DIR ?? '.output',
  imports: false,
  vite: () => ({
    plugins: [contentScriptWithoutEntities(), preactNoInnerHtml(), preact()],
    build: { target: 'es2022', sourcemap: false },
    define: { __RESEMBLE_TEST_BUILD__: JSON.stringify(TEST_BUILD) },
  }),
  zip: {
    // The sources archive is what Mozilla's reviewers rebuild from (STORE.md has the commands): the
    // extension's sources, the CLI that `npm ci`'s prepare script builds, package-lock.json, README.md,
    // PRIVACY.md. Dot-directories (.output*, .wxt, .git) are never globbed; tests, benches, the demo
    // and what tests leave behind are not needed to build.
    excludeSources: [
      'test/**',
      'bench/**',
      'demo/**',
      'docs/**',
      'dist/**',
      'test-results/**',
      'playwright-report/**',
      'playwright.config.ts',
      'playwright.firefox.config.ts',
      'vitest.config.ts',
      '**/*.log',
    ],
  },
  hooks: {
    // The results page's second content script (entrypoints/results-later.content.ts, issue #41) runs on
    // the pages the first runs on: their matches come from the engine table, which the second's bundle
    // would otherwise carry (43 KB) only to name them.
    'entrypoints:resolved': (_wxt, entrypoints) => {
      const first = entrypoints.find((e) => e.type === 'content-script' && e.name === 'results');
      const later = entrypoints.find((e) => e.type === 'content-script' && e.name === 'results-later');
      if (first?.type === 'content-script' && later?.type === 'content-script') later.options.matches = first.options.matches;
    },
    // A store package is never a test build, nor a development one: with NODE_ENV set to anything but
    // production (vitest sets "test") Vite compiles JSX for development, with this machine's paths in it.
    'zip:start': () => {
      if (TEST_BUILD || GRANT_HOSTS || LOOPBACK)
        throw new Error('wxt zip: unset RESEMBLE_TEST_BUILD, RESEMBLE_GRANT_HOSTS and WXT_RESEMBLE_TEST_LOOPBACK (a test build is never packaged)');
      if ((process.env.NODE_ENV ?? 'production') !== 'production')
        throw new Error(`wxt zip: unset NODE_ENV (it is ${process.env.NODE_ENV}; a package is a production build)`);
    },
  },
  manifest: ({ browser }) => ({
    // The name and description in the browser's language (public/_locales, docs/i18n.md).
    name: '__MSG_extName__',
    description: '__MSG_extDescription__',
    default_locale: 'en',
    // public/icon/<size>.png (from assets/icon.svg, `npm run icons`): WXT lists them as `icons`; the
    // toolbar button's default_icon is set by entrypoints/popup/index.html (WXT builds the MV3 action and
    // the MV2 browser_action from the popup's meta tags, not from this object).
    action: { default_title: '__MSG_extName__' },
    // webRequest: only to name why the background's own page fetches failed (DNS, TLS…), to see
    // their redirects and which address answered; in Chrome it never blocks or changes a request (in
    // Firefox it cancels an answer from a private address: see below), and sees only hosts granted below.
    // contextMenus: "Find similar copy" on links (lost and found).
    // alarms: subscribed copycat lists are fetched again on their interval (an hourly check, issue #30).
    // unlimitedStorage: the sketch store (IndexedDB) grows to the cache limit the options set (20 MB by
    // default, up to 500 MB, enforced by lib/store); without it that store is best-effort storage the
    // browser may evict under disk pressure, and Firefox holds extension IndexedDB to a smaller quota.
    // It grants no access to anything. Firefox only: dns (names are resolved before they are fetched,
    // so none on the user's own network is asked) and webRequestBlocking (a response from a private
    // address is cancelled before it is read); Chromium refuses those addresses itself (fetch-policy.ts).
    // test/unit/manifest-permissions.test.ts pins these lists.
    permissions: [
      'storage',
      'unlimitedStorage',
      'scripting',
      'webRequest',
      'contextMenus',
      'alarms',
      ...(browser === 'firefox' ? ['dns', 'webRequestBlocking'] : ['offscreen']),
    ],
    // The shortcut (issue #20): collapse ↔ flag on results pages (entrypoints/background/browser-ui/display-shortcut.ts).
    // Alt+Shift+G (for "group"): Chromium gives no key to Alt+Shift+R or Alt+Shift+C (taken), and Firefox uses none of these; users change it in the browser's shortcut settings.
    commands: {
      'toggle-display-mode': { suggested_key: { default: 'Alt+Shift+G' }, description: 'Switch copies on results pages between collapsed and flagged' },
    },
    // End-to-end tests of page checking build with the host access a user grants at runtime.
    ...(GRANT_HOSTS ? { host_permissions: ['https://*/*', 'http://*/*'] } : {}),
    // Extra hosts (custom SearXNG instances, page checking) are asked for at runtime, on a user action.
    ...(browser === 'firefox' ? { optional_permissions: ['https://*/*', 'http://*/*'] } : { optional_host_permissions: ['https://*/*', 'http://*/*'] }),
    ...(browser === 'firefox'
      ? {
          browser_specific_settings: {
            gecko: {
              id: GECKO_ID,
              strict_min_version: FIREFOX_MIN_VERSION.desktop,
              // Mozilla's data collection declaration: Resemble sends nothing about the user anywhere
              // (PRIVACY.md; what it fetches or searches it does on the user's own action or setting).
              data_collection_permissions: { required: ['none'] },
            },
            gecko_android: { strict_min_version: FIREFOX_MIN_VERSION.android },
          },
        }
      : {}),
  }),
});
