import { describe, expect, it } from 'vitest';
import { fetchPage } from '../../lib/fetch/fetch-page';
import { fetchJson } from '../../lib/fetch/fetch-json';

// Issue #28 (private windows): a fetch made for a private window's page bypasses the browser's HTTP
// cache both ways (`cache: 'no-store'`), which lives on disk in the regular profile.
const HTML = '<!doctype html><title>x</title><p>page</p>';

/** A fake fetch that records each request's init; the first answer redirects once (every hop must carry it). */
function recording() {
  const inits: RequestInit[] = [];
  const f = (async (input: RequestInfo | URL, init?: RequestInit) => {
    inits.push(init!);
    const url = String(input);
    if (url.endsWith('/start')) return new Response('', { status: 302, headers: { location: '/final' } });
    const json = url.endsWith('.json');
    return new Response(json ? '{"a":1}' : HTML, { headers: { 'content-type': json ? 'application/json' : 'text/html' } });
  }) as typeof fetch;
  return { fetch: f, inits };
}

describe('fetchPage for private pages', () => {
  it("sends cache: 'no-store' on every hop when asked (noStore)", async () => {
    const { fetch, inits } = recording();
    const o = await fetchPage('https://a.example/start', { fetch, noStore: true });
    expect(o).toMatchObject({ ok: true, url: 'https://a.example/final' });
    expect(inits).toHaveLength(2);
    for (const init of inits) expect(init.cache).toBe('no-store');
  });
  it('leaves the cache alone otherwise', async () => {
    const { fetch, inits } = recording();
    await fetchPage('https://a.example/start', { fetch });
    await fetchPage('https://a.example/start', { fetch, noStore: false });
    for (const init of inits) expect(init.cache).toBeUndefined();
  });
  it('fetchJson (the archive lookup) honours it too', async () => {
    const { fetch, inits } = recording();
    await fetchJson('https://archive.example/a.json', { fetch, noStore: true });
    expect(inits.map((i) => i.cache)).toEqual(['no-store']);
  });
});
