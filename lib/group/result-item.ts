import { LIMITS } from '../limits';
import { type Infer, bool, num, obj, optional, str } from '../validate';

/** One organic result as the content script reads it (and the background keeps it for the tab): checked on arrival. */
export const resultItem = obj({
  rank: num({ min: 1, max: LIMITS.rank, int: true }),
  url: str({ min: 1, max: LIMITS.url }),
  title: str({ max: LIMITS.title }),
  snippet: str({ max: LIMITS.snippet }),
  displayUrl: str({ max: LIMITS.displayUrl }),
  unresolved: optional(bool()),
});
export type ResultItem = Infer<typeof resultItem>;

/** A result as the popup lists it. */
export interface ResultSummary {
  rank: number;
  url: string;
  title: string;
  displayUrl: string;
}
