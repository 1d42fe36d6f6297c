import type { MarkFacts, SiteMark } from '../lib/copycat/copycat';
import { date, pct, plural, t } from './i18n';

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
  const ground = f.flagged === 'marked' ? t('page_copycat_ground_marked') : f.flagged === 'listed' ? t('page_copycat_ground_listed', lists) : t('page_copycat_ground_evidence');
  const lines = f.pairs.map((p) => t('page_copycat_pair', p.copy, p.original, pct(p.resemblance), pct(p.copyInOriginal), date(p.lastAt)));
  if (f.more > 0) lines.push(plural('page_copycat_more', f.more));
  return { label, detail: [ground, ...lines].join('\n') };
}
