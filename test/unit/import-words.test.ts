/**
 * An imported list's problems in the UI language (words/copycat): in English exactly
 * lib/copycat/ruleset's words (the CLI's, and what the e2e test reads), in German and Russian their own.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { BAD_LINE_REASONS, type BadLineCode, parseSiteList } from '../../lib/copycat/ruleset';
import { badLineWords, listErrorWords } from '../../words/copycat';
import { useLocale } from './helpers/i18n';

afterEach(() => useLocale('en'));

const CODES = Object.keys(BAD_LINE_REASONS) as BadLineCode[];
const FILES = ['\u0000', '---\nname: x\n', '# only a comment\n', '/re/\n@@||a.example^\n', '/re/\n'];

function failures() {
  return FILES.map((text) => {
    const r = parseSiteList(text);
    if (r.ok) throw new Error(`parsed: ${JSON.stringify(text)}`);
    return { ...r, unusable: r.bad.length };
  });
}

describe('import words', () => {
  it('say in English what lib says, for every bad line and every failed file', () => {
    for (const code of CODES) expect(badLineWords({ code, reason: 'x' })).toBe(BAD_LINE_REASONS[code]);
    for (const r of failures()) expect(listErrorWords('f.txt', r)).toBe(`f.txt: ${r.error}`);
    expect(failures().map((r) => r.code)).toEqual(['binary', 'front-matter', 'no-rules', 'no-site', 'no-site']);
  });

  it('say them in German, every one its own words', () => {
    useLocale('de');
    const words = CODES.map((code) => badLineWords({ code, reason: 'x' }));
    expect(new Set(words).size).toBe(CODES.length);
    for (const [i, w] of words.entries()) expect(w).not.toBe(BAD_LINE_REASONS[CODES[i]]);
    expect(badLineWords({ code: 'path', reason: 'x' })).toContain('Pfad');
    expect(listErrorWords('f.txt', failures()[3])).toBe('f.txt: keine Zeile nennt eine Website (2 unbrauchbar)');
    expect(listErrorWords('f.txt', { code: 'too-large', error: '', bad: [] })).toMatch(/^f\.txt ist größer als \d+ MB/);
  });

  it("show lib's English for a code a newer background sends", () => {
    useLocale('ru');
    expect(badLineWords({ code: 'later' as BadLineCode, reason: 'a reason from later' })).toBe('a reason from later');
    expect(listErrorWords('f.txt', { error: 'something new', bad: [] })).toBe('f.txt: something new');
    expect(listErrorWords('f.txt', { code: 'no-site', error: '', bad: [], unusable: 3 })).toContain('3');
  });
});
