import { kindFromThrown } from './net-error';
import ipaddr from 'ipaddr.js';
import { normalizeHost, publicAddress } from './public-host';
import { type BodyReader, Failure, PAGE_READER } from './read-page';
import type { FailureKind, FetchOutcome, FetchPageOptions, PageBody } from './types';

/** The host access fetching result pages needs (optional, asked for at runtime): every http(s) origin. */
export const PAGE_ORIGINS = ['https://*/*', 'http://*/*'];

export const FETCH_DEFAULTS = { timeoutMs: 10_000, maxBytes: 2 * 1024 * 1024, maxRedirects: 3 } as const;

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
/** How long to wait for the network layer's report of a hop or an error (it comes just after the response). */
const HOP_WAIT_MS = 500;

const isHttp = (u: URL) => u.protocol === 'http:' || u.protocol === 'https:';

/**
 * Fetches one search result under the policy of issue #6 and never throws: every way it can go wrong
 * ends as a FetchOutcome with a FailureKind. One timer covers the whole call (all hops, headers and
 * body), so a server that answers slowly or stalls mid-body cannot hold a queue slot longer.
 */
export function fetchPage(url: string, opts: FetchPageOptions = {}): Promise<FetchOutcome> {
  return fetchBody<PageBody>(url, opts, PAGE_READER);
}

/**
 * fetchPage's policy (limits, redirects, the user's network kept out) for any body: `reader` checks
 * the answer's status and type and reads it (a page, or an API's JSON: ./fetch-json.ts).
 */
