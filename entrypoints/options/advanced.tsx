import { Field, describedBy } from '../../components/field';
import { NumberField } from '../../components/number-field';
import { useCommit } from '../../page-support/use-commit';
import type { SettingsProps } from '../../page-support/use-settings';
import type { Settings } from '../../lib/settings';

const SKETCH_SIZES: readonly Settings['sketchSize'][] = [64, 128, 256];
const SKETCH_HINT = 'Fingerprints kept per page: more gives closer estimates and takes more space in the cache.';

/** Shingle sizes for snippets and pages, and the sketch size. */
export function AdvancedControls({ settings, save }: SettingsProps) {
  const sketch = useCommit<Settings['sketchSize']>((sketchSize) => save({ sketchSize }), 0);
  return (
    <>
      <div class="row">
        <NumberField
          id="snippet-shingle"
          label="Snippet shingle size"
          min={1}
          max={4}
          unit="words"
          value={settings.snippetShingle}
          commit={(snippetShingle) => save({ snippetShingle })}
          hint="1 to 4 words, for titles and snippets."
        />
        <NumberField
          id="page-shingle"
          label="Page shingle size"
          min={3}
          max={10}
          unit="words"
          value={settings.pageShingle}
          commit={(pageShingle) => save({ pageShingle })}
          hint="3 to 10 words, for fetched pages."
        />
      </div>
      <Field id="sketch-size" label="Sketch size" hint={SKETCH_HINT} error={sketch.error}>
        <select
          id="sketch-size"
          value={String(settings.sketchSize)}
          aria-invalid={sketch.error ? true : undefined}
          aria-describedby={describedBy('sketch-size', SKETCH_HINT, sketch.error)}
          onChange={(e) => {
            const size = SKETCH_SIZES.find((s) => String(s) === e.currentTarget.value);
            if (size === undefined) sketch.setError(`must be one of ${SKETCH_SIZES.join(', ')}`);
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
