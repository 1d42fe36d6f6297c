/**
 * Pass 1 of main-text extraction (./main-text.ts): one pre-order walk of the DOM that records every
 * element (tag, layout, parent, flags) and every text node, counting visible characters, link
 * characters and commas where they occur. The DOM is read, never modified.
 */
import { CHROME_ROLES, CHROME_TAGS, INVISIBLE, NON_TEXT, SECTIONING, SECTIONING_ROLES, chromeByName, hiddenByClass } from './chrome';
import type { MainTextTuning } from './main-text-tuning';
import { isRegexSpace } from '../text/regex-space';

/** Tags that do not break a word (the same set as lib/text/html-to-text.ts). */
const INLINE = new Set([
  'a',
  'abbr',
  'b',
  'bdi',
  'bdo',
  'big',
  'cite',
  'code',
  'data',
  'dfn',
  'em',
  'font',
  'i',
  'kbd',
  'mark',
  'q',
  's',
  'samp',
  'small',
  'span',
  'strike',
  'strong',
  'sub',
  'sup',
  'time',
  'tt',
  'u',
  'var',
  'wbr',
  'ins',
  'del',
]);
/** Tags whose content starts a new line of the output. */
const BLOCK = new Set([
  'address',
  'article',
  'aside',
  'blockquote',
  'body',
  'caption',
  'center',
  'dd',
  'details',
  'dialog',
  'dir',
  'div',
  'dl',
  'dt',
  'fieldset',
  'figcaption',
  'figure',
  'footer',
  'form',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'header',
  'hgroup',
  'hr',
  'html',
  'legend',
  'li',
  'main',
  'menu',
  'nav',
  'ol',
  'p',
  'pre',
  'section',
  'summary',
  'table',
  'tbody',
  'tfoot',
  'thead',
  'tr',
  'ul',
  'br',
  'listing',
  'xmp',
  'plaintext',
]);
/** Children that keep a <div> from counting as a paragraph (Readability's DIV_TO_P_ELEMS). */
const BLOCK_CHILD = new Set(['blockquote', 'dl', 'div', 'img', 'ol', 'p', 'pre', 'table', 'ul', 'section', 'article']);
/** Elements scored as paragraphs by the density pick (and phrasing-only div/section). */
export const PARAGRAPH = new Set(['p', 'pre', 'td', 'blockquote']);
/** Readability's starting score by tag. */
export const TAG_WEIGHT: Record<string, number> = {
  div: 5,
  pre: 3,
  td: 3,
  blockquote: 3,
  address: -3,
  ol: -3,
  ul: -3,
  dl: -3,
  dd: -3,
  dt: -3,
  li: -3,
  form: -3,
  h1: -5,
  h2: -5,
  h3: -5,
  h4: -5,
  h5: -5,
  h6: -5,
  th: -5,
};

// How an element lays out its text: no break, a space, a new line, a line break (br, hr: no content).
export const L_INLINE = 0;
export const L_SPACE = 1;
export const L_BLOCK = 2;
const L_BREAK = 3;

function layoutOf(tag: string): number {
  return INLINE.has(tag) ? L_INLINE : tag === 'br' || tag === 'hr' ? L_BREAK : BLOCK.has(tag) ? L_BLOCK : L_SPACE;
}

// Element flags.
export const F_SKIP = 1; // invisible or non-text: children not walked, nothing counted, not chrome
export const F_CHROME = 2; // candidate chrome (decided against the guard in pass 2)
export const F_PRE = 4; // inside <pre> (whitespace kept)
const F_LINK = 8; // inside <a href>
const F_HASH_LINK = 16; // inside <a href="#…">: an in-page link (table of contents, index, footnote)
export const F_BLOCK_CHILD = 32; // has a BLOCK_CHILD child element
const F_SECTION = 64; // inside a sectioning element: header/footer are not page-level here

// What `\s+` → ' ' would see of a text: a run to collapse inside it (two whitespace characters in a
// row, or any but a plain space), whitespace as its first or last character.
export const WS_LOOSE = 1;
export const WS_START = 2;
export const WS_END = 4;

/** Code points a reader does not see as characters: ASCII controls and spaces, NBSP, the Unicode spaces. */
function isSpace(c: number): boolean {
  return (
    c <= 32 ||
    c === 160 ||
    (c >= 0x2000 && c <= 0x200b) ||
    c === 0x3000 ||
    c === 0xfeff ||
    c === 0x2028 ||
    c === 0x2029 ||
    c === 0x202f ||
    c === 0x205f ||
    c === 0x1680 ||
    c === 0x85
  );
}

