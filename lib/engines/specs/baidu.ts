import { headOf } from '../heads';
import type { EngineSpec, SnippetText } from '../types';

/**
 * What Baidu shows for a page its robots.txt keeps it from reading. FROM MEMORY, unverified (no saved
 * Baidu page here holds one); Baidu serves Chinese only. A wrong string never matches, so it costs nothing.
 */
const BAIDU_PLACEHOLDERS: readonly SnippetText[] = [
  { lang: 'zh', text: '由于该网站的robots.txt文件存在限制指令（限制搜索引擎抓取），系统无法提供该页面的内容描述' },
];

/** Baidu has one web host (no country domains); the bare baidu.com redirects to it. */
const HOSTS = ['www.baidu.com', 'baidu.com'];

export const baidu: EngineSpec = {
  ...headOf('baidu'),
  host: /^(www\.)?baidu\.com$/,
  path: /^\/s$/,
  queryParams: ['wd', 'word'],
  queryInput: '#kw, input[name="wd"]',
  matches: HOSTS.map((h) => `https://${h}/s*`),
  placeholders: BAIDU_PLACEHOLDERS,
  // Baike, Baidu's encyclopedia, is shown as its own card (div.result-op, tpl bk_*), built like a
  // result: on every saved page it is the only result-op card with a title link and a snippet, and
  // never an organic result (Baidu's own wenku, zhidao and tieba pages are: not listed).
  cardHosts: /^baike\.baidu\.com$/,
  variants: [
    {
      // #content_left > div.result.c-container: the natural results. Links go through the opaque
      // www.baidu.com/link?url=… redirect (kept, marked unresolved). Blocks of class result-op are
      // Baidu's own "Aladdin" cards (Baike encyclopedia, video, calculator, images, news, …): not
      // organic. Ads (推广/广告) are id=300x blocks with cmatchid/data-tuiguang, outside .result.
      name: 'web',
      detect: '#content_left',
      result: '#content_left .result.c-container',
      targetAttr: 'mu',
      link: 'h3 a[href]',
      snippet: ['.c-abstract', '[class^="content-right_"], [class*=" content-right_"]', '.c-span-last .c-color-text', '.c-span-last', '.c-row'],
      // .c-showurl holds a <style> before the site name on some results, so read the name first
      displayUrl: ['.c-showurl .nor-src-wrap', '.c-showurl', '.c-color-gray'],
      exclude: [
        '.result-op',
        '[cmatchid]',
        '[data-tuiguang]',
        '.ec_tuiguang_container',
        '.EC_result',
        // right column: knowledge cards, related people, hot searches; bottom related searches
        '#content_right',
        '#rs',
        '#rs_new',
      ],
    },
  ],
};
