/**
 * Issue #41: sitelinks, deep links, a card's inner links and grouped results are part of their result,
 * never results of their own; cards and questions of other verticals are no results. Told by
 * structure (lib/engines/parts.ts, lib/engines/structure-records.ts) in the definitions' reads and the
 * structural reader's alike, on pages built for what the saved pages show only once or not at all:
 * sitelinks a definition's selectors match (Brave's, 26 read for 19 on a page no fixture came from),
 * a card's inner links, a search within one site, Google's indented second result.
 */
import { describe, expect, it } from 'vitest';
import { extract } from '../../lib/engines/extract';
import { sameSite, siteOf } from '../../lib/engines/same-site';
import { renameNames } from '../helpers/rename-names';
import { parseSerp } from './helpers/serp';

const BRAVE = 'https://search.brave.com/search?q=javascript+tutorial';

/** A Brave result: the header link with its cite, then the description. */
const braveResult = (url: string, site: string, title: string, text: string) =>
  `<div class="snippet" data-type="web"><div class="result-content"><a class="l1" href="${url}"><cite class="snippet-url">${site}</cite><div class="title">${title}</div></a>` +
  `<div class="snippet-description">${text}</div></div></div>`;

/** A sitelink built like a result, matched by the definition's own selector (no cite, a line of text). */
const braveSitelink = (url: string, title: string) =>
  `<div class="snippet" data-type="web"><div class="result-content"><a class="l1" href="${url}"><div class="title">${title}</div></a><div class="snippet-description">Free online lessons.</div></div></div>`;

const bravePage = () =>
  `<meta property="og:site_name" content="Brave Search"><main id="search-page"><div id="results">` +
  `<div class="group">${braveResult('https://www.w3schools.com/js/', 'w3schools.com › js', 'JavaScript Tutorial', 'Well organized and easy to understand web building tutorials with lots of examples.')}` +
  `<div class="cluster">${braveSitelink('https://www.w3schools.com/css/', 'CSS Tutorial for beginners')}${braveSitelink('https://www.w3schools.com/html/', 'HTML Tutorial for beginners')}${braveSitelink('https://www.w3schools.com/tags/', 'HTML Element Reference')}</div></div>` +
  `<div class="group">${braveResult('https://javascript.info/', 'javascript.info', 'The Modern JavaScript Tutorial', 'From the basics to advanced topics with simple, but detailed explanations.')}</div>` +
  `<div class="group">${braveResult('https://developer.mozilla.org/en-US/docs/Web/JavaScript', 'developer.mozilla.org › docs', 'JavaScript | MDN', 'JavaScript is a lightweight interpreted programming language with first-class functions.')}</div>` +
  `<div class="group">${braveResult('https://www.w3schools.com/js/js_intro.asp', 'w3schools.com › js › js_intro', 'JavaScript Introduction', 'JavaScript can change HTML content, attribute values and styles: this is the introduction.')}</div>` +
  `</div></main>`;

describe('sitelinks a definition matches are part of their result (issue #41)', () => {
  it("Brave's sitelinks built as results join the first result, by structure: same site, same block, no address of their own", () => {
    const blocks: Element[][] = [];
    const x = extract(parseSerp(bravePage()), BRAVE, { blocks })!;
    expect(x.reader).toBe('spec');
    expect(x.results.map((r) => r.url)).toEqual([
      'https://www.w3schools.com/js/',
      'https://javascript.info/',
      'https://developer.mozilla.org/en-US/docs/Web/JavaScript',
      'https://www.w3schools.com/js/js_intro.asp',
    ]);
    expect(x.results.map((r) => r.rank)).toEqual([1, 2, 3, 4]);
    // The sitelinks' elements are the first result's: marked and hidden with it.
    expect(blocks[0]).toHaveLength(4);
    expect(blocks[0].slice(1).map((e) => e.querySelector('a')?.getAttribute('href'))).toEqual([
      'https://www.w3schools.com/css/',
      'https://www.w3schools.com/html/',
      'https://www.w3schools.com/tags/',
    ]);
  });

  it('renamed (the definition reads nothing), the structural reader reads the same four', () => {
    const blocks: Element[][] = [];
    const x = extract(parseSerp(renameNames(bravePage(), 5)), BRAVE, { blocks })!;
    expect(x.reader).toBe('structure');
    expect(x.results.map((r) => r.url)).toEqual([
      'https://www.w3schools.com/js/',
      'https://javascript.info/',
      'https://developer.mozilla.org/en-US/docs/Web/JavaScript',
      'https://www.w3schools.com/js/js_intro.asp',
    ]);
    expect(blocks[0].length).toBe(4);
  });
});

const BING = 'https://www.bing.com/search?q=sourdough';

/** A structure-only page (no engine's classes): each result an `li` with `h2 > a`, an address and a text. */
const li = (url: string, title: string, address: string | undefined, text: string, extra = '') =>
  `<li><div><h2><a href="${url}">${title}</a></h2>${address ? `<div><span>${address}</span></div>` : ''}<p>${text}</p>${extra}</div></li>`;
const TEXT = 'A page about sourdough: its starter, its flour, its water and the days it takes to rise.';

