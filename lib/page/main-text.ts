/**
 * The main text of a fetched HTML page: the article a reader came for, without navigation, headers,
 * footers, sidebars, ads, cookie banners and comments. Pure DOM reading (no browser or extension API):
 * it runs over the browser's DOMParser documents in the offscreen document and over linkedom in Node.
 *
 * Three linear passes, whatever the page:
 *  1. one pre-order walk of the DOM records every element (tag, parent, flags) and every text node,
 *     and counts visible characters, link characters and commas where they occur;
 *  2. bottom-up sums over that record give every element's text length; chrome is decided top-down with
 *     those lengths at hand (an element holding half the page's text is never chrome), and the sums are
 *     taken again without it;
 *  3. the main container is chosen (a lone <article>, else <main>, else a Readability-style density
 *     pick, else the body) and its text is written from the record, blocks on their own lines.
 * The DOM is read once and never modified.
 */
import { CHROME_ROLES, CHROME_TAGS, INVISIBLE, NON_TEXT, SECTIONING, SECTIONING_ROLES, chromeByName, classWeight, hiddenByClass } from './chrome';

export interface MainText {
  /** The main text, one block (paragraph, heading, list item, table row…) a line. */
  text: string;
  /** The document's <title> (whitespace collapsed), else og:title, else the first <h1>. */
  title: string;
  /** Absolute http(s) URL of <link rel=canonical> in the head, resolved against <base href> / baseUrl. */
  canonical?: string;
  /** <html lang>, else <meta http-equiv=content-language>. */
  lang?: string;
  /** Elements dropped as chrome: roots of removed subtrees (chrome tags, roles, class/id, hidden). */
  dropped: number;
  /** How the main container was found. */
  method: 'article' | 'main' | 'density' | 'body';
}

/**
 * The measured constants of the heuristic (scripts/measure-main-text.ts varies them). Defaults in
 * MAIN_TEXT_DEFAULTS; the parameter exists for measuring, callers need not pass it.
 */
export interface MainTextTuning {
  /** An element holding at least this share of the page's visible text is never dropped as chrome. */
  guard: number;
  /** A lone <article> / <main> is the main container when it holds at least this share of the kept text. */
  containerShare: number;
  /** Beside a density pick, blocks with at least this many visible characters… */
  proseMin: number;
  /** …and a link density below this are kept as more of the document. */
  proseLinkDensity: number;
  /** In-page links (href="#…") weigh this much in link density (Readability's 0.3): a book's index stays. */
  hashLinkWeight: number;
  /** "header"/"footer" in a class or id are chrome only without a content word ("article-header" stays). */
  weakHeaderWords: boolean;
}

export const MAIN_TEXT_DEFAULTS: Readonly<MainTextTuning> = Object.freeze({
  guard: 0.5,
  containerShare: 0.5,
  proseMin: 80,
  proseLinkDensity: 0.25,
  hashLinkWeight: 0.3,
  weakHeaderWords: true,
});

/** Tags that do not break a word (the same set as lib/text/html-to-text.ts). */
const INLINE = new Set([
  'a', 'abbr', 'b', 'bdi', 'bdo', 'big', 'cite', 'code', 'data', 'dfn', 'em', 'font', 'i', 'kbd',
  'mark', 'q', 's', 'samp', 'small', 'span', 'strike', 'strong', 'sub', 'sup', 'time', 'tt', 'u',
  'var', 'wbr', 'ins', 'del',
]);
/** Tags whose content starts a new line of the output. */
const BLOCK = new Set([
  'address', 'article', 'aside', 'blockquote', 'body', 'caption', 'center', 'dd', 'details', 'dialog',
  'dir', 'div', 'dl', 'dt', 'fieldset', 'figcaption', 'figure', 'footer', 'form', 'h1', 'h2', 'h3',
  'h4', 'h5', 'h6', 'header', 'hgroup', 'hr', 'html', 'legend', 'li', 'main', 'menu', 'nav', 'ol', 'p',
  'pre', 'section', 'summary', 'table', 'tbody', 'tfoot', 'thead', 'tr', 'ul', 'br', 'listing', 'xmp',
  'plaintext',
]);
/** Children that keep a <div> from counting as a paragraph (Readability's DIV_TO_P_ELEMS). */
const BLOCK_CHILD = new Set(['blockquote', 'dl', 'div', 'img', 'ol', 'p', 'pre', 'table', 'ul', 'section', 'article']);
/** Elements scored as paragraphs by the density pick (and phrasing-only div/section). */
const PARAGRAPH = new Set(['p', 'pre', 'td', 'blockquote']);
/** Readability's starting score by tag. */
const TAG_WEIGHT: Record<string, number> = {
  div: 5, pre: 3, td: 3, blockquote: 3, address: -3, ol: -3, ul: -3, dl: -3, dd: -3, dt: -3, li: -3,
  form: -3, h1: -5, h2: -5, h3: -5, h4: -5, h5: -5, h6: -5, th: -5,
};

