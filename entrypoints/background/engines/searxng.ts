import { browser } from 'wxt/browser';
import { addedId, addedMatch } from '../../../lib/engines/added';
import { ENGINES } from '../../../lib/engines/table';
import { readSettings } from '../../../shared/settings';
import { acceptedHere } from './accepted-here';

const SCRIPT_ID = 'resemble-searxng';
/** One registration per added engine ('resemble-added:<host>'): each has its own host and path. */
const ADDED_SCRIPT_PREFIX = 'resemble-added:';
/**
 * The results page's two content scripts (issue #41: results-later.js holds what a page needs only after
 * its first paint), in one registration: injected in this order at the registration's runAt, the second
 * at once after the first (the manifest's runs it at document_end), so each engine keeps one id.
 */
const JS = ['content-scripts/results.js', 'content-scripts/results-later.js'];

type Scripting = typeof browser.scripting;
type Registration = Parameters<Scripting['registerContentScripts']>[0][number];

/**
 * The scripting API, in Chrome and in Firefox's MV2 build alike: Firefox has
 * `scripting.registerContentScripts` in MV2 from version 102 with the `scripting` permission (the
 * manifest has it; the minimum is 140), so `contentScripts.register` is not needed.
 */
const scriptingApi = (): Scripting | undefined => {
  const scripting = (browser as { scripting?: Scripting }).scripting;
  return scripting?.registerContentScripts ? scripting : undefined;
};

const granted = (host: string) => browser.permissions.contains({ origins: [`https://${host.replace(/:\d+$/, '')}/*`] });

/**
 * Replaces the content scripts registered at runtime whose id passes `ours` with `wanted`: ids no
 * longer wanted are unregistered, those still wanted re-registered (their matches may have changed).
 */
async function replaceScripts(scripting: Scripting, ours: (id: string) => boolean, wanted: Registration[]): Promise<void> {
  const existing = (await scripting.getRegisteredContentScripts()).map((s) => s.id).filter(ours);
  if (existing.length) await scripting.unregisterContentScripts({ ids: existing });
  if (wanted.length) await scripting.registerContentScripts(wanted);
}

/**
 * SearXNG runs on any host: the content script is registered at runtime for the instances the user
 * added and granted access to (the options page asks for the host permission when one is added), and
 * accepted on this device (issue #38: one synced from another device waits for the user's word here).
 */
export async function syncSearxngScripts(): Promise<string[]> {
  const scripting = scriptingApi();
  if (!scripting) return [];
  const [{ searxngHosts }, here] = await Promise.all([readSettings(), acceptedHere()]);
  const matches: string[] = [];
  for (const host of searxngHosts) if (here.searxng.includes(host) && (await granted(host))) matches.push(`https://${host}/*`);
  await replaceScripts(scripting, (id) => id === SCRIPT_ID, matches.length ? [{ id: SCRIPT_ID, matches, js: JS, runAt: 'document_idle' }] : []);
  return matches;
}

/**
 * Search engines the user added (issue #27): the content script is registered on each one's results
 * pages whose host access is granted (asked for when it was added; an imported engine may not have it
 * yet) and which is accepted on this device (issue #38: never one only synced from another). Started
 * at document_start as the manifest's is, so its groups are there before the first paint. Resolves to
 * the ids of the engines registered.
 */
export async function syncAddedScripts(): Promise<string[]> {
  const scripting = scriptingApi();
  if (!scripting) return [];
  const [{ addedEngines }, here] = await Promise.all([readSettings(), acceptedHere()]);
  const wanted: Registration[] = [];
  for (const a of addedEngines) {
    // A built-in engine's host has its own content script (manifest) and definition: never a second one.
    if (ENGINES.some((e) => e.host.test(a.host)) || !here.added.includes(a.host)) continue;
    if (await granted(a.host)) wanted.push({ id: `${ADDED_SCRIPT_PREFIX}${a.host}`, matches: [addedMatch(a)], js: JS, runAt: 'document_start' });
  }
  await replaceScripts(scripting, (id) => id.startsWith(ADDED_SCRIPT_PREFIX), wanted);
  return addedEngines.filter((a) => wanted.some((w) => w.id === `${ADDED_SCRIPT_PREFIX}${a.host}`)).map((a) => addedId(a.host));
}

let queue: Promise<unknown> = Promise.resolve();

/**
 * Both kinds of runtime content scripts, each on its own (one failing does not hold the other back),
 * one sync at a time: a settings change and a permission change come together, and two syncs at once
 * would register the same id twice.
 */
export function syncRuntimeScripts(): Promise<unknown> {
  queue = queue.then(() => Promise.allSettled([syncSearxngScripts(), syncAddedScripts()]));
  return queue;
}
