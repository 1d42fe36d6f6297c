import ipaddr from 'ipaddr.js';
import { parse } from 'tldts';

/**
 * Hosts a results page may list but Resemble never fetches: the user's own machine and network. A
 * GET sent there blind (a router's admin page, say) is not worth a snippet's confirmation.
 *
 * Two maintained libraries judge, not hand-written ranges: ipaddr.js knows every special-purpose IPv4
 * and IPv6 range (loopback, private, link-local, CGNAT, unspecified, multicast, reserved, IPv4-mapped
 * and -compatible, NAT64, 6to4, Teredo…), tldts the Public Suffix List and the IANA special-use names.
 * A name that passes can still resolve to a private address: the browser glue checks that too
 * (entrypoints/background/net/fetch-policy.ts).
 */
export function publicHost(u: URL): boolean {
  const host = normalizeHost(u.hostname);
  if (host === '') return false;
  return ipaddr.isValid(host) ? publicAddress(host) : publicName(host);
}

/**
 * The host as the checks read it: lower case, IDN as punycode (URL parsing did both), brackets of an
 * IPv6 literal and trailing dots gone (`localhost.` is `localhost` to a resolver).
 */
export function normalizeHost(hostname: string): string {
  let h = hostname
    .toLowerCase()
    .replace(/^\[|\]$/g, '')
    .replace(/\.+$/, '');
  // A name typed in Unicode outside a URL (a message, a test): the URL parser punycodes it.
  if (/[^\x00-\x7f]/.test(h)) {
    try {
      h = new URL(`http://${h}/`).hostname;
    } catch {
      return '';
    }
  }
  return h;
}

/**
 * IPv4-compatible IPv6 (::a.b.c.d, deprecated by RFC 4291): ipaddr.js names it only when written with
 * the dots, and a URL writes `[::127.0.0.1]` as `[::7f00:1]`.
 */
const IPV4_COMPATIBLE = ipaddr.parseCIDR('::/96');

/** Only global unicast: every other range ipaddr.js names is somebody's own network, or nobody's. */
export function publicAddress(address: string): boolean {
  let ip: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    ip = ipaddr.parse(normalizeHost(address));
  } catch {
    return false;
  }
  if (ip.kind() === 'ipv6' && ip.match(IPV4_COMPATIBLE)) return false;
  return ip.range() === 'unicast';
}

/** RFC 2606's names for documentation and tests: they resolve nowhere, and tests are served under them. */
const DOCUMENTATION = /(^|\.)(example|test|invalid|example\.com|example\.net|example\.org)$/;

/**
 * A name under a suffix of the Public Suffix List, and no special-use name (localhost, local,
 * home.arpa…): `router`, `nas.lan`, `x.internal` and `localhost.` are names only a local resolver knows.
 */
export function publicName(host: string): boolean {
  const p = parse(host, { detectIp: true, validateHostname: true, extractHostname: false, mixedInputs: false, detectSpecialUse: true });
  if (p.isIp || p.domain === null) return false;
  if (DOCUMENTATION.test(host)) return true;
  if (p.isSpecialUse) return false;
  return p.isIcann === true || p.isPrivate === true;
}
