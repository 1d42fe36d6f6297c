/**
 * Issue #19's export and import: the flagged sites as a uBlacklist ruleset (github.com/iorate/ublacklist,
 * docs/ruleset-spec.md) and as a domains list, read back by the importer; imports of both formats with
 * bad lines reported (number and reason) and skipped; a file with nothing usable is an error.
 */
import { describe, expect, it } from 'vitest';
import { evidenceOf } from '../../lib/copycat/evidence';
import { judgeSites } from '../../lib/copycat/copycat';
import { RULESET_NAME, parseSiteList, toDomains, toRuleset } from '../../lib/copycat/ruleset';

const T = { resemblance: 0.5, containment: 0.8 };
const ev = (copy: string, original: string, place: string) =>
  evidenceOf(
    { a: { url: original, title: 'o', rank: 1 }, b: { url: copy, title: 'c\nline', rank: 2 }, resemblance: 0.9, aInB: 0.9, bInA: 0.9 },
    T,
    Date.UTC(2026, 10, 25),
    place,
  )!;

const evidence = [
  ev('https://cc.example/1', 'https://so.example/q1', 'serp:google:a'),
  ev('https://cc.example/2', 'https://so.example/q2', 'serp:google:b'),
  ev('https://www.cc.example/3', 'https://mdn.example/p1', 'serp:google:a'),
];
const verdicts = judgeSites(evidence, { notCopycat: [], marked: ['a.github.io'] }, [], { minOriginals: 3, minSites: 2 });
const flagged = [...verdicts.values()].filter((v) => v.flagged);

describe('export', () => {
  it('a uBlacklist ruleset: front matter name, one *://*.site/* rule per site, its evidence in # comments', () => {
    const text = toRuleset(flagged, evidence, Date.UTC(2026, 10, 25));
    const lines = text.split('\n');
    expect(lines.slice(0, 3)).toEqual(['---', `name: ${RULESET_NAME}`, '---']);
    const rules = lines.filter((l) => l && !l.startsWith('#') && l !== '---' && !l.startsWith('name:'));
    expect(rules).toEqual(['*://*.a.github.io/*', '*://*.cc.example/*']);
    // Every other line is a comment (no evidence text can break out of one).
    expect(lines.slice(3).every((l) => l === '' || l.startsWith('# ') || rules.includes(l))).toBe(true);
    expect(text).toContain('# cc.example: copycat site: 3 pages copied from so.example, mdn.example');
    expect(text).toContain('#   https://cc.example/1 copies https://so.example/q1: 90% alike, 90% of it is in the original (2026-11-25)');
  });
  it('parsed back: the same sites, the same name, nothing reported', () => {
    const back = parseSiteList(toRuleset(flagged, evidence, 0));
    expect(back).toEqual({ ok: true, name: RULESET_NAME, format: 'ublacklist', sites: ['a.github.io', 'cc.example'], bad: [] });
    expect(parseSiteList(toDomains(flagged))).toEqual({ ok: true, format: 'domains', sites: ['a.github.io', 'cc.example'], bad: [] });
  });
});

describe('import', () => {
  it('a uBlacklist ruleset: whole-site patterns kept, other rules reported with their line and skipped', () => {
    const text = [
      '# Copycat sites',
      '*://*.clone-a.example/*',
      '*://clone-b.example/*  # an inline comment',
      'https://www.clone-c.co.uk/*',
      '*://*.clone-a.example/questions/*',
      '/clone\\.(net|org)/',
      '@*://good.example/*',
      'title *= "spam" i',
      '*://*.github.io/*',
      '*://www.qinterest.*/*',
    ].join('\r\n');
    const r = parseSiteList(text);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.format).toBe('ublacklist');
    expect(r.sites).toEqual(['clone-a.example', 'clone-b.example', 'clone-c.co.uk']);
    expect(r.bad.map((b) => b.line)).toEqual([5, 6, 7, 8, 9, 10]);
    expect(r.bad[0]).toEqual({
      line: 5,
      text: '*://*.clone-a.example/questions/*',
      code: 'path',
      reason: 'blocks part of a site only (a path), not a whole site',
    });
    expect(r.bad[1].reason).toMatch(/regular expression/);
    expect(r.bad[2].reason).toMatch(/unblock/);
    expect(r.bad[4].reason).toMatch(/public suffix/);
    expect(r.bad.map((b) => b.code)).toEqual(['path', 'regex', 'unblock', 'condition', 'not-site', 'wildcard']);
  });
  it('a domains list (such as the public copycat lists): subdomains count for their site; an address or a URL is reported', () => {
    const r = parseSiteList('# list\nclone-a.example\nwww.clone-b.example\n*.clone-d.example\n\n127.0.0.1\nhttps://x.example/page\nclone-a.example\n');
    expect(r).toEqual({
      ok: true,
      format: 'domains',
      sites: ['clone-a.example', 'clone-b.example', 'clone-d.example'],
      bad: [
        { line: 6, text: '127.0.0.1', code: 'not-site', reason: 'not a site (an address, a single name or a public suffix)' },
        { line: 7, text: 'https://x.example/page', code: 'path', reason: 'blocks part of a site only (a path), not a whole site' },
      ],
    });
  });
  it('a malformed file is an error with nothing to import', () => {
    expect(parseSiteList('')).toMatchObject({ ok: false, error: 'the file has no rules' });
    expect(parseSiteList('# only comments\n\n')).toMatchObject({ ok: false });
    const junk = parseSiteList('{"sites": [1, 2]}\n<html><body>not a list</body></html>');
    expect(junk).toMatchObject({ ok: false, error: 'no line names a site (2 unusable)' });
    expect(parseSiteList('---\nname: x\n*://*.a.example/*')).toMatchObject({ ok: false, error: expect.stringMatching(/never closed/) });
    expect(parseSiteList('a.example\u0000')).toMatchObject({ ok: false, error: 'the file is not text' });
  });
});
