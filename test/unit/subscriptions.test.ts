/**
 * Subscribed copycat lists, the pure parts (lib/copycat/subscriptions.ts, lib/fetch/fetch-list.ts): the
 * address rule, the stored records' reader, when an update is due, the conditional request, the list
 * fetch's type, size and 304 handling, and the suggestions.
 */
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_HOURS,
  MAX_SUBS,
  SUGGESTED,
  type SubRecord,
  checkAddress,
  clampHours,
  conditionalHeaders,
  defaultName,
  isDue,
  readSub,
  readSubs,
  subOrigin,
  subsView,
} from '../../lib/copycat/subscriptions';
import { fetchList, listType } from '../../lib/fetch/fetch-list';
import { MAX_LIST_BYTES } from '../../lib/limits';

const H = 3_600_000;
const rec = (o: Partial<SubRecord> = {}): SubRecord => ({ url: 'https://lists.example/a.txt', name: 'A', hours: 24, sites: 3, at: 1, ...o });

describe('subscription addresses', () => {
  it('takes http(s) addresses, the fragment dropped', () => {
    expect(checkAddress(' https://lists.example/a.txt#top ')).toEqual({ ok: true, url: 'https://lists.example/a.txt' });
    expect(checkAddress('http://lists.example:8080/a.txt')).toEqual({ ok: true, url: 'http://lists.example:8080/a.txt' });
    expect(checkAddress('lists.example/a.txt')).toEqual({ ok: true, url: 'https://lists.example/a.txt' });
  });
  it('refuses the user’s own machine and network before any host access is asked, as the fetch policy would', () => {
    for (const local of [
      'http://192.168.1.1/list.txt',
      'http://10.0.0.2/list.txt',
      'http://127.0.0.1:8080/list.txt',
      'http://[::1]/list.txt',
      'http://localhost/list.txt',
      'http://localhost./list.txt',
      'https://nas.lan/list.txt',
      'router/list.txt',
      'http://printer.local/list.txt',
      'https://x.internal/list.txt',
    ])
      expect(checkAddress(local), local).toEqual({ ok: false, problem: 'private' });
    expect(checkAddress('https://raw.githubusercontent.com/a/b/master/uBlacklist.txt')).toMatchObject({ ok: true });
    expect(checkAddress('http://93.184.215.14/list.txt')).toMatchObject({ ok: true }); // a public address
  });
  it('refuses other schemes, credentials, non-URLs, empty and overlong addresses', () => {
    expect(checkAddress('ftp://lists.example/a.txt')).toEqual({ ok: false, problem: 'scheme' });
    expect(checkAddress('file:///etc/hosts')).toEqual({ ok: false, problem: 'scheme' });
    expect(checkAddress('javascript:alert(1)')).toEqual({ ok: false, problem: 'scheme' });
    expect(checkAddress('https://me:secret@lists.example/a.txt')).toEqual({ ok: false, problem: 'credentials' });
    expect(checkAddress('https://token@lists.example/a.txt')).toEqual({ ok: false, problem: 'credentials' });
    expect(checkAddress('not an address')).toEqual({ ok: false, problem: 'not-url' });
    expect(checkAddress('  ')).toEqual({ ok: false, problem: 'empty' });
    expect(checkAddress(`https://lists.example/${'a'.repeat(2100)}`)).toEqual({ ok: false, problem: 'too-long' });
  });
  it('asks host access for the scheme and host, any port', () => {
    expect(subOrigin('http://lists.example:8080/a.txt?x=1')).toBe('http://lists.example/*');
    expect(subOrigin('https://raw.githubusercontent.com/a/b/master/uBlacklist.txt')).toBe('https://raw.githubusercontent.com/*');
  });
  it('names a list by its own name, else its host', () => {
    expect(defaultName('https://lists.example/a.txt', 'Clones\n of SO ')).toBe('Clones of SO');
    expect(defaultName('https://lists.example/a.txt')).toBe('lists.example');
  });
});

describe('stored subscriptions', () => {
  it('reads a good record back as written', () => {
    const r = rec({ updated: 5, etag: '"v1"', lastModified: 'Tue, 01 Jan 2030 00:00:00 GMT', failed: { at: 6, code: 'http', message: 'HTTP 500' } });
    expect(readSub(JSON.parse(JSON.stringify(r)))).toEqual(r);
  });
  it('drops a damaged record alone, keeps one per address and at most MAX_SUBS', () => {
    const good = rec();
    const other = rec({ url: 'https://lists.example/b.txt', name: 'B' });
    expect(
      readSubs([
        null,
        7,
        { url: 'file:///x', name: 'x' },
        { url: 'https://u:p@h.example/', name: 'x' },
        { name: 'no url' },
        good,
        other,
        { ...good, name: 'dup' },
      ]),
    ).toEqual([good, other]);
    expect(readSubs('nope')).toEqual([]);
    const many = Array.from({ length: MAX_SUBS + 5 }, (_, i) => rec({ url: `https://lists.example/${i}.txt` }));
    expect(readSubs(many)).toHaveLength(MAX_SUBS);
  });
  it('repairs what can be repaired: an interval out of range, a bad failure, an overlong name', () => {
    const r = readSub({ url: 'https://lists.example/a.txt', name: 'x'.repeat(300), hours: 0.2, sites: -4, failed: { at: 'then' }, etag: 5 });
    expect(r).toEqual({ url: 'https://lists.example/a.txt', name: 'x'.repeat(100), hours: 1, sites: 0, at: 0 });
    expect(clampHours(undefined)).toBe(DEFAULT_HOURS);
    expect(clampHours(10_000)).toBe(720);
  });
});

