import { useCallback, useEffect, useRef, useState } from 'preact/hooks';

/** Saves a value; resolves to undefined when saved, else the problem in words. */
export type Commit<T> = (value: T) => Promise<string | undefined>;

export interface Committer<T> {
  /** The problem with the latest value committed, if any. */
  error: string | undefined;
  setError(error: string | undefined): void;
  /** Commit now (checkboxes, radios, selects). */
  now(value: T): void;
  /** Commit after `delayMs` of quiet (sliders, typed numbers); a newer value replaces a waiting one. */
  later(value: T): void;
  /** Commit a waiting value at once (on blur); nothing if none waits. */
  flush(): void;
  /** Drop a waiting value (the field's text stopped being a value). */
  cancel(): void;
  /** Whether a value waits to be committed (a field then keeps its draft rather than the saved value). */
  waiting(): boolean;
}

/** One field's saving: debounced or immediate, with only the latest answer's error shown. */
export function useCommit<T>(commit: Commit<T>, delayMs = 150): Committer<T> {
  const [error, setError] = useState<string>();
  const commitRef = useRef(commit);
  commitRef.current = commit;
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const pending = useRef<{ value: T } | undefined>(undefined);
  const seq = useRef(0);

  const run = useCallback((value: T) => {
    const n = ++seq.current;
    void commitRef.current(value).then((problem) => {
      if (n === seq.current) setError(problem);
    });
  }, []);

  const flush = useCallback(() => {
    clearTimeout(timer.current);
    const p = pending.current;
    pending.current = undefined;
    if (p) run(p.value);
  }, [run]);

  const cancel = useCallback(() => {
    clearTimeout(timer.current);
    pending.current = undefined;
  }, []);

  const now = useCallback(
    (value: T) => {
      clearTimeout(timer.current);
      pending.current = undefined;
      run(value);
    },
    [run],
  );

  const later = useCallback(
    (value: T) => {
      pending.current = { value };
      clearTimeout(timer.current);
      timer.current = setTimeout(flush, delayMs);
    },
    [flush, delayMs],
  );

  // A value still waiting when the field goes away or the page is closed is saved, not lost.
  useEffect(() => {
    addEventListener('pagehide', flush);
    return () => {
      removeEventListener('pagehide', flush);
      flush();
    };
  }, [flush]);

  return { error, setError, now, later, flush, cancel, waiting: () => pending.current !== undefined };
}
