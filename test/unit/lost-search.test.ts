/** Searching for a dead page by its remembered phrases and title (lib/lost/search.ts, issue #7). */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseHTML } from 'linkedom';
import { describe, expect, it } from 'vitest';
import { extractSerp } from '../../lib/page/extract-serp';
import { findEngine } from '../../lib/engines/extract';
import { MAX_QUERY_CHARS, searchQueries, searchTargets, searchUrl } from '../../lib/lost/search';
import { ENGINE_IDS } from '../../lib/settings';

describe('searchQueries', () => {
  it('quotes the phrases first, then the title; at most three', () => {
    expect(searchQueries({ title: 'PEP 9 – Sample Plaintext PEP Template', phrases: ['content for your PEP, replacing all this gobbledygook'] })).toEqual([
      '"content for your PEP, replacing all this gobbledygook"',
      'PEP 9 – Sample Plaintext PEP Template',
    ]);
    const many = searchQueries({ title: 'T x y', phrases: ['one two three four', 'five six seven eight', 'nine ten eleven twelve', 'more words here too'] });
    expect(many).toEqual(['"one two three four"', '"five six seven eight"', '"nine ten eleven twelve"']);
  });

  it('searches by title alone when no phrase was kept (no sketch of the page)', () => {
    expect(searchQueries({ title: '  The   harbour at night ' })).toEqual(['The harbour at night']);
    expect(searchQueries({ title: 'x', phrases: [] })).toEqual(['x']);
  });

  it('drops quotes inside phrases, phrases of under three words, duplicates and empty input', () => {
    expect(searchQueries({ phrases: ['he said "stop the engine" twice', 'too short', '   ', 'he said "stop the engine" twice'], title: '"' })).toEqual([
      '"he said stop the engine twice"',
    ]);
    expect(searchQueries({})).toEqual([]);
    expect(searchQueries({ phrases: ['a b c'] }, 0)).toEqual([]);
  });

  it('keeps queries short', () => {
    const long = Array.from({ length: 100 }, (_, i) => `word${i}`).join(' ');
    for (const q of searchQueries({ title: long, phrases: [long] })) expect(q.length).toBeLessThanOrEqual(MAX_QUERY_CHARS);
  });
});

describe('searchUrl', () => {
  it('uses DuckDuckGo’s html endpoint', () => {
    const u = searchUrl('duckduckgo', '"a phrase" & more');
    expect(u).toBe('https://html.duckduckgo.com/html/?q=%22a%20phrase%22%20%26%20more');
    expect(new URL(u).searchParams.get('q')).toBe('"a phrase" & more');
  });

  it.each(ENGINE_IDS.filter((e) => e !== 'searxng'))('%s: a results page the engine table reads, with the query', (engine) => {
    const u = searchUrl(engine, '"lost page" words');
    const spec = findEngine(u);
    expect(spec?.id).toBe(engine);
    const url = new URL(u);
    expect(spec!.queryParams.map((k) => url.searchParams.get(k)).find((v) => v)).toBe('"lost page" words');
  });

  it('searxng: the user’s instance, else DuckDuckGo', () => {
    const u = searchUrl('searxng', 'q w', { searxngHost: 'searx.example.org' });
    expect(u).toBe('https://searx.example.org/search?q=q%20w');
    expect(findEngine(u, { searxngHosts: ['searx.example.org'] })?.id).toBe('searxng');
    expect(searchUrl('searxng', 'q')).toBe('https://html.duckduckgo.com/html/?q=q');
    expect(searchUrl('searxng', 'q', { searxngHost: 'bad host/' })).toBe('https://html.duckduckgo.com/html/?q=q');
  });
});

describe('searchTargets', () => {
  const DEAD = 'https://gone.example/essay';
  const serp = (engine: string, url: string, ...results: string[]) => ({ engine, url, results: results.map((u) => ({ url: u })) });

  it('asks the engine of the newest results page that listed the dead page, then DuckDuckGo', () => {
    const serps = [
      serp('bing', 'https://www.bing.com/search?q=x', 'https://other.example/'),
      serp('google', 'https://www.google.com/search?q=essay', DEAD),
      serp('yahoo', 'https://search.yahoo.com/search?p=e', DEAD),
    ];
    expect(searchTargets(serps, DEAD)).toEqual([{ engine: 'google' }, { engine: 'duckduckgo' }]);
  });

  it('else the engine of the newest results page; DuckDuckGo once; DuckDuckGo alone when none was kept', () => {
    expect(searchTargets([serp('brave', 'https://search.brave.com/search?q=a'), serp('google', 'https://www.google.com/search?q=b')], DEAD)).toEqual([
      { engine: 'brave' },
      { engine: 'duckduckgo' },
    ]);
    expect(searchTargets([serp('duckduckgo', 'https://duckduckgo.com/?q=a', DEAD)], DEAD)).toEqual([{ engine: 'duckduckgo' }]);
    expect(searchTargets([], DEAD)).toEqual([{ engine: 'duckduckgo' }]);
  });

  it('SearXNG: the instance the page was seen on (https only); unknown engines and odd records are passed over', () => {
    expect(searchTargets([serp('searxng', 'https://searx.example.org/search?q=a', DEAD)], DEAD)).toEqual([
      { engine: 'searxng', searxngHost: 'searx.example.org' },
      { engine: 'duckduckgo' },
    ]);
    expect(searchTargets([serp('searxng', 'http://searx.example.org/search?q=a', DEAD)], DEAD)).toEqual([{ engine: 'duckduckgo' }]);
    const odd = { engine: 'altavista', url: 'https://altavista.example/', results: [null, 3, { url: DEAD }] };
    expect(searchTargets([odd, { engine: 'bing', url: 'https://www.bing.com/search?q=a', results: [null, 'x'] }], DEAD)).toEqual([
      { engine: 'bing' },
      { engine: 'duckduckgo' },
    ]);
  });
});

describe('extractSerp (the search’s results, read as the content script reads them)', () => {
  const fixture = (name: string) => readFileSync(path.join(__dirname, '../fixtures/serp', name), 'utf8');
  const parse = (html: string) => parseHTML(html).document as unknown as Document;

  it('reads the user’s SearXNG instance at the address lost and found built for it', () => {
    const x = extractSerp(parse, fixture('searxng.html'), searchUrl('searxng', 'q', { searxngHost: 'searx.example.org' }));
    expect(x.engine).toBe('searxng');
    expect(x.results.length).toBeGreaterThan(0);
  });

  it('a built-in engine’s host stays that engine; a page that is no results page reads as none', () => {
    const ddg = extractSerp(parse, fixture('duckduckgo-html.html'), searchUrl('duckduckgo', 'q'));
    expect(ddg.engine).toBe('duckduckgo');
    expect(ddg.results.length).toBeGreaterThan(0);
    expect(extractSerp(parse, fixture('duckduckgo-html.html'), 'https://consent.example.com/ml?continue=x')).toEqual({ engine: '', results: [] });
  });
});
