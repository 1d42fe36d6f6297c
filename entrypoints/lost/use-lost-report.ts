import { useCallback, useEffect, useState } from 'preact/hooks';
import { errorText, send } from '../../page-support/messaging';
import type { LostReport } from '../../lib/lost/report';
import { pollLost } from './poll';

const ASK_TIMEOUT_MS = 15_000;

export interface LostState {
  report?: LostReport;
  /** Why the background could not be asked (after a few tries). */
  error?: string;
  /** Whether the latest search has not answered `done` yet. */
  running: boolean;
  /** Starts the search over (lost/find with again: true). */
  again(): void;
  /** Asks again after an error, without restarting the background's job. */
  retry(): void;
  /** Starts asking (lost/find); `again` restarts a finished search. */
  start(again?: boolean): void;
}

/**
 * The report for one URL, polled until done. `auto` false: nothing is asked before start() (the
 * popup's "search for more": searching an engine stays on request).
 */
export function useLostReport(url: string, auto = true): LostState {
  const [report, setReport] = useState<LostReport>();
  const [error, setError] = useState<string>();
  const [running, setRunning] = useState(auto);
  const [run, setRun] = useState<{ n: number; again: boolean } | undefined>(auto ? { n: 0, again: false } : undefined);

  useEffect(() => {
    if (!run) return;
    const ctl = new AbortController();
    setError(undefined);
    setRunning(true);
    void pollLost({
      ask: (again) => send('lost/find', again ? { url, again: true } : { url }, { timeoutMs: ASK_TIMEOUT_MS }),
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
  }, [url, run]);

  const start = useCallback((again = false) => setRun((r) => ({ n: (r?.n ?? 0) + 1, again })), []);
  const again = useCallback(() => start(true), [start]);
  const retry = useCallback(() => start(false), [start]);
  return { report, error, running, again, retry, start };
}
