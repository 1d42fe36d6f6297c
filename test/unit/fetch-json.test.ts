/**
 * fetchJson (issue #18): an API's answer (the archive's availability lookup) under fetchPage's policy.
 * Responses are made by a fake fetch: the policy's own machinery is fetch-page.test.ts's subject.
 */
import { describe, expect, it } from 'vitest';
import { JSON_MAX_BYTES, fetchJson } from '../../lib/fetch/fetch-json';

const answer =
  (body: BodyInit | null, init: ResponseInit = {}) =>
  async () =>
    new Response(body, { status: 200, ...init });
const json = (v: unknown, type = 'application/json') => answer(JSON.stringify(v), { headers: { 'Content-Type': type } });

describe('fetchJson', () => {
  it('reads an answer labelled JSON, asking for JSON', async () => {
    const seen: RequestInit[] = [];
    const got = await fetchJson('https://api.example/x', {
      fetch: async (_u, init) => (seen.push(init!), json({ a: 1 }, 'application/json; charset=utf-8')()),
    });
    expect(got).toMatchObject({ ok: true, status: 200, json: { a: 1 } });
    expect(seen[0]).toMatchObject({ credentials: 'omit', headers: { Accept: 'application/json' } });
  });

  it('refuses what is not JSON: an HTML page, a body that does not parse, a PNG', async () => {
    const html = await fetchJson('https://api.example/x', { fetch: answer('<!doctype html><p>wall', { headers: { 'Content-Type': 'text/html' } }) });
    expect(html).toMatchObject({ ok: false, kind: 'wrong-type' });
    expect(await fetchJson('https://api.example/x', { fetch: answer('{nope', { headers: { 'Content-Type': 'application/json' } }) })).toMatchObject({
      ok: false,
      kind: 'wrong-type',
    });
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2]);
    expect(await fetchJson('https://api.example/x', { fetch: answer(png, { headers: { 'Content-Type': 'application/json' } }) })).toMatchObject({
      ok: false,
      kind: 'wrong-type',
    });
  });

  it('keeps the policy: status, size (capped at JSON_MAX_BYTES whatever the caller asks), allowed hosts, time', async () => {
    expect(await fetchJson('https://api.example/x', { fetch: answer('{}', { status: 503, headers: { 'Content-Type': 'application/json' } }) })).toMatchObject({
      ok: false,
      kind: 'http',
      status: 503,
    });
    const huge = `"${'a'.repeat(JSON_MAX_BYTES)}"`;
    expect(
      await fetchJson('https://api.example/x', { maxBytes: 10 * JSON_MAX_BYTES, fetch: answer(huge, { headers: { 'Content-Type': 'application/json' } }) }),
    ).toMatchObject({ ok: false, kind: 'too-large' });
    let asked = 0;
    const refused = await fetchJson('https://api.example/x', { allowed: () => false, fetch: async () => (asked++, new Response('{}')) });
    expect(refused).toMatchObject({ ok: false, kind: 'blocked' });
    expect(asked).toBe(0);
    const stalled = await fetchJson('https://api.example/x', { timeoutMs: 50, fetch: () => new Promise<Response>(() => undefined) });
    expect(stalled).toMatchObject({ ok: false, kind: 'timeout' });
  });
});
