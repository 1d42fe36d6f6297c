import { type NumberSettingField, NumberSettings } from '../../../components/number-settings';
import type { SettingsProps } from '../../../page-support/use-settings';

const RECHECK: readonly NumberSettingField[] = [
  { setting: 'recheckHours', id: 'recheck-hours', label: 'options_recheck', unit: 'options_recheck_hours', hint: 'options_recheck_hint' },
];

/** How long a checked page stands for itself before a new visit reads it again to see whether it changed (issue #40). */
export function RecheckControl({ settings, save }: SettingsProps) {
  return <NumberSettings fields={RECHECK} settings={settings} save={save} />;
}
