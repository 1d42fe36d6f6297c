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

/**
 * The start of a node's textContent, read while `budget.left` lasts (each node passed costs 1, each
 * character 1); `done` is false when the budget ran out first. Iterative, and bounded: many reads of a
 * deep or huge subtree (one per ancestor, one per link) cost their budgets, not the subtree each time.
 */
export function textWithin(el: Node, budget: { left: number }): { text: string; done: boolean } {
  let text = '';
  for (let n: Node | null = el.firstChild; n && n !== el; ) {
    if (--budget.left < 0) return { text, done: false };
    if (n.nodeType === 3 || n.nodeType === 4) {
      const d = (n as CharacterData).data;
      budget.left -= d.length;
      if (budget.left < 0) return { text: text + d.slice(0, d.length + budget.left), done: false };
      text += d;
    }
    if (n.firstChild) n = n.firstChild;
    else {
      while (n && n !== el && !n.nextSibling) n = n.parentNode;
      n = n && n !== el ? n.nextSibling : null;
    }
  }
  return { text, done: true };
}
