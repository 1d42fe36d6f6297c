import { useMemo, useRef } from 'preact/hooks';
import type { PreviewData } from '../../../lib/store/types';
import { useList } from '../../../page-support/use-list';

export type PreviewState =
  | { kind: 'loading' }
  /** No results page seen yet (or the cache was cleared). */
  | { kind: 'empty' }
  | { kind: 'ok'; data: PreviewData; loadedAt: number }
  | { kind: 'error'; message: string };

const samePage = (a: PreviewData | null, b: PreviewData | null) => !!a && !!b && a.url === b.url && a.at === b.at;

/**
 * The last results page seen, for the threshold preview: read when the page opens and again when it
 * comes back into view, since the user may have searched in another tab meanwhile. The same page
 * seen at the same time keeps its object, so the grouping worked out for it is not redone.
 */
export function usePreviewData(): PreviewState {
  const last = useList('preview/last', {}, { timeoutMs: 5000, onVisible: true });
  const kept = useRef<PreviewData | null>(null);
  const data = useMemo(() => {
    if (last.data === undefined) return undefined;
    if (!samePage(kept.current, last.data)) kept.current = last.data;
    return kept.current;
  }, [last.data]);
  // A failed refresh leaves a preview that did load in place.
  if (data) return { kind: 'ok', data, loadedAt: last.loadedAt ?? Date.now() };
  if (last.error !== undefined) return { kind: 'error', message: last.error };
  return data === null ? { kind: 'empty' } : { kind: 'loading' };
}
