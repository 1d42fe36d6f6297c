/**
 * Walks up a page's tree for the structural reader (./structure.ts) that cost the page's size, not its
 * size times its depth (issue #38: a page of 100,000 nested elements read in well under a second).
 * A walk per element or per link up to the top, or a `contains()` per element, costs the depth each
 * time; these keep their answers per element, so each ancestor is passed once in all.
 */

/**
 * For an element, its nearest ancestor-or-self passing `test` below `stop` (null when none). Answers
 * are kept for every element a walk passed, so later walks stop where an earlier one went; `test`
 * must depend on the element alone.
 */
export function nearestUp(test: (e: Element) => boolean, stop: Element | null = null): (from: Element | null) => Element | null {
  const memo = new Map<Element, Element | null>();
  return (from) => {
    const path: Element[] = [];
    let found: Element | null = null;
    for (let e = from; e && e !== stop; e = e.parentElement) {
      const known = memo.get(e);
      if (known !== undefined) {
        found = known;
        break;
      }
      path.push(e);
      if (test(e)) {
        found = e;
        break;
      }
    }
    for (const e of path) memo.set(e, found);
    return found;
  };
}

/**
 * How many of `items` lie strictly inside each of their ancestors below `stop` (ancestors holding
 * none are absent). Each ancestor is walked to once; the counts are then summed child before parent.
 */
export function countsAbove(items: readonly Element[], stop: Element | null = null): Map<Element, number> {
  const count = new Map<Element, number>();
  // Every counted element after its parent: a walk stops at an element counted before, so its new
  // elements (found bottom-up) are put in top-down.
  const order: Element[] = [];
  for (const item of items) {
    const first = item.parentElement;
    if (!first || first === stop) continue;
    const from = order.length;
    for (let e: Element | null = first; e && e !== stop && !count.has(e); e = e.parentElement) {
      count.set(e, 0);
      order.push(e);
    }
    for (let i = from, j = order.length - 1; i < j; i++, j--) [order[i], order[j]] = [order[j], order[i]];
    count.set(first, (count.get(first) ?? 0) + 1);
  }
  for (let i = order.length - 1; i >= 0; i--) {
    const p = order[i].parentElement;
    if (p && p !== stop) count.set(p, (count.get(p) ?? 0) + (count.get(order[i]) ?? 0));
  }
  return count;
}

/** An element and its ancestors below `stop` (`stop` excluded), for "does n hold x" asked of many n. */
export function ancestorsOf(e: Element | null | undefined, stop: Element | null = null): Set<Element> {
  const out = new Set<Element>();
  for (let x = e ?? null; x && x !== stop; x = x.parentElement) out.add(x);
  return out;
}

/**
 * The element after `e` below `root` in document order, or after its subtree with `skip`; null at the
 * end. A walk by it stops where its caller stops (linkedom's TreeWalker lists the whole subtree first).
 */
export function nextElement(e: Element, root: Element, skip = false): Element | null {
  if (!skip && e.firstElementChild) return e.firstElementChild;
  for (let x: Element | null = e; x && x !== root; x = x.parentElement) {
    const s = x.nextElementSibling;
    if (s) return s;
  }
  return null;
}
