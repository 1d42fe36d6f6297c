import { headOf } from '../heads';
import type { EngineSpec, SnippetText } from '../types';

/**
 * What Bing shows for a page it may not read (robots.txt). FROM MEMORY, unverified (no saved Bing
 * page holds one): Bing took over Google's older English wording; the "no details" form is the one
 * remembered for its markets' own languages, whose translations are not listed for want of a source.
 * Yahoo, DuckDuckGo and Ecosia show Bing's results, so their specs list these too.
 */
export const BING_PLACEHOLDERS: readonly SnippetText[] = [
  { lang: 'en', text: "We would like to show you a description here but the site won't allow us." },
  { lang: 'en', text: 'There are no details for this result.' },
  { lang: 'en', text: "The description for this result is not available because of this site's robots.txt" },
];

/**
 * Bing has no country domains: every market is www.bing.com (with `cc=`/`setmkt=`), plus cn.bing.com
 * for China and the bare bing.com.
 */
const HOSTS = ['www.bing.com', 'cn.bing.com', 'bing.com'];

/**
 * The "Translate this page" link Bing puts at the start of a foreign-language result's snippet, then
 * " · ". Seen in French ("Traduire cette page") on a page Bing served to a phone (2020); the English,
 * German and Spanish wordings are from memory.
 */
const TRANSLATE_LINK = /^\s*(?:Translate this page|Traduire cette page|Diese Seite übersetzen|Traducir esta página)\s*·/u;

export const bing: EngineSpec = {
  ...headOf('bing'),
  host: /^(www\.|cn\.)?bing\.com$/,
  path: /^\/search$/,
  queryParams: ['q'],
  queryInput: '#sb_form_q, input[name="q"]',
  matches: HOSTS.map((h) => `https://${h}/search*`),
  placeholders: BING_PLACEHOLDERS,
  snippetChrome: [TRANSLATE_LINK],
  variants: [
    {
      // One markup since ~2012: ol#b_results > li.b_algo, each with h2 > a. The 2024+ page adds a site
      // header (.b_tpcn > a.tilk, same href) above the h2 and /ck/a?…&u=a1<base64url> click links.
      // The page Bing serves to phones wraps the h2 and the display URL in the title link instead
      // (div.b_algoheader > a > h2 + cite): the second form of `link`.
      name: 'web',
      detect: '#b_results',
      // .b_algo anywhere in the list: "people also ask" answers hold div.b_algo too (.qna_algo), dropped
      // by the excludes below, and so are results inside other answers.
      result: '#b_results .b_algo',
      link: 'h2 a[href], .b_algoheader > a[href]',
      title: 'h2',
      // .b_paractl: the text of a Wikipedia rich card, which has no .b_caption paragraph
      snippet: ['.b_caption p', '.b_lineclamp1, .b_lineclamp2, .b_lineclamp3, .b_lineclamp4', '.b_algoSlug', '.b_paractl', '.b_snippet', 'p'],
      displayUrl: ['.b_attribution cite', 'cite'],
      exclude: [
        // ads (top, bottom, right rail)
        '.b_ad',
        '.b_adTop',
        '.b_adBottom',
        '.b_adMiddle',
        '.sb_add',
        '.b_adLastChild',
        // answers: images/videos/news/shopping carousels, "people also ask", related searches,
        // calculators, entity cards; all are li.b_ans in the main list
        '.b_ans',
        '.b_mop',
        '.b_rs',
        '#brsv3',
        '.b_msg',
        '#relatedQnAListDisplay',
        '.df_alsoAsk',
        '.qna_algo',
        // the right rail (knowledge panel, related searches) and the top answers area
        '#b_context',
        '#b_pole',
        '#b_topw',
        // pagination
        '.b_pag',
      ],
    },
  ],
};
