/**
 * Issue #14, "placeholder snippets are no evidence":
 * 1. engines' placeholders are spec data, matched after canonicalization (isPlaceholder);
 * 2. a result whose snippet is a placeholder groups only by its page, never by its text;
 * 3. a pair is evidence only when it shares MIN_SHARED_SHINGLES distinct shingles beyond boilerplate;
 * 4. engine chrome (dates, crumbs, "Learn why", "Missing: …", "Cached") is cut from snippets.
 * The real saved pages are in snippet-evidence-fixtures.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { extract } from '../../lib/engines/extract';
import { isPlaceholder } from '../../lib/engines/placeholders';
import { stripSnippetChrome } from '../../lib/engines/snippet';
import { google } from '../../lib/engines/specs/google';
import { ENGINES } from '../../lib/engines/table';
import { type GroupInput, MIN_SHARED_SHINGLES, boilerplateFrom, groupResults } from '../../lib/group/results';
import { parseSerp } from './helpers/serp';

const item = (rank: number, url: string, title: string, snippet: string): GroupInput => ({ rank, url, title, snippet });
const ranks = (out: ReturnType<typeof groupResults>) => out.groups.map((g) => [g.representative, ...g.members.map((m) => m.rank)]);

const NO_INFO = 'No information is available for this page. · Learn why';
const ROBOTS = 'We would like to show you a description here but the site won’t allow us.';
const STORY =
  'The harbor ferry adds two late evening boats from Monday, the transit agency said, and moves the ticket office next to the fish market where queues have grown all summer.';
const STORY_B =
  'The harbor ferry adds two late-evening boats from Monday, the transit agency said, and moves its ticket office next to the fish market, where queues grew all summer.';

describe('placeholders are engine data, matched canonically', () => {
  it('Google lists them in English, German, French, Spanish, Portuguese, Russian, Japanese and Chinese', () => {
    const langs = new Set((google.placeholders ?? []).map((p) => p.lang.slice(0, 2)));
    for (const l of ['en', 'de', 'fr', 'es', 'pt', 'ru', 'ja', 'zh']) expect(langs, l).toContain(l);
  });

  it('every engine placeholder, as served, is one; with its filler, another case, the other apostrophe, full width, twice', () => {
    for (const e of ENGINES) for (const p of e.placeholders ?? []) expect(isPlaceholder(p.text), `${e.id} ${p.lang}`).toBe(true);
    for (const s of [
      NO_INFO,
      'NO INFORMATION IS AVAILABLE FOR THIS PAGE.',
      ROBOTS,
      "We would like to show you a description here but the site won't allow us.",
      'Ｎｏ ｉｎｆｏｒｍａｔｉｏｎ ｉｓ ａｖａｉｌａｂｌｅ ｆｏｒ ｔｈｉｓ ｐａｇｅ．',
      'Für diese Seite sind keine Informationen verfügbar. Weitere Informationen',
      'このページの情報はありません。詳細',
      `${NO_INFO} ${NO_INFO}`,
    ]) {
      expect(isPlaceholder(s), s).toBe(true);
    }
  });

  it('a snippet with the page’s own words beside a placeholder is not one, nor is a filler alone or nothing', () => {
    for (const s of [
      `${NO_INFO} Open daily from 9 to 5 at the harbor.`,
      'No information is available for this page yet, come back soon.',
      'Learn why',
      '',
      '· ·',
      STORY,
    ]) {
      expect(isPlaceholder(s), s).toBe(false);
    }
  });
});

describe('a placeholder result groups by its page only', () => {
  it('two unrelated results behind the robots placeholder, on a fresh profile (no past pages), do not group', () => {
    const out = groupResults(
      [item(1, 'https://acme-tools.example/', 'Acme Tools', ROBOTS), item(2, 'https://lakeside-dental.example/', 'Lakeside Dental', ROBOTS)],
      { threshold: 0.5 },
    );
    expect(out.groups).toEqual([]);
    expect(out.pairs).toEqual([{ a: 1, b: 2, resemblance: 0 }]);
  });

  it('four Google results of different pages saying "No information is available for this page. · Learn why" do not group', () => {
    // One title for all (Google's sign-in wall in front of each service): the in-page count takes
    // results with the same text for related pages, so it cannot call the placeholder boilerplate.
    const titles = ['Sign in - Google Accounts', 'Sign in - Google Accounts', 'Sign in - Google Accounts', 'Sign in - Google Accounts'];
    const urls = [
      'https://drive.google.com/',
      'https://docs.google.com/document/',
      'https://docs.google.com/spreadsheets/',
      'https://docs.google.com/presentation/',
    ];
    expect(
      groupResults(
        titles.map((t, i) => item(i + 1, urls[i], t, NO_INFO)),
        { threshold: 0.5 },
      ).groups,
    ).toEqual([]);
  });

  it('nor under one generic title; the same page still groups, and a true copy beside them still does', () => {
    const out = groupResults(
      [
        item(1, 'https://acme-tools.example/', 'Home', NO_INFO),
        item(2, 'https://news.example/ferry', 'Harbor ferry adds evening boats', STORY),
        item(3, 'https://lakeside-dental.example/', 'Home', NO_INFO),
        item(4, 'https://www.acme-tools.example/?utm_source=x', 'Home', NO_INFO),
        item(5, 'https://copy.example/ferry-news', 'Harbor ferry adds evening boats', STORY_B),
      ],
      { threshold: 0.5 },
    );
    expect(ranks(out)).toEqual([
      [1, 4],
      [2, 5],
    ]);
    expect(out.groups[0].members[0].reason.kind).toBe('same-page');
  });
});

describe('the evidence floor', () => {
  it(`a pair sharing fewer than ${MIN_SHARED_SHINGLES} distinct shingles is no evidence, however alike`, () => {
    // Different services' sign-in pages under one short title: identical text, 3 shingles.
    const pair = [item(1, 'https://docs.example/', 'Sign in - Example Accounts', ''), item(2, 'https://mail.example/', 'Sign in - Example Accounts', '')];
    const out = groupResults(pair, { threshold: 0.5 });
    expect(out.groups).toEqual([]);
    expect(out.pairs).toEqual([{ a: 1, b: 2, resemblance: 0 }]);
    expect(ranks(groupResults(pair, { threshold: 0.5, minShared: 1 }))).toEqual([[1, 2]]);
  });

  it('boilerplate does not count toward the floor, while a short true copy sharing enough still groups', () => {
    // A cookie wall learnt from past pages, under one three-word title: 3 shingles left ("harbor yoga",
    // "yoga studio", "studio this"), all shared.
    const wall = 'This site uses cookies to give you the best experience. By continuing to browse you agree to our use of cookies.';
    const past = boilerplateFrom(
      ['p', 'q', 'r'].map((s) => [{ url: `https://${s}.example/`, title: `Site ${s}`, snippet: wall }]),
      3,
    );
    const walled = [item(1, 'https://yoga-a.example/', 'Harbor Yoga Studio', wall), item(2, 'https://yoga-b.example/', 'Harbor Yoga Studio', wall)];
    expect(groupResults(walled, { threshold: 0.5, boilerplate: past }).groups).toEqual([]);
    expect(ranks(groupResults(walled, { threshold: 0.5, boilerplate: past, minShared: 1 }))).toEqual([[1, 2]]);
    const pair = [
      item(1, 'https://a.example/x', 'Ferry timetable', 'Boats leave the harbor every hour.'),
      item(2, 'https://b.example/y', 'Ferry timetable', 'Boats leave the harbor every hour!'),
    ];
    expect(ranks(groupResults(pair, { threshold: 0.5, boilerplate: past }))).toEqual([[1, 2]]);
  });

  it('refuses a floor that is not a positive integer', () => {
    for (const minShared of [0, 1.5, -1, Number.NaN]) expect(() => groupResults([], { threshold: 0.5, minShared }), String(minShared)).toThrow(/minShared/);
  });
});

describe('engine chrome is not snippet text', () => {
  it('Google: "Learn why", "Missing: … | Must include: …", "Cached"', () => {
    expect(stripSnippetChrome(NO_INFO, google)).toBe('No information is available for this page.');
    expect(stripSnippetChrome('Boats leave the harbor every hour. Missing: timetable | Must include: timetable', google)).toBe(
      'Boats leave the harbor every hour.',
    );
    expect(stripSnippetChrome('Cached Boats leave the harbor every hour.', google)).toBe('Boats leave the harbor every hour.');
    expect(stripSnippetChrome('Boats leave the harbor every hour. Cached', google)).toBe('Boats leave the harbor every hour.');
    // a sentence's own words stay
    expect(stripSnippetChrome('Pages are cached for an hour. Learn why caching helps.', google)).toBe('Pages are cached for an hour. Learn why caching helps.');
  });

  it('leading dates, as engines write them, in several languages', () => {
    for (const d of [
      'Mar 2, 2023 — ',
      '12 Mar 2024 — ',
      '3 days ago — ',
      '12.01.2024 — ',
      'Mar 4, 2024 · ',
      '2 days ago · ',
      'October 17, 2025 - ',
      'vor 3 Tagen — ',
      'il y a 2 jours — ',
      'hace 5 días — ',
      '3 дня назад — ',
      '2023年5月1日 ',
      '3 日前 — ',
    ]) {
      expect(stripSnippetChrome(`${d}Boats leave the harbor every hour.`, {}), d).toBe('Boats leave the harbor every hour.');
    }
    expect(stripSnippetChrome('Route 66 - the road that built the West.', {})).toBe('Route 66 - the road that built the West.');
  });

  it('display-URL crumbs that leak into the snippet', () => {
    expect(stripSnippetChrome('harbor.example › ferry › timetable Boats leave every hour.', {})).toBe('Boats leave every hour.');
    expect(stripSnippetChrome('www.harbor.example/ferry Boats leave every hour.', {}, 'www.harbor.example/ferry')).toBe('Boats leave every hour.');
    expect(stripSnippetChrome('下厨房 是一个菜谱网站', {}, '下厨房')).toBe('下厨房 是一个菜谱网站');
  });

  it('the extractor cuts them from a Google page (date, "Learn why")', () => {
    const block = (href: string, title: string, snippet: string) =>
      `<div class="g"><div class="tF2Cxc"><a href="${href}"><h3>${title}</h3><cite>${href}</cite></a><div class="VwiC3b">${snippet}</div></div></div>`;
    const html = `<html><body><div id="rso">${block('https://a.example/', 'Acme', 'No information is available for this page.<span> · </span><a href="https://support.google.com/webmasters/answer/7489871">Learn why</a>')}${block('https://b.example/', 'Ferry', '<span>Mar 2, 2023</span> — Boats leave the harbor every hour.')}</div></body></html>`;
    const x = extract(parseSerp(html), 'https://www.google.com/search?q=ferry')!;
    expect(x.results.map((r) => r.snippet)).toEqual(['No information is available for this page.', 'Boats leave the harbor every hour.']);
  });
});
