import preact from '@preact/preset-vite';
import { defineConfig } from 'wxt';

// Hosts of the built-in engines: content scripts are declared for them, so they work on install.
// (The engine table in lib/ is the source of truth; issue #4 generates this list from it.)
export default defineConfig({
  srcDir: '.',
  outDir: '.output',
  imports: false,
  vite: () => ({
    plugins: [preact()],
    build: { target: 'es2022', sourcemap: false },
  }),
  manifest: ({ browser }) => ({
    name: 'Resemble',
    description: 'Finds near-duplicate search results by their content and collapses the copies.',
    permissions: ['storage', 'unlimitedStorage', ...(browser === 'firefox' ? [] : ['offscreen'])],
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
