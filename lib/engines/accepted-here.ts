import type { Settings } from '../settings';
import { type Check, arr, check, obj, str } from '../validate';

/**
 * Issue #38, "what arrives through sync is a proposal, never an order": an added engine or a SearXNG
 * host in the synced settings gets its content script (its pages read, their links fetched) only once
 * it is accepted on this device — added here, accepted here in the options, or already there when this
 * version first ran. The hosts accepted here are kept in storage.local under this key (never synced),
 * by the background alone (entrypoints/background/engines/accepted-here.ts).
 */
export const ACCEPTED_HERE_KEY = 'enginesAcceptedHere';

export const ENGINE_KINDS = ['added', 'searxng'] as const;
/** 'added': settings.addedEngines (by host); 'searxng': settings.searxngHosts. */
export type EngineKind = (typeof ENGINE_KINDS)[number];

export type AcceptedHere = Record<EngineKind, string[]>;

/** As the settings hold them: at most 50 of each; a SearXNG host may carry a port. */
const MAX_HOSTS = 50;
const host = str({ min: 1, max: 259 });

/** The record's shape, as stored and as `engines/here` answers it. */
export const acceptedHereCheck: Check<AcceptedHere> = obj({ added: arr(host, { max: MAX_HOSTS }), searxng: arr(host, { max: MAX_HOSTS }) });

/**
 * The stored record: undefined when there is none (this version's first run). A record of another
 * shape (a bad write) accepts nothing: what it meant cannot be read, so nothing is trusted from it.
 */
export function readAcceptedHere(stored: unknown): AcceptedHere | undefined {
  if (stored === undefined) return undefined;
  const c = check(acceptedHereCheck, stored);
  return c.ok ? c.value : { added: [], searxng: [] };
}

/** The hosts of each kind the settings hold. */
export const hostsOf = (s: Pick<Settings, 'addedEngines' | 'searxngHosts'>): AcceptedHere => ({
  added: s.addedEngines.map((a) => a.host),
  searxng: [...s.searxngHosts],
});

/** The hosts of `hosts` that `accepted` holds, in the settings' order (one gone from the settings is dropped). */
export const acceptedIn = (accepted: AcceptedHere, hosts: AcceptedHere): AcceptedHere => ({
  added: hosts.added.filter((h) => accepted.added.includes(h)),
  searxng: hosts.searxng.filter((h) => accepted.searxng.includes(h)),
});

/**
 * After this device wrote the settings (`before` → `after`): the hosts it added are accepted here, and
 * hosts no longer in the settings are not (one that comes back through sync is a proposal again).
 */
export function afterWriteHere(accepted: AcceptedHere, before: AcceptedHere, after: AcceptedHere): AcceptedHere {
  const newer = (kind: EngineKind) => [...accepted[kind], ...after[kind].filter((h) => !before[kind].includes(h))];
  return acceptedIn({ added: newer('added'), searxng: newer('searxng') }, after);
}

export const sameAccepted = (a: AcceptedHere, b: AcceptedHere): boolean => JSON.stringify(a) === JSON.stringify(b);
