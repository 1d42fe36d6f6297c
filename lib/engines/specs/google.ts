import { headOf } from '../heads';
import type { EngineSpec } from '../types';
import { GOOGLE_FILLERS, GOOGLE_PLACEHOLDERS, GOOGLE_SNIPPET_CHROME } from './google-snippets';

/**
 * Every country domain Google serves search from: https://www.google.com/supported_domains (189
 * domains). To update, paste that response here; `host` and `matches` are derived from it.
 */
export const GOOGLE_DOMAINS: readonly string[] = (
  'google.com google.ad google.ae google.com.af google.com.ag google.al google.am google.co.ao google.com.ar ' +
  'google.as google.at google.com.au google.az google.ba google.com.bd google.be google.bf google.bg ' +
  'google.com.bh google.bi google.bj google.com.bn google.com.bo google.com.br google.bs google.bt ' +
  'google.co.bw google.by google.com.bz google.ca google.cd google.cf google.cg google.ch google.ci ' +
  'google.co.ck google.cl google.cm google.cn google.com.co google.co.cr google.com.cu google.cv ' +
  'google.com.cy google.cz google.de google.dj google.dk google.dm google.com.do google.dz google.com.ec ' +
  'google.ee google.com.eg google.es google.com.et google.fi google.com.fj google.fm google.fr google.ga ' +
  'google.ge google.gg google.com.gh google.com.gi google.gl google.gm google.gr google.com.gt google.gy ' +
  'google.com.hk google.hn google.hr google.ht google.hu google.co.id google.ie google.co.il google.im ' +
  'google.co.in google.iq google.is google.it google.je google.com.jm google.jo google.co.jp google.co.ke ' +
  'google.com.kh google.ki google.kg google.co.kr google.com.kw google.kz google.la google.com.lb google.li ' +
  'google.lk google.co.ls google.lt google.lu google.lv google.com.ly google.co.ma google.md google.me ' +
  'google.mg google.mk google.ml google.com.mm google.mn google.com.mt google.mu google.mv google.mw ' +
  'google.com.mx google.com.my google.co.mz google.com.na google.com.ng google.com.ni google.ne google.nl ' +
  'google.no google.com.np google.nr google.nu google.co.nz google.com.om google.com.pa google.com.pe ' +
  'google.com.pg google.com.ph google.com.pk google.pl google.pn google.com.pr google.ps google.pt ' +
  'google.com.py google.com.qa google.ro google.ru google.rw google.com.sa google.com.sb google.sc google.se ' +
  'google.com.sg google.sh google.si google.sk google.com.sl google.sn google.so google.sm google.sr ' +
  'google.st google.com.sv google.td google.tg google.co.th google.com.tj google.tl google.tm google.tn ' +
  'google.to google.com.tr google.tt google.com.tw google.co.tz google.com.ua google.co.ug google.co.uk ' +
  'google.com.uy google.co.uz google.com.vc google.co.ve google.co.vi google.com.vn google.vu google.ws ' +
  'google.rs google.co.za google.co.zm google.co.zw google.cat'
).split(' ');

const escapeDots = (d: string) => d.replace(/\./g, '\\.');

/**
 * Snippet of a result of the JS page: the featured snippet's extract, the 2021–2025 `.VwiC3b`, then
 * older and video forms.
 */
const SNIPPET = ['.hgKElc', '.VwiC3b', '[data-sncf]', '.IsZvec', '.lEBKkf', 'div[style*="-webkit-line-clamp"]', '.aCOpRe', '.st'];

/**
 * Blocks of the JS page that are not organic, one selector per kind (each is a list, so a root costs
 * one `closest` per kind).
 */
const EXCLUDE = [
  // ads above and below the results (#tads, #tadsb, #bottomads) and shopping units
  '#tads, #tadsb, #bottomads, .commercial-unit-desktop-top, .commercial-unit-desktop-rhs, .cu-container, .uEierd, [data-text-ad]',
  // knowledge panels: the right-hand column (it holds a div.g of its own); .kno-kp also wrapped the
  // 2019–2020 "people also ask" box (a div.g.g-blk holding result blocks)
  '#rhs, .kno-kp',
  // people also ask: its expanded answers hold a full result block
  '[data-initq], .related-question-pair',
  // carousels and sections: top stories, images, videos, recipes, products
  'g-section-with-header, g-scrolling-carousel, g-inner-card',
  // the local pack and its map
  '#lu_map, .VkpGBb',
];

