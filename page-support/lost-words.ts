import { kindFromNetError } from '../lib/fetch/net-error';
import { percent } from '../lib/group/describe';
import type { Alternate, AlternateSource, LostReport } from '../lib/lost/report';
import { plural } from './format';

/**
 * The words of lost and found (issue #7): pure functions shared by the lost-and-found page and the
 * popup's offer. Nothing here touches the browser; every argument may come from a page or a newer
 * background, so anything unexpected still yields a readable sentence (never "undefined" or "NaN").
 */

/** The address lost and found was opened for: `?url=` of the page's own location, http(s) only. */
export type LostTarget = { ok: true; url: string } | { ok: false; error: string };

export function parseLostTarget(search: string): LostTarget {
  const raw = new URLSearchParams(search).get('url')?.trim();
  if (!raw) return { ok: false, error: 'No address was given: lost and found is opened for one page that no longer loads (from the popup, or from a dead result on a results page).' };
  let u: URL;
  try {
    u = new URL(raw);
  } catch {
    return { ok: false, error: 'The address given is not a valid web address, so there is nothing to look for.' };
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') {
    return { ok: false, error: 'Lost and found only looks for copies of web pages (http or https addresses); this address is not one.' };
  }
  return { ok: true, url: u.href };
}

const STATUS_WORDS: Record<string, string> = {
  ok: 'the page loaded normally',
  cached: 'known from an earlier check',
  gone: 'the site answered 404/410 (gone)',
  http: 'the site answered with an error',
  dns: "the site's name no longer resolves",
  tls: "the site's secure connection failed (certificate or TLS error)",
  connection: 'the site could not be reached (the connection was refused or dropped)',
  timeout: 'the site did not answer in time',
  soft404: "a 'page not found' page served as a normal page",
  'too-large': 'the page was too large to read',
  'wrong-type': 'the address is not a web page (neither HTML nor text)',
  redirect: 'the address redirected too often, or somewhere it may not lead',
  blocked: 'not fetched: the address is on your own machine or network, or the browser, an extension or a policy blocked it',
  cancelled: 'the check was cancelled before it finished',
  network: 'the network failed',
  unreadable: 'the page loaded, but no text could be read from it',
};

/** A status key in one spelling: 'soft-404', 'Soft_404' and 'soft404' are one thing. */
function statusKey(status: string): string {
  const s = status.trim().toLowerCase();
  return /^soft[-_ ]?404$/.test(s) ? 'soft404' : s;
}

/**
 * A page check's status in words: the failure kinds of lib/fetch ('gone', 'dns'…), the store's
 * 'http-404' form, 'soft404', or a browser's network error ("net::ERR_NAME_NOT_RESOLVED").
 */
export function statusWords(status: string | undefined): string {
  if (status === undefined || status.trim() === '') return 'no check was recorded';
  return knownStatusWords(status) ?? `the check said “${status.trim().slice(0, 80)}”`;
}

function knownStatusWords(status: string): string | undefined {
  const key = statusKey(status);
  if (Object.hasOwn(STATUS_WORDS, key)) return STATUS_WORDS[key];
  const http = /^http[-_ ]?(\d{3})$/.exec(key);
  if (http) return http[1] === '404' || http[1] === '410' ? `the site answered ${http[1]} (gone)` : `the site answered ${http[1]}`;
  const net = kindFromNetError(status);
  return net ? STATUS_WORDS[net] : undefined;
}

/**
 * Why the tab's page did not load (TabState.deadPage.reason): a status key is put in words, and a
 * reason the background already wrote in words is shown as it is.
 */
export function reasonWords(reason: string | undefined): string {
  const r = (reason ?? '').trim();
  if (!r) return 'no reason was given';
  return knownStatusWords(r) ?? r.slice(0, 200);
}

/** A dead result's kind, short enough for a list line: "gone (404/410)", "name no longer resolves". */
export function deadKindShort(kind: string): string {
  const key = statusKey(kind);
  switch (key) {
    case 'gone':
      return 'gone (404/410)';
    case 'dns':
      return 'name no longer resolves';
    case 'connection':
      return 'site unreachable';
    case 'timeout':
      return 'no answer in time';
    case 'tls':
      return 'secure connection failed';
    case 'soft404':
      return "a 'page not found' page";
    default: {
      const http = /^http[-_ ]?(\d{3})$/.exec(key);
      if (http) return http[1] === '404' || http[1] === '410' ? `gone (${http[1]})` : `error ${http[1]}`;
      const net = kindFromNetError(kind);
      return net ? deadKindShort(net) : 'did not load';
    }
  }
}

const SOURCE_NAMES: Record<AlternateSource, string> = {
  group: 'Its group on the results page',
  store: 'Pages Resemble has seen',
  search: 'A search for phrases remembered from the page',
  archive: 'Archived copies (Internet Archive)',
};

/** A source as a heading of the sources list. Without a sketch the search is by the page's title. */
export function sourceName(source: AlternateSource | string, hasSketch = true): string {
  if (source === 'search' && !hasSketch) return 'A search for its title';
  return Object.hasOwn(SOURCE_NAMES, source) ? SOURCE_NAMES[source as AlternateSource] : String(source);
}

/** Where an alternate came from, in words for its line: "in its group on the results page"… */
export function sourceWords(a: Pick<Alternate, 'source' | 'archivedAt'>, hasSketch = true, locale?: string): string {
  switch (a.source) {
    case 'group':
      return 'in its group on the results page';
    case 'store':
      return 'from pages Resemble has seen';
    case 'search':
      return hasSketch ? 'found by searching phrases' : 'found by searching its title';
    case 'archive':
      return isTime(a.archivedAt) ? `archived copy from ${formatDate(a.archivedAt, locale)}` : 'archived copy';
    default:
      return `from ${String(a.source)}`;
  }
}