// How an element lays out its text: no break, a space, a new line, a line break (br, hr: no content).
const L_INLINE = 0;
const L_SPACE = 1;
const L_BLOCK = 2;
const L_BREAK = 3;

function layoutOf(tag: string): number {
  return INLINE.has(tag) ? L_INLINE : tag === 'br' || tag === 'hr' ? L_BREAK : BLOCK.has(tag) ? L_BLOCK : L_SPACE;
}

// Element flags.
const F_SKIP = 1; // invisible or non-text: children not walked, nothing counted, not chrome
const F_CHROME = 2; // candidate chrome (decided against the guard in pass 2)
const F_PRE = 4; // inside <pre> (whitespace kept)
const F_LINK = 8; // inside <a href>
const F_HASH_LINK = 16; // inside <a href="#…">: an in-page link (table of contents, index, footnote)
const F_BLOCK_CHILD = 32; // has a BLOCK_CHILD child element
const F_SECTION = 64; // inside a sectioning element: header/footer are not page-level here

/** Code points a reader does not see as characters: ASCII controls and spaces, NBSP, the Unicode spaces. */
function isSpace(c: number): boolean {
  return c <= 32 || c === 160 || (c >= 0x2000 && c <= 0x200b) || c === 0x3000 || c === 0xfeff || c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x1680 || c === 0x85;
}

