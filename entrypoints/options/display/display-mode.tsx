import { ChoiceGroup } from '../../../components/choice-group';
import { useCommit } from '../../../page-support/use-commit';
import type { SettingsProps } from '../../../page-support/use-settings';
import { DISPLAY_MODES, type DisplayMode } from '../../../lib/settings';
import { type MessageKey, t } from '../../../shared/i18n';

const MODES = {
  collapse: { label: 'options_mode_collapse', hint: 'options_mode_collapse_hint' },
  flag: { label: 'options_mode_flag', hint: 'options_mode_flag_hint' },
  off: { label: 'options_mode_off', hint: 'options_mode_off_hint' },
} as const satisfies Record<DisplayMode, { label: MessageKey; hint: MessageKey }>;

/** What Resemble does to a results page's copies: a radio group. */
export function DisplayModeControl({ settings, save }: SettingsProps) {
  const c = useCommit<DisplayMode>((mode) => save({ displayMode: mode }), 0);
  return (
    <ChoiceGroup
      name="display-mode"
      legend={t('options_mode_legend')}
      choices={DISPLAY_MODES}
      words={MODES}
      value={settings.displayMode}
      error={c.error}
      onChoose={c.now}
    />
  );
}
