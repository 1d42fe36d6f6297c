/**
 * The main text of a fetched HTML page: the article a reader came for, without navigation, headers,
 * footers, sidebars, ads, cookie banners and comments. Pure DOM reading (no browser or extension API):
 * it runs over lib's light tree (./lite-dom) in the Worker, and over any DOM (linkedom, a browser's) in tests.
 *
 * Three linear passes, whatever the page:
 *  1. one pre-order walk of the DOM records every element (tag, parent, flags) and every text node,
 *     and counts visible characters, link characters and commas where they occur;
 *  2. bottom-up sums over that record give every element's text length; chrome is decided top-down with
 *     those lengths at hand (an element holding half the page's text is never chrome), and the sums are
 *     taken again without it;
 *  3. the main container is chosen (a lone <article>, else <main>, else a Readability-style density
 *     pick, else the body) and its text is written from the record, blocks on their own lines.
 * The DOM is read once and never modified. Pass 1 is ./main-text-record.ts, the density pick
 * ./main-text-density.ts.
 */
import { densityPick, sums } from './main-text-density';
import { F_CHROME, F_PRE, F_SKIP, L_BLOCK, L_INLINE, L_SPACE, type PageRecord, WS_END, WS_LOOSE, WS_START, collapse, record } from './main-text-record';
import { looseSpace } from '../text/regex-space';
import { MAIN_TEXT_DEFAULTS, type MainTextTuning } from './main-text-tuning';

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

// The constants live apart so that the walk's modules (record, density) need not import this one.
export { MAIN_TEXT_DEFAULTS, type MainTextTuning };

/**
 * Pass 3: the text of the elements in `parts`, skipping dropped subtrees, one block a line. Whether a
 * line needs its whitespace collapsed is known from its pieces (each text's WS_* flags from pass 1, and
 * where they meet), without reading the line again; lines holding split <pre> text are read.
 */
function writeText(r: PageRecord, parts: number[], kept: Uint8Array): string {
  const lines: string[] = [];
  const line: string[] = [];
  let loose = false; // the line so far has whitespace to collapse
  let endWs = false; // its last character is whitespace
  let unknown = false; // it holds pieces without flags
  const flush = () => {
    if (line.length === 0) return;
    let l = line.join('');
    if (unknown ? looseSpace(l) : loose) l = l.replace(/\s+/g, ' ');
    l = l.trim();
    if (l) lines.push(l);
    line.length = 0;
    loose = endWs = unknown = false;
  };
  const space = () => {
    if (endWs) loose = true;
    endWs = true;
    line.push(' ');
  };
  const { seq, layout, flags, text, textOwner, textWs, close } = r;
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
            unknown = true;
          }
        } else {
          const f = textWs[i];
          if (f & WS_LOOSE || (endWs && f & WS_START)) loose = true;
          endWs = (f & WS_END) !== 0;
          line.push(s);
        }
        continue;
      }
      const lay = layout[i];
      if (!kept[i]) {
        // Skipped whole; it still ends the word before it ("foo<img>bar").
        if (kind === 0) {
          k = close[i];
          if (lay === L_INLINE || lay === L_SPACE) space();
          else flush();
        }
        continue;
      }
      if (lay === L_INLINE) continue;
      if (lay === L_SPACE) space();
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
  const root = Math.max(r.body, 0);
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
