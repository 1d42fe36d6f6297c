/**
 * Organic-result extraction for Brave Search, Startpage, Ecosia, Mojeek, Kagi, Yandex, Qwant and SearXNG.
 *
 * 1. The real saved pages in ../shared/fixtures/serp (one per engine, none for Qwant and SearXNG): the
 *    expectations below were decided by reading each page (what a user sees as organic results; see the
 *    `why` of each row), then pinned exactly. Skipped visibly when ../shared is absent.
 * 2. The project's own hand-written fixtures (test/fixtures/serp/<engine>*.html): the same kind of
 *    expectations, plus: ads, non-organic blocks and nested sitelinks are not results, leaked redirects
 *    are undone, and a page with no results gives [] with the engine still recognized.
 * 3. URL matching: results URLs (all country domains) are recognized and covered by the content-script
 *    match patterns; other pages of the same hosts are not.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseHTML } from 'linkedom';
import { describe, expect, it } from 'vitest';
import { extract, findEngine, type ExtractOptions } from '../../lib/engines/extract';
import { ENGINES } from '../../lib/engines/table';
import type { Extraction } from '../../lib/engines/types';
import type { EngineId } from '../../lib/settings';
import { loadSerp as parse } from './helpers/serp';
import { SHARED, hasShared } from './helpers/shared';

const SHARED_SERP = path.join(SHARED, 'fixtures/serp');
const OWN_SERP = path.resolve(__dirname, '../fixtures/serp');

function run(doc: Document, url?: string, opts?: ExtractOptions): Extraction {
  const x = extract(doc, url, opts);
  if (!x) throw new Error(`no engine recognized${url ? ` for ${url}` : ' by markup'}`);
  return x;
}

interface Ends {
  url: string;
  title: string;
}

interface PageCase {
  file: string;
  /** A plausible results URL for the page, so the URL path (engine, query) is exercised. */
  url: string;
  engine: EngineId;
  query: string;
  count: number;
  first: Ends;
  last: Ends;
  /** Links on the page that are not organic results (ads, widgets, sitelinks, grouped results). */
  absent: string[];
  /** How the organic results were decided. */
  why: string;
}

// ---------------------------------------------------------------------------------------------------
// 1. Real pages
// ---------------------------------------------------------------------------------------------------

