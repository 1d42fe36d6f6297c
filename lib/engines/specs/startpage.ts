import { headOf } from '../heads';
import type { EngineSpec } from '../types';
import { GOOGLE_FILLERS, GOOGLE_PLACEHOLDERS } from './google-snippets';

/**
 * Startpage (Google results through a proxy; www/eu/us hosts). Results pages come from a POST to
 * /sp/search (older links: /do/search, /do/dsearch, /rvd/search), so the query is often only in the
 * search box. Web results are `.w-gl > .result` (2024–2026; `.w-gl__result` before): `a.result-title`
 * wraps the `h2` title, `p.description` is the snippet, `.wgl-display-url` the display URL. Ads are
 * Google CSA iframes in `.gcsa-container` (#gcsa-top, #gcsa-bottom); the knowledge/video panel is
 * `.sxpr-wiki-qi`; video and news tabs use `.vo-bg > .result` and `.article`. Links are direct.
 */
export const startpage: EngineSpec = {
  ...headOf('startpage'),
  host: /^([a-z0-9-]+\.)?startpage\.com$/,
  path: /^\/(sp|do|rvd)\/(search|dsearch|asearch|metasearch)\/?$/,
  queryParams: ['query', 'q'],
  queryInput: 'input#q[name="query"], input[name="query"]',
  matches: ['https://*.startpage.com/sp/search*', 'https://*.startpage.com/do/*', 'https://*.startpage.com/rvd/search*'],
  // Google's results, with Google's placeholders
  placeholders: GOOGLE_PLACEHOLDERS,
  fillers: GOOGLE_FILLERS,
  variants: [
    {
      name: 'web',
      detect: '.w-gl, [data-testid="gcsa-top"], form[action="/sp/search"]',
      result: '.w-gl > .result, .w-gl__result',
      link: 'a.result-title, a.w-gl__result-title, h2 a, h3 a',
      title: 'h2, h3',
      snippet: ['p.description', 'p.w-gl__description', '.description'],
      displayUrl: ['.wgl-display-url .default-link-text', '.wgl-display-url', '.w-gl__result-url'],
      exclude: [
        '.gcsa-container',
        '#gcsa-top',
        '#gcsa-bottom',
        '.sxpr-wiki-qi',
        '.search-expander-el',
        '.wgl-sitelinks',
        '[data-testid="sitelinks"]',
        '.vo-bg',
        '#sidebar',
      ],
    },
  ],
};
