import { t } from '../shared/i18n';

export interface NeedsAccessProps {
  /** Why access is needed, in the page's words. */
  text: string;
  onAllowAccess?: () => void;
  allowing?: boolean;
  accessError?: string;
}

/** Without access to sites nothing can be measured: why, and one click to grant it (lost and found, copies of a page). */
export function NeedsAccess({ text, onAllowAccess, allowing, accessError }: NeedsAccessProps) {
  return (
    <div class="notice needs-access" data-testid="needs-access">
      <p>{text}</p>
      {onAllowAccess && (
        <button type="button" onClick={onAllowAccess} disabled={allowing}>
          {allowing ? t('copies_asking') : t('common_allowAccess')}
        </button>
      )}
      {accessError && (
        <p class="error" role="alert">
          {accessError}
        </p>
      )}
    </div>
  );
}
