import { FieldError } from '../../components/field';
import { useCommit } from '../../page-support/use-commit';
import type { SettingsProps } from '../../page-support/use-settings';
import { DISPLAY_MODES, type DisplayMode } from '../../lib/settings';

const MODES: Record<DisplayMode, { label: string; hint: string }> = {
  collapse: { label: 'Collapse copies', hint: 'Copies fold under the best-ranked result; one click shows them again.' },
  flag: { label: 'Flag only', hint: 'Copies stay where they are, marked as copies of a result above.' },
  off: { label: 'Off', hint: 'Results pages are left as they are.' },
};

/** What Resemble does to a results page's copies: a radio group. */
export function DisplayModeControl({ settings, save }: SettingsProps) {
  const c = useCommit<DisplayMode>((mode) => save({ displayMode: mode }), 0);
  return (
    <fieldset aria-describedby={c.error ? 'display-mode-error' : undefined}>
      <legend>When a results page has copies</legend>
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
              <label for={id}>{MODES[mode].label}</label>
              <span class="hint" id={`${id}-hint`}>
                {MODES[mode].hint}
              </span>
            </div>
          </div>
        );
      })}
      <FieldError id="display-mode" error={c.error} />
    </fieldset>
  );
}
