import { headOf } from '../heads';
import type { EngineSpec } from '../types';
import { BING_PLACEHOLDERS } from './bing';
import { GOOGLE_FILLERS, GOOGLE_PLACEHOLDERS } from './google-snippets';

/**
 * Ecosia (one host). The mainline is a list of `.mainline__result-wrapper`s, each marked with
 * `data-test-id="mainline-result-<kind>"`: `web` holds one `article[data-test-id="organic-result"]`
 * (`a.result__link` > `h2`, `p.web-result__description`, `.result-info__domain` + breadcrumbs); every
 * other kind (ad — Google/Bing ads —, news, videos, images, entity) is not organic. Related searches
 * and the sidebar sit outside the wrappers. Links are direct.
 */
export const ecosia: EngineSpec = {
  ...headOf('ecosia'),
  host: /^(www\.)?ecosia\.org$/,
  path: /^\/search\/?$/,
  queryParams: ['q'],
  queryInput: 'input[data-test-id="search-form-input"], input[name="q"]',
  matches: ['https://www.ecosia.org/search*'],
  // Bing's or Google's results, with their placeholders
  placeholders: [...BING_PLACEHOLDERS, ...GOOGLE_PLACEHOLDERS],
  fillers: GOOGLE_FILLERS,
  variants: [
    {
      name: 'web',
      detect: '[data-test-id="mainline"], [data-test-id="mainline-result-web"], meta[property="og:url"][content^="https://www.ecosia.org"]',
      result: 'article[data-test-id="organic-result"], article.web-result',
      link: 'a.result__link, a[data-test-id="result-link"]',
      title: '[data-test-id="result-title"], h2',
      snippet: ['[data-test-id="web-result-description"]', '[data-test-id="result-description"]', '.result__description'],
      displayUrl: ['[data-test-id="result-source"]', '.result-info__link'],
      exclude: [
        '[data-test-id^="mainline-result-"]:not([data-test-id="mainline-result-web"])',
        '.result--ad',
        '.ad-result',
        '[data-test-id="web-related-queries"]',
        '[data-test-id="sidebar"]',
      ],
    },
  ],
};
