import type { ComponentChildren } from 'preact';

/** A small line for states that are not the user's fault (the background not answering, a refused save). */
export function Notice({ kind = 'info', children }: { kind?: 'info' | 'error'; children: ComponentChildren }) {
  return (
    <p class={`notice ${kind}`} role={kind === 'error' ? 'alert' : 'status'}>
      {children}
    </p>
  );
}