describe('updates', () => {
  it('is due once its interval has passed since the last attempt, good or failed', () => {
    const r = rec({ hours: 6, updated: 100 * H });
    expect(isDue(r, 105 * H)).toBe(false);
    expect(isDue(r, 106 * H)).toBe(true);
    expect(isDue({ ...r, failed: { at: 104 * H, code: 'http', message: '' } }, 106 * H)).toBe(false);
    expect(isDue(rec({ hours: 1 }), 2 * H)).toBe(true); // never fetched
    expect(isDue(r, 50 * H)).toBe(true); // a clock set back
  });
  it('an hourly alarm finds an hourly list due every time, however long its fetch took (a daily one every 24 alarms)', () => {
    const t0 = 1000 * H;
    // Stamped when the attempt started, or (as before) when a fetch of a few seconds ended.
    for (const stamp of [0, 4_000]) {
      expect(isDue(rec({ hours: 1, updated: t0 + stamp }), t0 + H), `stamp +${stamp}`).toBe(true);
      expect(isDue(rec({ hours: 24, updated: t0 + stamp }), t0 + 24 * H), `stamp +${stamp}`).toBe(true);
      expect(isDue(rec({ hours: 1, failed: { at: t0 + stamp, code: 'http', message: '' } }), t0 + H)).toBe(true);
    }
    // An alarm a little early (alarms are not exact) still counts; half an interval does not.
    expect(isDue(rec({ hours: 1, updated: t0 }), t0 + H - 60_000)).toBe(true);
    expect(isDue(rec({ hours: 1, updated: t0 }), t0 + H / 2)).toBe(false);
    expect(isDue(rec({ hours: 24, updated: t0 }), t0 + 23 * H)).toBe(false);
  });
  it('sends the last good copy’s validators', () => {
    expect(conditionalHeaders({ etag: '"v1"', lastModified: 'Tue, 01 Jan 2030 00:00:00 GMT' })).toEqual({
      'If-None-Match': '"v1"',
      'If-Modified-Since': 'Tue, 01 Jan 2030 00:00:00 GMT',
    });
    expect(conditionalHeaders({})).toEqual({});
  });
  it('tells the options no validators, and suggests only lists not subscribed', () => {
    const v = subsView([rec({ url: SUGGESTED[0].url, etag: '"x"' })]);
    expect(v.subs[0]).not.toHaveProperty('etag');
    expect(v.suggested.map((s) => s.url)).toEqual(SUGGESTED.slice(1).map((s) => s.url));
  });
  it('suggests public lists on GitHub, none with credentials', () => {
    expect(SUGGESTED.length).toBeGreaterThanOrEqual(2);
    for (const s of SUGGESTED) expect(checkAddress(s.url)).toEqual({ ok: true, url: s.url });
  });
});

/** A fetch answering `res`, recording the request's headers. */
function answering(res: () => Response) {
  const seen: Headers[] = [];
  const f = (async (_u: string, init?: RequestInit) => {
    seen.push(new Headers(init?.headers));
    return res();
  }) as typeof fetch;
  return { f, seen };
}

describe('fetching a list', () => {
  const URL_ = 'https://lists.example/a.txt';
  it('reads a text list with its validators, sending the conditional headers and no credentials', async () => {
    const { f, seen } = answering(
      () => new Response('a.example\nb.example\n', { headers: { 'content-type': 'text/plain; charset=utf-8', etag: '"v2"', 'last-modified': 'Wed' } }),
    );
    const out = await fetchList(URL_, { fetch: f }, { 'If-None-Match': '"v1"' });
    expect(out).toMatchObject({ ok: true, notModified: false, text: 'a.example\nb.example\n', etag: '"v2"', lastModified: 'Wed' });
    expect(seen[0].get('if-none-match')).toBe('"v1"');
    expect(seen[0].get('accept')).toContain('text/plain');
  });
  it('takes 304 as unchanged, without a body', async () => {
    const { f } = answering(() => new Response(null, { status: 304 }));
    expect(await fetchList(URL_, { fetch: f }, { 'If-None-Match': '"v1"' })).toMatchObject({ ok: true, notModified: true });
  });
  it('fails an HTTP error, a page, a binary and a list over MAX_LIST_BYTES', async () => {
    const fail = async (res: Response) => fetchList(URL_, { fetch: answering(() => res).f }, {});
    expect(await fail(new Response('oops', { status: 500 }))).toMatchObject({ ok: false, kind: 'http', status: 500 });
    expect(await fail(new Response('<html>login</html>', { headers: { 'content-type': 'text/html' } }))).toMatchObject({ ok: false, kind: 'wrong-type' });
    // Unlabelled (a byte body: a string one would be labelled text/plain) and looking like HTML.
    expect(await fail(new Response(new TextEncoder().encode('<!doctype html><html>'), {}))).toMatchObject({ ok: false, kind: 'wrong-type' });
    expect(
      await fail(new Response(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1]), { headers: { 'content-type': 'text/plain' } })),
    ).toMatchObject({
      ok: false,
      kind: 'wrong-type',
    });
    expect(await fail(new Response('x', { headers: { 'content-type': 'application/json' } }))).toMatchObject({ ok: false, kind: 'wrong-type' });
    expect(await fail(new Response('a.example\n'.repeat(MAX_LIST_BYTES / 10 + 1), { headers: { 'content-type': 'text/plain' } }))).toMatchObject({
      ok: false,
      kind: 'too-large',
    });
  });
  it('takes any text type but HTML', () => {
    expect(listType('text/plain')).toBe('text');
    expect(listType('text/x-adblock')).toBe('text');
    expect(listType('')).toBe('sniff');
    expect(listType('text/html')).toBeNull();
    expect(listType('application/octet-stream')).toBeNull();
  });
});
