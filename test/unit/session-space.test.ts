/**
 * Issue #13: storage.session (10 MB for everything) full. Before, a tab's write failed silently and
 * new tabs got no state while closed tabs' state stayed; now closed tabs' state makes room first,
 * then open tabs' bulky records (least recently recorded first), and what still does not fit is
 * said in the tab state the popup reads.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';

const QUOTA_BYTES = 20_000;
const session = new Map<string, unknown>();
let openTabs: number[] = [];
const bytes = (m: Map<string, unknown>) => [...m].reduce((n, [k, v]) => n + k.length + JSON.stringify(v).length, 0);

vi.mock('wxt/browser', () => ({
  browser: {
    storage: {
      session: {
        get: async (k: string | string[] | null) => {
          const ks = k === null ? [...session.keys()] : Array.isArray(k) ? k : [k];
          return Object.fromEntries(ks.filter((x) => session.has(x)).map((x) => [x, session.get(x)]));
        },
        set: async (items: Record<string, unknown>) => {
          const next = new Map(session);
          for (const [k, v] of Object.entries(items)) next.set(k, v);
          if (bytes(next) > QUOTA_BYTES) throw new Error('Session storage quota bytes exceeded. Values were not stored.');
          for (const [k, v] of Object.entries(items)) session.set(k, structuredClone(v));
        },
        remove: async (k: string | string[]) => void (Array.isArray(k) ? k : [k]).forEach((x) => session.delete(x)),
      },
    },
    tabs: { query: async () => openTabs.map((id) => ({ id })) },
  },
}));
vi.mock('../../entrypoints/background/pages/page-check', () => ({ cancelChecks: () => undefined }));

const { DROPPED, SaveError, evictClosedTabs, sessionSet } = await import('../../entrypoints/background/tab/session-space');
const { getTabState, setTabState } = await import('../../entrypoints/background/tab/tab-state');

const filler = (n: number) => 'x'.repeat(n);

describe('storage.session kept within its quota', () => {
  beforeEach(() => {
    session.clear();
    openTabs = [];
  });

  it('drops the state of tabs no longer open, and nothing else', async () => {
    openTabs = [2];
    session.set('tab:1', { tabId: 1 }).set('results:1', { r: 1 }).set('groups:1', {}).set('check:1', {});
    session.set('tab:2', { tabId: 2 }).set('results:2', { r: 2 }).set('lost:https://x.example/', {}).set('boilerplate', {});
    expect(await evictClosedTabs()).toEqual([1]);
    expect([...session.keys()].sort()).toEqual(['boilerplate', 'lost:https://x.example/', 'results:2', 'tab:2']);
  });

  it('a write that does not fit makes room from closed tabs first', async () => {
    openTabs = [3];
    session.set('results:1', { at: 1, results: filler(12_000) });
    await sessionSet({ 'results:3': { at: 3, results: filler(9_000) } }, 3);
    expect([...session.keys()]).toEqual(['results:3']);
  });

  it('then from the open tabs recorded least recently, keeping their tab state', async () => {
    openTabs = [1, 2, 3];
    session
      .set('tab:1', { tabId: 1 })
      .set('results:1', { at: 100, results: filler(6_000) })
      .set('groups:1', { pairs: filler(1_000) });
    session.set('tab:2', { tabId: 2, status: 'done' }).set('results:2', { at: 50, results: filler(6_000) });
    await sessionSet({ 'results:3': { at: 200, results: filler(9_000) } }, 3);
    expect([...session.keys()].sort()).toEqual(['groups:1', 'results:1', 'results:3', 'tab:1', 'tab:2']);
    expect(session.has('results:2'), 'the older tab made room').toBe(false);
    expect(session.get('tab:2'), 'and its popup says so').toEqual({ tabId: 2, status: 'done', saveError: DROPPED });
    expect(session.get('tab:1')).toEqual({ tabId: 1 });
  });

  it('what still does not fit throws a SaveError saying so', async () => {
    openTabs = [3];
    const err = await sessionSet({ 'results:3': { results: filler(30_000) } }, 3).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SaveError);
    expect(String((err as Error).message)).toMatch(/quota bytes exceeded.*KB to write/);
  });

  it('a tab state that cannot be saved is still answered, with why; storage keeps a small note', async () => {
    openTabs = [4];
    const items = Array.from({ length: 400 }, (_, i) => ({ rank: i + 1, url: `https://s${i}.example/`, title: filler(40), displayUrl: `s${i}.example` }));
    await setTabState({ tabId: 4, url: 'https://www.bing.com/search?q=x', results: 400, status: 'done', items, groups: [] });
    const state = await getTabState(4);
    expect(state).toMatchObject({ tabId: 4, status: 'done', results: 400 });
    expect(state.items).toHaveLength(400);
    expect(state.saveError).toMatch(/quota/);
    expect(session.get('tab:4')).toMatchObject({ tabId: 4, status: 'done', results: 400, saveError: state.saveError });
    expect(session.get('tab:4')).not.toHaveProperty('items');
  });
});
