import { useEffect, useRef, useState } from 'preact/hooks';
import { errorText, send } from '../../page-support/messaging';
import type { PreviewData } from '../../lib/store/types';

export type PreviewState =
  | { kind: 'loading' }
  /** No results page seen yet (or the cache was cleared). */
  | { kind: 'empty' }
  | { kind: 'ok'; data: PreviewData; loadedAt: number }
  | { kind: 'error'; message: string };

/**
 * The last results page seen, for the threshold preview: read when the page opens and again when it
 * comes back into view, since the user may have searched in another tab meanwhile. The same page
 * seen at the same time keeps its object, so the grouping worked out for it is not redone.
 */
export function usePreviewData(): PreviewState {
  const [state, setState] = useState<PreviewState>({ kind: 'loading' });
  const current = useRef<PreviewData | null>(null);
  const seq = useRef(0);

  useEffect(() => {
    const load = async () => {
      const n = ++seq.current;
      try {
        const data = await send('preview/last', {}, { timeoutMs: 5000 });
        if (n !== seq.current) return;
        const prev = current.current;
        current.current = data && prev && prev.url === data.url && prev.at === data.at ? prev : data;
        setState(current.current ? { kind: 'ok', data: current.current, loadedAt: Date.now() } : { kind: 'empty' });
      } catch (e) {
        // A failed refresh leaves a preview that did load in place.
        if (n === seq.current && !current.current) setState({ kind: 'error', message: errorText(e) });
      }
    };
    const onVisible = () => {
      if (document.visibilityState === 'visible') void load();
    };
    void load();
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, []);

  return state;
}
