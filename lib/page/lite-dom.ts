/**
 * PROTOTYPE (issue #17, extraction ≤ 2× the whole-page sketch): a light element tree built from HTML
 * without a browser DOM, with just what main-text extraction reads (nodeType, localName, attributes,
 * firstChild/nextSibling, text data, textContent), so the Worker can extract a page's main text itself.
 * Tree construction follows the HTML parser's common rules only: void elements, raw-text elements,
 * implied end tags (p, li, dt/dd, td/th, tr, option), end tags closing the nearest open element of
 * their name, html/head/body made when missing. No foster parenting, no adoption agency.
 */
import { decodeHTML } from 'entities';

class LiteNode {
  parentNode: LiteElement | LiteDocument | null = null;
  firstChild: LiteNode | null = null;
  lastChild: LiteNode | null = null;
  nextSibling: LiteNode | null = null;
  constructor(readonly nodeType: number) {}
  append(c: LiteNode): void {
    c.parentNode = this as unknown as LiteElement;
    if (this.lastChild) this.lastChild.nextSibling = c;
    else this.firstChild = c;
    this.lastChild = c;
  }
  get textContent(): string {
    let s = '';
    for (let c = this.firstChild; c; c = c.nextSibling) s += c.nodeType === 3 ? (c as LiteText).data : c.nodeType === 1 ? c.textContent : '';
    return s;
  }
}

class LiteText extends LiteNode {
  constructor(public data: string) {
    super(3);
  }
}

class LiteElement extends LiteNode {
  constructor(
    readonly localName: string,
    private attrs: Map<string, string> | null,
  ) {
    super(1);
  }
  get nodeName(): string {
    return this.localName.toUpperCase();
  }
  getAttribute(n: string): string | null {
    return this.attrs?.get(n) ?? null;
  }
  hasAttribute(n: string): boolean {
    return this.attrs?.has(n) ?? false;
  }
  hasAttributes(): boolean {
    return (this.attrs?.size ?? 0) > 0;
  }
}

class LiteDocument extends LiteNode {
  constructor() {
    super(9);
  }
  get childNodes(): LiteNode[] {
    const out: LiteNode[] = [];
    for (let c = this.firstChild; c; c = c.nextSibling) out.push(c);
    return out;
  }
}

const VOID = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'param', 'source', 'track', 'wbr', 'keygen', 'basefont', 'bgsound', 'frame']);
/** Read as text up to their end tag (scripting is off in a parsed document: noscript is markup). */
const RAW = new Set(['script', 'style', 'textarea', 'title', 'xmp', 'iframe', 'noembed', 'noframes']);
const CLOSES_P = new Set([
  'address', 'article', 'aside', 'blockquote', 'center', 'details', 'dialog', 'dir', 'div', 'dl', 'fieldset', 'figcaption', 'figure', 'footer', 'form',
  'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'header', 'hgroup', 'hr', 'li', 'dd', 'dt', 'listing', 'main', 'menu', 'nav', 'ol', 'p', 'plaintext', 'pre', 'section', 'summary', 'table', 'ul',
]);
const HEAD_ONLY = new Set(['base', 'basefont', 'bgsound', 'link', 'meta', 'title', 'style', 'script', 'noscript', 'template']);
/** Where the search for an open element to close stops (a scope boundary, roughly the spec's). */
const SCOPE = new Set(['html', 'table', 'td', 'th', 'caption', 'template', 'applet', 'marquee', 'object']);

