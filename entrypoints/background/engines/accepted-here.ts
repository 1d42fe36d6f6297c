import { browser } from 'wxt/browser';
import { oneAtATime } from '../../../lib/async/one-at-a-time';
import {
  ACCEPTED_HERE_KEY,
  type AcceptedHere,
  type EngineKind,
  acceptedIn,
  afterWriteHere,
  hostsOf,
  readAcceptedHere,
  sameAccepted,
} from '../../../lib/engines/accepted-here';
import type { Settings } from '../../../lib/settings';
import { readSettings } from '../../../shared/settings';

/*
 * The added engines and SearXNG hosts accepted on this device (issue #38: a synced one is another
 * device's proposal until the user accepts it here). The one owner of ACCEPTED_HERE_KEY in
 * storage.local: read, changed and written one step at a time, so two changes never undo each other.
 */

const step = oneAtATime();

const write = (accepted: AcceptedHere) => browser.storage.local.set({ [ACCEPTED_HERE_KEY]: accepted });

async function load(): Promise<AcceptedHere> {
  const stored = readAcceptedHere((await browser.storage.local.get(ACCEPTED_HERE_KEY))[ACCEPTED_HERE_KEY]);
  if (stored) return stored;
  // This version's first run: what the settings hold was active before, so it stays accepted.
  const first = hostsOf(await readSettings());
  await write(first);
  return first;
}

/** The hosts accepted here (the record made on first run). */
export const acceptedHere = (): Promise<AcceptedHere> => step(load);

/**
 * The user accepted `host` in the options: only a host the settings hold now (a stale page's click
 * accepts nothing ahead of a later sync), and hosts gone from the settings leave the record.
 */
export function acceptHere(kind: EngineKind, host: string): Promise<AcceptedHere> {
  return step(async () => {
    const [accepted, settings] = await Promise.all([load(), readSettings()]);
    const hosts = hostsOf(settings);
    if (!hosts[kind].includes(host)) throw new Error(`${host} is not among the ${kind === 'added' ? 'added search engines' : 'SearXNG hosts'}`);
    const next = acceptedIn({ ...accepted, [kind]: [...accepted[kind], host] }, hosts);
    if (!sameAccepted(next, accepted)) await write(next);
    return next;
  });
}

/** `settings/set` on this device: the hosts it added are accepted here, the ones it removed are not. */
export function writtenHere(before: Settings, after: Settings): Promise<AcceptedHere> {
  return step(async () => {
    const accepted = await load();
    const next = afterWriteHere(accepted, hostsOf(before), hostsOf(after));
    if (!sameAccepted(next, accepted)) await write(next);
    return next;
  });
}

/**
 * A fresh install: nothing was active here before, so what the synced settings already hold (this
 * profile's other devices) is a proposal, never a first run's "accepted".
 */
export const installedHere = (): Promise<void> => step(() => write({ added: [], searxng: [] }));
