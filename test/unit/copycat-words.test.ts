/**
 * A copycat site's label and detail on a results page (words/copycat): in English what
 * lib/copycat says (the CLI's and the export's words), in other languages the language's own, from
 * the facts the table keeps; a table read back from storage keeps them, and one without them shows lib's text.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { type Evidence, evidenceOf } from '../../lib/copycat/evidence';
import { type Overrides, judgeSites } from '../../lib/copycat/copycat';
import { siteMarks } from '../../lib/copycat/marks';
import { COPYCAT_SITES_KEY, readTable } from '../../lib/copycat/table';
import { packSites } from '../../lib/copycat/listed';
import { listedMark } from '../../lib/copycat/marks';
import { copycatWords } from '../../words/copycat';
import { useLocale } from './helpers/i18n';

afterEach(() => useLocale('en'));

const RULE = { minOriginals: 3, minSites: 2 };
const T = { resemblance: 0.5, containment: 0.8 };
const ev = (copy: string, original: string, at: number): Evidence =>
  evidenceOf(
    { a: { url: original, title: 'o', rank: 1 }, b: { url: copy, title: 'c', rank: 2 }, resemblance: 0.9, aInB: 0.95, bInA: 0.95 },
    T,
    at,
    `serp:google:q${at % 2}`,
  )!;
const many = [1, 2, 3, 4, 5, 6, 7].map((i) => ev(`https://cc.example/${i}`, `https://${i % 3 ? 'so' : 'mdn'}.example/p${i}`, 1_700_000_000_000 + i));
const marks = (o: Overrides, lists: { name: string; sites: string[]; at: number }[] = []) =>
  siteMarks(
    judgeSites(
      many,
      o,
      lists.map((l) => ({ ...l, ...packSites(l.sites) })),
      RULE,
    ),
    many,
  );
const NONE: Overrides = { notCopycat: [], marked: [] };

describe('copycat words', () => {
  it('say in English what lib says: the label, the ground, each pair and the rest', () => {
    for (const m of [marks(NONE)['cc.example'], marks({ notCopycat: [], marked: ['x.example'] })['x.example'], listedMark('q.example', ['clones'])]) {
      const w = copycatWords(m);
      expect(w.label).toBe(m.label);
      const [ground, ...lines] = w.detail.split('\n');
      const [libGround, ...libLines] = m.detail.split('\n');
      expect(ground).toBe(libGround);
      expect(lines).toHaveLength(libLines.length);
      // The date is the language's (Intl), lib's is ISO: the words before it are the same.
      lines.forEach((l, i) => expect(l.replace(/ \([^)]*\)$/, '')).toBe(libLines[i].replace(/ \([^)]*\)$/, '')));
    }
    expect(copycatWords(marks(NONE)['cc.example']).detail).toContain('… and 2 more');
  });

  it('follow the language: German and Russian plurals, Japanese word order', () => {
    const m = marks(NONE)['cc.example'];
    useLocale('de');
    expect(copycatWords(m).label).toBe('Nachahmer-Website: 7 Seiten kopiert von so.example, mdn.example');
    useLocale('ru');
    expect(copycatWords(m).label).toBe('сайт-копировщик: 7 страниц скопировано с so.example, mdn.example');
    expect(copycatWords(m).detail).toMatch(/^https:\/\/cc\.example\/7 копирует https:\/\/so\.example\/p7: сходство 90\s%/mu);
    useLocale('ja');
    expect(copycatWords(m).label).toBe('コピーサイト: so.example, mdn.example から 7 ページをコピー');
  });

  it("survive the table read back from storage; a table without facts shows lib's English", () => {
    const table = readTable({ [COPYCAT_SITES_KEY]: JSON.parse(JSON.stringify(marks(NONE))) });
    expect(table['cc.example'].facts?.pairs).toHaveLength(5);
    useLocale('de');
    expect(copycatWords(table['cc.example']).label).toContain('Nachahmer-Website');
    const bare = readTable({ [COPYCAT_SITES_KEY]: { 'cc.example': { label: 'copycat site: x', detail: 'd' } } });
    expect(copycatWords(bare['cc.example'])).toEqual({ label: 'copycat site: x', detail: 'd' });
    const bad = readTable({ [COPYCAT_SITES_KEY]: { 'cc.example': { label: 'l', detail: 'd', facts: { flagged: 'evil' } } } });
    expect(bad).toEqual({});
  });
});
