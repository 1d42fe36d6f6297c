/**
 * The user's own choices that follow them through the browser's sync (issue #30): "not a copy" pairs,
 * copycat verdicts and subscriptions. Each is one entry with a stable id (its kind and a hash of what it
 * is about, never of its value) and the time of its last change, so two machines agree by the latest
 * change per entry; a removal is a tombstone with its time, so an undo travels like a choice.
 */

/** "Not a copy": two normalized URLs in code-unit order (titles stay local: they cost bytes and decide nothing). */
export interface PairChoice {
  kind: 'pair';
  a: string;
  b: string;
  at: number;
}
/** The user's word on a site; "neither" (undone) is a tombstone. */
export interface VerdictChoice {
  kind: 'verdict';
  site: string;
  verdict: 'not-copycat' | 'marked';
  at: number;
}
/** A subscribed list: its address and name, never its contents. */
export interface SubChoice {
  kind: 'sub';
  url: string;
  name: string;
  at: number;
}
export type Choice = PairChoice | VerdictChoice | SubChoice;
export type Kind = Choice['kind'];
/** A removed choice: only its id survives, with the time of the removal. */
export interface Tombstone {
  kind: Kind;
  id: string;
  at: number;
  gone: true;
}
export type Entry = Choice | Tombstone;

/**
 * cyrb53: a 53-bit string hash, in base 36 (at most 11 characters). Ids only tell choices apart: with
 * 10,000 of them a collision has odds of about 1 in 10^8, and costs one choice, not a wrong one elsewhere.
 */
export function hash53(s: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}

/** What a choice is about (its identity): the same pair either way round, the same site, the same address. */
function identity(c: Choice): string {
  if (c.kind === 'pair') return c.a < c.b ? `${c.a}\n${c.b}` : `${c.b}\n${c.a}`;
  return c.kind === 'verdict' ? c.site : c.url;
}

export const idOf = (e: Entry): string => ('gone' in e ? e.id : hash53(identity(e)));
/** Ids are per kind: a site and an address with the same text are different choices. */
export const keyOf = (e: Entry): string => `${e.kind}:${idOf(e)}`;

/** The tombstone that removes `c`, dated `at`. */
export const removal = (c: Choice, at: number): Tombstone => ({ kind: c.kind, id: idOf(c), at, gone: true });

/** Which of two versions of one entry stands: the later change; on a tie the removal, else the first. */
export const later = (x: Entry, y: Entry): Entry => (y.at > x.at || (y.at === x.at && 'gone' in y && !('gone' in x)) ? y : x);

/**
 * Both machines' entries, one per choice, each the latest change (removals included). Symmetric but
 * for exact ties of two live versions, where the local one stays (the next change settles it).
 */
export function merge(local: readonly Entry[], remote: readonly Entry[]): Entry[] {
  const out = new Map<string, Entry>();
  for (const e of [...local, ...remote]) {
    const k = keyOf(e);
    const had = out.get(k);
    out.set(k, had ? later(had, e) : e);
  }
  return [...out.values()];
}
