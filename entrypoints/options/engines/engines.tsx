import { FieldError } from '../../../components/field';
import { ENGINE_NAMES } from '../../../page-support/format';
import { Toggle } from '../../../components/toggle';
import { useCommit } from '../../../page-support/use-commit';
import type { SettingsProps } from '../../../page-support/use-settings';
import { ENGINE_IDS, type Settings } from '../../../lib/settings';
import { SearxngHosts } from './searxng-hosts';
import { t } from '../../../shared/i18n';
import { outcomeWords, useEngineOutcomes } from '../../../page-support/engine-outcomes';

/** A checkbox per built-in engine (with how its last results page was read), then the SearXNG instances the user added. */
export function EngineControls({ settings, save }: SettingsProps) {
  const c = useCommit<Settings['engines']>((engines) => save({ engines }), 0);
  // Each engine's last results page, as it was read (issue #27): by its definition, by structure, or not.
  const { outcomes, now } = useEngineOutcomes();
  return (
    <>
      <fieldset aria-describedby={c.error ? 'engines-error' : undefined}>
        <legend>{t('options_engines_builtin')}</legend>
        <div class="engines">
          {ENGINE_IDS.map((id) => (
            <Toggle
              key={id}
              id={`engine-${id}`}
              role="checkbox"
              label={ENGINE_NAMES[id]}
              checked={settings.engines[id]}
              hint={outcomeWords(outcomes[id], now)}
              onChange={(on) => c.now({ ...settings.engines, [id]: on })}
            />
          ))}
        </div>
        <FieldError id="engines" error={c.error} />
      </fieldset>
      <SearxngHosts settings={settings} save={save} />
    </>
  );
}
