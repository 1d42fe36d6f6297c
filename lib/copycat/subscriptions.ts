/**
 * Subscribed copycat lists (issue #30): a list kept by its address and fetched again on an interval.
 * The stored records, their checked reader, the address rule, when an update is due and the
 * conditional request it sends; the suggested public lists. Pure: the background's
 * entrypoints/background/copycat/subscriptions.ts fetches and stores. The list itself is kept packed
 * with the imported lists (lib/copycat/listed.ts, its `sub` naming the address), so results pages read
 * it as they read any list.
 */
import { publicHost } from '../fetch/public-host';
import type { ListErrorCode } from './ruleset';

/** storage.local: the subscriptions, an array of SubRecord (their sites are in the lists key). */
export const SUBS_KEY = 'copycat:subs';
export const DEFAULT_HOURS = 24;
export const MIN_HOURS = 1;
/** As lib/messages.ts checks 'subs/add' and 'subs/edit': a month. */
export const MAX_HOURS = 24 * 30;
/** Subscriptions kept at most (a list is up to 2 MB: twenty are 40 MB of storage at worst). */
export const MAX_SUBS = 20;
export const MAX_SUB_URL = 2048;
export const MAX_SUB_NAME = 100;
const HOUR = 3_600_000;
/**
 * How early an update may run: the hourly alarm fires an hour after the last, and a fetch stamped at
 * its start is then an hour old to the millisecond, or a little less when the alarm fires early (alarms
 * are not exact). Without slack, each such update would wait for the next alarm: hourly every two
 * hours, daily every 25 hours.
 */
export const DUE_SLACK_MS = 5 * 60_000;

export interface SubscriptionView {
  url: string;
  name: string;
  /** Hours between updates (at least 1; default 24). */
  hours: number;
  /** Sites in the last good copy (0 before the first). */
  sites: number;
  /** When the fetch of the last good copy (or its confirmation, unchanged) started. */
  updated?: number;
  /** The last update that failed, why and when: the last good copy stays. */
  failed?: { at: number; code: string; message: string };
  /**
   * Subscribed on another device and synced here (issue #38): a proposal, never fetched until the user
   * accepts it on this device ('subs/accept'), which asks for its host access there.
   */
  proposed?: true;
}
export interface SuggestedList {
  /** Names the suggestion for the options (its name in the UI's language). */
  id: string;
  url: string;
  name: string;
}
export interface SubscriptionsView {
  subs: SubscriptionView[];
  suggested: SuggestedList[];
}
/** 'storage': the fetched list could not be written (storage.local full); `error` is the browser's words. */
/** 'budget': the lists together would pass LISTS_BUDGET (lib/copycat/listed.ts); nothing kept. */
export type SubscribeReply = { view: SubscriptionsView } | { code: ListErrorCode | 'fetch' | 'access' | 'address' | 'storage' | 'budget'; error: string };

/** What storage keeps of a subscription: the view's fields, the validators of the last good copy, and when the user last changed it. */
export interface SubRecord extends SubscriptionView {
  /** When the user subscribed or last edited it (what a sync of choices orders by). */
  at: number;
  etag?: string;
  lastModified?: string;
}

/**
 * Well-known public lists of copycat sites, none subscribed by default: sites that serve Stack
 * Overflow's and GitHub's pages machine-translated (uBlacklist rulesets, CC0, kept on GitHub), and
 * sites that copy developer sites and Wikipedia (Unlicense).
 */
export const SUGGESTED: readonly SuggestedList[] = [
  {
    id: 'so-translations',
    name: 'Stack Overflow machine translations',
    url: 'https://raw.githubusercontent.com/arosh/ublacklist-stackoverflow-translation/master/uBlacklist.txt',
  },
  {
    id: 'gh-translations',
    name: 'GitHub machine translations',
    url: 'https://raw.githubusercontent.com/arosh/ublacklist-github-translation/master/uBlacklist.txt',
  },
  {
    // quenhus/uBlock-Origin-dev-filter: copies of Stack Overflow, GitHub, Wikipedia and npm pages (its
    // uBlacklist build; uBlacklist's own list of subscriptions names it).
    id: 'dev-copycats',
    name: 'Copies of developer sites and Wikipedia',
    url: 'https://raw.githubusercontent.com/quenhus/uBlock-Origin-dev-filter/main/dist/other_format/uBlacklist/all.txt',
  },
];

export type AddressProblem = 'empty' | 'too-long' | 'not-url' | 'scheme' | 'credentials' | 'private';

/**
 * A list's address as kept: http(s) only (https when typed without a scheme), no user name or password
 * (a secret in the URL would be sent and stored), on a public host (the fetch policy's own test by the
 * URL's text, lib/fetch/public-host: the user's machine and network are never fetched, so they are
 * refused before host access is asked), at most MAX_SUB_URL characters; the fragment dropped.
 */