const SHARED_PAGES: PageCase[] = [
  {
    file: 'brave/2026-04_javascript-tutorial_sanguinary.html',
    url: 'https://search.brave.com/search?q=javascript+tutorial&source=web',
    engine: 'brave',
    query: 'javascript tutorial',
    count: 20,
    first: { url: 'https://www.w3schools.com/js/', title: 'JavaScript Tutorial' },
    last: { url: 'https://www.simplilearn.com/tutorials/javascript-tutorial', title: 'JavaScript Tutorial: Learn JavaScript from Scratch' },
    absent: ['https://www.w3schools.com/css/default.asp', 'https://www.w3schools.com/spaces/index.php', 'https://www.youtube.com/watch?v=Ihy0QziLDf0'],
    why: '#results holds 20 .snippet[data-type=web] (data-pos 0–22); left out: the 4 sitelinks in the first result\'s .result-cluster, the Videos cluster, "People also ask" (#faq), "Find elsewhere", related queries, the infobox',
  },
  {
    file: 'startpage/2026-04_javascript-tutorial_browser_sanguinary.html',
    url: 'https://www.startpage.com/sp/search?query=javascript+tutorial&cat=web&pl=opensearch',
    engine: 'startpage',
    query: 'javascript tutorial',
    count: 10,
    first: { url: 'https://www.w3schools.com/js/', title: 'JavaScript Tutorial - W3Schools' },
    last: { url: 'https://www.youtube.com/watch?v=lfmg-EJ8gm4', title: 'JavaScript Full Course for free - YouTube' },
    absent: [],
    why: 'the 10 .result under .w-gl ("Web results"), YouTube pages included (they are web results); left out: the Google ad iframes (#gcsa-top/#gcsa-bottom), the search-expander video/wiki panel, the sidebar',
  },
  {
    file: 'ecosia/2026-04_javascript-tutorial_sanguinary.html',
    url: 'https://www.ecosia.org/search?method=index&q=javascript+tutorial',
    engine: 'ecosia',
    query: 'javascript tutorial',
    count: 10,
    first: { url: 'https://www.w3schools.com/js/', title: 'JavaScript Tutorial - W3Schools' },
    last: { url: 'https://www.tutorialspoint.com/javascript/index.htm', title: 'JavaScript Tutorial - TutorialsPoint' },
    absent: [],
    why: 'the 10 mainline wrappers marked mainline-result-web; left out: the two mainline-result-ad wrappers (Google ad iframes, first and last), related searches, the sidebar',
  },
  {
    file: 'mojeek/2026-04_javascript-tutorial_sanguinary.html',
    url: 'https://www.mojeek.com/search?q=javascript+tutorial',
    engine: 'mojeek',
    query: 'javascript tutorial',
    count: 10,
    first: { url: 'https://javascript.info/', title: 'The Modern JavaScript Tutorial' },
    last: { url: 'https://smartwebby.com/DHTML/', title: 'Javascript/DHTML Tutorials' },
    absent: [],
    why: 'the 10 li of ul.results-standard (r1–r10; r2 has a title but no snippet and still is a result, r3 is a clustered result of the same site); no ads or widgets on the page; "See more results from" links point back to Mojeek',
  },
  {
    file: 'kagi/2025-08_steve-jobs_czottmann.html',
    url: 'https://kagi.com/search?q=steve+jobs',
    engine: 'kagi',
    query: 'steve jobs',
    count: 38,
    first: { url: 'https://en.wikipedia.org/wiki/Steve_Jobs', title: 'Steve Jobs - Wikipedia' },
    last: {
      url: 'https://www.fakesteve.net/2011/10/one-last-thing-r-i-p-steve-jobs.html',
      title: 'The Secret Diary of Steve Jobs : One last thing: R.I.P., Steve Jobs',
    },
    absent: [
      'https://en.wikipedia.org/wiki/Steve_Jobs_(film)',
      'https://www.britannica.com/summary/Steve-Jobs',
      'https://blog.hayman.net/2025/05/06/from-steve-jobs-great-idea.html',
    ],
    why: '48 ._0_SRI in #page0, of which 10 are items of the "Interesting Finds" and "Blast from the Past" widgets: 38 results; the 6 .sri-group results each carry one grouped result of the same site (.__srgi), not counted; videos, images and related searches are widgets; no ads (Kagi has none)',
  },
  {
    file: 'yandex/2019-09_cloud-service_sescraper.html',
    url: 'https://yandex.com/search/?text=cloud%20service&lr=177',
    engine: 'yandex',
    query: 'cloud service',
    count: 10,
    first: { url: 'https://www.softwaretestinghelp.com/cloud-computing-service-providers/', title: '15 Top Cloud Computing Service Provider Companies' },
    last: { url: 'https://www.skyhighnetworks.com/cloud-security-blog/what-is-a-cloud-service/', title: 'What is a Cloud Service? - McAfee MVISION Cloud' },
    absent: ['https://yandex.com/video/search?text=cloud%20service&path=wizard&parent-reqid=1568382150031509-794402153767354981100088-sas1-5453&noreask=1'],
    why: '13 li.serp-item: the first and last are Yandex.Direct ads ("ad" label, yabs.yandex.ru links) and the 11th a video wizard; the 10 others are organic',
  },
];

describe.skipIf(!hasShared)('real results pages of Brave, Startpage, Ecosia, Mojeek, Kagi, Yandex (needs ../shared)', () => {
  const timings: { page: string; engine: string; results: number; first: number; ms: number }[] = [];

  for (const p of SHARED_PAGES) {
    describe(p.file, () => {
      it(`${p.count} organic results, first and last pinned (${p.why})`, () => {
        const doc = parse(path.join(SHARED_SERP, p.file));
        const t0 = performance.now();
        const x = run(doc, p.url);
        const first = performance.now() - t0;
        expect(x.engine).toBe(p.engine);
        expect(x.query).toBe(p.query);
        expect(x.results.length).toBe(p.count);
        expect({ url: x.results[0].url, title: x.results[0].title }).toEqual(p.first);
        const last = x.results[x.results.length - 1];
        expect({ url: last.url, title: last.title }).toEqual(p.last);
        expect(x.results.map((r) => r.rank)).toEqual(x.results.map((_, i) => i + 1));
        for (const r of x.results) {
          expect(r.title).not.toBe('');
          expect(r.displayUrl).not.toBe('');
          expect(r.unresolved).toBeUndefined();
        }
        const urls = x.results.map((r) => r.url);
        for (const a of p.absent) expect(urls).not.toContain(a);
        expect(urls.some((u) => /yabs\.yandex\./.test(u))).toBe(false);

        // The run above was the first on this document (it paid for selector compilation and JIT warm-up
        // in linkedom's css-select); the figure reported is the median of the next 5.
        const times: number[] = [];
        for (let i = 0; i < 5; i++) {
          const t0 = performance.now();
          extract(doc, p.url);
          times.push(performance.now() - t0);
        }
        times.sort((a, b) => a - b);
        timings.push({ page: p.file, engine: p.engine, results: x.results.length, first, ms: times[2] });
      });

      it('the markup alone (no URL) is recognized as the same engine, with the same results', () => {
        const doc = parse(path.join(SHARED_SERP, p.file));
        const byUrl = run(doc, p.url);
        const byMarkup = run(doc);
        expect(byMarkup.engine).toBe(p.engine);
        expect(byMarkup.results.map((r) => r.url)).toEqual(byUrl.results.map((r) => r.url));
      });
    });
  }

  it('extraction time per page (median of 5 runs, linkedom)', () => {
    expect(timings.length).toBe(SHARED_PAGES.length);
    const row = (t: (typeof timings)[number]) =>
      `  ${t.ms.toFixed(2).padStart(7)} ms  (first run ${t.first.toFixed(1).padStart(5)} ms)  ${String(t.results).padStart(3)} results  ${t.page}`;
    console.log(`extraction time per page, median of 5 runs after the first (linkedom):\n${timings.map(row).join('\n')}`);
  });
});