describe('the structural reader: what is part of a result, what is a result of its own (issue #41)', () => {
  const read = (html: string) => extract(parseSerp(`<ol>${html}</ol>`), BING)!;

  it("a card's inner links (same site, no address, a line each) are part of the card's result", () => {
    const card = `<div><div><h2><a href="https://en.wikipedia.org/wiki/Sourdough#History">History</a></h2><span>Since 3700 BC.</span></div><div><h2><a href="https://en.wikipedia.org/wiki/Sourdough#Chemistry">Chemistry</a></h2><span>Lactic acid.</span></div></div>`;
    const html =
      li('https://en.wikipedia.org/wiki/Sourdough', 'Sourdough - Wikipedia', 'en.wikipedia.org/wiki/Sourdough', TEXT, card) +
      li('https://a.example/', 'Sourdough at A', 'a.example', TEXT) +
      li('https://b.example/', 'Sourdough at B', 'b.example', TEXT);
    const x = read(html);
    expect(x.reader).toBe('structure');
    expect(x.results.map((r) => r.url)).toEqual(['https://en.wikipedia.org/wiki/Sourdough', 'https://a.example/', 'https://b.example/']);
  });

  it('a search within one site: results of one site side by side, each with its address, stay results', () => {
    const html = Array.from({ length: 6 }, (_, i) => li(`https://docs.example/page${i}`, `Docs page number ${i}`, `docs.example/page${i}`, TEXT)).join('');
    expect(read(html).results).toHaveLength(6);
  });

  it('results of one site without an address, with a text each, side by side, stay results', () => {
    const html = Array.from({ length: 5 }, (_, i) => li(`https://docs.example/page${i}`, `Docs page number ${i}`, undefined, TEXT)).join('');
    expect(read(html).results).toHaveLength(5);
  });

  it("a second result of the same site indented in the first one's block, with its own address, is a result (Google's)", () => {
    const second = `<div><h2><a href="https://a.example/two">Second page of A</a></h2><div><span>a.example/two</span></div><p>${TEXT}</p></div>`;
    const html = li('https://a.example/one', 'First page of A', 'a.example/one', TEXT, second) + li('https://b.example/', 'Sourdough at B', 'b.example', TEXT);
    expect(read(html).results.map((r) => r.url)).toEqual(['https://a.example/one', 'https://a.example/two', 'https://b.example/']);
  });

  it('an entry of another site in a result\'s block is not part of it (a "see also" of another site stays apart)', () => {
    const other = `<div><h2><a href="https://c.example/">Sourdough at C</a></h2><span>Short line.</span></div>`;
    const html = li('https://a.example/', 'Sourdough at A', 'a.example', TEXT, other) + li('https://b.example/', 'Sourdough at B', 'b.example', TEXT);
    const urls = read(html).results.map((r) => r.url);
    expect(urls).toContain('https://a.example/');
    expect(urls).toContain('https://b.example/');
  });

  it('a lone card under a section header and a question are no results; a result without a snippet is (it shows its address)', () => {
    const video = `<li><div><span>Videos</span><div><h2><a href="https://www.youtube.com/watch?v=x1">How to make a starter</a></h2></div></div></li>`;
    const question = `<li><div><h2><a href="https://faq.example/why">Why does my starter smell?</a></h2></div></li>`;
    const bare = li('https://d.example/', 'Sourdough at D', 'd.example', '');
    const html =
      li('https://a.example/', 'Sourdough at A', 'a.example', TEXT) + video + question + li('https://b.example/', 'Sourdough at B', 'b.example', TEXT) + bare;
    expect(read(html).results.map((r) => r.url)).toEqual(['https://a.example/', 'https://b.example/', 'https://d.example/']);
  });

  it('an ad label inside the title link, beside its address, makes the result paid', () => {
    const ad = `<li><div><h2><a href="https://shop.example/kit"><span>shop.example</span><span>Ad</span> Starter kit, free shipping</a></h2><p>${TEXT}</p></div></li>`;
    const titled = li('https://en.wikipedia.org/wiki/Ad', 'Ad', 'en.wikipedia.org/wiki/Ad', TEXT);
    const html = li('https://a.example/', 'Sourdough at A', 'a.example', TEXT) + ad + titled + li('https://b.example/', 'Sourdough at B', 'b.example', TEXT);
    // A title that is the word itself (the heading) is a title, not a label.
    expect(read(html).results.map((r) => r.url)).toEqual(['https://a.example/', 'https://en.wikipedia.org/wiki/Ad', 'https://b.example/']);
  });
});

describe('same site without the Public Suffix List (lib/engines/same-site.ts)', () => {
  it('the same host, a subdomain, a country-code second level', () => {
    expect(sameSite('www.w3schools.com', 'w3schools.com')).toBe(true);
    expect(sameSite('en.wikipedia.org', 'de.wikipedia.org')).toBe(true);
    expect(sameSite('www.bbc.co.uk', 'news.bbc.co.uk')).toBe(true);
    expect(sameSite('bbc.co.uk', 'itv.co.uk')).toBe(false);
    expect(sameSite('a.example', 'b.example')).toBe(false);
    expect(sameSite('10.0.0.1', '192.168.0.1')).toBe(false);
    expect(sameSite('', 'a.example')).toBe(false);
    expect(siteOf('www.example.com.au')).toBe('example.com.au');
  });
});
