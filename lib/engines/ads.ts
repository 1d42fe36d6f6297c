/**
 * How a results page says a block is paid for, in any engine's markup: the label it must show (law
 * and the engines' own policies require one) and the click-tracking forms of ad links. The structural
 * reader (./structure.ts) leaves out every block holding either; no class name is involved.
 */
import { nearestUp } from './structure-tree';
import { textWithin } from './text-of';

/** A block's whole label text, as engines print it (case and a trailing "·" or ":" ignored). */
const AD_LABELS = [
  'ad',
  'ads',
  'sponsored',
  'sponsored result',
  'sponsored results',
  'sponsored link',
  'sponsored links',
  'promoted',
  'advertisement',
  'anzeige',
  'anzeigen',
  'gesponsert',
  'annonce',
  'annonces',
  'sponsorisé',
  'publicité',
  'publicidad',
  'patrocinado',
  'patrocinados',
  'patrocinada',
  'anúncio',
  'anuncio',
  'sponsorizzato',
  'annuncio',
  'gesponsord',
  'advertentie',
  'reklama',
  'sponsorowane',
  'реклама',
  'промо',
  'спонсор',
  'реклама в поиске',
  '广告',
  '推广',
  '広告',
  'スポンサー',
  '광고',
  'quảng cáo',
  'reklam',
  'διαφήμιση',
  'إعلان',
  'מודעה',
  'โฆษณา',
  'iklan',
  'sponsrad',
  'annonse',
  'mainos',
];

const LABEL_SET = new Set(AD_LABELS.map((l) => l.trim()));
/**
 * Every part of every label ("spon", "sored"): the structural reader asks of every short text of a page
 * whether it is one, so a lookup, not a search (a few thousand entries).
 */
let labelParts: Set<string> | undefined;
const partsOfLabels = () => {
  // Made at the first question, not when the script loads.
  labelParts ??= new Set(
    AD_LABELS.flatMap((l) => Array.from({ length: l.length }, (_, i) => Array.from({ length: l.length - i }, (_, j) => l.slice(i, i + j + 1))).flat()),
  );
  return labelParts;
};
const EDGES = /^[\s·•:|-]+|[\s·•:|-]+$/gu;

/** Whether `text` (an element's whole text) is an ad label. */
export function isAdLabel(text: string): boolean {
  if (text.length > 40) return false;
  const t = text.replace(EDGES, '').replace(/\s+/g, ' ').toLowerCase();
  return t.length > 0 && t.length <= 24 && LABEL_SET.has(t);
}

/** Whether `text` could be part of an ad label split over elements ("Spon" + "sored"). */
export function isLabelPart(text: string): boolean {
  const t = text.trim();
  return t.length > 0 && t.length <= 24 && partsOfLabels().has(t.toLowerCase());
}

/**
 * Ad links: Google's /aclk and its ad services, Bing's /aclk, Yandex's yabs, DuckDuckGo's y.js,
 * Yahoo's ad clicks, Baidu's baidu.php, Brave's and Qwant's ad redirects. Tested on every attribute of a
 * title link (engines keep the tracking URL in data-* while showing the advertiser's address).
 */
const AD_LINK = [
  /^(?:https?:)?\/\/[^/]*googleadservices\.com\//i,
  /^(?:(?:https?:)?\/\/[^/]*google\.[a-z.]+)?\/aclk\?/i,
  /^(?:https?:)?\/\/[^/]*\.doubleclick\.net\//i,
  /^(?:(?:https?:)?\/\/[^/]*bing\.com)?\/(?:aclk|aclick)\?/i,
  /^(?:https?:)?\/\/yabs\.yandex\.[a-z.]+\//i,
  /^(?:(?:https?:)?\/\/[^/]*duckduckgo\.com)?\/y\.js\?/i,
  /^(?:https?:)?\/\/[^/]*\.search\.yahoo\.com\/cbclk/i,
  /^(?:https?:)?\/\/[^/]*\.search\.yahoo\.com\/.*\/(?:_ylt=.*)?\bRU=.*\bRK=\d\/RS=.*\bad=/i,
  /^(?:(?:https?:)?\/\/[^/]*baidu\.com)?\/baidu\.php\?/i,
  /^(?:https?:)?\/\/[^/]*\.?search\.brave\.com\/a\/redirect/i,
  /^(?:https?:)?\/\/[^/]*\.?qwant\.com\/redirect\/ad/i,
];

/** Words every ad link above holds: one test rules out almost every attribute at once. */
const AD_HINT = /aclk|aclick|googleadservices|doubleclick|yabs\.|y\.js|cbclk|RK=\d|baidu\.php|redirect/i;

/** Whether `value` (an href or another attribute's value) is an ad link. */
export function isAdLink(value: string): boolean {
  return AD_HINT.test(value) && AD_LINK.some((re) => re.test(value));
}

