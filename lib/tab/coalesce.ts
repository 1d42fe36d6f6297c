/**
 * Coalesced regroups (issue #28). Page checking asks for a regroup after every page; on a long
 * results page each regroup took seconds and they ran back to back (52 of 60 s), leaving the
 * background deaf to the popup and other tabs. Here, per key (a tab):
 * - asks that come while one waits join it (the latest value counts): one run for many pages;
 * - a run starts no sooner than `factor` times the last run's length after it ended (at most
 *   `maxGapMs`), so regrouping takes at most 1 / (1 + factor) of the time whatever it costs, and a
 *   cheap regroup (milliseconds: the usual 10 results) is hardly delayed at all.
 * The first ask of a key runs at once.
 */
export interface CoalesceOptions {
  factor: number;
  maxGapMs: number;
}

export const REGROUP_PACE: Readonly<CoalesceOptions> = { factor: 2, maxGapMs: 2000 };

/** `take()` is called when the run really starts (after whatever queue it waits in): it returns the latest value. */
export type CoalescedRun<T> = (key: number, take: () => T) => Promise<void>;

export class Coalescer<T> {
  private readonly waiting = new Map<number, { value: T; done: Promise<void>; wake?: () => void }>();
  /** Per key, when its last run ended and how long it took (two numbers per tab the worker has seen). */
  private readonly last = new Map<number, { end: number; took: number }>();

  constructor(
    private readonly run: CoalescedRun<T>,
    private readonly opts: Readonly<CoalesceOptions> = REGROUP_PACE,
    private readonly now: () => number = Date.now,
    private readonly sleep: (ms: number) => Promise<void> = (ms) => new Promise((r) => setTimeout(r, ms)),
  ) {}

  /**
   * Asks for a run with `value`; resolves when the run that takes it has ended. `urgent` (the last page
   * of a check: the one the page waits for) is not paced: it runs at once, or wakes a run that waits.
   */
  ask(key: number, value: T, urgent = false): Promise<void> {
    const queued = this.waiting.get(key);
    if (queued) {
      queued.value = value;
      if (urgent) queued.wake?.();
      return queued.done;
    }
    const entry: { value: T; done: Promise<void>; wake?: () => void } = { value, done: Promise.resolve() };
    this.waiting.set(key, entry);
    const last = this.last.get(key);
    const wait = !urgent && last ? Math.max(0, last.end + Math.min(this.opts.maxGapMs, this.opts.factor * last.took) - this.now()) : 0;
    let start: number | undefined;
    const take = () => {
      if (this.waiting.get(key) === entry) this.waiting.delete(key);
      start = this.now();
      return entry.value;
    };
    const ran = async () => {
      try {
        await this.run(key, take);
      } finally {
        if (this.waiting.get(key) === entry) this.waiting.delete(key); // the run failed before taking
        const end = this.now();
        this.last.set(key, { end, took: start === undefined ? 0 : end - start });
      }
    };
    const woken = new Promise<void>((r) => {
      entry.wake = r;
    });
    entry.done = (wait > 0 ? Promise.race([this.sleep(wait), woken]) : Promise.resolve()).then(ran);
    return entry.done;
  }
}
