import { Toggle } from '../../components/toggle';
import { requestPageAccess } from '../../components/page-access';
import { useCommit } from '../../components/use-commit';
import type { SettingsProps } from '../../components/use-settings';

/** Whether Resemble fetches result pages to confirm groups. Choosing here also answers the one-time question. */
export function PageCheckingControl({ settings, save }: SettingsProps) {
  const c = useCommit<boolean>(async (on) => {
    // Turning it on asks for access to the sites results list, inside the user's change.
    if (on && !(await requestPageAccess())) return 'Access to sites was not granted: pages are not checked.';
    return save({ pageChecking: on, pageCheckingAsked: true });
  }, 0);
  return (
    <Toggle
      id="page-checking-toggle"
      label="Check result pages"
      checked={settings.pageChecking}
      onChange={c.now}
      error={c.error}
      hint="To confirm that results are copies, Resemble fetches the result pages itself, without your cookies, so sites see an anonymous visit and not your account."
    />
  );
}
