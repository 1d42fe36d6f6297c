import { Toggle } from './toggle';
import { requestPageAccess, usePageAccess } from '../page-support/page-access';
import { useCommit } from '../page-support/use-commit';
import type { SettingsProps } from '../page-support/use-settings';

/** Whether Resemble fetches result pages to confirm groups. Choosing here also answers the one-time question. */
export function PageCheckingControl({ settings, save }: SettingsProps) {
  const c = useCommit<boolean>(async (on) => {
    // Turning it on asks for access to the sites results list, inside the user's change.
    if (on && !(await requestPageAccess())) return 'Access to sites was not granted: pages are not checked.';
    return save({ pageChecking: on, pageCheckingAsked: true });
  }, 0);
  const access = usePageAccess();
  // On in the settings (synced from another device, say) but not allowed in this browser: shown off,
  // and turning it on asks for the access.
  const lacking = settings.pageChecking && access === false;
  return (
    <Toggle
      id="page-checking-toggle"
      label="Check result pages"
      checked={settings.pageChecking && !lacking}
      onChange={c.now}
      error={c.error ?? (lacking ? 'Page checking is on in your settings, but this browser has not allowed Resemble to read sites: turn it on here to allow it.' : undefined)}
      hint="To confirm that results are copies, Resemble fetches the result pages itself, without your cookies, so sites see an anonymous visit and not your account."
    />
  );
}
