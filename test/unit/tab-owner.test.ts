/**
 * Issue #39: one owner per results tab. The registry hands out one record per tab; the record holds
 * the tab's state and view (written through to storage.session under the tab's keys), is the only
 * sender of `page/update`, and a tab is forgotten in one call: its check stops, memory and storage go.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { TabView } from '../../lib/tab/view';

const { tabFor, forgetTab, cancelAllChecks } = await import('../../entrypoints/background/tab/tabs');
const { tabKeys } = await import('../../entrypoints/background/session/tab-keys');

const root = resolve(import.meta.dirname, '../..');
const background = join(root, 'entrypoints/background');
const view = (url: string): TabView =>
  ({ url, engine: 'bing', query: 'q', results: [{ rank: 1, url: 'https://a.example/', title: 'A', snippet: 's' }] }) as TabView;

beforeEach(() => fakeBrowser.reset());

describe('the tab owner', () => {
  it('is one record per tab, holding its state and view and writing them through to storage.session', async () => {
    const t = tabFor(7);
    expect(tabFor(7)).toBe(t);
    await t.setState({ tabId: 7, url: 'https://www.bing.com/search?q=q', results: 1, status: 'done' });
    expect(await t.saveView(view('https://www.bing.com/search?q=q'))).toBeUndefined();
    const stored = await fakeBrowser.storage.session.get(null);
    expect(Object.keys(stored).sort()).toEqual(['results:7', 'tab:7']);
    expect((await t.state()).status).toBe('done');
  });

  it('is forgotten in one call: its check stops, memory and storage go', async () => {
    const t = tabFor(8);
    const cancel = vi.spyOn(t.check, 'cancel');
    await t.setState({ tabId: 8, url: 'https://www.bing.com/search?q=q', results: 1, status: 'done' });
    await t.saveView(view('https://www.bing.com/search?q=q'));
    await fakeBrowser.storage.session.set({ 'check:8': { url: 'x' }, 'refused:8': 'why', 'groups:8': {} });
    await forgetTab(8, true);
    expect(cancel).toHaveBeenCalledOnce();
    expect(Object.keys(await fakeBrowser.storage.session.get(null)).filter((k) => tabKeys(8).includes(k))).toEqual([]);
    const again = tabFor(8);
    expect(again).not.toBe(t);
    expect((await again.state()).status).toBe('not-results-page');
    expect(await again.view()).toBeUndefined();
  });

  it('is the only sender of page/update', async () => {
    const sent = vi.spyOn(fakeBrowser.tabs, 'sendMessage').mockResolvedValue(undefined);
    await tabFor(9).tell({ groups: [] } as never);
    expect(sent).toHaveBeenCalledWith(9, { type: 'page/update', payload: { groups: [] } });
    const senders = files(background).filter((f) => /sendMessage\(|'page\/update'/.test(readFileSync(f, 'utf8')));
    expect(senders.map((f) => f.slice(background.length + 1))).toEqual(['tab/tab.ts']);
  });

  it('keeps a page’s "same as" cards with its view, or holds them for its batch when they come first (issue #41)', async () => {
    const { sameAsCards, withSameAs } = await import('../../entrypoints/background/tab/same-as');
    const url = 'https://www.google.com/search?q=q';
    const t = tabFor(11);
    expect(await sameAsCards(t, url, [1, 9])).toEqual({ kept: false });
    expect(t.sameAsWaiting).toEqual({ url, ranks: [1, 9] });
    // The batch (page-results.ts) takes them: only ranks its view holds.
    expect(withSameAs(view(url), t.sameAsWaiting!.ranks).sameAs).toEqual([1]);
    await t.saveView(view(url));
    expect(await sameAsCards(t, url, [1])).toEqual({ kept: true });
    expect((await t.view())?.sameAs).toEqual([1]);
    expect(await sameAsCards(t, url, [])).toEqual({ kept: true });
    expect((await t.view())?.sameAs).toBeUndefined();
  });

  it('cancels every tab’s check at once', () => {
    const spies = [tabFor(1), tabFor(2)].map((t) => vi.spyOn(t.check, 'cancel'));
    cancelAllChecks();
    for (const s of spies) expect(s).toHaveBeenCalledOnce();
  });
});

const files = (d: string): string[] =>
  readdirSync(d).flatMap((n) => (statSync(join(d, n)).isDirectory() ? files(join(d, n)) : /\.tsx?$/.test(n) ? [join(d, n)] : []));

describe('the background’s imports (scripts/import-graph.mjs)', () => {
  it('no two folders import each other, round a loop or directly; the longest chain is at most 8 files', () => {
    const figures = JSON.parse(execFileSync(process.execPath, [join(root, 'scripts/import-graph.mjs'), '--json'], { encoding: 'utf8' }));
    expect(figures.loops).toEqual([]);
    expect(figures.longestChain).toBeLessThanOrEqual(8);
  });

  it('holds at most one module-level Map keyed by tab id (the registry)', () => {
    const byTab = files(background).filter((f) => /^(?:export )?const \w+ = new Map<number,/m.test(readFileSync(f, 'utf8')));
    expect(byTab.map((f) => f.slice(background.length + 1))).toEqual(['tab/tabs.ts']);
  });

  it('the services (page checking, lost and found) never import the tab owner', () => {
    for (const dir of ['pages', 'lost']) for (const f of files(join(background, dir))) expect(readFileSync(f, 'utf8'), f).not.toMatch(/from '\.\.\/tab\//);
  });
});