export async function fetchBody<B extends object>(url: string, opts: FetchPageOptions, reader: BodyReader<B>): Promise<FetchOutcome<B>> {
  const now = opts.now ?? Date.now;
  const start = now();
  // A local: calling opts.fetch(...) would bind `this` to opts ("Illegal invocation" in browsers).
  const doFetch = opts.fetch ?? fetch;
  const { timeoutMs = FETCH_DEFAULTS.timeoutMs, maxBytes = FETCH_DEFAULTS.maxBytes } = opts;
  const maxRedirects = opts.maxRedirects ?? FETCH_DEFAULTS.maxRedirects;
  const allowed = opts.allowed ?? (() => true);
  const siteAddress = opts.siteAddress ?? publicAddress;
  const redirects: string[] = [];
  let current = url;
  let status: number | undefined;
  const fail = (kind: FailureKind, message: string, st = status): FetchOutcome<B> => ({
    ok: false,
    url: current,
    kind,
    ...(st !== undefined && { status: st }),
    message,
    redirects,
    ms: now() - start,
  });

  let first: URL;
  try {
    first = new URL(url);
  } catch {
    return fail('blocked', 'not a valid URL');
  }
  if (!isHttp(first)) return fail('blocked', `${first.protocol} URLs are never fetched`);
  if (!allowed(first)) return fail('blocked', 'not an allowed URL');
  if (opts.signal?.aborted) return fail('cancelled', 'cancelled before the request');
  current = first.href;

  // One controller for the request: the caller's cancel and our timer both abort it; `why` remembers which.
  const controller = new AbortController();
  let why: 'timeout' | 'cancelled' | undefined;
  const stop = (reason: 'timeout' | 'cancelled') => {
    why ??= reason;
    controller.abort();
  };
  const onCancel = () => stop('cancelled');
  opts.signal?.addEventListener('abort', onCancel, { once: true });
  const timer = setTimeout(() => stop('timeout'), timeoutMs);
  // Raced against every await, so a fetch or a body stream that ignores the signal still ends.
  const stopped = new Promise<never>((_, reject) => controller.signal.addEventListener('abort', () => reject(new Error('aborted')), { once: true }));
  stopped.catch(() => {});
  const race = <T>(p: Promise<T>) => Promise.race([p, stopped]);
  // cache is left at 'default' on purpose: with credentials omitted a cached answer is the same for
  // everyone, and revisiting a query (paging back, re-running it) should not hit every site again.
  // Except for a private window's page (noStore): what it fetched must not stay on disk.
  const init = (redirect: RequestRedirect): RequestInit => ({
    method: 'GET',
    credentials: 'omit',
    referrerPolicy: 'no-referrer',
    redirect,
    headers: { ...reader.headers, Accept: reader.accept },
    signal: controller.signal,
    ...(opts.noStore && { cache: 'no-store' as const }),
    // Not in TypeScript's RequestInit yet; browsers without it ignore the member.
    ...(opts.addressSpace && { targetAddressSpace: opts.addressSpace }),
  });
  /** The user's own network, found by resolving or by the address that answered: blocked, and remembered. */
  const blocked = (url: string, address: string) => {
    const host = normalizeHost(new URL(url).hostname);
    opts.onBlocked?.(host);
    return new Failure('blocked', `${host} is at ${address}, an address on this machine or its network`);
  };
  /** Before a request: where the browser cannot refuse private addresses itself, the name is resolved first. */
  const resolveFirst = async (url: string) => {
    const host = normalizeHost(new URL(url).hostname);
    if (!opts.resolve || ipaddr.isValid(host)) return; // a literal address was judged by `allowed`
    // A name that cannot be resolved here is not requested blind (fail closed): the fetch would have
    // failed on it anyway, unless something between resolving and fetching answered otherwise.
    const addresses = await race(opts.resolve(host)).catch((e: unknown) => {
      if (why) throw e;
      throw new Failure('dns', `${host} could not be resolved: ${e instanceof Error ? e.message : String(e)}`);
    });
    const bad = addresses?.find((a) => !siteAddress(a));
    if (bad) throw blocked(url, bad);
  };
  /** After an answer: a response from a private address is never read (nor stored). */
  const answeredFrom = (url: string) => {
    const address = opts.remoteAddress?.(url);
    if (address && !siteAddress(address)) throw blocked(url, address);
  };
  const seen = new Set([first.href.replace(/#.*$/, '')]);
  /** Every redirect target is checked as the start URL was, plus loop and count. */
  const checkHop = (location: string) => {
    let target: URL;
    try {
      target = new URL(location, current);
    } catch {
      throw new Failure('redirect', `unparsable redirect target ${JSON.stringify(location)}`);
    }
    redirects.push(target.href);
    if (!isHttp(target)) throw new Failure('redirect', `redirect to ${target.protocol} refused`);
    if (!allowed(target)) throw new Failure('redirect', `redirect to ${target.host} not allowed`);
    const key = target.href.replace(/#.*$/, '');
    if (seen.has(key)) throw new Failure('redirect', `redirect loop back to ${key}`);
    if (redirects.length > maxRedirects) throw new Failure('redirect', `more than ${maxRedirects} redirects`);
    seen.add(key);
    return target.href;
  };

  try {
    for (;;) {
      status = undefined;
      await resolveFirst(current);
      let response = await race(doFetch(current, init('manual')));
      if (response.type === 'opaqueredirect' && opts.redirects?.next) {
        // Browsers hide the Location of a manual redirect; the network layer tells the glue. Every hop
        // is checked before it is requested (a public page redirecting to a private address is not followed).
        status = 302;
        const location = await race(opts.redirects.next(current, HOP_WAIT_MS));
        if (location === undefined) throw new Failure('redirect', 'redirected to an address that could not be seen');
        current = checkHop(location);
        continue;
      }
      if (response.type === 'opaqueredirect') {
        // No observer: let the browser follow, then check the hops after the fact (only the final URL
        // is known then).
        response = await race(doFetch(current, init('follow')));
        const final = response.url || current;
        const hops = [...(opts.redirects?.hops(current) ?? [])];
        if (response.redirected && hops.at(-1) !== final) hops.push(final);
        for (const hop of hops) current = checkHop(hop);
      } else if (REDIRECT_STATUSES.has(response.status) && response.headers.has('location')) {
        status = response.status;
        response.body?.cancel().catch(() => {});
        current = checkHop(response.headers.get('location')!);
        continue;
      }
      status = response.status;
      answeredFrom(current);
      const page = await reader.read(response, maxBytes, race);
      answeredFrom(current);
      return { ok: true, url: current, status, ...page, redirects, ms: now() - start, truncated: false };
    }
  } catch (e) {
    if (why) return fail(why, why === 'timeout' ? `no complete answer within ${timeoutMs} ms` : 'cancelled');
    if (e instanceof Failure) return fail(e.kind, e.message, e.status ?? status);
    // The browser names the error (DNS, TLS, an unsafe redirect…) just after fetch has failed.
    const observed = opts.classify?.(current) ?? (await opts.redirects?.error?.(current, HOP_WAIT_MS).catch(() => undefined));
    const kind = observed ?? kindFromThrown(e) ?? 'network';
    return fail(kind, describe(e));
  } finally {
    clearTimeout(timer);
    opts.signal?.removeEventListener('abort', onCancel);
  }
}

function describe(e: unknown): string {
  if (!(e instanceof Error)) return String(e);
  const code = (e.cause as { code?: unknown } | undefined)?.code;
  return `${e.name}: ${e.message}${typeof code === 'string' ? ` (${code})` : ''}`;
}
