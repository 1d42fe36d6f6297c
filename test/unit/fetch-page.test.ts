import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchPage } from '../../lib/fetch/fetch-page';
import { FetchQueue } from '../../lib/fetch/queue';
import type { FetchOutcome } from '../../lib/fetch/types';

// A real local server: every limit of the fetch policy is exercised over real sockets with Node's fetch.
const MB = 1024 * 1024;
const HTML = '<!doctype html><html><head><title>t</title></head><body><p>Hello, world.</p></body></html>';
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
const big = new Map<string, { written: number; finished: boolean; closed: boolean }>();
const requested: string[] = [];
const sockets = new Set<Socket>();
let server: http.Server;
let base = '';

/** Writes 10 MB in 64 KB chunks, respecting backpressure, so a client that stops reading stops the server. */
function writeBig(req: http.IncomingMessage, res: http.ServerResponse, withLength: boolean) {
  const state = { written: 0, finished: false, closed: false };
  big.set(req.url!, state);
  res.writeHead(200, { 'Content-Type': 'text/html', ...(withLength && { 'Content-Length': String(10 * MB) }) });
  const chunk = Buffer.alloc(64 * 1024, 'a');
  chunk.write('<!doctype html><p>');
  res.on('close', () => {
    state.closed = true;
  });
  const more = () => {
    while (state.written < 10 * MB && !state.closed) {
      state.written += chunk.length;
      if (!res.write(chunk)) return void res.once('drain', more);
    }
    if (!state.closed)
      res.end(() => {
        state.finished = true;
      });
  };
  more();
}

function handler(req: http.IncomingMessage, res: http.ServerResponse) {
  const u = new URL(req.url!, base);
  requested.push(u.pathname);
  const send = (status: number, type: string | null, body: string | Buffer, extra: Record<string, string> = {}) => {
    res.writeHead(status, { ...(type && { 'Content-Type': type }), ...extra });
    res.end(body);
  };
  const hop = /^\/hop\/(\d+)$/.exec(u.pathname);
  if (hop) return Number(hop[1]) === 0 ? send(200, 'text/html', HTML) : send(302, null, '', { Location: `/hop/${Number(hop[1]) - 1}` });
  switch (u.pathname) {
    case '/html':
      return send(200, 'text/html; charset=utf-8', HTML);
    case '/plain':
      return send(200, 'text/plain', 'just some words');
    case '/xml':
      return send(200, 'application/xml; charset=utf-8', '<?xml version="1.0"?><license id="MIT"><p>Permission is hereby granted</p></license>');
    case '/xhtml':
      return send(200, 'application/xhtml+xml', `<?xml version="1.0"?>${HTML}`);
    case '/latin1':
      return send(200, 'text/html; Charset="ISO-8859-1"', Buffer.from(HTML, 'latin1'));
    case '/untyped-html':
      return send(200, null, HTML);
    case '/untyped-words':
      return send(200, null, 'no markup at all, just words');
    case '/png':
      return send(200, 'text/html', PNG);
    case '/octet':
      return send(200, 'application/octet-stream', 'bytes');
    case '/204':
      return send(204, null, '');
    case '/404':
      return send(404, 'text/html', 'not found');
    case '/410':
      return send(410, 'text/html', 'gone');
    case '/500':
      return send(500, 'text/html', 'oops');
    case '/big-length':
      return writeBig(req, res, true);
    case '/big-chunked':
      return writeBig(req, res, false);
    case '/loop-a':
      return send(302, null, '', { Location: '/loop-b' });
    case '/loop-b':
      return send(301, null, '', { Location: `${base}/loop-a#again` });
    case '/to':
      return send(302, null, '', { Location: u.searchParams.get('loc')! });
    case '/no-location':
      return send(302, 'text/html', HTML);
    case '/echo':
      return send(200, 'text/html', JSON.stringify(req.headers));
    case '/never':
      return; // holds the request open: no status line, ever
    case '/stall':
      res.writeHead(200, { 'Content-Type': 'text/html' });
      res.write('<!doctype html><p>the rest never comes');
      return;
    default:
      return send(404, 'text/plain', 'no route');
  }
}

