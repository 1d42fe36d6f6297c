import { browser } from 'wxt/browser';
import { oneAtATime } from '../../../lib/async/one-at-a-time';
import { type ListErrorCode, parseSiteList } from '../../../lib/copycat/ruleset';
import {
  DEFAULT_HOURS,
  MAX_SUBS,
  SUBS_KEY,
  type SubRecord,
  type SubscribeReply,
  type SubscriptionsView,
  checkAddress,
  clampHours,
  cleanName,
  conditionalHeaders,
  defaultName,
  isDue,
  readSubs,
  subOrigin,
  subsView,
} from '../../../lib/copycat/subscriptions';
import { fetchList } from '../../../lib/fetch/fetch-list';
import { hostnameOf } from '../../../lib/url/host';
import { PAGE_ORIGINS } from '../../../lib/fetch/fetch-page';
import { readSettings } from '../../../shared/settings';
import { fetchPolicy } from '../net/fetch-policy';
import { forgetSubList, setSubList, subListUrls } from './copycat-evidence';
import { ListsBudgetError } from '../../../lib/copycat/listed';

/**
 * Subscribed copycat lists (issue #30). Everything lives in storage (the records under SUBS_KEY, each
 * list's copy packed with the imported lists), so a stopped service worker loses nothing: one alarm
 * wakes it every hour, and each subscription whose own interval has passed is fetched again.
 */
export const SUBS_ALARM = 'resemble-subscriptions';
/** The alarm's period: the shortest interval a subscription may have. */
const ALARM_MINUTES = 60;

// One change of the records at a time (a fetch is not held in it: the options stay answered meanwhile).
const serial = oneAtATime();

const readAll = async (): Promise<SubRecord[]> => readSubs((await browser.storage.local.get(SUBS_KEY))[SUBS_KEY]);

/** Applies `f` to the stored records and writes them. */
const change = (f: (subs: SubRecord[]) => SubRecord[]): Promise<SubRecord[]> =>
  serial(async () => {
    const next = f(await readAll());
    await browser.storage.local.set({ [SUBS_KEY]: next });
    return next;
  });

const view = async (): Promise<SubscriptionsView> => subsView(await readAll());

/**
 * The host access a removed subscription was given (the options asked for it to subscribe), given back
 * unless something else uses that host: another subscription, a SearXNG host or an added engine. Never
 * the all-sites access page checking asks for (PAGE_ORIGINS): while it is granted, this host's access
 * is part of it, and is left alone. Best effort: a browser that refuses (access given at install is
 * not removable) changes nothing.
 */
async function dropAccess(url: string, left: readonly SubRecord[]): Promise<void> {
  const origin = subOrigin(url);
  const host = new URL(url).hostname;
  if (PAGE_ORIGINS.includes(origin) || left.some((r) => subOrigin(r.url) === origin)) return;
  // A SearXNG host may carry a port (searx.example:8443); host access is by name, any port.
  const sameHost = (h: string) => hostnameOf(`https://${h}/`) === host;
  try {
    const settings = await readSettings();
    if (settings.searxngHosts.some(sameHost) || settings.addedEngines.some((e) => sameHost(e.host))) return;
    if (await browser.permissions.contains({ origins: PAGE_ORIGINS.filter((o) => o.startsWith(new URL(url).protocol)) })) return;
    await browser.permissions.remove({ origins: [origin] });
  } catch {
    // Not removable here (required at install, or no such optional permission), or the settings unread: kept.
  }
}

async function hasAccess(url: string): Promise<boolean> {
  try {
    return await browser.permissions.contains({ origins: [subOrigin(url)] });
  } catch {
    return false;
  }
}

type Fetched =
  | { ok: true; notModified: true }
  | { ok: true; notModified: false; sites: string[]; name?: string; etag?: string; lastModified?: string }
  | { ok: false; code: string; detail: string };

const LIST_CODES = new Set<string>(['too-large', 'binary', 'front-matter', 'no-site', 'no-rules']);

