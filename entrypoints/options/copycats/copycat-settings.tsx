import { ChoiceGroup } from '../../../components/choice-group';
import { t } from '../../../shared/i18n';
import { useCommit } from '../../../page-support/use-commit';
import type { SettingsProps } from '../../../page-support/use-settings';
import { COPYCAT_DISPLAYS, type CopycatDisplay } from '../../../lib/settings';
import { COPYCAT_DISPLAY_WORDS } from '../../../words/options';
import { type NumberSettingField, NumberSettings } from '../../../components/number-settings';

/** When a site is a copycat: how many originals it copies, from how many other sites. */
const MINIMUMS: readonly NumberSettingField[] = [
  {
    setting: 'copycatMinOriginals',
    id: 'copycat-min-originals',
    label: 'options_copycatMinOriginals',
    unit: 'options_copycatMinOriginals_unit',
    hint: 'options_copycatMinOriginals_hint',
  },
  {
    setting: 'copycatMinSites',
    id: 'copycat-min-sites',
    label: 'options_copycatMinSites',
    unit: 'options_copycatMinSites_unit',
    hint: 'options_copycatMinSites_hint',
  },
];

/** What results pages do with copycat sites' results, and when a site is one (issue #19). */
export function CopycatSettings({ settings, save }: SettingsProps) {
  const c = useCommit<CopycatDisplay>((v) => save({ copycatDisplay: v }), 0);
  return (
    <>
      <ChoiceGroup
        name="copycat-display"
        legend={t('options_copycatDisplay')}
        choices={COPYCAT_DISPLAYS}
        words={COPYCAT_DISPLAY_WORDS}
        value={settings.copycatDisplay}
        error={c.error}
        onChoose={c.now}
      />
      <NumberSettings fields={MINIMUMS} settings={settings} save={save} />
    </>
  );
}