interface PageRecord {
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

function collapse(s: string): string {
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
function record(doc: Document, tune: MainTextTuning): PageRecord {
  const r: PageRecord = {
    el: [doc], tag: ['#document'], layout: [L_BLOCK], role: [''], names: [''], parent: [-1], flags: [0], own: [0], ownLink: [0], ownCommas: [0],
    open: [0], close: [0], after: [0], seq: [0], text: [], textOwner: [], body: -1,
    title: '', ogTitle: '', canonical: '', baseHref: '', lang: '', metaLang: '',
  };
  const { el, tag, layout, role, names, parent, flags, own, ownLink, ownCommas, open, close, after, seq, text, textOwner } = r;
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
      for (let k = 0; k < data.length; k++) {
        const c = data.charCodeAt(k);
        if (!isSpace(c)) {
          chars++;
          if (c === 44 || c === 0xff0c || c === 0x3001) commas++;
        }
      }
      if (chars > 0) {
        own[cur] += chars;
        if (flags[cur] & F_LINK) ownLink[cur] += flags[cur] & F_HASH_LINK ? chars * tune.hashLinkWeight : chars;
        ownCommas[cur] += commas;
        seq.push(4 * text.length + 2);
        text.push(data);
        textOwner.push(cur);
      } else if (data.length > 0) {
        // Whitespace only: it still separates words ("a<span> </span>b") and lines inside <pre>.
        seq.push(4 * text.length + 2);
        text.push(data);
        textOwner.push(cur);
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

/** Bottom-up sums (children follow their parent in pre-order): text, link text, commas per subtree. */
function sums(r: PageRecord, kept: (i: number) => boolean) {
  const n = r.el.length;
  const total = new Float64Array(n);
  const link = new Float64Array(n);
  const commas = new Float64Array(n);
  for (let i = n - 1; i >= 0; i--) {
    if (!kept(i)) continue;
    total[i] += r.own[i];
    link[i] += r.ownLink[i];
    commas[i] += r.ownCommas[i];
    const p = r.parent[i];
    if (p >= 0) {
      total[p] += total[i];
      link[p] += link[i];
      commas[p] += commas[i];
    }
  }
  return { total, link, commas };
}

interface Density {
  /** Best candidate after Readability's refinements (-1: none). */
  top: number;
  /** Elements whose text is the main text: top, or top and its qualifying siblings. */
  parts: number[];
  score: Float64Array;
}

/** Readability's content scoring over the kept elements under `root`. */
function densityPick(r: PageRecord, root: number, kept: Uint8Array, total: Float64Array, link: Float64Array, commas: Float64Array, tune: MainTextTuning): Density {
  const n = r.el.length;
  const score = new Float64Array(n);
  const isCand = new Uint8Array(n);
  const { parent, tag, flags } = r;
  const rootEnd = r.after[root];
  const init = (a: number) => {
    isCand[a] = 1;
    let s = TAG_WEIGHT[tag[a]] ?? 0;
    if (a !== root && r.names[a]) s += classWeight(r.names[a]);
    score[a] = s;
  };
  for (let i = root + 1; i < rootEnd; i++) {
    if (!kept[i]) continue;
    const t = tag[i];
    const para = PARAGRAPH.has(t) || ((t === 'div' || t === 'section') && !(flags[i] & F_BLOCK_CHILD));
    if (!para || total[i] < 20) continue;
    const s = 1 + commas[i] + Math.min(Math.floor(total[i] / 100), 3);
    let a = parent[i];
    for (let level = 0; level < 5 && a >= root && a > 0; level++) {
      if (!isCand[a]) init(a);
      score[a] += s / (level === 0 ? 1 : level === 1 ? 2 : level * 3);
      if (a === root) break;
      a = parent[a];
    }
  }
  const cands: number[] = [];
  for (let i = root; i < rootEnd; i++) {
    if (!isCand[i]) continue;
    score[i] *= 1 - (total[i] > 0 ? link[i] / total[i] : 0);
    cands.push(i);
  }
  if (cands.length === 0) return { top: -1, parts: [], score };
  cands.sort((a, b) => score[b] - score[a] || a - b);
  let top = cands[0];
  if (score[top] <= 0) return { top: -1, parts: [], score }; // nothing reads like running text
  const contains = (a: number, d: number) => {
    while (d > a) d = parent[d];
    return d === a;
  };
  // Several near-best candidates (book chapters, split article bodies): their common ancestor.
  const alts = cands.slice(1, 5).filter((c) => score[c] / score[top] >= 0.75);
  if (alts.length >= 3) {
    for (let a = parent[top]; a >= root && a > 0; a = parent[a]) {
      let holds = 0;
      for (const c of alts) if (contains(a, c)) holds++;
      if (holds >= 3) {
        top = a;
        break;
      }
      if (a === root) break;
    }
  }
  // Scores rising on the way up: more content lurks beside the top candidate.
  if (top !== root) {
    let last = score[top];
    const threshold = last / 3;
    for (let a = parent[top]; a > root; a = parent[a]) {
      if (!isCand[a]) continue;
      if (score[a] < threshold) break;
      if (score[a] > last) {
        top = a;
        break;
      }
      last = score[a];
    }
  }
  // An only child says no more than its parent.
  while (top !== root && parent[top] !== root && parent[top] > 0) {
    const p = parent[top];
    let kids = 0;
    for (let i = p + 1; i < r.after[p]; i = r.after[i]) if (kept[i]) kids++;
    if (kids !== 1) break;
    top = p;
  }
  if (top === root) return { top, parts: [root], score };
  // Siblings that look like more of the same article.
  const p = parent[top];
  const threshold = Math.max(10, score[top] * 0.2);
  const topClass = (r.el[top] as Element).getAttribute?.('class') ?? '';
  const parts: number[] = [];
  for (let i = p + 1; i < r.after[p]; i = r.after[i]) {
    if (!kept[i]) continue;
    if (i === top) {
      parts.push(i);
      continue;
    }
    let bonus = 0;
    if (topClass && (r.el[i] as Element).getAttribute?.('class') === topClass) bonus = score[top] * 0.2;
    if (isCand[i] && score[i] + bonus >= threshold) parts.push(i);
    else if (tag[i] === 'p') {
      const len = total[i];
      const ld = len > 0 ? link[i] / len : 0;
      if (len > 65 && ld < 0.25) parts.push(i);
      else if (len > 0 && ld === 0 && /\.(?:\s|$)/.test((r.el[i] as Element).textContent ?? '')) parts.push(i);
    }
  }
  // Prose outside the pick, at every level up to the root: blocks of running text with few links are
  // more of the document (a book's front matter, appendices, licence); link lists are chrome. Short
  // blocks with few links count when prose surrounds them (an index's one-line letter groups).
  const chosen = new Set(parts);
  for (let branch = top, a = p; ; branch = a, a = parent[a]) {
    const kids: number[] = [];
    const state: number[] = []; // 1 in, 2 in if surrounded, 0 out
    for (let i = a + 1; i < r.after[a]; i = r.after[i]) {
      if (!kept[i] || total[i] === 0) continue;
      kids.push(i);
      const ld = link[i] / total[i];
      state.push(i === branch || chosen.has(i) ? 1 : ld >= tune.proseLinkDensity ? 0 : total[i] >= tune.proseMin ? 1 : 2);
    }
    let prev = 0;
    for (let k = 0; k < kids.length; k++) {
      if (state[k] !== 2) {
        prev = state[k];
        continue;
      }
      let next = k + 1;
      while (next < kids.length && state[next] === 2) next++;
      const inside = prev === 1 && next < kids.length && state[next] === 1;
      for (; k < next; k++) state[k] = inside ? 1 : 0;
      k--;
    }
    for (let k = 0; k < kids.length; k++) {
      if (state[k] === 1 && kids[k] !== branch && !chosen.has(kids[k])) {
        chosen.add(kids[k]);
        parts.push(kids[k]);
      }
    }
    if (a === root || parent[a] < 0) break;
  }
  parts.sort((x, y) => x - y);
  return { top, parts, score };
}

/** Pass 3: the text of the elements in `parts`, skipping dropped subtrees, one block a line. */
function writeText(r: PageRecord, parts: number[], kept: Uint8Array): string {
  const lines: string[] = [];
  const line: string[] = [];
  const flush = () => {
    if (line.length === 0) return;
    const l = line.join('').replace(/\s+/g, ' ').trim();
    if (l) lines.push(l);
    line.length = 0;
  };
  const { seq, layout, flags, text, textOwner, close } = r;
  for (const part of parts) {
    flush();
    const end = close[part];
    for (let k = r.open[part]; k <= end; k++) {
      const ev = seq[k];
      const kind = ev & 3;
      const i = ev >>> 2;
      if (kind === 2) {
        const s = text[i];
        if (flags[textOwner[i]] & F_PRE && s.indexOf('\n') >= 0) {
          const pieces = s.split('\n');
          for (let q = 0; q < pieces.length; q++) {
            if (q > 0) flush();
            line.push(pieces[q]);
          }
        } else line.push(s);
        continue;
      }
      const lay = layout[i];
      if (!kept[i]) {
        // Skipped whole; it still ends the word before it ("foo<img>bar").
        if (kind === 0) {
          k = close[i];
          if (lay === L_INLINE || lay === L_SPACE) line.push(' ');
          else flush();
        }
        continue;
      }
      if (lay === L_INLINE) continue;
      if (lay === L_SPACE) line.push(' ');
      else if (lay === L_BLOCK || kind === 0) flush(); // a line break: once, at its start
    }
  }
  flush();
  return lines.join('\n');
}

function resolveCanonical(href: string, baseHref: string, baseUrl: string): string | undefined {
  if (!href) return undefined;
  let base: string | undefined;
  try {
    base = new URL(baseUrl).href;
  } catch {
    base = undefined;
  }
  if (baseHref) {
    try {
      base = new URL(baseHref, base).href;
    } catch {
      /* an unusable <base> is ignored, as browsers do */
    }
  }
  try {
    const u = new URL(href, base);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.href : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The main text of an HTML document, with its title, canonical URL and language.
 * `baseUrl` is the address the page was fetched from (for a relative canonical link).
 */
export function mainText(doc: Document, baseUrl: string, tuning?: Partial<MainTextTuning>): MainText {
  const tune: MainTextTuning = tuning ? { ...MAIN_TEXT_DEFAULTS, ...tuning } : MAIN_TEXT_DEFAULTS;
  const r = record(doc, tune);
  const n = r.el.length;
  const root = r.body >= 0 ? r.body : 0;
  const skipped = (i: number) => (r.flags[i] & F_SKIP) !== 0;

  // Pass 2: text lengths with only invisible elements out, then chrome decided top-down.
  const before = sums(r, (i) => !skipped(i));
  const guard = before.total[root] * tune.guard;
  const kept = new Uint8Array(n);
  let dropped = 0;
  for (let i = 0; i < n; i++) {
    const p = r.parent[i];
    if (skipped(i) || (p >= 0 && !kept[p])) continue;
    if (r.flags[i] & F_CHROME && i !== root && !(before.total[i] > 0 && before.total[i] >= guard)) {
      dropped++;
      continue;
    }
    kept[i] = 1;
  }
  const { total, link, commas } = sums(r, (i) => kept[i] === 1);

  // Main container: a lone <article> / <main> holding most of the text or the densest block; else the
  // densest block itself; else the body.
  const rootEnd = r.after[root];
  const density = densityPick(r, root, kept, total, link, commas, tune);
  const contains = (a: number, d: number) => {
    while (d > a) d = r.parent[d];
    return d === a;
  };
  // The largest match holding most of the text; or, when it is the only one with text (not counting
  // those nested in it), the one around the densest block. Several articles side by side (a listing, a
  // front page) are not one main text.
  const pickLargest = (match: (i: number) => boolean): number => {
    let best = -1;
    let outer = 0;
    let outerEnd = -1;
    for (let i = root + 1; i < rootEnd; i++) {
      if (!kept[i] || total[i] === 0 || !match(i)) continue;
      if (i >= outerEnd) {
        outer++;
        outerEnd = r.after[i];
      }
      if (best < 0 || total[i] > total[best]) best = i;
    }
    if (best < 0) return -1;
    if (total[best] >= total[root] * tune.containerShare) return best;
    return outer === 1 && density.top > root && contains(best, density.top) ? best : -1;
  };
  let method: MainText['method'];
  let parts: number[];
  const article = pickLargest((i) => r.tag[i] === 'article' || r.role[i] === 'article');
  const main = article < 0 ? pickLargest((i) => r.tag[i] === 'main' || r.role[i] === 'main') : -1;
  if (article >= 0) {
    method = 'article';
    parts = [article];
  } else if (main >= 0) {
    method = 'main';
    parts = [main];
  } else if (density.top > root && density.parts.length > 0) {
    method = 'density';
    parts = density.parts;
  } else {
    method = 'body';
    parts = [root];
  }

  let title = r.title || r.ogTitle;
  if (!title) {
    for (let i = root; i < rootEnd; i++) {
      if (kept[i] && r.tag[i] === 'h1') {
        title = collapse((r.el[i] as Element).textContent ?? '');
        if (title) break;
      }
    }
  }
  const out: MainText = { text: writeText(r, parts, kept), title, dropped, method };
  const canonical = resolveCanonical(r.canonical, r.baseHref, baseUrl);
  if (canonical) out.canonical = canonical;
  const lang = r.lang || r.metaLang;
  if (lang) out.lang = lang;
  return out;
}
