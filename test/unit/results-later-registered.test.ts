/**
 * Issue #41: the results page's content script comes in two files (results.js for the first paint,
 * results-later.js for what follows it), and a script registered at runtime, for an added engine or a
 * SearXNG instance (entrypoints/background/engines/searxng.ts), carries both, in that order.
 */
import { describe, expect, it, vi } from 'vitest';
import type { AddedEngine } from '../../lib/engines/added';
import { grantedOrigins, registeredScripts } from './helpers/fake-browser';

const granted = new Set<string>(['https://search.added.example/*', 'https://searx.example.org/*']);
grantedOrigins(granted);
const registered = registeredScripts() as Map<string, { id: string; js?: string[]; runAt?: string }>;
const added: AddedEngine = { host: 'search.added.example', path: '/find', param: 'q', name: 'Added' };

vi.mock('../../shared/settings', async () => {
  const { DEFAULT_SETTINGS } = await import('../../lib/settings');
  return { readSettings: async () => ({ ...DEFAULT_SETTINGS, addedEngines: [added], searxngHosts: ['searx.example.org'] }) };
});

const { syncAddedScripts, syncSearxngScripts } = await import('../../entrypoints/background/engines/searxng');

describe('runtime-registered results pages get both scripts', () => {
  it('an added engine: results.js then results-later.js, at document_start as the manifest’s first', async () => {
    await syncAddedScripts();
    const [s] = [...registered.values()].filter((r) => r.id.startsWith('resemble-added:'));
    expect(s.js).toEqual(['content-scripts/results.js', 'content-scripts/results-later.js']);
    expect(s.runAt).toBe('document_start');
  });

  it('a SearXNG instance: the same two files, in the same order', async () => {
    await syncSearxngScripts();
    const s = [...registered.values()].find((r) => r.id === 'resemble-searxng');
    expect(s?.js).toEqual(['content-scripts/results.js', 'content-scripts/results-later.js']);
  });
});
