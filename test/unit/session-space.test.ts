/**
 * Issue #13: storage.session (10 MB for everything) full. Before, a tab's write failed silently and
 * new tabs got no state while closed tabs' state stayed; now closed tabs' state makes room first,
 * then open tabs' bulky records (least recently recorded first), and what still does not fit is
 * said in the tab state the popup reads.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { sessionWritesFail, storedBytes } from './helpers/fake-browser';

const { DROPPED, SaveError, evictClosedTabs, sessionSet } = await import('../../entrypoints/background/session/session-space');
const { Tab } = await import('../../entrypoints/background/tab/tab');

// storage.session held to 20 KB (Chrome's is 10 MB): a write past it fails and stores nothing.
const QUOTA_BYTES = 20_000;
sessionWritesFail((after) => storedBytes(after) > QUOTA_BYTES);

const session = fakeBrowser.storage.session;
const stored = () => session.get(null);
const keys = async () => Object.keys(await stored()).sort();
const value = async (k: string) => (await session.get(k))[k];
/** Tabs 1…n open (fakeBrowser's tab 0 is open too); a tab id above n is a tab that was closed. */
const openTabs = async (n: number) => {
  for (let i = 0; i < n; i++) await fakeBrowser.tabs.create({});
};
const filler = (n: number) => 'x'.repeat(n);

describe('storage.session kept within its quota', () => {
  beforeEach(() => fakeBrowser.reset());

  it('drops the state of tabs no longer open, and nothing else', async () => {
    await openTabs(2);
    await session.set({ 'tab:9': { tabId: 9 }, 'results:9': { r: 9 }, 'groups:9': {}, 'check:9': {} });
    await session.set({ 'tab:2': { tabId: 2 }, 'results:2': { r: 2 }, 'lost:https://x.example/': {}, boilerplate: {} });
    expect(await evictClosedTabs()).toEqual([9]);
    expect(await keys()).toEqual(['boilerplate', 'lost:https://x.example/', 'results:2', 'tab:2']);
  });

  it('a write that does not fit makes room from closed tabs first', async () => {
    await openTabs(3);
    await session.set({ 'results:9': { at: 1, results: filler(12_000) } });
    await sessionSet({ 'results:3': { at: 3, results: filler(9_000) } }, 3);
    expect(await keys()).toEqual(['results:3']);
  });

  it('then from the open tabs recorded least recently, keeping their tab state', async () => {
    await openTabs(3);
    await session.set({ 'tab:1': { tabId: 1 }, 'results:1': { at: 100, results: filler(6_000) }, 'groups:1': { pairs: filler(1_000) } });
    await session.set({ 'tab:2': { tabId: 2, status: 'done' }, 'results:2': { at: 50, results: filler(6_000) } });
    await sessionSet({ 'results:3': { at: 200, results: filler(9_000) } }, 3);
    expect(await keys()).toEqual(['groups:1', 'results:1', 'results:3', 'tab:1', 'tab:2']);
    expect(await value('results:2'), 'the older tab made room').toBeUndefined();
    expect(await value('tab:2'), 'and its popup says so').toEqual({ tabId: 2, status: 'done', saveError: DROPPED });
    expect(await value('tab:1')).toEqual({ tabId: 1 });
  });

  it('what still does not fit throws a SaveError saying so', async () => {
    await openTabs(3);
    const err = await sessionSet({ 'results:3': { results: filler(30_000) } }, 3).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SaveError);
    expect(String((err as Error).message)).toMatch(/quota bytes exceeded.*KB to write/);
  });

  it('a tab state that cannot be saved is still answered, with why; storage keeps a small note', async () => {
    await openTabs(4);
    const items = Array.from({ length: 400 }, (_, i) => ({ rank: i + 1, url: `https://s${i}.example/`, title: filler(40), displayUrl: `s${i}.example` }));
    const tab = new Tab(4);
    await tab.setState({ tabId: 4, url: 'https://www.bing.com/search?q=x', results: 400, status: 'done', items, groups: [] });
    const state = await tab.state();
    expect(state).toMatchObject({ tabId: 4, status: 'done', results: 400 });
    expect(state.items).toHaveLength(400);
    expect(state.saveError).toMatch(/quota/);
    expect(await value('tab:4')).toMatchObject({ tabId: 4, status: 'done', results: 400, saveError: state.saveError });
    expect(await value('tab:4')).not.toHaveProperty('items');
  });
});