beforeAll(async () => {
  server = http.createServer(handler);
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  for (const s of sockets) s.destroy();
  await new Promise((resolve) => server.close(resolve));
});

/** Node's fetch, with the body re-streamed on demand so the test sees how many bytes fetchPage pulled. */
function countingFetch() {
  const seen = { bytes: 0, maxChunk: 0 };
  const f: typeof fetch = async (input, init) => {
    const r = await fetch(input, init);
    if (!r.body) return r;
    const reader = r.body.getReader();
    const body = new ReadableStream<Uint8Array>(
      {
        async pull(ctrl) {
          const { done, value } = await reader.read();
          if (done) return ctrl.close();
          seen.bytes += value.length;
          seen.maxChunk = Math.max(seen.maxChunk, value.length);
          ctrl.enqueue(value);
        },
        cancel: (reason) => reader.cancel(reason),
      },
      { highWaterMark: 0 },
    );
    return new Response(body, { status: r.status, headers: r.headers });
  };
  return { fetch: f, seen };
}

const failed = (o: FetchOutcome) => (o.ok ? { ok: true as const, url: o.url } : { kind: o.kind, status: o.status });
const waitFor = async (cond: () => boolean, ms = 3000) => {
  for (const end = Date.now() + ms; !cond() && Date.now() < end; ) await new Promise((r) => setTimeout(r, 10));
  return cond();
};

describe('fetchPage: happy paths', () => {
  it('reads HTML with its charset, the final URL, status and timing', async () => {
    const o = await fetchPage(`${base}/html`);
    expect(o).toMatchObject({ ok: true, url: `${base}/html`, status: 200, contentType: 'text/html', charset: 'utf-8', redirects: [], truncated: false });
    if (o.ok) expect(new TextDecoder().decode(o.body)).toBe(HTML);
    expect(o.ms).toBeGreaterThanOrEqual(0);
  });
  it('reads text/plain, XHTML as HTML, a quoted mixed-case charset, and sniffs an unlabelled HTML body', async () => {
    expect(await fetchPage(`${base}/plain`)).toMatchObject({ ok: true, contentType: 'text/plain' });
    const plain = await fetchPage(`${base}/plain`);
    expect(plain.ok && plain.charset).toBe(undefined);
    expect(await fetchPage(`${base}/xhtml`)).toMatchObject({ ok: true, contentType: 'text/html' });
    expect(await fetchPage(`${base}/latin1`)).toMatchObject({ ok: true, charset: 'iso-8859-1' });
    expect(await fetchPage(`${base}/untyped-html`)).toMatchObject({ ok: true, contentType: 'text/html' });
  });
  it('reads XML (text/xml, application/xml) as a text body, its markup found by content when sketched', async () => {
    const o = await fetchPage(`${base}/xml`);
    expect(o).toMatchObject({ ok: true, contentType: 'text/plain', charset: 'utf-8' });
  });
  it('follows 3 redirects (the maximum) and reports each hop', async () => {
    const o = await fetchPage(`${base}/hop/3`);
    expect(o).toMatchObject({ ok: true, url: `${base}/hop/0`, redirects: [`${base}/hop/2`, `${base}/hop/1`, `${base}/hop/0`] });
  });
  it('sends no cookies and no referrer, and asks for HTML or text', async () => {
    const o = await fetchPage(`${base}/echo`);
    const headers = o.ok ? JSON.parse(new TextDecoder().decode(o.body)) : {};
    expect(headers.cookie).toBeUndefined();
    expect(headers.referer).toBeUndefined();
    expect(headers.accept).toMatch(/^text\/html/);
  });
  it('accepts a body of exactly maxBytes and refuses one byte more', async () => {
    expect(await fetchPage(`${base}/html`, { maxBytes: HTML.length })).toMatchObject({ ok: true });
    expect(failed(await fetchPage(`${base}/html`, { maxBytes: HTML.length - 1 }))).toEqual({ kind: 'too-large', status: 200 });
  });
});

