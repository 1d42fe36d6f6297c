/**
 * What marks an element as page chrome (navigation, headers, footers, ads, banners, comments…) rather
 * than the text a page is about. Tables only: the decisions are made in `main-text.ts`.
 */

/** Elements whose content is never text a reader sees: skipped whole, not counted as chrome. */
export const INVISIBLE = new Set(['script', 'style', 'noscript', 'noframes', 'template', 'head', 'title', 'meta', 'link', 'base']);

/** Elements that show no running text (graphics, embeds, form controls): skipped whole, not counted. */
export const NON_TEXT = new Set([
  'svg',
  'math',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'canvas',
  'video',
  'audio',
  'map',
  'picture',
  'img',
  'button',
  'input',
  'select',
  'textarea',
  'option',
  'optgroup',
  'datalist',
  'output',
  'progress',
  'meter',
]);

/** Always chrome when page-level (guarded by the share of text they hold, like every chrome rule). */
export const CHROME_TAGS = new Set(['nav', 'aside']);

/** header/footer are chrome (banner / contentinfo) only outside these (HTML-AAM's scoping rule). */
export const SECTIONING = new Set(['article', 'aside', 'main', 'nav', 'section']);
export const SECTIONING_ROLES = new Set(['article', 'complementary', 'main', 'navigation', 'region']);

export const CHROME_ROLES = new Set(['navigation', 'banner', 'contentinfo', 'complementary', 'search', 'menu', 'menubar', 'toolbar', 'dialog', 'alertdialog']);

/**
 * class/id tokens that mark chrome wherever they appear. Tokens are the class and id words split at
 * punctuation and camelCase ("siteNav__item" → site, nav, item), so "nav" matches "main-nav" and
 * "topNav" but not "canvas"; "ad" matches "ad-slot" but not "head" or "lead".
 */
const STRONG = new Set([
  'nav',
  'navbar',
  'navigation',
  'navlinks',
  'menu',
  'menubar',
  'megamenu',
  'breadcrumb',
  'breadcrumbs',
  'sidebar',
  'sidebars',
  'masthead',
  'toolbar',
  'skiplink',
  'skiplinks',
  'cookie',
  'cookies',
  'consent',
  'gdpr',
  'banner',
  'ad',
  'ads',
  'adslot',
  'adunit',
  'adsbygoogle',
  'advert',
  'adverts',
  'advertisement',
  'advertising',
  'sponsor',
  'sponsors',
  'sponsored',
  'promo',
  'promos',
  'outbrain',
  'taboola',
  'share',
  'sharing',
  'sharebar',
  'social',
  'socials',
  'related',
  'comment',
  'comments',
  'disqus',
  'newsletter',
  'subscribe',
  'subscription',
  'signup',
  'popup',
  'modal',
  'overlay',
]);
// Not chrome words, on purpose: "paywall" and "subscriber" (news sites put the article body itself in
// such blocks), "widget" (embedded posts and charts), "hidden" (stylesheets this code cannot read
// decide what it hides: Gutenberg's "stanza hidden" is text the plain-text edition has).
/** Prefixes of glued words: "advertorial", "sponsoredlinks", "cookiebar", "newsletterbox", "relatedposts". */
const STRONG_PREFIX = ['advert', 'sponsor', 'breadcrumb', 'cookie', 'newsletter', 'sidebar', 'navbar', 'related'];
/** Suffixes of glued words: "topnav", "sidenav", "mainmenu", "dropdownmenu". */
const STRONG_SUFFIX = ['nav', 'menu'];

/** Chrome unless the same class/id also names content: "site-header" goes, "article-header" stays. */
const WEAK = new Set(['header', 'footer', 'topbar', 'bottombar']);
/** Words that name content. They neutralize WEAK words only (a "post-comments" block still goes). */
const CONTENT = new Set(['article', 'post', 'entry', 'story', 'content', 'body', 'text', 'blog', 'hentry']);

/** Readability-style class weights for the density pick: content words +25, chrome words −25. */
const POSITIVE = new Set([...CONTENT, 'main', 'page', 'prose']);
const NEGATIVE_EXTRA = new Set(['meta', 'tags', 'widget', 'footnote', 'footnotes', 'contact', 'hidden', 'shoutbox', 'skyscraper']);

/** Classes that hide an element visually (screen-reader-only text: "Skip to content", "opens in a new tab"). */
const HIDDEN_CLASS = /(?:^|\s)(?:sr-only|visually-hidden|visuallyhidden|screen-reader-text|screenreader-text)(?:\s|$)/i;

const tokenCache = new Map<string, string[]>();

/** Lower-case words of a class/id string, split at punctuation, digits-letters and camelCase. */
export function classTokens(s: string): string[] {
  let t = tokenCache.get(s);
  if (t) return t;
  t = s
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length > 0);
  if (tokenCache.size > 5000) tokenCache.clear();
  tokenCache.set(s, t);
  return t;
}

function strongWord(w: string): boolean {
  if (STRONG.has(w)) return true;
  for (const p of STRONG_PREFIX) if (w.length > p.length && w.startsWith(p)) return true;
  for (const s of STRONG_SUFFIX) if (w.length > s.length + 1 && w.endsWith(s)) return true;
  return false;
}

/** Does this class + id string mark chrome? (`weakHeaderWords` false: header/footer always do.) */
export function chromeByName(classAndId: string, weakHeaderWords = true): boolean {
  const words = classTokens(classAndId);
  let weak = false;
  let content = false;
  for (const w of words) {
    if (strongWord(w)) return true;
    if (WEAK.has(w)) weak = true;
    else if (CONTENT.has(w)) content = true;
  }
  return weak && (!content || !weakHeaderWords);
}

/** Screen-reader-only classes. */
export function hiddenByClass(className: string): boolean {
  return HIDDEN_CLASS.test(className);
}

/** Readability's class weight: +25 for content words, −25 for chrome words (content wins ties). */
export function classWeight(classAndId: string): number {
  const words = classTokens(classAndId);
  let pos = false;
  let neg = false;
  for (const w of words) {
    if (POSITIVE.has(w)) pos = true;
    else if (strongWord(w) || WEAK.has(w) || NEGATIVE_EXTRA.has(w)) neg = true;
  }
  return (pos ? 25 : 0) - (neg ? 25 : 0);
}
