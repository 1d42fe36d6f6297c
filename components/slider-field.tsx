import type { ComponentChildren } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { Field, describedBy } from './field';
import { type Commit, useCommit } from '../page-support/use-commit';

interface SliderFieldProps {
  id: string;
  label: ComponentChildren;
  min: number;
  max: number;
  step: number;
  /** The saved value. */
  value: number;
  format(value: number): string;
  commit: Commit<number>;
  hint?: ComponentChildren;
  /** Quiet time before a moved slider is saved. */
  delayMs?: number;
  /** The value shown, on every move and when the saved value replaces it: for previews that follow the thumb. */
  onLive?(value: number): void;
}

/**
 * A range input with its value shown; saved after `delayMs` without movement, or at once when focus
 * leaves. Not on every change event: a held arrow key fires one per step, and settings live in
 * storage.sync, which allows about two writes a second.
 */
export function SliderField({ id, label, min, max, step, value, format, commit, hint, delayMs = 150, onLive }: SliderFieldProps) {
  const [draft, setDraft] = useState(value);
  const c = useCommit(commit, delayMs);
  // The saved value wins unless the user is still moving the slider.
  useEffect(() => {
    if (c.waiting()) return;
    setDraft(value);
    onLive?.(value);
  }, [value]);

  const shown = format(draft);
  return (
    <Field
      id={id}
      label={label}
      hint={hint}
      error={c.error}
      aside={
        <output class="value" for={id}>
          {shown}
        </output>
      }
    >
      <input
        type="range"
        id={id}
        min={min}
        max={max}
        step={step}
        value={draft}
        aria-valuetext={shown}
        aria-invalid={c.error ? true : undefined}
        aria-describedby={describedBy(id, hint, c.error)}
        onInput={(e) => {
          const v = Number(e.currentTarget.value);
          setDraft(v);
          onLive?.(v);
          c.later(v);
        }}
        onBlur={c.flush}
      />
    </Field>
  );
}
