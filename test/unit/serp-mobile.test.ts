/**
 * Results pages in the markup Google, Bing and DuckDuckGo serve to phones (issue #30).
 *
 * 1. The project's hand-written fixtures in the phone markups: Bing's (test/fixtures/serp/bing-mobile.html:
 *    the title link wraps the h2, read by Bing's definition) and Google's (google-mobile.html: the title
 *    is a div[role=heading], no h3, read by the structure). Pinned: reader, count, first and last result,
 *    ads / answers / carousels / deep links absent, Bing's "Translate this page" cut from snippets.
 * 2. Real pages Google served to a phone (2023, zlurad/serp-parser, MIT), expected in
 *    ../shared/fixtures/serp/google/mobile_*.html (or RESEMBLE_MOBILE_SERP_DIR): skipped visibly when
 *    absent. The organic results were decided by reading each page: the title links (a.cz3goc) outside
 *    the ads (#tads), with their headings.
 * 3. The content script's match patterns and findEngine() cover the hosts and paths phones are served:
 *    Google's and Bing's phone pages share the desktop URLs; DuckDuckGo's html and lite endpoints.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { extract, findEngine } from '../../lib/engines/extract';
import { ENGINES } from '../../lib/engines/table';
import type { Extraction } from '../../lib/engines/types';
import { type Pin, loadSerp } from './helpers/serp';
import { SHARED, hasShared } from './helpers/shared';

const OWN = path.resolve(__dirname, '../fixtures/serp');
const REAL = process.env.RESEMBLE_MOBILE_SERP_DIR ?? path.join(SHARED, 'fixtures/serp');
/** A real page when ../shared may be read (or RESEMBLE_MOBILE_SERP_DIR names another folder). */
const present = (file: string) => (process.env.RESEMBLE_MOBILE_SERP_DIR || hasShared) && existsSync(file);

interface Row {
  file: string;
  url: string;
  reader: 'spec' | 'structure';
  count: number;
  first: Pin;
  last: Pin;
  /** URLs on the page that are not organic results (ads, answers, cards, deep links, sitelinks). */
  absent: string[];
  why: string;
}

function expectRow(x: Extraction | undefined, r: Row): void {
  expect(x?.reader).toBe(r.reader);
  const rs = x?.results ?? [];
  expect(rs.length).toBe(r.count);
  expect({ url: rs[0]?.url, title: rs[0]?.title }).toEqual(r.first);
  expect({ url: rs.at(-1)?.url, title: rs.at(-1)?.title }).toEqual(r.last);
  for (const u of r.absent) expect(rs.map((x) => x.url)).not.toContain(u);
  expect(new Set(rs.map((x) => x.url)).size, 'no result twice').toBe(rs.length);
  for (const x of rs) expect(x.title && x.displayUrl, x.url).toBeTruthy();
}

// ---------------------------------------------------------------------------------------------------
// 1. The project's own phone-markup fixtures

const OWN_ROWS: Row[] = [
  {
    file: 'bing-mobile.html',
    url: 'https://www.bing.com/search?q=vegan+near+me',
    reader: 'spec',
    count: 5,
    first: { url: 'https://www.yelp.com/nearme/vegan-food', title: 'Best Vegan Food Near Me - Find Nearby Vegan Food Reviews' },
    last: { url: 'https://www.happycow.net/', title: 'HappyCow - Find Vegan Food Near You' },
    absent: [
      'https://shop.example/rye-starter',
      'https://delivery.example/vegan',
      'https://www.youtube.com/watch?v=veganbowl1',
      'https://www.yelp.com/biz/kati-vegan-thai-seattle',
    ],
    why: 'five li.b_algo (div.b_algoheader > a > h2); left out: the top ad, the video answer, the deep-link carousel, places, related searches, pagination',
  },
  {
    file: 'google-mobile.html',
    url: 'https://www.google.com/search?q=sourdough+starter',
    reader: 'structure',
    count: 5,
    first: { url: 'https://www.kingarthurbaking.com/recipes/sourdough-starter-recipe', title: 'Sourdough Starter Recipe | King Arthur Baking' },
    last: { url: 'https://www.reddit.com/r/Sourdough/comments/starter_help/', title: "My starter isn't rising, what am I doing wrong?" },
    absent: ['https://shop.example/rye-starter', 'https://www.seriouseats.com/how-to-make-sourdough-starter', 'https://news.example/sourdough-boom'],
    why: 'five a.cz3goc title links in #rso; left out: the sponsored result, the "people also ask" answer, the top-stories cards',
  },
];

describe('phone markup: the project’s fixtures', () => {
  for (const r of OWN_ROWS) {
    it(`${r.file}: ${r.why}`, () => {
      expectRow(extract(loadSerp(path.join(OWN, r.file)), r.url), r);
    });
  }

  it('bing-mobile.html: snippets without Bing’s "Translate this page ·", display URLs from the cite inside the link', () => {
    const x = extract(loadSerp(path.join(OWN, 'bing-mobile.html')), OWN_ROWS[0].url);
    expect(x?.results[0].snippet).toMatch(/^Find the best Vegan Food near you on Yelp/);
    expect(x?.results[1].snippet).toMatch(/^Our vegan app allows you/);
    expect(x?.results[0].displayUrl).toBe('https://www.yelp.com/nearme/vegan-food');
  });

  it('google-mobile.html: snippets without the leading date, display URLs from the span[role=text]', () => {
    const x = extract(loadSerp(path.join(OWN, 'google-mobile.html')), OWN_ROWS[1].url);
    expect(x?.results[0].snippet).toMatch(/^Combine the flour and water/);
    expect(x?.results[0].displayUrl).toBe('https://www.kingarthurbaking.com › recipes');
  });
});

