import { FieldError } from '../../components/field';
import { NumberField } from '../../components/number-field';
import { useCommit } from '../../page-support/use-commit';
import type { SettingsProps } from '../../page-support/use-settings';
import { COPYCAT_DISPLAYS, type CopycatDisplay } from '../../lib/settings';

const CHOICES: Record<CopycatDisplay, { label: string; hint: string }> = {
  label: { label: 'Label them', hint: '“copycat site: 5 pages copied from …”, the evidence on hover or focus.' },
  hide: { label: 'Hide them', hint: 'Behind a “copycat result” control that shows them again, as copies are.' },
  off: { label: 'Nothing', hint: 'Results from copycat sites are left as they are.' },
};

/** What results pages do with copycat sites' results, and when a site is one (issue #19). */
export function CopycatSettings({ settings, save }: SettingsProps) {
  const c = useCommit<CopycatDisplay>((v) => save({ copycatDisplay: v }), 0);
  return (
    <>
      <fieldset aria-describedby={c.error ? 'copycat-display-error' : undefined}>
        <legend>Results from copycat sites</legend>
        {COPYCAT_DISPLAYS.map((v) => {
          const id = `copycat-display-${v}`;
          return (
            <div class="choice" key={v}>
              <input type="radio" name="copycat-display" id={id} value={v} checked={settings.copycatDisplay === v} aria-describedby={`${id}-hint`} onChange={() => c.now(v)} />
              <div>
                <label for={id}>{CHOICES[v].label}</label>
                <span class="hint" id={`${id}-hint`}>
                  {CHOICES[v].hint}
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
          label="A copycat copies at least"
          min={1}
          max={100}
          unit="originals"
          value={settings.copycatMinOriginals}
          commit={(copycatMinOriginals) => save({ copycatMinOriginals })}
          hint="Different pages of other sites."
        />
        <NumberField
          id="copycat-min-sites"
          label="from at least"
          min={1}
          max={20}
          unit="sites"
          value={settings.copycatMinSites}
          commit={(copycatMinSites) => save({ copycatMinSites })}
          hint="…and no other site copies its pages."
        />
      </div>
    </>
  );
}
