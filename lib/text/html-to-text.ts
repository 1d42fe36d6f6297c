import { decodeHTML } from 'entities';

/**
 * Tags that do not break a word: "<b>re</b>semble" reads as one word, as a browser shows it. Every
 * other element, XML ones included, is taken as a block: gluing two blocks ("<p>a</p><p>b</p>" as "ab")
 * would corrupt the shingles on both sides, while breaking inside a word is rare, schemas marking
 * whole words. The last row is the common XML inline elements (DocBook, TEI, JATS).
 */
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
  'emphasis',
  'phrase',
  'hi',
  'italic',
  'bold',
  'underline',
  'sc',
]);
/** Elements whose content is not text a reader sees. */
const RAW = new Set(['script', 'style', 'noscript', 'template', 'svg', 'math', 'iframe', 'object']);

const rawEnd = new Map<string, RegExp>();
function rawEndPattern(name: string): RegExp {
  let re = rawEnd.get(name);
  if (!re) {
    re = new RegExp(`</${name}[\\s/>]`, 'gi');
    rawEnd.set(name, re);
  }
  return re;
}

/** A tag starts with a letter, or '_' as XML names may. */
function isNameStart(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === 95;
}

/** Index just past the '>' closing the tag that starts at `lt`, skipping quoted attribute values. */
function tagEnd(html: string, lt: number): number {
  let quote = 0;
  for (let j = lt + 1; j < html.length; j++) {
    const c = html.charCodeAt(j);
    if (quote) {
      if (c === quote) quote = 0;
    } else if (c === 34 || c === 39) quote = c;
    else if (c === 62) return j + 1;
  }
  return html.length;
}

/**
 * Index just past a doctype's '>': an internal subset ("[ <!ENTITY x 'a>b'> <!-- it's --> ]") holds
 * '>' in declarations, quotes and comments, so it is skipped as a whole.
 */
function doctypeEnd(s: string, lt: number): number {
  let quote = 0;
  let subset = false;
  for (let j = lt + 2; j < s.length; j++) {
    const c = s.charCodeAt(j);
    if (quote) {
      if (c === quote) quote = 0;
    } else if (c === 34 || c === 39) quote = c;
    else if (subset && c === 60 && s.startsWith('<!--', j)) {
      const end = s.indexOf('-->', j + 4);
      if (end < 0) return s.length;
      j = end + 2;
    } else if (c === 91 /* [ */) subset = true;
    else if (c === 93 /* ] */) subset = false;
    else if (c === 62 && !subset) return j + 1;
  }
  return s.length;
}

/**
 * The text a reader sees in a document in markup, HTML or XML: markup, scripts, styles, comments,
 * processing instructions and doctypes removed, attribute values never read, CDATA sections kept as
 * text, entities decoded, block boundaries turned into spaces. A forgiving scanner rather than a DOM,
 * so it runs in Node and in a Worker, in linear time, on malformed markup.
 */
export function htmlToText(html: string): string {
  const out: string[] = [];
  const len = html.length;
  let i = 0;
  let piEnds = true;
  const text = (s: string) => out.push(s.indexOf('&') >= 0 ? decodeHTML(s) : s);
  while (i < len) {
    const lt = html.indexOf('<', i);
    if (lt < 0) {
      text(html.slice(i));
      break;
    }
    if (lt > i) text(html.slice(i, lt));
    const c = html.charCodeAt(lt + 1);
    if (c === 33 /* ! */ && html.startsWith('<!--', lt)) {
      const end = html.indexOf('-->', lt + 4);
      i = end < 0 ? len : end + 3;
      continue;
    }
    if (c === 33 /* ! */) {
      if (html.startsWith('<![CDATA[', lt)) {
        // Text as written: nothing inside is markup or an entity.
        const end = html.indexOf(']]>', lt + 9);
        out.push(html.slice(lt + 9, end < 0 ? len : end));
        i = end < 0 ? len : end + 3;
        continue;
      }
      const doctype = html.length > lt + 9 && html.slice(lt + 2, lt + 9).toLowerCase() === 'doctype';
      i = doctype ? doctypeEnd(html, lt) : tagEnd(html, lt);
      out.push(' ');
      continue;
    }
    if (c === 63 /* ? */) {
      // A processing instruction ends at '?>' (its content may hold '>'); with no '?>' left in the
      // document, at '>' as HTML ends its bogus "<?…>". Once none is found none is sought again, so
      // many unclosed "<?" stay linear.
      const end = piEnds ? html.indexOf('?>', lt + 2) : -1;
      if (end < 0) piEnds = false;
      i = end < 0 ? tagEnd(html, lt) : end + 2;
      out.push(' ');
      continue;
    }
    const closing = c === 47; /* / */
    const nameAt = closing ? lt + 2 : lt + 1;
    if (!isNameStart(html.charCodeAt(nameAt))) {
      out.push('<');
      i = lt + 1;
      continue;
    }
    let nameEnd = nameAt + 1;
    while (nameEnd < len) {
      const d = html.charCodeAt(nameEnd);
      if (d === 32 || d === 62 || d === 47 || d === 9 || d === 10 || d === 13 || d === 12) break;
      nameEnd++;
    }
    const name = html.slice(nameAt, nameEnd).toLowerCase();
    i = tagEnd(html, lt);
    if (!INLINE.has(name)) out.push(' ');
    if (!closing && RAW.has(name) && html.charCodeAt(i - 2) !== 47) {
      const re = rawEndPattern(name);
      re.lastIndex = i;
      const m = re.exec(html);
      i = m ? tagEnd(html, m.index) : len;
    }
  }
  return out.join('');
}
