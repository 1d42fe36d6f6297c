import { FieldError } from '../../components/field';
import { useCommit } from '../../page-support/use-commit';
import type { SettingsProps } from '../../page-support/use-settings';
import { DISPLAY_MODES, type DisplayMode } from '../../lib/settings';
import { type MessageKey, t } from '../../page-support/i18n';

const MODES = {
  collapse: { label: 'options_mode_collapse', hint: 'options_mode_collapse_hint' },
  flag: { label: 'options_mode_flag', hint: 'options_mode_flag_hint' },
  off: { label: 'options_mode_off', hint: 'options_mode_off_hint' },
} as const satisfies Record<DisplayMode, { label: MessageKey; hint: MessageKey }>;

/** What Resemble does to a results page's copies: a radio group. */
export function DisplayModeControl({ settings, save }: SettingsProps) {
  const c = useCommit<DisplayMode>((mode) => save({ displayMode: mode }), 0);
  return (
    <fieldset aria-describedby={c.error ? 'display-mode-error' : undefined}>
      <legend>{t('options_mode_legend')}</legend>
      {DISPLAY_MODES.map((mode) => {
        const id = `display-mode-${mode}`;
        return (
          <div class="choice" key={mode}>
            <input
              type="radio"
              name="display-mode"
              id={id}
              value={mode}
              checked={settings.displayMode === mode}
              aria-describedby={`${id}-hint`}
              onChange={() => c.now(mode)}
            />
            <div>
              <label for={id}>{t(MODES[mode].label)}</label>
              <span class="hint" id={`${id}-hint`}>
                {t(MODES[mode].hint)}
              </span>
            </div>
          </div>
        );
      })}
      <FieldError id="display-mode" error={c.error} />
    </fieldset>
  );
}
