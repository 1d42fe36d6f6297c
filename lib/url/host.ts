/** A DNS label: letters, digits and inner hyphens, at most 63 characters. */
const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
const IPV4 = /^\d{1,3}(?:\.\d{1,3}){3}$/;

/** Why a typed host is refused, by code (the options say it in the UI language); `error` in English. */
export const HOST_ERRORS = {
  empty: 'Enter a host name, like searx.example.org.',
  scheme: 'Leave out the scheme (https://): enter the host only.',
  path: 'Enter the host only, without a path.',
  chars: 'A host name cannot contain spaces, @, * or brackets.',
  form: 'Write it as host or host:port.',
  port: 'A port is a number from 1 to 65535.',
  invalid: 'This is not a valid host name.',
  labels: 'This is not a valid host name (letters, digits, hyphens and dots).',
} as const;
export type HostErrorCode = keyof typeof HOST_ERRORS;

export type HostCheck = { ok: true; host: string } | { ok: false; code: HostErrorCode; error: string };

const fail = (code: HostErrorCode): HostCheck => ({ ok: false, code, error: HOST_ERRORS[code] });

/**
 * A SearXNG instance as the user typed it: a hostname or host:port, nothing else (no scheme, path,
 * query, user or wildcard). Returns the host lower-cased, with an internationalized name in its
 * ASCII (punycode) form, or the problem (a code and its English words).
 */
export function parseHost(input: string): HostCheck {
  const raw = input.trim();
  if (raw === '') return fail('empty');
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(raw)) return fail('scheme');
  if (/[/?#]/.test(raw)) return fail('path');
  if (/[\s@*\\[\]]/.test(raw)) return fail('chars');

  const m = raw.match(/^([^:]+)(?::(\d{1,5}))?$/);
  if (!m) return fail('form');
  const port = m[2] === undefined ? undefined : Number(m[2]);
  if (port !== undefined && (port < 1 || port > 65535)) return fail('port');

  let hostname: string;
  try {
    // The URL parser lower-cases and converts internationalized names to punycode.
    hostname = new URL(`https://${m[1]}`).hostname;
  } catch {
    return fail('invalid');
  }
  const name = hostname.endsWith('.') ? hostname.slice(0, -1) : hostname;
  if (!IPV4.test(name)) {
    const labels = name.split('.');
    if (name.length > 253 || !labels.every((l) => LABEL.test(l))) {
      return fail('labels');
    }
    if (/^\d+$/.test(labels[labels.length - 1]!)) return fail('invalid');
  }
  const host = port === undefined || port === 443 ? name : `${name}:${port}`;
  return { ok: true, host };
}

/**
 * The SearXNG instance a page is on, in the form the settings keep (host, or host:port); undefined
 * when the URL is not an http(s) address of a valid host.
 */
export function searxngHostOf(url: string | undefined): string | undefined {
  if (!url) return undefined;
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return undefined;
  }
  if (u.protocol !== 'https:' && u.protocol !== 'http:') return undefined;
  const parsed = parseHost(u.host);
  return parsed.ok ? parsed.host : undefined;
}

/** An address parsed, or undefined when it is none (the host helpers below answer for such a string). */
export function parseUrl(url: string): URL | undefined {
  try {
    return new URL(url);
  } catch {
    return undefined;
  }
}

/** An address's host name as URL reads it: lower-case, punycode, no port; undefined when it does not parse. */
export function hostnameOf(url: string): string | undefined {
  return parseUrl(url)?.hostname;
}

/**
 * An address's host with its port when not the scheme's default (URL's `host`): what the extractor
 * matches a SearXNG instance against. Undefined when it does not parse.
 */
export function hostOf(url: string): string | undefined {
  return parseUrl(url)?.host;
}

/** A host as lists name it: "www.example.com" → "example.com" (only a leading "www." goes). */
export function withoutWww(host: string): string {
  return host.replace(/^www\./, '');
}

/** The host of a URL without "www.", for lists ("example.com"); the URL itself when it does not parse. */
export function domainOf(url: string): string {
  const host = hostnameOf(url);
  return host === undefined ? url : withoutWww(host);
}
