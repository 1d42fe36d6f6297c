/**
 * The host a display URL names ("https://www.example.com › path", "example.com/path",
 * "www.example.com"): lower-cased, punycode for an internationalized name; undefined when its first
 * word is no host name (a breadcrumb of words, a bare label, an address with a port or user).
 */
export function displayHost(displayUrl: string | undefined): string | undefined {
  if (!displayUrl) return undefined;
  const s = displayUrl.trim().replace(/^[a-z][a-z0-9+.-]*:\/\//i, '');
  const m = /^[^\s/›»>?#\\|·,]+/u.exec(s);
  if (!m || /[:@*[\]]/.test(m[0])) return undefined;
  let host: string;
  try {
    host = new URL(`http://${m[0]}/`).hostname.replace(/\.$/, '');
  } catch {
    return undefined;
  }
  const labels = host.split('.');
  if (labels.length < 2 || !labels.every((l) => /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/.test(l)) || /^\d+$/.test(labels[labels.length - 1]!)) return undefined;
  return host;
}
