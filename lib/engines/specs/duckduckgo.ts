import { headOf } from '../heads';
import type { EngineSpec } from '../types';
import { BING_PLACEHOLDERS } from './bing';

/**
 * DuckDuckGo serves four markups: the current JS site (duckduckgo.com/?q=, React, data-testid
 * attributes), the pre-2022 JS site (same host, div.result with .result__a), the no-JS html endpoint
 * (html.duckduckgo.com/html/, the same class names, redirect links //duckduckgo.com/l/?uddg=) and
 * the table-based lite endpoint (lite.duckduckgo.com/lite/). There are no country domains: the region
 * is a parameter (kl=).
 * The html and lite endpoints are often reached by POST, so their URL has no q=: the query is read
 * from the search box.
 */
export const duckduckgo: EngineSpec = {
  ...headOf('duckduckgo'),
  host: /^(html\.|lite\.)?duckduckgo\.com$/,
  path: /^\/(html\/?|lite\/?)?$/,
  queryParams: ['q'],
  queryInput: 'input[name="q"]',
  matches: ['https://duckduckgo.com/*', 'https://html.duckduckgo.com/html*', 'https://lite.duckduckgo.com/lite*'],
  // mostly Bing's results, with Bing's placeholders
  placeholders: BING_PLACEHOLDERS,
  queryRequiredOn: /^\/$/,
  variants: [
    {
      // The current JS site (2022+): ol.react-results--main > li[data-layout] > article.
      name: 'js',
      detect: 'article[data-testid="result"], [data-testid="mainline"]',
      result: 'article[data-testid="result"]',
      link: 'a[data-testid="result-title-a"][href]',
      snippet: ['[data-result="snippet"]'],
      displayUrl: ['a[data-testid="result-extras-url-link"]'],
      exclude: [
        // ads
        'li[data-layout="ad"]',
        '[data-testid="ad"]',
        '[data-testid="ads"]',
        // modules: images, videos, news, products, places, related searches, "AI assist", instant answers
        'li[data-layout="images"]',
        'li[data-layout="videos"]',
        'li[data-layout="news"]',
        'li[data-layout="products"]',
        'li[data-layout="places"]',
        'li[data-layout="related_searches"]',
        'li[data-layout="ai"]',
        // the right column (knowledge panel / "about" module)
        '[data-testid="sidebar"]',
        'section[data-area="sidebar"]',
      ],
    },
    {
      // The pre-2022 JS site: #links.js-results > div.result (id r1-N); ads in .results--ads.
      name: 'js-legacy',
      detect: '#links.js-results',
      result: '#links .result',
      link: 'a.result__a[href]',
      snippet: ['.result__snippet'],
      displayUrl: ['.result__url'],
      exclude: ['.result--ad', '.results--ads', '.result--more', '.result--sep', '.results--sidebar', '.zci-wrap', '#zero_click_wrapper'],
    },
    {
      // html.duckduckgo.com/html/: #links.results > div.result.web-result; ads are div.result--ad;
      // the zero-click box (.zci) sits above #links.
      name: 'html',
      detect: '#links.results, .serp__results',
      result: '#links .result',
      link: 'a.result__a[href]',
      snippet: ['.result__snippet'],
      displayUrl: ['.result__url'],
      exclude: ['.result--ad', '.result--no-result', '.result--more', '.zci-wrapper', '.zci'],
    },
    {
      // lite.duckduckgo.com/lite/: one table, each result a run of rows (title, snippet, URL) starting at
      // the title row, which is the root.
      // Sponsored rows carry tr.result-sponsored.
      name: 'lite',
      detect: 'form[action="/lite/"], table a.result-link',
      result: 'td > a.result-link',
      rootClosest: 'tr',
      spansSiblings: true,
      link: 'a.result-link[href]',
      snippet: ['.result-snippet'],
      displayUrl: ['.link-text'],
      exclude: ['.result-sponsored'],
    },
  ],
};