export function checkAddress(input: string): { ok: true; url: string } | { ok: false; problem: AddressProblem } {
  const s = input.trim();
  if (!s) return { ok: false, problem: 'empty' };
  if (s.length > MAX_SUB_URL) return { ok: false, problem: 'too-long' };
  let u: URL;
  try {
    // An address typed without its scheme (lists.example/a.txt) is taken as https.
    u = new URL(/^[a-z][a-z0-9+.-]*:/i.test(s) ? s : `https://${s}`);
  } catch {
    return { ok: false, problem: 'not-url' };
  }
  if (u.protocol !== 'https:' && u.protocol !== 'http:') return { ok: false, problem: 'scheme' };
  if (u.username || u.password) return { ok: false, problem: 'credentials' };
  if (!publicHost(u)) return { ok: false, problem: 'private' };
  u.hash = '';
  return u.href.length > MAX_SUB_URL ? { ok: false, problem: 'too-long' } : { ok: true, url: u.href };
}

/** The host access a subscription needs (asked by the options on the subscribe click): its scheme and host, any port. */
export const subOrigin = (url: string): string => {
  const u = new URL(url);
  return `${u.protocol}//${u.hostname}/*`;
};

/** An interval as kept: whole hours, MIN_HOURS to MAX_HOURS; anything else the default. */
export function clampHours(h: unknown): number {
  if (typeof h !== 'number' || !Number.isFinite(h)) return DEFAULT_HOURS;
  return Math.min(MAX_HOURS, Math.max(MIN_HOURS, Math.round(h)));
}

/** A name as kept: one line, at most MAX_SUB_NAME characters; empty falls back to `fallback`. */
export const cleanName = (name: string | undefined, fallback: string): string =>
  (name ?? '').replace(/\s+/g, ' ').trim().slice(0, MAX_SUB_NAME) || fallback.slice(0, MAX_SUB_NAME);

/** The name a list gets when the user gave none: its own (front matter, `! Title:`), else its host. */
export const defaultName = (url: string, listName?: string): string => cleanName(listName, new URL(url).hostname);

const optStr = (v: unknown, max: number) => (typeof v === 'string' && v.length <= max ? v : undefined);
const optNum = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) && v >= 0 ? v : undefined);

/** One stored record, or undefined when it is damaged (a bad address or name): dropped alone. */
export function readSub(v: unknown): SubRecord | undefined {
  const x = v as Record<string, unknown> | null;
  if (!x || typeof x !== 'object' || typeof x.url !== 'string' || typeof x.name !== 'string') return undefined;
  const addr = checkAddress(x.url);
  if (!addr.ok || addr.url !== x.url) return undefined;
  const f = x.failed as Record<string, unknown> | undefined;
  const failed =
    f && typeof f === 'object' && optNum(f.at) !== undefined
      ? { at: f.at as number, code: optStr(f.code, 40) ?? 'network', message: optStr(f.message, 500) ?? '' }
      : undefined;
  const etag = optStr(x.etag, 200);
  const lastModified = optStr(x.lastModified, 100);
  const updated = optNum(x.updated);
  return {
    url: x.url,
    name: cleanName(x.name, new URL(x.url).hostname),
    hours: clampHours(x.hours),
    sites: Math.floor(optNum(x.sites) ?? 0),
    at: optNum(x.at) ?? 0,
    ...(updated !== undefined && { updated }),
    ...(failed && { failed }),
    ...(etag && { etag }),
    ...(lastModified && { lastModified }),
    ...(x.proposed === true && { proposed: true as const }),
  };
}

/** The stored array, each damaged record dropped alone, one record per address (the first), at most MAX_SUBS. */
export function readSubs(v: unknown): SubRecord[] {
  if (!Array.isArray(v)) return [];
  const seen = new Set<string>();
  const out: SubRecord[] = [];
  for (const r of v.map(readSub)) {
    if (!r || seen.has(r.url)) continue;
    seen.add(r.url);
    out.push(r);
  }
  return out.slice(0, MAX_SUBS);
}

/** The last attempt, good or failed. */
const lastTry = (r: SubRecord) => Math.max(r.updated ?? 0, r.failed?.at ?? 0);

/**
 * Whether an update is due at `now`: its interval, less DUE_SLACK_MS, since the start of the last
 * attempt (good or failed: a failing server is asked once an interval, not at every alarm). A clock
 * set back (a last attempt in the future) counts as due, or it would wait until the clock caught up.
 */
export function isDue(r: SubRecord, now: number): boolean {
  const last = lastTry(r);
  return last > now || now - last >= r.hours * HOUR - DUE_SLACK_MS;
}

/** The conditional request's headers: the last good copy's validators, when the server gave them. */
export function conditionalHeaders(r: Pick<SubRecord, 'etag' | 'lastModified'>): Record<string, string> {
  return { ...(r.etag && { 'If-None-Match': r.etag }), ...(r.lastModified && { 'If-Modified-Since': r.lastModified }) };
}

/** What the options are told: the records without their validators, and the suggestions not subscribed yet. */
export function subsView(subs: readonly SubRecord[]): SubscriptionsView {
  const mine = new Set(subs.map((s) => s.url));
  return {
    subs: subs.map(({ url, name, hours, sites, updated, failed, proposed }) => ({
      url,
      name,
      hours,
      sites,
      ...(updated !== undefined && { updated }),
      ...(failed && { failed }),
      ...(proposed && { proposed }),
    })),
    suggested: SUGGESTED.filter((s) => !mine.has(s.url)),
  };
}
