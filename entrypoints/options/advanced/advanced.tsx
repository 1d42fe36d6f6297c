import { Field, describedBy } from '../../../components/field';
import { useCommit } from '../../../page-support/use-commit';
import type { SettingsProps } from '../../../page-support/use-settings';
import { SKETCH_SIZES, type SketchSize } from '../../../lib/settings';
import { t } from '../../../shared/i18n';
import { type NumberSettingField, NumberSettings } from '../../../components/number-settings';

const SHINGLES: readonly NumberSettingField[] = [
  { setting: 'snippetShingle', id: 'snippet-shingle', label: 'options_snippetShingle', unit: 'options_words', hint: 'options_snippetShingle_hint' },
  { setting: 'pageShingle', id: 'page-shingle', label: 'options_pageShingle', unit: 'options_words', hint: 'options_pageShingle_hint' },
];

/** Shingle sizes for snippets and pages, and the sketch size. */
export function AdvancedControls({ settings, save }: SettingsProps) {
  const SKETCH_HINT = t('options_sketch_hint');
  const sketch = useCommit<SketchSize>((sketchSize) => save({ sketchSize }), 0);
  return (
    <>
      <NumberSettings fields={SHINGLES} settings={settings} save={save} />
      <Field id="sketch-size" label={t('options_sketchSize')} hint={SKETCH_HINT} error={sketch.error}>
        <select
          id="sketch-size"
          value={String(settings.sketchSize)}
          aria-invalid={sketch.error ? true : undefined}
          aria-describedby={describedBy('sketch-size', SKETCH_HINT, sketch.error)}
          onChange={(e) => {
            const size = SKETCH_SIZES.find((s) => String(s) === e.currentTarget.value);
            if (size === undefined) sketch.setError(t('options_sketchSize_error', SKETCH_SIZES.join(', ')));
            else sketch.now(size);
          }}
        >
          {SKETCH_SIZES.map((s) => (
            <option key={s} value={String(s)}>
              {s}
            </option>
          ))}
        </select>
      </Field>
    </>
  );
}
