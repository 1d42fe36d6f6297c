/**
 * Shapes of the fetch policy (issue #6). Pure types: the browser glue (background) and the Node
 * tests share them; nothing here touches `browser.*`.
 */

/** Why a fetch produced no usable page. Stored with the page record, shown in the popup. */
export type FailureKind =
  | 'gone' // 404 or 410: the result is dead, a fact worth remembering
  | 'http' // any other status ≥ 400, or a status we cannot use (204, 3xx without Location…)
  | 'dns'
  | 'tls'
  | 'connection' // refused, reset, unreachable, offline
  | 'timeout'
  | 'too-large' // Content-Length or the bytes read passed maxBytes
  | 'wrong-type' // not HTML or plain text (by header or by magic number); for fetchJson, not JSON
  | 'redirect' // too many, a loop, a non-http(s) target or a target `allowed` refuses
  | 'blocked' // the start URL itself is not http(s) or not allowed
  | 'cancelled' // the caller's signal (tab closed, queue cancelled)
  | 'network'; // any other fetch failure we cannot name

export type PageType = 'text/html' | 'text/plain';

/** What a page fetch reads: its type and its bytes. */
export interface PageBody {
  contentType: PageType;
  /** Lower-cased charset label from Content-Type, when the server gave one. */
  charset?: string;
  body: Uint8Array;
}

/** `B`: what was read (a page's bytes by default; an API's parsed JSON for fetchJson). */
export type FetchOutcome<B extends object = PageBody> =
  | ({
      ok: true;
      /** The final URL, after redirects. */
      url: string;
      status: number;
      /** The redirect targets followed, in order (empty when none). */
      redirects: string[];
      ms: number;
      /** Never a partial body: a body over the limit is a 'too-large' failure, not a truncation. */
      truncated: false;
    } & B)
  | {
      ok: false;
      /** The last URL actually requested. */
      url: string;
      kind: FailureKind;
      status?: number;
      message: string;
      /** Redirect targets seen, including a refused one, so the record shows where it tried to go. */
      redirects: string[];
      ms: number;
    };

/**
 * Fed by the browser glue from webRequest.onBeforeRedirect, keyed by the URL a `redirect: 'follow'`
 * fetch started at. Browsers hide redirects from `redirect: 'manual'` (opaque-redirect responses), so
 * in that mode the hop-by-hop check happens after the fact from what this observer saw.
 */
export interface RedirectObserver {
  /** The redirect targets observed for a fetch that started at `url`, in order; undefined if unknown. */
  hops(url: string): string[] | undefined;
  /**
   * Where a `redirect: 'manual'` request to `url` was told to go (the Location the browser hides from
   * the opaque response), waiting up to `ms` for the network layer to report it. With it, every hop
   * is checked before it is requested.
   */
  next?(url: string, ms: number): Promise<string | undefined>;
  /** The network error of a request to `url`, waiting up to `ms` for it (it arrives after fetch has failed). */
  error?(url: string, ms: number): Promise<FailureKind | undefined>;
}

export interface FetchPageOptions {
  fetch?: typeof fetch;
  signal?: AbortSignal;
  /** Covers the whole call: every hop, headers and body. Default 10 s. */
  timeoutMs?: number;
  /** Default 2 MB. */
  maxBytes?: number;
  /** Default 3. */
  maxRedirects?: number;
  /** Checked for the start URL and every redirect target (after the http(s) check). */
  allowed?: (url: URL) => boolean;
  now?: () => number;
  /** Names a thrown network error for `url` (browsers only say "Failed to fetch"); see kindFromNetError. */
  classify?: (url: string) => FailureKind | undefined;
  redirects?: RedirectObserver;
  /**
   * Sent with every request as `targetAddressSpace`: 'public' asks the browser (Chromium's Private
   * Network Access) to refuse an address on this machine or its network before any byte is sent,
   * names that resolve there and redirect hops included.
   */
  addressSpace?: 'public';
  /**
   * Resolves a name before it is requested (Firefox's dns.resolve), for browsers without addressSpace:
   * any address that is not public blocks the request. Undefined: not known, not blocked; a rejection
   * fails the fetch as 'dns' (never requested blind).
   */
  resolve?: (host: string) => Promise<string[] | undefined>;
  /**
   * Whether an address a name resolved to, or a response came from, is a site's (not this machine's or
   * its network's). Default: lib's publicAddress. The browser glue passes its own (test builds only
   * widen it: entrypoints/background/net/test-loopback.ts).
   */
  siteAddress?: (address: string) => boolean;
  /** The address a response to `url` came from, when the network layer has said (webRequest's `ip`). */
  remoteAddress?: (url: string) => string | undefined;
  /** A host was found on the user's machine or network: the caller remembers it, so it is not asked again. */
  onBlocked?: (host: string) => void;
  /**
   * A fetch made for a private window's page: sent with `cache: 'no-store'`, so the browser's HTTP cache
   * (on disk, the regular profile's: the background is not in the private window) neither answers nor keeps it.
   */
  noStore?: boolean;
}
