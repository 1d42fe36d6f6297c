/**
 * The choices (choices.ts) as `storage.sync` items, inside its quotas (Chrome: 102,400 bytes in all,
 * 8,192 an item counted as key + JSON of the value, 512 items; Firefox alike). Rows are short arrays
 * (`[at, …]`, the time in base 36, `https://` left off), packed newest first into chunks `c:<p|v|s>:<n>`
 * of at most 8 KB, in all at most `maxBytes` (90 KB: the rest is for the `settings` item). What does not
 * fit is the oldest: it stays on this machine, and the encoder says which. Bytes are counted in UTF-8,
 * never fewer than Chrome counts.
 */
import type { Choice, Entry, Kind } from './choices';
import { SYNC_QUOTA, utf8Bytes } from './bytes';

export { SYNC_QUOTA, itemBytes, utf8Bytes } from './bytes';
import { merge } from './choices';
import { isSite } from '../copycat/site';

export interface SyncBudget {
  /** All chunks together (keys + values). */
  maxBytes: number;
  /** Chunks at most (other items, such as `settings`, need the rest). */
  maxItems: number;
  perItem: number;
}
export const SYNC_BUDGET: SyncBudget = { maxBytes: 90 * 1024, maxItems: 500, perItem: SYNC_QUOTA.perItem };

/** Every chunk's key starts so: other keys (settings) are not ours. */
export const CHUNK_PREFIX = 'c:';
const VERSION = 1;
const LETTER: Record<Kind, string> = { pair: 'p', verdict: 'v', sub: 's' };
const KIND: Record<string, Kind> = { p: 'pair', v: 'verdict', s: 'sub' };
const CHUNK_KEY = /^c:([pvs]):(\d{1,3})$/;
const EMPTY = JSON.stringify({ v: VERSION, r: [] });

const HTTPS = 'https://';
const SCHEME = /^[a-z][a-z0-9+.-]*:\/\//i;
const expand = (u: string) => (SCHEME.test(u) ? u : HTTPS + u);
const shorten = (u: string) => (u.startsWith(HTTPS) && expand(u.slice(HTTPS.length)) === u ? u.slice(HTTPS.length) : u);

function rowOf(e: Entry): unknown[] {
  const t = Math.max(0, Math.floor(e.at)).toString(36);
  if ('gone' in e) return [t, e.id];
  if (e.kind === 'pair') return [t, shorten(e.a), shorten(e.b)];
  if (e.kind === 'verdict') return [t, e.site, e.verdict === 'marked' ? 1 : 0];
  return [t, shorten(e.url), e.name];
}

export interface Encoded {
  /** The chunks to write; any other `c:` key in storage.sync is stale and to be removed. */
  items: Record<string, unknown>;
  /** Left out (the oldest, or one too big for any item): kept on this machine only. */
  left: Entry[];
  /** Bytes of all chunks, by Chrome's count. */
  bytes: number;
}

/** The newest entries that fit the budget; the first that does not stops the rest (all older). */
export function encode(entries: readonly Entry[], budget: SyncBudget = SYNC_BUDGET): Encoded {
  const sorted = [...entries].sort((x, y) => y.at - x.at);
  const open = new Map<Kind, { key: string; rows: unknown[]; bytes: number; n: number }>();
  const items: Record<string, unknown> = {};
  const left: Entry[] = [];
  let bytes = 0;
  let count = 0;
  let full = false;
  for (const e of sorted) {
    if (full) {
      left.push(e);
      continue;
    }
    const row = rowOf(e);
    const rb = utf8Bytes(JSON.stringify(row));
    const cur = open.get(e.kind);
    if (cur && cur.bytes + 1 + rb <= budget.perItem) {
      if (bytes + 1 + rb > budget.maxBytes) {
        full = true;
        left.push(e);
        continue;
      }
      cur.rows.push(row);
      cur.bytes += 1 + rb;
      bytes += 1 + rb;
      continue;
    }
    const n = cur ? cur.n + 1 : 0;
    const key = `${CHUNK_PREFIX}${LETTER[e.kind]}:${n}`;
    const cost = utf8Bytes(key) + utf8Bytes(EMPTY) + rb;
    if (cost > budget.perItem) {
      left.push(e); // no item could hold it: it can never sync, but it does not stop smaller ones
      continue;
    }
    if (bytes + cost > budget.maxBytes || count + 1 > budget.maxItems || n > 999) {
      full = true;
      left.push(e);
      continue;
    }
    const chunk = { key, rows: [row], bytes: cost, n };
    open.set(e.kind, chunk);
    items[key] = { v: VERSION, r: chunk.rows }; // the same array: later rows land in it
    bytes += cost;
    count++;
  }
  return { items, left, bytes };
}

const TIME = /^[0-9a-z]{1,11}$/;
const ID = /^[0-9a-z]{1,11}$/;
const SITE = /^[^\s/]{1,253}$/;
const isUrl = (u: unknown): u is string => typeof u === 'string' && u.length > 0 && u.length <= 2048 - HTTPS.length;

function entryOf(kind: Kind, row: unknown): Entry | undefined {
  if (!Array.isArray(row) || typeof row[0] !== 'string' || !TIME.test(row[0])) return undefined;
  const at = Number.parseInt(row[0], 36);
  if (!Number.isSafeInteger(at)) return undefined;
  if (row.length === 2) return typeof row[1] === 'string' && ID.test(row[1]) ? { kind, id: row[1], at, gone: true } : undefined;
  if (row.length !== 3) return undefined;
  const [, x, y] = row;
  if (kind === 'pair') {
    if (!isUrl(x) || !isUrl(y)) return undefined;
    const [a, b] = [expand(x), expand(y)];
    if (a === b || a.length > 2048 || b.length > 2048) return undefined;
    return a < b ? { kind, a, b, at } : { kind, a: b, b: a, at };
  }
  if (kind === 'verdict') {
    // A site exactly (issue #38): a public suffix ("com", "co.uk") would mark every result under it.
    if (typeof x !== 'string' || !SITE.test(x) || !isSite(x) || (y !== 0 && y !== 1)) return undefined;
    return { kind, site: x, verdict: y === 1 ? 'marked' : 'not-copycat', at };
  }
  if (!isUrl(x) || typeof y !== 'string' || y.length > 200) return undefined;
  const url = expand(x);
  return /^https?:\/\//.test(url) && url.length <= 2048 ? { kind, url, name: y, at } : undefined;
}

/**
 * The entries in storage.sync's items. Keys that are not ours, chunks of another version and rows that
 * do not read are skipped, each alone; an entry in two chunks counts once, at its latest change.
 */
export function decode(items: Record<string, unknown>): Entry[] {
  const found: Entry[] = [];
  for (const [key, value] of Object.entries(items)) {
    const m = CHUNK_KEY.exec(key);
    if (!m || typeof value !== 'object' || value === null) continue;
    const { v, r } = value as { v?: unknown; r?: unknown };
    if (v !== VERSION || !Array.isArray(r)) continue;
    for (const row of r) {
      const e = entryOf(KIND[m[1]], row);
      if (e) found.push(e);
    }
  }
  return merge(found, []);
}

/** The chunk keys among `keys` that `encoded` no longer writes (to remove with the write). */
export const staleKeys = (keys: readonly string[], encoded: Encoded): string[] => keys.filter((k) => CHUNK_KEY.test(k) && !(k in encoded.items));

/** The live choices among entries (tombstones only travel). */
export const choicesOf = (entries: readonly Entry[]): Choice[] => entries.filter((e): e is Choice => !('gone' in e));
