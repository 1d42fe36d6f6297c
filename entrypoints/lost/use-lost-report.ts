import { send } from '../../page-support/messaging';
import type { LostReport } from '../../lib/lost/report';
import { type PolledState, usePolledReport } from '../../page-support/use-polled-report';

const ASK_TIMEOUT_MS = 15_000;

export type LostState = PolledState<LostReport>;

/**
 * The report for one URL, polled until done. `auto` false: nothing is asked before start() (the
 * popup's "search for more": searching an engine stays on request).
 */
export function useLostReport(url: string, auto = true): LostState {
  return usePolledReport((again) => send('lost/find', again ? { url, again: true } : { url }, { timeoutMs: ASK_TIMEOUT_MS }), url, auto);
}
