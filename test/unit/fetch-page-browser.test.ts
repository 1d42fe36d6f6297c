import { describe, expect, it } from 'vitest';
import { fetchPage } from '../../lib/fetch/fetch-page';
import { parseContentType } from '../../lib/fetch/content';
import { kindFromNetError, kindFromThrown } from '../../lib/fetch/net-error';
import type { RedirectObserver } from '../../lib/fetch/types';

// What browsers do that Node does not: opaque-redirect responses to `redirect: 'manual'`, and a bare
// "TypeError: Failed to fetch" for every network error. Simulated with fake fetches.
const HTML = '<!doctype html><title>x</title><p>page</p>';

/** What a browser returns for a 3xx under `redirect: 'manual'`: no status, no headers, no body. */
const opaqueRedirect = () => ({ type: 'opaqueredirect', status: 0, url: '', redirected: false, headers: new Headers(), body: null }) as unknown as Response;

/** A followed response as the browser gives it: the final URL and the `redirected` flag set. */
function followed(url: string, body: BodyInit | null = HTML, init: ResponseInit = { headers: { 'content-type': 'text/html' } }) {
  const r = new Response(body, init);
  Object.defineProperty(r, 'url', { value: url });
  Object.defineProperty(r, 'redirected', { value: url !== 'https://a.example/start' });
  return r;
}

/** A browser-like fetch: every manual request is an opaque redirect; `follow` lands on `finalUrl`. */
function browserFetch(finalUrl: string) {
  const calls: { url: string; init: RequestInit }[] = [];
  const f = (async (input: RequestInfo | URL, init?: RequestInit) => {
    calls.push({ url: String(input), init: init! });
    return init?.redirect === 'manual' ? opaqueRedirect() : followed(finalUrl);
  }) as typeof fetch;
  return { fetch: f, calls };
}

const observer = (hops: string[]): RedirectObserver => ({ hops: (url) => (url === 'https://a.example/start' ? hops : undefined) });
const START = 'https://a.example/start';

describe('fetchPage in browsers: opaque redirects fall back to follow mode', () => {
  it('sends credentials omit, no referrer and redirect manual first, then follow', async () => {
    const { fetch, calls } = browserFetch('https://b.example/final');
    const o = await fetchPage(START, { fetch });
    expect(o).toMatchObject({ ok: true, url: 'https://b.example/final', redirects: ['https://b.example/final'], contentType: 'text/html' });
    expect(calls.map((c) => c.init.redirect)).toEqual(['manual', 'follow']);
    for (const { init } of calls) {
      expect(init).toMatchObject({ credentials: 'omit', referrerPolicy: 'no-referrer', method: 'GET' });
      expect(init.cache).toBeUndefined(); // the HTTP cache stays on, see fetch-page.ts
      expect(init.signal).toBeInstanceOf(AbortSignal);
    }
  });
  it('refuses a final URL that `allowed` refuses', async () => {
    const { fetch } = browserFetch('https://evil.example/final');
    const o = await fetchPage(START, { fetch, allowed: (u) => u.hostname !== 'evil.example' });
    expect(o).toMatchObject({ ok: false, kind: 'redirect', redirects: ['https://evil.example/final'] });
  });
  it('uses the observer to count hops and check their schemes after the fact', async () => {
    const { fetch } = browserFetch('https://b.example/3');
    const two = ['https://b.example/1', 'https://b.example/3'];
    expect(await fetchPage(START, { fetch, redirects: observer(two) })).toMatchObject({ ok: true, redirects: two });
    const four = ['https://b.example/1', 'https://b.example/2', 'http://b.example/2b', 'https://b.example/3'];
    expect(await fetchPage(START, { fetch, redirects: observer(four) })).toMatchObject({ ok: false, kind: 'redirect', message: 'more than 3 redirects' });
    const viaFtp = ['ftp://b.example/x', 'https://b.example/3'];
    expect(await fetchPage(START, { fetch, redirects: observer(viaFtp) })).toMatchObject({
      ok: false,
      kind: 'redirect',
      message: expect.stringContaining('ftp:'),
    });
    const loop = ['https://b.example/1', START, 'https://b.example/3'];
    expect(await fetchPage(START, { fetch, redirects: observer(loop) })).toMatchObject({
      ok: false,
      kind: 'redirect',
      message: expect.stringContaining('loop'),
    });
  });
  it('applies the type and size checks to the followed response', async () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]);
    const f = (async (_: RequestInfo | URL, init?: RequestInit) =>
      init?.redirect === 'manual' ? opaqueRedirect() : followed('https://b.example/img', png)) as typeof fetch;
    expect(await fetchPage(START, { fetch: f })).toMatchObject({ ok: false, kind: 'wrong-type', status: 200 });
  });
});