// ---------------------------------------------------------------------------------------------------
// 2. Real pages Google served to a phone

const REAL_ROWS: Row[] = [
  {
    file: 'google/mobile_2023-05_matrix_zlurad.html',
    url: 'https://www.google.com/search?q=The+Matrix',
    reader: 'structure',
    count: 8,
    first: { url: 'https://m.imdb.com/title/tt0133093/', title: 'The Matrix (1999)' },
    last: { url: 'https://www.amazon.com/Matrix-Keanu-Reeves/dp/B00000K19E', title: 'The Matrix' },
    absent: [],
    why: 'entity page: eight title links, inside the whole-page knowledge panel’s overview tab',
  },
  {
    file: 'google/mobile_2023-05_dell_zlurad.html',
    url: 'https://www.google.com/search?q=dell+xps+13+buy',
    reader: 'structure',
    count: 9,
    first: { url: 'https://www.dell.com/en-us/shop/dell-laptops/xps-13-plus-laptop/spd/xps-13-9320-laptop', title: 'XPS 13 Plus Laptop' },
    last: { url: 'https://www.amazon.com/dell-xps-13/s?k=dell+xps+13', title: 'Dell Xps 13' },
    absent: ['https://www.dell.com/en-us/shop/dell-laptops/sc/laptops'],
    why: 'nine title links; left out: the two sponsored results in #tads (Dell, Amazon: Amazon’s page is also an organic result, ranked last)',
  },
  {
    file: 'google/mobile_2023-05_featured-snippet_zlurad.html',
    url: 'https://www.google.com/search?q=featured+snippet',
    reader: 'structure',
    count: 9,
    first: { url: 'https://support.google.com/websearch/answer/9351707?hl=en', title: "How Google's featured snippets work" },
    last: {
      url: 'https://www.conductor.com/academy/featured-snippet-is-now-first-result/',
      title: 'The Featured Snippet Is Now Result #1: What This Means for SEO',
    },
    absent: [],
    why: 'nine title links, the featured snippet’s source first (not repeated below)',
  },
  {
    file: 'google/mobile_2023-05_paris_zlurad.html',
    url: 'https://www.google.com/search?q=things+to+do+in+paris',
    reader: 'structure',
    count: 9,
    first: {
      url: 'https://www.tripadvisor.com/Attractions-g187147-Activities-Paris_Ile_de_France.html',
      title: 'THE 15 BEST Things to Do in Paris - 2023 (with Photos)',
    },
    last: { url: 'https://www.viator.com/Paris/d479', title: 'THE TOP 15 Things To Do in Paris | Attractions & Activities' },
    absent: ['https://www.getyourguide.com/paris-l16/', 'https://www.tripadvisor.com/Attraction_Products-g187147-Paris_Ile_de_France.html'],
    why: 'nine title links; left out: the two sponsored results (GetYourGuide, Tripadvisor tours), the top sights and map blocks',
  },
];

describe('phone markup: real pages Google served to a phone (../shared)', () => {
  it.skipIf(!hasShared)("the table covers every phone page of ../shared's manifest", () => {
    const phone = readFileSync(path.join(SHARED, 'fixtures/serp/MANIFEST.tsv'), 'utf8')
      .split('\n')
      .map((l) => l.split('\t'))
      .filter((c) => c[2] === 'google-mobile')
      .map((c) => c[1]);
    expect(phone.length).toBeGreaterThan(0);
    for (const f of phone) expect(REAL_ROWS.map((r) => r.file)).toContain(f);
  });
  for (const r of REAL_ROWS) {
    const file = path.join(REAL, r.file);
    it.skipIf(!present(file))(`${r.file}: ${r.why}`, () => {
      expectRow(extract(loadSerp(file), r.url), r);
    });
    if (!present(file)) it(`${r.file} is absent: its test was skipped`, () => console.warn(`[resemble] ${file} does not exist: skipped`));
  }
});

// ---------------------------------------------------------------------------------------------------
// 3. Hosts and paths served to phones

/** A WebExtension match pattern (scheme://host/path with * wildcards) as a RegExp. */
const patternRe = (p: string) => new RegExp(`^${p.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*')}$`);

describe('phone markup: the content script’s hosts and paths', () => {
  const cases: [string, string][] = [
    ['https://www.google.com/search?q=coffee&ie=UTF-8&oe=UTF-8&hl=en&client=safari', 'google'],
    ['https://www.google.co.uk/search?q=coffee&client=ms-android-samsung', 'google'],
    ['https://www.bing.com/search?q=coffee&form=QBLH&sp=-1', 'bing'],
    ['https://html.duckduckgo.com/html/?q=coffee', 'duckduckgo'],
    ['https://lite.duckduckgo.com/lite/?q=coffee', 'duckduckgo'],
    ['https://duckduckgo.com/lite/?q=coffee', 'duckduckgo'],
    ['https://duckduckgo.com/html/?q=coffee', 'duckduckgo'],
    ['https://duckduckgo.com/?q=coffee&t=h_&ia=web', 'duckduckgo'],
  ];
  for (const [url, engine] of cases) {
    it(`${url} is ${engine}'s results page, and a match pattern of it covers the URL`, () => {
      expect(findEngine(url)?.id).toBe(engine);
      const spec = ENGINES.find((e) => e.id === engine)!;
      expect(spec.matches.some((m) => patternRe(m).test(url))).toBe(true);
    });
  }
});
