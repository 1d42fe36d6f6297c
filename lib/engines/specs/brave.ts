import { headOf } from '../heads';
import type { EngineSpec } from '../types';

/**
 * Brave Search (one host, no country domains). Organic results are `#results > .snippet[data-type="web"]`
 * (Svelte markup, 2023–2026); the whole header (site name, cite, title) is one anchor. Standalone blocks
 * in the same column (videos, "People also ask" `#faq`, discussions, news, "Find elsewhere", related
 * queries) are `.snippet.standalone` without `data-type="web"`; a result's `.result-cluster` (sitelinks)
 * holds nested `.snippet`s without `data-type`. Search ads are found by brave-core as
 * `div[data-placement-id]`. Links are direct (no redirect).
 */
export const brave: EngineSpec = {
  ...headOf('brave'),
  host: /^search\.brave\.com$/,
  path: /^\/search\/?$/,
  queryParams: ['q'],
  queryInput: 'input#searchbox, input[name="q"]',
  matches: ['https://search.brave.com/search*'],
  variants: [
    {
      name: 'web',
      detect: 'meta[property="og:site_name"][content="Brave Search"], main#search-page, #results > .snippet[data-type]',
      result: '.snippet[data-type="web"]',
      link: '.result-content > a[href], a.l1, a.h, a.result-header',
      title: '.search-snippet-title, .snippet-title, .title',
      snippet: ['.generic-snippet .content', '.video-snippet .content', '.snippet-description', '.snippet-content .content', '.description'],
      displayUrl: ['cite.snippet-url', '.snippet-url', 'cite'],
      exclude: [
        '[data-placement-id]',
        '[data-type="ad"]',
        '.result-cluster',
        '#faq',
        '#discussions',
        '#news',
        '#videos',
        '.video-cluster-grid',
        '#infobox-snippet',
        '#related-queries',
        '#search-elsewhere',
        'aside.sidebar',
      ],
    },
  ],
};
