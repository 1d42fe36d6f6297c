import { useCallback, useEffect, useState } from 'preact/hooks';
import { errorText } from './messaging';
import { type PolledReport, pollReport } from './poll-report';

export interface PolledState<R> {
  report?: R;
  /** Why the background could not be asked (after a few tries). */
  error?: string;
  /** Whether the latest job has not answered `done` yet. */
  running: boolean;
  /** Starts the job over (its ask with again: true). */
  again(): void;
  /** Asks again after an error, without restarting the background's job. */
  retry(): void;
  /** Starts asking; `again` restarts a finished job. */
  start(again?: boolean): void;
}

/**
 * A background job's report (lost and found's, copies of a page's), polled until done. `ask` is one
 * message to the background; `key` names the job (a new key starts anew). `auto` false: nothing is
 * asked before start().
 */
export function usePolledReport<R extends PolledReport>(ask: (again: boolean) => Promise<R>, key: string, auto = true): PolledState<R> {
  const [report, setReport] = useState<R>();
  const [error, setError] = useState<string>();
  const [running, setRunning] = useState(auto);
  const [run, setRun] = useState<{ n: number; again: boolean } | undefined>(auto ? { n: 0, again: false } : undefined);

  useEffect(() => {
    if (!run) return;
    const ctl = new AbortController();
    setError(undefined);
    setRunning(true);
    void pollReport<R>({
      ask,
      again: run.again,
      signal: ctl.signal,
      onReport: (r) => {
        setReport(r);
        if (r.done) setRunning(false);
      },
      onError: (e) => {
        setError(errorText(e));
        setRunning(false);
      },
    });
    return () => ctl.abort();
    // `ask` is the caller's closure over `key`: a new key is a new job.
  }, [key, run]);

  const start = useCallback((again = false) => setRun((r) => ({ n: (r?.n ?? 0) + 1, again })), []);
  const again = useCallback(() => start(true), [start]);
  const retry = useCallback(() => start(false), [start]);
  return { report, error, running, again, retry, start };
}
