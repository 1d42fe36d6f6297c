import { Toggle } from './toggle';
import { requestPageAccess, usePageAccess } from '../page-support/page-access';
import { useCommit } from '../page-support/use-commit';
import type { SettingsProps } from '../page-support/use-settings';
import { t } from '../shared/i18n';

/** Whether Resemble fetches result pages to confirm groups. Choosing here also answers the one-time question. */
export function PageCheckingControl({ settings, save }: SettingsProps) {
  const c = useCommit<boolean>(async (on) => {
    // Turning it on asks for access to the sites results list, inside the user's change.
    if (on && !(await requestPageAccess())) return t('popup_accessRefused');
    return save({ pageChecking: on, pageCheckingAsked: true });
  }, 0);
  const access = usePageAccess();
  // On in the settings (synced from another device, say) but not allowed in this browser: shown off,
  // and turning it on asks for the access.
  const lacking = settings.pageChecking && access === false;
  return (
    <Toggle
      id="page-checking-toggle"
      label={t('popup_offer_yes')}
      checked={settings.pageChecking && !lacking}
      onChange={c.now}
      error={c.error ?? (lacking ? t('options_pageChecking_lacking') : undefined)}
      hint={t('options_pageChecking_hint')}
    />
  );
}
