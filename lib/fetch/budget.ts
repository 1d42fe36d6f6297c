/**
 * Page checking's fetch budget (issue #28). A results page chooses what page checking fetches: a
 * 2,000-result page (a SearXNG instance, infinite scroll) made the background fetch 613 pages in a
 * minute. Three bounds, all in memory (a restarted service worker starts them over):
 *
 * - per view (one results page shown: a new address, pushState included, is a new view): only its
 *   first 30 results by rank are checked. Google and Bing show 10 a page, DuckDuckGo, Brave and
 *   SearXNG 10 to 20 before "more"; 30 covers the first screenfuls the user reads on every engine
 *   (the results a user sees first are the ones worth confirming), and at 4 fetches in flight it is a
 *   few seconds of fetching, at most 30 × 10 s / 4 ≈ 75 s when every page times out. Results the
 *   store knows (fresh) are charged as fetches though they cost none: which results are checked
 *   depends on their ranks and the counts only, never on what the store holds (a page must not learn
 *   that, even by spending the per-tab or overall bound first).
 *   A URL is fetched at most once per view: a page re-sending its results does not fetch again.
 * - per tab: 90 fetches in 10 minutes (three views' worth), so a page cannot reset its budget by
 *   pushState-ing new views;
 * - across tabs: 120 fetches a minute (four tabs' first views at once).
 *
 * Results past a bound are simply not checked; the tab's progress says how many (`beyond`).
 */
export interface BudgetLimits {
  /** Results checked per view: its first this many by rank. */
  perView: number;
  /** Fetches per tab within `tabWindowMs`. */
  perTab: number;
  tabWindowMs: number;
  /** Fetches across every tab within `windowMs`. */
  perWindow: number;
  windowMs: number;
}

export const CHECK_BUDGET: Readonly<BudgetLimits> = { perView: 30, perTab: 90, tabWindowMs: 10 * 60_000, perWindow: 120, windowMs: 60_000 };

export interface ViewPlan<T> {
  /** The view's results that are checked (fresh in the store or admitted for fetching), by rank. */
  checked: T[];
  /** Of those, the ones to fetch now (admitted by the budget, not fetched before in this view). */
  fetch: T[];
  /** Results not checked: past the view's first `perView`, or refused by the per-tab or overall bound. */
  beyond: number;
}

interface TabBudget {
  view: string;
  /** URLs fetched (or being fetched) for this view: paid once. */
  admitted: Set<string>;
  /** URLs of this view the budget refused: they stay refused for the view. */
  refused: Set<string>;
  /** When each fetch of the tab was admitted (ms), within the tab window. */
  times: number[];
}

export class FetchBudget {
  private readonly tabs = new Map<number, TabBudget>();
  private times: number[] = [];

  constructor(
    private readonly limits: Readonly<BudgetLimits> = CHECK_BUDGET,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * Up to `n` fetches for a tab outside a view's plan (a dead result's look for live copies among the
   * pages already kept, issue #15), within the per-tab and overall bounds; charged whether or not they
   * are all made (so what they cost depends on nothing the store holds). Returns how many are admitted.
   */
  /**
   * The tab loaded a page (a reload or a visit to the same address included): its next plan is a new
   * view, whose results may be fetched again (issue #40: `recheckHours`). The tab's window stays.
   */
  endView(tabId: number): void {
    const tab = this.tabs.get(tabId);
    if (tab) Object.assign(tab, { view: '', admitted: new Set(), refused: new Set() });
  }

  take(tabId: number, n: number): number {
    const t = this.now();
    this.times = this.times.filter((x) => t - x < this.limits.windowMs);
    const tab = this.tabs.get(tabId);
    if (tab) tab.times = tab.times.filter((x) => t - x < this.limits.tabWindowMs);
    const room = Math.max(0, Math.min(n, this.limits.perWindow - this.times.length, this.limits.perTab - (tab?.times.length ?? 0)));
    for (let i = 0; i < room; i++) {
      this.times.push(t);
      tab?.times.push(t);
    }
    if (!tab && room) this.tabs.set(tabId, { view: '', admitted: new Set(), refused: new Set(), times: Array(room).fill(t) });
    return room;
  }

  /**
   * Plans the check of one view's results (all it showed so far, in any order); `needsFetch` says
   * whether the store's record cannot stand for a result's page. Charges the budget for what it admits.
   */
  plan<T extends { rank: number; url: string }>(tabId: number, view: string, results: readonly T[], needsFetch: (r: T) => boolean): ViewPlan<T> {
    const t = this.now();
    this.times = this.times.filter((x) => t - x < this.limits.windowMs);
    for (const [id, b] of this.tabs) {
      b.times = b.times.filter((x) => t - x < this.limits.tabWindowMs);
      if (id !== tabId && !b.times.length) this.tabs.delete(id); // nothing left to bound
    }
    let tab = this.tabs.get(tabId);
    if (!tab) this.tabs.set(tabId, (tab = { view, admitted: new Set(), refused: new Set(), times: [] }));
    if (tab.view !== view) Object.assign(tab, { view, admitted: new Set(), refused: new Set() }); // the tab window stays
    const eligible = [...results].sort((a, b) => a.rank - b.rank).slice(0, this.limits.perView);
    const checked: T[] = [];
    const fetch: T[] = [];
    for (const r of eligible) {
      if (tab.refused.has(r.url)) continue;
      if (tab.admitted.has(r.url)) {
        checked.push(r); // admitted once already in this view: its outcome stands
        continue;
      }
      // A result the store knows is charged as one it must fetch: what is admitted, and where the bounds
      // cut, depends on ranks and counts only, so a page that spends the budget learns nothing of the store.
      if (tab.admitted.size >= this.limits.perView || tab.times.length >= this.limits.perTab || this.times.length >= this.limits.perWindow) {
        tab.refused.add(r.url);
        continue;
      }
      tab.admitted.add(r.url);
      tab.times.push(t);
      this.times.push(t);
      checked.push(r);
      if (needsFetch(r)) fetch.push(r);
    }
    return { checked, fetch, beyond: results.length - checked.length };
  }
}
