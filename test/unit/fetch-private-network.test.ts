import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchPage } from '../../lib/fetch/fetch-page';

/**
 * A name that resolves to the user's own machine or network (issue #13): a real local server plays
 * both "public" hosts and the private one; a fetch wrapper plays DNS, sending every name to 127.0.0.1.
 */
const requested: string[] = [];
let server: http.Server;
let port = 0;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    requested.push(`${req.headers.host}${req.url}`);
    if (req.url === '/to-private') {
      res.writeHead(302, { Location: `http://router.example:${port}/cgi-bin/reboot?confirm=1` });
      return res.end();
    }
    res.writeHead(200, { 'Content-Type': 'text/html' });
    res.end('<!doctype html><p>secret admin page</p>');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise((r) => server.close(r)));

/** Every name is answered by the local server, with its Host header kept (as a resolver would make it). */
const viaLoopback: typeof fetch = (input, init) => {
  const u = new URL(String(input));
  const host = u.host;
  u.hostname = '127.0.0.1';
  return fetch(u, { ...init, headers: { ...(init?.headers as Record<string, string>), 'x-host': host } });
};
/** A resolver in which `*.example` names live on the user's network and `*.org` ones in public. */
const resolve = async (host: string) => (host.endsWith('.example') ? ['192.168.1.20'] : ['93.184.215.14']);

describe('fetchPage: names that resolve to the user’s own network', () => {
  it('resolves first where the browser cannot refuse private addresses: nothing is sent, the host is reported', async () => {
    const before = requested.length;
    const hosts: string[] = [];
    const o = await fetchPage(`http://printer.example:${port}/admin`, { fetch: viaLoopback, resolve, onBlocked: (h) => hosts.push(h) });
    expect(o).toMatchObject({ ok: false, kind: 'blocked', message: expect.stringContaining('192.168.1.20') });
    expect(requested.length - before, 'requests that reached the server').toBe(0);
    expect(hosts).toEqual(['printer.example']);
  });

  it('checks every redirect hop the same way: a public page redirecting to a private name is refused before the hop', async () => {
    const before = requested.length;
    const o = await fetchPage(`http://public.org:${port}/to-private`, { fetch: viaLoopback, resolve });
    expect(o).toMatchObject({ ok: false, kind: 'blocked' });
    expect(
      requested.slice(before).some((r) => r.includes('reboot')),
      'the private hop was requested',
    ).toBe(false);
  });

  it('a response from a private address (the network layer says so) is never returned', async () => {
    const hosts: string[] = [];
    const o = await fetchPage(`http://public.org:${port}/page`, {
      fetch: viaLoopback,
      remoteAddress: () => '::ffff:10.0.0.7',
      onBlocked: (h) => hosts.push(h),
    });
    expect(o).toMatchObject({ ok: false, kind: 'blocked' });
    expect('body' in o).toBe(false);
    expect(hosts).toEqual(['public.org']);
  });

  it('a public answer passes; a name the resolver cannot resolve is not requested blind', async () => {
    expect((await fetchPage(`http://public.org:${port}/page`, { fetch: viaLoopback, resolve, remoteAddress: () => '93.184.215.14' })).ok).toBe(true);
    const before = requested.length;
    const o = await fetchPage(`http://public.org:${port}/page`, { fetch: viaLoopback, resolve: () => Promise.reject(new Error('no dns')) });
    expect(o).toMatchObject({ ok: false, kind: 'dns' });
    expect(requested.length - before).toBe(0);
  });

  it('asks the browser for a public address space on every request when told to (Private Network Access)', async () => {
    const inits: RequestInit[] = [];
    const spy: typeof fetch = (input, init) => {
      inits.push(init!);
      return viaLoopback(input, init);
    };
    await fetchPage(`http://public.org:${port}/page`, { fetch: spy, addressSpace: 'public' });
    expect(inits.map((i) => (i as { targetAddressSpace?: string }).targetAddressSpace)).toEqual(['public']);
  });
});
