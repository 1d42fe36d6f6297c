import type { MarkFacts, SiteMark } from '../lib/copycat/marks';
import type { BadLine, BadLineCode, ListErrorCode } from '../lib/copycat/ruleset';
import { MAX_LIST_BYTES } from '../lib/limits';
import { type MessageKey, date, num, pct, plural, t, tOf } from '../shared/i18n';

/** lib's siteLabel in the UI language: "copycat site: 5 pages copied from so.example, …". */
export function siteLabelWords(f: Pick<MarkFacts, 'flagged' | 'originals' | 'fromSites' | 'listedIn'>): string {
  if (f.flagged === 'marked') return t('page_copycat_marked');
  if (f.flagged === 'listed') return t('page_copycat_listed', f.listedIn.join(', '));
  return plural('page_copycat_copied', f.originals, f.fromSites.slice(0, 2).join(', ') + (f.fromSites.length > 2 ? ', …' : ''));
}

/**
 * A copycat site's label and detail on a results page, in the browser's language. lib/copycat says them
 * in English for the CLI and the export (siteLabel, siteMarks); the table carries the facts both are
 * made of, and in English these read as lib's (test/unit/copycat-words.test.ts). A table written
 * before the facts were kept shows lib's English until the next measure rewrites it.
 */
export function copycatWords(mark: SiteMark): { label: string; detail: string } {
  const f = mark.facts;
  if (!f) return { label: mark.label, detail: mark.detail };
  const lists = f.listedIn.join(', ');
  const label = siteLabelWords(f);
  const ground =
    f.flagged === 'marked'
      ? t('page_copycat_ground_marked')
      : f.flagged === 'listed'
        ? t('page_copycat_ground_listed', lists)
        : t('page_copycat_ground_evidence');
  const lines = f.pairs.map((p) => t('page_copycat_pair', p.copy, p.original, pct(p.resemblance), pct(p.copyInOriginal), date(p.lastAt)));
  if (f.more > 0) lines.push(plural('page_copycat_more', f.more));
  return { label, detail: [ground, ...lines].join('\n') };
}

const BAD_LINE_KEYS = {
  unblock: 'options_import_bad_unblock',
  regex: 'options_import_bad_regex',
  condition: 'options_import_bad_condition',
  path: 'options_import_bad_path',
  'not-pattern': 'options_import_bad_notPattern',
  wildcard: 'options_import_bad_wildcard',
  'not-site': 'options_import_bad_notSite',
  'too-long': 'options_import_bad_tooLong',
} as const satisfies Record<BadLineCode, MessageKey>;

/** Why an imported line was skipped, in the UI language; lib's English for a code this page does not know. */
export function badLineWords(b: Pick<BadLine, 'code' | 'reason'>): string {
  return tOf(BAD_LINE_KEYS, b.code) ?? b.reason;
}

/** Why a picked file was not imported at all: "notes.txt: no line names a site (2 unusable)". */
export function listErrorWords(fileName: string, r: { code?: ListErrorCode; error: string; unusable?: number; bad: readonly unknown[] }): string {
  switch (r.code) {
    case 'too-large':
      return t('options_import_tooLarge', fileName, num(MAX_LIST_BYTES / 1e6));
    case 'binary':
      return `${fileName}: ${t('options_import_err_binary')}`;
    case 'front-matter':
      return `${fileName}: ${t('options_import_err_frontMatter')}`;
    case 'no-rules':
      return `${fileName}: ${t('options_import_err_noRules')}`;
    case 'no-site':
      return `${fileName}: ${plural('options_import_err_noSite', r.unusable ?? r.bad.length)}`;
    default:
      return `${fileName}: ${r.error}`;
  }
}
