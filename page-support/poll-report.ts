/** A report the background fills in while a job runs (lost and found's, copies of a page's). */
export interface PolledReport {
  done: boolean;
}

export interface PollOptions<R extends PolledReport> {
  /** One ask (lost/find, copies/get); `again` only on the first call of a restarted job. */
  ask(again: boolean): Promise<R>;
  again: boolean;
  signal: AbortSignal;
  onReport(report: R): void;
  onError(error: unknown): void;
  /** Between answers while the job runs (the background keeps it). */
  intervalMs?: number;
  /** Failures in a row tolerated (a service worker waking up) before the error is shown. */
  retries?: number;
  sleep?(ms: number, signal: AbortSignal): Promise<void>;
}

export const POLL_MS = 800;

const sleepFor = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const t = setTimeout(done, ms);
    function done() {
      clearTimeout(t);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done);
  });

/**
 * Asks until the report is done: the first call starts (or, with `again`, restarts) the job in the
 * background, the next ones read its progress. Stops when aborted (the page closes or a new job
 * starts); nothing is reported after that.
 */
export async function pollReport<R extends PolledReport>({
  ask,
  again,
  signal,
  onReport,
  onError,
  intervalMs = POLL_MS,
  retries = 2,
  sleep = sleepFor,
}: PollOptions<R>): Promise<void> {
  let first = true;
  let failures = 0;
  while (!signal.aborted) {
    let report: R;
    try {
      report = await ask(first && again);
    } catch (e) {
      if (signal.aborted) return;
      if (++failures > retries) return onError(e);
      await sleep(intervalMs, signal);
      continue;
    }
    if (signal.aborted) return;
    first = false;
    failures = 0;
    onReport(report);
    if (report.done) return;
    await sleep(intervalMs, signal);
  }
}
