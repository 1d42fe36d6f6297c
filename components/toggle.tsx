import type { ComponentChildren } from 'preact';
import { FieldNotes, describedBy } from './field';

interface ToggleProps {
  id: string;
  label: ComponentChildren;
  checked: boolean;
  onChange(checked: boolean): void;
  hint?: ComponentChildren;
  error?: string;
  /** A switch (on/off setting) or a plain checkbox (one of a list). */
  role?: 'switch' | 'checkbox';
}

/** A checkbox with its label; as a switch it is drawn as one, but stays a native, keyboard-operable checkbox. */
export function Toggle({ id, label, checked, onChange, hint, error, role = 'switch' }: ToggleProps) {
  return (
    <div class={role === 'switch' ? 'toggle switch' : 'toggle'}>
      <div class="toggle-row">
        <input
          type="checkbox"
          id={id}
          role={role === 'switch' ? 'switch' : undefined}
          checked={checked}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, hint, error)}
          onChange={(e) => onChange(e.currentTarget.checked)}
        />
        <label for={id}>{label}</label>
      </div>
      <FieldNotes id={id} hint={hint} error={error} />
    </div>
  );
}
