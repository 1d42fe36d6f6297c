/**
 * page-support/i18n (t, plural, numbers) and the words built on it: in English the results page and
 * the popup say exactly what lib/group/describe says (the CLI's wording and the e2e tests' reference);
 * in other languages the plural forms and number formats are the language's own.
 */
import { afterEach, describe, expect, it } from 'vitest';
import * as lib from '../../lib/group/describe';
import type { PageReason } from '../../lib/group/pages';
import * as ui from '../../page-support/describe-words';
import { languageOf, num, pct, plural, t } from '../../page-support/i18n';
import { countsText } from '../../entrypoints/popup/summary';
import { fileSource, readLocale, useLocale } from './helpers/i18n';

afterEach(() => useLocale('en'));

const REASONS: PageReason[] = [
  { kind: 'same-page', url: 'https://example.org/a' },
  { kind: 'same-text', how: 'canonical' },
  { kind: 'same-text', how: 'lexical' },
  { kind: 'snippet', resemblance: 0.873 },
  { kind: 'page', resemblance: 0.996 },
  { kind: 'excerpt', containment: 0.91, resemblance: 0.42 },
  { kind: 'contains', containment: 0.004, resemblance: 0.3 },
];

describe('English through i18n says what lib/group/describe says', () => {
  it('labels, details, the representative note and the copies count', () => {
    for (const r of REASONS) {
      expect(ui.reasonLabel(r, 3), r.kind).toBe(lib.reasonLabel(r, 3));
      expect(ui.reasonDetail(r, 3), r.kind).toBe(lib.reasonDetail(r, 3));
    }
    const members = [
      { rank: 4, reason: REASONS[5] },
      { rank: 7, reason: REASONS[6] },
      { rank: 9, reason: REASONS[5] },
    ];
    expect(ui.representativeNote(members)).toEqual(lib.representativeNote(members));
    expect(ui.representativeNote([{ rank: 2, reason: REASONS[3] }])).toBeUndefined();
    for (const n of [0, 1, 2, 11]) expect(ui.copiesLabel(n)).toBe(lib.copiesLabel(n));
    for (const r of [0, 0.001, 0.5, 0.873, 0.996, 1]) expect(pct(r)).toBe(lib.percent(r));
  });
});

describe('other languages', () => {
  it('German: plural forms for 1 and 5, numbers and percentages as Germans write them', () => {
    useLocale('de');
    expect(countsText(1, [])).toBe('1 Ergebnis · 0 Gruppen · 0 Beinahe-Kopien');
    expect(plural('groups', 1)).toBe('1 Gruppe');
    expect(plural('groups', 5)).toBe('5 Gruppen');
    expect(num(1234.5)).toBe('1.234,5');
    expect(pct(0.873)).toBe('87\u00a0%');
    expect(ui.reasonLabel(REASONS[3], 1)).toBe('Beinahe-Kopie von #1, 87\u00a0% ähnlich');
  });

  it('Russian: one, few, many by the last digits (1, 3, 5, 21, 22, 25, 11)', () => {
    useLocale('ru');
    const de = readLocale('ru');
    const want = (form: string, n: number) => de[`groups_${form}`].message.replace('$1', String(n));
    expect([1, 3, 5, 21, 22, 25, 11].map((n) => plural('groups', n))).toEqual([
      want('one', 1),
      want('few', 3),
      want('many', 5),
      want('one', 21),
      want('few', 22),
      want('many', 25),
      want('many', 11),
    ]);
  });

  it('Japanese and Chinese: one form for every count', () => {
    for (const l of ['ja', 'zh_CN']) {
      useLocale(l);
      const other = readLocale(l).groups_other.message;
      expect(plural('groups', 1)).toBe(other.replace('$1', '1'));
      expect(plural('groups', 5)).toBe(other.replace('$1', '5'));
    }
  });

  it('fills substitutions as browsers do: numbered ones, formatted numbers', () => {
    useLocale('fr');
    expect(t('popup_checking', 1200, 3000)).toBe(fileSource('fr').getMessage('popup_checking', [num(1200), num(3000)]));
    expect(t('popup_checking', 1200, 3000)).toMatch(/^Vérification des pages : 1\s200 sur 3\s000$/u);
  });

  it('an unknown key is loud: the test source throws rather than show an empty label', () => {
    expect(() => t('no_such_key' as never)).toThrow(/no_such_key/);
  });
});

describe('languageOf', () => {
  it("keeps the UI language when the messages are in it, else the messages file's language", () => {
    expect(languageOf('en', 'en-GB')).toBe('en-GB');
    expect(languageOf('de', 'de-AT')).toBe('de-AT');
    expect(languageOf('en', 'it')).toBe('en');
    expect(languageOf('de', 'en-US')).toBe('de');
    expect(languageOf('', 'fr')).toBe('fr');
  });
});