/** One fetch of a list under the fetch policy, conditional on the copy kept; never throws. */
async function fetchSub(url: string, kept?: Pick<SubRecord, 'etag' | 'lastModified'>): Promise<Fetched> {
  // Refused here too, not only by the options: without host access the answer could not be read anyway.
  if (!(await hasAccess(url))) return { ok: false, code: 'access', detail: subOrigin(url) };
  // noStore: the browser's HTTP cache neither answers nor keeps it (the copy is ours, its validators ours).
  const out = await fetchList(url, { ...(await fetchPolicy()), noStore: true }, kept ? conditionalHeaders(kept) : {});
  if (!out.ok) return { ok: false, code: out.kind, detail: out.message };
  if (out.notModified) return { ok: true, notModified: true };
  const parsed = parseSiteList(out.text);
  if (!parsed.ok) return { ok: false, code: parsed.code, detail: parsed.error };
  return { ok: true, notModified: false, sites: parsed.sites, name: parsed.name, etag: out.etag, lastModified: out.lastModified };
}

const replace = (subs: SubRecord[], url: string, f: (r: SubRecord) => SubRecord) => subs.map((r) => (r.url === url ? f(r) : r));

/** The browser's words when a write fails (storage.local full), for the options to show after theirs. */
const storageWords = (e: unknown): string => (e instanceof Error ? e.message : String(e)).slice(0, 500);

/**
 * Fetches one subscription again: a new copy, "not modified", or a failure recorded with the last good
 * copy kept. Stamped with the attempt's start (isDue counts from it: an hourly alarm an hour later finds
 * it due however long the fetch took). A copy that cannot be written (storage.local full) is a failure
 * like any other, 'storage', recorded here: the alarm's run has nobody else to tell.
 */
async function refresh(rec: SubRecord): Promise<void> {
  const at = Date.now();
  const fail = (code: string, message: string) =>
    change((subs) => replace(subs, rec.url, (r) => ({ ...r, failed: { at, code, message: message.slice(0, 500) } })));
  // Conditional only when the copy is there to keep (a copy lost must be fetched whole, not confirmed).
  const kept = (await subListUrls()).includes(rec.url);
  const got = await fetchSub(rec.url, kept ? rec : undefined);
  if (!got.ok) {
    await fail(got.code, got.detail);
    return;
  }
  const done = ({ failed: _, ...r }: SubRecord): SubRecord => ({ ...r, updated: at });
  if (got.notModified) {
    await change((subs) => replace(subs, rec.url, done));
    return;
  }
  const current = (await readAll()).find((r) => r.url === rec.url);
  if (!current) return; // removed while it was fetched
  try {
    await setSubList(rec.url, current.name, got.sites);
  } catch (e) {
    // Nothing was written (the evidence module reads its lists afresh after a failed write): the last good copy, if any, stays.
    await fail(e instanceof ListsBudgetError ? 'budget' : 'storage', storageWords(e));
    return;
  }
  await change((subs) =>
    replace(subs, rec.url, (r) => {
      const { etag: _e, lastModified: _l, ...rest } = done(r);
      return { ...rest, sites: got.sites.length, ...(got.etag && { etag: got.etag }), ...(got.lastModified && { lastModified: got.lastModified }) };
    }),
  );
}

/** The hourly alarm, while there are subscriptions to fetch (created once: creating it again would restart its period). */
async function ensureAlarm(): Promise<void> {
  if (!(await readAll()).some((r) => !r.proposed)) {
    await browser.alarms.clear(SUBS_ALARM);
    return;
  }
  if (!(await browser.alarms.get(SUBS_ALARM))) await browser.alarms.create(SUBS_ALARM, { delayInMinutes: 1, periodInMinutes: ALARM_MINUTES });
}

export const listSubs = (): Promise<SubscriptionsView> => view();

/**
 * Subscribe: fetched now; kept only when it was fetched and read (a wrong address is said, not stored).
 * `synced`: the subscription came from another device (issue #30): a proposal (issue #38), kept with
 * nothing fetched, until the user accepts it here (`acceptSub`); it costs this device nothing meanwhile.
 */
