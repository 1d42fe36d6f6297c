/**
 * Markup or plain text, decided by content (issue #14): HTML by its element names, XML by its shape —
 * a declaration, a root element spanning the document, or most of the text inside tags. Both are then
 * read by the same tag-stripping converter (./html-to-text), so a text and its rendering in any
 * schema (SPDX, DocBook, TEI, JATS…) share their words, and the schema's tags are never words.
 * Only the start (and, for the root element, the end) of a document is looked at: a few microseconds.
 */

const HTML_SNIFF =
  /^(?:\s|<!--[\s\S]*?-->|<\?xml[^>]*>)*<(?:!doctype\s+html|html|head|body|meta|link|title|style|script|header|nav|div|p|article|section|main|table|h[1-6]|ul|br)[\s/>]/i;
const HTML_TAGS = /<(?:p|br|div|span|a\s+href|td|li|h[1-6])[\s/>]/gi;

/** Characters looked at from the start: enough for any prolog and a few paragraphs. */
const HEAD = 4096;

const headOf = (text: string) => text.slice(0, HEAD).replace(/^\ufeff/, '');

/** HTML or plain text, decided by content (a ".txt" holding a web page is read as HTML). */
export function looksLikeHtml(text: string): boolean {
  const head = headOf(text);
  return HTML_SNIFF.test(head) || htmlTags(head);
}

/** Five of HTML's commonest tags in the start: a page or a fragment of one. */
function htmlTags(head: string): boolean {
  const tags = head.match(HTML_TAGS);
  return tags !== null && tags.length >= 5;
}

/** `<?xml version=…?>` first: only XML starts so (a plain text quoting one would start with prose). */
const XML_DECLARATION = /^\s*<\?xml[\s?]/;
/** Comments, processing instructions and a doctype (with an internal subset) before the root element. */
const PROLOG = /^(?:\s|<!--[\s\S]*?-->|<\?[\s\S]*?\?>|<!doctype\s(?:[^[>]|\[[\s\S]*?\])*>)*<([A-Za-z_][\w.:-]*)[\s/>]/i;
/** The end of a document whose last element closes `</name>`, then only comments, PIs or spaces. */
const ROOT_END = /<\/([A-Za-z_][\w.:-]*)\s*>(?:\s|<!--[\s\S]*?-->|<\?[\s\S]*?\?>)*$/;
/** A well-formed tag: a name and only quoted attributes ("<year>" matches, "<copyright holders>" not). */
const TAG = /<\/?[A-Za-z_][\w.:-]*(?:\s+[A-Za-z_][\w.:-]*\s*=\s*(?:"[^"<]*"|'[^'<]*'))*\s*\/?>/g;

/** An XML declaration, or a root element whose end tag ends the document. */
function xmlShape(head: string, text: string): boolean {
  if (XML_DECLARATION.test(head)) return true;
  const root = PROLOG.exec(head);
  if (root === null) return false;
  const end = ROOT_END.exec(text.slice(-1024));
  return end !== null && end[1] === root[1];
}

/** At least a fifth of the start inside well-formed tags, 3 of them or more closing tags. */
function mostlyTags(head: string): boolean {
  let inTags = 0;
  let closing = 0;
  for (const m of head.matchAll(TAG)) {
    inTags += m[0].length;
    if (m[0].charCodeAt(1) === 47) closing++;
  }
  return closing >= 3 && inTags >= 0.2 * head.trim().length;
}

/**
 * XML by shape: a declaration; or a root element whose end tag ends the document; or, for fragments,
 * most of the start inside tags. Plain texts that quote a tag or hold placeholders ("<year> <copyright
 * holders>", "<user@host>") fail all three.
 */
export function looksLikeXml(text: string): boolean {
  const head = headOf(text);
  return head.indexOf('<') >= 0 && (xmlShape(head, text) || mostlyTags(head));
}

export type Markup = 'html' | 'xml';

/**
 * Which markup a document is, if any. A document that starts like HTML is HTML (XHTML included); then
 * XML's shape wins over HTML's tag names (a TEI or SPDX file has many <p>); a fragment is HTML by its
 * tag names, XML by its share of tags. Text without '<' in its start is plain at once.
 */
export function markupKind(text: string): Markup | undefined {
  const head = headOf(text);
  if (head.indexOf('<') < 0) return undefined;
  if (HTML_SNIFF.test(head)) return 'html';
  if (xmlShape(head, text)) return 'xml';
  if (htmlTags(head)) return 'html';
  return mostlyTags(head) ? 'xml' : undefined;
}

/** Markup of any kind: its canonical text is read with tags stripped. */
export function looksLikeMarkup(text: string): boolean {
  return markupKind(text) !== undefined;
}
