import { useDisplayShortcut } from '../../page-support/shortcut';

/** The shortcut as this browser has it: the user may have changed it, or another extension taken it. */
export function ShortcutLine() {
  const key = useDisplayShortcut();
  if (key === undefined) return null;
  return (
    <p data-testid="welcome-shortcut">
      {key ? (
        <>
          On a results page, <kbd>{key}</kbd> switches between collapsing copies and only flagging them.
        </>
      ) : (
        'A keyboard shortcut can switch results pages between collapsing copies and only flagging them: set one in your browser’s extension shortcut settings.'
      )}
    </p>
  );
}
