/**
 * Whether two host names are one site, for telling a result's sitelinks and grouped entries from
 * results of their own (./parts.ts). Cheap on purpose: the results content script must not load the
 * Public Suffix List (tldts, 110 KB; test/unit/lib-imports.test.ts), so a site here is the last two
 * labels, or the last three under a short second-level label of a country code (`co.uk`, `com.au`,
 * `ne.jp`). It errs only on hosting suffixes (two blogs under `blogspot.com` are one site to it), and
 * a wrong "same site" only ever joins an entry that also lacks its own address and sits in its parent's
 * block: never two results a user told apart.
 */

/** The part of a host name a site is known by (see the module's comment); '' for an empty host. */
export function siteOf(host: string): string {
  const labels = host.toLowerCase().replace(/\.$/, '').split('.');
  const [second, top] = labels.slice(-2);
  // An address (a number last) is its own site.
  if (labels.length <= 2 || /^\d+$/.test(top)) return labels.join('.');
  const keep = top.length === 2 && second.length <= 3 ? 3 : 2;
  return labels.slice(-keep).join('.');
}

/** Two hosts are one site: the same host, one under the other, or the same site by siteOf. */
export function sameSite(a: string, b: string): boolean {
  if (!a || !b) return false;
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  return x === y || x.endsWith(`.${y}`) || y.endsWith(`.${x}`) || siteOf(x) === siteOf(y);
}