export interface PageRecord {
  el: Node[];
  tag: string[];
  /** L_INLINE / L_SPACE / L_BLOCK / L_BREAK. */
  layout: number[];
  /** role attribute, trimmed and lower-cased ('' when none). */
  role: string[];
  /** class and id attributes, joined by a space ('' when none). */
  names: string[];
  parent: number[];
  flags: number[];
  /** Visible characters of the element's own text nodes. */
  own: number[];
  ownLink: number[];
  ownCommas: number[];
  /** Index in `seq` of the element's open event, and of its close event. */
  open: number[];
  close: number[];
  /** First element index after the element's subtree (its descendants are i+1 … after[i]-1). */
  after: number[];
  /** Events in document order: 4·element + 0 (open) / 1 (close), 4·text + 2 (text). */
  seq: number[];
  text: string[];
  textOwner: number[];
  /** Per text: WS_LOOSE, WS_START, WS_END (see `wsFlags`), so that writing needs no second pass over it. */
  textWs: number[];
  /** Index of <body> (or the root 0, the document itself). */
  body: number;
  title: string;
  ogTitle: string;
  canonical: string;
  baseHref: string;
  lang: string;
  metaLang: string;
}

function attr(el: Element, name: string): string | null {
  return el.getAttribute(name);
}

function nameOf(n: Node): string {
  const el = n as Element;
  return (el.localName || el.nodeName || '').toLowerCase();
}

export function collapse(s: string): string {
  return s.replace(/\s+/g, ' ').trim();
}

/** Title, canonical link, base and language from <head>. */
function readHead(head: Element, r: PageRecord): void {
  for (let c = head.firstChild; c; c = c.nextSibling) {
    if (c.nodeType !== 1) continue;
    const el = c as Element;
    const tag = nameOf(el);
    if (tag === 'title') {
      if (!r.title) r.title = collapse(el.textContent ?? '');
    } else if (tag === 'link') {
      if (!r.canonical && /(?:^|\s)canonical(?:\s|$)/i.test(attr(el, 'rel') ?? '')) r.canonical = (attr(el, 'href') ?? '').trim();
    } else if (tag === 'base') {
      if (!r.baseHref) r.baseHref = (attr(el, 'href') ?? '').trim();
    } else if (tag === 'meta') {
      const prop = (attr(el, 'property') ?? attr(el, 'name') ?? '').toLowerCase();
      if (prop === 'og:title' && !r.ogTitle) r.ogTitle = collapse(attr(el, 'content') ?? '');
      if ((attr(el, 'http-equiv') ?? '').toLowerCase() === 'content-language' && !r.metaLang) {
        r.metaLang = (attr(el, 'content') ?? '').split(',')[0].trim();
      }
    }
  }
}

/** The attributes the heuristic reads, read once per element (none at all for bare elements). */
interface Attrs {
  role: string;
  names: string;
  cls: string;
}
const NO_ATTRS: Attrs = { role: '', names: '', cls: '' };

function readAttrs(el: Element): Attrs {
  if (!el.hasAttributes()) return NO_ATTRS;
  const cls = el.getAttribute('class') ?? '';
  const id = el.getAttribute('id') ?? '';
  const role = el.getAttribute('role');
  return { role: role ? role.trim().toLowerCase() : '', names: cls || id ? `${cls} ${id}` : '', cls };
}

/** F_SKIP (not read at all), F_CHROME (chrome unless it holds most of the text) or 0. */
function classify(el: Element, tag: string, a: Attrs, inSection: boolean, t: MainTextTuning): number {
  if (INVISIBLE.has(tag) || NON_TEXT.has(tag)) return F_SKIP;
  if (tag === 'dialog' && !el.hasAttribute('open')) return F_SKIP;
  if (tag === 'body' || tag === 'html') return 0;
  if (CHROME_TAGS.has(tag) || ((tag === 'header' || tag === 'footer') && !inSection)) return F_CHROME;
  // Custom elements name themselves: <amp-ad>, <amp-sidebar>, <cookie-consent-banner>.
  if (tag.indexOf('-') > 0 && chromeByName(tag, t.weakHeaderWords)) return F_CHROME;
  if (a === NO_ATTRS) return 0;
  const hidden = el.getAttribute('hidden');
  if (hidden !== null && hidden.toLowerCase() !== 'until-found') return F_CHROME;
  if ((el.getAttribute('aria-hidden') ?? '').trim().toLowerCase() === 'true') return F_CHROME;
  const style = el.getAttribute('style');
  if (style && /(?:display\s*:\s*none|visibility\s*:\s*hidden)/i.test(style)) return F_CHROME;
  if (a.role && CHROME_ROLES.has(a.role)) return F_CHROME;
  if (a.names && (chromeByName(a.names, t.weakHeaderWords) || hiddenByClass(a.cls))) return F_CHROME;
  return 0;
}

