import { t } from '../../shared/i18n';
import { useDisplayShortcut } from '../../page-support/shortcut';

const KEY = '\uE000';

/** The shortcut as this browser has it: the user may have changed it, or another extension taken it. */
export function ShortcutLine() {
  const key = useDisplayShortcut();
  if (key === undefined) return null;
  // The key is an element inside the sentence: the message holds a placeholder in its place (docs/i18n.md).
  const [before, after] = t('welcome_shortcut', KEY).split(KEY);
  return (
    <p data-testid="welcome-shortcut">
      {key ? (
        <>
          {before}
          <kbd>{key}</kbd>
          {after}
        </>
      ) : (
        t('welcome_shortcut_none')
      )}
    </p>
  );
}
