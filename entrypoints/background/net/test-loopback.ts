import { normalizeHost, publicAddress } from '../../../lib/fetch/public-host';

/**
 * TEST BUILDS ONLY — compiled out of every other build.
 *
 * The Firefox end-to-end tests (test/firefox/) serve every site from one local HTTPS server: Firefox
 * resolves every name to 127.0.0.1 (pref network.dns.forceResolve), so that nothing reaches the
 * network. The own-network protection rightly refuses all of those fetches (dns.resolve says
 * 127.0.0.1; webRequest says the answer came from 127.0.0.1), and page checking and lost and found
 * could not be tested in Firefox at all. A build made with WXT_RESEMBLE_TEST_LOOPBACK=1 in its
 * environment (test/firefox/global-setup.ts does) takes the address 127.0.0.1 — exactly that one: no
 * other loopback, private or special address — as a site's address. Everything else of the protection
 * still runs in that build as it does for users: a URL written with an address (127.0.0.1 included)
 * or a local name is refused by its text (publicHost), every name is resolved with dns.resolve before
 * it is requested, and webRequest's answering address is judged (and a private one cancelled).
 *
 * WXT_-prefixed variables reach the code as import.meta.env.* (WXT's Vite envPrefix), replaced at build
 * time: without the variable the condition is the constant false and Vite drops this branch, with its
 * address; test/firefox/build.spec.ts checks that a build without it does not contain it.
 */
const TEST_LOOPBACK: boolean = import.meta.env.FIREFOX && import.meta.env.WXT_RESEMBLE_TEST_LOOPBACK === '1';

/** An address a site may be at (lib's publicAddress), and in a Firefox test build 127.0.0.1 too. */
export function siteAddress(address: string): boolean {
  if (TEST_LOOPBACK && normalizeHost(address) === '127.0.0.1') return true;
  return publicAddress(address);
}
