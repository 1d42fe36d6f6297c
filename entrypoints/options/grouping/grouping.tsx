import { useState } from 'preact/hooks';
import { SliderField } from '../../../components/slider-field';
import type { SettingsProps } from '../../../page-support/use-settings';
import { ThresholdPreview } from './preview';
import { pct, t } from '../../../shared/i18n';
import { SETTING_BOUNDS } from '../../../lib/settings';

/** A range input's value as the setting holds it: a whole number of steps (0.57, not 0.5700000001). */
const onStep = (v: number, step: number) => {
  const perUnit = Math.round(1 / step);
  return Math.round(v * perUnit) / perUnit;
};

/** The two thresholds grouping uses, with the live preview of the resemblance threshold right under its slider. */
export function GroupingControls({ settings, save }: SettingsProps) {
  // The preview follows the thumb, ahead of the saved value; SliderField passes on the saved value when it replaces the thumb's.
  const [live, setLive] = useState(settings.resemblanceThreshold);
  return (
    <>
      <SliderField
        id="resemblance-threshold"
        label={t('options_resemblance')}
        {...SETTING_BOUNDS.resemblanceThreshold}
        value={settings.resemblanceThreshold}
        format={pct}
        commit={(v) => save({ resemblanceThreshold: onStep(v, SETTING_BOUNDS.resemblanceThreshold.step) })}
        onLive={setLive}
        hint={t('options_resemblance_hint')}
      />
      <ThresholdPreview threshold={live} shingle={settings.snippetShingle} size={settings.sketchSize} />
      <SliderField
        id="containment-threshold"
        label={t('options_containment')}
        {...SETTING_BOUNDS.containmentThreshold}
        value={settings.containmentThreshold}
        format={pct}
        commit={(v) => save({ containmentThreshold: onStep(v, SETTING_BOUNDS.containmentThreshold.step) })}
        hint={t('options_containment_hint')}
      />
    </>
  );
}
