import { parseUrl } from './host';

/**
 * One key per page for URLs that differ only in ways that do not change the page: scheme, `www.` /
 * `m.` / `amp.` hosts, AMP paths and AMP caches, tracking parameters, parameter order, trailing
 * slashes, index files and fragments. Two results whose targets normalize alike are the same page,
 * whatever their snippets say. Returns undefined for anything but an http(s) URL.
 */
const TRACKING = new Set([
  'fbclid',
  'gclid',
  'gclsrc',
  'dclid',
  'msclkid',
  'yclid',
  'twclid',
  'ttclid',
  'li_fat_id',
  'igshid',
  'mc_cid',
  'mc_eid',
  '_ga',
  '_gl',
  '_hsenc',
  '_hsmi',
  'mkt_tok',
  'ref',
  'ref_src',
  'ref_url',
  'referrer',
  'source',
  'spm',
  'scm',
  'cmpid',
  'ocid',
  's_cid',
  'ito',
  'icid',
  'ncid',
  'sr_share',
  'share',
  'amp',
  'amp_js_v',
  'usqp',
  'outputtype',
  '__twitter_impression',
  'at_medium',
  'at_campaign',
]);
const HOST_PREFIX = /^(www\d*|m|mobile|amp)\./;
const INDEX_FILE = /\/(index|default)\.(html?|php|aspx?|jsp)$/i;

/** Google's /amp/s/ viewer and the AMP cache carry the original URL in their path. */
function unwrapAmpCache(u: URL): URL | undefined {
  const viewer = /^\/amp\/(s\/)?(.+)$/.exec(u.pathname);
  if (/(^|\.)google\.[a-z.]+$/.test(u.hostname) && viewer) return parseUrl(`${viewer[1] ? 'https' : 'http'}://${viewer[2]}${u.search}`);
  const cache = /^\/(c|v|i)\/(s\/)?(.+)$/.exec(u.pathname);
  if (u.hostname.endsWith('.cdn.ampproject.org') && cache) return parseUrl(`${cache[2] ? 'https' : 'http'}://${cache[3]}${u.search}`);
  return undefined;
}

export function normalizeUrl(raw: string): string | undefined {
  let u = parseUrl(raw.trim());
  if (!u || (u.protocol !== 'http:' && u.protocol !== 'https:')) return undefined;
  u = unwrapAmpCache(u) ?? u;
  const host = u.hostname.toLowerCase().replace(/\.$/, '').replace(HOST_PREFIX, '');
  const port = u.port && u.port !== '80' && u.port !== '443' ? `:${u.port}` : '';
  let path = u.pathname.replace(/\/{2,}/g, '/');
  path = path
    .replace(INDEX_FILE, '/')
    .replace(/\/amp\/?$/i, '/')
    .replace(/\.amp(\.html?)?$/i, '$1')
    .replace(/^\/amp\//i, '/');
  if (path.length > 1) path = path.replace(/\/+$/, '');
  // forEach, not the iterator: in a Firefox content script the URL is the page's (through an Xray
  // wrapper) and its entries() iterator is not iterable there.
  const params: [string, string][] = [];
  u.searchParams.forEach((v, k) => params.push([k, v]));
  const kept = params
    .filter(([k]) => !k.toLowerCase().startsWith('utm_') && !TRACKING.has(k.toLowerCase()))
    .sort(([a, x], [b, y]) => (a < b ? -1 : a > b ? 1 : x < y ? -1 : x > y ? 1 : 0));
  const query = kept.length ? `?${new URLSearchParams(kept).toString()}` : '';
  return `https://${host}${port}${path || '/'}${query}`;
}

/** Same page by address alone. */
export function samePage(a: string, b: string): boolean {
  const x = normalizeUrl(a);
  return x !== undefined && x === normalizeUrl(b);
}
