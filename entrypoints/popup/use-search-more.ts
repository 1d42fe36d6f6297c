import { useCallback, useEffect, useState } from 'preact/hooks';
import { errorText, send } from '../../components/messaging';
import type { LostReport } from '../../lib/messages';
import { pollLost } from '../lost/poll';

const ASK_TIMEOUT_MS = 15_000;

export interface SearchMore {
  report?: LostReport;
  error?: string;
  /** A look was asked for and has not answered `done` yet. */
  running: boolean;
  /** Starts the on-request sources (lost/find); `again` restarts a finished look (after access is granted). */
  start(again?: boolean): void;
}

/**
 * "Search for more" in the popup: nothing is asked before the click (searching an engine stays on
 * request), then lost/find is polled like the lost-and-found page does, until done or the popup closes.
 */
export function useSearchMore(url: string): SearchMore {
  const [report, setReport] = useState<LostReport>();
  const [error, setError] = useState<string>();
  const [running, setRunning] = useState(false);
  const [run, setRun] = useState<{ n: number; again: boolean }>();

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
  return { report, error, running, start };
}
