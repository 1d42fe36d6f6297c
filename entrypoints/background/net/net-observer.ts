import { browser } from 'wxt/browser';
import { kindFromNetError } from '../../../lib/fetch/net-error';
import { normalizeHost } from '../../../lib/fetch/public-host';
import type { FailureKind, RedirectObserver } from '../../../lib/fetch/types';
import { hostnameOf } from '../../../lib/url/host';

/**
 * Where the browser refuses private addresses itself (Chromium's Private Network Access, measured in
 * Chromium 156: `localhost.`, `[::]`, IPv4-mapped forms, a public name resolving to 127.0.0.1 and a
 * redirect to `localhost.` all fail, and the local server receives nothing), every fetch says so.
 */
export const ADDRESS_SPACE: 'public' | undefined = typeof Request !== 'undefined' && 'targetAddressSpace' in Request.prototype ? 'public' : undefined;

/**
 * What the network layer says of the background's own fetches, which fetch() hides: the error name
 * (net::ERR_NAME_NOT_RESOLVED is a DNS failure, ERR_CERT_* a TLS one; fetch says only "Failed to
 * fetch") and the redirects a `redirect: 'follow'` fetch went through. Seen through webRequest for
 * requests of no tab (the extension's own), kept for a minute by URL.
 */
const KEEP_MS = 60_000;
const errors = new Map<string, { kind: FailureKind; at: number }>();
const chains = new Map<string, { start: string; hops: string[]; at: number }>(); // by requestId
const byStart = new Map<string, string[]>();
/** Waiting for a URL's first redirect target or its error, by URL. */
const hopWaiters = new Map<string, ((to: string) => void)[]>();
const errorWaiters = new Map<string, ((kind: FailureKind) => void)[]>();
/** Recent first hops by the URL redirected (a manual fetch stops after it). */
const firstHop = new Map<string, { to: string; at: number }>();
/** The address that answered each URL lately (webRequest's `ip`), by URL. */
const addresses = new Map<string, { ip: string; at: number }>();

function settle<T>(waiters: Map<string, ((v: T) => void)[]>, url: string, v: T): void {
  const ws = waiters.get(url);
  waiters.delete(url);
  for (const w of ws ?? []) w(v);
}

function wait<T>(waiters: Map<string, ((v: T) => void)[]>, url: string, ms: number, known: () => T | undefined): Promise<T | undefined> {
  const now = known();
  if (now !== undefined) return Promise.resolve(now);
  return new Promise((resolve) => {
    const w = (v: T) => {
      clearTimeout(t);
      resolve(v);
    };
    const t = setTimeout(() => {
      const ws = waiters.get(url)?.filter((x) => x !== w);
      if (ws?.length) waiters.set(url, ws);
      else waiters.delete(url);
      resolve(known());
    }, ms);
    waiters.set(url, [...(waiters.get(url) ?? []), w]);
  });
}

function prune(now: number): void {
  for (const [k, v] of errors) if (now - v.at > KEEP_MS) errors.delete(k);
  for (const [k, v] of addresses) if (now - v.at > KEEP_MS) addresses.delete(k);
  for (const [k, v] of chains) {
    if (now - v.at > KEEP_MS) {
      chains.delete(k);
      byStart.delete(v.start);
    }
  }
}

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

/** `url` answered with a redirect to `location` (resolved against it): its first hop, for the fetch waiting on it. */
function hopSeen(url: string, location: string): void {
  let to: string;
  try {
    to = new URL(location, url).href;
  } catch {
    to = location; // unparsable: the fetch refuses it as a redirect target
  }
  firstHop.set(url, { to, at: Date.now() });
  settle(hopWaiters, url, to);
}

let installed = false;
/** Whether an answering address may be a site's (test-loopback.ts's siteAddress: given, so this file stays a leaf). */
let siteAddress: (ip: string) => boolean = () => false;

/** Listens (once per service-worker lifetime) where webRequest is available and allowed. */
export function installNetObserver(isSiteAddress: (ip: string) => boolean): void {
  const wr = (browser as { webRequest?: typeof browser.webRequest }).webRequest;
  if (installed || !wr) return;
  installed = true;
  siteAddress = isSiteAddress;
  const filter = { urls: ['http://*/*', 'https://*/*'], tabId: -1 };
  // Firefox (MV2) may cancel a response before it is read: one from a private address never reaches fetch().
  // It also reports no onBeforeRedirect for a redirect that a `redirect: 'manual'` fetch does not follow
  // (measured in Firefox 153): the hop is read off the redirect's own headers instead.
  if (import.meta.env.FIREFOX) {
    wr.onHeadersReceived.addListener(
      (d) => {
        if (!answered(d.url, (d as { ip?: string }).ip, proxied(d))) return { cancel: true };
        const location = REDIRECT_STATUSES.has(d.statusCode) ? d.responseHeaders?.find((h) => h.name.toLowerCase() === 'location')?.value : undefined;
        if (location !== undefined) hopSeen(d.url, location);
        return undefined;
      },
      filter,
      ['blocking', 'responseHeaders'],
    );
  }
  wr.onResponseStarted.addListener((d) => void answered(d.url, d.ip, proxied(d)), filter);
  wr.onBeforeRequest.addListener((d) => {
    if (!chains.has(d.requestId)) chains.set(d.requestId, { start: d.url, hops: [], at: Date.now() });
    return undefined;
  }, filter);
  wr.onBeforeRedirect.addListener((d) => {
    answered(d.url, d.ip, proxied(d));
    const c = chains.get(d.requestId) ?? { start: d.url, hops: [], at: Date.now() };
    c.hops.push(d.redirectUrl);
    chains.set(d.requestId, c);
    byStart.set(c.start, c.hops);
    hopSeen(d.url, d.redirectUrl);
  }, filter);
  wr.onErrorOccurred.addListener((d) => {
    const now = Date.now();
    prune(now);
    // With Private Network Access on, the refusal of a private address is a bare net::ERR_FAILED (an
    // extension's fetch with host access meets no CORS, the other source of it). Only that is taken as
    // address evidence and remembered; an ad blocker's ERR_BLOCKED_BY_CLIENT is 'blocked' for this
    // request alone.
    const refusedByPna = ADDRESS_SPACE !== undefined && /^net::ERR_FAILED$/.test(d.error);
    const kind = kindFromNetError(d.error) ?? (refusedByPna ? 'blocked' : undefined);
    if (refusedByPna) rememberBlockedHost(blockedHostOf(d.url));
    if (kind) errors.set(d.url, { kind, at: now });
    const c = chains.get(d.requestId);
    if (c && kind) errors.set(c.start, { kind, at: now });
    if (kind) settle(errorWaiters, d.url, kind);
  }, filter);
}

