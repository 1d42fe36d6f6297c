import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import { browser } from 'wxt/browser';
import type { MessageType, Payload, Replies } from '../lib/messages';
import { type SendOptions, errorText, send } from './messaging';

export interface ListOptions extends SendOptions {
  /** Storage changes after which it is asked again (the background's work, another tab's change). */
  reloadOn?: (changes: Record<string, unknown>, area: string) => boolean;
  /** Asked again when the page comes back into view (the user may have searched in another tab meanwhile). */
  onVisible?: boolean;
}

export interface ListLoad<T> {
  /** The last answer; a later ask that fails leaves it in place. */
  data?: T;
  /** Why the last ask failed; the next answer clears it. */
  error?: string;
  /** No answer yet, nor a failure. */
  loading: boolean;
  /** When the last answer came (Date.now()). */
  loadedAt?: number;
  reload(): Promise<void>;
  /** An answer got another way (the reply to a change the user made): shown as if asked. */
  set(data: T): void;
}

interface Held<T> {
  data?: T;
  error?: string;
  loadedAt?: number;
}

/**
 * What an options section lists, asked of the background with one message when the section opens, and
 * again on the storage changes or the return to view that may change it. Answers come back in order:
 * one overtaken by a later ask is dropped.
 */
export function useList<T extends MessageType>(type: T, payload: Payload<T>, options: ListOptions = {}): ListLoad<Replies[T]> {
  const [held, setHeld] = useState<Held<Replies[T]>>({});
  // The latest payload and options, read when asking; a new object each render must not ask again.
  const latest = useRef({ payload, options });
  latest.current = { payload, options };
  const asked = useRef(0);
  const live = useRef(true);

  const reload = useCallback(async () => {
    const n = ++asked.current;
    const { payload: p, options: o } = latest.current;
    try {
      const data = await send(type, p, { timeoutMs: o.timeoutMs });
      if (live.current && n === asked.current) setHeld({ data, loadedAt: Date.now() });
    } catch (e) {
      if (live.current && n === asked.current) setHeld((h) => ({ ...h, error: errorText(e) }));
    }
  }, [type]);

  const set = useCallback((data: Replies[T]) => {
    asked.current++;
    setHeld({ data, loadedAt: Date.now() });
  }, []);

  useEffect(() => {
    live.current = true;
    void reload();
    const { reloadOn, onVisible } = latest.current.options;
    const onChanged = (changes: Record<string, unknown>, area: string) => {
      if (latest.current.options.reloadOn?.(changes, area)) void reload();
    };
    const onShown = () => {
      if (document.visibilityState === 'visible') void reload();
    };
    if (reloadOn) browser.storage?.onChanged.addListener(onChanged);
    if (onVisible) document.addEventListener('visibilitychange', onShown);
    return () => {
      live.current = false;
      if (reloadOn) browser.storage?.onChanged.removeListener(onChanged);
      if (onVisible) document.removeEventListener('visibilitychange', onShown);
    };
  }, [reload]);

  return { ...held, loading: held.data === undefined && held.error === undefined, reload, set };
}
