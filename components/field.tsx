import type { ComponentChildren } from 'preact';

/** The ids a control names in aria-describedby: its hint and its error, when shown. */
export function describedBy(id: string, hint: unknown, error: unknown): string | undefined {
  const ids = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean);
  return ids.length ? ids.join(' ') : undefined;
}

/** A field's problem, next to it; announced politely when it appears. */
export function FieldError({ id, error }: { id: string; error?: string }) {
  return (
    <p class="field-error" id={`${id}-error`} role="status" hidden={!error}>
      {error}
    </p>
  );
}

/** What follows a control: its hint (the id describedBy names) and its error. */
export function FieldNotes({ id, hint, error }: { id: string; hint?: ComponentChildren; error?: string | undefined }) {
  return (
    <>
      {hint && (
        <p class="hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      <FieldError id={id} error={error} />
    </>
  );
}

interface FieldProps {
  /** The control's id: the label points at it. */
  id: string;
  label: ComponentChildren;
  hint?: ComponentChildren;
  error?: string;
  /** Shown at the end of the label line (a slider's value). */
  aside?: ComponentChildren;
  children: ComponentChildren;
}

/** A labelled control with an optional hint and its error; the control sets aria-describedby with describedBy(). */
export function Field({ id, label, hint, error, aside, children }: FieldProps) {
  return (
    <div class={error ? 'field invalid' : 'field'}>
      <div class="field-label">
        <label for={id}>{label}</label>
        {aside}
      </div>
      {children}
      <FieldNotes id={id} hint={hint} error={error} />
    </div>
  );
}
