import type { SiteMark } from '../copycat/marks';
import type { Reader } from '../engines/types';
import type { Alternate } from '../lost/report';
import type { ChangedResult, DeadResult, StaleCopy } from './page-groups';
import type { PageGroup } from '../group/pages';
import type { ResultSummary } from '../group/result-item';

/** What the background knows of a tab's results page: the popup shows it. */
export interface TabState {
  tabId: number;
  url?: string;
  engine?: string;
  /** An engine the user added (`engine` 'added:<host>'): the name it was given, for the popup. */
  engineName?: string;
  query?: string;
  results: number;
  status: 'not-results-page' | 'working' | 'done' | 'unreadable' | 'disabled';
  /**
   * How the results were read (issue #27), when there are any: by the engine's definition, or by the
   * page's structure (the definition read nothing or a remnant): the popup says so.
   */
  reader?: Reader;
  /** While 'working': steps done of total (results grouped; later, pages checked). */
  progress?: { done: number; total: number };
  /**
   * When 'done': the results read (in tab/state's answer, those its groups and dead results name;
   * the background keeps them once, with the tab's results), and the groups of two or more among them (by rank).
   */
  items?: ResultSummary[];
  groups?: PageGroup[];
  /** The resemblance threshold the groups were made with. */
  threshold?: number;
  /**
   * Result pages checked (fetched and sketched, or failed) of those to check (issue #6), released in rank
   * order; `beyond`: results past the fetch budget, not checked (issue #28).
   */
  checking?: { done: number; total: number; beyond?: number };
  /** Results found dead (issue #7). */
  dead?: DeadResult[];
  /** Results whose page changed since it was last checked, and stale copies among their groups' members (issue #40). */
  changed?: ChangedResult[];
  stale?: StaleCopy[];
  /** Results a card of another vertical on the page is the same page as (issue #41), by rank: the popup counts them. */
  sameAs?: number[];
  /** The tab's own page failed to load and stayed dead when checked again (issue #7): lost and found is offered. */
  deadPage?: { url: string; reason: string; alternates?: Alternate[] };
  /** Why the tab's state or results could not be saved (storage.session full): the popup says so. */
  saveError?: string;
  /**
   * Results from copycat sites (issue #19), as the page marks them, and what the page does with them
   * (the copycatDisplay setting): the popup says why a result is labelled or hidden.
   */
  /** `labelOnly`: "hide" only labels it (its evidence is short of hide's bar, issue #28). */
  copycats?: { rank: number; site: string; mark: SiteMark; labelOnly?: true }[];
  copycatDisplay?: 'label' | 'hide' | 'off';
  /** Why results this tab's page sent were refused (past the message limits): the popup says so. */
  refused?: string;
}
