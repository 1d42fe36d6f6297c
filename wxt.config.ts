import preact from '@preact/preset-vite';
import { defineConfig } from 'wxt';

// The built-in engines' hosts come from the engine table (lib/engines) through the content script's
// `matches`, so they work on install; other hosts are optional, asked for on a user action.
export default defineConfig({
  srcDir: '.',
  // RESEMBLE_OUT_DIR: a separate build (two builds at once on one checkout would overwrite each other).
  outDir: process.env.RESEMBLE_OUT_DIR ?? '.output',
  imports: false,
  vite: () => ({
    plugins: [preact()],
    build: { target: 'es2022', sourcemap: false },
  }),
  manifest: ({ browser }) => ({
    name: 'Resemble',
    description: 'Finds near-duplicate search results by their content and collapses the copies.',
    // webRequest: only to name why the background's own page fetches failed (DNS, TLS…), to see
    // their redirects and which address answered; in Chrome it never blocks or changes a request (in
    // Firefox it cancels an answer from a private address: see below), and sees only hosts granted below.
    // contextMenus: "Find similar copy" on links (lost and found).
    // unlimitedStorage: the sketch store (IndexedDB) grows to the cache limit the options set (20 MB by
    // default, up to 500 MB, enforced by lib/store); without it that store is best-effort storage the
    // browser may evict under disk pressure, and Firefox holds extension IndexedDB to a smaller quota.
    // It grants no access to anything. Firefox only: dns (names are resolved before they are fetched,
    // so none on the user's own network is asked) and webRequestBlocking (a response from a private
    // address is cancelled before it is read); Chromium refuses those addresses itself (fetch-policy.ts).
    permissions: ['storage', 'unlimitedStorage', 'scripting', 'webRequest', 'contextMenus', ...(browser === 'firefox' ? ['dns', 'webRequestBlocking'] : ['offscreen'])],
    // End-to-end tests of page checking build with the host access a user grants at runtime.
    ...(process.env.RESEMBLE_GRANT_HOSTS === '1' ? { host_permissions: ['https://*/*', 'http://*/*'] } : {}),
    // Extra hosts (custom SearXNG instances, page checking) are asked for at runtime, on a user action.
    ...(browser === 'firefox'
      ? { optional_permissions: ['https://*/*', 'http://*/*'] }
      : { optional_host_permissions: ['https://*/*', 'http://*/*'] }),
    action: { default_title: 'Resemble' },
    ...(browser === 'firefox'
      ? { browser_specific_settings: { gecko: { id: 'resemble@example.org', strict_min_version: '115.0' } } }
      : {}),
  }),
});