describe('fetchPage: size and type limits', () => {
  it('refuses a 10 MB body by its Content-Length without reading it', async () => {
    const { fetch: f, seen } = countingFetch();
    expect(failed(await fetchPage(`${base}/big-length`, { fetch: f }))).toEqual({ kind: 'too-large', status: 200 });
    expect(seen.bytes).toBe(0);
    expect(await waitFor(() => big.get('/big-length')!.closed)).toBe(true);
    expect(big.get('/big-length')!.finished).toBe(false);
  });
  it('stops reading a 10 MB body without Content-Length at 2 MB (plus at most one chunk)', async () => {
    const { fetch: f, seen } = countingFetch();
    const o = await fetchPage(`${base}/big-chunked`, { fetch: f });
    expect(o).toMatchObject({ ok: false, kind: 'too-large', message: expect.stringContaining(String(2 * MB)) });
    expect(seen.bytes).toBeGreaterThan(2 * MB - seen.maxChunk);
    expect(seen.bytes).toBeLessThanOrEqual(2 * MB + seen.maxChunk);
    expect(await waitFor(() => big.get('/big-chunked')!.closed)).toBe(true);
    expect(big.get('/big-chunked')!.finished).toBe(false);
    expect(big.get('/big-chunked')!.written).toBeLessThan(10 * MB);
  });
  it('refuses a PNG served as text/html, application/octet-stream, and an unlabelled non-HTML body', async () => {
    expect(await fetchPage(`${base}/png`)).toMatchObject({ ok: false, kind: 'wrong-type', message: expect.stringContaining('PNG') });
    expect(await fetchPage(`${base}/octet`)).toMatchObject({ ok: false, kind: 'wrong-type', message: expect.stringContaining('octet-stream') });
    expect(failed(await fetchPage(`${base}/untyped-words`))).toEqual({ kind: 'wrong-type', status: 200 });
  });
});

describe('fetchPage: HTTP status', () => {
  it('404 and 410 are gone, 500 is an HTTP error, 204 has no page', async () => {
    expect(failed(await fetchPage(`${base}/404`))).toEqual({ kind: 'gone', status: 404 });
    expect(failed(await fetchPage(`${base}/410`))).toEqual({ kind: 'gone', status: 410 });
    expect(failed(await fetchPage(`${base}/500`))).toEqual({ kind: 'http', status: 500 });
    expect(failed(await fetchPage(`${base}/204`))).toEqual({ kind: 'http', status: 204 });
    expect(failed(await fetchPage(`${base}/no-location`))).toEqual({ kind: 'http', status: 302 });
  });
});

describe('fetchPage: redirects, each hop re-checked', () => {
  it('fails on a 4th redirect', async () => {
    const o = await fetchPage(`${base}/hop/4`);
    expect(o).toMatchObject({ ok: false, kind: 'redirect', url: `${base}/hop/1`, message: 'more than 3 redirects' });
    expect(o.redirects).toHaveLength(4);
  });
  it('fails on a loop A → B → A (a fragment does not hide it)', async () => {
    const o = await fetchPage(`${base}/loop-a`);
    expect(o).toMatchObject({ ok: false, kind: 'redirect', message: expect.stringContaining('loop') });
    expect(o.redirects).toEqual([`${base}/loop-b`, `${base}/loop-a#again`]);
  });
  it.each(['ftp://example.com/file', 'file:///etc/passwd', 'javascript:alert(1)', 'data:text/html,hi'])('refuses a redirect to %s', async (loc) => {
    const o = await fetchPage(`${base}/to?loc=${encodeURIComponent(loc)}`);
    expect(o).toMatchObject({ ok: false, kind: 'redirect', status: 302, url: `${base}/to?loc=${encodeURIComponent(loc)}` });
    expect(o.redirects).toEqual([new URL(loc).href]);
  });
  it('refuses a redirect to a host `allowed` refuses, without requesting it', async () => {
    const target = `http://localhost:${new URL(base).port}/target-secret`;
    const allowed = (u: URL) => u.hostname === '127.0.0.1';
    const o = await fetchPage(`${base}/to?loc=${encodeURIComponent(target)}`, { allowed });
    expect(o).toMatchObject({ ok: false, kind: 'redirect', message: expect.stringContaining('not allowed') });
    expect(requested).not.toContain('/target-secret');
  });
  it('blocks a start URL that is not http(s), not a URL, or not allowed', async () => {
    expect(failed(await fetchPage('ftp://example.com/'))).toEqual({ kind: 'blocked' });
    expect(failed(await fetchPage('not a url'))).toEqual({ kind: 'blocked' });
    expect(failed(await fetchPage(`${base}/html`, { allowed: () => false }))).toEqual({ kind: 'blocked' });
  });
});

