import type { FailureKind } from './types';

/**
 * Names a network error string from any of the three vocabularies we meet:
 * - Chrome webRequest.onErrorOccurred: "net::ERR_NAME_NOT_RESOLVED", "net::ERR_CERT_…" …
 * - Firefox webRequest.onErrorOccurred: "NS_ERROR_UNKNOWN_HOST", "SEC_ERROR_…", "SSL_ERROR_…" …
 * - Node/undici `error.cause.code`: "ENOTFOUND", "ECONNREFUSED", "DEPTH_ZERO_SELF_SIGNED_CERT" …
 * Undefined when the string names nothing we classify (the caller then says 'network').
 */
export function kindFromNetError(error: string): FailureKind | undefined {
  const e = error
    .trim()
    .replace(/^net::/, '')
    .toUpperCase();
  // DNS first: ERR_DNS_TIMED_OUT is a DNS failure before it is a timeout.
  if (/^(ERR_NAME_NOT_RESOLVED|ERR_NAME_RESOLUTION_FAILED|ERR_DNS_|NS_ERROR_UNKNOWN_HOST$|ENOTFOUND$|EAI_)/.test(e)) return 'dns';
  if (/^(ERR_CERT_|ERR_SSL_|ERR_BAD_SSL_|ERR_TLS|ERR_ECH_|SEC_ERROR_|SSL_ERROR_|MOZILLA_PKIX_ERROR_|NS_ERROR_NET_INADEQUATE_SECURITY$)/.test(e)) return 'tls';
  if (/^(CERT_|UNABLE_TO_|DEPTH_ZERO_SELF_SIGNED_CERT$|SELF_SIGNED_CERT_IN_CHAIN$|HOSTNAME_MISMATCH$|ERR_TLS_|EPROTO$)/.test(e)) return 'tls';
  if (/(^|_)TIMED_OUT$|^NS_ERROR_NET_TIMEOUT|^ETIMEDOUT$|^UND_ERR_(CONNECT|HEADERS|BODY)_TIMEOUT$/.test(e)) return 'timeout';
  if (/^(ERR_CONNECTION_|ERR_ADDRESS_UNREACHABLE$|ERR_INTERNET_DISCONNECTED$|ERR_EMPTY_RESPONSE$|ERR_NETWORK_CHANGED$|ERR_PROXY_CONNECTION_FAILED$)/.test(e))
    return 'connection';
  if (/^NS_ERROR_(CONNECTION_REFUSED|NET_RESET|NET_INTERRUPT|OFFLINE|PROXY_CONNECTION_REFUSED|UNKNOWN_PROXY_HOST)$/.test(e)) return 'connection';
  if (/^(ECONNREFUSED|ECONNRESET|ECONNABORTED|EHOSTUNREACH|ENETUNREACH|ENETDOWN|EPIPE|UND_ERR_SOCKET)$/.test(e)) return 'connection';
  if (/^(ERR_TOO_MANY_REDIRECTS|ERR_UNSAFE_REDIRECT|ERR_INVALID_REDIRECT|NS_ERROR_REDIRECT_LOOP)$/.test(e)) return 'redirect';
  // Another extension (an ad blocker) or the browser's policy refused the request.
  if (/^(ERR_BLOCKED_BY_CLIENT|ERR_BLOCKED_BY_ADMINISTRATOR|NS_ERROR_CONTENT_BLOCKED)/.test(e)) return 'blocked';
  return undefined;
}

/**
 * Node's fetch throws `TypeError('fetch failed', { cause })` with the system or TLS error code on the
 * cause (sometimes nested, or an AggregateError when several addresses were tried).
 */
export function kindFromThrown(error: unknown): FailureKind | undefined {
  const seen = new Set<unknown>();
  const queue: unknown[] = [error];
  while (queue.length > 0) {
    const e = queue.shift();
    if (e === null || typeof e !== 'object' || seen.has(e)) continue;
    seen.add(e);
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') {
      const kind = kindFromNetError(code);
      if (kind) return kind;
    }
    queue.push((e as { cause?: unknown }).cause);
    const errors = (e as { errors?: unknown }).errors;
    if (Array.isArray(errors)) queue.push(...errors);
  }
  return undefined;
}
