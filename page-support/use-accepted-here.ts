import { browser } from 'wxt/browser';
import { useCallback, useEffect, useState } from 'preact/hooks';
import { ACCEPTED_HERE_KEY, type AcceptedHere, type EngineKind, acceptedHereCheck } from '../lib/engines/accepted-here';
import { check } from '../lib/validate';
import { errorText, send } from './messaging';
import { requestHostPermission } from './permissions';

export interface AcceptedHereState {
  /** Whether `host` is accepted here; undefined until the background answered (nothing is labelled meanwhile). */
  isHere(host: string): boolean | undefined;
  /**
   * Accepts a host brought by sync (issue #38). Call it straight from the click: access to the host is
   * asked for first when it is not granted (`granted`), as browsers show the prompt only then.
   * Resolves to undefined when accepted, 'refused' when access was not granted, else the problem in words.
   */
  accept(host: string, granted: boolean | undefined): Promise<undefined | 'refused' | string>;
}

/** The background's answer, held to its shape (an older background or a bad answer accepts nothing here). */
const checked = (v: unknown): AcceptedHere | undefined => {
  const c = check(acceptedHereCheck, v);
  return c.ok ? c.value : undefined;
};

/**
 * Which added engines or SearXNG hosts (`kind`) are accepted on this device, as the background keeps
 * them (`engines/here`), asked again when its record changes (a host added or accepted in another tab).
 */
export function useAcceptedHere(kind: EngineKind): AcceptedHereState {
  const [here, setHere] = useState<AcceptedHere>();
  useEffect(() => {
    let live = true;
    const load = () =>
      send('engines/here', {}).then(
        (v) => live && setHere(checked(v)),
        () => undefined,
      );
    void load();
    const onChanged = (changes: Record<string, unknown>, area: string) => {
      if (area === 'local' && Object.hasOwn(changes, ACCEPTED_HERE_KEY)) void load();
    };
    browser.storage?.onChanged.addListener(onChanged);
    return () => {
      live = false;
      browser.storage?.onChanged.removeListener(onChanged);
    };
  }, []);

  const isHere = (host: string) => (here ? here[kind].includes(host) : undefined);

  const accept = useCallback(
    (host: string, granted: boolean | undefined) =>
      // Nothing is awaited before the request: the permission prompt needs the user's click.
      (granted ? Promise.resolve(true) : requestHostPermission(host))
        .then(async (ok) => {
          if (!ok) return 'refused' as const;
          setHere(checked(await send('engines/accept', { kind, host })));
          return undefined;
        })
        .catch((e: unknown) => errorText(e)),
    [kind],
  );

  return { isHere, accept };
}
