import { hasAdLink, isAdLabel, isLabelPart, labelOf } from './ads';
import { type Candidate, MAX_LINKS } from './structure-links';

/**
 * What the structural reader leaves out (./structure.ts): records marked as paid (an ad label in them
 * or heading their list, an ad click in them) or as answers to a question the page asks.
 */

/** The smallest element holding every candidate: the marks are looked for there, not in the whole page. */
export function commonAncestor(cands: readonly Candidate[], body: Element): Element {
  if (!cands.length) return body;
  let lca: Element = cands[0].a;
  for (const c of cands) while (lca !== body && !lca.contains(c.a)) lca = lca.parentElement ?? body;
  // A label heading the list sits beside it: one level up.
  return lca === body ? body : (lca.parentElement ?? body);
}

export interface Marks {
  labels: Element[];
  questions: Element[];
  /** Links that are ad clicks (few: each record is tested against them). */
  adLinks: Element[];
}

export function findMarks(body: Element, links: ArrayLike<Element>): Marks {
  const labels: Element[] = [];
  const questions: Element[] = [];
  // One walk over the texts (a browser walks 10,000 in about 2 ms; selectors over attributes cost more).
  const walk = body.ownerDocument.createTreeWalker(body, 4 /* SHOW_TEXT */);
  let last: Element | null = null;
  for (let n = walk.nextNode(); n; n = walk.nextNode()) {
    const v = n.nodeValue ?? '';
    if (v.length <= 40 && isLabelPart(v)) {
      const label = labelOf(n);
      if (label && label !== last) labels.push((last = label));
    } else if (v.length <= 300 && /[?？]\s*$/.test(v)) {
      // A question's toggle: a `role=button` or `aria-expanded` holding the question, a few levels up.
      for (let e = n.parentElement, up = 0; e && up < 4; e = e.parentElement, up++) {
        if (e.getAttribute('role') === 'button' || e.hasAttribute('aria-expanded')) {
          if (questions[questions.length - 1] !== e) questions.push(e);
          break;
        }
      }
    }
  }
  const adLinks: Element[] = [];
  for (let i = 0, n = Math.min(links.length, MAX_LINKS); i < n; i++) if (hasAdLink(links[i])) adLinks.push(links[i]);
  return { labels, questions, adLinks };
}

/** An ad label given as an `aria-label` in a record (a label shown as an icon): looked for record by record. */
function ariaAdLabel(root: Element): boolean {
  if (isAdLabel(root.getAttribute('aria-label') ?? '')) return true;
  for (const e of Array.from(root.querySelectorAll('[aria-label]'))) if (isAdLabel(e.getAttribute('aria-label') ?? '')) return true;
  return false;
}

/**
 * Records to leave out: paid ones (an ad label inside, or a label heading their list at most three
 * levels up, or an ad click), and answers to a question the page asks (a question toggle beside
 * them, at most four levels up). A mark above half of the records is not theirs: the whole results
 * column is never "the ads".
 */
export function excluded(cands: readonly Candidate[], roots: readonly Element[], marks: Marks, groups = true): boolean[] {
  const rootSet = new Set(roots);
  const share = shares(roots);
  const half = Math.max(1, roots.length / 2);
  const inside = new Set<Element>();
  const markUp = (m: Element, into: Set<Element>, before?: Map<Element, Element>) => {
    // A mark inside a record marks that record; one outside marks the blocks around it.
    let e: Element | null = m;
    for (; e; e = e.parentElement) {
      if (!rootSet.has(e)) continue;
      // A question inside a record is its own FAQ when it comes after the title link.
      if (before) {
        if (!before.has(e)) before.set(e, m);
      } else inside.add(e);
      return;
    }
    // Outside every record: it marks the nearest block holding records (the list it heads).
    for (e = m.parentElement; e && !share.has(e); e = e.parentElement);
    if (e && (share.get(e) ?? 0) <= half) into.add(e);
  };
  const adGroups = new Set<Element>();
  for (const l of marks.labels) markUp(l, groups ? adGroups : new Set());
  // An ad click inside a record marks it (one outside marks nothing).
  for (const a of marks.adLinks) markUp(a, new Set());
  const asked = new Set<Element>();
  const adInside = new Set(inside);
  inside.clear();
  const askedFirst = new Map<Element, Element>();
  if (groups) for (const q of marks.questions) markUp(q, asked, askedFirst);
  const askedInside = new Set<Element>();
  cands.forEach((c, i) => {
    const q = askedFirst.get(roots[i]);
    if (q && q.compareDocumentPosition(c.a) & 4 /* FOLLOWING */) askedInside.add(roots[i]);
  });
  return cands.map((_c, i) => {
    const root = roots[i];
    if (adInside.has(root) || askedInside.has(root) || ariaAdLabel(root)) return true;
    for (let e = root.parentElement, up = 0; e && up < 4; e = e.parentElement, up++) if (adGroups.has(e) || asked.has(e)) return true;
    return false;
  });
}

/** How many records each element holds. */
export function shares(roots: readonly Element[]): Map<Element, number> {
  const share = new Map<Element, number>();
  for (const r of roots) for (let e = r.parentElement; e; e = e.parentElement) share.set(e, (share.get(e) ?? 0) + 1);
  return share;
}
