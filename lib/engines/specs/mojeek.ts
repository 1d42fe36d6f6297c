import { headOf } from '../heads';
import type { EngineSpec } from '../types';

/**
 * Mojeek (own index, no ads). Web results are `ul.results-standard > li`: `a.ob` (display URL
 * `.url`), `h2 > a.title`, `p.s` (snippet), `p.more` ("See more results from …", a link back to
 * Mojeek). Clustered results of one site (`li.clu-result`) are ordinary results. Other lists (news, images)
 * are not `ul.results-standard`; infoboxes and the summariser sit in `.right-col`. No ads. Links are direct.
 */
export const mojeek: EngineSpec = {
  ...headOf('mojeek'),
  host: /^(www\.)?mojeek\.(com|co\.uk)$/,
  path: /^\/search\/?$/,
  queryParams: ['q'],
  queryInput: 'input.js-search-input[name="q"], input[name="q"]',
  matches: ['https://www.mojeek.com/search*', 'https://mojeek.com/search*', 'https://www.mojeek.co.uk/search*', 'https://mojeek.co.uk/search*'],
  variants: [
    {
      name: 'web',
      detect: 'ul.results-standard, body.serp-grid',
      result: 'ul.results-standard > li',
      link: 'h2 a[href], a.title[href]',
      title: 'h2',
      snippet: ['p.s'],
      displayUrl: ['.url'],
      exclude: ['.right-col', '[class*="infobox"]'],
    },
  ],
};
