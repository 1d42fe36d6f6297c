import { useState } from 'preact/hooks';
import { percent } from '../../lib/group/describe';
import { SliderField } from '../../components/slider-field';
import type { SettingsProps } from '../../page-support/use-settings';
import { ThresholdPreview } from './preview';

/** A range input's value as the setting holds it: two decimals, whatever the float arithmetic. */
const hundredths = (v: number) => Math.round(v * 100) / 100;

/** The two thresholds grouping uses, with the live preview of the resemblance threshold right under its slider. */
export function GroupingControls({ settings, save }: SettingsProps) {
  // The preview follows the thumb, ahead of the saved value; SliderField passes on the saved value when it replaces the thumb's.
  const [live, setLive] = useState(settings.resemblanceThreshold);
  return (
    <>
      <SliderField
        id="resemblance-threshold"
        label="Resemblance threshold"
        min={0.3}
        max={0.95}
        step={0.01}
        value={settings.resemblanceThreshold}
        format={percent}
        commit={(v) => save({ resemblanceThreshold: hundredths(v) })}
        onLive={setLive}
        hint="Results whose texts overlap at least this much count as copies. Lower finds more copies; higher, only near-identical ones."
      />
      <ThresholdPreview threshold={live} shingle={settings.snippetShingle} size={settings.sketchSize} />
      <SliderField
        id="containment-threshold"
        label="Containment threshold"
        min={0.5}
        max={1}
        step={0.01}
        value={settings.containmentThreshold}
        format={percent}
        commit={(v) => save({ containmentThreshold: hundredths(v) })}
        hint="A page whose text lies at least this much inside another page's is shown as an excerpt of it."
      />
    </>
  );
}