if (!hasShared) {
  it('../shared is absent: real-page tests skipped', () => {
    console.warn(`[resemble] ${SHARED_SERP} does not exist: the real results-page tests for Brave, Startpage, Ecosia, Mojeek, Kagi and Yandex were skipped.`);
  });
}

// ---------------------------------------------------------------------------------------------------
// 2. Own fixtures
// ---------------------------------------------------------------------------------------------------

interface OwnCase extends PageCase {
  opts?: ExtractOptions;
  firstSnippet: string;
  firstDisplayUrl: string;
  /** Titles of ads on the page. */
  adTitles: string[];
  /** The markup variant that reads it, where the engine has several. */
  variant?: string;
}

const SEARX_OPTS: ExtractOptions = { searxngHosts: ['searx.example.org'] };

const OWN_PAGES: OwnCase[] = [
  {
    file: 'brave.html',
    url: 'https://search.brave.com/search?q=sourdough+starter&source=desktop',
    engine: 'brave',
    query: 'sourdough starter',
    count: 3,
    first: { url: 'https://www.kingarthurbaking.example/recipes/sourdough-starter', title: 'Sourdough Starter Recipe' },
    last: { url: 'https://en.wikipedia.org/wiki/Sourdough', title: 'Sourdough - Wikipedia' },
    firstSnippet: 'Feed equal weights of flour and water once a day until the starter doubles within eight hours.',
    firstDisplayUrl: 'kingarthurbaking.example › recipes › sourdough-starter',
    adTitles: ['Sourdough Starter Kit – Free Shipping'],
    absent: [
      'https://shop.flour-direct.example/starter-kit',
      'https://www.kingarthurbaking.example/recipes/rustic-sourdough-bread',
      'https://www.kingarthurbaking.example/blog/feeding-schedule',
      'https://www.youtube.com/watch?v=st4rt3r0001',
      'https://www.thekitchn.example/starter-faq',
      'https://en.wikipedia.org/wiki/Sourdough_starter',
    ],
    why: 'ad, sitelink cluster, videos, PAA, infobox left out',
  },
  {
    file: 'startpage.html',
    url: 'https://www.startpage.com/sp/search',
    engine: 'startpage',
    query: 'rust borrow checker',
    count: 3,
    first: { url: 'https://doc.rust-lang.org/book/ch04-02-references-and-borrowing.html', title: 'References and Borrowing - The Rust Programming Language' },
    last: { url: 'https://stackoverflow.com/questions/47640550/what-is-a-borrow-checker', title: 'rust - What is a borrow checker? - Stack Overflow' },
    firstSnippet: 'The borrow checker enforces that references never outlive the value they point to.',
    firstDisplayUrl: 'https://doc.rust-lang.org/book/ch04-02-references-and-borrowing.html',
    adTitles: [],
    absent: [
      'https://doc.rust-lang.org/book/ch04-01-what-is-ownership.html',
      'https://doc.rust-lang.org/book/ch10-03-lifetime-syntax.html',
      'https://en.wikipedia.org/wiki/Rust_(programming_language)',
      'https://www.youtube.com/watch?v=b0rr0wCh3ck',
      'https://en.wikipedia.org/wiki/Borrow_checker',
      'https://us2-browse.startpage.com/av/proxy?ep=00112233&sc=abc',
    ],
    why: 'POSTed page: the query comes from the search box; ad slots, knowledge panel, sitelinks, videos, sidebar left out',
  },
  {
    file: 'ecosia.html',
    url: 'https://www.ecosia.org/search?method=index&q=heat+pump+efficiency',
    engine: 'ecosia',
    query: 'heat pump efficiency',
    count: 3,
    first: { url: 'https://www.energysavingtrust.example/heat-pumps/efficiency/', title: 'Heat pump efficiency explained' },
    last: { url: 'https://www.carbonbrief.example/factcheck-heat-pumps/', title: 'Factcheck: 18 misleading myths about heat pumps' },
    firstSnippet: "A heat pump's coefficient of performance (COP) is the heat delivered per unit of electricity.",
    firstDisplayUrl: 'https://www.energysavingtrust.example› heat-pumps › efficiency ›',
    adTitles: ['Heat Pumps From £0 Upfront - Get a Quote'],
    absent: [
      'https://www.bing.com/aclick?ld=e8Xy&u=aHR0cHM6Ly9oZWF0cHVtcHMuZXhhbXBsZS9xdW90ZQ',
      'https://www.energysavingtrust.example/heat-pumps/air-source/',
      'https://news.example/2026/01/heat-pump-sales',
      'https://en.wikipedia.org/wiki/Heat_pump',
    ],
    why: 'ad wrapper (a result-shaped card), Google ad slot, sitelinks, news, related searches, sidebar left out',
  },
  {
    file: 'mojeek.html',
    url: 'https://www.mojeek.com/search?q=lichen+identification',
    engine: 'mojeek',
    query: 'lichen identification',
    count: 3,
    first: { url: 'https://www.britishlichensociety.example/identification', title: 'Identifying lichens | British Lichen Society' },
    last: { url: 'https://www.inaturalist.example/guides/lichens', title: 'Lichens of North America field guide' },
    firstSnippet: 'Start with the growth form: crustose, foliose or fruticose, then look at colour and fruiting bodies.',
    firstDisplayUrl: 'https://www.britishlichensociety.example › identification',
    adTitles: [],
    absent: ['https://en.wikipedia.org/wiki/Lichen'],
    why: 'no ads or sitelinks on Mojeek; the clustered result counts; the infobox does not',
  },
  {
    file: 'kagi.html',
    url: 'https://kagi.com/search?q=tardigrade+cryptobiosis',
    engine: 'kagi',
    query: 'tardigrade cryptobiosis',
    count: 3,
    first: { url: 'https://en.wikipedia.org/wiki/Tardigrade', title: 'Tardigrade - Wikipedia' },
    last: { url: 'https://www.sciencedaily.example/releases/2023/tardigrade-radiation', title: 'Tardigrade protein shields DNA from radiation' },
    firstSnippet: 'Tardigrades are eight-legged micro-animals known for surviving extreme conditions through cryptobiosis.',
    firstDisplayUrl: 'en.wikipedia.org › wiki › Tardigrade',
    adTitles: [],
    absent: [
      'https://en.wikipedia.org/wiki/Cryptobiosis',
      'https://smallblog.example/water-bears',
      'https://microscopy.example/tardigrades',
      'https://www.youtube.com/watch?v=t4rd1gr4d3s',
    ],
    why: 'no ads on Kagi; the grouped result, the video widget and the Interesting Finds items (._0_SRI too) left out',
  },
  {
    file: 'yandex.html',
    url: 'https://yandex.com/search/?text=permafrost+thaw&lr=10393',
    engine: 'yandex',
    query: 'permafrost thaw',
    count: 3,
    first: { url: 'https://climate.nasa.example/news/permafrost-thaw/', title: 'Permafrost thaw is accelerating – NASA Climate' },
    last: { url: 'https://www.carbonbrief.example/permafrost-explainer', title: 'Explainer: how thawing permafrost releases carbon' },
    firstSnippet: 'Frozen ground across the Arctic holds twice as much carbon as the atmosphere.',
    firstDisplayUrl: 'climate.nasa.example›news/permafrost-thaw',
    adTitles: ['Arctic Cruises 2026 – Book Now!', 'Ground Heat Sensors — Wholesale'],
    absent: [
      'https://yabs.yandex.ru/count/WmOejI_zO8q50Fa0-ads1',
      'https://yabs.yandex.ru/count/WmOejI_zO8q50Fa0-ads2',
      'https://climate.nasa.example/evidence/',
      'https://www.youtube.com/watch?v=p3rm4fr0st1',
      'https://yandex.com/video/search?text=permafrost%20thaw&path=wizard',
    ],
    why: 'two Direct ads (organic-looking), sitelinks, video wizard, related searches, right column left out',
  },
  {
    file: 'qwant.html',
    url: 'https://www.qwant.com/?q=solar+eclipse+2026&t=web',
    engine: 'qwant',
    query: 'solar eclipse 2026',
    count: 3,
    first: { url: 'https://science.nasa.example/eclipses/future-eclipses/eclipse-2026/', title: 'Total Solar Eclipse of August 12, 2026 - NASA Science' },
    last: { url: 'https://en.wikipedia.org/wiki/Solar_eclipse_of_August_12,_2026', title: 'Solar eclipse of August 12, 2026 - Wikipedia' },
    firstSnippet: 'The path of totality crosses Greenland, Iceland and northern Spain.',
    firstDisplayUrl: 'science.nasa.example › eclipses › future-eclipses',
    adTitles: ['Eclipse Tours to Spain – August 2026', 'Eclipse glasses – ISO certified'],
    absent: [
      'https://www.bing.com/aclick?ld=e3qW&u=aHR0cHM6Ly93d3cuZWNsaXBzZS10b3Vycy5leGFtcGxl',
      'https://news.example/2026/eclipse-hotels-spain',
      'https://www.youtube.com/watch?v=ecl1ps32026',
      'https://en.wikipedia.org/wiki/Solar_eclipse',
    ],
    why: 'in-line ad, news, videos, sidebar panel and sidebar ad left out',
  },
  {
    file: 'searxng.html',
    url: 'https://searx.example.org/search',
    opts: SEARX_OPTS,
    engine: 'searxng',
    query: 'python asyncio gather',
    count: 3,
    first: { url: 'https://docs.python.org/3/library/asyncio-task.html', title: 'Coroutines and Tasks — Python 3 documentation' },
    last: {
      url: 'https://stackoverflow.com/questions/42231161/asyncio-gather-vs-asyncio-wait',
      title: 'python - Asyncio.gather vs asyncio.wait - Stack Overflow',
    },
    firstSnippet: 'Run awaitable objects in the aws sequence concurrently. If any awaitable in aws is a coroutine, it is automatically scheduled as a Task.',
    firstDisplayUrl: 'https://docs.python.org › 3 › library › asyncio-task.html',
    adTitles: [],
    absent: [
      'https://commons.wikimedia.example/wiki/File:Event_loop.svg',
      'https://docs.python.org/3/library/asyncio.html',
      'https://docs.python.org/3/library/asyncio-task.html#asyncio.gather',
    ],
    why: 'POSTed page on a user-added instance: the query comes from the search box; answer, infobox, suggestions and the image result left out; leaked Bing/Google redirects undone',
    variant: 'simple',
  },
  {
    // Added by following docs/adding-an-engine.md: a page built from the oscar theme's templates.
    file: 'searxng-oscar.html',
    url: 'https://searx.example.org/search?q=rust+borrow+checker',
    opts: SEARX_OPTS,
    engine: 'searxng',
    query: 'rust borrow checker',
    count: 5,
    first: { url: 'https://doc.rust-lang.org/book/ch04-02-references-and-borrowing.html', title: 'References and Borrowing - The Rust Programming Language' },
    last: { url: 'https://stackoverflow.com/questions/47640550/what-is-the-borrow-checker', title: 'rust - What is the borrow checker? - Stack Overflow' },
    firstSnippet:
      'A reference is like a pointer in that it is an address we can follow to access the data stored at that address; that data is owned by some other variable. Unlike a pointer, a reference is guaranteed to point to a valid value.',
    firstDisplayUrl: 'https://doc.rust-lang.org/book/ch04-02-references-and-borrowing.html',
    adTitles: [],
    absent: [
      'https://doc.rust-lang.org/reference/lifetime-elision.html',
      'https://en.wikipedia.org/wiki/Rust_(programming_language)',
      'https://web.archive.org/web/https://doc.rust-lang.org/book/ch04-02-references-and-borrowing.html',
    ],
    why: 'oscar theme: the 5 div.result with an h4 title link in #main_results, the mirror of the first and the video result (a result of the list, with its own title, address and text: issue #41) included; the answer, the correction, the sidebar and the "cached" links left out; a leaked Google redirect undone',
    variant: 'oscar',
  },
];

