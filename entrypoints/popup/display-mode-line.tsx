import { t } from '../../shared/i18n';
import { toggledDisplayMode } from '../../lib/first-run';
import { useCommit } from '../../page-support/use-commit';
import { useDisplayShortcut } from '../../page-support/shortcut';
import { useSettings } from '../../page-support/use-settings';

/**
 * How copies show on results pages (the displayMode setting, which the shortcut toggles) and a button
 * doing what the shortcut does: the popup follows a change made with the key or in the options.
 */
export function DisplayModeLine() {
  const { settings, status, save } = useSettings();
  const key = useDisplayShortcut();
  const next = toggledDisplayMode(settings.displayMode);
  const c = useCommit<void>(() => (next ? save({ displayMode: next }) : Promise.resolve(undefined)), 0);
  if (status !== 'ready' || !next) return null;
  return (
    <p class="display-mode-line" data-testid="display-mode-line">
      <span role="status">{settings.displayMode === 'collapse' ? t('popup_mode_collapsed') : t('popup_mode_flagged')}</span>{' '}
      <button type="button" class="link" onClick={() => c.now()} aria-keyshortcuts={key || undefined}>
        {next === 'flag' ? t('popup_mode_toFlag') : t('popup_mode_toCollapse')}
        {key ? ` (${key})` : ''}
      </button>
      {c.error && <span class="quiet-error"> {c.error}</span>}
    </p>
  );
}
