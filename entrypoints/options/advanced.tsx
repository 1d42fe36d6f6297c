import { Field, describedBy } from '../../components/field';
import { NumberField } from '../../components/number-field';
import { useCommit } from '../../page-support/use-commit';
import type { SettingsProps } from '../../page-support/use-settings';
import type { Settings } from '../../lib/settings';
import { t } from '../../page-support/i18n';

const SKETCH_SIZES: readonly Settings['sketchSize'][] = [64, 128, 256];

/** Shingle sizes for snippets and pages, and the sketch size. */
export function AdvancedControls({ settings, save }: SettingsProps) {
  const SKETCH_HINT = t('options_sketch_hint');
  const sketch = useCommit<Settings['sketchSize']>((sketchSize) => save({ sketchSize }), 0);
  return (
    <>
      <div class="row">
        <NumberField
          id="snippet-shingle"
          label={t('options_snippetShingle')}
          min={1}
          max={4}
          unit={t('options_words')}
          value={settings.snippetShingle}
          commit={(snippetShingle) => save({ snippetShingle })}
          hint={t('options_snippetShingle_hint')}
        />
        <NumberField
          id="page-shingle"
          label={t('options_pageShingle')}
          min={3}
          max={10}
          unit={t('options_words')}
          value={settings.pageShingle}
          commit={(pageShingle) => save({ pageShingle })}
          hint={t('options_pageShingle_hint')}
        />
      </div>
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
