import { headOf } from '../heads';
import type { EngineSpec } from '../types';

/**
 * Kagi (paid, no ads; JS page at /search, no-JS page at /html/search). Results are `._0_SRI.search-result`
 * in `._0_main-search-results` (#page0, then #nextPage…): `h3 > a.__sri_title_link`, `.__sri-url-box`
 * (display URL `.__sri_url_path_box`), `.__sri-desc`. A `.sri-group` is a result followed by more
 * results of the same site (`.sr-group > .__srgi`): those are grouped, not separate results. Inline
 * widgets (videos, images, "Interesting Finds", "Blast from the Past", related searches; all
 * `.inline-content`/`.list-widget`) may contain `._0_SRI` items of their own: not organic. The
 * `_ext_ub_*` classes belong to the uBlacklist integration and are not relied on.
 */
export const kagi: EngineSpec = {
  ...headOf('kagi'),
  host: /^kagi\.com$/,
  path: /^\/(html\/)?search\/?$/,
  queryParams: ['q'],
  queryInput: 'input#searchBar, input[name="q"]',
  matches: ['https://kagi.com/search*', 'https://kagi.com/html/search*'],
  variants: [
    {
      name: 'web',
      detect: 'meta[name="kagi_version"], ._0_main-search-results, ._0_SRI',
      result: '._0_SRI, .search-result',
      link: 'h3 > a.__sri_title_link, a.__sri_title_link, h3 a, a.__sri-url',
      title: 'h3',
      snippet: ['.__sri-desc', '._0_DESC'],
      displayUrl: ['.__sri_url_path_box', '.__sri-url'],
      exclude: [
        '.inline-content',
        '.list-widget',
        '#interesting_finds',
        '#web_archive',
        '.headerVideos',
        '.headerImages',
        '.related-searches',
        '.right-content-box',
        '.sr-group',
      ],
    },
  ],
};
