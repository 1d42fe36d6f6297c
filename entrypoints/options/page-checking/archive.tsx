import { archiveRefused, requestArchiveAccess } from '../../../page-support/lost-archive';
import { Toggle } from '../../../components/toggle';
import { useCommit } from '../../../page-support/use-commit';
import type { SettingsProps } from '../../../page-support/use-settings';
import { t } from '../../../shared/i18n';

/** Whether lost and found (issue #7) may ask the Internet Archive for a dead page: off unless turned on here. */
export function ArchiveLookupsControl({ settings, save }: SettingsProps) {
  const c = useCommit<boolean>(async (on) => {
    // Turning it on asks for access to archive.org, inside the user's change.
    if (on && !(await requestArchiveAccess())) return archiveRefused();
    return save({ archiveLookups: on });
  }, 0);
  return (
    <Toggle
      id="archive-lookups-toggle"
      label={t('options_archive')}
      checked={settings.archiveLookups}
      onChange={c.now}
      error={c.error}
      hint={t('options_archive_hint')}
    />
  );
}