/** Pass 1: one pre-order walk. Element 0 is the document itself. */
export function record(doc: Document, tune: MainTextTuning): PageRecord {
  const r: PageRecord = {
    el: [doc],
    tag: ['#document'],
    layout: [L_BLOCK],
    role: [''],
    names: [''],
    parent: [-1],
    flags: [0],
    own: [0],
    ownLink: [0],
    ownCommas: [0],
    open: [0],
    close: [0],
    after: [0],
    seq: [0],
    text: [],
    textOwner: [],
    textWs: [],
    body: -1,
    title: '',
    ogTitle: '',
    canonical: '',
    baseHref: '',
    lang: '',
    metaLang: '',
  };
  const { el, tag, layout, role, names, parent, flags, own, ownLink, ownCommas, open, close, after, seq, text, textOwner, textWs } = r;
  let cur = 0; // index of the element whose children are being walked
  // The document's own children from childNodes: some DOMs (linkedom) give a doctype no nextSibling.
  const tops = Array.from(doc.childNodes);
  let topAt = 0;
  let node: Node | null = tops[topAt++] ?? null;
  while (node) {
    let descend = false;
    const type = node.nodeType;
    if (type === 1) {
      const e = node as Element;
      const t = nameOf(e);
      const i = el.length;
      const pf = flags[cur];
      const inSection = (pf & F_SECTION) !== 0;
      const a = readAttrs(e);
      let f = classify(e, t, a, inSection, tune);
      if (t === 'head') readHead(e, r);
      else if (t === 'html' && !r.lang) r.lang = (e.getAttribute('lang') ?? e.getAttribute('xml:lang') ?? '').trim();
      else if (t === 'body' && r.body < 0) r.body = i;
      if (f === 0 || f === F_CHROME) {
        f |= pf & (F_PRE | F_LINK | F_HASH_LINK | F_SECTION);
        if (t === 'pre' || t === 'listing' || t === 'xmp' || t === 'plaintext') f |= F_PRE;
        else if (t === 'a' && !(f & F_LINK)) {
          // Only links count (<a name> anchors do not); in-page ones lightly.
          const href = e.getAttribute('href');
          if (href !== null) f |= /^\s*#./.test(href) ? F_LINK | F_HASH_LINK : F_LINK;
        }
        if (SECTIONING.has(t) || (a.role && SECTIONING_ROLES.has(a.role))) f |= F_SECTION;
        descend = e.firstChild !== null;
      }
      if (BLOCK_CHILD.has(t)) flags[cur] |= F_BLOCK_CHILD;
      el.push(e);
      tag.push(t);
      layout.push(layoutOf(t));
      role.push(a.role);
      names.push(a.names);
      parent.push(cur);
      flags.push(f);
      own.push(0);
      ownLink.push(0);
      ownCommas.push(0);
      open.push(seq.length);
      seq.push(4 * i);
      close.push(-1);
      after.push(-1);
      if (descend) cur = i;
      else {
        close[i] = seq.length;
        seq.push(4 * i + 1);
        after[i] = i + 1;
      }
    } else if (type === 3 || type === 4) {
      const data = (node as CharacterData).data;
      let chars = 0;
      let commas = 0;
      // Whitespace as writing will collapse it, noted in the same pass (`ws`: the last was \s).
      let ws = false;
      let loose = false;
      for (let k = 0; k < data.length; k++) {
        const c = data.charCodeAt(k);
        // Printable ASCII first: isSpace's ten comparisons for every letter were most of this walk.
        if (c > 32 && c < 127) {
          chars++;
          ws = false;
          if (c === 44) commas++;
          continue;
        }
        const rs = isRegexSpace(c);
        if (rs && (ws || c !== 32)) loose = true;
        ws = rs;
        if (!isSpace(c)) {
          chars++;
          if (c === 0xff0c || c === 0x3001) commas++;
        }
      }
      if (data.length > 0) {
        if (chars > 0) {
          own[cur] += chars;
          if (flags[cur] & F_LINK) ownLink[cur] += flags[cur] & F_HASH_LINK ? chars * tune.hashLinkWeight : chars;
          ownCommas[cur] += commas;
        }
        // Whitespace only, it is kept too: it still separates words ("a<span> </span>b") and lines inside <pre>.
        seq.push(4 * text.length + 2);
        text.push(data);
        textOwner.push(cur);
        textWs.push((loose ? WS_LOOSE : 0) | (isRegexSpace(data.charCodeAt(0)) ? WS_START : 0) | (ws ? WS_END : 0));
      }
    }
    // Next node in pre-order, closing the elements we leave.
    if (descend) {
      node = node.firstChild;
      continue;
    }
    for (;;) {
      if (cur === 0) {
        node = tops[topAt++] ?? null;
        break;
      }
      const next: Node | null = node!.nextSibling;
      if (next) {
        node = next;
        break;
      }
      close[cur] = seq.length;
      seq.push(4 * cur + 1);
      after[cur] = el.length;
      node = el[cur];
      cur = parent[cur];
    }
  }
  // Close whatever a strange tree left open.
  while (cur > 0) {
    close[cur] = seq.length;
    seq.push(4 * cur + 1);
    after[cur] = el.length;
    cur = parent[cur];
  }
  close[0] = seq.length;
  seq.push(1);
  after[0] = el.length;
  return r;
}