describe('fetchPage in browsers: naming "Failed to fetch"', () => {
  const failing = (error: unknown) =>
    (async () => {
      throw error;
    }) as typeof fetch;
  it('asks `classify` (fed from webRequest.onErrorOccurred), else says network', async () => {
    const f = failing(new TypeError('Failed to fetch'));
    const classify = (url: string) => (url === START ? kindFromNetError('net::ERR_NAME_NOT_RESOLVED') : undefined);
    expect(await fetchPage(START, { fetch: f, classify })).toMatchObject({ ok: false, kind: 'dns', message: 'TypeError: Failed to fetch' });
    expect(await fetchPage(START, { fetch: f })).toMatchObject({ ok: false, kind: 'network' });
  });
  it('reads undici causes: ENOTFOUND, ECONNRESET, a self-signed certificate, nested and aggregate', async () => {
    const cause = (code: string) => new TypeError('fetch failed', { cause: Object.assign(new Error(code), { code }) });
    expect(await fetchPage(START, { fetch: failing(cause('ENOTFOUND')) })).toMatchObject({ kind: 'dns', message: 'TypeError: fetch failed (ENOTFOUND)' });
    expect(await fetchPage(START, { fetch: failing(cause('ECONNRESET')) })).toMatchObject({ kind: 'connection' });
    expect(await fetchPage(START, { fetch: failing(cause('DEPTH_ZERO_SELF_SIGNED_CERT')) })).toMatchObject({ kind: 'tls' });
    const aggregate = new TypeError('fetch failed', { cause: new AggregateError([Object.assign(new Error('x'), { code: 'ECONNREFUSED' })]) });
    expect(kindFromThrown(aggregate)).toBe('connection');
    expect(kindFromThrown(new Error('a', { cause: new Error('b', { cause: Object.assign(new Error('c'), { code: 'CERT_HAS_EXPIRED' }) }) }))).toBe('tls');
  });
  it('times out a fetch or a body that ignores the abort signal', async () => {
    const hang = (() => new Promise<Response>(() => {})) as typeof fetch;
    expect(await fetchPage(START, { fetch: hang, timeoutMs: 100 })).toMatchObject({ ok: false, kind: 'timeout' });
    const stalled = new ReadableStream<Uint8Array>({ start: (c) => c.enqueue(new TextEncoder().encode('<!doctype html>')) });
    const f = (async () => new Response(stalled, { headers: { 'content-type': 'text/html' } })) as typeof fetch;
    expect(await fetchPage(START, { fetch: f, timeoutMs: 100 })).toMatchObject({ ok: false, kind: 'timeout', status: 200 });
  });
  it('measures time with the injected clock', async () => {
    let t = 1000;
    const f = (async () => {
      t += 42;
      return followed(START);
    }) as typeof fetch;
    expect(await fetchPage(START, { fetch: f, now: () => t })).toMatchObject({ ok: true, ms: 42 });
  });
});

describe('kindFromNetError', () => {
  it.each([
    ['net::ERR_NAME_NOT_RESOLVED', 'dns'],
    ['net::ERR_NAME_RESOLUTION_FAILED', 'dns'],
    ['net::ERR_DNS_TIMED_OUT', 'dns'],
    ['net::ERR_CERT_AUTHORITY_INVALID', 'tls'],
    ['net::ERR_CERT_DATE_INVALID', 'tls'],
    ['net::ERR_SSL_PROTOCOL_ERROR', 'tls'],
    ['net::ERR_CONNECTION_REFUSED', 'connection'],
    ['net::ERR_CONNECTION_RESET', 'connection'],
    ['net::ERR_INTERNET_DISCONNECTED', 'connection'],
    ['net::ERR_TIMED_OUT', 'timeout'],
    ['net::ERR_CONNECTION_TIMED_OUT', 'timeout'],
    ['net::ERR_TOO_MANY_REDIRECTS', 'redirect'],
    ['net::ERR_UNSAFE_REDIRECT', 'redirect'],
    ['net::ERR_BLOCKED_BY_CLIENT', 'blocked'],
    ['NS_ERROR_UNKNOWN_HOST', 'dns'],
    ['NS_ERROR_NET_TIMEOUT', 'timeout'],
    ['NS_ERROR_CONNECTION_REFUSED', 'connection'],
    ['NS_ERROR_NET_RESET', 'connection'],
    ['NS_ERROR_OFFLINE', 'connection'],
    ['NS_ERROR_REDIRECT_LOOP', 'redirect'],
    ['SEC_ERROR_UNKNOWN_ISSUER', 'tls'],
    ['SSL_ERROR_BAD_CERT_DOMAIN', 'tls'],
    ['MOZILLA_PKIX_ERROR_SELF_SIGNED_CERT', 'tls'],
    ['ENOTFOUND', 'dns'],
    ['EAI_AGAIN', 'dns'],
    ['ECONNREFUSED', 'connection'],
    ['ECONNRESET', 'connection'],
    ['UNABLE_TO_VERIFY_LEAF_SIGNATURE', 'tls'],
    ['DEPTH_ZERO_SELF_SIGNED_CERT', 'tls'],
    ['ERR_TLS_CERT_ALTNAME_INVALID', 'tls'],
    ['CERT_HAS_EXPIRED', 'tls'],
    ['ERR_SSL_WRONG_VERSION_NUMBER', 'tls'],
    ['UND_ERR_CONNECT_TIMEOUT', 'timeout'],
  ])('%s → %s', (error, kind) => {
    expect(kindFromNetError(error)).toBe(kind);
  });
  it('leaves what it does not know to the caller', () => {
    expect(kindFromNetError('net::ERR_ABORTED')).toBeUndefined();
    expect(kindFromNetError('NS_BINDING_ABORTED')).toBeUndefined();
    expect(kindFromNetError('something else')).toBeUndefined();
  });
});

describe('parseContentType', () => {
  it('splits essence and charset, dropping case, quotes and spaces', () => {
    expect(parseContentType('Text/HTML ; Charset = "Shift_JIS" ; x=y')).toEqual({ mime: 'text/html', charset: 'shift_jis' });
    expect(parseContentType('text/plain')).toEqual({ mime: 'text/plain' });
    expect(parseContentType(null)).toEqual({ mime: '' });
    expect(parseContentType('text/html; charset=')).toEqual({ mime: 'text/html' });
  });
});
