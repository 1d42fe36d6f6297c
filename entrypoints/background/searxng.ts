import { browser } from 'wxt/browser';
import { readSettings } from './settings-item';

const SCRIPT_ID = 'resemble-searxng';

/**
 * SearXNG runs on any host: the content script is registered at runtime for the instances the user
 * added and granted access to (the options page asks for the host permission when one is added).
 */
export async function syncSearxngScripts(): Promise<string[]> {
  const scripting = (browser as { scripting?: typeof browser.scripting }).scripting;
  if (!scripting?.registerContentScripts) return [];
  const { searxngHosts } = await readSettings();
  const granted: string[] = [];
  for (const host of searxngHosts) {
    const origin = `https://${host.replace(/:\d+$/, '')}/*`;
    if (await browser.permissions.contains({ origins: [origin] })) granted.push(`https://${host}/*`);
  }
  const existing = await scripting.getRegisteredContentScripts({ ids: [SCRIPT_ID] });
  if (existing.length) await scripting.unregisterContentScripts({ ids: [SCRIPT_ID] });
  if (granted.length) {
    await scripting.registerContentScripts([{ id: SCRIPT_ID, matches: granted, js: ['content-scripts/results.js'], runAt: 'document_idle' }]);
  }
  return granted;
}
