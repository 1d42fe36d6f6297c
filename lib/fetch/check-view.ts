/**
 * One view's page check as the results page may learn of it (issue #28, timing). The store answers
 * at once for pages seen in the last 30 days, on any engine; a fetch takes its time. A hostile
 * results page that held the fetch slots with results that never answer saw a remembered result
 * get its marks after 140 ms and an unseen one after 10 s: it learnt what the user had visited.
 *
 * The rule: what a check found is released to the page in rank order. A checked result's page
 * (remembered or fetched) counts for the page's groups, dead marks and progress only once every
 * checked result ranked above it has its outcome too. A remembered result is so never shown before
 * the fetches ranked above it end, exactly when an unseen one in its place would be shown if it
 * answered at once: slots held by a slow result hold back both alike. What remains is the latency
 * of a fetch to the result's own site (which the page does not control), no longer the 10 s timeout.
 */
export class CheckView {
  /** The checked results, by rank (the URL each was checked under). */
  private order: { rank: number; url: string }[] = [];
  private readonly pending = new Set<string>();
  /** Results the budget left unchecked. */
  beyond = 0;

  constructor(readonly view: string) {}

  /** The view's checked results (all of them so far, any order) and the URLs being fetched for it now. */
  update(checked: readonly { rank: number; url: string }[], fetching: readonly string[], beyond: number): void {
    this.order = checked.map(({ rank, url }) => ({ rank, url })).sort((a, b) => a.rank - b.rank);
    for (const u of fetching) this.pending.add(u);
    this.beyond = beyond;
  }

  /** A fetch of this view ended (any way: done, failed, cancelled). */
  done(url: string): void {
    this.pending.delete(url);
  }

  /** How many of the checked results lead the view with their outcomes all in. */
  private released(): number {
    const i = this.order.findIndex((r) => this.pending.has(r.url));
    return i < 0 ? this.order.length : i;
  }

  /** Ranks whose page evidence the page may be told of now. */
  revealed(): Set<number> {
    return new Set(this.order.slice(0, this.released()).map((r) => r.rank));
  }

  /** The progress the page and the popup show: released of checked, and what the budget left out. */
  get progress(): { done: number; total: number; beyond?: number } {
    return { done: this.released(), total: this.order.length, ...(this.beyond > 0 ? { beyond: this.beyond } : {}) };
  }
}
