import { getDomain } from 'tldts';

/**
 * A "site" is a registrable domain as the Public Suffix List says, private section included: a.github.io
 * and b.github.io are different sites (anyone can publish under github.io), www.bbc.co.uk is bbc.co.uk.
 * Addresses (IPs, localhost, single labels) have no site: no copycat verdict is ever kept for them.
 */
export function siteOf(hostOrUrl: string): string | undefined {
  let host = hostOrUrl.trim().toLowerCase();
  if (/^[a-z][a-z0-9+.-]*:\/\//.test(host)) {
    try {
      host = new URL(host).hostname;
    } catch {
      return undefined;
    }
  }
  host = host.replace(/\.$/, '');
  if (!host || host.includes('/') || host.includes(':') || host.startsWith('[')) return undefined;
  // URL parsing gives punycode for a URL; a bare name is put through it too, so both spellings agree.
  try {
    host = new URL(`http://${host}/`).hostname;
  } catch {
    return undefined;
  }
  if (/^\d+(\.\d+){3}$/.test(host)) return undefined;
  const d = getDomain(host, { allowPrivateDomains: true });
  return d?.includes('.') ? d : undefined;
}

/**
 * Whether `name` is a site exactly as stored (issue #38): a registrable domain, never a public suffix
 * (com, co.uk, github.io), a host below a site, or an address. What arrives from sync, an import or an
 * older version is held to this before it may mark anything: a verdict on "com" would mark every .com.
 */
export const isSite = (name: string): boolean => siteOf(name) === name;

/** Whether two URLs are on different sites (both having one). */
export function differentSites(a: string, b: string): boolean {
  const sa = siteOf(a);
  const sb = siteOf(b);
  return sa !== undefined && sb !== undefined && sa !== sb;
}
