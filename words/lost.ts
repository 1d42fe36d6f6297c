import { kindFromNetError } from '../lib/fetch/net-error';
import { LOST_NOTES, type LostNote, archiveFailureOf, engineNamesOf } from '../lib/lost/notes';
import type { Alternate, AlternateSource, LostReport } from '../lib/lost/report';
import { type MessageKey, pct, plural, t, tOf, uiLanguage } from '../shared/i18n';

/**
 * The words of lost and found (issue #7), in the UI language (docs/i18n.md): pure functions shared by
 * the lost-and-found page and the popup's offer. Every argument may come from a page or a newer
 * background, so anything unexpected still yields a readable sentence (never "undefined" or "NaN").
 */

/** The address lost and found was opened for: `?url=` of the page's own location, http(s) only. */
export type LostTarget = { ok: true; url: string } | { ok: false; error: string };

export function parseLostTarget(search: string): LostTarget {
  const raw = new URLSearchParams(search).get('url')?.trim();
  if (!raw) return { ok: false, error: t('lost_target_none') };
  let u: URL;
  try {
    u = new URL(raw);
  } catch {
    return { ok: false, error: t('lost_target_invalid') };
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') return { ok: false, error: t('lost_target_notWeb') };
  return { ok: true, url: u.href };
}

const STATUS_KEYS = {
  ok: 'lost_status_ok',
  cached: 'lost_status_cached',
  gone: 'lost_status_gone',
  http: 'lost_status_http',
  dns: 'lost_status_dns',
  tls: 'lost_status_tls',
  connection: 'lost_status_connection',
  timeout: 'lost_status_timeout',
  soft404: 'lost_status_soft404',
  'too-large': 'lost_status_tooLarge',
  'wrong-type': 'lost_status_wrongType',
  redirect: 'lost_status_redirect',
  blocked: 'lost_status_blocked',
  cancelled: 'lost_status_cancelled',
  network: 'lost_status_network',
  unreadable: 'lost_status_unreadable',
} as const satisfies Record<string, MessageKey>;

/** A status key in one spelling: 'soft-404', 'Soft_404' and 'soft404' are one thing. */
function statusKey(status: string): string {
  const s = status.trim().toLowerCase();
  return /^soft[-_ ]?404$/.test(s) ? 'soft404' : s;
}

const httpCode = (key: string) => /^http[-_ ]?(\d{3})$/.exec(key)?.[1];
const goneCode = (code: string) => code === '404' || code === '410';

/**
 * A page check's status in words: the failure kinds of lib/fetch ('gone', 'dns'…), the store's
 * 'http-404' form, 'soft404', or a browser's network error ("net::ERR_NAME_NOT_RESOLVED").
 */
export function statusWords(status: string | undefined): string {
  if (status === undefined || status.trim() === '') return t('lost_status_none');
  return knownStatusWords(status) ?? t('lost_status_said', status.trim().slice(0, 80));
}

function knownStatusWords(status: string): string | undefined {
  const key = statusKey(status);
  const known = tOf(STATUS_KEYS, key);
  if (known) return known;
  const code = httpCode(key);
  // The code as a string: a number would be formatted ("1.234" style), a status code never is.
  if (code) return t(goneCode(code) ? 'lost_status_httpGone' : 'lost_status_httpCode', code);
  const net = kindFromNetError(status);
  return net ? t(STATUS_KEYS[net as keyof typeof STATUS_KEYS] ?? 'lost_status_network') : undefined;
}

/**
 * Why the tab's page did not load (TabState.deadPage.reason): a status key is put in words, and a
 * reason the background already wrote in words is shown as it is.
 */
export function reasonWords(reason: string | undefined): string {
  const r = (reason ?? '').trim();
  if (!r) return t('lost_reason_none');
  return knownStatusWords(r) ?? r.slice(0, 200);
}

const SHORT_KEYS = {
  gone: 'lost_short_gone',
  dns: 'lost_short_dns',
  connection: 'lost_short_connection',
  timeout: 'lost_short_timeout',
  tls: 'lost_short_tls',
  soft404: 'lost_short_soft404',
} as const satisfies Record<string, MessageKey>;

/** A dead result's kind, short enough for a list line: "gone (404/410)", "name no longer resolves". */
export function deadKindShort(kind: string): string {
  const key = statusKey(kind);
  const known = tOf(SHORT_KEYS, key);
  if (known) return known;
  const code = httpCode(key);
  if (code) return t(goneCode(code) ? 'lost_short_httpGone' : 'lost_short_httpCode', code);
  const net = kindFromNetError(kind);
  return tOf(SHORT_KEYS, net) ?? t('lost_short_notLoaded');
}

/** A source as a heading of the sources list, and (lowercase in English) inside "Not searched: …". */
const SOURCE_NAME_KEYS = {
  group: ['lost_sourceName_group', 'lost_missed_group'],
  store: ['lost_sourceName_store', 'lost_missed_store'],
  search: ['lost_sourceName_search', 'lost_missed_search'],
  archive: ['lost_sourceName_archive', 'lost_missed_archive'],
  searchTitle: ['lost_sourceName_searchTitle', 'lost_missed_searchTitle'],
} as const satisfies Record<string, readonly [MessageKey, MessageKey]>;

function sourceNameKeys(source: AlternateSource | string, hasSketch: boolean) {
  if (source === 'search' && !hasSketch) return SOURCE_NAME_KEYS.searchTitle;
  return Object.hasOwn(SOURCE_NAME_KEYS, source) && source !== 'searchTitle' ? SOURCE_NAME_KEYS[source as AlternateSource] : undefined;
}

/** A source as a heading of the sources list. Without a sketch the search is by the page's title. */
export function sourceName(source: AlternateSource | string, hasSketch = true): string {
  const keys = sourceNameKeys(source, hasSketch);
  return keys ? t(keys[0]) : String(source);
}

/** Where an alternate came from, in words for its line: "in its group on the results page"… */
export function sourceWords(a: Pick<Alternate, 'source' | 'archivedAt'>, hasSketch = true, locale?: string): string {
  switch (a.source) {
    case 'group':
      return t('lost_from_group');
    case 'store':
      return t('lost_from_store');
    case 'search':
      return hasSketch ? t('lost_from_search') : t('lost_from_searchTitle');
    case 'archive':
      return isTime(a.archivedAt) ? t('lost_from_archiveDated', formatDate(a.archivedAt, locale)) : t('lost_from_archive');
    default:
      return t('lost_from_unknown', String(a.source));
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

const NOTE_KEYS = {
  alive: 'lost_note_alive',
  noAccess: 'lost_note_noAccess',
  noGroup: 'lost_note_noGroup',
  noSketch: 'lost_note_noSketch',
  nothingToSearch: 'lost_note_nothingToSearch',
  noEngine: 'lost_note_noEngine',
  archiveOff: 'lost_note_archiveOff',
  archiveNone: 'lost_note_archiveNone',
} as const satisfies Record<LostNote, MessageKey>;
const NOTE_BY_TEXT = new Map<string, MessageKey>(Object.entries(LOST_NOTES).map(([code, text]) => [text, NOTE_KEYS[code as LostNote]]));

/**
 * A source's note (lib/lost/notes.ts) in the UI language. lib writes it in English; a note of its fixed
 * set gets the UI's words, anything else (an error's message, a newer background's note) is shown as is.
 */
export function noteWords(note: string): string {
  const key = NOTE_BY_TEXT.get(note);
  if (key) return t(key);
  const engines = engineNamesOf(note);
  // Engine names are names: the same in every language; only "then" between them is translated.
  if (engines)
    return t(
      'lost_note_asked',
      engines.reduce((list, name) => t('lost_note_askedThen', list, name)),
    );
  const why = archiveFailureOf(note);
  return why !== undefined ? t('lost_note_archiveFailed', why) : note;
}

/** "Its group on the results page: 2 candidates" (the colon is the language's: " : " in French). */
export const sourceLine = (name: string, state: string): string => t('lost_sourceLine', name, state);

const NAME = '\uE000';
const STATE = '\uE001';

/**
 * The same line cut around its two parts, for a list that sets each in its own element: private-use
 * characters stand in for them (getMessage drops U+0000). Either order works.
 */
export function sourceLineParts(): { before: string; between: string; after: string; nameFirst: boolean } {
  const line = sourceLine(NAME, STATE);
  const nameFirst = line.indexOf(NAME) <= line.indexOf(STATE);
  const [before, rest] = line.split(nameFirst ? NAME : STATE);
  const [between, after] = (rest ?? '').split(nameFirst ? STATE : NAME);
  return { before, between: between ?? '', after: after ?? '', nameFirst };
}

/** A source's state in words: "waiting", "searching…", "3 candidates", "skipped: archive lookups are off", "failed: …". */
export function sourceStateText(s: SourceState, archiveLookups?: boolean): string {
  const note = s.note?.trim();
  const n = typeof s.candidates === 'number' && Number.isFinite(s.candidates) && s.candidates >= 0 ? Math.round(s.candidates) : undefined;
  switch (s.state) {
    case 'pending':
      return t('lost_state_pending');
    case 'running':
      return n !== undefined && n > 0 ? plural('lost_state_runningFound', n) : t('lost_state_running');
    case 'done': {
      const found = n === undefined ? t('lost_state_done') : n === 0 ? t('lost_state_noCandidates') : plural('lost_candidates', n);
      return note ? t('lost_state_withNote', found, noteWords(note)) : found;
    }
    case 'skipped':
      if (archiveOff(s, archiveLookups)) return t('lost_state_archiveOff');
      return note ? t('lost_state_skipped', noteWords(note)) : t('lost_state_skippedBare');
    case 'failed':
      return note ? t('lost_state_failed', noteWords(note)) : t('lost_state_failedBare');
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
  if (!isFraction(a.resemblance)) return t('lost_measures_none');
  if (a.basis === 'title') return t('lost_measures_titles', pct(a.resemblance));
  if (a.basis === 'snippet') return t('lost_measures_snippet', pct(isFraction(a.containment) ? a.containment : 0), pct(a.resemblance));
  return isFraction(a.containment) ? t('lost_measures_both', pct(a.resemblance), pct(a.containment)) : t('lost_measures_alike', pct(a.resemblance));
}

/** The label a title-only comparison always carries: it is weaker evidence than a page comparison. */
export const titleBasisLabel = (): string => t('lost_titleBasis');

/** "3 Mar 2024" in the UI language (a fixed one in tests); an unusable time says so. */
export function formatDate(ms: number | undefined, locale?: string): string {
  if (!isTime(ms)) return t('lost_date_unknown');
  return new Intl.DateTimeFormat(locale ?? uiLanguage(), { dateStyle: 'medium' }).format(new Date(ms));
}

/** "3 Mar 2024, 14:05": for checks, where the hour can matter. */
export function formatDateTime(ms: number | undefined, locale?: string): string {
  if (!isTime(ms)) return t('lost_time_unknown');
  return new Intl.DateTimeFormat(locale ?? uiLanguage(), { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(ms));
}

/** What the sketch line says: kept (with its size when known), or plainly that there is none. */
export function sketchText(report: Pick<LostReport, 'hasSketch' | 'known'>): string {
  if (!report.hasSketch) return t('lost_sketch_none');
  const n = report.known?.sketch?.shingles;
  return typeof n === 'number' && Number.isFinite(n) && n > 0 ? plural('lost_sketch_shingles', Math.round(n)) : t('lost_sketch_kept');
}

/** The progress line while sources are searched, and the outcome once done. */
export function progressLine(report: Pick<LostReport, 'sources' | 'alternates' | 'done' | 'alive' | 'needsAccess'>): string {
  const shown = report.alternates.filter(measured).length;
  if (report.done) {
    if (shown > 0) return plural('lost_progress_found', shown);
    if (report.needsAccess) return t('lost_progress_needsAccess');
    return report.alive ? t('lost_progress_aliveNone') : t('lost_progress_none');
  }
  const total = report.sources.length;
  const finished = report.sources.filter((s) => s.state === 'done' || s.state === 'skipped' || s.state === 'failed').length;
  if (total === 0) return t('lost_progress_start');
  return shown > 0 ? plural('lost_progress_runningFound', shown, finished, total) : t('lost_progress_running', finished, total);
}

/** A finished search without alternates, said plainly (and why it may have missed some). */
export function noCopyText(report: Pick<LostReport, 'sources' | 'alive' | 'hasSketch'>): string {
  const missed = report.sources
    .filter((s) => s.state === 'skipped' || s.state === 'failed')
    .map((s) => {
      const keys = sourceNameKeys(s.source, report.hasSketch);
      return keys ? t(keys[1]) : String(s.source);
    });
  if (!missed.length) return report.alive ? t('lost_noCopy_alive') : t('lost_noCopy');
  // Joined by a message, not a literal "; ": the separator is the language's ("、" in Japanese).
  const list = missed.reduce((all, name) => t('lost_noCopy_join', all, name));
  return report.alive ? t('lost_noCopy_aliveMissed', list) : t('lost_noCopy_missed', list);
}

/** The query lost and found is opened with: `getURL('/lost.html') + lostQuery(url)`. */
export function lostQuery(url: string): string {
  return `?url=${encodeURIComponent(url)}`;
}

/** Why nothing could be checked without access to sites, and what granting it allows. */
export const needsAccessText = (): string => t('lost_needsAccess');
