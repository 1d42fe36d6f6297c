import { browser } from 'wxt/browser';
import type { FetchPageOptions } from '../../../lib/fetch/types';
import { normalizeHost, publicHost } from '../../../lib/fetch/public-host';
import {
  ADDRESS_SPACE,
  classifyNetError,
  installNetObserver,
  isBlockedHost,
  loadBlockedHosts,
  observedAddress,
  observedRedirects,
  rememberBlockedHost,
} from './net-observer';
import { siteAddress } from './test-loopback';

type Dns = { resolve(host: string, flags?: string[]): Promise<{ addresses: string[] }> };
/** Firefox's dns API (permission "dns"): there, names are resolved before they are requested. */
const dns = (browser as unknown as { dns?: Dns }).dns;

/**
 * The one policy of every fetch the background makes of a page it did not write (page checking, lost
 * and found, its archive lookup by lib's fetchJson, a dead page's re-check): lib/fetch's limits, plus
 * the user's own network kept out three ways. By the URL's text (publicHost). Before any byte is sent,
 * by the browser where it can (Chromium's Private Network Access: `targetAddressSpace: 'public'`), else
 * by resolving the name first (Firefox). After, by the address that answered (webRequest's `ip`;
 * Firefox cancels such a response before it is read, see net-observer). A host found there is
 * remembered and not asked again.
 */
export async function fetchPolicy(signal?: AbortSignal): Promise<FetchPageOptions> {
  installNetObserver(siteAddress);
  await loadBlockedHosts();
  return {
    ...(signal && { signal }),
    allowed: (u) => publicHost(u) && !isBlockedHost(normalizeHost(u.hostname)),
    classify: classifyNetError,
    redirects: observedRedirects,
    ...(ADDRESS_SPACE && { addressSpace: ADDRESS_SPACE }),
    ...(!ADDRESS_SPACE && dns && { resolve: async (host: string) => (await dns.resolve(host)).addresses }),
    siteAddress,
    remoteAddress: observedAddress,
    onBlocked: rememberBlockedHost,
  };
}
