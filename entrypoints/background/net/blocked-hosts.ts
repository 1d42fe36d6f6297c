import { browser } from 'wxt/browser';

/**
 * Hosts found on the user's machine or network (a public-looking name resolving to 127.0.0.1, say):
 * never asked again this browser session. Kept in storage.session so a restarted service worker still
 * knows them; at most MAX, the newest kept.
 */
const KEY = 'blockedHosts';
const MAX = 500;
const hosts = new Set<string>();
let loading: Promise<void> | undefined;

/** Resolves once the hosts remembered by an earlier service worker are known. */
export function loadBlockedHosts(): Promise<void> {
  loading ??= browser.storage.session
    .get(KEY)
    .then((got) => {
      const list = got[KEY];
      if (Array.isArray(list)) for (const h of list) if (typeof h === 'string') hosts.add(h);
    })
    .catch(() => undefined);
  return loading;
}

export const isBlockedHost = (host: string): boolean => hosts.has(host);

export function rememberBlockedHost(host: string): void {
  if (!host || hosts.has(host)) return;
  hosts.add(host);
  void browser.storage.session.set({ [KEY]: [...hosts].slice(-MAX) }).catch(() => undefined);
}
