/** Searching for a dead page by its remembered phrases and title (lib/lost/search.ts, issue #7). */
import { describe, expect, it } from 'vitest';
import { findEngine } from '../../lib/engines/extract';
import { MAX_QUERY_CHARS, searchQueries, searchUrl } from '../../lib/lost/search';
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