describe('own fixtures of Brave, Startpage, Ecosia, Mojeek, Kagi, Yandex, Qwant, SearXNG', () => {
  for (const p of OWN_PAGES) {
    describe(p.file, () => {
      const load = () => parse(path.join(OWN_SERP, p.file));

      it(`${p.count} organic results, first and last pinned (${p.why})`, () => {
        const x = run(load(), p.url, p.opts);
        expect(x.engine).toBe(p.engine);
        expect(x.query).toBe(p.query);
        expect(x.results.length).toBe(p.count);
        expect({ url: x.results[0].url, title: x.results[0].title }).toEqual(p.first);
        const last = x.results[x.results.length - 1];
        expect({ url: last.url, title: last.title }).toEqual(p.last);
        expect(x.results[0].snippet).toBe(p.firstSnippet);
        expect(x.results[0].displayUrl).toBe(p.firstDisplayUrl);
        if (p.variant) expect(x.variant).toBe(p.variant);
      });

      it('ads, non-organic blocks and nested sitelinks are not results', () => {
        const x = run(load(), p.url, p.opts);
        const urls = x.results.map((r) => r.url);
        const titles = x.results.map((r) => r.title);
        for (const a of p.absent) expect(urls).not.toContain(a);
        for (const t of p.adTitles) expect(titles).not.toContain(t);
        for (const u of urls) {
          expect(u).not.toMatch(/aclick|yabs\.yandex\.|syndicatedsearch|\/afs\/ads/);
          expect(findEngine(u, p.opts)).toBeUndefined(); // never the engine's own pages
        }
      });

      it('the markup alone (no URL) is recognized as the same engine, with the same results', () => {
        const byUrl = run(load(), p.url, p.opts);
        const byMarkup = run(load());
        expect(byMarkup.engine).toBe(p.engine);
        expect(byMarkup.results).toEqual(byUrl.results);
      });
    });
  }

  it('SearXNG: redirects of upstream engines that leak through are undone (Bing /ck/a, Google /url?q=)', () => {
    const x = run(parse(path.join(OWN_SERP, 'searxng.html')), 'https://searx.example.org/search', SEARX_OPTS);
    expect(x.results.map((r) => r.url)).toEqual([
      'https://docs.python.org/3/library/asyncio-task.html',
      'https://realpython.example/async-io-python/',
      'https://stackoverflow.com/questions/42231161/asyncio-gather-vs-asyncio-wait',
    ]);
    for (const r of x.results) {
      expect(new URL(r.url).hostname).not.toMatch(/(^|\.)(bing|google)\.com$/);
      expect(r.unresolved).toBeUndefined();
    }
  });

  it("SearXNG, oscar theme: the leaked Google redirect is undone; the simple theme's page is still read by its own variant", () => {
    const x = run(parse(path.join(OWN_SERP, 'searxng-oscar.html')), 'https://searx.example.org/search?q=rust+borrow+checker', SEARX_OPTS);
    expect(x.results[3].url).toBe('https://blog.logrocket.example/introducing-the-rust-borrow-checker/');
    // The video result, second in the list, is a result (issue #41).
    expect(x.results[1].url).toBe('https://www.youtube.com/watch?v=b0rr0wch3ck');
    expect(x.results.map((r) => r.rank)).toEqual([1, 2, 3, 4, 5]);
    expect(run(parse(path.join(OWN_SERP, 'searxng.html'))).variant).toBe('simple');
  });

  it('Yandex: ads link to yabs.yandex.ru, not a Yandex results page, so only the data keeps them out (their title link is refused)', () => {
    const x = run(parse(path.join(OWN_SERP, 'yandex.html')), 'https://yandex.com/search/?text=permafrost+thaw');
    expect(findEngine('https://yabs.yandex.ru/count/WmOejI_zO8q50Fa0-ads1')).toBeUndefined();
    expect(x.results.every((r) => !r.url.includes('yabs.yandex.'))).toBe(true);
  });

  const EMPTY: { file: string; url: string; engine: EngineId; query: string; opts?: ExtractOptions }[] = [
    { file: 'brave-no-results.html', url: 'https://search.brave.com/search?q=qqxqzv+zzvq', engine: 'brave', query: 'qqxqzv zzvq' },
    { file: 'startpage-no-results.html', url: 'https://www.startpage.com/sp/search', engine: 'startpage', query: 'qqxqzv zzvq' },
    { file: 'ecosia-no-results.html', url: 'https://www.ecosia.org/search?q=qqxqzv+zzvq', engine: 'ecosia', query: 'qqxqzv zzvq' },
    { file: 'mojeek-no-results.html', url: 'https://www.mojeek.com/search?q=qqxqzv+zzvq', engine: 'mojeek', query: 'qqxqzv zzvq' },
    { file: 'kagi-no-results.html', url: 'https://kagi.com/search?q=qqxqzv+zzvq', engine: 'kagi', query: 'qqxqzv zzvq' },
    { file: 'yandex-no-results.html', url: 'https://yandex.ru/search/?text=qqxqzv+zzvq', engine: 'yandex', query: 'qqxqzv zzvq' },
    { file: 'qwant-no-results.html', url: 'https://www.qwant.com/?q=qqxqzv+zzvq&t=web', engine: 'qwant', query: 'qqxqzv zzvq' },
    { file: 'searxng-no-results.html', url: 'https://searx.example.org/search', engine: 'searxng', query: 'qqxqzv zzvq', opts: SEARX_OPTS },
    { file: 'searxng-oscar-no-results.html', url: 'https://searx.example.org/search', engine: 'searxng', query: 'qqxqzv zzvq', opts: SEARX_OPTS },
  ];
  for (const e of EMPTY) {
    it(`${e.file}: no results gives [] with the engine still recognized, by URL and by markup`, () => {
      const doc = parse(path.join(OWN_SERP, e.file));
      expect(run(doc, e.url, e.opts)).toMatchObject({ engine: e.engine, query: e.query, results: [] });
      expect(run(doc)).toMatchObject({ engine: e.engine, results: [] });
    });
  }

  it('a page whose markup the selectors no longer match is read by its structure, with the engine still recognized', () => {
    // Brave renaming data-type="web": the engine comes from the URL, the results from the (stale) data.
    const html = readFileSync(path.join(OWN_SERP, 'brave.html'), 'utf8').replaceAll('data-type="web"', 'data-kind="web"');
    const doc = parseHTML(html).document as unknown as Document;
    const x = run(doc, 'https://search.brave.com/search?q=sourdough+starter');
    expect(x).toMatchObject({ engine: 'brave', reader: 'structure' });
    expect(x.results.length).toBeGreaterThanOrEqual(3);
  });
});

