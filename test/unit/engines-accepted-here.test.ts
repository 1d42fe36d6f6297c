/**
 * Issue #38, "what arrives through sync is a proposal, never an order": an added engine or a SearXNG
 * host in the synced settings gets no content script on a device until accepted there, even with
 * access to every site granted (entrypoints/background/engines/accepted-here.ts, searxng.ts, and the
 * settings/set, engines/here and engines/accept handlers, through lib's router). Another device is
 * storage.sync written directly, as the browser's sync delivers it.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { AddedEngine } from '../../lib/engines/added';
import { ACCEPTED_HERE_KEY, afterWriteHere, readAcceptedHere } from '../../lib/engines/accepted-here';
import { type Handlers, type Payload, type Replies, route } from '../../lib/messages';
import type { SketchService } from '../../entrypoints/background/worker/sketch-service';
import { grantedOrigins, registeredScripts } from './helpers/fake-browser';

// A device where page checking was granted every site: each host's own access is granted too.
grantedOrigins(() => true);
const registered = registeredScripts();

const { createHandlers } = await import('../../entrypoints/background/messages/handlers');
const { syncRuntimeScripts } = await import('../../entrypoints/background/engines/searxng');
const { acceptedHere, installedHere } = await import('../../entrypoints/background/engines/accepted-here');
const handlers = createHandlers({} as SketchService);

const ext = { id: 'resemble', origin: 'chrome-extension://resemble' };
const options = { id: 'resemble', url: 'chrome-extension://resemble/options.html' };
const content = { id: 'resemble', url: 'https://search.example.com/find?q=x', tab: { id: 4 }, frameId: 0 };

async function ask<T extends 'settings/set' | 'engines/here' | 'engines/accept'>(type: T, payload: Payload<T>, from: object = options) {
  const reply = await route({ type, payload }, from, ext, handlers as Partial<Handlers>);
  if (!reply.ok) throw new Error(`${reply.error.code}: ${reply.error.message}`);
  return reply.value as Replies[T];
}

const engine = (host: string): AddedEngine => ({ host, path: '/find', param: 'q', name: host });
const ADDED = 'search.example.com';
const SEARX = 'searx.example.org';
const addedId = `resemble-added:${ADDED}`;

/** Another device's settings arriving through sync (what it wrote: the whole item). */
const fromAnotherDevice = (s: { addedEngines?: AddedEngine[]; searxngHosts?: string[] }) => fakeBrowser.storage.sync.set({ settings: { version: 1, ...s } });

