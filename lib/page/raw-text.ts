/**
 * A page's HTML with the contents of its <script> and <style> elements left out, before it is parsed
 * for its main text (issue #14). The main text never reads them, and the browser's DOMParser parses
 * every inline stylesheet even in an inert document: on pages of real size, with their inline CSS and
 * scripts, that was over half of the parse (45 → 15 ms for the bench's 10 real-size pages). The
 * elements stay, empty, so the document's shape is the same.
 *
 * Scanned as the HTML tokenizer reads: comments and tags (with their quoted attribute values) are
 * passed over whole, and so are the contents of the elements whose text is not markup (title, textarea,
 * xmp, iframe, noembed, noframes, plaintext), so a "<script" written inside them is not taken for a tag. A script holding "<!--" is left whole: there
 * the tokenizer may read past the first "</script" (its escaped states), and this scanner does not.
 */
const OPEN = /<!--(?:>|->|[\s\S]*?(?:--!?>|$))|<([a-zA-Z][^\s/>]*)(?:"[^"]*"|'[^']*'|[^'">])*>/g;
/** Elements whose contents the tokenizer reads as text up to their end tag. */
const RAW = new Set(['script', 'style', 'title', 'textarea', 'xmp', 'iframe', 'noembed', 'noframes', 'plaintext']);
const CLOSE: Record<string, RegExp> = {};

export function withoutRawText(html: string): string {
  const parts: string[] = [];
  let kept = 0;
  OPEN.lastIndex = 0;
  for (let m = OPEN.exec(html); m; m = OPEN.exec(html)) {
    const tag = m[1]?.toLowerCase();
    if (!tag || !RAW.has(tag)) continue; // a comment or another tag (passed over with its attributes)
    const close = (CLOSE[tag] ??= new RegExp(`</${tag}(?=[\\s/>])`, 'gi'));
    close.lastIndex = OPEN.lastIndex;
    const end = tag === 'plaintext' ? -1 : (close.exec(html)?.index ?? -1);
    const stop = end < 0 ? html.length : end;
    if ((tag === 'script' || tag === 'style') && stop > OPEN.lastIndex && !(tag === 'script' && html.slice(OPEN.lastIndex, stop).includes('<!--'))) {
      parts.push(html.slice(kept, OPEN.lastIndex));
      kept = stop;
    }
    OPEN.lastIndex = stop;
  }
  if (kept === 0) return html;
  parts.push(html.slice(kept));
  return parts.join('');
}