// ---------------------------------------------------------------------------------------------------
// 3. URL matching
// ---------------------------------------------------------------------------------------------------

/** Whether a WebExtension match pattern (`scheme://host/path`, `*` wildcards) matches a URL. */
function matchesPattern(pattern: string, url: string): boolean {
  const m = /^(https?|\*):\/\/([^/]+)(\/.*)$/.exec(pattern);
  if (!m) throw new Error(`bad match pattern ${pattern}`);
  const [, scheme, host, pathGlob] = m;
  const u = new URL(url);
  if (scheme !== '*' && `${scheme}:` !== u.protocol) return false;
  const hostOk = host === '*' || (host.startsWith('*.') ? u.hostname === host.slice(2) || u.hostname.endsWith(host.slice(1)) : u.hostname === host);
  const glob = new RegExp(
    `^${pathGlob
      .split('*')
      .map((s) => s.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
      .join('.*')}$`,
  );
  return hostOk && glob.test(u.pathname + u.search);
}

const RESULTS_URLS: Record<Exclude<EngineId, 'google' | 'bing' | 'duckduckgo' | 'yahoo' | 'baidu' | 'searxng'>, string[]> = {
  brave: ['https://search.brave.com/search?q=x', 'https://search.brave.com/search?q=x&source=web&offset=1'],
  startpage: [
    'https://www.startpage.com/sp/search?query=x',
    'https://www.startpage.com/sp/search',
    'https://www.startpage.com/do/dsearch?query=x&cat=web',
    'https://www.startpage.com/do/search?q=x',
    'https://eu.startpage.com/do/search?query=x',
    'https://www.startpage.com/rvd/search?query=x',
  ],
  ecosia: ['https://www.ecosia.org/search?q=x', 'https://www.ecosia.org/search?method=index&q=x&p=1'],
  mojeek: ['https://www.mojeek.com/search?q=x', 'https://mojeek.com/search?q=x&s=11', 'https://www.mojeek.co.uk/search?q=x'],
  kagi: ['https://kagi.com/search?q=x', 'https://kagi.com/html/search?q=x&batch=2'],
  yandex: [
    'https://yandex.ru/search/?text=x&lr=213',
    'https://yandex.com/search/?text=x',
    'https://yandex.com.tr/search/?text=x',
    'https://yandex.kz/search/?text=x',
    'https://yandex.by/search/?text=x',
    'https://yandex.uz/search/?text=x',
    'https://yandex.com.am/search/?text=x',
    'https://yandex.co.il/search/?text=x',
    'https://ya.ru/search/?text=x',
    'https://yandex.ru/search/touch/?text=x',
    'https://www.yandex.ru/search/?text=x',
  ],
  qwant: ['https://www.qwant.com/?q=x&t=web', 'https://www.qwant.com/?l=fr&q=x'],
};

