/**
 * Bing, DuckDuckGo, Yahoo and Baidu results pages: the engine specs (lib/engines/specs/*) read through
 * the generic extractor.
 *
 * 1. The real saved pages in ../shared/fixtures/serp (skipped visibly without ../shared): per page the
 *    organic results decided by reading the page, pinned exactly (count, first and last URL and title),
 *    plus markup detection without a URL, plus extraction time (median of 5 runs).
 * 2. The project's own hand-written fixtures (test/fixtures/serp/{bing,duckduckgo,yahoo,baidu}-*.html):
 *    the same pins, and ads, non-organic blocks and nested sitelinks absent, redirects undone, pages
 *    without results read as [] with the engine still recognized.
 * 3. URL matching: results URLs (several country domains) recognized, other pages of the same hosts not.
 */
import path from 'node:path';
import { parseHTML } from 'linkedom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extract, findEngine } from '../../lib/engines/extract';
import { baidu } from '../../lib/engines/specs/baidu';
import { bing } from '../../lib/engines/specs/bing';
import { duckduckgo } from '../../lib/engines/specs/duckduckgo';
import { yahoo } from '../../lib/engines/specs/yahoo';
import type { EngineSpec, Extraction } from '../../lib/engines/types';
import type { EngineId } from '../../lib/settings';
import { type Pin, loadSerp as load } from './helpers/serp';
import { SHARED, hasShared } from './helpers/shared';

const SHARED_SERP = path.join(SHARED, 'fixtures/serp');
const OWN_SERP = path.resolve(__dirname, '../fixtures/serp');

interface Expected {
  count: number;
  first: Pin;
  last: Pin;
}

