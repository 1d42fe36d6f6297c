/**
 * Renames every class name and id of a saved HTML page to seeded random tokens, the way a search
 * engine's CSS rebuild does, so tests can check that the structural results-page reader does not
 * depend on names (issue #27).
 *
 * Works on the raw text with a small tag scanner (no parse and re-serialize): only class and id values,
 * id references (for, aria-*, headers, list, form, href="#x", url(#x)) and the selectors of <style>
 * blocks change; everything else stays byte-identical. Script, textarea and title contents, comments,
 * text and data-* attributes are never touched. Only names seen in class/id attributes are renamed.
 */

/** HTML's ASCII whitespace; not \s, which also matches U+00A0 (a UTF-8 byte when read as latin1). */
const WS = /[\t\n\f\r ]+/;
const TOKENS = /[^\t\n\f\r ]+/g;

// After a tag name: one attribute, its name in 1 and its value in 2 (double), 3 (single) or 4 (bare).
const ATTR = /[\t\n\f\r /]*(?:([^\t\n\f\r />][^\t\n\f\r />=]*)(?:[\t\n\f\r ]*=[\t\n\f\r ]*(?:"([^"]*)"?|'([^']*)'?|([^\t\n\f\r >]*)))?)?/dy;
const TAG_NAME = /[^\t\n\f\r />]*/y;
// Elements whose content is not markup: skipped, except <style>, whose selectors are renamed.
const RAW = new Set(['script', 'style', 'textarea', 'title', 'xmp', 'iframe', 'noembed', 'noframes', 'plaintext']);

/** Attributes holding one or more ids (space-separated lists where the spec allows). */
const ID_REFS = new Set([
  'for',
  'list',
  'form',
  'headers',
  'itemref',
  'popovertarget',
  'aria-labelledby',
  'aria-describedby',
  'aria-controls',
  'aria-owns',
  'aria-activedescendant',
  'aria-flowto',
  'aria-details',
  'aria-errormessage',
]);

const URL_REF = /(url\([\t\n\f\r ]*(["']?)#)([^"'()\\\t\n\f\r ]+)(?=\2[\t\n\f\r ]*\))/gi;
// CSS: comments and strings are opaque; braces and semicolons end a prelude or declaration.
const CSS_SPLIT = /\/\*[\s\S]*?(?:\*\/|$)|"(?:[^"\\\n]|\\[\s\S])*"?|'(?:[^'\\\n]|\\[\s\S])*'?|[{};]/g;
const CSS_SELECTOR =
  /\/\*[\s\S]*?(?:\*\/|$)|"(?:[^"\\\n]|\\[\s\S])*"?|'(?:[^'\\\n]|\\[\s\S])*'?|\[[^\]]*\]?|([.#])((?:[\w-]|[^\x00-\x7f]|\\[0-9a-fA-F]{1,6}[\t\n\f\r ]?|\\[^\n\r\f0-9a-fA-F])+)/g;
// At-rules whose block holds rules (selectors); any other at-rule block (keyframes, font-face) does not.
const RULE_BLOCKS = /^@(?:-\w+-)?(?:media|supports|container|layer|document|scope|starting-style)\b/i;

type AttrVisit = (name: string, start: number, end: number) => void;
type RangeVisit = (start: number, end: number) => void;

/** Visits every attribute value (name lowercased) and every <style> content range, in order. */
function scan(html: string, onAttr: AttrVisit, onStyle: RangeVisit): void {
  const n = html.length;
  let i = 0;
  while (i < n) {
    const lt = html.indexOf('<', i);
    if (lt < 0) return;
    const c = html.charCodeAt(lt + 1);
    if (html.startsWith('<!--', lt)) {
      const e = html.indexOf('-->', lt + 4);
      i = e < 0 ? n : e + 3;
      continue;
    }
    if (html.startsWith('<![CDATA[', lt)) {
      const e = html.indexOf(']]>', lt + 9);
      i = e < 0 ? n : e + 3;
      continue;
    }
    if (c === 0x21 || c === 0x3f || c === 0x2f) {
      // <! <? </: no names to rename
      const e = html.indexOf('>', lt + 2);
      i = e < 0 ? n : e + 1;
      continue;
    }
    if (!((c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a))) {
      i = lt + 1;
      continue;
    }
    TAG_NAME.lastIndex = lt + 1;
    TAG_NAME.exec(html);
    const tag = html.slice(lt + 1, TAG_NAME.lastIndex).toLowerCase();
    let p = TAG_NAME.lastIndex;
    for (;;) {
      ATTR.lastIndex = p;
      const m = ATTR.exec(html)!; // always matches (possibly empty)
      p = ATTR.lastIndex;
      if (m[1] === undefined) break;
      const g = m[2] !== undefined ? 2 : m[3] !== undefined ? 3 : m[4] !== undefined ? 4 : 0;
      if (g) onAttr(m[1].toLowerCase(), m.indices![g][0], m.indices![g][1]);
    }
    i = p < n ? p + 1 : n; // past '>'
    if (RAW.has(tag)) {
      if (tag === 'plaintext') return;
      const end = new RegExp(`</${tag}[\\t\\n\\f\\r />]`, 'gi');
      end.lastIndex = i;
      const close = end.exec(html)?.index ?? n;
      if (tag === 'style') onStyle(i, close);
      i = close;
    }
  }
}

/** The names of a page that get tokens: class tokens and ids, in order of first appearance. */
function collectNames(html: string): string[] {
  const names = new Set<string>();
  scan(
    html,
    (name, s, e) => {
      if (name === 'class')
        for (const t of html.slice(s, e).split(WS)) {
          if (t) names.add(t);
        }
      else if (name === 'id' && e > s) names.add(html.slice(s, e));
    },
    () => {},
  );
  return [...names];
}

/** FNV-1a (32-bit) of a string's UTF-16 code units. */
function fnv1a(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

const LETTERS = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** 6 to 8 letters from (seed, name, attempt): xorshift32 seeded by FNV-1a. */
function token(seed: number, name: string, attempt: number): string {
  let x = fnv1a(`${seed}\u0000${name}\u0000${attempt}`) || 1;
  const next = () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) % 52;
  };
  const len = 6 + (next() % 3);
  let t = '';
  for (let i = 0; i < len; i++) t += LETTERS[next()];
  return t;
}

