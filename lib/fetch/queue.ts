import { hostnameOf } from '../url/host';

/** One result to fetch; `rank` is its position on the results page (1 = top). Extra fields ride along. */
export interface FetchJob {
  url: string;
  rank: number;
}

export type JobOutcome<R> = { status: 'done'; value: R } | { status: 'failed'; error: unknown } | { status: 'cancelled' };

export interface QueueLimits {
  /** Fetches in flight for the tab. Default 4. */
  perTab?: number;
  /** Fetches in flight to one host name. Default 2: a results page often lists one site several times. */
  perHost?: number;
}

export interface QueueProgress {
  done: number;
  total: number;
  running: number;
  pending: number;
}

/** A job's per-host bucket: an address that does not parse is its own (the run will fail it). */
const bucketOf = (url: string): string => hostnameOf(url) ?? url;

/**
 * The fetch scheduler of one tab. Jobs start in rank order (the top results matter most and are the
 * ones the user looks at first); a job whose host is at its cap is passed over for the next one and
 * taken again when that host frees a slot. The work itself is the injected `run`, so the queue is
 * deterministic under test. Memory only: the background records outcomes in the store as they come,
 * so a restarted service worker rebuilds a queue from what is still missing.
 */
export class FetchQueue<R, J extends FetchJob = FetchJob> {
  private readonly perTab: number;
  private readonly perHost: number;
  private pending: J[] = [];
  private readonly running = new Map<J, AbortController>();
  /** Running jobs still holding their fetch slot (see `release` in the constructor). */
  private slots = 0;
  private readonly hosts = new Map<string, number>();
  private readonly seen = new Set<string>();
  private readonly listeners = new Set<(job: J, outcome: JobOutcome<R>) => void>();
  private waiters: (() => void)[] = [];
  private done = 0;
  private total = 0;
  private cancelled = false;

  /**
   * `run` may call `release` once its network part is over (the page is read): the job's slot and its
   * host's go to the next job while it finishes the rest (sketching, storing), which uses no connection.
   * The limits are on fetches, so a busy sketch Worker does not hold the network idle. A job that never
   * calls it keeps its slot until it ends.
   */
  constructor(
    private readonly run: (job: J, signal: AbortSignal, release: () => void) => Promise<R>,
    limits: QueueLimits = {},
  ) {
    this.perTab = Math.max(1, limits.perTab ?? 4);
    this.perHost = Math.max(1, limits.perHost ?? 2);
  }

  /** Queues jobs (a URL already queued here is skipped: infinite scroll re-reports results). Returns how many were taken. */
  add(jobs: readonly J[]): number {
    if (this.cancelled) return 0;
    let taken = 0;
    for (const job of jobs) {
      if (this.seen.has(job.url)) continue;
      this.seen.add(job.url);
      this.pending.push(job);
      taken++;
    }
    this.total += taken;
    this.pending.sort((a, b) => a.rank - b.rank); // stable: equal ranks keep their order
    this.pump();
    return taken;
  }

  /** The tab went away: aborts what runs, drops what waits; every unfinished job ends 'cancelled' now. */
  cancel(): void {
    if (this.cancelled) return;
    this.cancelled = true;
    const running = [...this.running];
    const pending = this.pending;
    this.running.clear();
    this.slots = 0;
    this.hosts.clear();
    this.pending = [];
    for (const [job, controller] of running) {
      controller.abort();
      this.finish(job, { status: 'cancelled' });
    }
    for (const job of pending) this.finish(job, { status: 'cancelled' });
  }

  /** Called once per job with how it ended. Returns an unsubscribe function. */
  onDone(cb: (job: J, outcome: JobOutcome<R>) => void): () => void {
    this.listeners.add(cb);
    return () => this.listeners.delete(cb);
  }

  /** Resolves when every job added so far has been reported. */
  idle(): Promise<void> {
    if (this.done === this.total) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  get progress(): QueueProgress {
    return { done: this.done, total: this.total, running: this.running.size, pending: this.pending.length };
  }

  private pump(): void {
    while (this.slots < this.perTab) {
      const i = this.pending.findIndex((job) => (this.hosts.get(bucketOf(job.url)) ?? 0) < this.perHost);
      if (i < 0) return;
      const [job] = this.pending.splice(i, 1);
      this.start(job);
    }
  }

  private start(job: J): void {
    const controller = new AbortController();
    const host = bucketOf(job.url);
    this.running.set(job, controller);
    this.slots++;
    this.hosts.set(host, (this.hosts.get(host) ?? 0) + 1);
    let held = true;
    const release = () => {
      if (!held || this.running.get(job) !== controller) return; // once; a cancelled queue has let go of all
      held = false;
      this.slots--;
      const n = (this.hosts.get(host) ?? 1) - 1;
      if (n > 0) this.hosts.set(host, n);
      else this.hosts.delete(host);
    };
    let work: Promise<R>;
    try {
      work = Promise.resolve(
        this.run(job, controller.signal, () => {
          release();
          queueMicrotask(() => this.pump());
        }),
      );
    } catch (error) {
      work = Promise.reject(error);
    }
    const settle = (outcome: JobOutcome<R>) => {
      if (this.running.get(job) !== controller) return; // cancelled meanwhile: already reported
      release();
      this.running.delete(job);
      this.finish(job, outcome);
      this.pump();
    };
    work.then(
      (value) => settle({ status: 'done', value }),
      (error: unknown) => settle({ status: 'failed', error }),
    );
  }

  private finish(job: J, outcome: JobOutcome<R>): void {
    this.done++;
    for (const cb of this.listeners) {
      try {
        cb(job, outcome);
      } catch (error) {
        queueMicrotask(() => {
          throw error;
        }); // a listener's bug surfaces without stalling the queue
      }
    }
    if (this.done === this.total) for (const resolve of this.waiters.splice(0)) resolve();
  }
}