const NOT_RESULTS: Record<keyof typeof RESULTS_URLS, string[]> = {
  brave: [
    'https://search.brave.com/',
    'https://search.brave.com/images?q=x',
    'https://search.brave.com/news?q=x',
    'https://brave.com/search/',
    'https://search.brave.com.evil.example/search?q=x',
  ],
  startpage: [
    'https://www.startpage.com/',
    'https://www.startpage.com/en/privacy-policy',
    'https://www.startpage.com/sp/settings',
    'https://startpage.com.evil.example/sp/search?query=x',
  ],
  ecosia: ['https://www.ecosia.org/', 'https://www.ecosia.org/images?q=x', 'https://www.ecosia.org/news?q=x', 'https://blog.ecosia.org/search?q=x'],
  mojeek: ['https://www.mojeek.com/', 'https://www.mojeek.com/about', 'https://www.mojeek.com/search/images?q=x', 'https://blog.mojeek.com/search?q=x'],
  kagi: ['https://kagi.com/', 'https://kagi.com/settings', 'https://kagi.com/images?q=x', 'https://help.kagi.com/search'],
  yandex: [
    'https://yandex.ru/',
    'https://yandex.ru/maps/?text=x',
    'https://yandex.ru/images/search?text=x',
    'https://yandex.com/video/search?text=x',
    'https://yandex.example.com/search/?text=x',
    'https://mail.yandex.ru/search/',
  ],
  qwant: ['https://www.qwant.com/maps/place/x', 'https://about.qwant.com/', 'https://help.qwant.com/search'],
};

