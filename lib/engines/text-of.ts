/**
 * An element's text as a reader sees it: its textContent without the text of the scripts, styles,
 * templates and noscript blocks inside it. Baidu puts a <style> inside each result, and its rules
 * (class names an engine renames at will) would otherwise open the snippet.
 */

/** Elements whose text is never shown as text. */
export const HIDDEN_TEXT_TAGS = new Set(['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE']);
const HIDDEN_TEXT = 'script, style, noscript, template';

export function textOf(el: Element | null | undefined): string {
  if (!el) return '';
  if (!el.querySelector(HIDDEN_TEXT)) return el.textContent ?? '';
  // Iterative, in document order: a page's depth costs no stack.
  let out = '';
  const stack: Node[] = [el];
  while (stack.length) {
    const n = stack.pop()!;
    if (n.nodeType === 3) out += (n as Text).data;
    else if (n.nodeType === 1 && !HIDDEN_TEXT_TAGS.has((n as Element).tagName.toUpperCase())) {
      for (let k = n.lastChild; k; k = k.previousSibling) stack.push(k);
    }
  }
  return out;
}
