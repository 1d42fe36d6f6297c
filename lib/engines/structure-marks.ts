import { hasAdLink, isAdLabel, isLabelPart, labelOf, noLabelAbove } from './ads';
import { type Candidate, MAX_LINKS } from './structure-links';
import { countsAbove, nearestUp } from './structure-tree';

/**
 * What the structural reader leaves out (./structure.ts): records marked as paid (an ad label in them
 * or heading their list, an ad click in them) or as answers to a question the page asks.
 */

/** The smallest element holding every candidate: the marks are looked for there, not in the whole page. */
export function commonAncestor(cands: readonly Candidate[], body: Element): Element {
  if (!cands.length) return body;
  // The first link's ancestors by height (body, or the top, is 0); every other link walks up to one of
  // them, or to an element an earlier walk passed (whose answer is kept): each element once in all.
  const chain: Element[] = [];
  for (let e: Element | null = cands[0].a; e; e = e === body ? null : e.parentElement) chain.push(e);
  const height = new Map<Element, number>(chain.map((e, i) => [e, chain.length - 1 - i]));
  const passed = new Map<Element, number>();
  let lowest = chain.length - 1;
  for (const c of cands) {
    const path: Element[] = [];
    let meets = 0; // a link outside the first one's tree meets it at the top
    for (let e: Element | null = c.a; e; e = e.parentElement) {
      const h = height.get(e) ?? passed.get(e);
      if (h !== undefined) {
        meets = h;
        break;
      }
      path.push(e);
    }
    for (const e of path) passed.set(e, meets);
    lowest = Math.min(lowest, meets);
  }
  const lca = chain[chain.length - 1 - lowest];
  // A label heading the list sits beside it: one level up.
  return lca === body ? body : (lca.parentElement ?? body);
}

export interface Marks {
  labels: Element[];
  questions: Element[];
  /** Links that are ad clicks (few: each record is tested against them). */
  adLinks: Element[];
  /** Elements whose aria-label is an ad label (a label shown as an icon). */
  ariaLabels: Element[];
}

export function findMarks(body: Element, links: ArrayLike<Element>): Marks {
  const labels: Element[] = [];
  const questions: Element[] = [];
  // One walk over the texts (a browser walks 10,000 in about 2 ms; selectors over attributes cost more).
  const walk = body.ownerDocument.createTreeWalker(body, 4 /* SHOW_TEXT */);
  const inNoLabel = noLabelAbove();
  let last: Element | null = null;
  for (let n = walk.nextNode(); n; n = walk.nextNode()) {
    // The length first: a page's scripts are its longest texts, and reading one copies it.
    const len = (n as Partial<CharacterData>).length ?? (n.nodeValue ?? '').length;
    if (len > 300) continue;
    const v = n.nodeValue ?? '';
    if (len <= 40 && isLabelPart(v)) {
      const label = labelOf(n, inNoLabel);
      if (label && label !== last) labels.push((last = label));
    } else if ((v.includes('?') || v.includes('？')) && /[?？]\s*$/.test(v)) {
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
  // One query for the whole list, not one per record.
  const ariaLabels = Array.from(body.querySelectorAll('[aria-label]')).filter((e) => isAdLabel(e.getAttribute('aria-label') ?? ''));
  if (isAdLabel(body.getAttribute('aria-label') ?? '')) ariaLabels.push(body);
  return { labels, questions, adLinks, ariaLabels };
}

/**
 * The records holding an ad label given as an `aria-label` (a label shown as an icon): each label marks
 * the records around it, nearest first (records nested in records are all marked).
 */
function ariaAdLabelled(labels: readonly Element[], recordOf: (e: Element | null) => Element | null): Set<Element> {
  const held = new Set<Element>();
  for (const l of labels) for (let r = recordOf(l); r && !held.has(r); r = recordOf(r.parentElement)) held.add(r);
  return held;
}

/**
 * Records to leave out: paid ones (an ad label inside, or a label heading their list at most three
 * levels up, or an ad click), and answers to a question the page asks (a question toggle beside
 * them, at most four levels up). A mark above half of the records is not theirs: the whole results
 * column is never "the ads".
 */
export function excluded(cands: readonly Candidate[], roots: readonly Element[], marks: Marks, groups = true, share = shares(roots)): boolean[] {
  const rootSet = new Set(roots);
  const half = Math.max(1, roots.length / 2);
  const inside = new Set<Element>();
  const recordOf = nearestUp((e) => rootSet.has(e));
  const blockOf = nearestUp((e) => share.has(e));
  const markUp = (m: Element, into: Set<Element>, before?: Map<Element, Element>) => {
    // A mark inside a record marks that record; one outside marks the blocks around it.
    const r = recordOf(m);
    if (r) {
      // A question inside a record is its own FAQ when it comes after the title link.
      if (before) {
        if (!before.has(r)) before.set(r, m);
      } else inside.add(r);
      return;
    }
    // Outside every record: it marks the nearest block holding records (the list it heads).
    const e = blockOf(m.parentElement);
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
  const ariaAd = ariaAdLabelled(marks.ariaLabels, recordOf);
  return cands.map((_c, i) => {
    const root = roots[i];
    if (adInside.has(root) || askedInside.has(root) || ariaAd.has(root)) return true;
    for (let e = root.parentElement, up = 0; e && up < 4; e = e.parentElement, up++) if (adGroups.has(e) || asked.has(e)) return true;
    return false;
  });
}

/** How many records each element holds. */
export function shares(roots: readonly Element[]): Map<Element, number> {
  return countsAbove(roots);
}