describe('fetchPage: time, cancellation and network errors', () => {
  it('times out a server that never answers', async () => {
    const o = await fetchPage(`${base}/never`, { timeoutMs: 300 });
    expect(failed(o)).toEqual({ kind: 'timeout' });
    expect(o.ms).toBeGreaterThanOrEqual(250);
    expect(o.ms).toBeLessThan(2000);
  });
  it('times out a server that sends headers and then stalls (the timer covers the body)', async () => {
    // Long enough for the headers to arrive on a busy machine (they are sent at once), then the body stalls.
    expect(failed(await fetchPage(`${base}/stall`, { timeoutMs: 2_000 }))).toEqual({ kind: 'timeout', status: 200 });
  });
  it('ends as cancelled when the signal aborts, before or during the request', async () => {
    const ctl = new AbortController();
    setTimeout(() => ctl.abort(), 50);
    expect(failed(await fetchPage(`${base}/never`, { signal: ctl.signal }))).toEqual({ kind: 'cancelled' });
    expect(failed(await fetchPage(`${base}/html`, { signal: AbortSignal.abort() }))).toEqual({ kind: 'cancelled' });
  });
  it('names a DNS failure (.invalid never resolves)', async () => {
    expect(failed(await fetchPage('http://resemble-test.invalid/', { timeoutMs: 5000 }))).toEqual({ kind: 'dns' });
  });
  it('names a refused connection (a closed port)', async () => {
    const s = http.createServer();
    await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
    const port = (s.address() as AddressInfo).port;
    await new Promise((resolve) => s.close(resolve));
    expect(failed(await fetchPage(`http://127.0.0.1:${port}/`))).toEqual({ kind: 'connection' });
  });
  it('names a TLS failure (https spoken to a plain-http server)', async () => {
    expect(failed(await fetchPage(`${base.replace('http:', 'https:')}/html`))).toEqual({ kind: 'tls' });
  });
});

describe('a redirect loop, another scheme and a server that never answers do not break the rest', () => {
  it('each ends as a recorded failure in a queue while the good pages arrive', async () => {
    const urls = ['/loop-a', `/to?loc=${encodeURIComponent('ftp://x/')}`, '/never', '/html', '/plain', '/hop/2'];
    const queue = new FetchQueue<FetchOutcome>((job, signal) => fetchPage(job.url, { signal, timeoutMs: 300 }));
    const kinds = new Map<string, string>();
    queue.onDone((job, out) => kinds.set(job.url.slice(base.length), out.status === 'done' ? (out.value.ok ? 'ok' : out.value.kind) : out.status));
    queue.add(urls.map((u, i) => ({ url: base + u, rank: i + 1 })));
    await queue.idle();
    expect(Object.fromEntries(kinds)).toEqual({
      '/loop-a': 'redirect',
      [urls[1]]: 'redirect',
      '/never': 'timeout',
      '/html': 'ok',
      '/plain': 'ok',
      '/hop/2': 'ok',
    });
  });
});
