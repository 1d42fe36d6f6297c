/**
 * Verifying and ranking the alternates of a dead page (issue #7). A candidate — a member of its group,
 * a stored page, a search result, an archived copy — is a copy only by measure: the resemblance of its
 * main text with the dead page's last known sketch, and how much of the dead page it contains. Without
 * a sketch of the dead page only the titles can be compared: weaker evidence, accepted at a high bar.
 */
import { containment, resemblance } from '../sketch/estimate';
import { stringShingles } from '../sketch/shingle';
import type { Sketch } from '../sketch/sketch';
import { cutSketch } from '../store/compact';
import { tokens } from '../text/tokens';
import { distinctByUrl } from '../url/distinct';

/** Where a candidate came from, in the order the sources are tried (ties rank in this order). */
export type AlternateSource = 'group' | 'store' | 'search' | 'archive';
export const SOURCE_ORDER: readonly AlternateSource[] = ['group', 'store', 'search', 'archive'];

/** Title resemblance a title-only match needs at least (and the page threshold, if higher). */
export const TITLE_THRESHOLD = 0.8;
/** Title words (canonical tokens, site name left out) a dead page's title needs for a title-only match. */
export const TITLE_MIN_WORDS = 3;

export interface VerifyOptions {
  /** Resemblance at or above which a candidate is a copy (the user's threshold). */
  threshold: number;
  /** Containment of the dead page in the candidate at or above which it is a copy too. */
  containment: number;
  /** Title basis: resemblance needed (default TITLE_THRESHOLD) and words per title shingle (default 2). */
  titleThreshold?: number;
  titleShingle?: 1 | 2;
}

export interface Verification {
  resemblance: number;
  /** Of the dead page in the candidate. */
  containment: number;
  /** 'snippet': a result never seen alive, measured by what its engine showed (./confirm.ts). */
  basis: 'page' | 'title' | 'snippet';
  accepted: boolean;
  /** Title and snippet bases: weaker evidence than the pages' sketches, to be said so. */
  weak: boolean;
  /** Why a measure could not be taken as asked, or why the words check (./confirm.ts) refused it. */
  note?: 'no-candidate-sketch' | 'incompatible-sketches' | 'no-phrases-held';
  /** The dead page's remembered phrases the candidate holds word for word (./confirm.ts). */
  phrases?: { held: number; of: number };
}

/** A title without its site part: the longest of its pieces between " | ", " - ", " – ", " — ", " · ", " :: ", " » ". */
function titleCore(title: string): string[] {
  const pieces = title.split(/\s+(?:[|–—·•»]|-|::)\s+/).map((p) => tokens(p));
  return pieces.reduce((best, p) => (p.length > best.length ? p : best), [] as string[]);
}

function titleMeasure(a: string[], b: string[], w: number): { r: number; c: number } {
  if (a.length === 0 || b.length === 0) return { r: 0, c: 0 };
  const sa = stringShingles(a, w);
  const sb = stringShingles(b, w);
  let both = 0;
  for (const s of sa) if (sb.has(s)) both++;
  return { r: both / (sa.size + sb.size - both), c: both / sa.size };
}

/** Word-shingle resemblance of two titles, site names left out when that is closer (what the title basis measures). */
export function titleResemblance(a: string, b: string, w: 1 | 2 = 2): number {
  return Math.max(titleMeasure(tokens(a), tokens(b), w).r, titleMeasure(titleCore(a), titleCore(b), w).r);
}

function byTitle(lostTitle: string, candTitle: string, o: VerifyOptions, note?: Verification['note']): Verification {
  const w = o.titleShingle ?? 2;
  const full = titleMeasure(tokens(lostTitle), tokens(candTitle), w);
  const lostCore = titleCore(lostTitle);
  const core = titleMeasure(lostCore, titleCore(candTitle), w);
  const best = core.r > full.r ? core : full;
  const bar = Math.max(o.titleThreshold ?? TITLE_THRESHOLD, o.threshold);
  const accepted = lostCore.length >= TITLE_MIN_WORDS && best.r >= bar;
  return { resemblance: best.r, containment: best.c, basis: 'title', accepted, weak: true, ...(note ? { note } : {}) };
}

/**
 * Measures a fetched candidate against the dead page. Page basis (the dead page has a sketch): the
 * resemblance of the two sketches and the containment of the dead page in the candidate, both on
 * sketches cut to the store's 32-bit values (the dead page's comes from the store); accepted when
 * resemblance ≥ threshold or containment ≥ o.containment. A candidate without a sketch (its fetch
 * failed) is never accepted. Title basis (no sketch of the dead page, or sketches made with another
 * shingle size or seed): word-shingle resemblance of the titles, site names left out; accepted only at
 * TITLE_THRESHOLD or more and for titles of TITLE_MIN_WORDS words or more, and marked weak.
 */
export function verify(lost: { sketch?: Sketch; title: string }, candidate: { url: string; title: string; sketch?: Sketch }, o: VerifyOptions): Verification {
  if (!lost.sketch) return byTitle(lost.title, candidate.title, o);
  if (!candidate.sketch) return { resemblance: 0, containment: 0, basis: 'page', accepted: false, weak: false, note: 'no-candidate-sketch' };
  if (lost.sketch.shingle !== candidate.sketch.shingle || lost.sketch.seed !== candidate.sketch.seed) {
    return byTitle(lost.title, candidate.title, o, 'incompatible-sketches');
  }
  const a = cutSketch(lost.sketch);
  const b = cutSketch(candidate.sketch);
  const r = resemblance(a, b);
  const c = containment(a, b);
  return { resemblance: r, containment: c, basis: 'page', accepted: r >= o.threshold || c >= o.containment, weak: false };
}

/** What rankAlternates orders: any alternate-like object (lib/lost/report's Alternate is one). */
export interface Rankable {
  url: string;
  source: AlternateSource;
  resemblance: number;
  containment: number;
  /** Missing reads as 'page'. */
  basis?: 'page' | 'title' | 'snippet';
  /** Missing reads as accepted. */
  accepted?: boolean;
}

const sourceRank = (s: AlternateSource) => {
  const i = SOURCE_ORDER.indexOf(s);
  return i < 0 ? SOURCE_ORDER.length : i;
};

/** Page evidence first, then a result's snippet held (what its engine showed), then titles alike. */
export const basisRank = (b: Rankable['basis']) => (b === 'title' ? 2 : b === 'snippet' ? 1 : 0);

function compare(a: Rankable, b: Rankable): number {
  return (
    Number(b.accepted !== false) - Number(a.accepted !== false) ||
    basisRank(a.basis) - basisRank(b.basis) ||
    b.resemblance - a.resemblance ||
    b.containment - a.containment ||
    sourceRank(a.source) - sourceRank(b.source) ||
    (a.url < b.url ? -1 : a.url > b.url ? 1 : 0)
  );
}

/**
 * Alternates best first: accepted ones first, page evidence before snippet before title evidence, then by
 * resemblance, containment, source (group < store < search < archive) and URL. One per page: URLs
 * that normalize alike (lib/url/normalize.ts) keep the best-ranked entry; `exclude` (the dead URL
 * itself, say) drops the entries that normalize like any of its URLs.
 */
export function rankAlternates<T extends Rankable>(items: readonly T[], opts?: { exclude?: readonly string[] }): T[] {
  return distinctByUrl([...items].sort(compare), opts?.exclude);
}
