import type { PageReason } from '../lib/group/pages';
import type { Alternate } from '../lib/lost/report';
import { domainOf } from '../lib/url/host';
import { ago, date, num, pct, plural, t } from '../shared/i18n';

/**
 * The words a group's members carry, in the UI language: the results page, the popup and the options
 * preview say them (lib keeps only the data: the reasons' kinds and measures). test/unit/i18n-words.test.ts
 * pins the English.
 */

const two = (r: number) => num(r, { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** The short label a copy carries: "near-copy of #1, 87% alike" or "same page as #1". */
export function reasonLabel(reason: PageReason, representative: number): string {
  const n = String(representative);
  switch (reason.kind) {
    case 'same-page':
      return t('reason_samePage', n);
    case 'same-text':
      return reason.how === 'canonical' ? t('reason_samePage', n) : t('reason_sameText', n);
    case 'snippet':
    case 'page':
      return t('reason_nearCopy', n, pct(reason.resemblance));
    case 'excerpt':
      return t('reason_excerptOf', n);
    case 'contains':
      return t('reason_contains', n);
  }
}

/** The longer account shown on hover or focus. */
export function reasonDetail(reason: PageReason, representative: number): string {
  const n = String(representative);
  switch (reason.kind) {
    case 'same-page':
      return t('reason_samePage_detail', n, reason.url);
    case 'same-text':
      return reason.how === 'canonical' ? t('reason_sameCanonical_detail', n) : t('reason_sameText_detail', n);
    case 'snippet':
      return t('reason_snippet_detail', n, pct(reason.resemblance), two(reason.resemblance));
    case 'page':
      return t('reason_page_detail', n, pct(reason.resemblance), two(reason.resemblance));
    case 'excerpt':
      return t('reason_excerpt_detail', n, pct(reason.containment), two(reason.containment), two(reason.resemblance));
    case 'contains':
      return t('reason_contains_detail', n, pct(reason.containment), two(reason.containment), two(reason.resemblance));
  }
}

/** The representative's side of containment: "contains #4", "excerpt of #7", both joined. */
export function representativeNote(members: readonly { rank: number; reason: PageReason }[]): { label: string; detail: string } | undefined {
  const contains = members.filter((m) => m.reason.kind === 'excerpt');
  const within = members.filter((m) => m.reason.kind === 'contains');
  if (!contains.length && !within.length) return undefined;
  const ranks = (ms: typeof members) => ms.map((m) => `#${m.rank}`).join(', ');
  const label = [contains.length ? t('reason_repContains', ranks(contains)) : '', within.length ? t('reason_repExcerptOf', ranks(within)) : '']
    .filter(Boolean)
    .join('; ');
  const c = (m: (typeof members)[number]) => {
    const v = (m.reason as { containment?: unknown }).containment;
    return typeof v === 'number' && Number.isFinite(v) ? v : 0;
  };
  const detail = [
    ...contains.map((m) => t('reason_repContains_detail', String(m.rank), pct(c(m)), two(c(m)))),
    ...within.map((m) => t('reason_repExcerptOf_detail', String(m.rank), pct(c(m)), two(c(m)))),
  ].join('\n');
  return { label, detail: `${detail}\n${t('reason_evidencePages')}` };
}

/** "2 near-copies" / "1 near-copy". */
export function copiesLabel(n: number): string {
  return plural('nearCopies', n);
}

const SOURCE_KEYS = {
  group: 'liveCopy_source_group',
  store: 'liveCopy_source_store',
  search: 'liveCopy_source_search',
  archive: 'liveCopy_source_archive',
} as const;

/** A day as a label says it: "Nov 3" (the year too when it is not this one). */
function day(ms: number, now = Date.now()): string {
  const sameYear = new Date(ms).getFullYear() === new Date(now).getFullYear();
  return date(ms, sameYear ? { month: 'short', day: 'numeric' } : { dateStyle: 'medium' });
}

/** On a card of another vertical that is the same page as a result (issue #41): "same as #1". */
export const sameAsLabel = (rank: number): string => t('page_sameAs_label', String(rank));
export const sameAsTip = (rank: number): string => t('page_sameAs_tip', String(rank));

/** A changed result's label (issue #40): "changed since Nov 3: 64% alike". */
export const changedLabel = (c: { resemblance: number; since: number }, now = Date.now()): string =>
  t('page_changed_label', day(c.since, now), pct(c.resemblance));

/** Its tip: what was compared, and when. */
export const changedTip = (c: { resemblance: number; since: number }): string => t('page_changed_tip', date(c.since), pct(c.resemblance));

/** A stale copy's label: "stale copy: holds the version of Nov 3". */
export const staleLabel = (s: { since: number }, now = Date.now()): string => t('page_stale_label', day(s.since, now));

/** Its tip: whose version it holds. */
export const staleTip = (s: { of: number; since: number }): string => t('page_stale_tip', String(s.of), date(s.since));

/** Beside "dead link": "live copy: example.org (93% alike)", or for a result never seen alive "live copy: example.org, holds the snippet". */
export function liveCopyLabel(a: Alternate): string {
  if (a.basis === 'snippet') return t('liveCopy_label_snippet', domainOf(a.url));
  return t('liveCopy_label', domainOf(a.url), pct(a.resemblance));
}

/** The live copy's tooltip: the measure, what it compares, the source and when it was checked. */
export function liveCopyDetail(a: Alternate, now = Date.now()): string {
  const basis = a.basis === 'page' ? t('liveCopy_basis_page') : t('liveCopy_basis_title');
  const source = t(SOURCE_KEYS[a.source] ?? 'liveCopy_source_search');
  // A result never seen alive (issue #28): what it holds is the engine's snippet, not a measured page.
  const body =
    a.basis === 'snippet'
      ? t('liveCopy_detail_snippet', pct(a.containment), pct(a.resemblance), source, ago(a.checkedAt, now))
      : t('liveCopy_detail', two(a.resemblance), basis, pct(a.containment), source, ago(a.checkedAt, now));
  return `${a.title ? `${a.title}\n` : ''}${a.url}\n${body}`;
}
