/**
 * Subscribed copycat lists as the background keeps them (entrypoints/background/copycat/subscriptions.ts),
 * with storage.local, alarms and permissions faked and the list served by a fetch the test answers:
 * subscribe, 304, a failed update keeping the last good copy, a changed list, an imported list of the
 * same name left alone, host access refused, the alarm, and removal.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { DEFAULT_SETTINGS } from '../../lib/settings';
import { readLists } from '../../lib/copycat/table';
import { hasSite } from '../../lib/copycat/listed';
import { grantedOrigins } from './helpers/fake-browser';

/** The settings the background reads: the defaults, with what a test sets on top (SearXNG hosts, added engines). */
const settingsOver = vi.hoisted(() => ({ v: {} as Record<string, unknown> }));
vi.mock('../../shared/settings', () => ({ readSettings: async () => ({ ...DEFAULT_SETTINGS, ...settingsOver.v }) }));
vi.mock('../../entrypoints/background/worker/store-access', () => ({ storeFor: async () => ({ getMany: async () => new Map() }) }));

/** What the list's host answers next, and the requests it saw. */
const host = { answer: (): Response => new Response('', { status: 500 }), seen: [] as { url: string; headers: Headers; credentials?: string }[] };
vi.mock('../../entrypoints/background/net/fetch-policy', () => ({
  fetchPolicy: async () => ({
    fetch: async (url: string, init?: RequestInit) => {
      host.seen.push({ url, headers: new Headers(init?.headers), credentials: init?.credentials });
      return host.answer();
    },
  }),
}));

const granted = new Set<string>();
grantedOrigins(granted);
/** permissions.remove: what was given back, taken out of `granted`. */
const removed: string[][] = [];
vi.spyOn(fakeBrowser.permissions, 'remove').mockImplementation(async ({ origins = [] }) => {
  removed.push(origins);
  for (const o of origins) granted.delete(o);
  return true;
});

type Subs = typeof import('../../entrypoints/background/copycat/subscriptions');
type Evidence = typeof import('../../entrypoints/background/copycat/copycat-evidence');
// Loaded afresh for each test: the evidence module keeps the lists it last read in memory, as a worker does.
let addSub: Subs['addSub'];
let editSub: Subs['editSub'];
let removeSub: Subs['removeSub'];
let updateSub: Subs['updateSub'];
let acceptSub: Subs['acceptSub'];
let updateDue: Subs['updateDue'];
let listSubs: Subs['listSubs'];
let addList: Evidence['addList'];
const SUBS_ALARM = 'resemble-subscriptions';

const URL_ = 'https://lists.example/copycats.txt';
const text =
  (body: string, headers: Record<string, string> = {}) =>
  () =>
    new Response(body, { headers: { 'content-type': 'text/plain', ...headers } });
const lists = async () => readLists((await fakeBrowser.storage.local.get('copycat:lists'))['copycat:lists']);
const subList = async () => (await lists()).find((l) => l.sub === URL_);

