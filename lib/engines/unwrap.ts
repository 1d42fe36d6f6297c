/**
 * Undoes the engines' click-tracking redirects so a result is known by its real target:
 * Google `/url?q=` (or `url=`), Bing `/ck/a?…&u=a1<base64url>`, DuckDuckGo `//duckduckgo.com/l/?uddg=`,
 * Yahoo `…/RU=<encoded>/RK=…`. Baidu's `link?url=` and Google's `/goto?url=<token>` are opaque (no
 * target inside): kept, marked unresolved. `parsed` is the target as a URL when the link was no
 * redirect (it is the link itself).
 */
export function unwrapRedirect(href: string, base: string): { url: string; unresolved?: true; parsed?: URL } | undefined {
  let u: URL;
  try {
    u = new URL(href, base);
  } catch {
    return undefined;
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') return undefined;
  const host = u.hostname;
  // Most links are on no redirecting engine's host: one test, and no query parsed (asked of every link).
  if (!ENGINE_HOSTS.test(host)) return { url: u.href, parsed: u };
  const p = u.searchParams;
  if (/(^|\.)google\.[a-z.]+$/.test(host) && u.pathname === '/url') {
    const target = p.get('q') || p.get('url'); // `q=` is empty in /url?sa=t&rct=j&q=&…&url=<target>
    return target && /^https?:/i.test(target) ? { url: target } : undefined;
  }
  // Since August 2026 some sessions get `/goto?url=<opaque token>`: the target is not in the page.
  if (/(^|\.)google\.[a-z.]+$/.test(host) && u.pathname === '/goto') {
    const target = p.get('url');
    return target && /^https?:\/\//i.test(target) ? { url: target } : { url: u.href, unresolved: true };
  }
  if (/(^|\.)bing\.com$/.test(host) && u.pathname === '/ck/a') {
    const enc = p.get('u');
    const target = enc?.startsWith('a1') ? decodeBase64Url(enc.slice(2)) : undefined;
    return target && /^https?:/i.test(target) ? { url: target } : { url: u.href, unresolved: true };
  }
  if (/(^|\.)bing\.com$/.test(host) && u.pathname === '/rebates/welcome') {
    const target = p.get('url');
    return target && /^https?:/i.test(target) ? { url: target } : { url: u.href, unresolved: true };
  }
  if (/(^|\.)duckduckgo\.com$/.test(host) && u.pathname === '/l/') {
    const target = p.get('uddg');
    return target && /^https?:/i.test(target) ? { url: target } : undefined;
  }
  if (/(^|\.)search\.yahoo\.com$/.test(host) || /^r\.search\.yahoo\.com$/.test(host)) {
    const m = /\/RU=([^/]+)\/R[KS]=/.exec(u.pathname);
    if (m) {
      const target = safeDecode(m[1]);
      if (target && /^https?:/i.test(target)) return { url: target };
    }
  }
  if (/(^|\.)baidu\.com$/.test(host) && u.pathname === '/link') return { url: u.href, unresolved: true };
  // Not a redirect: the address parsed is the target's (callers need not parse it again).
  return { url: u.href, parsed: u };
}

/** The hosts whose redirects are undone below, in one test. */
const ENGINE_HOSTS = /(^|\.)(google\.[a-z.]+|bing\.com|duckduckgo\.com|search\.yahoo\.com|baidu\.com)$/;

function safeDecode(s: string): string | undefined {
  try {
    return decodeURIComponent(s);
  } catch {
    return undefined;
  }
}

function decodeBase64Url(s: string): string | undefined {
  try {
    const b64 = s.replace(/-/g, '+').replace(/_/g, '/');
    const bin = atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4));
    return new TextDecoder().decode(Uint8Array.from(bin, (c) => c.charCodeAt(0)));
  } catch {
    return undefined;
  }
}
