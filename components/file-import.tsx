import type { ComponentChildren } from 'preact';
import { useState } from 'preact/hooks';
import { errorText } from '../page-support/messaging';
import { t } from '../shared/i18n';

/** What reading a file in came to: a sentence when it worked, why when it did not, and what was skipped. */
export type ImportOutcome = { ok: true; words: string; skipped?: ComponentChildren } | { ok: false; why: string; skipped?: ComponentChildren };

/** The outcome as shown: its sentence (a failure's said by `failure`). */
type Shown = { ok: boolean; words: string; skipped?: ComponentChildren };

interface FileImportProps {
  /** The file input's id; its outcome is `${id}-outcome`, which describes it too. */
  id: string;
  label: string;
  accept: string;
  /** A larger file is refused unread. */
  maxBytes: number;
  /** A hint that describes the input, before its outcome. */
  hintId?: string;
  /** Controls set before the label, in the same row (an export button). */
  children?: ComponentChildren;
  /** Why a file over maxBytes is not read. */
  tooLarge: (file: File) => string;
  /** The sentence that says a file was not imported, and why. */
  failure: (file: File, why: string) => string;
  /** Takes the file's text in; a throw is a failure with the error's words. */
  read: (file: File, text: string) => Promise<ImportOutcome>;
}

/**
 * "Import a file": a file input with its label, then the outcome announced politely (reading, done,
 * or why not, with what was skipped). The input is emptied at each pick, so the same file can be picked
 * again after it changed.
 */
export function FileImport({ id, label, accept, maxBytes, hintId, children, tooLarge, failure, read }: FileImportProps) {
  const [shown, setShown] = useState<Shown | 'busy'>();
  const pick = async (input: HTMLInputElement) => {
    const file = input.files?.[0];
    input.value = '';
    if (!file) return;
    const failed = (why: string, skipped?: ComponentChildren): Shown => ({ ok: false, words: failure(file, why), skipped });
    if (file.size > maxBytes) return setShown(failed(tooLarge(file)));
    setShown('busy');
    try {
      const r = await read(file, await file.text());
      setShown(r.ok ? r : failed(r.why, r.skipped));
    } catch (e) {
      setShown(failed(errorText(e)));
    }
  };
  return (
    <>
      <div class="actions">
        {children}
        <label for={id}>{label}</label>
        <input
          id={id}
          type="file"
          accept={accept}
          aria-describedby={[hintId, `${id}-outcome`].filter(Boolean).join(' ')}
          onChange={(e) => void pick(e.target as HTMLInputElement)}
        />
      </div>
      <div id={`${id}-outcome`} role="status">
        {shown === 'busy' && <p class="muted">{t('options_reading')}</p>}
        {shown !== 'busy' && shown?.ok && <p class="ok">{shown.words}</p>}
        {shown !== 'busy' && shown?.ok === false && (
          <p class="field-error" role="alert">
            {shown.words}
          </p>
        )}
        {shown !== 'busy' && shown?.skipped}
      </div>
    </>
  );
}
