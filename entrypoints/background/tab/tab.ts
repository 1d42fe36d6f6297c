/**
 * One results tab, as the background holds it (issue #39): its state (what the popup shows), its view
 * (the results its page sent, lib/tab/view.ts) and snippet grouping, its steps' queue, its page check
 * and its pacing of regroups. Written through to storage.session under the tab's keys
 * (session/tab-keys.ts), so a stopped service worker loses nothing; what storage could not take is held
 * here while this worker lives, and the state says why. The only sender of the tab's `page/update`.
 * Made and forgotten by the registry (tabs.ts).
 */
import { browser } from 'wxt/browser';
import type { GroupOutcome } from '../../../lib/group/results';
import type { Coalescer } from '../../../lib/tab/coalesce';
import type { PageGroups } from '../../../lib/tab/page-groups';
import type { TabState } from '../../../lib/tab/tab-state';
import { type TabView, withResolved } from '../../../lib/tab/view';
import { type CheckProgress, TabCheck } from '../pages/tab-check';
import { sessionSet } from '../session/session-space';
import { tabKey } from '../session/tab-keys';

/** What a paced regroup of checked pages is asked with (check-pages.ts). */
export interface CheckAsk {
  incognito: boolean;
  checking: CheckProgress | undefined;
}

type Kept = { view?: TabView; outcome?: GroupOutcome };
const message = (e: unknown) => (e instanceof Error ? e.message : String(e));

export class Tab {
  /** The state this worker wrote (storage is read only by a worker that has just started), or could not write. */
  private written?: TabState;
  private unsaved?: TabState;
  /**
   * What this worker last wrote or read of the view and grouping: each regroup of a checked page read
   * them from storage, about a third of its time (issue #29). `unsavedView`: what storage could not take,
   * so that the page's next batch extends it rather than starting over.
   */
  private kept: Kept = {};
  private unsavedView?: { results: TabView; outcome?: GroupOutcome };
  /** The tail of the tab's steps: an appended batch must not finish before the batch it extends. */
  private tail: Promise<unknown> = Promise.resolve();
  /** The tab's page check: its queue, the view it checks and where its opaque links led (pages/page-check.ts). */
  readonly check = new TabCheck();
  /** Paced regroups of checked pages (check-pages.ts), made on the first; and whether they are a private window's. */
  pacer?: Coalescer<CheckAsk>;
  checkIncognito?: boolean;
  /** "Same as" cards the page said before its results arrived (same-as.ts): taken by that page's batch. */
  sameAsWaiting?: { url: string; ranks: number[] };
  /** The tab's own page found dead, being checked again (dead-page.ts): Chromium reports one failed navigation twice. Kept across a reset. */
  readonly deadPageChecks = new Set<string>();

  constructor(readonly id: number) {}

  /** One step after another: a checked page's regroup must not overwrite a newer state. */
  inOrder<T>(work: () => Promise<T>): Promise<T> {
    const run = this.tail.then(work, work);
    this.tail = run.catch(() => undefined);
    return run;
  }

  async state(): Promise<TabState> {
    const mine = this.unsaved ?? this.written;
    if (mine) return mine;
    const k = tabKey('state', this.id);
    return ((await browser.storage.session.get(k))[k] as TabState | undefined) ?? { tabId: this.id, results: 0, status: 'not-results-page' };
  }

  /** Records the state; when it cannot be saved, the state says so (`saveError`) instead of the write failing silently. */
  async setState(state: TabState): Promise<void> {
    const k = tabKey('state', this.id);
    try {
      await sessionSet({ [k]: state }, this.id);
      this.unsaved = undefined;
      this.written = state;
    } catch (e) {
      const saveError = state.saveError ?? message(e);
      this.unsaved = { ...state, saveError };
      const { tabId, url, engine, query, results, status } = state;
      const note: TabState = { tabId, ...(url ? { url } : {}), ...(engine ? { engine } : {}), ...(query ? { query } : {}), results, status, saveError };
      await browser.storage.session.set({ [k]: note }).catch(() => undefined);
    }
  }

  /** A batch the page sent was refused (past the limits the extractor should have kept): kept apart, so later states do not erase it. */
  refused(why: string): Promise<void> {
    return browser.storage.session.set({ [tabKey('refused', this.id)]: why }).catch(() => undefined);
  }

  private async read<K extends keyof Kept>(which: K): Promise<Kept[K]> {
    const held = this.unsavedView; // newer than what storage has: a write that succeeds drops it
    if (held) return (which === 'view' ? held.results : held.outcome) as Kept[K];
    if (which in this.kept) return this.kept[which];
    const key = tabKey(which === 'view' ? 'results' : 'snippets', this.id);
    const got = (await browser.storage.session.get(key))[key];
    this.kept = { ...this.kept, [which]: got };
    return got as Kept[K];
  }

  view = (): Promise<TabView | undefined> => this.read('view');
  snippetOutcome = (): Promise<GroupOutcome | undefined> => this.read('outcome');

  /**
   * Records the view and (when given) the snippet grouping, making room when storage is full
   * (session-space.ts); what still does not fit is held here and the reason returned, for the state to
   * show. Nothing is retried later: the next batch tries again with everything.
   */
  async saveView(view: TabView, outcome?: GroupOutcome, viewChanged = true): Promise<string | undefined> {
    const held = this.unsavedView;
    // A regroup changes only the grouping: the view is written again only when storage lacks it.
    const withView = viewChanged || held !== undefined;
    const keep = outcome ?? held?.outcome;
    try {
      await sessionSet({ ...(withView ? { [tabKey('results', this.id)]: view } : {}), ...(keep ? { [tabKey('snippets', this.id)]: keep } : {}) }, this.id);
      this.unsavedView = undefined;
      this.kept = { view, ...(keep ? { outcome: keep } : {}) };
      return undefined;
    } catch (e) {
      this.unsavedView = { results: view, ...(keep ? { outcome: keep } : {}) };
      return message(e);
    }
  }

  /** An opaque result's link was followed to `to` (issue #27): the view says so from now on, while the tab still shows `pageUrl`. */
  resolve(pageUrl: string, from: string, to: string): Promise<void> {
    return this.inOrder(async () => {
      const view = await this.view();
      if (!view || view.url !== pageUrl) return;
      const next = withResolved(view, from, to);
      if (next !== view) await this.saveView(next);
    });
  }

  /** Tells the tab's page its groups now (lib/messages' TAB_MESSAGES; the page checks what it gets). Gone or never read: nothing to do. */
  async tell(groups: PageGroups): Promise<void> {
    await browser.tabs.sendMessage(this.id, { type: 'page/update', payload: groups }).catch(() => undefined);
  }

  /** Storage dropped the tab's records to make room for another's: the copies held here go too (the state says so). */
  dropped(): void {
    this.written = undefined;
    this.kept = {};
  }

  /** The tab went away or to another page: its check stops and nothing of it is held (its queue goes on, so later steps wait for earlier ones). */
  reset(): void {
    this.check.cancel();
    this.written = this.unsaved = this.unsavedView = this.sameAsWaiting = undefined;
    this.kept = {};
  }
}
