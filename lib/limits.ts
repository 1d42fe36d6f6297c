/**
 * What the background accepts from a results page (lib/messages.ts checks messages against these).
 * One home, so that the extractor and the content script keep within what the check lets through:
 * a field over a limit makes the background refuse the whole message, not just that field.
 */
export const LIMITS = {
  /** Results read on one page: pages of thousands of results (infinite scroll) must still be read. */
  rank: 10_000,
  /** A result's target URL: a longer one cannot be clipped and stay the same address. */
  url: 4096,
  title: 1000,
  snippet: 5000,
  displayUrl: 4096,
  /** Results in one `page/results` message: more are sent in several. */
  batch: 200,
  /** The results page's own address and its query. */
  pageUrl: 8192,
  query: 2048,
  /** An engine's id: a built-in's, or an added engine's ('added:' and a host name of up to 253 characters). */
  engine: 260,
} as const;

/** `s` cut to at most `max` UTF-16 units, never between the two halves of a surrogate pair. */
export function clip(s: string, max: number): string {
  if (s.length <= max) return s;
  const cut = s.charCodeAt(max - 1) >= 0xd800 && s.charCodeAt(max - 1) <= 0xdbff ? max - 1 : max;
  return s.slice(0, cut);
}

/** The largest site list (uBlacklist ruleset or domains list) an import reads (issue #19): the public lists are under 100 KB. */
export const MAX_LIST_BYTES = 2_000_000;
