import { LIMITS } from '../limits';
import { displayHost } from '../url/display-host';
import { type Candidate, type StructureOptions, clean } from './structure-links';
import { textOf } from './text-of';

/** A structural record's fields (./structure.ts): its display URL, its snippet, an opaque link's target. */

/** A display URL: an address or a crumb trail ("example.com › docs › page"). */
const ADDRESS = /^(?:https?:\/\/)?(?:[\p{L}\p{N}-]+\.)+\p{L}{2,}(?::\d+)?(?:[/›>»\s].*)?$/u;

/** Characters of text read in one record while looking for its display URL. */
const READ_BUDGET = 20_000;

/** Text that is never a label: scripts and styles (a results page's largest text nodes). */
const SKIP_TEXT = new Set(['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE', 'script', 'style', 'noscript', 'template']);

export function displayUrlOf(block: readonly Element[], c: Candidate): { text: string; el?: Element } {
  for (const root of block) {
    const cite = root.querySelector('cite');
    if (cite && clean(cite.textContent)) return { text: clean(cite.textContent), el: cite };
  }
  // Bounded: at most READ_BUDGET characters of text read in one record, whatever its shape.
  let read = 0;
  for (const root of block) {
    const walker = root.ownerDocument.createTreeWalker(root, 1);
    for (let n = walker.nextNode() as Element | null; n && read < READ_BUDGET; n = walker.nextNode() as Element | null) {
      if (n.childElementCount > 3 || (c.heading && (c.heading.contains(n) || n.contains(c.heading)))) continue;
      const raw = n.textContent ?? '';
      read += raw.length;
      const t = clean(raw);
      if (t && t.length <= 300 && ADDRESS.test(t) && !n.contains(c.a)) return { text: t, el: n };
    }
  }
  return { text: '' };
}

/**
 * The record's longest text holding neither its title link nor its display URL: the largest subtree
 * apart from them (a subtree's text holds its descendants', so only those are read, each once).
 */
export function snippetOf(block: readonly Element[], c: Candidate, display?: Element): string {
  let best = '';
  const busy = (n: Element) => n.contains(c.a) || (c.heading !== undefined && n.contains(c.heading)) || (display !== undefined && n.contains(display));
  const visit = (n: Element) => {
    if (n === c.a || n === c.heading || n === display || SKIP_TEXT.has(n.tagName) || n.tagName.toLowerCase() === 'svg') return;
    if (!busy(n)) {
      const t = textOf(n);
      if (t.length > best.length) best = t;
      return;
    }
    for (let k = n.firstElementChild; k; k = k.nextElementSibling) visit(k);
  };
  for (const root of block) visit(root);
  return clean(best);
}

/**
 * The real target of an opaque link, when the record carries it in an attribute of the link or of the
 * record's root (Baidu's `mu`): an absolute address off the engine's hosts, on the host the display
 * URL names when it names one. Addresses of other kinds (`itemtype`, images, styles) are never it.
 */
export function targetInBlock(a: Element, root: Element, display: string, o: StructureOptions): string | undefined {
  const shown = displayHost(display);
  for (const e of a === root ? [a] : [a, root]) {
    for (const name of e.getAttributeNames()) {
      if (NOT_TARGETS.has(name)) continue;
      const v = e.getAttribute(name) ?? '';
      if (v.length > LIMITS.url || !/^https?:\/\/\S+$/i.test(v)) continue;
      try {
        const host = new URL(v).hostname;
        if (!o.isEngineHost(host) && (!shown || host === shown || host.endsWith(`.${shown}`) || shown.endsWith(`.${host}`))) return v;
      } catch {
        // not an address
      }
    }
  }
  return undefined;
}

/** Attributes holding addresses that are never a result's target. */
const NOT_TARGETS = new Set([
  'href',
  'src',
  'srcset',
  'data-src',
  'data-srcset',
  'poster',
  'itemtype',
  'itemid',
  'itemprop',
  'style',
  'class',
  'id',
  'ping',
  'action',
  'cite',
  'xmlns',
]);