describe('URL matching of Brave, Startpage, Ecosia, Mojeek, Kagi, Yandex, Qwant, SearXNG', () => {
  for (const [id, urls] of Object.entries(RESULTS_URLS)) {
    const spec = ENGINES.find((e) => e.id === id)!;
    it(`${id}: results URLs are recognized and covered by the content-script matches`, () => {
      for (const u of urls) {
        expect(findEngine(u)?.id, u).toBe(id);
        expect(
          spec.matches.some((p) => matchesPattern(p, u)),
          `${u} matched by ${spec.matches.join(' ')}`,
        ).toBe(true);
      }
    });
    it(`${id}: other pages of its hosts (and look-alike hosts) are not results pages`, () => {
      for (const u of NOT_RESULTS[id as keyof typeof RESULTS_URLS]) expect(findEngine(u)?.id, u).toBeUndefined();
    });
  }

  it('yandex: every country domain has its content-script match, with and without www', () => {
    const yandex = ENGINES.find((e) => e.id === 'yandex')!;
    for (const tld of ['ru', 'com', 'com.tr', 'com.am', 'com.ge', 'az', 'by', 'co.il', 'ee', 'eu', 'kg', 'kz', 'lt', 'lv', 'md', 'tj', 'tm', 'uz']) {
      for (const host of [`yandex.${tld}`, `www.yandex.${tld}`]) {
        const u = `https://${host}/search/?text=x`;
        expect(findEngine(u)?.id, u).toBe('yandex');
        expect(
          yandex.matches.some((p) => matchesPattern(p, u)),
          u,
        ).toBe(true);
      }
    }
  });

  it('searxng: results pages only on hosts the user added, never by default', () => {
    expect(findEngine('https://searx.example.org/search?q=x', SEARX_OPTS)?.id).toBe('searxng');
    expect(findEngine('https://searx.example.org/search', SEARX_OPTS)?.id).toBe('searxng');
    expect(findEngine('https://searx.example.org/search?q=x')).toBeUndefined();
    expect(findEngine('https://other.example.net/search?q=x', SEARX_OPTS)).toBeUndefined();
    expect(ENGINES.find((e) => e.id === 'searxng')!.matches).toEqual([]);
  });

  it('qwant: the home page (same path as the results, no q) is not a results page', () => {
    expect(findEngine('https://www.qwant.com/')).toBeUndefined();
    expect(findEngine('https://www.qwant.com/?t=web')).toBeUndefined();
    expect(findEngine('https://www.qwant.com/?q=x')?.id).toBe('qwant');
  });

  // A known gap of the generic findEngine (an added SearXNG host is taken whatever the path), reported
  // for a generic fix: this fails today, and will say so once it is fixed.
  it("searxng: an added instance's home and preferences pages are not results pages", () => {
    expect(findEngine('https://searx.example.org/', SEARX_OPTS)).toBeUndefined();
    expect(findEngine('https://searx.example.org/preferences', SEARX_OPTS)).toBeUndefined();
  });
});

describe('selector data of Brave, Startpage, Ecosia, Mojeek, Kagi, Yandex, Qwant, SearXNG', () => {
  const MINE: EngineId[] = ['brave', 'startpage', 'ecosia', 'mojeek', 'kagi', 'yandex', 'qwant', 'searxng'];
  it('every selector parses, and none needs :has() (Firefox supports it from 121; the extension runs on 115)', () => {
    const doc = parseHTML('<html><body><p>x</p></body></html>').document as unknown as Document;
    for (const id of MINE) {
      const spec = ENGINES.find((e) => e.id === id)!;
      const selectors = [
        spec.queryInput ?? '',
        ...spec.variants.flatMap((v) => [v.detect ?? '', v.result, v.link, v.title ?? '', ...v.snippet, ...(v.displayUrl ?? []), ...(v.exclude ?? [])]),
      ].filter(Boolean);
      for (const sel of selectors) {
        expect(sel, `${id}: ${sel}`).not.toMatch(/:has\(/);
        expect(() => doc.querySelector(sel), `${id}: ${sel}`).not.toThrow();
      }
    }
  });
});
