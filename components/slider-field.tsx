import type { ComponentChildren } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { Field, describedBy } from './field';
import { type Commit, useCommit } from './use-commit';

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
}

/** A range input with its value shown; saved after `delayMs` without movement, or at once when focus leaves. */
export function SliderField({ id, label, min, max, step, value, format, commit, hint, delayMs = 150 }: SliderFieldProps) {
  const [draft, setDraft] = useState(value);
  const c = useCommit(commit, delayMs);
  // The saved value wins unless the user is still moving the slider.
  useEffect(() => {
    if (!c.waiting()) setDraft(value);
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
          c.later(v);
        }}
        onBlur={c.flush}
      />
    </Field>
  );
}