/**
 * Original name → token for every class and id of the page. A token depends only on (seed, name)
 * unless it collides with another token or with any original name of the page (then the next attempt).
 */
export function renameMap(html: string, seed: number): Map<string, string> {
  const names = collectNames(html);
  const taken = new Set(names);
  const map = new Map<string, string>();
  for (const name of names) {
    let t: string;
    for (let k = 0; taken.has((t = token(seed, name, k))); k++);
    taken.add(t);
    map.set(name, t);
  }
  return map;
}

function unescapeCss(s: string): string {
  if (!s.includes('\\')) return s;
  return s.replace(/\\([0-9a-fA-F]{1,6})[\t\n\f\r ]?|\\([\s\S])/g, (_, hex: string | undefined, ch: string) =>
    hex ? String.fromCodePoint(parseInt(hex, 16) || 0xfffd) : ch,
  );
}

function renameUrls(text: string, map: Map<string, string>): string {
  if (!/url\(/i.test(text)) return text;
  return text.replace(URL_REF, (all, head: string, _q, id: string) => {
    const t = map.get(id);
    return t ? head + t : all;
  });
}

/** .name and #name of a selector list; strings, comments and [attribute] tests are left alone. */
function renameSelector(sel: string, map: Map<string, string>): string {
  return sel.replace(CSS_SELECTOR, (all, mark: string | undefined, ident: string) => {
    if (!mark) return all;
    const t = map.get(unescapeCss(ident));
    return t ? mark + t : all;
  });
}

/** A stylesheet: selectors of style rules (nested in @media etc. too) renamed, url(#id) in declarations. */
export function renameCss(css: string, map: Map<string, string>): string {
  const out: string[] = [];
  // Per open block: may it hold rules whose preludes are selectors? (@media, a style rule with CSS
  // nesting: yes; @keyframes, @font-face: no.)
  const stack: boolean[] = [];
  let seg = 0; // start of the current prelude or declaration
  for (const m of css.matchAll(CSS_SPLIT)) {
    const ch = m[0];
    if (ch !== '{' && ch !== '}' && ch !== ';') continue;
    const at = m.index!;
    const text = css.slice(seg, at);
    const rulesHere = stack.length === 0 || stack[stack.length - 1];
    if (ch === '{') {
      // An at-rule's prelude is never a selector; a style rule's is, unless inside @keyframes & co.
      const atRule = text.trimStart().startsWith('@');
      out.push(atRule || !rulesHere ? text : renameSelector(text, map));
      stack.push(rulesHere && (!atRule || RULE_BLOCKS.test(text.trimStart())));
    } else {
      out.push(renameUrls(text, map));
      if (ch === '}') stack.pop();
    }
    out.push(ch);
    seg = at + 1;
  }
  out.push(renameUrls(css.slice(seg), map));
  return out.join('');
}

function renameTokens(value: string, map: Map<string, string>): string {
  return value.replace(TOKENS, (t) => map.get(t) ?? t);
}

function renameAttr(name: string, value: string, map: Map<string, string>): string {
  if (name === 'class' || ID_REFS.has(name)) return renameTokens(value, map);
  if (name === 'id') return map.get(value) ?? value;
  if (name.startsWith('data-')) return value;
  if ((name === 'href' || name === 'xlink:href') && value.startsWith('#')) {
    const t = map.get(value.slice(1));
    return t ? `#${t}` : value;
  }
  return renameUrls(value, map);
}

/** The page with every class name and id (and the references to them) renamed to seeded tokens. */
export function renameNames(html: string, seed: number, map: Map<string, string> = renameMap(html, seed)): string {
  const out: string[] = [];
  let last = 0;
  const edit = (s: number, e: number, text: string) => {
    if (text === html.slice(s, e)) return;
    out.push(html.slice(last, s), text);
    last = e;
  };
  scan(
    html,
    (name, s, e) => edit(s, e, renameAttr(name, html.slice(s, e), map)),
    (s, e) => edit(s, e, renameCss(html.slice(s, e), map)),
  );
  out.push(html.slice(last));
  return out.join('');
}
