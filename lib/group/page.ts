import { type GroupInput, type GroupOutcome, boilerplateFrom, groupResults } from './results';

export interface PageGroupOptions {
  threshold: number;
  shingle?: number;
  size?: number;
  /** A shingle is past boilerplate when it recurs on this many past results pages (default 3). */
  minPastPages?: number;
}

/** Past pages' boilerplate is counted only when there are enough past pages for it to mean anything. */
export const DEFAULT_MIN_PAST_PAGES = 3;

/**
 * Groups a results page as the extension does, in the Worker and in the options page's preview alike:
 * boilerplate from `past` results pages (when there are at least minPastPages of them), then
 * `groupResults`.
 */
export function groupPage(items: readonly GroupInput[], past: readonly (readonly GroupInput[])[] | undefined, o: PageGroupOptions): GroupOutcome {
  const minPast = o.minPastPages ?? DEFAULT_MIN_PAST_PAGES;
  const boilerplate = past && past.length >= minPast ? boilerplateFrom(past, minPast, o.shingle) : undefined;
  return groupResults(items, { threshold: o.threshold, shingle: o.shingle, size: o.size, ...(boilerplate ? { boilerplate } : {}) });
}
