import type { ComponentChildren } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { Field, describedBy } from './field';
import { parseNumber } from '../page-support/patch-check';
import { type Commit, useCommit } from '../page-support/use-commit';
import { t } from '../shared/i18n';

interface NumberFieldProps {
  id: string;
  label: ComponentChildren;
  min: number;
  max: number;
  step?: number;
  /** The saved value. */
  value: number;
  /** Written after the input ("MB", "days"). */
  unit?: string;
  commit: Commit<number>;
  hint?: ComponentChildren;
  delayMs?: number;
}

/**
 * A number typed or stepped: checked on every keystroke (the problem is shown next to it), saved after
 * a pause or when focus leaves. Text that is not a number is never sent.
 */
export function NumberField({ id, label, min, max, step = 1, value, unit, commit, hint, delayMs = 500 }: NumberFieldProps) {
  const [text, setText] = useState(String(value));
  const c = useCommit(commit, delayMs);
  useEffect(() => {
    if (!c.waiting() && !c.error) setText(String(value));
  }, [value]);

  const onInput = (typed: string) => {
    setText(typed);
    const n = parseNumber(typed);
    if (n === undefined) {
      c.cancel();
      c.setError(t('common_enterNumber'));
    } else {
      c.setError(undefined);
      c.later(n);
    }
  };

  return (
    <Field id={id} label={label} hint={hint} error={c.error}>
      <span class="number">
        <input
          type="number"
          id={id}
          inputMode="numeric"
          min={min}
          max={max}
          step={step}
          value={text}
          aria-invalid={c.error ? true : undefined}
          aria-describedby={describedBy(id, hint, c.error)}
          onInput={(e) => onInput(e.currentTarget.value)}
          onBlur={c.flush}
        />
        {unit && <span class="unit">{unit}</span>}
      </span>
    </Field>
  );
}