/** Whether `a`'s address, ping or a data-* attribute holds an ad link. */
export function hasAdLink(a: Element): boolean {
  for (const name of a.getAttributeNames()) {
    if (name !== 'href' && name !== 'ping' && !name.startsWith('data-')) continue;
    const v = a.getAttribute(name) ?? '';
    if (v.length > 5 && AD_HINT.test(v) && isAdLink(v.trim())) return true;
  }
  return false;
}

/**
 * The element whose whole text is an ad label, for a short text node: its parent, or the smallest
 * ancestor (up to three levels) when the engine splits the word over elements ("Spon" + "sored").
 * Text in a link is a title or an address, never a label, unless it is an element of its own beside
 * the address (Brave's "Ad" after the ad's cite, inside the one link of its header) and outside the
 * title's heading; nor is an emphasized word (an engine shows the searched words in bold: a search
 * for "ad" has "<em>Ad</em>" in its snippets).
 */
export function labelOf(n: Node, inNoLabel: (e: Element | null) => Element | null = noLabelAbove()): Element | undefined {
  // Most text nodes are ruled out by their length (read without copying the text) or by not being
  // part of any label.
  if (((n as Partial<CharacterData>).length ?? 0) > 40) return undefined;
  const v = n.nodeValue ?? '';
  if (v.length > 40 || !isLabelPart(v)) return undefined;
  const parent = n.parentElement;
  if (!parent) return undefined;
  const above = inNoLabel(parent);
  // In a link, only a whole label of its own (no split one: the link's words are its title).
  if (above && (!isLink(above) || !isAdLabel(v))) return undefined;
  const found = isAdLabel(v) ? parent : splitLabel(parent);
  if (!found || !standsAlone(found)) return undefined;
  return !above || labelInLink(found, above) ? found : undefined;
}

const isLink = (e: Element) => e.tagName.toUpperCase() === 'A';

/** A label inside a link: below it, in no heading, next to the address the link shows. */
function labelInLink(label: Element, link: Element): boolean {
  if (label === link || label.contains(link)) return false;
  for (let e = label.parentElement; e && e !== link; e = e.parentElement) if (/^H[1-6]$/i.test(e.tagName) || e.getAttribute('role') === 'heading') return false;
  return [label.previousElementSibling, label.nextElementSibling].some((s) => s !== null && isAddress(s));
}

/** A display URL: a `cite`, or a short text shaped like an address. */
function isAddress(e: Element): boolean {
  if (e.tagName.toUpperCase() === 'CITE') return true;
  const t = textWithin(e, { left: 300 });
  return t.done && /^\s*(?:https?:\/\/)?(?:[\p{L}\p{N}-]+\.)+\p{L}{2,}(?:[/›>\s]|$)/u.test(t.text);
}

const NO_LABEL_TAGS = new Set(['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE']);

/**
 * `closest('a[href], script, style, noscript, template')`, answers kept: a caller asking of every
 * text in a page passes one, so nested texts do not each walk up the page's depth.
 */
export function noLabelAbove(): (e: Element | null) => Element | null {
  return nearestUp((e) => {
    const tag = e.tagName.toUpperCase();
    return NO_LABEL_TAGS.has(tag) || (tag === 'A' && e.hasAttribute('href'));
  });
}

function splitLabel(parent: Element): Element | undefined {
  for (let e: Element | null = parent, up = 0; e && up < 3 && e.childNodes.length <= 4; e = e.parentElement, up++) {
    // Read no further than a label's length (a nested element's text holds all below it).
    const t = textWithin(e, { left: 256 });
    if (!t.done || t.text.length > 40) break;
    if (isAdLabel(t.text)) return e;
  }
  return undefined;
}

const EMPHASIS = new Set(['B', 'EM', 'STRONG', 'MARK', 'I']);

/**
 * A label is not emphasis: engines bold the searched words (`em`, `b`, `strong`, `mark`), and print
 * their labels in plain elements (Bing's "Ad" slug runs on into the snippet's first words, so text
 * beside a label does not tell).
 */
function standsAlone(e: Element): boolean {
  return !EMPHASIS.has(e.tagName.toUpperCase());
}

/**
 * Whether a result's block is paid for: an ad label among its texts or aria-labels, or an ad-click
 * link. The definitions' reads are checked too (a paid card in organic markup, Yandex's "Промо").
 */
export function isPaidBlock(block: readonly Element[]): boolean {
  for (const root of block) {
    if (root.matches('a[href]') && hasAdLink(root)) return true;
    for (const a of Array.from(root.querySelectorAll('a[href]'))) if (hasAdLink(a)) return true;
    for (const e of Array.from(root.querySelectorAll('[aria-label]'))) if (isAdLabel(e.getAttribute('aria-label') ?? '')) return true;
    const walk = root.ownerDocument.createTreeWalker(root, 4 /* SHOW_TEXT */);
    const inNoLabel = noLabelAbove();
    for (let n = walk.nextNode(); n; n = walk.nextNode()) if (labelOf(n, inNoLabel)) return true;
  }
  return false;
}