/**
 * Main-frame loads that failed in a tab: a network error (by kind) or a status ≥ 400 (which of them
 * count is lib/lost/dead-load's call). Only seen for sites the extension has access to (the access
 * page checking asks for): webRequest shows nothing else.
 */
export function watchMainFrames(onFailure: (tabId: number, url: string, failure: { kind: string; status?: number }) => void): void {
  const wr = (browser as { webRequest?: typeof browser.webRequest }).webRequest;
  if (!wr) return;
  const filter = { urls: ['http://*/*', 'https://*/*'], types: ['main_frame' as const] };
  wr.onErrorOccurred.addListener((d) => {
    if (d.tabId < 0 || /ERR_ABORTED|NS_BINDING_ABORTED/.test(d.error)) return;
    const kind = kindFromNetError(d.error);
    if (kind) onFailure(d.tabId, d.url, { kind });
  }, filter);
  wr.onCompleted.addListener((d) => {
    if (d.tabId < 0 || d.statusCode < 400) return;
    onFailure(d.tabId, d.url, { kind: d.statusCode === 404 || d.statusCode === 410 ? 'gone' : 'http', status: d.statusCode });
  }, filter);
}

/** The host the checks remember as blocked; '' for an address that does not parse. */
const blockedHostOf = (url: string): string => normalizeHost(hostnameOf(url) ?? '');

/**
 * Notes the address that answered `url`; false when it is on the user's machine or network (the host
 * is then remembered as blocked, and the fetch waiting for that URL told so).
 */
function answered(url: string, ip: string | undefined, viaProxy: boolean): boolean {
  if (!ip || viaProxy) return true;
  const now = Date.now();
  addresses.set(url, { ip, at: now });
  // Behind a proxy `ip` is the proxy's (often on the user's network), not the site's; and where the
  // browser refuses private addresses itself (Private Network Access) it has judged the site's address.
  if (ADDRESS_SPACE || siteAddress(ip)) return true;
  rememberBlockedHost(blockedHostOf(url));
  errors.set(url, { kind: 'blocked', at: now });
  settle(errorWaiters, url, 'blocked' as FailureKind);
  return false;
}

/** Firefox says when a request went through a proxy (`proxyInfo`); Chromium does not. */
const proxied = (d: object) => (d as { proxyInfo?: unknown }).proxyInfo != null;

/**
 * The address that answered `url` lately, if the network layer said and it is the site's: not behind a
 * proxy, and not where Private Network Access already judged it.
 */
export const observedAddress = (url: string): string | undefined => (ADDRESS_SPACE ? undefined : addresses.get(url)?.ip);

export const classifyNetError = (url: string): FailureKind | undefined => errors.get(url)?.kind;

/** A first hop or an error is news only for a moment: the same URL fetched later may answer otherwise. */
const FRESH_MS = 5_000;

export const observedRedirects: RedirectObserver = {
  hops: (url) => byStart.get(url),
  next: (url, ms) =>
    wait(hopWaiters, url, ms, () => {
      const h = firstHop.get(url);
      return h && Date.now() - h.at < FRESH_MS ? h.to : undefined;
    }),
  error: (url, ms) =>
    wait(errorWaiters, url, ms, () => {
      const e = errors.get(url);
      return e && Date.now() - e.at < FRESH_MS ? e.kind : undefined;
    }),
};

/**
 * Hosts found on the user's machine or network (a public-looking name resolving to 127.0.0.1, say):
 * never asked again this browser session. Kept in storage.session so a restarted service worker still
 * knows them; at most MAX, the newest kept.
 */
const KEY = 'blockedHosts';
const MAX = 500;
const hosts = new Set<string>();
let loading: Promise<void> | undefined;

/** Resolves once the hosts remembered by an earlier service worker are known. */
export function loadBlockedHosts(): Promise<void> {
  loading ??= browser.storage.session
    .get(KEY)
    .then((got) => {
      const list = got[KEY];
      if (Array.isArray(list)) for (const h of list) if (typeof h === 'string') hosts.add(h);
    })
    .catch(() => undefined);
  return loading;
}

export const isBlockedHost = (host: string): boolean => hosts.has(host);

export function rememberBlockedHost(host: string): void {
  if (!host || hosts.has(host)) return;
  hosts.add(host);
  void browser.storage.session.set({ [KEY]: [...hosts].slice(-MAX) }).catch(() => undefined);
}