export async function addSub(p: { url: string; name?: string; hours?: number; synced?: boolean }): Promise<SubscribeReply> {
  const addr = checkAddress(p.url);
  if (!addr.ok) return { code: 'address', error: addr.problem };
  const { url } = addr;
  const subs = await readAll();
  if (subs.some((r) => r.url === url)) {
    await editSub({ ...p, url });
    return p.synced ? { view: await view() } : updateSub(url);
  }
  if (subs.length >= MAX_SUBS) return { code: 'address', error: 'too-many' };
  const at = Date.now();
  if (p.synced) {
    const rec: SubRecord = { url, name: cleanName(p.name, defaultName(url)), hours: clampHours(p.hours ?? DEFAULT_HOURS), sites: 0, at, proposed: true };
    await change((all) => [...all.filter((r) => r.url !== url), rec].slice(-MAX_SUBS));
    return { view: await view() };
  }
  const got = await fetchSub(url);
  if (!got.ok) {
    const code = got.code === 'access' ? 'access' : LIST_CODES.has(got.code) ? (got.code as ListErrorCode) : 'fetch';
    return { code, error: got.detail };
  }
  if (got.notModified) return { code: 'fetch', error: 'not-modified' }; // never without validators: no copy to keep
  const rec: SubRecord = {
    url,
    name: cleanName(p.name, defaultName(url, got.name)),
    hours: clampHours(p.hours ?? DEFAULT_HOURS),
    sites: got.sites.length,
    at,
    updated: at,
    ...(got.etag && { etag: got.etag }),
    ...(got.lastModified && { lastModified: got.lastModified }),
  };
  // The copy first, then the record: a worker stopped between leaves a copy with no record, which the
  // next alarm drops (a record with no copy would be confirmed unchanged by a 304, and stay empty).
  try {
    await setSubList(url, rec.name, got.sites);
  } catch (e) {
    // The lists' budget passed, or storage.local full: nothing kept, and said.
    return { code: e instanceof ListsBudgetError ? 'budget' : 'storage', error: storageWords(e) };
  }
  await change((all) => [...all.filter((r) => r.url !== url), rec].slice(-MAX_SUBS));
  await ensureAlarm();
  return { view: await view() };
}

/** A new name or interval (the copy stays; a new name labels its sites from now on). */
export async function editSub(p: { url: string; name?: string; hours?: number }): Promise<SubscriptionsView> {
  const at = Date.now();
  const subs = await change((all) =>
    replace(all, p.url, (r) => ({ ...r, name: cleanName(p.name, r.name), hours: p.hours === undefined ? r.hours : clampHours(p.hours), at })),
  );
  const rec = subs.find((r) => r.url === p.url);
  if (rec) await setSubList(rec.url, rec.name);
  return subsView(subs);
}

/** Unsubscribe: the record, its copy (its sites are no longer labelled), its host access when nothing else needs it, and with the last one the alarm go. */
export async function removeSub(url: string): Promise<SubscriptionsView> {
  const subs = await change((all) => all.filter((r) => r.url !== url));
  await forgetSubList(url);
  await ensureAlarm();
  await dropAccess(url, subs);
  return subsView(subs);
}

/** "Update now": fetched again whatever its interval; a failure is in the view (why and when), the last good copy kept. A proposal is accepted first. */
export async function updateSub(url: string): Promise<SubscribeReply> {
  const rec = (await readAll()).find((r) => r.url === url);
  if (!rec) return { code: 'address', error: 'not-subscribed' };
  if (rec.proposed) return { code: 'address', error: 'proposed' };
  await refresh(rec);
  return { view: await view() };
}

/**
 * Another device's subscription accepted on this device (issue #38): fetched now (the options asked
 * for its host access on the same click), then on its interval. A failure is in the view, and kept.
 */
export async function acceptSub(url: string): Promise<SubscribeReply> {
  const subs = await change((all) => replace(all, url, ({ proposed: _, ...r }) => r));
  const rec = subs.find((r) => r.url === url);
  if (!rec) return { code: 'address', error: 'not-subscribed' };
  await ensureAlarm();
  await refresh(rec);
  return { view: await view() };
}

let running: Promise<void> | undefined;

/** Every subscription whose interval has passed, one after another (one alarm run at a time). */
export function updateDue(now = Date.now()): Promise<void> {
  running ??= (async () => {
    const urls = new Set((await readAll()).map((r) => r.url));
    for (const orphan of (await subListUrls()).filter((u) => !urls.has(u))) await forgetSubList(orphan);
    for (const rec of (await readAll()).filter((r) => !r.proposed && isDue(r, now))) await refresh(rec).catch(() => undefined);
  })().finally(() => {
    running = undefined;
  });
  return running;
}

/** Registers the alarm's listener (at every start of the background) and keeps the alarm while there are subscriptions. */
export function watchSubscriptions(): void {
  browser.alarms.onAlarm.addListener((alarm) => {
    if (alarm.name !== SUBS_ALARM) return;
    // A one-off alarm (not periodic) leaves none behind: the hourly one is set again.
    void updateDue()
      .then(() => (alarm.periodInMinutes ? undefined : browser.alarms.clear(SUBS_ALARM).then(ensureAlarm)))
      .catch(() => undefined);
  });
  void ensureAlarm().catch(() => undefined);
}
