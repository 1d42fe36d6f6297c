import { browser } from 'wxt/browser';
import { useCallback, useEffect, useState } from 'preact/hooks';
import { COPYCAT_EVIDENCE_KEY, COPYCAT_LISTS_KEY, COPYCAT_SITES_KEY, COPYCAT_USER_KEY, type CopycatState } from '../lib/copycat/table';
import { errorText, send } from './messaging';

const KEYS = [COPYCAT_EVIDENCE_KEY, COPYCAT_LISTS_KEY, COPYCAT_SITES_KEY, COPYCAT_USER_KEY];

export type CopycatsLoad = { kind: 'loading' } | { kind: 'ok'; state: CopycatState } | { kind: 'error'; message: string };

/** Issue #19's state as the background tells it (copycat/state), asked again whenever it changes (new evidence, another page's change). */
export function useCopycats(): { load: CopycatsLoad; set: (s: CopycatState) => void } {
  const [load, setLoad] = useState<CopycatsLoad>({ kind: 'loading' });
  const refresh = useCallback(
    () =>
      send('copycat/state', {}, { timeoutMs: 5000 }).then(
        (state) => setLoad({ kind: 'ok', state }),
        (e: unknown) => setLoad((l) => (l.kind === 'ok' ? l : { kind: 'error', message: errorText(e) })),
      ),
    [],
  );
  useEffect(() => {
    void refresh();
    const onChanged = (changes: Record<string, unknown>, area: string) => {
      if (area === 'local' && KEYS.some((k) => Object.hasOwn(changes, k))) void refresh();
    };
    browser.storage?.onChanged.addListener(onChanged);
    return () => browser.storage?.onChanged.removeListener(onChanged);
  }, [refresh]);
  return { load, set: (state) => setLoad({ kind: 'ok', state }) };
}

/** Offers `text` as a file download (a Blob's object URL on a transient <a download>). */
export function download(name: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  // Revoked once the browser has taken the download.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