describe('subscriptions in the background', () => {
  beforeEach(async () => {
    vi.resetModules();
    ({ addSub, editSub, removeSub, updateSub, acceptSub, updateDue, listSubs } = await import('../../entrypoints/background/copycat/subscriptions'));
    ({ addList } = await import('../../entrypoints/background/copycat/copycat-evidence'));
    fakeBrowser.reset();
    granted.clear();
    granted.add('https://lists.example/*');
    host.seen = [];
    removed.length = 0;
    settingsOver.v = {};
  });

  it('subscribes: fetched now, kept as a packed list naming its address, the alarm set', async () => {
    host.answer = text('---\nname: Clones\n---\n*://*.clone-a.example/*\nclone-b.example\n||clone-c.example^\n', { etag: '"v1"' });
    const r = await addSub({ url: URL_ });
    expect(r).toEqual({ view: expect.objectContaining({ subs: [expect.objectContaining({ url: URL_, name: 'Clones', hours: 24, sites: 3 })] }) });
    const l = await subList();
    expect(l).toMatchObject({ name: 'Clones', count: 3, sub: URL_ });
    expect(hasSite(l!.sites, 'clone-c.example')).toBe(true);
    expect(host.seen[0].credentials).toBe('omit');
    expect(host.seen[0].headers.has('if-none-match')).toBe(false);
    expect(await fakeBrowser.alarms.get(SUBS_ALARM)).toMatchObject({ periodInMinutes: 60 });
  });

  it('304: the copy stays, "updated" moves; a changed list replaces it; a failure keeps the last good copy and says why', async () => {
    host.answer = text('a.example\n', { etag: '"v1"', 'last-modified': 'Mon, 01 Jan 2029 00:00:00 GMT' });
    await addSub({ url: URL_, name: 'Mine', hours: 6 });
    const first = (await listSubs()).subs[0].updated!;

    host.answer = () => new Response(null, { status: 304 });
    vi.setSystemTime(first + 1000);
    const r304 = await updateSub(URL_);
    expect(host.seen.at(-1)!.headers.get('if-none-match')).toBe('"v1"');
    expect(host.seen.at(-1)!.headers.get('if-modified-since')).toBe('Mon, 01 Jan 2029 00:00:00 GMT');
    expect('view' in r304 && r304.view.subs[0]).toMatchObject({ sites: 1, updated: first + 1000 });
    expect((await subList())?.at).toBeLessThan(first + 1000); // not written again

    host.answer = text('a.example\nb.example\n', { etag: '"v2"' });
    await updateSub(URL_);
    expect(await subList()).toMatchObject({ name: 'Mine', count: 2 });

    host.answer = () => new Response('down', { status: 500 });
    vi.setSystemTime(first + 5000);
    const failed = await updateSub(URL_);
    expect(host.seen.at(-1)!.headers.get('if-none-match')).toBe('"v2"');
    expect('view' in failed && failed.view.subs[0]).toMatchObject({ sites: 2, failed: { at: first + 5000, code: 'http', message: 'HTTP 500' } });
    expect(await subList()).toMatchObject({ count: 2 });

    host.answer = text('<not a list at all>\n');
    const bad = await updateSub(URL_);
    expect('view' in bad && bad.view.subs[0].failed).toMatchObject({ code: 'no-site' });
    expect(await subList()).toMatchObject({ count: 2 });

    host.answer = text('c.example\n');
    const ok = await updateSub(URL_);
    expect('view' in ok && ok.view.subs[0]).not.toHaveProperty('failed');
    vi.useRealTimers();
  });

  it('an imported list of the same name is not clobbered, and removing the subscription leaves it', async () => {
    await addList('Clones', ['imported.example']);
    host.answer = text('subbed.example\n');
    await addSub({ url: URL_, name: 'Clones' });
    await addList('Clones', ['imported2.example']);
    expect((await lists()).map((l) => [l.name, l.sub ?? null, l.count])).toEqual([
      ['Clones', null, 1],
      ['Clones', URL_, 1],
    ]);
    const v = await removeSub(URL_);
    expect(v.subs).toEqual([]);
    expect((await lists()).map((l) => l.sub ?? null)).toEqual([null]);
    expect(await fakeBrowser.alarms.get(SUBS_ALARM)).toBeUndefined();
  });

  it('edits the name (its sites say the new one) and the interval', async () => {
    host.answer = text('a.example\n');
    await addSub({ url: URL_, name: 'Old' });
    const v = await editSub({ url: URL_, name: 'New', hours: 1 });
    expect(v.subs[0]).toMatchObject({ name: 'New', hours: 1 });
    expect(await subList()).toMatchObject({ name: 'New', count: 1 });
  });

  it('refuses without host access, a bad address, and a first fetch that fails; nothing is kept', async () => {
    granted.clear();
    host.answer = text('a.example\n');
    expect(await addSub({ url: URL_ })).toEqual({ code: 'access', error: 'https://lists.example/*' });
    expect(host.seen).toEqual([]);
    expect(await addSub({ url: 'https://me:pw@lists.example/x' })).toEqual({ code: 'address', error: 'credentials' });
    granted.add('https://lists.example/*');
    host.answer = () => new Response('gone', { status: 404 });
    expect(await addSub({ url: URL_ })).toMatchObject({ code: 'fetch', error: 'HTTP 404' });
    host.answer = () => new Response('<html></html>', { headers: { 'content-type': 'text/html' } });
    expect(await addSub({ url: URL_ })).toMatchObject({ code: 'fetch' });
    expect((await listSubs()).subs).toEqual([]);
    expect(await lists()).toEqual([]);
  });

  it('a subscription from another device is a proposal (issue #38): never fetched, even with access, until accepted here', async () => {
    host.answer = text('a.example\n');
    const reply = await addSub({ url: URL_, name: 'From the laptop', synced: true });
    expect(host.seen, 'nothing fetched').toEqual([]);
    expect('view' in reply && reply.view.subs).toEqual([{ url: URL_, name: 'From the laptop', hours: 24, sites: 0, proposed: true }]);
    expect(await subList()).toBeUndefined();
    expect(await fakeBrowser.alarms.get(SUBS_ALARM), 'no alarm for a proposal').toBeUndefined();
    // The alarm and "Update now" pass it over; the same proposal arriving again changes nothing.
    await updateDue(Date.now() + 48 * 3_600_000);
    expect(await updateSub(URL_)).toMatchObject({ code: 'address', error: 'proposed' });
    await addSub({ url: URL_, name: 'From the laptop', synced: true });
    expect(host.seen).toEqual([]);
    // Accepted on this device: fetched now, then on its interval.
    const accepted = await acceptSub(URL_);
    expect('view' in accepted && accepted.view.subs[0]).toMatchObject({ url: URL_, sites: 1, name: 'From the laptop' });
    expect((await listSubs()).subs[0]).not.toHaveProperty('proposed');
    expect((await subList())?.sites).toBe('a.example');
    expect(host.seen).toHaveLength(1);
    expect(await fakeBrowser.alarms.get(SUBS_ALARM)).toBeDefined();
  });

  it('accepted without access here: the failure is said and kept, and "Update now" fetches once access is granted', async () => {
    granted.clear();
    host.answer = text('a.example\n');
    await addSub({ url: URL_, name: 'From the laptop', synced: true });
    const r = await acceptSub(URL_);
    expect('view' in r && r.view.subs[0]).toMatchObject({ sites: 0, failed: { code: 'access' } });
    granted.add('https://lists.example/*');
    await updateSub(URL_);
    expect((await listSubs()).subs[0]).toMatchObject({ sites: 1 });
  });

  it('the lists together have a budget (issue #38): a list past it is refused with why, and the lists kept stay', async () => {
    const { LISTS_BUDGET } = await import('../../lib/copycat/listed');
    const many = (n: number, tag: string) => Array.from({ length: n }, (_, i) => `${i}.${tag}`);
    await addList('Big', many(LISTS_BUDGET.sites - 10, 'big'));
    host.answer = text(many(20, 'sub').join('\n'));
    const r = await addSub({ url: URL_ });
    expect(r).toMatchObject({ code: 'budget', error: expect.stringContaining('600,000') });
    expect((await listSubs()).subs).toEqual([]);
    expect((await lists()).map((l) => l.name)).toEqual(['Big']);
    await expect(addList('Another', many(20, 'more'))).rejects.toThrow(/at most 600,000 sites/);
    // Within the budget, a list is kept.
    host.answer = text(many(5, 'small').join('\n'));
    expect(await addSub({ url: URL_ })).toMatchObject({ view: { subs: [{ url: URL_, sites: 5 }] } });
  });

  it('the alarm updates only what is due, and drops a copy left without its record', async () => {
    host.answer = text('a.example\n');
    await addSub({ url: URL_, hours: 2 });
    await addSub({ url: 'https://lists.example/other.txt', hours: 24 });
    // A worker stopped between writing a copy and its record: the copy of a third list, with no record.
    await addSub({ url: 'https://lists.example/third.txt' });
    const subs0 = (await fakeBrowser.storage.local.get('copycat:subs'))['copycat:subs'] as { url: string }[];
    await fakeBrowser.storage.local.set({ 'copycat:subs': subs0.filter((r) => !r.url.endsWith('third.txt')) });
    expect(await lists()).toHaveLength(3);
    granted.clear(); // access taken back: the due update fails, and says so
    const now = Date.now();
    await updateDue(now + 3 * 3_600_000);
    const subs = (await listSubs()).subs;
    expect(subs.find((s) => s.url === URL_)?.failed).toMatchObject({ code: 'access' });
    expect(subs.find((s) => s.url !== URL_)?.failed).toBeUndefined();
    expect((await lists()).map((l) => l.sub).sort()).toEqual([URL_, 'https://lists.example/other.txt']);
  });

  it('an hourly alarm an hour after the last updates it again, though that fetch took seconds', async () => {
    const t0 = Date.UTC(2030, 0, 1);
    vi.setSystemTime(t0);
    // Each fetch takes 4 s: the clock moves while the host answers.
    host.answer = () => {
      vi.setSystemTime(Date.now() + 4_000);
      return new Response('a.example\n', { headers: { 'content-type': 'text/plain' } });
    };
    await addSub({ url: URL_, hours: 1 });
    expect(host.seen).toHaveLength(1);
    for (let alarm = 1; alarm <= 3; alarm++) {
      const at = t0 + alarm * 3_600_000; // the alarm's period, exactly
      vi.setSystemTime(at);
      await updateDue(at);
      expect(host.seen, `alarm ${alarm}`).toHaveLength(1 + alarm);
      expect((await listSubs()).subs[0].updated).toBe(at); // the attempt's start
    }
    vi.useRealTimers();
  });

  it('a full storage is said: on the alarm the failure is recorded and the last good copy kept; a subscribe says so', async () => {
    host.answer = text('a.example\n');
    await addSub({ url: URL_ });
    // storage.local full: a write of the lists fails as Chrome's does (the records' small write still lands).
    const area = fakeBrowser.storage.local;
    const set = area.set.bind(area);
    const full = vi.spyOn(area, 'set').mockImplementation(async (items) => {
      if ('copycat:lists' in items) throw new Error('QUOTA_BYTES quota exceeded');
      return set(items);
    });
    try {
      host.answer = text('a.example\nb.example\n');
      await updateDue(Date.now() + 25 * 3_600_000);
      expect((await listSubs()).subs[0]).toMatchObject({ sites: 1, failed: { code: 'storage', message: 'QUOTA_BYTES quota exceeded' } });
      expect(await subList()).toMatchObject({ count: 1 });
      expect(await addSub({ url: 'https://lists.example/more.txt' })).toEqual({ code: 'storage', error: 'QUOTA_BYTES quota exceeded' });
      expect((await listSubs()).subs.map((x) => x.url)).toEqual([URL_]);
    } finally {
      full.mockRestore();
    }
  });

  it('unsubscribing gives back the host access unless another subscription, a SearXNG host, an added engine or page checking uses it', async () => {
    host.answer = text('a.example\n');
    const OTHER = 'https://lists.example/other.txt';
    await addSub({ url: URL_ });
    await addSub({ url: OTHER });
    await removeSub(URL_);
    expect(removed).toEqual([]); // the other subscription is on that host
    settingsOver.v = { searxngHosts: ['lists.example:8443'] };
    await removeSub(OTHER);
    expect(removed).toEqual([]);
    await addSub({ url: OTHER });
    settingsOver.v = { addedEngines: [{ host: 'lists.example', path: '/search', param: 'q', name: 'L' }] };
    await removeSub(OTHER);
    expect(removed).toEqual([]);
    await addSub({ url: OTHER });
    settingsOver.v = {};
    granted.add('https://*/*'); // page checking's all-sites access: never given back here
    await removeSub(OTHER);
    expect(removed).toEqual([]);
    granted.delete('https://*/*');
    await addSub({ url: OTHER });
    await removeSub(OTHER);
    expect(removed).toEqual([['https://lists.example/*']]);
    expect(granted.has('https://lists.example/*')).toBe(false);
  });
});
