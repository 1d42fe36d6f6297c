/**
 * Issue #28: a live copy verified by a result's snippet (basis 'snippet') is said as such wherever
 * alternates are shown (the results page's label and tooltip, the popup's order, lost and found's
 * measures), in every locale, and the page's message shape accepts it.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { checkPageGroups } from '../../lib/tab/page-groups';
import type { Alternate } from '../../lib/lost/report';
import { liveCopyDetail, liveCopyLabel } from '../../words/groups';
import { measuresText } from '../../words/lost';
import { mergeAlternates } from '../../entrypoints/popup/alternates';
import { localeNames, readLocale, useLocale } from './helpers/i18n';

afterEach(() => useLocale('en'));

const alt = (over: Partial<Alternate> = {}): Alternate => ({
  url: 'https://papa.example/essay',
  title: 'An essay',
  source: 'group',
  resemblance: 0.5,
  containment: 0.95,
  checkedAt: 1_000_000,
  basis: 'snippet',
  ...over,
});

describe('a copy that holds the snippet', () => {
  it('is labelled "holds the snippet" on the page, with what it holds on hover', () => {
    expect(liveCopyLabel(alt())).toBe('live copy: papa.example, holds the snippet');
    expect(liveCopyDetail(alt(), 1_000_000)).toContain('It holds 95% of the snippet the search engine showed for the dead result');
    expect(measuresText(alt())).toBe("holds 95% of the result's snippet · titles 50% alike");
  });

  it('has its words in every locale, each filled in', () => {
    for (const loc of localeNames()) {
      const m = readLocale(loc);
      for (const k of ['liveCopy_label_snippet', 'liveCopy_detail_snippet', 'popup_alt_holdsSnippet', 'lost_measures_snippet'])
        expect(m[k]?.message, `${loc} ${k}`).toBeTruthy();
      useLocale(loc);
      expect(liveCopyLabel(alt()), loc).toContain('papa.example');
      expect(liveCopyDetail(alt(), 1_000_000), loc).not.toMatch(/\$\d|undefined|NaN/);
    }
  });

  it('passes the page’s message shape, and ranks below a copy measured against a full sketch in the popup', () => {
    const view = { mode: 'collapse', threshold: 0.5, groups: [], dead: [{ rank: 5, kind: 'gone', alternates: [alt()] }] };
    expect(checkPageGroups(view)?.dead?.[0].alternates?.[0].basis).toBe('snippet');
    const merged = mergeAlternates([
      alt({ resemblance: 1 }),
      alt({ url: 'https://page.example/', basis: 'page', resemblance: 0.6 }),
      alt({ url: 'https://t.example/', basis: 'title', resemblance: 1 }),
    ]);
    expect(merged.map((a) => a.basis)).toEqual(['page', 'snippet', 'title']);
  });
});
