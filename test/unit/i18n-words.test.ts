/**
 * shared/i18n (t, plural, numbers) and the words built on it: in English the results page and
 * the popup say the sentences pinned here (lib keeps no words, only the reasons' kinds and measures);
 * in other languages the plural forms and number formats are the language's own.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { wholePercent } from '../../lib/group/describe';
import type { PageReason } from '../../lib/group/pages';
import * as ui from '../../words/groups';
import { languageOf, num, pct, plural, t } from '../../shared/i18n';
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

/** Each reason's label and detail in English, as the CLI-era lib/group/describe said them (issue #29 moved the words out of lib). */
const ENGLISH: [string, string][] = [
  [
    'same page as #3',
    'Same page as result #3: both addresses lead to https://example.org/a once tracking parameters, www/m/AMP variants, trailing slashes and fragments are set aside.',
  ],
  ['same page as #3', 'Same page as result #3: both pages name the same canonical address. Evidence: the pages.'],
  ['same text as #3', "Same text as result #3: the two pages' main texts are word for word the same (lexically equivalent). Evidence: the pages."],
  [
    'near-copy of #3, 87% alike',
    'Title and snippet are 87% alike with result #3 (resemblance 0.87 of word pairs, boilerplate left out). Evidence: snippets only.',
  ],
  ['near-copy of #3, 99% alike', "The pages' main texts are 99% alike with result #3 (resemblance 1.00 of 5-word shingles). Evidence: the pages."],
  ['excerpt of #3', "91% of this page's text is inside result #3's page (containment 0.91; resemblance 0.42). Evidence: the pages."],
  ['contains #3', "1% of result #3's page is inside this page (containment 0.00; resemblance 0.30). Evidence: the pages."],
];

describe('English through i18n', () => {
  it('labels, details, the representative note and the copies count', () => {
    expect(REASONS.map((r) => [ui.reasonLabel(r, 3), ui.reasonDetail(r, 3)])).toEqual(ENGLISH);
    const members = [
      { rank: 4, reason: REASONS[5] },
      { rank: 7, reason: REASONS[6] },
      { rank: 9, reason: REASONS[5] },
    ];
    expect(ui.representativeNote(members)).toEqual({
      label: 'contains #4, #9; excerpt of #7',
      detail:
        "91% of result #4's text is inside this page (containment 0.91).\n91% of result #9's text is inside this page (containment 0.91).\n1% of this page's text is inside result #7's page (containment 0.00).\nEvidence: the pages.",
    });
    expect(ui.representativeNote([{ rank: 2, reason: REASONS[3] }])).toBeUndefined();
    expect([0, 1, 2, 11].map(ui.copiesLabel)).toEqual(['0 near-copies', '1 near-copy', '2 near-copies', '11 near-copies']);
  });

  it("percentages are lib's whole percent: never 100% below 1, never 0% above 0", () => {
    const rs = [0, 0.001, 0.5, 0.873, 0.996, 1];
    expect(rs.map(wholePercent)).toEqual([0, 1, 50, 87, 99, 100]);
    expect(rs.map(pct)).toEqual(['0%', '1%', '50%', '87%', '99%', '100%']);
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
