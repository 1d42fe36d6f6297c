/**
 * A results page's snippet groups under the user's settings: the one function the content script
 * (grouping its own page at once, issue #17) and the background (deciding the tab's groups) both call,
 * so the two cannot disagree. Pure: no browser API.
 */
import { type PageGroups, pageGroups } from '../tab/page-groups';
import type { Settings } from '../settings';
import { fromSnippets } from './pages';
import { type GroupInput, type GroupOptions, type GroupOutcome, groupResults } from './results';

/**
 * The pairs an outcome keeps (the background stores it in storage.session): regrouping with checked
 * pages reads only pairs at or above the threshold, and 0.3 is the lowest threshold the settings allow,
 * so a change of threshold never needs a pair left out. Every pair would be n²/2 of them: 10 MB, the
 * whole session quota, at 300 results. Beyond the groups' own pairs, the 2,000 strongest (≈ 90 KB).
 */
export const PAIR_FLOOR = 0.3;
export const MAX_PAIRS = 2000;

type SnippetSettings = Pick<Settings, 'resemblanceThreshold' | 'snippetShingle' | 'sketchSize'>;

/** groupResults' options for these settings (boilerplate apart). */
export function snippetGroupOptions(s: SnippetSettings): Omit<GroupOptions, 'boilerplate'> & { threshold: number; shingle: number; size: number } {
  return { threshold: s.resemblanceThreshold, shingle: s.snippetShingle, size: s.sketchSize, pairFloor: PAIR_FLOOR, maxPairs: MAX_PAIRS };
}

/**
 * The page's results grouped by their snippets, leaving out `boilerplate` (past results pages' recurring
 * shingles) and never putting together a pair in `apart` (the user's "not a copy" keys).
 */
export function groupSnippets(
  items: readonly GroupInput[],
  boilerplate: readonly number[] | undefined,
  s: SnippetSettings,
  apart: readonly string[] = [],
): GroupOutcome {
  const only = items.map((r) => ({ rank: r.rank, url: r.url, title: r.title, snippet: r.snippet }));
  return groupResults(only, {
    ...snippetGroupOptions(s),
    ...(boilerplate?.length ? { boilerplate: new Set(boilerplate) } : {}),
    ...(apart.length ? { apart: new Set(apart) } : {}),
  });
}

/** What the page shows of an outcome. */
export function snippetPageGroups(outcome: GroupOutcome, s: Pick<Settings, 'displayMode' | 'resemblanceThreshold'>): PageGroups {
  return pageGroups(s, fromSnippets(outcome));
}

/**
 * Past results pages' boilerplate, as the background keeps it in storage.local under this key (one
 * read at document_start for the content script, no background needed): fingerprints only, no text.
 */
export const PAST_BOILERPLATE_KEY = 'boilerplate';

/** Past pages' boilerplate is counted only when there are enough past pages for it to mean anything. */
export const DEFAULT_MIN_PAST_PAGES = 3;

export interface PastBoilerplate {
  shingle: number;
  fingerprints: number[];
  at: number;
}

/** The stored fingerprints when they were counted with this shingle size (else none: they would not match). */
export function readPastBoilerplate(got: Record<string, unknown>, shingle: number): number[] | undefined {
  const c = got[PAST_BOILERPLATE_KEY] as PastBoilerplate | undefined;
  return c && c.shingle === shingle && Array.isArray(c.fingerprints) && c.fingerprints.every((f) => typeof f === 'number') ? c.fingerprints : undefined;
}