function expectPinned(x: Extraction | undefined, engine: EngineId, e: Expected): asserts x is Extraction {
  expect(x?.engine).toBe(engine);
  if (!x) return;
  expect(x.results.length).toBe(e.count);
  const first = x.results[0];
  const last = x.results[x.results.length - 1];
  expect({ url: first?.url, title: first?.title }).toEqual(e.first);
  expect({ url: last?.url, title: last?.title }).toEqual(e.last);
  expect(x.results.map((r) => r.rank)).toEqual(x.results.map((_, i) => i + 1));
  for (const r of x.results) {
    expect(r.title).not.toBe('');
    expect(r.displayUrl).not.toBe('');
  }
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

// ---------------------------------------------------------------------------------------------------
// 1. The shared real pages
// ---------------------------------------------------------------------------------------------------

interface SharedRow extends Expected {
  file: string;
  /** A plausible address of the page (the manifest's query), so the URL path is exercised. */
  url: string;
  engine: EngineId;
  variant: string;
  query: string;
  /** What counts as organic on this page and what was left out, decided by reading the page. */
  why: string;
  /**
   * The extractor's output today where it falls short of the truth above because of generic code
   * (lib/engines/extract.ts or unwrap.ts, not the engine data); asserted exactly, and the truth is
   * asserted as a known failure so that fixing the generic code flags this entry for removal.
   */
  today?: Partial<Expected> & { because: string };
}

const BAIDU_LINK = 'http://www.baidu.com/link?url=';

const SHARED_ROWS: SharedRow[] = [
  {
    file: 'bing/2020-01_test-keyword_p1_sescraper.html',
    url: 'https://www.bing.com/search?q=test+keyword&form=QBLH',
    engine: 'bing',
    variant: 'web',
    query: 'test keyword',
    count: 6,
    first: { url: 'https://support.smartbear.com/testcomplete/docs/keyword-testing/index.html', title: 'Keyword Tests | TestComplete Documentation' },
    last: { url: 'https://www.woorank.com/fr/', title: "Outil d'Analyse de Site et Test SEO" },
    why: 'six li.b_algo; left out: the Adobe ad above and below (li.b_ad, aclick links), related searches (li.b_ans), pagination',
  },
  {
    file: 'bing/2020-10_buy-iphone-11_spider.html',
    url: 'https://www.bing.com/search?q=buy+iphone+11',
    engine: 'bing',
    variant: 'web',
    query: 'buy iphone 11',
    count: 6,
    first: { url: 'https://www.apple.com/shop/buy-iphone/iphone-11', title: 'Buy iPhone 11 - Apple' },
    last: { url: 'https://www.amazon.com/iphone-11/s?k=iphone+11', title: 'Amazon.com: iphone 11' },
    why: 'six li.b_algo (Apple, Best Buy, Apple, Apple, Swappa, Amazon); left out: the top and bottom ads (li.b_ad), the shopping and video answers (li.b_ans.b_mop), related searches, the "some results have been removed" notice (li.b_msg)',
  },
  {
    file: 'bing/2021-01_bing-nojs_zlurad.html',
    url: 'https://www.bing.com/search?q=bing&setlang=es',
    engine: 'bing',
    variant: 'web',
    query: 'bing',
    count: 10,
    first: { url: 'https://www.bing.com/', title: 'Bing' },
    last: { url: 'https://about.ads.microsoft.com/es-es', title: 'SEM con Microsoft Advertising - Microsoft …' },
    why: 'ten li.b_algo, the first being Bing\'s own home page (a genuine organic result for the query "bing"); nothing else in the list but pagination',
  },
  {
    file: 'bing/2021-01_coffee-nojs_zlurad.html',
    url: 'https://www.bing.com/search?q=coffee',
    engine: 'bing',
    variant: 'web',
    query: 'coffee',
    count: 4,
    first: { url: 'http://www.wordreference.com/es/translation.asp?tranword=coffee', title: 'coffee - English-Spanish Dictionary - …' },
    last: { url: 'https://www.timeout.com/barcelona/restaurants/the-best-cafes-in-barcelona', title: 'The best cafés and coffee shops in Barcelona' },
    why: 'four li.b_algo; left out: the coffee-capsule ad top and bottom, the local/places answer, images, the Wikipedia entity answer, related searches, and the div.b_algo inside "people also ask" (a second Medical News Today link)',
  },
  {
    file: 'bing/2026-04_javascript-tutorial_http_sanguinary.html',
    url: 'https://www.bing.com/search?q=javascript+tutorial',
    engine: 'bing',
    variant: 'web',
    query: 'javascript tutorial',
    count: 10,
    first: { url: 'https://www.w3schools.com/Js/', title: 'JavaScript Tutorial - W3Schools' },
    last: {
      url: 'https://support.w3schools.com/hc/en-gb/articles/4410407881489-Tutorial-Learn-JavaScript',
      title: 'Tutorial: Learn JavaScript - W3Schools.com',
    },
    why: 'ten li.b_algo, all through /ck/a?…&u=a1<base64url> (decoded); no ads or answers on this capture',
  },
  {
    file: 'duckduckgo/html_2026-02_openclaw_glassfox.html',
    url: 'https://html.duckduckgo.com/html/?q=openclaw',
    engine: 'duckduckgo',
    variant: 'html',
    query: 'openclaw',
    count: 10,
    first: { url: 'https://openclaw.ai/', title: 'OpenClaw — Personal AI Assistant' },
    last: { url: 'https://docs.openclaw.ai/', title: 'OpenClaw - OpenClaw' },
    why: 'ten div.web-result, //duckduckgo.com/l/?uddg= links undone; left out: the Wikipedia zero-click box above the results',
  },
  {
    file: 'duckduckgo/html_2026-02_weather-jakarta_glassfox.html',
    url: 'https://html.duckduckgo.com/html/?q=weather+Jakarta',
    engine: 'duckduckgo',
    variant: 'html',
    query: 'weather Jakarta',
    count: 10,
    first: {
      url: 'https://www.accuweather.com/en/id/jakarta/208971/weather-forecast/208971',
      title: 'Jakarta, Jakarta, Indonesia Weather Forecast | AccuWeather',
    },
    last: {
      url: 'https://www.theweathernetwork.com/en/city/id/jakarta-raya/jakarta-2/14-days',
      title: 'Jakarta, JK, ID 14 Days Weather - The Weather Network',
    },
    why: "ten div.web-result; left out: the Kayak flight ad (div.result--ad, first in #links; the manifest's 11 counts it)",
  },
  {
    file: 'duckduckgo/js-legacy_2019-09_cloud-service_sescraper.html',
    url: 'https://duckduckgo.com/?q=cloud+service&t=h_&ia=web',
    engine: 'duckduckgo',
    variant: 'js-legacy',
    query: 'cloud service',
    count: 10,
    first: {
      url: 'https://www.pcmag.com/roundup/306323/the-best-cloud-storage-providers-and-file-syncing-services',
      title: 'The Best Cloud Storage and File-Sharing Services for 2019 ...',
    },
    last: { url: 'https://cloud.google.com/anthos/', title: 'Anthos | Anthos | Google Cloud' },
    why: 'ten div.result#r1-0…r1-9; left out: three ads (div.result--ad in #ads and the bottom/side ad blocks; the manifest\'s 13 counts them), the "More results" row, the Wikipedia sidebar module',
  },
  {
    file: 'yahoo/2026-04_javascript-tutorial_sanguinary.html',
    url: 'https://search.yahoo.com/search?p=javascript+tutorial&fr=yfp-t',
    engine: 'yahoo',
    variant: 'web',
    query: 'javascript tutorial',
    count: 7,
    first: { url: 'https://www.w3schools.com/Js/', title: 'JavaScript Tutorial - W3Schools' },
    last: { url: 'https://www.codecademy.com/learn/introduction-to-javascript', title: 'Learn JavaScript - Codecademy' },
    why: 'seven div.algo in ol.searchCenterMiddle; left out: the Videos block, the Q&A card (.bingrelqa.catKG, another javascripttutorial.net link), "also try", and the W3Schools sitelinks inside the first result',
  },
  {
    file: 'baidu/2020_python_baiduspider.html',
    url: 'https://www.baidu.com/s?ie=utf-8&wd=Python',
    engine: 'baidu',
    variant: 'web',
    query: 'Python',
    count: 8,
    first: { url: `${BAIDU_LINK}yC-vpJc3cGCINc7SrFvV0A5-mBa3lrOseRMxZzZxXmlh1TqtxC8jgrOPHgSJi7_O`, title: 'Welcome to Python.org' },
    last: {
      url: `${BAIDU_LINK}-uE5zXsl8yyaWLSLozy1W-dy8QoNvPohszBEtSYSzgHs3cjIwxZxVg-xnUJ7drXV`,
      title: 'Python基础教程,Python入门教程(非常详细)_C语言中文网',
    },
    why: 'eight div.result.c-container (ids 2-9; links are opaque link?url= redirects, kept unresolved); left out: the Baidu Baike card (div.result-op, id 1) and the short-video card (result-op, id 10), the right column, related searches',
  },
  {
    file: 'baidu/2020_astm-a106_baiduspider.html',
    url: 'https://www.baidu.com/s?ie=utf-8&wd=ASTM+A106',
    engine: 'baidu',
    variant: 'web',
    query: 'ASTM A106',
    count: 9,
    first: {
      url: `${BAIDU_LINK}J85fgjIEZ0-_QkmK-0knxAUI6KsIa8WYbYbCyN7eluERcyxN0lSVhttMts-SXjCg52ZGdneapUMvabjKfNIRYq`,
      title: 'ASTM A106/A106M-2018- 道客巴巴',
    },
    last: {
      url: `${BAIDU_LINK}bm1gKjm55FQzYgn9a0fdumLWUx4xbKWbZpxMV7cK9yVIXySNwJegZQDJrcSzQtQMj0KuVKpt2SVmWRZOqOKRxa`,
      title: 'ASTM A106/A106M-2018 - 道客巴巴',
    },
    why: 'nine div.result.c-container (ids 1-3, 5-10; Baidu Wenku/Zhidao pages are ordinary natural results here); left out: the Baike card (result-op, id 4), right column, related searches',
  },
  {
    file: 'baidu/2020_calc_baiduspider.html',
    url: 'https://www.baidu.com/s?ie=utf-8&wd=20%5E5%2B107*13',
    engine: 'baidu',
    variant: 'web',
    query: '20^5+107*13',
    count: 9,
    first: { url: `${BAIDU_LINK}T09k3tbIRPqjQogYrY7bH9_bHrV9Q6OSx5TtMDEXIdqKPKShL8jODY2LzU4VrE3EO2atgrRXee4VEgVN8V7rtq`, title: '107乘13简便计算_百度知道' },
    last: {
      url: `${BAIDU_LINK}pHuDeO-92_h-59wexsJ_xt3gdLsxP4uaFJ7H6HWr69bajICEJ9hl95KevuO0pT2X`,
      title: '少爷的乐高系列 篇十三:LEGO 乐高 10715 经典创意 Classic套装...',
    },
    why: 'nine div.result.c-container (ids 2-10); left out: the calculator card (result-op, id 1), right column, related searches',
  },
];

describe.skipIf(!hasShared)('Bing, DuckDuckGo, Yahoo, Baidu: the real pages in ../shared/fixtures/serp (needs ../shared)', () => {
  const docs = new Map<string, Document>();
  const timings: { file: string; results: number; parseMs: number; extractMs: number }[] = [];

  beforeAll(() => {
    for (const row of SHARED_ROWS) {
      const t0 = performance.now();
      docs.set(row.file, load(path.join(SHARED_SERP, row.file)));
      const parseMs = performance.now() - t0;
      const doc = docs.get(row.file)!;
      extract(doc, row.url); // warm-up
      const runs: number[] = [];
      let n = 0;
      for (let i = 0; i < 5; i++) {
        const t = performance.now();
        n = extract(doc, row.url)?.results.length ?? 0;
        runs.push(performance.now() - t);
      }
      timings.push({ file: row.file, results: n, parseMs, extractMs: median(runs) });
    }
  });

  afterAll(() => {
    if (!timings.length) return;
    const w = Math.max(...timings.map((t) => t.file.length));
    console.log(
      [
        `extraction time per page (linkedom; extract() median of 5 runs after one warm-up; parse once)`,
        `${'page'.padEnd(w)}  results  parse ms  extract ms`,
        ...timings.map(
          (t) => `${t.file.padEnd(w)}  ${String(t.results).padStart(7)}  ${t.parseMs.toFixed(1).padStart(8)}  ${t.extractMs.toFixed(2).padStart(10)}`,
        ),
      ].join('\n'),
    );
  });

  for (const row of SHARED_ROWS) {
    it(`${row.file}: ${row.today ? `today ${row.today.count ?? row.count}` : row.count} organic results, first and last pinned`, () => {
      const x = extract(docs.get(row.file)!, row.url);
      expectPinned(x, row.engine, { count: row.count, first: row.first, last: row.last, ...row.today });
      expect(x.variant).toBe(row.variant);
      expect(x.query).toBe(row.query);
      if (row.today) console.warn(`[resemble] ${row.file}: ${row.count} organic results, the extractor reads ${x.results.length}: ${row.today.because}`);
    });

    if (row.today) {
      it.fails(`${row.file}: the true ${row.count} organic results (known gap in generic code: ${row.today.because})`, () => {
        expectPinned(extract(docs.get(row.file)!, row.url), row.engine, row);
      });
    }

    it(`${row.file}: recognized as ${row.engine} from the markup alone`, () => {
      const byUrl = extract(docs.get(row.file)!, row.url);
      const byMarkup = extract(docs.get(row.file)!);
      expect(byMarkup?.engine).toBe(row.engine);
      expect(byMarkup?.variant).toBe(row.variant);
      expect(byMarkup?.query).toBe(row.query); // from the search box
      expect(byMarkup?.results.map((r) => r.url)).toEqual(byUrl?.results.map((r) => r.url));
    });
  }

  it('Baidu results keep their opaque redirect, marked unresolved; the others are direct targets', () => {
    for (const row of SHARED_ROWS) {
      const x = extract(docs.get(row.file)!, row.url)!;
      for (const r of x.results) {
        if (row.engine === 'baidu') {
          expect(r.url.startsWith(BAIDU_LINK)).toBe(true);
          expect(r.unresolved).toBe(true);
        } else {
          expect(r.unresolved).toBeUndefined();
          // A redirect left undone would point at the engine's own host; its results pages never are results.
          const u = new URL(r.url);
          if (/(^|\.)(bing|duckduckgo|yahoo)\.com$/.test(u.hostname)) expect(findEngine(r.url)).toBeUndefined();
        }
      }
    }
  });

  it('snippets and display URLs are read, without the style sheets Baidu puts in .c-showurl', () => {
    for (const row of SHARED_ROWS) {
      const x = extract(docs.get(row.file)!, row.url)!;
      const withSnippet = x.results.filter((r) => r.snippet.length > 20).length;
      expect(withSnippet, row.file).toBeGreaterThanOrEqual(x.results.length - 1);
      for (const r of x.results) expect(r.displayUrl).not.toMatch(/[{}]/);
    }
    const py = extract(docs.get('baidu/2020_python_baiduspider.html')!)!;
    expect(py.results.map((r) => r.displayUrl).slice(0, 5)).toEqual([
      'www.python.org/',
      'www.python.org/getit/',
      'www.runoob.com/python/python-t...',
      '知乎',
      '中国搜索',
    ]);
    const bingJs = extract(docs.get('bing/2026-04_javascript-tutorial_http_sanguinary.html')!)!;
    expect(bingJs.results[0]).toMatchObject({
      displayUrl: 'https://www.w3schools.com › Js',
      snippet: expect.stringMatching(/^Learn JavaScript The Programming Language of the Web/),
    });
  });
});

if (!hasShared) {
  it('../shared is absent: real-page tests skipped', () => {
    console.warn(
      `[resemble] ${SHARED_SERP} does not exist: the Bing/DuckDuckGo/Yahoo/Baidu real-page tests were skipped. Put the shared reference folder beside the repository to run them.`,
    );
  });
}

// ---------------------------------------------------------------------------------------------------
// 2. The project's own fixtures
// ---------------------------------------------------------------------------------------------------

interface OwnRow extends Expected {
  file: string;
  url: string;
  engine: EngineId;
  variant: string;
  query: string;
  /** URLs (or URL prefixes) and titles of ads, non-organic blocks and nested sitelinks on the page. */
  absentUrls: string[];
  absentTitles: string[];
}

const KA = { url: 'https://www.kingarthurbaking.com/recipes/sourdough-starter-recipe', title: 'Sourdough Starter Recipe | King Arthur Baking' };
const TPL = { url: 'https://www.theperfectloaf.com/beginners-sourdough-starter-recipe/', title: "A Beginner's Sourdough Starter Recipe | The Perfect Loaf" };
const WIKI = { url: 'https://en.wikipedia.org/wiki/Sourdough', title: 'Sourdough - Wikipedia' };
const AD_TITLE = 'Live Sourdough Starter - Ships Today';

const OWN_ROWS: OwnRow[] = [
  {
    file: 'bing-web.html',
    url: 'https://www.bing.com/search?q=sourdough+starter&form=QBLH&sp=-1',
    engine: 'bing',
    variant: 'web',
    query: 'sourdough starter',
    count: 4,
    first: KA,
    last: WIKI,
    absentUrls: [
      'https://shop.example/',
      'https://www.bing.com/',
      'https://www.youtube.com/',
      'https://www.theperfectloaf.com/guides/',
      'https://www.theperfectloaf.com/how-to-maintain-a-sourdough-starter/',
      'https://www.britannica.com/',
    ],
    absentTitles: [
      'Organic Rye Starter Kit - Ships Live Within 24 Hours',
      'Live Sourdough Starter - Bake Your First Loaf This Week',
      'How long does a sourdough starter take? - Serious Eats',
      'Guides',
      'How to Maintain a Starter',
      'Videos of sourdough starter',
    ],
  },
  {
    file: 'duckduckgo-js.html',
    url: 'https://duckduckgo.com/?q=sourdough+starter&t=h_&ia=web',
    engine: 'duckduckgo',
    variant: 'js',
    query: 'sourdough starter',
    count: 3,
    first: KA,
    last: WIKI,
    absentUrls: [
      'https://shop.example/',
      'https://duckduckgo.com/',
      'https://www.youtube.com/',
      'https://news.example/',
      'https://www.britannica.com/',
      'https://www.kingarthurbaking.com/recipes/sourdough-discard-crackers-recipe',
      'https://www.kingarthurbaking.com/recipes/classic-sourdough-bread-recipe',
    ],
    absentTitles: [AD_TITLE, 'Sourdough Discard Crackers', 'Classic Sourdough Bread'],
  },
  {
    file: 'duckduckgo-html.html',
    url: 'https://html.duckduckgo.com/html/', // reached by POST: no q= in the URL
    engine: 'duckduckgo',
    variant: 'html',
    query: 'sourdough starter',
    count: 3,
    first: KA,
    last: WIKI,
    absentUrls: ['https://shop.example/', 'https://duckduckgo.com/', 'https://www.britannica.com/'],
    absentTitles: [AD_TITLE, 'Sourdough'],
  },
  {
    file: 'duckduckgo-lite.html',
    url: 'https://lite.duckduckgo.com/lite/',
    engine: 'duckduckgo',
    variant: 'lite',
    query: 'sourdough starter',
    count: 3,
    first: KA,
    last: WIKI,
    absentUrls: ['https://shop.example/', 'https://duckduckgo.com/'],
    absentTitles: [AD_TITLE],
  },
  {
    file: 'duckduckgo-js-legacy.html',
    url: 'https://duckduckgo.com/?q=sourdough+starter&t=h_&ia=web',
    engine: 'duckduckgo',
    variant: 'js-legacy',
    query: 'sourdough starter',
    count: 2,
    first: KA,
    last: WIKI,
    absentUrls: ['https://shop.example/', 'https://www.britannica.com/'],
    absentTitles: [AD_TITLE, 'Rye Starter', 'More results'],
  },
  {
    file: 'yahoo-web.html',
    url: 'https://search.yahoo.com/search;_ylt=AwrE.s0?p=sourdough+starter&fr=yfp-t&fr2=sb-top',
    engine: 'yahoo',
    variant: 'web',
    query: 'sourdough starter',
    count: 3,
    first: KA,
    last: WIKI,
    absentUrls: [
      'https://shop.example/',
      'https://r.search.yahoo.com/',
      'https://video.search.yahoo.com/',
      'https://search.yahoo.com/',
      'https://www.seriouseats.com/',
      'https://www.britannica.com/',
      'https://www.kingarthurbaking.com/recipes/sourdough-discard-crackers-recipe',
      'https://www.kingarthurbaking.com/recipes/classic-sourdough-bread-recipe',
    ],
    absentTitles: [AD_TITLE, 'Videos', 'How long does a sourdough starter take?', 'Also try', 'Sourdough Discard Crackers', 'Classic Sourdough Bread'],
  },
  {
    file: 'yahoo-legacy.html',
    url: 'https://uk.search.yahoo.com/search?p=sourdough+starter&fr=yfp-t',
    engine: 'yahoo',
    variant: 'web',
    query: 'sourdough starter',
    count: 2,
    first: { url: 'https://www.bbcgoodfood.com/recipes/sourdough-starter', title: 'How to make a sourdough starter recipe | BBC Good Food' },
    last: {
      url: 'https://www.theguardian.com/food/2020/mar/26/how-to-make-a-sourdough-starter',
      title: 'How to make a sourdough starter | Food | The Guardian',
    },
    absentUrls: ['https://shop.example/', 'https://r.search.yahoo.com/'],
    absentTitles: [AD_TITLE],
  },
  {
    file: 'baidu-web.html',
    url: 'https://www.baidu.com/s?ie=utf-8&f=8&rsv_bp=1&wd=%E9%B2%81%E9%82%A6%E7%A7%8D',
    engine: 'baidu',
    variant: 'web',
    query: '鲁邦种',
    count: 3,
    // The first two carry their real target in the result's mu attribute; the last has none.
    first: { url: 'https://www.xiachufang.com/recipe/104281113/', title: '鲁邦种的做法_菜谱_下厨房' },
    last: { url: `${BAIDU_LINK}Zz1Yy2Xx3Ww4Vv5Uu6`, title: '自制鲁邦种全过程,新手也能成功 - 知乎' },
    absentUrls: [
      'http://www.baidu.com/baidu.php',
      `${BAIDU_LINK}bk`,
      `${BAIDU_LINK}ViDeO`,
      `${BAIDU_LINK}SiTeLiNk`,
      'https://www.baidu.com/s?',
      'https://www.baidu.com/sf/',
    ],
    absentTitles: ['鲁邦种 液种 现货 - 烘焙原料旗舰店', '鲁邦种_百度百科', '鲁邦种_相关视频', 'Recipes', 'Sourdough Guide', '法棍', '鲁邦种做法'],
  },
];

const EMPTY_ROWS: { file: string; url: string; engine: EngineId; variant: string; query: string }[] = [
  { file: 'bing-no-results.html', url: 'https://www.bing.com/search?q=qzxv+flurblewick', engine: 'bing', variant: 'web', query: 'qzxv flurblewick' },
  { file: 'duckduckgo-html-no-results.html', url: 'https://html.duckduckgo.com/html/', engine: 'duckduckgo', variant: 'html', query: 'qzxv flurblewick' },
  { file: 'yahoo-no-results.html', url: 'https://search.yahoo.com/search?p=qzxv+flurblewick', engine: 'yahoo', variant: 'web', query: 'qzxv flurblewick' },
  { file: 'baidu-no-results.html', url: 'https://www.baidu.com/s?wd=qzxv%20flurblewick', engine: 'baidu', variant: 'web', query: 'qzxv flurblewick' },
];

describe('Bing, DuckDuckGo, Yahoo, Baidu: the project fixtures (test/fixtures/serp)', () => {
  const own = (file: string) => load(path.join(OWN_SERP, file));

  for (const row of OWN_ROWS) {
    it(`${row.file}: ${row.count} organic results, first and last pinned, read the same from the markup alone`, () => {
      const doc = own(row.file);
      const x = extract(doc, row.url);
      expectPinned(x, row.engine, row);
      expect(x.variant).toBe(row.variant);
      expect(x.query).toBe(row.query);
      const byMarkup = extract(doc);
      expect(byMarkup?.engine).toBe(row.engine);
      expect(byMarkup?.variant).toBe(row.variant);
      expect(byMarkup?.results).toEqual(x.results);
    });

    it(`${row.file}: ads, non-organic blocks and nested sitelinks are not results`, () => {
      const x = extract(own(row.file), row.url)!;
      for (const r of x.results) {
        for (const u of row.absentUrls) expect(r.url.startsWith(u), `${r.url} starts with ${u}`).toBe(false);
        expect(row.absentTitles).not.toContain(r.title);
      }
      // each organic result once
      expect(new Set(x.results.map((r) => r.url)).size).toBe(x.results.length);
    });
  }

  it('redirects come out undone: Bing /ck/a?u=a1<base64url>, DuckDuckGo /l/?uddg=, Yahoo RU=…/RK=', () => {
    const bingX = extract(own('bing-web.html'), OWN_ROWS[0].url)!;
    expect(bingX.results.map((r) => r.url)).toEqual([KA.url, TPL.url, 'https://www.seriouseats.com/how-to-make-sourdough-starter', WIKI.url]);
    for (const file of ['duckduckgo-html.html', 'duckduckgo-lite.html']) {
      const x = extract(own(file), 'https://html.duckduckgo.com/html/')!;
      expect(x.results.map((r) => r.url)).toEqual([KA.url, TPL.url, WIKI.url]);
    }
    const y = extract(own('yahoo-web.html'), OWN_ROWS[5].url)!;
    expect(y.results.map((r) => r.url)).toEqual([KA.url, TPL.url, WIKI.url]);
    for (const r of [...bingX.results, ...y.results]) expect(r.unresolved).toBeUndefined();
  });

  it("Baidu: the real target from the result's mu attribute; without it the opaque link?url= redirect, marked unresolved", () => {
    const x = extract(own('baidu-web.html'), OWN_ROWS[7].url)!;
    expect(x.results.map((r) => [r.url, r.unresolved])).toEqual([
      ['https://www.xiachufang.com/recipe/104281113/', undefined],
      ['https://www.kingarthurbaking.com/', undefined],
      [`${BAIDU_LINK}Zz1Yy2Xx3Ww4Vv5Uu6`, true],
    ]);
  });

  it('titles, snippets and display URLs', () => {
    const bingX = extract(own('bing-web.html'))!;
    expect(bingX.results[0]).toMatchObject({
      displayUrl: 'https://www.kingarthurbaking.com › recipes › sourdough-starter-recipe',
      // The leading date ("Mar 4, 2024 · ") is the engine's, not the page's: cut (issue #14).
      snippet: 'Mix whole wheat flour and water, wait a day, then discard and feed sourdough starter twice daily until it doubles.',
    });
    const ddg = extract(own('duckduckgo-js.html'))!;
    expect(ddg.results[0]).toMatchObject({
      displayUrl: 'kingarthurbaking.com/recipes/sourdough-starter-recipe',
      snippet: 'Mix whole wheat flour and water, then feed your sourdough starter twice a day until it doubles.',
    });
    // lite: a result spans several table rows (spansSiblings): the snippet and URL rows follow the title row
    const lite = extract(own('duckduckgo-lite.html'))!;
    expect(lite.results[0]).toMatchObject({
      snippet: 'Mix whole wheat flour and water, then feed your sourdough starter twice a day.',
      displayUrl: 'www.kingarthurbaking.com/recipes/sourdough-starter-recipe',
    });
    const legacyYahoo = extract(own('yahoo-legacy.html'))!;
    expect(legacyYahoo.results[1]).toMatchObject({
      displayUrl: 'www.theguardian.com/food/2020/mar/26/how-to-make-a-sourdough-starter',
      snippet: 'All you need is flour, water and patience.',
    });
    const b = extract(own('baidu-web.html'))!;
    // the "官方" (official) badge inside the h3 is not part of the title; the style sheet in .c-showurl is not the display URL
    expect(b.results.map((r) => [r.title, r.displayUrl])).toEqual([
      ['鲁邦种的做法_菜谱_下厨房', '下厨房'],
      ['King Arthur Baking - 官方网站', 'www.kingarthurbaking.com/'],
      ['自制鲁邦种全过程,新手也能成功 - 知乎', '知乎'],
    ]);
    // Baidu's leading date ("2023年5月1日 ") is cut like the other engines' (issue #14).
    expect(b.results[0].snippet).toBe('全麦粉和水按1:1混合，室温发酵，每天喂养一次，五到七天即可使用。');
  });

  for (const row of EMPTY_ROWS) {
    it(`${row.file}: no results, engine still recognized`, () => {
      const x = extract(own(row.file), row.url);
      expect(x).toEqual({ engine: row.engine, variant: row.variant, query: row.query, results: [], reader: 'spec' });
    });
  }

  it('markup the selectors no longer match reads as [] with the engine still recognized by URL', () => {
    const { document } = parseHTML(
      '<!DOCTYPE html><html><body><main><div class="results2027"><a href="https://example.org/">Example</a></div></main></body></html>',
    );
    for (const url of [
      'https://www.bing.com/search?q=x',
      'https://duckduckgo.com/?q=x',
      'https://search.yahoo.com/search?p=x',
      'https://www.baidu.com/s?wd=x',
    ]) {
      const x = extract(document as unknown as Document, url);
      expect(x?.results).toEqual([]);
      expect(x?.engine).toBe(findEngine(url)?.id);
      expect(x?.query).toBe('x');
    }
  });
});

// ---------------------------------------------------------------------------------------------------
// 3. URL matching
// ---------------------------------------------------------------------------------------------------

describe('Bing, DuckDuckGo, Yahoo, Baidu: URL matching', () => {
  const cases: { engine: EngineId; results: string[]; not: string[] }[] = [
    {
      engine: 'bing',
      results: [
        'https://www.bing.com/search?q=sourdough+starter&form=QBLH',
        'https://cn.bing.com/search?q=%E9%85%B5%E7%A7%8D',
        'https://bing.com/search?q=x',
        'https://www.bing.com/search?q=x&cc=de&setlang=de',
      ],
      not: [
        'https://www.bing.com/',
        'https://www.bing.com/images/search?q=x',
        'https://www.bing.com/videos/search?q=x',
        'https://www.bing.com/news/search?q=x',
        'https://www.bing.com/maps?q=x',
        'https://www.bing.com/shop?q=x',
        'https://www.bing.com/ck/a?!&&u=a1aHR0cHM6Ly9leGFtcGxlLm9yZy8',
        'https://www.bing.com.evil.example/search?q=x',
      ],
    },
    {
      engine: 'duckduckgo',
      results: [
        'https://duckduckgo.com/?q=sourdough+starter&t=h_&ia=web',
        'https://html.duckduckgo.com/html/?q=x',
        'https://html.duckduckgo.com/html/',
        'https://html.duckduckgo.com/html',
        'https://lite.duckduckgo.com/lite/?q=x',
        'https://lite.duckduckgo.com/lite/',
      ],
      not: [
        'https://duckduckgo.com/about',
        'https://duckduckgo.com/settings',
        'https://duckduckgo.com/l/?uddg=https%3A%2F%2Fexample.org%2F',
        'https://duckduckgo.com/y.js?ad_domain=x',
        'https://duckduckgo.com/app',
        'https://help.duckduckgo.com/',
        'https://duckduckgo.com.evil.example/?q=x',
      ],
    },
    {
      engine: 'yahoo',
      results: [
        'https://search.yahoo.com/search?p=x&fr=yfp-t',
        'https://search.yahoo.com/search;_ylt=AwrE.s0;_ylc=X1MDMjc2NjY3OQ--?p=x&fr2=sb-top',
        'https://uk.search.yahoo.com/search?p=x',
        'https://de.search.yahoo.com/search?p=x',
        'https://fr.search.yahoo.com/search?p=x',
        'https://au.search.yahoo.com/search?p=x',
        'https://ca.search.yahoo.com/search?p=x',
        'https://espanol.search.yahoo.com/search?p=x',
        'https://malaysia.search.yahoo.com/search?p=x',
        'https://tw.search.yahoo.com/search?p=x',
      ],
      not: [
        'https://search.yahoo.com/',
        'https://www.yahoo.com/',
        'https://images.search.yahoo.com/search/images?p=x',
        'https://video.search.yahoo.com/search/video?p=x',
        'https://news.search.yahoo.com/search?p=x',
        'https://r.search.yahoo.com/_ylt=A/RV=2/RE=1/RO=10/RU=https%3a%2f%2fexample.org%2f/RK=2/RS=x-',
        'https://search.yahoo.com/searchx?p=x',
        'https://search.yahoo.co.jp/search?p=x',
      ],
    },
    {
      engine: 'baidu',
      results: [
        'https://www.baidu.com/s?wd=%E9%B2%81%E9%82%A6%E7%A7%8D',
        'https://www.baidu.com/s?ie=utf-8&word=x',
        'https://baidu.com/s?wd=x',
        'http://www.baidu.com/s?wd=x',
      ],
      not: [
        'https://www.baidu.com/',
        'https://www.baidu.com/link?url=abc',
        'https://www.baidu.com/sf/vsearch?pd=video&wd=x',
        'https://image.baidu.com/search/index?word=x',
        'https://baike.baidu.com/item/x',
        'https://map.baidu.com/search/x',
        'https://m.baidu.com/s?word=x',
      ],
    },
  ];

  for (const c of cases) {
    it(`${c.engine}: results pages recognized (regional hosts included)`, () => {
      for (const u of c.results) expect(findEngine(u)?.id, u).toBe(c.engine);
    });
    it(`${c.engine}: other pages of the same hosts are not results pages`, () => {
      for (const u of c.not) expect(findEngine(u)?.id, u).not.toBe(c.engine);
    });
  }

  // duckduckgo.com serves its home page and its results at the same path (/ with and without ?q=).
  it('duckduckgo: the home page https://duckduckgo.com/ (no q=) is not a results page', () => {
    expect(findEngine('https://duckduckgo.com/')).toBeUndefined();
    expect(findEngine('https://duckduckgo.com/?q=x')?.id).toBe('duckduckgo');
    expect(findEngine('https://html.duckduckgo.com/html/')?.id).toBe('duckduckgo');
  });

  it('the query comes from the URL: Bing q, DuckDuckGo q, Yahoo p, Baidu wd or word', () => {
    const { document } = parseHTML('<html><body></body></html>');
    const doc = document as unknown as Document;
    expect(extract(doc, 'https://www.bing.com/search?q=sourdough+starter')?.query).toBe('sourdough starter');
    expect(extract(doc, 'https://duckduckgo.com/?q=sourdough%20starter&ia=web')?.query).toBe('sourdough starter');
    expect(extract(doc, 'https://uk.search.yahoo.com/search;_ylt=A?p=sourdough+starter')?.query).toBe('sourdough starter');
    expect(extract(doc, 'https://www.baidu.com/s?wd=%E9%B2%81%E9%82%A6%E7%A7%8D')?.query).toBe('鲁邦种');
    expect(extract(doc, 'https://www.baidu.com/s?word=%E9%B2%81%E9%82%A6%E7%A7%8D')?.query).toBe('鲁邦种');
  });

  it('content-script match patterns are well formed and cover exactly the hosts the engine recognizes', () => {
    const specs: EngineSpec[] = [bing, duckduckgo, yahoo, baidu];
    for (const spec of specs) {
      expect(spec.matches.length).toBeGreaterThan(0);
      expect(new Set(spec.matches).size).toBe(spec.matches.length);
      for (const m of spec.matches) {
        const parts = /^https:\/\/([a-z0-9.-]+)(\/.*)$/.exec(m);
        expect(parts, m).not.toBeNull();
        expect(spec.host.test(parts![1]), m).toBe(true);
        // a results URL on that host passes the pattern and findEngine
        const sample = `https://${parts![1]}${parts![2].replace(/\*$/, '')}`;
        const re = new RegExp(`^${m.replace(/[.?+^$()[\]{}|\\]/g, '\\$&').replace(/\*/g, '.*')}$`);
        expect(re.test(sample), sample).toBe(true);
      }
    }
    // Yahoo: every regional host is both matched and recognized
    expect(yahoo.matches.length).toBeGreaterThanOrEqual(30);
    for (const m of yahoo.matches) expect(findEngine(m.replace(/\*$/, '?p=x'))?.id, m).toBe('yahoo');
  });
});