describe('engines from another device (issue #38)', () => {
  beforeEach(async () => {
    // Cleared, not reset: shared/settings keeps its storage listener, which drops its cached settings.
    await fakeBrowser.storage.sync.clear();
    await fakeBrowser.storage.local.clear();
    registered.clear();
  });

  /** This version has run here before, with no engine: its record exists. */
  const ranBefore = async () => expect(await acceptedHere()).toEqual({ added: [], searxng: [] });

  it('an added engine arriving by sync is not registered, even with every site granted; accepted here, it is', async () => {
    await ranBefore();
    await fromAnotherDevice({ addedEngines: [engine(ADDED)] });
    await syncRuntimeScripts();
    expect(registered.size).toBe(0);
    expect(await ask('engines/here', {})).toEqual({ added: [], searxng: [] });
    expect(await ask('engines/accept', { kind: 'added', host: ADDED })).toEqual({ added: [ADDED], searxng: [] });
    expect([...registered.keys()]).toEqual([addedId]);
    // Accepted here stays accepted when other settings change.
    await ask('settings/set', { displayMode: 'flag' });
    await syncRuntimeScripts();
    expect([...registered.keys()]).toEqual([addedId]);
  });

  it('a SearXNG host arriving by sync is not registered; accepted here, it is', async () => {
    await ranBefore();
    await fromAnotherDevice({ searxngHosts: [SEARX] });
    await syncRuntimeScripts();
    expect(registered.size).toBe(0);
    expect(await ask('engines/accept', { kind: 'searxng', host: SEARX })).toEqual({ added: [], searxng: [SEARX] });
    expect([...registered.values()].map((s) => s.matches)).toEqual([[`https://${SEARX}/*`]]);
  });

  it('added on this device through settings/set: registered at once; a synced one beside it stays a proposal', async () => {
    await ranBefore();
    await fromAnotherDevice({ addedEngines: [engine('other.example.net')], searxngHosts: ['searx.other.example'] });
    // The options' import sends the whole list: the synced engine is in it too, unchanged.
    await ask('settings/set', { addedEngines: [engine('other.example.net'), engine(ADDED)], searxngHosts: ['searx.other.example', SEARX] });
    expect([...registered.keys()].sort()).toEqual([addedId, 'resemble-searxng']);
    expect(registered.get('resemble-searxng')?.matches).toEqual([`https://${SEARX}/*`]);
    expect(await ask('engines/here', {})).toEqual({ added: [ADDED], searxng: [SEARX] });
  });

  it('removed here, it leaves the record: brought back by sync, it is a proposal again', async () => {
    await ranBefore();
    await ask('settings/set', { addedEngines: [engine(ADDED)], searxngHosts: [SEARX] });
    expect(registered.size).toBe(2);
    await ask('settings/set', { addedEngines: [], searxngHosts: [] });
    expect(await ask('engines/here', {})).toEqual({ added: [], searxng: [] });
    expect(registered.size).toBe(0);
    await fromAnotherDevice({ addedEngines: [engine(ADDED)], searxngHosts: [SEARX] });
    await syncRuntimeScripts();
    expect(registered.size).toBe(0);
  });

  it("this version's first run: the engines and hosts already in the settings stay registered", async () => {
    await fromAnotherDevice({ addedEngines: [engine(ADDED)], searxngHosts: [SEARX] });
    expect((await fakeBrowser.storage.local.get(ACCEPTED_HERE_KEY))[ACCEPTED_HERE_KEY]).toBeUndefined();
    await syncRuntimeScripts();
    expect([...registered.keys()].sort()).toEqual([addedId, 'resemble-searxng']);
    expect((await fakeBrowser.storage.local.get(ACCEPTED_HERE_KEY))[ACCEPTED_HERE_KEY]).toEqual({ added: [ADDED], searxng: [SEARX] });
    // What arrives after the first run is a proposal.
    await fromAnotherDevice({ addedEngines: [engine(ADDED), engine('new.example.net')], searxngHosts: [SEARX] });
    await syncRuntimeScripts();
    expect([...registered.keys()].sort()).toEqual([addedId, 'resemble-searxng']);
  });

  it('a fresh install: what the synced settings already hold was never active here, so it is a proposal', async () => {
    await fromAnotherDevice({ addedEngines: [engine(ADDED)], searxngHosts: [SEARX] });
    await installedHere();
    await syncRuntimeScripts();
    expect(registered.size).toBe(0);
  });

  it('accepting: only a host the settings hold, only from the extension’s pages, only of a known kind', async () => {
    await ranBefore();
    await expect(ask('engines/accept', { kind: 'added', host: 'later.example.com' })).rejects.toThrow(/FAILED: later.example.com is not among/);
    // A SearXNG host is not an added engine's.
    await fromAnotherDevice({ searxngHosts: [SEARX] });
    await expect(ask('engines/accept', { kind: 'added', host: SEARX })).rejects.toThrow(/FAILED/);
    await fromAnotherDevice({ addedEngines: [engine(ADDED)] });
    await expect(ask('engines/accept', { kind: 'added', host: ADDED }, content)).rejects.toThrow(/FORBIDDEN/);
    await expect(ask('engines/accept', { kind: 'other', host: ADDED } as never)).rejects.toThrow(/BAD_MESSAGE/);
    await syncRuntimeScripts();
    expect(registered.size).toBe(0);
    expect(await acceptedHere()).toEqual({ added: [], searxng: [] });
  });
});

describe('the record (lib/engines/accepted-here.ts)', () => {
  it('absent is a first run; unreadable accepts nothing', () => {
    expect(readAcceptedHere(undefined)).toBeUndefined();
    expect(readAcceptedHere({ added: ['a.example'], searxng: [] })).toEqual({ added: ['a.example'], searxng: [] });
    for (const bad of [null, 'all', { added: '*' }, { added: ['a.example'], searxng: [], all: true }])
      expect(readAcceptedHere(bad)).toEqual({ added: [], searxng: [] });
  });

  it('a write here accepts what it added and drops what left the settings, never what was already there', () => {
    const acc = { added: ['mine.example'], searxng: ['gone.example'] };
    const before = { added: ['mine.example', 'synced.example'], searxng: ['gone.example'] };
    const after = { added: ['mine.example', 'synced.example', 'new.example'], searxng: [] };
    expect(afterWriteHere(acc, before, after)).toEqual({ added: ['mine.example', 'new.example'], searxng: [] });
  });
});
