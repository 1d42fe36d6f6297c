/**
 * Which live copy the results page shows beside a dead result (issue #15): only a measured, http(s)
 * copy, so the page never links to anything else. Its words are words/groups'.
 */
import type { Alternate } from './report';

/** The copy the page shows beside "dead link": the best one that carries a measure and an http(s) address. */
export function bestLiveCopy(alternates: readonly Alternate[] | undefined): Alternate | undefined {
  return alternates?.find((a) => /^https?:\/\//i.test(a.url) && Number.isFinite(a.resemblance) && Number.isFinite(a.containment));
}
