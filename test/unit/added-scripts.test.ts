/**
 * Issue #27: the content script is registered for an added engine's host only when the user granted
 * access to it, never for a built-in engine's host (an import or a synced setting could name one), and
 * unregistered when the engine goes (entrypoints/background/engines/searxng.ts, syncAddedScripts).
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AddedEngine } from '../../lib/engines/added';
import { grantedOrigins, registeredScripts } from './helpers/fake-browser';

// fakeBrowser has no permissions or scripting of its own: the hosts granted and the scripts registered, here.
// The first sync is this version's first run on the device: every engine then listed counts as accepted
// here (issue #38; engines-accepted-here.test.ts covers a synced engine that is not).
const granted = new Set<string>();
grantedOrigins(granted);
const registered = registeredScripts();
let engines: AddedEngine[] = [];

vi.mock('../../shared/settings', async () => {
  const { DEFAULT_SETTINGS } = await import('../../lib/settings');
  return { readSettings: async () => ({ ...DEFAULT_SETTINGS, addedEngines: engines }) };
});

const { syncAddedScripts } = await import('../../entrypoints/background/engines/searxng');

const engine = (host: string): AddedEngine => ({ host, path: '/find', param: 'q', name: host });

describe('syncAddedScripts', () => {
  beforeEach(() => {
    granted.clear();
    registered.clear();
  });

  it('registers only the hosts the user granted, and never a built-in engine’s', async () => {
    engines = [engine('search.granted.example'), engine('search.refused.example'), engine('www.google.com')];
    granted.add('https://search.granted.example/*');
    granted.add('https://www.google.com/*');
    expect(await syncAddedScripts()).toEqual(['added:search.granted.example']);
    expect([...registered.values()].map((s) => s.matches)).toEqual([['https://search.granted.example/find*']]);
  });

  it('unregisters an engine once it is removed or its access is taken back', async () => {
    engines = [engine('search.granted.example')];
    granted.add('https://search.granted.example/*');
    await syncAddedScripts();
    expect(registered.size).toBe(1);
    granted.clear();
    expect(await syncAddedScripts()).toEqual([]);
    expect(registered.size).toBe(0);
    granted.add('https://search.granted.example/*');
    await syncAddedScripts();
    engines = [];
    await syncAddedScripts();
    expect(registered.size).toBe(0);
  });
});
