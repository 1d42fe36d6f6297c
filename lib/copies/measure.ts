/**
 * Whether a fetched page is a copy of this one (issue #19), measured both ways on the pages' sketches:
 * their resemblance, how much of this page it contains, and how much of it this page holds. A page that
 * shares only its title with this one shares none of its main text: it measures near zero every way.
 */
import { containment, resemblance } from '../sketch/estimate';
import type { Sketch } from '../sketch/sketch';
import { cutSketch } from '../store/compact';
import { distinctByUrl } from '../url/distinct';
import type { PageCopy } from './report';

/**
 * Shingles a candidate needs for "this page holds it" to make it a copy: a page of a title and a line
 * or two (a search result page, a stub, a page quoting one sentence) is held in this page by
 * containment without being a copy of it. The other measures are not held to it.
 */
export const MIN_HELD_SHINGLES = 25;

export interface CopyMeasure {
  resemblance: number;
  pageInCopy: number;
  copyInPage: number;
  isCopy: boolean;
}

/**
 * A copy when resemblance ≥ `threshold` or either containment ≥ `containment` (the user's settings;
 * this page holding the candidate counts only for a candidate of MIN_HELD_SHINGLES or more). Sketches
 * made with another shingle size or seed cannot be compared: no copy.
 */
export function measureCopy(page: Sketch, candidate: Sketch, o: { threshold: number; containment: number }): CopyMeasure {
  if (page.shingle !== candidate.shingle || page.seed !== candidate.seed) return { resemblance: 0, pageInCopy: 0, copyInPage: 0, isCopy: false };
  // Both cut to the store's 32-bit values, as every other measure of pages is.
  const a = cutSketch(page);
  const b = cutSketch(candidate);
  const r = resemblance(a, b);
  const aInB = containment(a, b);
  const bInA = containment(b, a);
  return {
    resemblance: r,
    pageInCopy: aInB,
    copyInPage: bInA,
    isCopy: r >= o.threshold || aInB >= o.containment || (bInA >= o.containment && candidate.shingles >= MIN_HELD_SHINGLES),
  };
}

function compare(a: PageCopy, b: PageCopy): number {
  return b.resemblance - a.resemblance || b.pageInCopy - a.pageInCopy || b.copyInPage - a.copyInPage || (a.url < b.url ? -1 : a.url > b.url ? 1 : 0);
}

/**
 * Copies best first: by resemblance, then by how much of this page each contains, then by how much of
 * it this page holds, then by URL. One per page (URLs that normalize alike keep the best); `exclude`
 * (this page's own URLs: as asked, as answered, its canonical link) leaves those out.
 */
export function rankCopies(copies: readonly PageCopy[], exclude: readonly (string | undefined)[] = []): PageCopy[] {
  return distinctByUrl([...copies].sort(compare), exclude);
}
