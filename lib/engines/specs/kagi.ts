import { headOf } from '../heads';
import type { EngineSpec } from '../types';

/**
 * Kagi (paid, no ads; JS page at /search, no-JS page at /html/search). Results are `._0_SRI.search-result`
 * in `._0_main-search-results` (#page0, then #nextPage…): `h3 > a.__sri_title_link`, `.__sri-url-box`
 * (display URL `.__sri_url_path_box`), `.__sri-desc`. A `.sri-group` is a result followed by more
 * pages of the same site (`.sr-group > .__srgi`), indented under it with a title and a text but no
 * address of their own: Kagi shows them as one group, and so they are one result (issue #41). They are
 * read as roots and joined to their result by structure (./parts.ts: same site, same block, no address
 * of their own), so the group's elements are marked and hidden together. Inline
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
      result: '._0_SRI, .search-result, .__srgi',
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
      ],
    },
  ],
};
