import { FieldError } from '../../components/field';
import { NumberField } from '../../components/number-field';
import { type MessageKey, t } from '../../page-support/i18n';
import { useCommit } from '../../page-support/use-commit';
import type { SettingsProps } from '../../page-support/use-settings';
import { COPYCAT_DISPLAYS, type CopycatDisplay } from '../../lib/settings';

const CHOICES: Record<CopycatDisplay, { label: MessageKey; hint: MessageKey }> = {
  label: { label: 'options_copycatDisplay_label', hint: 'options_copycatDisplay_label_hint' },
  hide: { label: 'options_copycatDisplay_hide', hint: 'options_copycatDisplay_hide_hint' },
  off: { label: 'options_copycatDisplay_off', hint: 'options_copycatDisplay_off_hint' },
};

/** What results pages do with copycat sites' results, and when a site is one (issue #19). */
export function CopycatSettings({ settings, save }: SettingsProps) {
  const c = useCommit<CopycatDisplay>((v) => save({ copycatDisplay: v }), 0);
  return (
    <>
      <fieldset aria-describedby={c.error ? 'copycat-display-error' : undefined}>
        <legend>{t('options_copycatDisplay')}</legend>
        {COPYCAT_DISPLAYS.map((v) => {
          const id = `copycat-display-${v}`;
          return (
            <div class="choice" key={v}>
              <input
                type="radio"
                name="copycat-display"
                id={id}
                value={v}
                checked={settings.copycatDisplay === v}
                aria-describedby={`${id}-hint`}
                onChange={() => c.now(v)}
              />
              <div>
                <label for={id}>{t(CHOICES[v].label)}</label>
                <span class="hint" id={`${id}-hint`}>
                  {t(CHOICES[v].hint)}
                </span>
              </div>
            </div>
          );
        })}
        <FieldError id="copycat-display" error={c.error} />
      </fieldset>
      <div class="row">
        <NumberField
          id="copycat-min-originals"
          label={t('options_copycatMinOriginals')}
          min={1}
          max={100}
          unit={t('options_copycatMinOriginals_unit')}
          value={settings.copycatMinOriginals}
          commit={(copycatMinOriginals) => save({ copycatMinOriginals })}
          hint={t('options_copycatMinOriginals_hint')}
        />
        <NumberField
          id="copycat-min-sites"
          label={t('options_copycatMinSites')}
          min={1}
          max={20}
          unit={t('options_copycatMinSites_unit')}
          value={settings.copycatMinSites}
          commit={(copycatMinSites) => save({ copycatMinSites })}
          hint={t('options_copycatMinSites_hint')}
        />
      </div>
    </>
  );
}
