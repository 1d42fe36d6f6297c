/**
 * storage.sync's quotas and how Chrome counts an item's bytes. Apart from encode.ts so that what every
 * context reads (shared/settings.ts, in the results page too) loads no Public Suffix List with it.
 */
export const SYNC_QUOTA = { bytes: 102_400, perItem: 8_192, items: 512 } as const;

/**
 * Bytes of JSON text (from JSON.stringify) as Chrome counts them, never fewer: UTF-8, but Chromium's
 * JSON writer also escapes '<' as \u003C, DEL and U+2028/U+2029 as \u007F, \u2028, \u2029 (6 bytes each).
 */
export function utf8Bytes(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 0x3c || c === 0x7f || c === 0x2028 || c === 0x2029) n += 6;
    else n += c < 0x80 ? 1 : c < 0x800 ? 2 : c >= 0xd800 && c < 0xdc00 ? 2 : 3; // a surrogate pair: 2 + 2
  }
  return n;
}
/** One item's size as Chrome's QUOTA_BYTES_PER_ITEM counts it (in bytes, never fewer). */
export const itemBytes = (key: string, value: unknown): number => utf8Bytes(key) + utf8Bytes(JSON.stringify(value));
