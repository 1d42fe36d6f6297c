import { LIMITS } from '../limits';
import { displayHost } from '../url/display-host';
import { type Candidate, type StructureOptions, clean } from './structure-links';
import { ancestorsOf, nextElement } from './structure-tree';
import { HIDDEN_TEXT_TAGS, textOf, textWithin } from './text-of';

/** A structural record's fields (./structure.ts): its display URL, its snippet, an opaque link's target. */

/** A display URL: an address or a crumb trail ("example.com › docs › page"). */
const ADDRESS = /^(?:https?:\/\/)?(?:[\p{L}\p{N}-]+\.)+\p{L}{2,}(?::\d+)?(?:[/›>»\s].*)?$/u;

/** Nodes and characters of text read in one record while looking for its display URL. */
const READ_BUDGET = 20_000;

/** Text that is never a label: scripts and styles (a results page's largest text nodes). */

export function displayUrlOf(block: readonly Element[], c: Candidate): { text: string; el?: Element } {
  for (const root of block) {
    const cite = root.querySelector('cite');
    const text = cite ? clean(cite.textContent) : '';
    if (cite && text) return { text, el: cite };
  }
  // Nothing in the heading, nor holding it, is looked at: the answers to "holds the heading (the link)"
  // are asked of each element, so they are listed once (a `contains()` each costs the page's depth).
  const stop = block[0].parentElement;
  const around = c.heading !== undefined && headingHolds(c, block[0]);
  const holdsHeading = around ? new Set<Element>() : ancestorsOf(c.heading, stop);
  const holdsLink = ancestorsOf(c.a, stop);
  // Bounded: at most READ_BUDGET nodes and characters read in one record, whatever its shape (each
  // element's text is read whole: in a chain of nested elements, each one's holds all below it).
  const budget = { left: READ_BUDGET };
  for (const root of block) {
    if (around && (root === block[0] || c.heading !== block[0])) continue;
    for (let n = root.firstElementChild; n && budget.left > 0; ) {
      if (n === c.heading) {
        n = nextElement(n, root, true);
        continue;
      }
      if (!holdsHeading.has(n) && n.childElementCount <= 3) {
        const raw = textWithin(n, budget);
        if (!raw.done) break;
        const t = clean(raw.text);
        if (t && t.length <= 300 && ADDRESS.test(t) && !holdsLink.has(n)) return { text: t, el: n };
      }
      n = nextElement(n, root);
    }
  }
  return { text: '' };
}

/** The heading is the record's root or holds it (a heading is at most three levels above its link). */
function headingHolds(c: Candidate, root: Element): boolean {
  let passedRoot = false;
  for (let e: Element | null = c.a, up = 0; e && up <= 3; e = e.parentElement, up++) {
    passedRoot ||= e === root;
    if (e === c.heading) return passedRoot;
  }
  return false;
}

/**
 * The record's longest text holding neither its title link nor its display URL: the largest subtree
 * apart from them (a subtree's text holds its descendants', so only those are read, each once).
 */
export function snippetOf(block: readonly Element[], c: Candidate, display?: Element): string {
  let best = '';
  // The elements holding the title link, its heading or the display URL: their other children are read.
  const stop = block[0].parentElement;
  const busy = ancestorsOf(c.a, stop);
  if (c.heading && !headingHolds(c, block[0])) for (const e of ancestorsOf(c.heading, stop)) busy.add(e);
  for (const e of ancestorsOf(display, stop)) busy.add(e);
  // Depth first in document order, iteratively (a page's depth costs no stack).
  const stack = [...block].reverse();
  for (let n = stack.pop(); n; n = stack.pop()) {
    if (n === c.a || n === c.heading || n === display || HIDDEN_TEXT_TAGS.has(n.tagName.toUpperCase()) || n.tagName.toLowerCase() === 'svg') continue;
    if (!busy.has(n)) {
      // The raw text bounds the shown one (scripts and styles only take away): most are ruled out by it.
      if ((n.textContent?.length ?? 0) <= best.length) continue;
      const t = textOf(n);
      if (t.length > best.length) best = t;
      continue;
    }
    const from = stack.length;
    for (let k = n.firstElementChild; k; k = k.nextElementSibling) stack.push(k);
    for (let i = from, j = stack.length - 1; i < j; i++, j--) [stack[i], stack[j]] = [stack[j], stack[i]];
  }
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
