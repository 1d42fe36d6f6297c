import { NumberField } from './number-field';
import { type MessageKey, t } from '../shared/i18n';
import type { SettingsProps } from '../page-support/use-settings';
import { type BoundedSetting, SETTING_BOUNDS, type SettingsPatch } from '../lib/settings';

/** A number setting's field: which setting, its input's id, and its words by message key. */
export interface NumberSettingField {
  setting: BoundedSetting;
  id: string;
  label: MessageKey;
  unit: MessageKey;
  hint: MessageKey;
}

/** A row of number settings, each field bounded by the schema (lib/settings.ts SETTING_BOUNDS) and saved as typed. */
export function NumberSettings({ fields, settings, save }: SettingsProps & { fields: readonly NumberSettingField[] }) {
  return (
    <div class="row">
      {fields.map((f) => (
        <NumberField
          key={f.id}
          id={f.id}
          label={t(f.label)}
          {...SETTING_BOUNDS[f.setting]}
          unit={t(f.unit)}
          value={settings[f.setting]}
          commit={(v) => save({ [f.setting]: v } as SettingsPatch)}
          hint={t(f.hint)}
        />
      ))}
    </div>
  );
}
