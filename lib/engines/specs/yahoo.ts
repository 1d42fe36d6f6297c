import { headOf } from '../heads';
import type { EngineSpec } from '../types';
import { BING_PLACEHOLDERS } from './bing';

/**
 * Yahoo Search's regional sites are subdomains of search.yahoo.com (uk.search.yahoo.com, …);
 * search.yahoo.com itself serves the US. Listed explicitly so the vertical hosts under the same domain
 * (images., video., news.search.yahoo.com) and the redirect host r.search.yahoo.com are not taken for
 * web results pages. Yahoo! JAPAN (search.yahoo.co.jp) is a different engine with its own markup.
 */
const REGIONS = [
  'ar',
  'at',
  'au',
  'br',
  'ca',
  'ch',
  'cl',
  'co',
  'de',
  'dk',
  'es',
  'espanol',
  'fi',
  'fr',
  'gr',
  'hk',
  'id',
  'ie',
  'in',
  'it',
  'malaysia',
  'mx',
  'nl',
  'no',
  'nz',
  'pe',
  'ph',
  'qc',
  'ro',
  'se',
  'sg',
  'th',
  'tr',
  'tw',
  'uk',
  've',
  'vn',
  'za',
];
const HOSTS = ['search.yahoo.com', ...REGIONS.map((r) => `${r}.search.yahoo.com`)];

export const yahoo: EngineSpec = {
  ...headOf('yahoo'),
  host: new RegExp(`^((${REGIONS.join('|')})\\.)?search\\.yahoo\\.com$`),
  // /search, or /search;_ylt=… (Yahoo puts tracking in path parameters)
  path: /^\/search(;.*)?$/,
  queryParams: ['p', 'q'],
  queryInput: 'input[name="p"]',
  matches: HOSTS.map((h) => `https://${h}/search*`),
  // Bing's results, with Bing's placeholders
  placeholders: BING_PLACEHOLDERS,
  variants: [
    {
      // #web > ol.searchCenterMiddle > li > div.dd.algo. Since ~2024 the title anchor wraps a site line
      // and the h3; before, h3.title > a with a span.fz-ms display URL, links through
      // r.search.yahoo.com/…/RU=<encoded>/RK=….
      name: 'web',
      detect: 'ol.searchCenterMiddle',
      result: '.searchCenterMiddle > li > div.algo',
      link: '.compTitle a[href]',
      title: 'h3',
      snippet: ['.compText p', '.compText'],
      displayUrl: ['.compTitle span.fz-ms', '.compTitle .fz-ms'],
      exclude: [
        // ads (top, bottom, right rail) and shopping ads
        '.searchCenterTopAds',
        '.searchCenterBottomAds',
        '.searchRightTopAds',
        '.searchRightBottomAds',
        '.ads',
        '.compDlink',
        // non-organic blocks in the main list: videos, images, news, knowledge/QA cards, "also try",
        // related searches
        '.Video',
        '.Images',
        '.News',
        '.catKG',
        '.bingrelqa',
        '.AlsoTry',
        '.relsrch-wrap',
        '.KnowledgePanel',
        // the right rail
        '#right',
        '.searchRightMiddle',
      ],
    },
  ],
};