const TOKEN = /<!--[\s\S]*?(?:-->|$)|<![^>]*>|<\?[^>]*>|<\/([a-zA-Z][^\s/>]*)[^>]*>|<([a-zA-Z][^\s/>]*)((?:"[^"]*"|'[^']*'|[^'">])*)>/g;
const ATTR = /([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g;

function readAttrs(s: string): Map<string, string> | null {
  if (!s.trim()) return null;
  const m = new Map<string, string>();
  ATTR.lastIndex = 0;
  for (let a = ATTR.exec(s); a; a = ATTR.exec(s)) {
    const name = a[1].toLowerCase();
    if (m.has(name)) continue;
    const v = a[2] ?? a[3] ?? a[4] ?? '';
    m.set(name, v.includes('&') ? decodeHTML(v) : v);
  }
  return m;
}

export function parseLite(html: string): Document {
  const doc = new LiteDocument();
  const root = new LiteElement('html', null);
  const head = new LiteElement('head', null);
  let body: LiteElement | null = null;
  doc.append(root);
  root.append(head);
  const stack: LiteElement[] = [root];
  let inHead = true;
  const top = () => stack[stack.length - 1];
  const ensureBody = () => {
    if (body) return;
    inHead = false;
    body = new LiteElement('body', null);
    root.append(body);
    stack.length = 1;
    stack.push(body);
  };
  const text = (s: string) => {
    if (!s) return;
    if (inHead && !/\S/.test(s)) return;
    if (inHead) ensureBody();
    const t = top();
    const d = s.includes('&') ? decodeHTML(s) : s;
    if (t.lastChild?.nodeType === 3) (t.lastChild as LiteText).data += d;
    else t.append(new LiteText(d));
  };
  const close = (name: string) => {
    for (let i = stack.length - 1; i > 0; i--) {
      const n = stack[i].localName;
      if (n === name) {
        stack.length = i;
        return;
      }
      if (SCOPE.has(n)) return;
    }
  };
  const open = (name: string) => {
    for (let i = stack.length - 1; i > 0; i--) if (stack[i].localName === name) return true;
    return false;
  };
  let at = 0;
  TOKEN.lastIndex = 0;
  for (let m = TOKEN.exec(html); m; m = TOKEN.exec(html)) {
    text(html.slice(at, m.index));
    at = TOKEN.lastIndex;
    const endName = m[1]?.toLowerCase();
    const startName = m[2]?.toLowerCase();
    if (endName) {
      if (endName === 'body' || endName === 'html' || endName === 'head') continue;
      close(endName);
      continue;
    }
    if (!startName) continue; // comment, doctype, processing instruction
    const attrs = readAttrs(m[3]);
    if (startName === 'html' || startName === 'head') continue;
    if (startName === 'body') {
      ensureBody();
      continue;
    }
    const inHeadEl = inHead && HEAD_ONLY.has(startName);
    if (!inHeadEl) ensureBody();
    const parentOf = inHeadEl ? head : null;
    if (!parentOf) {
      if (CLOSES_P.has(startName) && open('p')) close('p');
      if (startName === 'li' && open('li')) close('li');
      if ((startName === 'dd' || startName === 'dt') && (open('dd') || open('dt'))) (close('dd'), close('dt'));
      if ((startName === 'td' || startName === 'th') && (open('td') || open('th'))) (close('td'), close('th'));
      if (startName === 'tr' && open('tr')) close('tr');
      if (startName === 'option' && open('option')) close('option');
    }
    const el = new LiteElement(startName, attrs);
    (parentOf ?? top()).append(el);
    if (RAW.has(startName)) {
      const end = new RegExp(`</${startName}(?=[\\s/>])`, 'gi');
      end.lastIndex = at;
      const e = end.exec(html);
      const stop = e ? e.index : html.length;
      const raw = html.slice(at, stop);
      if (raw) el.append(new LiteText(startName === 'textarea' || startName === 'title' ? decodeHTML(raw) : raw));
      const gt = e ? html.indexOf('>', stop) : -1;
      at = gt < 0 ? html.length : gt + 1;
      TOKEN.lastIndex = at;
      continue;
    }
    if (VOID.has(startName) || parentOf) continue;
    stack.push(el);
  }
  text(html.slice(at));
  ensureBody();
  return doc as unknown as Document;
}
