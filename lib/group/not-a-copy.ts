/**
 * "Not a copy" (issue #20): pairs of pages the user said are not copies of each other, by normalized
 * URL, never grouped again (snippets or pages), until the user undoes it in the options. Kept by the
 * background in storage.local, where the content script reads it at document_start with the settings,
 * so both groupings (lib/group/snippet-groups.ts) leave the same pairs apart. Cleared with the cache.
 */
import { normalizeUrl } from '../url/normalize';
import { bool, check, num, obj, optional, str } from '../validate';

export const NOT_A_COPY_KEY = 'notACopy';
/** The oldest choices go first past this many (about 1 KB each at most: well inside storage.local). */
export const MAX_NOT_A_COPY = 500;

export interface NotACopy {
  /** The two pages' normalized URLs, in code-unit order (one pair, one record). */
  a: string;
  b: string;
  titleA: string;
  titleB: string;
  at: number;
  /** Made on another device and synced here (issue #38): past the cap these go first, never the user's own here. */
  synced?: boolean;
}

const url = str({ min: 1, max: 2048 });
const title = str({ max: 300 });
const record = obj({ a: url, b: url, titleA: title, titleB: title, at: num({ min: 0 }), synced: optional(bool()) });

/**
 * At most `max` choices: past it the oldest synced ones go first, then the oldest of this device's own
 * (issue #38: 500 synced pairs must not push out the user's own). Kept in time order.
 */
export function capPairs(list: readonly NotACopy[], max = MAX_NOT_A_COPY): NotACopy[] {
  const sorted = [...list].sort((x, y) => x.at - y.at);
  let over = sorted.length - max;
  if (over <= 0) return sorted;
  const drop = new Set<NotACopy>();
  for (const r of sorted) if (over > 0 && r.synced) drop.add(r), over--;
  for (const r of sorted) if (over > 0 && !drop.has(r)) drop.add(r), over--;
  return sorted.filter((r) => !drop.has(r));
}

/** One key per pair, whichever way round it is named. */
export function pairKey(a: string, b: string): string {
  return a < b ? `${a}\n${b}` : `${b}\n${a}`;
}

/** The stored choices, each checked: a damaged record is dropped, not the others. */
export function readNotACopy(got: Record<string, unknown>): NotACopy[] {
  const raw = got[NOT_A_COPY_KEY];
  if (!Array.isArray(raw)) return [];
  return raw.flatMap((r) => {
    const c = check(record, r);
    return c.ok && c.value.a < c.value.b ? [c.value] : [];
  });
}

/**
 * The choice for two results, made from their addresses: undefined when either cannot be normalized
 * or both are the same page (a page is always its own copy).
 */
export function notACopy(x: { url: string; title: string }, y: { url: string; title: string }, at: number): NotACopy | undefined {
  const ux = normalizeUrl(x.url);
  const uy = normalizeUrl(y.url);
  if (!ux || !uy || ux === uy || ux.length > 2048 || uy.length > 2048) return undefined;
  const [first, second] =
    ux < uy
      ? [
          { u: ux, t: x.title },
          { u: uy, t: y.title },
        ]
      : [
          { u: uy, t: y.title },
          { u: ux, t: x.title },
        ];
  return { a: first.u, b: second.u, titleA: first.t.slice(0, 300), titleB: second.t.slice(0, 300), at };
}

/** The list with `choice` in it (newest last; the same pair only once), the oldest dropped past `max`. */
export function withNotACopy(list: readonly NotACopy[], choice: NotACopy, max = MAX_NOT_A_COPY): NotACopy[] {
  const key = pairKey(choice.a, choice.b);
  const rest = list.filter((r) => pairKey(r.a, r.b) !== key);
  return capPairs([...rest, choice], max);
}

/** The list without the pair (undo). */
export function withoutNotACopy(list: readonly NotACopy[], a: string, b: string): NotACopy[] {
  const key = pairKey(a, b);
  return list.filter((r) => pairKey(r.a, r.b) !== key);
}

/** The keys of the pairs whose two pages are both among `urls` (what grouping one results page needs). */
export function apartAmong(list: readonly NotACopy[], urls: readonly string[]): string[] {
  if (!list.length) return [];
  const here = new Set(urls.map((u) => normalizeUrl(u)).filter((u): u is string => u !== undefined));
  return list.filter((r) => here.has(r.a) && here.has(r.b)).map((r) => pairKey(r.a, r.b));
}
