import { headOf } from '../heads';
import type { EngineSpec } from '../types';

/** Yandex's country domains (yandex.<tld>) besides ya.ru. */
const YANDEX_TLDS = ['ru', 'com', 'com.tr', 'com.am', 'com.ge', 'az', 'by', 'co.il', 'ee', 'eu', 'kg', 'kz', 'lt', 'lv', 'md', 'tj', 'tm', 'uz'] as const;
const YANDEX_HOSTS = [...YANDEX_TLDS.map((tld) => `yandex.${tld}`), 'ya.ru'];
const escapeDots = (s: string) => s.replace(/\./g, '\\.');

/**
 * Yandex (yandex.<country> and ya.ru; results at /search/, touch layout at /search/touch/). Every block
 * of the results column is an `li.serp-item`: organic results (`.organic`/`.Organic`, title link
 * `a.organic__url`/`a.OrganicTitle-Link` with the title text in `.organic__url-text`/
 * `.OrganicTitle-LinkText`, snippet `.text-container`/`.OrganicTextContentSpan`, display URL
 * `.path`/`.Path`), but also Yandex.Direct ads — the same markup plus a `.label_theme_direct` "ad"
 * label and yabs.yandex.ru/count links (opaque) — and wizards (`data-fast-wzrd`: video, images,
 * entity…). Organic links are direct. An ad is told by its link: the title link must not go through
 * yabs (a block without a title link is skipped). `exclude` only looks at a root and its ancestors, and
 * `li:has(.label_theme_direct)` would need `:has()`, which Firefox supports only from 121.
 */
export const yandex: EngineSpec = {
  ...headOf('yandex'),
  host: new RegExp(`^(www\\.)?(${YANDEX_HOSTS.map(escapeDots).join('|')})$`),
  path: /^\/(search(\/touch|\/pad)?\/?|yandsearch)$/,
  queryParams: ['text'],
  queryInput: 'input[name="text"]',
  matches: YANDEX_HOSTS.flatMap((h) => [`https://${h}/search*`, `https://www.${h}/search*`]),
  variants: [
    {
      name: 'web',
      detect: 'ul.serp-list, li.serp-item',
      result: 'li.serp-item',
      link: 'a.OrganicTitle-Link:not([href*="//yabs.yandex."]), a.organic__url:not([href*="//yabs.yandex."]), h2 a:not([href*="//yabs.yandex."])',
      title: '.OrganicTitle-LinkText, .organic__url-text',
      snippet: ['.OrganicTextContentSpan', '.organic__content-wrapper .text-container', '.text-container', '.organic__text'],
      displayUrl: ['.Path', '.organic__path', '.path'],
      exclude: ['[data-fast-wzrd]', '.related', '.content__right'],
    },
  ],
};