type SourceState = LostReport['sources'][number];

/**
 * Whether this source was skipped because the user has not turned archive lookups on (not, say,
 * because the address answered again: a skip with another note keeps that note).
 */
export function archiveOff(s: SourceState, archiveLookups: boolean | undefined): boolean {
  if (s.source !== 'archive' || s.state !== 'skipped' || archiveLookups === true) return false;
  const note = s.note?.trim();
  return !note || /\boff\b|archive lookups/i.test(note);
}

/** A source's state in words: "waiting", "searching…", "3 candidates", "skipped: archive lookups are off", "failed: …". */
export function sourceStateText(s: SourceState, archiveLookups?: boolean): string {
  const note = s.note?.trim();
  const n = typeof s.candidates === 'number' && Number.isFinite(s.candidates) && s.candidates >= 0 ? Math.round(s.candidates) : undefined;
  switch (s.state) {
    case 'pending':
      return 'waiting';
    case 'running':
      return n !== undefined && n > 0 ? `searching… (${plural(n, 'candidate')} so far)` : 'searching…';
    case 'done': {
      const found = n === undefined ? 'done' : n === 0 ? 'no candidates' : plural(n, 'candidate');
      return note ? `${found} (${note})` : found;
    }
    case 'skipped':
      if (archiveOff(s, archiveLookups)) return 'skipped: archive lookups are off';
      return `skipped: ${note || 'not needed'}`;
    case 'failed':
      return `failed: ${note || 'for a reason not given'}`;
    default:
      return String(s.state);
  }
}

const isFraction = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v) && v >= 0 && v <= 1;
const isTime = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v) && v > 0;

/** An alternate may be shown only with its measured resemblance: one without a valid measure is left out. */
export function measured(a: Alternate): boolean {
  return isFraction(a.resemblance) && typeof a.url === 'string';
}

/**
 * The measures of an alternate: "87% alike · 93% of the old text inside" for pages; for a title-only
 * comparison only the titles' resemblance (the containment of a title says nothing about the page).
 */
export function measuresText(a: Pick<Alternate, 'resemblance' | 'containment' | 'basis'>): string {
  if (!isFraction(a.resemblance)) return 'not measured';
  if (a.basis === 'title') return `titles ${percent(a.resemblance)} alike`;
  const parts = [`${percent(a.resemblance)} alike`];
  if (isFraction(a.containment)) parts.push(`${percent(a.containment)} of the old text inside`);
  return parts.join(' · ');
}

/** The label a title-only comparison always carries: it is weaker evidence than a page comparison. */
export const TITLE_BASIS_LABEL = 'compared by title only';

/** "3 Mar 2024" in the user's language (a fixed one in tests); an unusable time says so. */
export function formatDate(ms: number | undefined, locale?: string): string {
  if (!isTime(ms)) return 'an unknown date';
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(new Date(ms));
}

/** "3 Mar 2024, 14:05": for checks, where the hour can matter. */
export function formatDateTime(ms: number | undefined, locale?: string): string {
  if (!isTime(ms)) return 'an unknown time';
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(ms));
}

/** What the sketch line says: kept (with its size when known), or plainly that there is none. */
export function sketchText(report: Pick<LostReport, 'hasSketch' | 'known'>): string {
  if (!report.hasSketch) return 'Resemble has no sketch of this page: copies are looked for by its title, and can only be compared by title.';
  const n = report.known?.sketch?.shingles;
  return typeof n === 'number' && Number.isFinite(n) && n > 0
    ? `Resemble kept a sketch of this page (${plural(Math.round(n), 'shingle')}).`
    : 'Resemble kept a sketch of this page.';
}

/** The progress line while sources are searched, and the outcome once done. */
export function progressLine(report: Pick<LostReport, 'sources' | 'alternates' | 'done' | 'alive' | 'needsAccess'>): string {
  const shown = report.alternates.filter(measured).length;
  if (report.done) {
    if (shown > 0) return `Done: ${plural(shown, 'copy', 'copies')} found.`;
    if (report.needsAccess) return 'Stopped: Resemble needs access to sites to look for copies.';
    return report.alive ? 'Done: no copy found elsewhere.' : 'Done: no copy of this page was found.';
  }
  const total = report.sources.length;
  const finished = report.sources.filter((s) => s.state === 'done' || s.state === 'skipped' || s.state === 'failed').length;
  const sofar = shown > 0 ? `; ${plural(shown, 'copy', 'copies')} so far` : '';
  return total > 0 ? `Looking for copies: ${finished} of ${total} sources done${sofar}…` : 'Looking for copies…';
}

const lowerFirst = (t: string) => t.charAt(0).toLowerCase() + t.slice(1);

/** A finished search without alternates, said plainly (and why it may have missed some). */
export function noCopyText(report: Pick<LostReport, 'sources' | 'alive' | 'hasSketch'>): string {
  const base = report.alive ? 'No copy was found elsewhere.' : 'No copy of this page was found.';
  const missed = report.sources.filter((s) => s.state === 'skipped' || s.state === 'failed').map((s) => lowerFirst(sourceName(s.source, report.hasSketch)));
  return missed.length > 0 ? `${base} Not searched: ${missed.join('; ')}.` : base;
}

/** The query lost and found is opened with: `getURL('/lost.html') + lostQuery(url)`. */
export function lostQuery(url: string): string {
  return `?url=${encodeURIComponent(url)}`;
}

/** Why nothing could be checked without access to sites, and what granting it allows. */
export const NEEDS_ACCESS_TEXT =
  'To find a copy, Resemble fetches this address and each candidate page itself (without cookies) and measures how alike they are. It needs your permission to read sites for that; it is the same access page checking uses.';
