import { useState } from 'preact/hooks';
import { SliderField } from '../../components/slider-field';
import type { SettingsProps } from '../../page-support/use-settings';
import { ThresholdPreview } from './preview';
import { pct, t } from '../../page-support/i18n';

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
        label={t('options_resemblance')}
        min={0.3}
        max={0.95}
        step={0.01}
        value={settings.resemblanceThreshold}
        format={pct}
        commit={(v) => save({ resemblanceThreshold: hundredths(v) })}
        onLive={setLive}
        hint={t('options_resemblance_hint')}
      />
      <ThresholdPreview threshold={live} shingle={settings.snippetShingle} size={settings.sketchSize} />
      <SliderField
        id="containment-threshold"
        label={t('options_containment')}
        min={0.5}
        max={1}
        step={0.01}
        value={settings.containmentThreshold}
        format={pct}
        commit={(v) => save({ containmentThreshold: hundredths(v) })}
        hint={t('options_containment_hint')}
      />
    </>
  );
}
