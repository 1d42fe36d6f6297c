/**
 * The user's choices as this machine keeps them (issue #30), read from storage.local as sync entries:
 * "not a copy" pairs (never a private window's: those are in storage.session), the user's copycat
 * verdicts and the subscriptions' addresses and names. Evidence, lists' contents and sketches are not
 * choices: they stay here.
 */
import { browser } from 'wxt/browser';
import { MAX_NOT_A_COPY, NOT_A_COPY_KEY, readNotACopy } from '../../../lib/group/not-a-copy';
import { COPYCAT_USER_KEY } from '../../../lib/copycat/table';
import { SUBS_KEY, readSubs } from '../../../lib/copycat/subscriptions';
import type { Choice } from '../../../lib/sync/choices';
import { isSite } from '../../../lib/copycat/site';

/** The storage.local keys whose changes are the user's choices. */
export const CHOICE_KEYS = [NOT_A_COPY_KEY, COPYCAT_USER_KEY, SUBS_KEY] as const;

const strings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);

export interface LocalChoices {
  choices: Choice[];
  /** Whether a pair no longer here left for room (the cap of MAX_NOT_A_COPY drops the oldest), not by the user. */
  evicted: (key: string) => boolean;
}

/** The choices in what storage.local gave for CHOICE_KEYS. Verdicts have no time of their own: `now` (the ledger dates them when first seen). */
export function choicesIn(got: Record<string, unknown>, now: number): LocalChoices {
  const pairs = readNotACopy(got);
  const user = got[COPYCAT_USER_KEY] as { notCopycat?: unknown; marked?: unknown } | undefined;
  const marked = new Set(strings(user?.marked));
  const choices: Choice[] = [
    ...pairs.map((p): Choice => ({ kind: 'pair', a: p.a, b: p.b, at: p.at })),
    // Only sites travel: a name that is not one (a public suffix an older version kept) stays here until
    // removed, and a synced entry for it is taken back (its absence here is a removal).
    ...strings(user?.notCopycat)
      .filter((s) => !marked.has(s) && isSite(s))
      .map((site): Choice => ({ kind: 'verdict', site, verdict: 'not-copycat', at: now })),
    ...[...marked].filter(isSite).map((site): Choice => ({ kind: 'verdict', site, verdict: 'marked', at: now })),
    ...readSubs(got[SUBS_KEY]).map((s): Choice => ({ kind: 'sub', url: s.url, name: s.name, at: s.at || now })),
  ];
  // Full, the list drops its oldest for each new one: a pair gone then left for room (an undo leaves it short of full).
  const full = pairs.length >= MAX_NOT_A_COPY;
  return { choices, evicted: (key) => full && key.startsWith('pair:') };
}

export async function readLocalChoices(now: number): Promise<LocalChoices> {
  return choicesIn(await browser.storage.local.get([...CHOICE_KEYS]), now);
}