/**
 * Google web search. Results pages are https://www.google.<country domain>/search?q=…; the same path
 * serves these markups (variants are tried in order, the first with results wins):
 *
 * - `js`, the normal page (2021–2025). An organic result is the block around its title link,
 *   `<a href><h3>title</h3>…<cite>display URL</cite></a>`, and its snippet, found by the marker the
 *   markup carries: the result controller `[jscontroller="SC7lYd"]` (2023–2025, also on each indented
 *   result of a group of results from one site, which are results of their own), the result body
 *   `div.tF2Cxc` (2021–2025; the 2025 result with sitelinks), a single video result
 *   `[jsname="pKB8Bc"]` and the featured snippet `.g-blk` (the result it quotes is ranked first and
 *   not repeated below). The title link is the block's first link (so in every capture); a block
 *   without an `a > h3` title (a trailer in a carousel, a "related products" box) is no result.
 *   Sitelinks (`h3 > a` in a table under a result, or inline links) have no `a > h3`. Links are
 *   direct; a page saved after a click holds `/url?…&url=<target>`, which unwrapRedirect undoes.
 * - `js-legacy`, the same page before those markers (2019–2020): each result is a plain `div.g`.
 * - `basic`, the no-JS page (gbv=1, old browsers; 2020–2024): `#main > div > div` blocks whose title
 *   link is `/url?q=<target>` around an `h3`. Knowledge panels (no `h3` inside a `/url?` link), "see
 *   results about" boxes (links to /search), ads (links to /aclk), tabs and paging are no results.
 * - The page served to phones (2021–2023; same URL) has no variant: its title is a `div[role=heading]`
 *   inside the title link (no `h3`, so the variants above read nothing), its class names are short-lived
 *   tokens, and its recipe cards and "discussions and forums" lists are built like its results. The
 *   structure (lib/engines/structure.ts) reads it, leaving those out (test/unit/serp-mobile.test.ts).
 *
 * No `:has()`: Firefox supports it from 121 only, and the extension runs on Firefox 115.
 * Not excluded on purpose: `.kp-wholepage` and `.ULSxyf`, because entity pages (a film, a person) put
 * the organic results inside the whole-page knowledge panel's "overview" tab.
 */
export const google: EngineSpec = {
  ...headOf('google'),
  host: new RegExp(`^(www\\.)?(${GOOGLE_DOMAINS.map(escapeDots).join('|')})$`),
  path: /^\/search$/,
  queryParams: ['q'],
  queryInput: 'textarea[name=q], input[name=q]',
  matches: GOOGLE_DOMAINS.map((d) => `https://www.${d}/search*`),
  placeholders: GOOGLE_PLACEHOLDERS,
  fillers: GOOGLE_FILLERS,
  snippetChrome: GOOGLE_SNIPPET_CHROME,
  variants: [
    {
      name: 'js',
      detect: '#rso, #search [data-hveid]',
      result: '[jscontroller="SC7lYd"], div.tF2Cxc, [jsname="pKB8Bc"], .g-blk',
      link: 'a[href]',
      title: 'a[href] > h3',
      snippet: SNIPPET,
      displayUrl: ['cite'],
      exclude: EXCLUDE,
    },
    {
      // Older markup (before the markers above): each result is a plain div.g.
      name: 'js-legacy',
      detect: '#rso, #search [data-hveid]',
      result: 'div.g',
      link: 'a[href]',
      title: 'a[href] > h3',
      snippet: SNIPPET,
      displayUrl: ['cite'],
      exclude: EXCLUDE,
    },
    {
      name: 'basic',
      detect: '#main a[href^="/url?q="]',
      result: '#main > div > div',
      link: 'a[href^="/url?"]',
      title: 'a[href^="/url?"] h3',
      snippet: ['.BNeawe.s3v9rd.AP7Wnd .BNeawe.s3v9rd.AP7Wnd', '.BNeawe.s3v9rd.AP7Wnd', '.s3v9rd'],
      displayUrl: ['.BNeawe.UPmit.AP7Wnd', '.UPmit'],
    },
  ],
};
