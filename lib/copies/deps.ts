/**
 * What a "copies of this page" run (./find.ts) is given rather than reaching for, as lost and found is
 * (../lost/deps.ts): fetches under the caller's fetch policy, the results pages kept (which engine the
 * user uses), the sketcher, the settings, and where found copies go as evidence. No browser API here.
 */
import type { LostDeps } from '../lost/deps';
import type { Settings } from '../settings';
import type { SketchStore } from '../store/types';
import type { CopiesReport } from './report';

/** One page of a pair; `rank` where it stood on a results page (a copy found by searching has none). */
export interface PairPage {
  url: string;
  title: string;
  rank?: number;
}

/**
 * Two pages measured as copies, in the shape the copycat evidence takes (issue #19): `a` is this page,
 * `b` the copy; `aInB` how much of a is in b, `bInA` the reverse. Pairs on one site are passed too:
 * which pairs count as evidence (pages of different sites) is the evidence's rule, not this run's.
 */
export interface CopyPair {
  a: PairPage;
  b: PairPage;
  resemblance: number;
  aInB: number;
  bInA: number;
}

export interface CopiesDeps extends Pick<LostDeps, 'fetchPage' | 'sketcher' | 'hasAccess'> {
  store: Pick<SketchStore, 'recentSerps'>;
  settings: Pick<Settings, 'pageShingle' | 'sketchSize' | 'resemblanceThreshold' | 'containmentThreshold'>;
  /** The report changed: written where the copies page's polls find it. Must not throw. */
  save(r: CopiesReport): Promise<void>;
  /** Every copy found, as it is found: the evidence of copycat sites. Never called for a private window's page. */
  onCopies?(pairs: CopyPair[]): void | Promise<void>;
  /** The page is in a private window: nothing found is kept as evidence. */
  incognito: boolean;
}
