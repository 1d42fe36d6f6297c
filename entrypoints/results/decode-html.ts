/**
 * `entities`' decodeHTML for the results content script (scripts/vite-content-no-entities.ts), by
 * the browser's own HTML parser: a textarea's content is text in which only character references are
 * decoded, never markup. The leading newline is one the parser drops after <textarea>.
 */
export function decodeHTML(s: string): string {
  const doc = new DOMParser().parseFromString(`<textarea>\n${s.replace(/</g, '&lt;')}</textarea>`, 'text/html');
  return doc.querySelector('textarea')?.value ?? s;
}
