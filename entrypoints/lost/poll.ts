import type { LostReport } from '../../lib/lost/report';

export interface PollOptions {
  /** One lost/find; `again` only on the first call of a restarted search. */
  ask(again: boolean): Promise<LostReport>;
  again: boolean;
  signal: AbortSignal;
  onReport(report: LostReport): void;
  onError(error: unknown): void;
  /** Between answers while the search runs (the background keeps the job). */
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
 * Asks lost/find until the report is done: the first call starts (or, with `again`, restarts) the
 * search in the background, the next ones read its progress. Stops when aborted (the page closes or a
 * new search starts); nothing is reported after that.
 */
export async function pollLost({ ask, again, signal, onReport, onError, intervalMs = POLL_MS, retries = 2, sleep = sleepFor }: PollOptions): Promise<void> {
  let first = true;
  let failures = 0;
  while (!signal.aborted) {
    let report: LostReport;
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
