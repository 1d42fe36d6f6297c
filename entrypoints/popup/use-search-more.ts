import { type LostState, useLostReport } from '../lost/use-lost-report';

export type SearchMore = Pick<LostState, 'report' | 'error' | 'running' | 'start'>;

/**
 * "Search for more" in the popup: the lost-and-found page's polling of lost/find, but nothing is
 * asked before the click (searching an engine stays on request); polled until done or the popup closes.
 */
export function useSearchMore(url: string): SearchMore {
  return useLostReport(url, false);
}
