import type { CheckView } from '../../../lib/fetch/check-view';
import type { FetchQueue } from '../../../lib/fetch/queue';
import type { FailureKind } from '../../../lib/fetch/types';
import type { ResultItem } from '../../../lib/group/result-item';

/** What checking one result's page came to: a sketch stored, a failure recorded, or a fresh record reused. */
export type CheckOutcome = { url: string; status: 'ok' | 'cached' | FailureKind | 'unreadable' | 'soft404' };

export type CheckProgress = { done: number; total: number; beyond?: number };

type Queue = FetchQueue<CheckOutcome, ResultItem & { rank: number }>;

/**
 * One tab's check, held by the tab's record (background/tab): its queue (memory only: a restarted
 * service worker rebuilds it from what is still missing), the view being checked with what the page
 * may be told of so far (lib/fetch/check-view.ts), and who records where its opaque links led (the
 * latest checkTab's: the queue outlives a call).
 */
export class TabCheck {
  queue?: Queue;
  view?: CheckView;
  resolver?: (from: string, to: string) => Promise<void>;

  /** The check of the view `url` (running or finished), while this service worker has it. */
  viewOf(url: string): CheckView | undefined {
    return this.view?.view === url ? this.view : undefined;
  }

  cancelQueue(): void {
    const q = this.queue;
    q?.cancel(); // its jobs end 'cancelled': the view they were for hears so first
    if (this.queue === q) this.queue = undefined;
  }

  /** The tab went away or to another page, or checking was turned off: its fetches stop (its budget stays: it bounds the tab, not a page). */
  cancel(): void {
    this.resolver = undefined;
    this.cancelQueue();
    this.view = undefined;
  }
}
