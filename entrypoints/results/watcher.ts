import { type ResultsBatch, batches } from '../../lib/engines/batch';
import type { Extraction } from '../../lib/engines/types';

/** How long a page may take to show its first results before it counts as unreadable. */
const FIRST_RESULTS_MS = 4000;
/** Mutations come in bursts while results render: read once the burst settles. */
const SETTLE_MS = 250;

/**
 * Extracts when results appear and whenever the page adds more, sending only results not sent
 * before (by target URL and rank), with ranks continuing from what was sent. A page that shows no
 * results within FIRST_RESULTS_MS is reported once with none, so a markup change is noticed.
 */
export class ResultsWatcher {
  private sent = new Set<string>();
  private count = 0;
  /** The address the sent results belong to: a same-page navigation (pushState) starts over. */
  private href = location.href;
  private observer?: MutationObserver;
  private settle?: ReturnType<typeof setTimeout>;
  private deadline?: ReturnType<typeof setTimeout>;
  /** Messages go one after another: an append must reach the background after what it continues. */
  private queue: Promise<void> = Promise.resolve();
  private stopped = false;

  constructor(
    private read: () => Extraction | undefined,
    private send: (b: ResultsBatch) => Promise<void>,
    /** The address changed (pushState): what was sent belongs to the old view. */
    private onNewView: () => void = () => {},
    /** Each batch as soon as it is read, before it waits its turn to be sent (the page groups it at once). */
    private onRead: (b: ResultsBatch) => void = () => {},
  ) {}

  /** `first`: the page as just read (the results are not read twice at load). */
  start(first?: Extraction): void {
    this.check(first);
    this.observer = new MutationObserver(() => {
      clearTimeout(this.settle);
      this.settle = setTimeout(() => this.check(), SETTLE_MS);
    });
    this.observer.observe(document.body ?? document.documentElement, { childList: true, subtree: true });
    if (this.count === 0) {
      this.deadline = setTimeout(() => {
        if (this.count === 0) void this.report([], false);
      }, FIRST_RESULTS_MS);
    }
  }

  stop(): void {
    this.stopped = true;
    this.observer?.disconnect();
    clearTimeout(this.settle);
    clearTimeout(this.deadline);
  }

  private check(read?: Extraction): void {
    if (location.href !== this.href) {
      this.href = location.href;
      this.sent.clear();
      this.count = 0;
      this.onNewView();
    }
    const x = read ?? this.read();
    if (!x) return;
    const fresh = x.results.filter((r) => !this.sent.has(r.url));
    if (!fresh.length) return;
    const append = this.count > 0;
    const batch = fresh.map((r, i) => ({ ...r, rank: this.count + i + 1 }));
    for (const r of fresh) this.sent.add(r.url);
    this.count += fresh.length;
    clearTimeout(this.deadline);
    void this.report(batch, append, x);
  }

  /**
   * Sends within the background's limits (lib/limits): fields clipped, more than LIMITS.batch results
   * split into appends. A message over a limit is refused whole, and its results were never read.
   */
  private report(results: Extraction['results'], append: boolean, x = this.read()): Promise<void> {
    // How the page was read goes with its results: the popup and the options say it (issue #27).
    const all = batches({
      engine: x?.engine ?? '',
      url: location.href,
      query: x?.query ?? '',
      results,
      ...(append ? { append } : {}),
      ...(x ? { reader: x.reader } : {}),
    });
    for (const b of all) {
      this.onRead(b);
      this.queue = this.queue.then(() => (this.stopped ? undefined : this.send(b))).catch(() => undefined);
    }
    return this.queue;
  }
}
